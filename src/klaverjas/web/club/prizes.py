"""The prize formula: which places of the evening's standings win a prize.

A club's usual formula is "1st to 4th, then every 4th place": ``PrizeFormula(first=4, then_every=4)``
prizes places 1, 2, 3, 4, 8, 12, 16, ... as far as the field reaches.  ``then_every=0`` stops after the
first places; ``limit`` caps the number of prizes (the table of prizes has only so many bottles).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import SettingsError


@dataclass(frozen=True)
class PrizeFormula:
    first: int = 4  # places 1..first all win
    then_every: int = 4  # then every then_every-th place: first + k * then_every for k = 1, 2, ...
    limit: int | None = None  # at most this many prizes

    def __post_init__(self) -> None:
        for name, value in (("first", self.first), ("then_every", self.then_every)):
            if not isinstance(value, int) or value < 0:
                raise SettingsError("prize_number", name=name, value=repr(value))
        if self.limit is not None and (not isinstance(self.limit, int) or self.limit < 0):
            raise SettingsError("prize_number", name="limit", value=repr(self.limit))

    def places(self, field_size: int) -> list[int]:
        """The prized places (1-based) in a field of ``field_size`` entrants."""
        if field_size < 0:
            raise SettingsError("field_size", n=field_size)
        out = list(range(1, min(self.first, field_size) + 1))
        if self.then_every:
            out += range(self.first + self.then_every, field_size + 1, self.then_every)
        return out if self.limit is None else out[: self.limit]

    def as_json(self) -> dict[str, Any]:
        return {"first": self.first, "then_every": self.then_every, "limit": self.limit}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PrizeFormula:
        return cls(data["first"], data["then_every"], data.get("limit"))
