"""The ``expert`` level: every deal of the hidden cards late in a deal, weighed by the evidence."""

from __future__ import annotations

import itertools

import pytest
from tests.solver import minimax as reference

from klaverjas.bots.arena import levels
from klaverjas.bots.expert import ExpertBot
from klaverjas.bots.sampling import PlayEvidence, all_hidden, deal_hidden, weight_of
from klaverjas.bots.view import View
from klaverjas.core import cards_of

from .helpers import walk


def _late_views(rules: str, seed: int, tricks: int):  # type: ignore[no-untyped-def]
    for _, view in walk(rules, seed):
        if view.phase == "play" and len(view.tricks) >= tricks and view.legal.bit_count() >= 2:
            yield view


def brute_force_hidden(view: View) -> set[tuple[int, int, int, int]]:
    """Every way of giving each unseen card to one of the other three seats, kept when the counts and
    the shown voids allow it."""
    others = [s for s in range(4) if s != view.seat]
    out = set()
    cards = cards_of(view.unseen)
    for owners in itertools.product(others, repeat=len(cards)):
        hands = [0, 0, 0, 0]
        hands[view.seat] = view.hand
        for c, s in zip(cards, owners, strict=True):
            hands[s] |= 1 << c
        if all(hands[s].bit_count() == view.hand_size(s) and not hands[s] & ~view.may_hold(s) for s in others):
            out.add((hands[0], hands[1], hands[2], hands[3]))
    return out


def test_all_hidden_is_every_deal_the_view_allows_and_none_when_there_are_too_many() -> None:
    checked = 0
    for seed in range(4):
        for view in _late_views("rotterdam", seed, 5):
            every = all_hidden(view, 10_000)
            assert every is not None and len(every) == len(set(every))
            assert set(every) == brute_force_hidden(view)
            if len(every) > 1:
                assert all_hidden(view, len(every) - 1) is None
            checked += 1
    assert checked >= 8


def test_expert_votes_the_weighted_mean_over_every_hidden_deal() -> None:
    bot = ExpertBot(samples=400, budget_ms=60_000, seed=1, solve_fn=reference.minimax_cards, playout_mix=0.0)
    checked = 0
    for seed in range(3):
        for view in _late_views("rotterdam", seed, 6):
            figs = bot.figures(view)
            # The reference: every deal of the brute force, its weight by the bids, signals and plays.
            hands0 = deal_hidden(view, bot.rng)
            assert hands0 is not None
            evidence = PlayEvidence(view, hands0)
            sign = 1 if view.team == 0 else -1
            total: dict[int, float] = dict.fromkeys(cards_of(view.legal), 0.0)
            weight = 0.0
            worlds = brute_force_hidden(view)
            for hands in worlds:
                w = weight_of(view, hands, True, bot.opponent_bids) * evidence.weight(hands)
                values = reference.minimax_cards(_position(view, hands))
                for c in total:
                    total[c] += w * sign * values[c]
                weight += w
            for f in figs:
                assert f.samples == len(worlds)
                assert f.mean == pytest.approx(total[f.card] / weight)
            checked += 1
    assert checked >= 3


def _position(view: View, hands: tuple[int, int, int, int]):  # type: ignore[no-untyped-def]
    from klaverjas.bots.strong import position_of

    return position_of(view, hands)


def test_expert_is_a_level() -> None:
    assert levels()["expert"]().name == "expert"
