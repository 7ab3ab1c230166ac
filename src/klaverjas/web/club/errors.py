"""What the club's evening refuses, each with a message that names what is wrong.

Every error is a :class:`ValueError`, so a router can turn any of them into an HTTP 4xx with the
message as its reason; the subclasses say which part of the evening refused.
"""

from __future__ import annotations


class ClubError(ValueError):
    """Input an evening or a season cannot take."""


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
