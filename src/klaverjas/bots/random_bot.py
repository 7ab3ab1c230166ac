"""The ``random`` level: a uniformly random legal answer to every decision."""

from __future__ import annotations

import random

from ..core import TrumpAction, cards_of
from .base import Bot
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
