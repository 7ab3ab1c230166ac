"""The package as users get it: ``python -m build`` makes an sdist and a wheel; the wheel goes into fresh venvs.

Two venvs, away from the repository (nothing of it on ``sys.path``): one with ``klaverjas[all]``, which runs
``--version``, ``serve``, ``bot``, ``solve`` and ``arena``, and one with the wheel alone, which has the rules
engine and refuses the commands whose extra is missing.  pip may fetch the extras from the index or its
cache.  The solver compiles its kernel afresh in the new venv (numba's cache is per install), so ``solve``
runs in the background while the other commands are checked.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest
from tests.solver.minimax import minimax_cards

from klaverjas.core import card_name
from klaverjas.solver import Position
from klaverjas.web.pages import render

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "src" / "klaverjas"

# Two tricks left, from a deal the basic bots played (won points and roem agree with the cards gone).
POSITION = {"rules": "amsterdam", "trump": "S", "makers": "EW", "leader": "S", "trick": "",
            "hands": {"N": "8H QH", "E": "KC KH", "S": "TH AH", "W": "TD JH"},
            "won": {"NS": {"points": 20, "roem": 40, "tricks": 2}, "EW": {"points": 88, "roem": 90, "tricks": 4}}}


def _run(args: list[str], cwd: Path, timeout: float = 240,
         input: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=_clean_env(),
                          input=input)


def _clean_env() -> dict[str, str]:
    """The environment without the repository: no PYTHONPATH, no venv of ours on PATH."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if not p.startswith(str(REPO)))
    return env


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel built from a copy of the sources (the repository's tree stays untouched)."""
    root = tmp_path_factory.mktemp("dist")
    source = root / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, source / name)
    shutil.copytree(REPO / "src", source / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc", "*.nbi", "*.nbc"))
    out = root / "out"
    # The default build: the sdist, then the wheel built from the unpacked sdist, so both must be complete.
    done = _run([sys.executable, "-m", "build", "--outdir", str(out), str(source)], root, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    wheels, sdists = list(out.glob("klaverjas-*.whl")), list(out.glob("klaverjas-*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, sorted(p.name for p in out.iterdir())
    return {"wheel": wheels[0], "sdist": sdists[0], "root": root}


def _venv(where: Path, requirement: str) -> Path:
    # The venv module of our interpreter makes a venv on its base Python: nothing of .venv carries over.
    made = _run([sys.executable, "-m", "venv", str(where)], where.parent)
    assert made.returncode == 0, made.stderr
    done = _run([str(where / "bin" / "python"), "-m", "pip", "install", "-q", requirement], where.parent, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return where / "bin"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers.get("content-type", ""), response.read()


def test_wheel_holds_every_data_file(dist: dict[str, Path]) -> None:
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        names = set(wheel.namelist())
    wanted = [PACKAGE / "py.typed", PACKAGE / "bots" / "bidding_model.json"]
    for folder in (PACKAGE / "web" / "static", PACKAGE / "web" / "learn" / "lessons"):
        wanted += [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    missing = [str(p.relative_to(PACKAGE.parent)) for p in wanted if str(p.relative_to(PACKAGE.parent)) not in names]
    assert not missing, f"left out of the wheel: {missing}"
    assert any(n.endswith("web/static/play.html") for n in names)
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        metadata = wheel.read("klaverjas-0.1.0.dist-info/METADATA").decode()
    requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    # The core depends on nothing: every requirement belongs to an extra.
    assert requires and all("extra ==" in line for line in requires), requires


def test_full_install_runs_the_commands(dist: dict[str, Path], tmp_path: Path) -> None:
    bin_dir = _venv(tmp_path / "full", f"{dist['wheel']}[all]")
    work = tmp_path / "work"  # run outside the repository, so nothing of it can be imported
    work.mkdir()
    klaverjas = str(bin_dir / "klaverjas")
    (work / "position.json").write_text(json.dumps(POSITION))
    solving = subprocess.Popen([klaverjas, "solve", "position.json"], cwd=work, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=_clean_env())
    try:
        where = _run([str(bin_dir / "python"), "-c", "import klaverjas; print(klaverjas.__file__)"], work)
        assert str(tmp_path / "full") in where.stdout, where.stdout + where.stderr

        version = _run([klaverjas, "--version"], work)
        assert version.returncode == 0 and version.stdout.strip() == "klaverjas 0.1.0", version

        _check_serve(klaverjas, work)

        hello = _run([klaverjas, "bot", "--level", "basic"], work, input='{"cmd": "hello", "protocol": 1}\n'
                                                                         '{"cmd": "quit"}\n')
        assert hello.returncode == 0, hello.stderr
        assert json.loads(hello.stdout) == {"reply": "hello", "protocol": 1, "name": "klaverjas basic",
                                            "levels": ["basic"], "seeds": True}

        arena = _run([klaverjas, "arena", "--bots", "random,basic", "--deals", "2", "--jobs", "1", "--json",
                      "--no-progress"], work)
        assert arena.returncode == 0, arena.stderr
        report = json.loads(arena.stdout)
        assert report["deals"] == 2, report

        out, err = solving.communicate(timeout=400)
    finally:
        solving.kill()
    assert solving.returncode == 0, err
    expected = minimax_cards(Position.from_json(POSITION))
    answer = json.loads(out)
    assert answer["cards"] == {card_name(c): v for c, v in expected.items()}
    assert answer["value"] == max(expected.values())  # NS to move (South leads): NS takes the best card


def _check_serve(klaverjas: str, work: Path) -> None:
    port = _free_port()
    server = subprocess.Popen([klaverjas, "serve", "--port", str(port), "--db", str(work / "serve.db")], cwd=work,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_clean_env())
    try:
        assert server.stdout is not None
        first = json.loads(server.stdout.readline())
        assert first["serving"] == f"http://127.0.0.1:{port}/"
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                status, kind, body = _get(base + "/")
                break
            except OSError:
                assert server.poll() is None, server.stderr.read() if server.stderr else ""
                assert time.monotonic() < deadline, "the server did not answer within 60 s"
                time.sleep(0.3)
        assert status == 200 and kind.startswith("text/html") and b"<html" in body.lower()
        status, kind, body = _get(base + "/play")
        assert status == 200 and kind.startswith("text/html")
        assert body == render("play.html").encode()  # the installed page, its shared head filled in
        status, kind, body = _get(base + "/static/i18n/nl.json")
        assert status == 200 and json.loads(body) == json.loads((PACKAGE / "web" / "static" / "i18n" /
                                                                 "nl.json").read_text(encoding="utf-8"))
        status, _, body = _get(base + "/static/js/cards.js")
        assert status == 200 and body == (PACKAGE / "web" / "static" / "js" / "cards.js").read_bytes()
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_core_install_has_the_engine_alone(dist: dict[str, Path], tmp_path: Path) -> None:
    bin_dir = _venv(tmp_path / "core", str(dist["wheel"]))
    work = tmp_path / "work"
    work.mkdir()
    listed = _run([str(bin_dir / "python"), "-m", "pip", "list", "--format", "json"], work)
    names = {p["name"].lower() for p in json.loads(listed.stdout)}
    assert names - {"pip", "setuptools", "wheel"} == {"klaverjas"}, names

    core = _run([str(bin_dir / "python"), "-c", "import klaverjas.core, klaverjas; print(klaverjas.__version__)"],
                work)
    assert core.returncode == 0 and core.stdout.strip() == "0.1.0", core.stderr

    klaverjas = str(bin_dir / "klaverjas")
    legal = _run([klaverjas, "legal", "--rules", "amsterdam", "--trump", "H", "--hand", "7H JH 8C KD",
                  "--trick", "AS 7S QH"], work)
    assert legal.returncode == 0, legal.stderr
    assert json.loads(legal.stdout)["legal"] == ["JH"]  # docs/rules.md §3: South must overtrump

    serve = _run([klaverjas, "serve"], work)
    assert serve.returncode == 2
    assert "klaverjas[web]" in serve.stderr and "Traceback" not in serve.stderr, serve.stderr
    solve = _run([klaverjas, "solve", "-"], work, input=json.dumps(POSITION))
    assert solve.returncode == 2 and "klaverjas[solver]" in solve.stderr, solve.stderr
