"""``klaverjas dataset``: every line replays as a game record, every legal card has its double-dummy value.

The values are checked against plain minimax (tests/solver/minimax.py) where it is quick (the last two
tricks), the legal cards against the core's ``Deal.legal()``, and the whole file against a second run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.solver.minimax import minimax_cards

from klaverjas.cli.main import main
from klaverjas.core import card_name, cards_of
from klaverjas.core.record import replay
from klaverjas.solver import Position


def dataset(tmp_path: Path, *args: str, name: str = "out.jsonl") -> list[dict[str, Any]]:
    out = tmp_path / name
    assert main(["dataset", *args, "--out", str(out), "--no-progress"]) == 0
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def check_line(line: dict[str, Any], rules: str) -> None:
    record = line["record"]
    assert record["rules"] == rules
    deal = replay(record)
    assert deal.is_over and len(record["plays"]) == 32 == len(line["values"])
    scores = deal.score().scores
    assert line["score"] == {"NS": scores[0], "EW": scores[1]}
    for k, values in enumerate(line["values"]):
        before = replay({**record, "plays": record["plays"][:k]})
        assert set(values) == {card_name(c) for c in cards_of(before.legal())}
        assert record["plays"][k] in values
        if k >= 24:  # the last two tricks: plain minimax is the reference
            reference = minimax_cards(Position.from_deal(before))
            assert values == {card_name(c): v for c, v in reference.items()}
    # After the last card the value is the deal's own result (real objective: NS minus EW score).
    assert line["values"][-1][record["plays"][-1]] == scores[0] - scores[1]


@pytest.mark.parametrize("rules", ["rotterdam", "amsterdam(roem_claim=claimed)", "sa"])
def test_values_match_minimax_and_the_rules(tmp_path: Path, rules: str) -> None:
    lines = dataset(tmp_path, "--deals", "2", "--rules", rules, "--seed", "11")
    assert [line["deal"] for line in lines] == [0, 1]
    for line in lines:
        assert line["format"] == 1 and line["objective"] == "real" and line["players"] == "basic"
        check_line(line, rules)


def test_claimed_roem_is_in_the_record(tmp_path: Path) -> None:
    lines = dataset(tmp_path, "--deals", "6", "--rules", "amsterdam(roem_claim=claimed)", "--seed", "3")
    # The basic players claim the roem they win; over six deals some trick holds roem.
    assert any(line["record"].get("claims") for line in lines)


def test_seeded_and_reproducible(tmp_path: Path) -> None:
    first = dataset(tmp_path, "--deals", "3", "--seed", "7", name="a.jsonl")
    again = dataset(tmp_path, "--deals", "3", "--seed", "7", name="b.jsonl")
    other = dataset(tmp_path, "--deals", "3", "--seed", "8", name="c.jsonl")
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert first == again
    assert [line["record"]["hands"] for line in first] != [line["record"]["hands"] for line in other]
    assert len({json.dumps(line["record"]["hands"]) for line in first}) == 3


def test_stdout_and_the_random_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dataset", "--deals", "1", "--rules", "strict", "--players", "random", "--objective", "points",
                 "--out", "-", "--no-progress"]) == 0
    [line] = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert line["players"] == "random" and line["objective"] == "points"
    deal = replay(line["record"])
    # points objective: NS minus EW card points and roem from here on; after the last card, the last trick's.
    record = line["record"]
    before = replay({**record, "plays": record["plays"][:31]})
    reference = minimax_cards(Position.from_deal(before), "points")
    assert line["values"][31] == {card_name(c): v for c, v in reference.items()}
    assert deal.is_over


@pytest.mark.parametrize(("args", "message"), [
    (["--deals", "0"], "--deals must be at least 1"),
    (["--deals", "2", "--rules", "nope"], "--rules: unknown preset 'nope'"),
    (["--deals", "2", "--players", "champion"], "--players: unknown level 'champion'"),
])
def test_bad_values_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    out = tmp_path / "never.jsonl"
    assert main(["dataset", *args, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize(("args", "message"), [
    (["--deals", "1"], "the following arguments are required: --out"),
    (["--deals", "many", "--out", "x"], "invalid int value: 'many'"),
    (["--deals", "1", "--out", "x", "--out-dir", "y"], "unrecognized arguments: --out-dir"),
])
def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["dataset", *args])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_unwritable_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dataset", "--deals", "1", "--out", str(tmp_path / "no" / "such" / "dir.jsonl")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    import klaverjas

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    printed = capsys.readouterr().out.strip()
    assert printed == f"klaverjas {version('klaverjas')}" == f"klaverjas {klaverjas.__version__}"
