"""A compact one-line notation for four hands, in the manner of bridge's PBN deal tag.

``N:AKQ.T98.J7.8 ...`` gives the hands of N, E, S, W (starting at the named seat and
going round N E S W), each as its clubs, diamonds, hearts and spades separated by
dots, ranks high to low in the order A K Q J T 9 8 7.  An empty suit is empty
between its dots.  ``parse_deal`` and ``format_deal`` are each other's inverse.

>>> text = "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"
>>> format_deal(parse_deal(text)) == text
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import RANKS, CardError, CardSet
from .seats import SEATS, parse_seat

_HIGH_TO_LOW = RANKS[::-1]


def format_hand(hand: CardSet) -> str:
    groups = []
    for suit in range(4):
        byte = hand >> (8 * suit) & 255
        groups.append("".join(r for r in _HIGH_TO_LOW if byte >> RANKS.index(r) & 1))
    return ".".join(groups)


def parse_hand_groups(text: str) -> CardSet:
    groups = text.split(".")
    if len(groups) != 4:
        raise CardError(f"hand {text!r}: expected four suit groups separated by dots (clubs.diamonds.hearts.spades)")
    hand = 0
    for suit, group in enumerate(groups):
        for rank_char in group.upper().replace("10", "T"):
            if rank_char not in RANKS:
                raise CardError(f"hand {text!r}: unknown rank {rank_char!r}")
            bit = 1 << (8 * suit + RANKS.index(rank_char))
            if hand & bit:
                raise CardError(f"hand {text!r}: duplicate card {rank_char}{'CDHS'[suit]}")
            hand |= bit
    return hand


def format_deal(hands: Sequence[CardSet], first: int = 0) -> str:
    order = [(first + i) % 4 for i in range(4)]
    return f"{SEATS[first]}:" + " ".join(format_hand(hands[s]) for s in order)


def parse_deal(text: str) -> list[CardSet]:
    """Four hands from the notation; checks that no card appears twice."""
    seat_text, colon, rest = text.strip().partition(":")
    if not colon:
        raise CardError(f"deal {text!r}: expected '<seat>:<hand> <hand> <hand> <hand>'")
    first = parse_seat(seat_text)
    parts = rest.split()
    if len(parts) != 4:
        raise CardError(f"deal {text!r}: expected 4 hands, got {len(parts)}")
    hands = [0, 0, 0, 0]
    seen = 0
    for i, part in enumerate(parts):
        hand = parse_hand_groups(part)
        if hand & seen:
            raise CardError(f"deal {text!r}: a card appears in two hands")
        seen |= hand
        hands[(first + i) % 4] = hand
    return hands
