"""The CLI contract of `legal`, `score` and `replay`: exact answers and exit status 2 on bad input."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from klaverjas.cli.main import main
from klaverjas.core import Deal, Rules
from klaverjas.core.record import to_record


def run(args: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None,
        capsys: pytest.CaptureFixture[str] | None = None) -> tuple[int, list[Any], str]:
    assert monkeypatch is not None and capsys is not None
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(args)
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines() if line.strip()], err


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):  # type: ignore[no-untyped-def]
    return lambda args, stdin="": run(args, stdin, monkeypatch, capsys)


WORKED_EXAMPLE = ["--trump", "H", "--trick", "AS 7S QH"]


def test_legal_the_dutch_rules_pages_worked_example_amsterdam(cli) -> None:  # type: ignore[no-untyped-def]
    code, [answer], _ = cli(["legal", "--rules", "amsterdam", "--hand", "7H JH 8C KD", *WORKED_EXAMPLE])
    assert code == 0
    assert answer["legal"] == ["JH"]
    assert list(answer["illegal"]) == ["7H", "8C", "KD"]
    assert "East is winning with the queen of hearts, which is trump, so you must overtrump" in answer["illegal"]["8C"]
    assert "only the jack of hearts does" in answer["illegal"]["8C"]


@pytest.mark.parametrize(("rules", "legal"), [("amsterdam", ["8C", "KC"]), ("rotterdam", ["7H"]),
                                              ("rotterdam(rotterdam_undertrump=false)", ["8C", "KC"]),
                                              ("strict", ["7H"]), ("sa", ["7H", "8C", "KC"])])
def test_legal_undertrump_by_variant(cli, rules: str, legal: list[str]) -> None:  # type: ignore[no-untyped-def]
    code, [answer], _ = cli(["legal", "--rules", rules, "--hand", "7H 8C KC", *WORKED_EXAMPLE])
    assert code == 0 and answer["legal"] == legal
    assert set(answer["illegal"]) == {"7H", "8C", "KC"} - set(legal)


def test_legal_in_dutch(cli) -> None:  # type: ignore[no-untyped-def]
    _, [answer], _ = cli(["legal", "--hand", "7H JH 8C KD", *WORKED_EXAMPLE, "--lang", "nl"])
    assert answer["illegal"]["KD"].startswith("Je hebt geen schoppen; Oost ligt hoog met harten vrouw")


def test_legal_jsonl_answers_in_order(cli) -> None:  # type: ignore[no-untyped-def]
    lines = [{"rules": "amsterdam", "trump": "H", "hand": "7H JH 8C KD", "trick": "AS 7S QH"},
             {"rules": "rotterdam", "trump": "H", "hand": "7H 8C KC", "trick": "AS 7S QH"},
             {"rules": "amsterdam", "trump": "S", "hand": "7H 8C", "trick": ""}]
    code, answers, _ = cli(["legal", "--jsonl"], "\n".join(json.dumps(line) for line in lines) + "\n")
    assert code == 0
    assert [a["legal"] for a in answers] == [["JH"], ["7H"], ["7H", "8C"]]


@pytest.mark.parametrize(("args", "expected"), [
    (["--makers", "NS", "--points", "NS=82", "--roem", "EW=20"], {"NS": 0, "EW": 182, "nat": True, "pit": None}),
    (["--makers", "NS", "--points", "NS=81"], {"NS": 0, "EW": 162, "nat": True, "pit": None}),
    (["--makers", "NS", "--points", "NS=91", "--roem", "NS=20"], {"NS": 111, "EW": 71, "nat": False, "pit": None}),
    (["--makers", "EW", "--points", "EW=162", "--roem", "EW=40", "--pit", "EW"],
     {"NS": 0, "EW": 302, "nat": False, "pit": "EW"}),
    (["--makers", "NS", "--points", "NS=100", "--roem", "EW=20", "--verzaakt", "NS"],
     {"NS": 0, "EW": 282, "nat": False, "pit": None}),
])
def test_score_worked_examples(cli, args: list[str], expected: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    code, [answer], _ = cli(["score", "--rules", "amsterdam", *args])
    assert code == 0 and answer == expected


def test_score_sa_needs_no_makers(cli) -> None:  # type: ignore[no-untyped-def]
    code, [answer], _ = cli(["score", "--rules", "sa", "--points", "NS=84", "--roem", "EW=20"])
    assert code == 0 and answer == {"NS": 84, "EW": 82, "nat": False, "pit": None}


def test_score_jsonl(cli) -> None:  # type: ignore[no-untyped-def]
    line = {"rules": "amsterdam", "makers": "NS", "points": {"NS": 82}, "roem": {"NS": 0, "EW": 20}, "pit": None}
    code, [answer], _ = cli(["score", "--jsonl"], json.dumps(line) + "\n")
    assert code == 0 and answer == {"NS": 0, "EW": 182, "nat": True, "pit": None}


def _record(rules: str, seed: int) -> dict[str, Any]:
    deal = Deal.new(Rules.parse(rules), seed % 4, seed)
    while not deal.selection.done:
        deal.choose_trump(deal.selection.options()[-1])
    deal.playout(random.Random(seed))
    return to_record(deal)


@pytest.mark.parametrize("rules", ["amsterdam", "rotterdam", "sa", "strict"])
def test_replay_full_deal(cli, tmp_path: Path, rules: str) -> None:  # type: ignore[no-untyped-def]
    record = _record(rules, 11)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    code, [answer], _ = cli(["replay", str(path)])
    assert code == 0
    assert len(answer["tricks"]) == 8
    total = Rules.parse(rules).total
    assert answer["points"]["NS"] + answer["points"]["EW"] == total
    assert sum(t["points"] for t in answer["tricks"]) == total
    assert sum(t["roem"] for t in answer["tricks"]) == answer["roem"]["NS"] + answer["roem"]["EW"]
    played = [c for t in answer["tricks"] for c in t["cards"]]
    assert played == record["plays"]


def test_replay_jsonl_several_records(cli) -> None:  # type: ignore[no-untyped-def]
    records = [_record("amsterdam", s) for s in range(3)]
    code, answers, _ = cli(["replay", "--jsonl"], "\n".join(json.dumps(r) for r in records) + "\n")
    assert code == 0 and len(answers) == 3


def test_replay_the_south_african_sample_game(cli) -> None:  # type: ignore[no-untyped-def]
    record = {"rules": "sa", "dealer": "N", "trump": "H",
              "hands": {"N": "KH JS TD QD AD 8S AS JD", "W": "8D 7S QH 9H TC 9D QS KD",
                        "S": "AC KS AH KC 7H 8C 7C 9S", "E": "8H TH JC 9C QC TS 7D JH"},
              "plays": ("8D AC 8H KH JS 7S KS TH JC TD QH AH KC 9C QD 9H TC 7H QC AD "
                        "8C TS 8S 9D 7C 7D AS QS 9S JH JD KD").split()}
    code, [answer], _ = cli(["replay", "-"], json.dumps(record))
    assert code == 0
    assert set(answer) == {"tricks", "points", "roem", "score", "nat", "pit"}  # the contract's keys exactly
    assert answer["score"] == {"NS": 104, "EW": 62}
    code, [answer], _ = cli(["replay", "--details", "-"], json.dumps(record))
    assert [t["points"] for t in answer["tricks"]] == [14, 14, 24, 19, 23, 10, 13, 29]
    assert [t["winner"] for t in answer["tricks"]] == ["N", "E", "S", "W", "S", "S", "S", "E"]
    assert answer["points"] == {"NS": 84, "EW": 62}
    assert answer["roem"] == {"NS": 20, "EW": 0}
    assert answer["went_on"] == {"team": "NS", "strokes": 2, "trick": 7}


BAD = [
    (["legal", "--trump", "H", "--hand", "XH 7H"], "XH"),
    (["legal", "--trump", "H", "--hand", "7H 7H"], "duplicate card '7H'"),
    (["legal", "--trump", "H", "--hand", "7H 8H", "--trick", "7H"], "both in the hand and in the trick"),
    (["legal", "--trump", "H", "--hand", "7C 8C 9C TC JC QC KC AC 7D"], "1 to 8 cards"),
    (["legal", "--rules", "paris", "--trump", "H", "--hand", "7H"], "unknown preset 'paris'"),
    (["legal", "--trump", "X", "--hand", "7H"], "unknown suit 'X'"),
    (["score", "--makers", "NS", "--points", "NS=170"], "points NS=170 outside 0..162"),
    (["score", "--rules", "sa", "--points", "NS=150"], "outside 0..146"),
    (["score", "--makers", "NS", "--points", "NS=82", "--roem", "EW=25"], "roem EW=25"),
    (["score", "--makers", "NS", "--points", "NS=150", "--pit", "NS"], "pit for NS needs all 162"),
    (["score", "--makers", "XY", "--points", "NS=82"], "unknown team 'XY'"),
    (["score", "--points", "NS=82"], "--makers is required"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_input_exits_2_naming_it(cli, args: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(args)
    assert code == 2 and out == []
    assert message in err and err.count("\n") == 1


def test_record_with_card_not_in_hand(cli) -> None:  # type: ignore[no-untyped-def]
    record = _record("amsterdam", 5)
    leader_hand = record["hands"][record["plays"] and "NESW"[(("NESW".index(record["dealer"]) + 1) % 4)]]
    foreign = next(c for seat, h in record["hands"].items() for c in h.split() if c not in leader_hand.split())
    record["plays"][0] = foreign
    code, _, err = cli(["replay", "-"], json.dumps(record))
    assert code == 2 and f"does not hold {foreign}" in err


def test_record_with_illegal_play_names_trick_seat_and_reason(cli) -> None:  # type: ignore[no-untyped-def]
    record = {"rules": "amsterdam", "dealer": "S", "trump": "H", "maker": "W",
              "hands": {"W": "AS 7C 8C 9C TC JC QC KC", "N": "7S 8D 9D TD JD QD KD AD",
                        "E": "QH 7D 8S 9S TS JS QS KS", "S": "7H JH 8H 9H TH KH AH AC"},
              "plays": ["AS", "7S", "8S", "AC"]}
    code, _, err = cli(["replay", "-"], json.dumps(record))
    assert code == 2
    assert "illegal play in trick 1" in err and "by S: AC" in err and "you must follow suit" not in err
    assert "you must trump" in err


def test_record_errors(cli) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli(["replay", "-"], "{not json")
    assert code == 2 and "not valid JSON" in err
    record = _record("rotterdam", 3)
    record["hands"]["N"] = " ".join(record["hands"]["N"].split()[:7])
    code, _, err = cli(["replay", "-"], json.dumps(record))
    assert code == 2 and "hand N has 7 cards" in err
    code, _, err = cli(["replay", "/nonexistent/file.json"])
    assert code == 2 and "cannot read" in err


def test_jsonl_bad_line_names_it(cli) -> None:  # type: ignore[no-untyped-def]
    good = json.dumps({"rules": "amsterdam", "trump": "H", "hand": "7H", "trick": ""})
    code, answers, err = cli(["legal", "--jsonl"], good + "\n[1, 2]\n")
    assert code == 2 and len(answers) == 1 and "line 2" in err


def test_console_script_exit_status_and_no_traceback() -> None:
    exe = Path(sys.executable).with_name("klaverjas")
    proc = subprocess.run([str(exe), "legal", "--trump", "H", "--hand", "QX"], capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "'QX'" in proc.stderr
    proc = subprocess.run([str(exe), "demo", "--seed", "2"], capture_output=True, text=True)
    tricks = [line for line in proc.stdout.splitlines() if line.startswith("trick ")]
    assert proc.returncode == 0 and len(tricks) == 8 and "score NS" in proc.stdout
