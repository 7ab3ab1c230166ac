"""Sampling the hidden hands from a view, consistently with everything it shows.

Hard constraints: the cards still unseen go to the three other seats, each gets
exactly as many as it still holds, and no seat gets a card it has shown it
cannot hold (:attr:`View.excluded`: voids, no trump when it had to trump, no
higher trump when it had to overtrump).  Soft evidence becomes a weight per
sample: the trump choice and the passes (did the hand meet the rule of thumb
for the suit?) and the same-suit signals (does the signaller hold the card it
signalled?).  Only the view is read, so sampling cannot see a hidden card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core import SUIT_MASKS, cards_of
from .view import View

# How much less likely a hand is when it contradicts a bid or a signal (soft, never zero).
BID_MISMATCH = 0.3
SIGNAL_MISMATCH = 0.35


@dataclass(frozen=True)
class World:
    hands: tuple[int, int, int, int]  # every seat's cards now
    weight: float


def deal_hidden(view: View, rng: random.Random, tries: int = 200) -> tuple[int, int, int, int] | None:
    """One assignment of the unseen cards meeting the hard constraints, or None if none was found."""
    others = [s for s in range(4) if s != view.seat]
    need = {s: view.hand_size(s) for s in others}
    allowed = {s: view.may_hold(s) for s in others}
    cards = cards_of(view.unseen)
    if sum(need.values()) != len(cards):
        raise ValueError("the view's card counts do not add up")
    options = {c: [s for s in others if allowed[s] >> c & 1] for c in cards}
    for _ in range(tries):
        # Most constrained cards first; ties in random order.
        order = sorted(cards, key=lambda c: (len(options[c]), rng.random()))
        left = dict(need)
        hands = [0, 0, 0, 0]
        hands[view.seat] = view.hand
        for c in order:
            seats = [s for s in options[c] if left[s] > 0]
            if not seats:
                break
            # Weight by room left so a seat's capacity is filled in proportion.
            s = rng.choices(seats, weights=[left[x] for x in seats])[0]
            hands[s] |= 1 << c
            left[s] -= 1
        else:
            return (hands[0], hands[1], hands[2], hands[3])
    return None


def weight_of(view: View, hands: tuple[int, int, int, int]) -> float:
    """Soft evidence: the bids and the signals under the rules of thumb every level announces."""
    from .basic import trump_fit

    w = 1.0
    values = view.rules.values
    start = [hands[s] | view.played_by[s] for s in range(4)]  # the hands as dealt
    passes = 0
    for seat, action in view.bids:
        if action.kind == "pass":
            if seat != view.seat:
                if view.mode in ("proposed", "turned") and view.proposed is not None:
                    if trump_fit(start[seat], view.proposed, values).code:
                        w *= BID_MISMATCH
                elif any(trump_fit(start[seat], s, values).code for s in range(4)):
                    w *= BID_MISMATCH
            passes += 1
            continue
        forced = view.mode == "utrecht" or passes == (3 if view.mode == "bid" else 4)
        if seat != view.seat and not forced and view.trump >= 0 and not trump_fit(start[seat], view.trump,
                                                                                   values).code:
            w *= BID_MISMATCH
    for sig in view.signals:
        if sig.seat == view.seat:
            continue
        suit = sig.card >> 3
        top = view.highest_left(suit)
        if top < 0 or view.hand >> top & 1:
            continue
        holds = bool(hands[sig.seat] >> top & 1)
        if holds != (sig.kind in ("ace", "second")):  # a stop signal denies the top card
            w *= SIGNAL_MISMATCH
    return w


def sample_worlds(view: View, n: int, rng: random.Random) -> list[World]:
    """Up to ``n`` samples of every seat's hand with their weights."""
    worlds = []
    for _ in range(n):
        hands = deal_hidden(view, rng)
        if hands is None:
            break
        worlds.append(World(hands, weight_of(view, hands)))
    return worlds


def suit_counts(hands: tuple[int, int, int, int]) -> list[list[int]]:
    return [[(h & SUIT_MASKS[s]).bit_count() for s in range(4)] for h in hands]
