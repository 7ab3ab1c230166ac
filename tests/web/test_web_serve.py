"""`klaverjas serve` as a real process: 127.0.0.1 only, data kept across a restart."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from klaverjas.cli.main import build_parser
from klaverjas.web import create_app, default_db_path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "klaverjas.cli.main", "serve", "--port", str(port), *args],
                            cwd=cwd, env={**os.environ, **(env or {})}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(url + "/api/sheets", timeout=1)
                break
            except httpx.TransportError:
                assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.1)
        yield url
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)


def test_serve_defaults_and_a_bad_port() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, None)
    for bad in ("x", "0", "70000"):
        with pytest.raises(SystemExit) as exc:
            build_parser().parse_args(["serve", "--port", bad])
        assert exc.value.code == 2


def test_a_server_restart_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "keep.db"
    with serving(["--db", str(db)], tmp_path) as url:
        made = httpx.post(url + "/api/sheets", json={"players": ["A", "B", "C", "D"]}).json()
        sid, owner = made["id"], {"Authorization": f"Bearer {made['owner_token']}", "X-Klaverjas": "1"}
        httpx.post(f"{url}/api/sheets/{sid}/deals", json={"makers": "NS", "points": {"NS": 100}}, headers=owner)
        d = httpx.post(f"{url}/api/sheets/{sid}/deals", json={"makers": "EW", "points": {"EW": 70}},
                       headers=owner).json()
        httpx.delete(f"{url}/api/sheets/{sid}/deals/{d['deals'][0]['id']}", headers=owner)
        before = httpx.get(f"{url}/api/sheets/{sid}", headers=owner).json()
    with serving(["--db", str(db)], tmp_path) as url:
        assert httpx.get(f"{url}/api/sheets/{sid}", headers=owner).json() == before
        after = httpx.post(f"{url}/api/sheets/{sid}/undo", headers=owner).json()  # undo history survives too
        assert len(after["deals"]) == 2 and after["totals"] == {"NS": 100 + 162, "EW": 62}


def test_default_database_and_environment_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KLAVERJAS_DB", raising=False)
    assert default_db_path() == Path("data") / "klaverjas.db"
    create_app().state.store.close()
    assert (tmp_path / "data" / "klaverjas.db").exists()
    monkeypatch.setenv("KLAVERJAS_DB", str(tmp_path / "env.db"))
    assert default_db_path() == tmp_path / "env.db"
