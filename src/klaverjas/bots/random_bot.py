"""The ``random`` level: a uniformly random legal answer to every decision."""

from __future__ import annotations

import random

from ..core import TrumpAction, cards_of
from ..core.texts import Text
from .base import Action, Bot
from .texts import both
from .view import View


class RandomBot(Bot):
    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def trump(self, view: View) -> TrumpAction:
        return self.rng.choice(view.options)

    def card(self, view: View) -> int:
        return self.rng.choice(cards_of(view.legal))

    def explain(self, view: View) -> tuple[Action, Text]:
        """The same random draw as :meth:`decide`, said for what it is."""
        if view.phase == "trump":
            return self.trump(view), both("random_trump", n=len(view.options))
        if view.phase == "play":
            n = view.legal.bit_count()
            card = self.card(view)
            return card, both("only", c_card=card) if n == 1 else both("random_card", n=n)
        return super().explain(view)
