"""benchmarks/oracle_bot.py, the player who sees every card (the ceiling of card play): it finds the arena's
deal by its own hand and plays a card the solver values best on the true deal; and strong_hybrid_bot.py's
strong player shown its partner's cards from it."""

from __future__ import annotations

import random

import pytest

from klaverjas.bots import BasicBot, View
from klaverjas.bots.sampling import deal_hidden
from klaverjas.core import FULL_DECK, SUIT_MASKS, TABLES, Deal, Rules
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


@pytest.mark.parametrize("kind", ["all", "trumps", "points"])
def test_partner_cards_shown_reach_every_sample_and_no_others(kind: str) -> None:
    # strong_hybrid_bot.py --sees-partner: the samplers give partner exactly its true cards of the kind shown.
    hybrid = load_benchmark("strong_hybrid_bot")
    rules = Rules.parse("rotterdam")
    seed, index = 5, 2
    bot = hybrid.TunedBot()
    bot.partner_shown = ORACLE.OracleBot(seed, 6)
    bot.partner_shown_cards = kind
    deal = Deal.new(rules, index % 4, random.Random(f"{seed}:{index}"))
    basic = BasicBot()
    while not deal.selection.done:
        seat = deal.selection.to_move
        assert seat is not None
        deal.choose_trump(basic.trump(View.of(deal, seat)))
    deal.play(basic.card(View.of(deal, deal.turn)))  # one card, so the seat to move sees a trick
    view = View.of(deal, deal.turn)
    partner = view.seat ^ 2
    points = TABLES[rules.values].points[view.trump]
    told = FULL_DECK if kind == "all" else SUIT_MASKS[view.trump] if kind == "trumps" else \
        sum(1 << c for c in range(32) if points[c] >= 10)
    bot.show_partner(view)
    rng = random.Random(1)
    others = set()
    for _ in range(30):
        hands = deal_hidden(view, rng)
        assert hands is not None
        assert hands[partner] & told == deal.hands[partner] & told
        others.add(hands[partner])
    assert (len(others) == 1) == (kind == "all")


def test_told_only_whether_partner_holds_a_trump_every_sample_agrees() -> None:
    # strong_hybrid_bot.py --sees-partner-cards any-trump: none bars trumps from partner's hand, some redraws
    # the samples that give it none.
    hybrid = load_benchmark("strong_hybrid_bot")
    rules = Rules.parse("rotterdam")
    seed = 5
    bot = hybrid.TunedBot(samples=25, seed=1)
    bot.partner_shown = ORACLE.OracleBot(seed, 12)
    bot.partner_shown_cards = "any-trump"
    basic = BasicBot()
    seen = set()
    for index in range(12):
        deal = Deal.new(rules, index % 4, random.Random(f"{seed}:{index}"))
        while not deal.selection.done:
            seat = deal.selection.to_move
            assert seat is not None
            deal.choose_trump(basic.trump(View.of(deal, seat)))
        deal.play(basic.card(View.of(deal, deal.turn)))
        view = View.of(deal, deal.turn)
        partner = view.seat ^ 2
        trumps = SUIT_MASKS[view.trump]
        holds = bool(deal.hands[partner] & trumps)
        seen.add(holds)
        bot.show_partner(view)
        worlds = list(bot.weighed_worlds(view, None))
        assert len(worlds) == 25
        assert all(bool(w.hands[partner] & trumps) == holds for w in worlds)
    assert seen == {True, False}, "deals of both kinds were tried"
