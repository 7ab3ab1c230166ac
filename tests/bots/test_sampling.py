"""Sampled hidden hands agree with everything the view shows."""

from __future__ import annotations

import random

from klaverjas.bots import RandomBot
from klaverjas.bots.sampling import deal_hidden, sample_worlds, weight_of
from klaverjas.core import FULL_DECK, legal_for

from .helpers import RULE_SETS, walk


def test_every_sample_could_have_produced_the_play_so_far() -> None:
    rng = random.Random(1)
    checked = 0
    for rules in RULE_SETS[:6]:
        for seed in range(3):
            bots = [RandomBot(seed), RandomBot(seed + 7), RandomBot(seed + 8), RandomBot(seed + 9)]
            for deal, view in walk(rules, seed, bots):
                if view.phase != "play" or len(view.history) % 3:
                    continue
                for world in sample_worlds(view, 3, rng):
                    hands = world.hands
                    assert hands[view.seat] == view.hand
                    assert sum(h.bit_count() for h in hands) + view.played.bit_count() == 32
                    union = 0
                    for s in range(4):
                        assert hands[s].bit_count() == deal.hands[s].bit_count()
                        union |= hands[s]
                    assert union | view.played == FULL_DECK
                    # Replay: with these hands every card played so far was legal.
                    held = [hands[s] | view.played_by[s] for s in range(4)]
                    for seat, card, before in view.history:
                        assert legal_for(view.rules, view.trump, held[seat], before) >> card & 1
                        held[seat] ^= 1 << card
                    assert 0 < world.weight <= 1
                    checked += 1
    assert checked > 100


def test_a_void_seat_never_gets_the_suit() -> None:
    rng = random.Random(2)
    for seed in range(5):
        for _, view in walk("amsterdam", seed):
            if view.phase != "play":
                continue
            hands = deal_hidden(view, rng)
            assert hands is not None
            for s in range(4):
                if s != view.seat:
                    assert hands[s] & view.excluded[s] == 0


def test_the_true_deal_is_weighted_like_any_other_consistent_deal() -> None:
    # Soft evidence only lowers weights: the real hands never get weight zero.
    for seed in range(5):
        for deal, view in walk("amsterdam", seed):
            if view.phase == "play":
                assert weight_of(view, tuple(deal.hands)) > 0  # type: ignore[arg-type]
