"""The ``solve`` and ``analyse`` commands: JSON-lines contract and clean failures."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from tests.solver.minimax import minimax_cards
from tests.solver.solver_endings import played_ending

from klaverjas.cli.main import main
from klaverjas.core import Deal, Rules, parse_card
from klaverjas.core.record import to_record
from klaverjas.solver import Position
from klaverjas.solver.engine import HAVE_NUMBA

EXAMPLE = {"rules": "amsterdam", "trump": "H", "makers": "EW", "leader": "N", "trick": "8D JD",
           "hands": {"N": "7D QD", "E": "8C AC", "S": "KD AD TS", "W": "9D 7S JS"},
           "won": {"NS": {"points": 40, "roem": 0, "tricks": 3}, "EW": {"points": 69, "roem": 0, "tricks": 2}}}


def run(capsys: pytest.CaptureFixture[str], argv: list[str], stdin: str = "",
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if monkeypatch is not None:
        import io
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_file_answers_value_and_every_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(EXAMPLE))
    code, out, _ = run(capsys, ["solve", str(path)])
    assert code == 0
    answer = json.loads(out)
    # S holds K and A of diamonds: both follow suit; EW already lead, NS can still make them nat.
    assert set(answer["cards"]) == {"KD", "AD"}
    want = minimax_cards(Position.from_json(EXAMPLE))
    assert answer["cards"] == {("KD" if c == 14 else "AD"): v for c, v in want.items()}
    assert answer["value"] == max(want.values())


def test_solve_jsonl_many_positions_and_objectives(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    positions = [played_ending(seed, "rotterdam", 8) for seed in range(5)]
    lines = "\n".join(json.dumps(p.to_json()) for p in positions) + "\n"
    for objective in ("real", "points"):
        code, out, err = run(capsys, ["solve", "--jsonl", "--objective", objective], lines, monkeypatch)
        assert code == 0 and err == ""
        answers = [json.loads(line) for line in out.splitlines()]
        assert len(answers) == 5
        for pos, answer in zip(positions, answers, strict=True):
            want = minimax_cards(pos, objective)
            assert sorted(answer["cards"].values()) == sorted(want.values())


def test_solve_value_only_answers_the_value_alone(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    positions = [played_ending(seed, "amsterdam", 8) for seed in range(6)]
    lines = "\n".join(json.dumps(p.to_json()) for p in positions) + "\n"
    for objective in ("real", "points"):
        code, out, err = run(capsys, ["solve", "--jsonl", "--value-only", "--objective", objective], lines,
                             monkeypatch)
        assert code == 0 and err == ""
        answers = [json.loads(line) for line in out.splitlines()]
        for pos, answer in zip(positions, answers, strict=True):
            want = minimax_cards(pos, objective)
            assert answer == {"value": (max if pos.turn & 1 == 0 else min)(want.values())}


@pytest.mark.parametrize("line, message", [
    ("not json", "line 1: not valid JSON"),
    ('{"rules": "amsterdam"}', "line 1: missing field 'trump'"),
    ('{"rules": "bogus", "trump": "H"}', "unknown preset 'bogus'"),
    (json.dumps({**EXAMPLE, "trick": "8D XX"}), "unknown card 'XX'"),
    (json.dumps({**EXAMPLE, "makers": None}), "makers missing"),
    (json.dumps({**EXAMPLE, "won": {"NS": {"points": 41, "roem": 0, "tricks": 3},
                                    "EW": {"points": 69, "roem": 0, "tricks": 2}}}), "should add up to 109"),
    (json.dumps({**EXAMPLE, "trick": "8D"}), "hand E holds 2 cards"),
])
def test_solve_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                               line: str, message: str) -> None:
    code, out, err = run(capsys, ["solve", "--jsonl"], line + "\n", monkeypatch)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_solve_threads_one_and_two_answer_alike(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    positions = [played_ending(seed, "amsterdam", 16) for seed in range(4)]
    lines = "\n".join(json.dumps(p.to_json()) for p in positions) + "\n"
    outs = []
    for threads in ("1", "2"):
        code, out, err = run(capsys, ["solve", "--jsonl", "--threads", threads], lines, monkeypatch)
        assert code == 0 and err == ""
        outs.append(out)
    assert outs[0] == outs[1] and outs[0].count("\n") == 4


def test_solve_threads_below_one_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, ["solve", "--threads", "0", "-"])
    assert code == 2 and out == "" and "--threads must be at least 1, not 0" in err


def test_solve_missing_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, ["solve", "/nonexistent/position.json"])
    assert code == 2 and "cannot read" in err


@pytest.mark.skipif(not HAVE_NUMBA, reason="a full deal needs the compiled kernel to be quick")
def test_analyse_reports_every_card_and_per_player_summary(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    deal = Deal.new(Rules.parse("amsterdam"), 0, seed=5)
    deal.set_trump(2, 1)
    rng = random.Random(1)
    for _ in range(32):
        legal = deal.legal()
        deal.play(rng.choice([c for c in range(32) if legal >> c & 1]))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(to_record(deal)))
    code, out, _ = run(capsys, ["analyse", str(path)])
    assert code == 0
    report = json.loads(out)
    plays = report["plays"]
    assert len(plays) == 32
    assert all(p["loss"] >= 0 for p in plays)
    # The last trick has no choices left to get wrong, and the values end at the real score.
    assert all(p["loss"] == 0 for p in plays[28:])
    score = deal.score().scores
    assert plays[-1]["value"] == score[0] - score[1]
    assert sum(v["cards"] for v in report["players"].values()) == 32
    assert any(p["loss"] > 0 for p in plays)  # random play makes mistakes
    code, out, _ = run(capsys, ["analyse", str(path), "--format", "table"])
    assert code == 0
    assert "cost" in out and "points lost" in out


def test_a_review_sentence_counts_one_point_and_many() -> None:
    from klaverjas.solver.analyse import PlayReview

    one = PlayReview(index=5, trick=2, seat=0, card=parse_card("JH"), value=40, best_value=41, best=(parse_card("AH"),),
                     loss=1)
    assert one.sentence() == "trick 2: J♥ cost 1 point; A♥ was best (41)"
    five = PlayReview(index=5, trick=2, seat=1, card=parse_card("JH"), value=46, best_value=41,
                      best=(parse_card("AH"), parse_card("TH")), loss=5)
    assert five.sentence() == "trick 2: J♥ cost 5 points; A♥/10♥ was best (41)"


def test_analyse_bad_record_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"rules": "amsterdam", "dealer": "N", "hands": {}, "trump": "H", "plays": []}))
    code, _, err = run(capsys, ["analyse", str(path)])
    assert code == 2 and "record" in err
