"""Roem (docs/rules.md §5): trick roem for the Dutch game, hand roemtes for the South African game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import JACK, KING, QUEEN, RANK_MASKS, Card, CardSet
from .rules import Rules


def _longest_run(byte: int) -> int:
    best = run = 0
    for bit in range(8):
        run = run + 1 if byte >> bit & 1 else 0
        best = max(best, run)
    return best


# Trick roem of the cards of one suit (a byte): a run of 3 is 20, of 4 is 50.
RUN_ROEM: tuple[int, ...] = tuple({3: 20, 4: 50}.get(min(_longest_run(b), 4), 0) for b in range(256))
STUK: tuple[CardSet, ...] = tuple((1 << (8 * s + KING)) | (1 << (8 * s + QUEEN)) for s in range(4))


def quartet_values(rules: Rules) -> tuple[int, ...]:
    """Trick roem for four of a kind, indexed by rank 7 8 9 T J Q K A."""
    if rules.quartets == "qka":
        return (0, 0, 0, 0, 0, 100, 100, 100)
    low = rules.four_low_ranks
    return (low, low, low, 100, 200, 100, 100, 100)


def trick_roem(cards: Sequence[Card], trump: int, quartets: Sequence[int]) -> int:
    """Roem in the four cards of a trick: runs, stuk and four of a kind."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    roem = RUN_ROEM[mask & 255] + RUN_ROEM[mask >> 8 & 255] + RUN_ROEM[mask >> 16 & 255] + RUN_ROEM[mask >> 24]
    stuk = STUK[trump]
    if mask & stuk == stuk:
        roem += 20
    rank = cards[0] & 7
    if mask & RANK_MASKS[rank] == RANK_MASKS[rank]:
        roem += quartets[rank]
    return roem


_FOUR_CARD_ROEM: dict[tuple[int, ...], dict[int, int]] = {}


def four_card_roem(quartets: tuple[int, ...]) -> dict[int, int]:
    """Runs and four of a kind (not stuk, which depends on trump) of every four-card mask.

    One dict lookup replaces the table arithmetic in the playout loop; built once per quartet scheme.
    """
    table = _FOUR_CARD_ROEM.get(quartets)
    if table is None:
        from itertools import combinations

        table = {}
        for a, b, c, d in combinations(range(32), 4):
            mask = 1 << a | 1 << b | 1 << c | 1 << d
            roem = RUN_ROEM[mask & 255] + RUN_ROEM[mask >> 8 & 255] + RUN_ROEM[mask >> 16 & 255] + RUN_ROEM[mask >> 24]
            if a & 7 == b & 7 == c & 7 == d & 7:
                roem += quartets[a & 7]
            table[mask] = roem
        _FOUR_CARD_ROEM[quartets] = table
    return table


def trick_roem_parts(cards: Sequence[Card], trump: int, quartets: Sequence[int]) -> list[tuple[str, int]]:
    """The same roem split into named parts, for announcements ("Stuk!", "50")."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    parts: list[tuple[str, int]] = []
    for suit in range(4):
        run = RUN_ROEM[mask >> (8 * suit) & 255]
        if run:
            parts.append(("run", run))
    if mask & STUK[trump] == STUK[trump]:
        parts.append(("stuk", 20))
    rank = cards[0] & 7
    if mask & RANK_MASKS[rank] == RANK_MASKS[rank] and quartets[rank]:
        parts.append(("four", quartets[rank]))
    return parts


@dataclass(frozen=True, order=True)
class Roemte:
    """One hand roemte (South African game).  Ordered by how it sizes against another."""

    value: int
    top_rank: int  # natural order, the run's highest card or the quartet's rank
    in_trump: bool
    neg_order: int  # minus the declaration order: the earlier declarer keeps it
    kind: str  # "run" or "four"
    suit: int  # -1 for four of a kind
    seat: int

    def describe(self) -> str:
        """In words: ``four Js: 200`` or ``50 K-high in H``."""
        names = "789TJQKA"
        if self.kind == "four":
            return f"four {names[self.top_rank]}s: {self.value}"
        return f"{self.value} {names[self.top_rank]}-high in {'CDHS'[self.suit]}"


def hand_roemtes(hand: CardSet, seat: int, order: int, trump: int) -> list[Roemte]:
    """Runs of 3 (20), 4 (50), 5+ (100) in one suit and four of a kind (jacks 200, others 100).

    Sturk is not a roemte here: it always counts for its holder (see :func:`has_sturk`).
    """
    found: list[Roemte] = []
    for suit in range(4):
        byte = hand >> (8 * suit) & 255
        run = 0
        for rank in range(9):
            if rank < 8 and byte >> rank & 1:
                run += 1
                continue
            if run >= 3:
                value = 20 if run == 3 else 50 if run == 4 else 100
                found.append(Roemte(value, rank - 1, suit == trump, -order, "run", suit, seat))
            run = 0
    for rank in range(8):
        if hand & RANK_MASKS[rank] == RANK_MASKS[rank]:
            found.append(Roemte(200 if rank == JACK else 100, rank, False, -order, "four", -1, seat))
    return found


def has_sturk(hand: CardSet, trump: int) -> bool:
    """The hand holds the king and queen of trumps."""
    return hand & STUK[trump] == STUK[trump]


def scoring_roemtes(hands: Sequence[CardSet], declare_order: Sequence[int], trump: int) -> list[Roemte]:
    """The roemtes that score: only the team holding the single best roemte scores (all of its own).

    ``declare_order`` lists the seats in the order they play their first card.
    """
    every: list[Roemte] = []
    for order, seat in enumerate(declare_order):
        every.extend(hand_roemtes(hands[seat], seat, order, trump))
    if not every:
        return []
    best_team = max(every).seat & 1
    return [r for r in every if r.seat & 1 == best_team]
