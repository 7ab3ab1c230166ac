"""Players for ``klaverjas demo``: the basic level at every seat, each seeing only its own view and saying why."""

from __future__ import annotations

from ..core import Deal, Rules, TrumpAction
from ..core.texts import Text
from .basic import BasicBot
from .view import View


class DemoPlayers:
    """The interface ``klaverjas demo`` asks for: ``trump(deal, seat)`` and ``card(deal, seat)``, each
    with the player's reason (``{"en", "nl"}``)."""

    def __init__(self, rules: Rules, seed: int):
        self.rules = rules
        self.bot = BasicBot()  # deterministic: the seed only deals the cards
        self.bot.reseed(seed)

    def trump(self, deal: Deal, seat: int) -> tuple[TrumpAction, Text | None]:
        action, why = self.bot.explain(View.of(deal, seat))
        assert isinstance(action, TrumpAction)
        return action, why

    def card(self, deal: Deal, seat: int) -> tuple[int, Text | None]:
        card, why = self.bot.explain(View.of(deal, seat))
        assert isinstance(card, int)
        return card, why
