"""Computer players: the view a bot sees, the levels, advice, the protocol and the arena.

May import :mod:`klaverjas.core` and :mod:`klaverjas.solver` only.
"""

from .base import Action, Bot, Option
from .basic import BasicBot
from .random_bot import RandomBot
from .view import View

__all__ = ["Action", "Bot", "Option", "BasicBot", "RandomBot", "View"]
