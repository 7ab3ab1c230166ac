"""Players for ``klaverjas demo``: the basic level at every seat, each seeing only its own view."""

from __future__ import annotations

from ..core import Deal, Rules, TrumpAction
from .basic import BasicBot
from .view import View


class DemoPlayers:
    """The interface ``klaverjas demo`` asks for: ``trump(deal, seat)`` and ``card(deal, seat)``."""

    def __init__(self, rules: Rules, seed: int):
        self.rules = rules
        self.bot = BasicBot()  # deterministic: the seed only deals the cards
        self.bot.reseed(seed)

    def trump(self, deal: Deal, seat: int) -> TrumpAction:
        return self.bot.trump(View.of(deal, seat))

    def card(self, deal: Deal, seat: int) -> int:
        return self.bot.card(View.of(deal, seat))
