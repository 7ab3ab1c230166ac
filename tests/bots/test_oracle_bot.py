"""benchmarks/oracle_bot.py, the player who sees every card (the ceiling of card play): it finds the arena's
deal by its own hand and plays a card the solver values best on the true deal."""

from __future__ import annotations

import random

import pytest

from klaverjas.bots import BasicBot, View
from klaverjas.core import Deal, Rules
from klaverjas.solver import Position, solve

from .helpers import load_benchmark

ORACLE = load_benchmark("oracle_bot")


@pytest.mark.parametrize("rules_text", ["rotterdam", "amsterdam"])
def test_it_plays_a_best_card_of_the_true_deal(rules_text: str) -> None:
    rules = Rules.parse(rules_text)
    seed = 5
    oracle = ORACLE.OracleBot(seed, 6)
    basic = BasicBot()
    asked = 0
    for i in (1, 4):  # two of the seed's deals, as the arena deals them
        deal = Deal.new(rules, i % 4, random.Random(f"{seed}:{i}"))
        while not deal.selection.done:
            seat = deal.selection.to_move
            assert seat is not None
            deal.choose_trump(basic.trump(View.of(deal, seat)))
        while not deal.is_over:
            seat = deal.turn
            view = View.of(deal, seat)
            if seat & 1 == 0:
                card = oracle.card(view)
                if view.legal.bit_count() > 1:
                    assert card in solve(Position.from_deal(deal)).best
                    asked += 1
            else:
                card = basic.card(view)
            deal.play(card)
    assert asked >= 8


def test_a_hand_of_no_deal_of_the_seed_is_refused() -> None:
    deal = Deal.new(Rules.parse("rotterdam"), 0, random.Random("other"))
    deal.set_trump(0, 1)
    with pytest.raises(SystemExit, match="no deal of seed 5"):
        ORACLE.OracleBot(5, 3).card(View.of(deal, deal.turn))
