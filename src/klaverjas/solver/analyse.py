"""Double-dummy review of a played deal: what each card cost against the best card at that moment."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from klaverjas.core.cards import Card, card_name, card_symbol
from klaverjas.core.seats import SEATS
from klaverjas.core.state import Deal

from .position import Position
from .search import SolveResult, default_solver


@dataclass(frozen=True)
class PlayReview:
    index: int  # 0-based card number in the deal
    trick: int  # 1-based
    seat: int
    card: Card
    value: int | None  # value (NS view) after the card played; None for an illegal card
    best_value: int  # value after the best card
    best: tuple[Card, ...]
    loss: int  # what the card cost the player's team (>= 0)
    # Every legal card of the seat to move with its value (NS view), from the same solve: free to keep.
    legal: tuple[tuple[Card, int], ...] = ()

    def loss_of(self, value: int) -> int:
        """What a card of this value costs the mover's team against the best card (>= 0)."""
        return self.best_value - value if self.seat & 1 == 0 else value - self.best_value

    def as_json(self) -> dict[str, Any]:
        return {"index": self.index, "trick": self.trick, "seat": SEATS[self.seat], "card": card_name(self.card),
                "value": self.value, "best_value": self.best_value, "best": [card_name(c) for c in self.best],
                "loss": self.loss,
                "legal": [{"card": card_name(c), "value": v, "loss": self.loss_of(v)} for c, v in self.legal]}

    def sentence(self) -> str:
        best = "/".join(card_symbol(c) for c in self.best)
        if self.value is None:
            return f"trick {self.trick}: {card_symbol(self.card)} was illegal; {best} was best"
        if self.loss == 0:
            return f"trick {self.trick}: {card_symbol(self.card)} was best"
        card = card_symbol(self.card)
        points = "1 point" if self.loss == 1 else f"{self.loss} points"
        return f"trick {self.trick}: {card} cost {points}; {best} was best ({self.best_value})"


def analyse_deal(start: Deal, plays: Sequence[Card], objective: str = "real",
                 solve: Callable[[Position, str], SolveResult] | None = None) -> list[PlayReview]:
    """Review ``plays`` from ``start`` (a deal with trump chosen and no card played yet).

    ``start`` is played on; pass a fresh deal.  Values are NS minus EW; the loss is seen from
    the side of the player who played the card.
    """
    solve = solve or default_solver().solve
    reviews = []
    for index, card in enumerate(plays):
        pos = Position.from_deal(start)
        result = solve(pos, objective)
        seat = pos.turn
        value = result.cards.get(card)
        sign = 1 if seat & 1 == 0 else -1
        loss = result.value - value if value is not None and sign > 0 else (
            value - result.value if value is not None else 0)
        legal = tuple(sorted(result.cards.items()))
        reviews.append(PlayReview(index, len(start.tricks) + 1, seat, card, value, result.value,
                                  tuple(result.best), loss, legal))
        start.play_unchecked(card) if value is not None else start.play(card)
    return reviews


def summary(reviews: Sequence[PlayReview]) -> dict[str, dict[str, int]]:
    """Per player: cards played, cards that lost value, and the total lost."""
    out = {s: {"cards": 0, "mistakes": 0, "lost": 0} for s in SEATS}
    for r in reviews:
        entry = out[SEATS[r.seat]]
        entry["cards"] += 1
        if r.loss > 0 or r.value is None:
            entry["mistakes"] += 1
            entry["lost"] += r.loss
    return out
