"""What the club's evening refuses, each with a reason that names what is wrong, in every language.

Every error is a :class:`ValueError` made from a key of :data:`.texts.TEXTS` and its facts: ``reason``
holds the refusal per language (``{"en": ..., "nl": ...}``), the message is the English one, so a router
can turn any of them into an HTTP 4xx with both; the subclasses say which part of the evening refused.
"""

from __future__ import annotations

from typing import Any

from klaverjas.core.texts import Text

from .texts import say


class ClubError(ValueError):
    """Input an evening or a season cannot take."""

    def __init__(self, key: str, **facts: Any) -> None:
        self.key = key
        self.reason: Text = say(key, **facts)
        super().__init__(self.reason["en"])


class DrawError(ClubError):
    """A draw that cannot be made or a hand-made draw that is not a valid round."""


class ResultError(ClubError):
    """A table's result that cannot be recorded."""


class RoundError(ClubError):
    """A round that cannot be drawn or closed now."""


class ClosedError(ClubError):
    """A change to an evening that is already closed."""


class SettingsError(ClubError):
    """An evening's settings, a bye rule, a prize formula or stored JSON that is not valid."""
