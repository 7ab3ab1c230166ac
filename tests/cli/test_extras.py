"""A command whose extra is missing names the extra and exits 2; the rules commands need no extra.

The wheel test (tests/package) proves it on a real install without extras; here a module of an extra is
made to look absent by naming one that does not exist.
"""

from __future__ import annotations

import pytest

from klaverjas.cli import main as cli


@pytest.mark.parametrize(("command", "extra"), [(["serve"], "web"), (["solve", "-"], "solver"),
                                                (["arena", "--bots", "random,basic"], "solver"),
                                                (["dataset", "--deals", "1", "--out", "-"], "solver")])
def test_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                command: list[str], extra: str) -> None:
    monkeypatch.setitem(cli.EXTRA_MODULES, extra, ("klaverjas_no_such_module",))
    assert cli.main(command) == 2
    err = capsys.readouterr().err
    assert err == (f"klaverjas {command[0]} needs the {extra} extra (klaverjas_no_such_module is not installed): "
                   f"pip install 'klaverjas[{extra}]'\n")


def test_rules_commands_need_no_extra(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    for extra in cli.EXTRA_MODULES:
        monkeypatch.setitem(cli.EXTRA_MODULES, extra, ("klaverjas_no_such_module",))
    assert cli.main(["legal", "--trump", "H", "--hand", "7H JH 8C KD", "--trick", "AS 7S QH"]) == 0
    assert '"legal": ["JH"]' in capsys.readouterr().out
    assert all(cli.missing_extra(name) is None for name in ("legal", "score", "replay", "demo", "bot"))


def test_every_extra_module_is_in_pyproject() -> None:
    """The table names modules of the extras pyproject.toml declares (by their distribution names)."""
    import tomllib
    from pathlib import Path

    extras = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    for extra, modules in cli.EXTRA_MODULES.items():
        declared = " ".join(extras[extra])
        for module in modules:
            if module != "starlette":  # comes with fastapi
                assert module in declared, (extra, module)
