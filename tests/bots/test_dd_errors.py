"""benchmarks/dd_errors.py: every card of a duplicate deal, played as the arena plays it, valued on the true
deal; the losses of the last tricks checked against plain minimax."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from tests.solver import minimax as reference

from klaverjas.bots.arena import make_bot, play_pair_deals, play_pairs
from klaverjas.core import Rules
from klaverjas.solver import Position

from .helpers import load_benchmark

ERRORS = load_benchmark("dd_errors")


def test_the_arena_deals_again_and_every_choice_is_valued() -> None:
    rules = Rules.parse("rotterdam")
    seed, index = 5, 2
    bots = (make_bot("basic"), make_bot("random"))
    first, second = play_pair_deals(rules, seed, index, bots)
    (result,), _, _ = play_pairs("basic", "random", "rotterdam", seed, [index])
    s1, s2 = first.score().scores, second.score().scores
    assert result.scores == ((s1[0], s1[1]), (s2[1], s2[0])), "the deals the arena played, bot for bot"

    for game, played in enumerate((first, second)):
        sides = (0, 1, 0, 1) if game == 0 else (1, 0, 1, 0)
        rows = ERRORS.game_rows(played, sides, index, game)
        deal = ERRORS.replay(played)
        by_play = {4 * r["trick"] + r["place"]: r for r in rows}
        choices = 0
        for n, card in enumerate(c for t in played.tricks for c in t.cards):
            row = by_play.get(n)
            assert (row is not None) == (deal.legal().bit_count() > 1)
            if row is not None:
                choices += 1
                seat = deal.turn
                assert row["bot"] == sides[seat] and row["loss"] >= 0
                assert row["trump"] == int(card >> 3 == deal.trump)
                if row["trick"] >= 5:  # three tricks left: plain minimax is quick
                    values = reference.minimax_cards(Position.from_deal(deal))
                    sign = 1 if seat % 2 == 0 else -1
                    assert row["loss"] == max(sign * v for v in values.values()) - sign * values[card]
            deal.play(card)
        assert choices == len(rows)


def test_kinds_of_decision() -> None:
    def row(place: int, trump: int, follows: int) -> dict[str, int]:
        return {"place": place, "trump": trump, "follows": follows}

    assert ERRORS.kind_of(row(0, 1, 1)) == "lead: trump"
    assert ERRORS.kind_of(row(0, 0, 1)) == "lead: a plain suit"
    assert ERRORS.kind_of(row(2, 0, 1)) == "follow the led suit"
    assert ERRORS.kind_of(row(1, 1, 0)) == "ruff"
    assert ERRORS.kind_of(row(3, 0, 0)) == "discard"


def test_a_report_of_a_file_still_being_written_leaves_the_unfinished_deal_out(tmp_path: Path,
                                                                               capsys: pytest.CaptureFixture[str],
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def row(deal: int, game: int, bot: int, loss: int) -> str:
        return json.dumps({"deal": deal, "game": game, "bot": bot, "trick": 0, "place": 0, "maker": 1, "trump": 1,
                           "follows": 1, "loss": loss}) + "\n"

    out = tmp_path / "dd.jsonl"
    out.write_text(row(0, 0, 0, 10) + row(0, 1, 1, 4) + row(1, 0, 0, 100))
    monkeypatch.setattr(sys, "argv", ["dd_errors.py", "--report", str(out)])
    assert ERRORS.main() == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "1 deals: double-dummy loss a deal 10.0 (first bot) against 4.0 (second bot), difference +6.0" in first
