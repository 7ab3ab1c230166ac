"""benchmarks/iimc.py, playouts by players who guess: their public deductions against the view's, their values."""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest

from klaverjas.bots import View
from klaverjas.bots.strong import playout_rules, playout_state
from klaverjas.core import Deal, Rules, cards_of
from klaverjas.solver import playouts

from .helpers import BENCHMARKS

# By its package name, as strong_hybrid_bot.py imports it: numba's cache of its kernels then serves both.
sys.path.insert(0, str(BENCHMARKS.parent))
from benchmarks import iimc as IIMC  # noqa: E402


@pytest.mark.parametrize("rules_text", ["rotterdam", "amsterdam", "strict", "sa"])
def test_its_deductions_are_the_views(rules_text: str) -> None:
    # What each seat showed it cannot hold, deduced card by card in the kernel, equals View.excluded (computed
    # from the whole history by klaverjas.bots.view) after every card of random deals.
    rules = Rules.parse(rules_text)
    for seed in range(30):
        rng = random.Random(seed)
        deal = Deal.new(rules, rng.randrange(4), rng)
        deal.set_trump(rng.randrange(4), rng.randrange(4))
        excluded = np.zeros(4, dtype=np.int64)
        while not deal.is_over:
            view = View.of(deal, deal.turn)
            p, s = playout_rules(view), playout_state(view, tuple(int(h) for h in deal.hands))
            card = rng.choice(cards_of(view.legal))
            IIMC.deduce(p, s, deal.turn, card, excluded)
            deal.play(card)
            if deal.is_over:
                break
            after = View.of(deal, deal.turn)
            out = sum(deal.hands)
            assert [int(e) & out for e in excluded] == list(after.excluded), (seed, card)


def test_its_values_score_the_cards_from_the_seats_side() -> None:
    # The last two tricks, the kernel given the true deal as the only one it may draw, one playout a card:
    # each card's value is then the outcome of one legal line of play from the seat's side (every line
    # enumerated by the rules engine); the guessing players' choices decide which.
    rules = Rules.parse("rotterdam")
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.new(rules, rng.randrange(4), rng)
        deal.set_trump(rng.randrange(4), rng.randrange(4))
        while len(deal.tricks) < 6 or deal.trick:
            deal.play(rng.choice(cards_of(View.of(deal, deal.turn).legal)))
        view = View.of(deal, deal.turn)
        if view.legal.bit_count() < 2:
            continue
        hands = np.array([int(h) for h in deal.hands], dtype=np.int64)
        sums = np.zeros(32)
        playouts.seed(seed)
        done = IIMC.nested_values(playout_rules(view), playout_state(view), view.seat, hands,
                                  np.array([2, 2, 2, 2], dtype=np.int64), np.array(view.excluded, dtype=np.int64),
                                  view.legal, 1, 3, 0.0, sums)
        assert done == 1
        for card in cards_of(view.legal):
            exact = _outcomes_with_guesses(deal, card, view.seat)
            assert sums[card] in exact, (seed, card, sums[card], exact)
        checked += 1
    assert checked >= 20


def _outcomes_with_guesses(deal: Deal, card: int, seat: int) -> set[float]:
    """Every final score difference for ``seat``'s team after ``card``, whatever the later players choose."""
    out: set[float] = set()

    def walk(d: Deal) -> None:
        if d.is_over:
            ns, ew = d.score().scores
            out.add(float(ns - ew if seat % 2 == 0 else ew - ns))
            return
        for c in cards_of(View.of(d, d.turn).legal):
            nxt = d.copy()
            nxt.play(c)
            walk(nxt)

    first = deal.copy()
    first.play(card)
    walk(first)
    return out
