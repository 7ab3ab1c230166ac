"""benchmarks/trump_sim.py: trump decisions by simulated deals, checked against the rules engine playing
benchmarks/simple_bot.py at every seat, and the bids read by the strong and basic players themselves."""

from __future__ import annotations

import random
import statistics

import pytest

from klaverjas.bots import BasicBot, View
from klaverjas.bots.bidding import model
from klaverjas.bots.strong import StrongBot
from klaverjas.core import Deal, Rules, TrumpAction, parse_hand, parse_suit
from klaverjas.core.trump import PASS, choose

from .helpers import load_benchmark

SIM = load_benchmark("trump_sim")
SIMPLE = load_benchmark("simple_bot")


def played_out(rules: Rules, dealer: int, hands: tuple[int, int, int, int], trump: int, maker: int) -> int:
    """North-South's score less East-West's when every seat plays by benchmarks/simple_bot.py."""
    deal = Deal(rules, dealer, list(hands), trump if rules.offers_suit else None)
    deal.set_trump(trump, maker)
    simple = SIMPLE.SimpleBot()
    while not deal.is_over:
        deal.play(simple.card(View.of(deal, deal.turn)))
    ns, ew = deal.score().scores
    return int(ns - ew)


def at_decision(rules: Rules, seed: int, passes: int) -> Deal:
    """A dealt deal whose first ``passes`` seats passed."""
    deal = Deal.new(rules, seed % 4, random.Random(seed))
    for _ in range(passes):
        deal.choose_trump(PASS)
    return deal


@pytest.mark.parametrize("rules_text", ["rotterdam", "amsterdam", "strict"])
def test_each_option_is_worth_the_mean_of_its_deals_played_out_by_the_greedy_rules(rules_text: str) -> None:
    rules = Rules.parse(rules_text)
    strong, basic = StrongBot(), BasicBot()
    for seed, passes in ((1, 0), (2, 1), (3, 2), (4, 3)):
        deal = at_decision(rules, seed, passes)
        seat = deal.selection.to_move
        assert seat is not None
        view = View.of(deal, seat)
        sim = SIM.SimPolicy(model("dutch"), samples=6, opponents="basic")
        values = sim.values(view)
        deals = sim._deals(view)
        assert len(deals) == 6
        sign = 1 if view.team == 0 else -1

        def decider(s: int, team: int = view.team) -> StrongBot | BasicBot:
            return basic if (s & 1) != team else strong

        for hands in deals:
            assert hands[seat] == view.hand and sum(hands) == (1 << 32) - 1
            # Every earlier bid is what that seat says with this deal's hand.
            replay = Deal(rules, deal.dealer, list(hands), deal.selection.proposed)
            for s, action in view.bids:
                assert decider(s).trump(View.of(replay, s)) == action
                replay.choose_trump(action)
        for action in view.options:
            if action == PASS:
                expected = []
                for hands in deals:
                    game = Deal(rules, deal.dealer, list(hands), deal.selection.proposed)
                    for _, bid in view.bids:
                        game.choose_trump(bid)
                    game.choose_trump(PASS)
                    while not game.selection.done:
                        mover = game.selection.to_move
                        assert mover is not None
                        game.choose_trump(decider(mover).trump(View.of(game, mover)))
                    maker = game.selection.maker
                    assert maker is not None
                    expected.append(sign * played_out(rules, deal.dealer, hands, game.trump, maker))
            else:
                suit = deal.selection.proposed if action.kind == "play" else action.suit
                assert suit is not None
                expected = [sign * played_out(rules, deal.dealer, hands, suit, seat) for hands in deals]
            assert values[action] == pytest.approx(statistics.fmean(expected)), (seed, action)
        best = max(values, key=lambda a: values[a])
        assert sim.trump(view) == best and isinstance(best, TrumpAction)


def test_a_hand_of_every_top_trump_takes_its_suit() -> None:
    rules = Rules.parse("rotterdam")
    north = parse_hand("JH 9H AH TH KH QH AS AC")
    rest = [c for c in range(32) if not north >> c & 1]
    random.Random(5).shuffle(rest)
    hands = [north] + [sum(1 << c for c in rest[8 * k:8 * k + 8]) for k in range(3)]
    deal = Deal(rules, 3, hands)  # West deals: North names first
    view = View.of(deal, 0)
    sim = SIM.SimPolicy(model("dutch"), samples=40)
    values = sim.values(view)
    assert set(values) == set(view.options)
    assert sim.trump(view) == choose(parse_suit("H"))
    assert values[choose(parse_suit("H"))] > values[PASS] + 50


def test_it_refuses_a_selection_it_cannot_simulate() -> None:
    deal = Deal.new(Rules.parse("rotterdam(trump_selection=turned)"), 0, random.Random(1))
    seat = deal.selection.to_move
    assert seat is not None
    with pytest.raises(ValueError, match="selections only"):
        SIM.SimPolicy(model("dutch")).trump(View.of(deal, seat))
