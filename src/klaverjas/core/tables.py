"""Precomputed per-trump tables for the card values of docs/rules.md §2.

Everything the hot paths need (points, which cards beat a card) is a tuple
lookup, so legal-card computation and trick play stay a few mask operations.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import SUIT_MASKS

# Rank indices are the natural order 7 8 9 T J Q K A = 0..7.
# Orders are listed low to high as rank indices.
_ORDERS = {
    # values: (plain low->high, trump low->high, plain points, trump points, last trick)
    "dutch": ((0, 1, 2, 4, 5, 6, 3, 7), (0, 1, 5, 6, 3, 7, 2, 4),
              (0, 0, 0, 10, 2, 3, 4, 11), (0, 0, 14, 10, 20, 3, 4, 11), 10),
    "sa": ((0, 1, 2, 3, 4, 5, 6, 7), (0, 1, 3, 5, 6, 7, 2, 4),
           (0, 0, 0, 10, 1, 2, 3, 11), (0, 0, 14, 10, 20, 2, 3, 11), 5),
}


@dataclass(frozen=True)
class ValueTables:
    """Tables for one values scheme, each indexed ``[trump][card]``."""

    points: tuple[tuple[int, ...], ...]
    above: tuple[tuple[int, ...], ...]  # same-suit cards that beat the card
    beaten_by: tuple[tuple[int, ...], ...]  # every card that takes over a trick headed by the card
    strength: tuple[tuple[int, ...], ...]  # 0..7 within a plain suit, 8..15 for trumps
    last_trick: int
    plain_order: tuple[int, ...]  # rank indices low to high
    trump_order: tuple[int, ...]


def _build(values: str) -> ValueTables:
    plain_order, trump_order, plain_points, trump_points, last = _ORDERS[values]
    plain_pos = {r: i for i, r in enumerate(plain_order)}
    trump_pos = {r: i for i, r in enumerate(trump_order)}
    points, above, beaten, strength = [], [], [], []
    for trump in range(4):
        pts, abv, bt, st = [], [], [], []
        for card in range(32):
            suit, rank = card >> 3, card & 7
            pos = trump_pos if suit == trump else plain_pos
            pts.append(trump_points[rank] if suit == trump else plain_points[rank])
            st.append(pos[rank] + (8 if suit == trump else 0))
            mask = 0
            for other in range(8):
                if pos[other] > pos[rank]:
                    mask |= 1 << (8 * suit + other)
            abv.append(mask)
            bt.append(mask | (SUIT_MASKS[trump] if suit != trump else 0))
        points.append(tuple(pts))
        above.append(tuple(abv))
        beaten.append(tuple(bt))
        strength.append(tuple(st))
    return ValueTables(tuple(points), tuple(above), tuple(beaten), tuple(strength), last, plain_order, trump_order)


TABLES: dict[str, ValueTables] = {name: _build(name) for name in _ORDERS}


__all__ = ["TABLES", "ValueTables"]
