"""Variants as data: a frozen :class:`Rules` value built from presets and options.

``Rules.parse("amsterdam(trump_selection=utrecht,match_end=points:1500)")``
and ``str(rules)`` are each other's inverse; ``repr`` evaluates back.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field, fields, replace
from typing import Any


class RulesError(ValueError):
    """A preset, field or value that does not exist; the message names it."""


# The allowed values of each text field; the engine branches on these names only
# through the tables in :mod:`klaverjas.core.tables` and :mod:`klaverjas.core.play`.
CHOICES: dict[str, tuple[str, ...]] = {
    "direction": ("clockwise", "anticlockwise"),
    "play": ("amsterdam", "rotterdam", "sa", "strict"),
    "values": ("dutch", "sa"),
    "trump_selection": ("proposed", "free", "utrecht", "turned", "last_card", "bid"),
    "roem": ("trick", "hand"),
    "roem_claim": ("auto", "claimed"),
    "quartets": ("all", "qka"),
    "illegal_cards": ("refuse", "allow"),
    "batches": ("3-2-3", "4-4", "2-3-3", "3-3-2", "2-2-2-2"),
}

MATCH_END_KINDS = ("deals", "points", "strokes", "open")


@dataclass(frozen=True)
class Rules:
    """Everything that differs between tables.  See RULES.md for each field."""

    direction: str = "clockwise"
    play: str = "amsterdam"
    rotterdam_undertrump: bool = True
    values: str = "dutch"
    trump_selection: str = "proposed"
    roem: str = "trick"
    roem_claim: str = "auto"
    quartets: str = "all"
    four_low_ranks: int = 0
    pit_bonus: int = 100
    illegal_cards: str = "refuse"
    verzaak_penalty: int = 100
    match_end: str = "deals:16"
    batches: str = "3-2-3"
    preset: str = field(default="amsterdam", compare=False)

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RulesError(f"{name}={value!r} is not one of {', '.join(allowed)}")
        if self.four_low_ranks not in (0, 100):
            raise RulesError(f"four_low_ranks={self.four_low_ranks!r} must be 0 or 100")
        for name in ("pit_bonus", "verzaak_penalty"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0 or value % 10:
                raise RulesError(f"{name}={value!r} must be a non-negative multiple of 10")
        _ = self.match_end_kind  # parsing it validates the text

    # --- derived values -------------------------------------------------
    @property
    def total(self) -> int:
        """Card points plus the last trick: 162 (Dutch) or 146 (SA)."""
        return 146 if self.values == "sa" else 162

    @property
    def last_trick_bonus(self) -> int:
        return 5 if self.values == "sa" else 10

    @property
    def has_makers(self) -> bool:
        return self.trump_selection != "last_card"

    @property
    def match_end_kind(self) -> tuple[str, int]:
        kind, _, number = self.match_end.partition(":")
        if kind not in MATCH_END_KINDS:
            raise RulesError(f"match_end={self.match_end!r}: expected deals:N, points:N, strokes:N or open")
        if kind == "open":
            if number:
                raise RulesError(f"match_end={self.match_end!r}: open takes no number")
            return kind, 0
        if not number.isdigit() or int(number) <= 0:
            raise RulesError(f"match_end={self.match_end!r}: {kind} needs a positive number")
        return kind, int(number)

    @property
    def batch_sizes(self) -> tuple[int, ...]:
        return tuple(int(n) for n in self.batches.split("-"))

    # --- text form ------------------------------------------------------
    @classmethod
    def preset_named(cls, name: str) -> Rules:
        try:
            return PRESETS[name]
        except KeyError:
            raise RulesError(f"unknown preset {name!r}: expected {', '.join(PRESETS)}") from None

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Parse ``preset`` or ``preset(field=value,...)``."""
        text = text.strip()
        name, paren, rest = text.partition("(")
        base = cls.preset_named(name.strip().lower())
        if not paren:
            return base
        if not rest.endswith(")"):
            raise RulesError(f"rules {text!r}: missing closing parenthesis")
        changes: dict[str, Any] = {}
        for item in filter(None, (p.strip() for p in rest[:-1].split(","))):
            key, eq, value = item.partition("=")
            key = key.strip()
            if not eq:
                raise RulesError(f"rules option {item!r}: expected field=value")
            changes[key] = _convert(key, value.strip())
        return base.with_options(**changes)

    def with_options(self, **changes: Any) -> Rules:
        known = {f.name: f for f in fields(self) if f.name != "preset"}
        for key, value in changes.items():
            if key not in known:
                raise RulesError(f"unknown rules field {key!r}: expected one of {', '.join(known)}")
            if isinstance(value, str) and known[key].type in ("int", "bool"):
                changes[key] = _convert(key, value)
        return replace(self, **changes)

    def options(self) -> dict[str, Any]:
        """The fields that differ from this value's preset."""
        base = PRESETS[self.preset]
        return {f.name: getattr(self, f.name) for f in fields(self)
                if f.name != "preset" and getattr(self, f.name) != getattr(base, f.name)}

    def __str__(self) -> str:
        opts = self.options()
        if not opts:
            return self.preset
        body = ",".join(f"{k}={_format(v)}" for k, v in opts.items())
        return f"{self.preset}({body})"

    def __repr__(self) -> str:
        return f"Rules.parse({str(self)!r})"

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def _convert(key: str, value: str) -> Any:
    types = {f.name: f.type for f in fields(Rules)}
    if key not in types or key == "preset":
        raise RulesError(f"unknown rules field {key!r}")
    if types[key] == "bool":
        low = value.lower()
        if low in ("true", "yes", "1", "on"):
            return True
        if low in ("false", "no", "0", "off"):
            return False
        raise RulesError(f"{key}={value!r} must be true or false")
    if types[key] == "int":
        try:
            return int(value)
        except ValueError:
            raise RulesError(f"{key}={value!r} must be a whole number") from None
    return value


def _format(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


PRESETS: dict[str, Rules] = {
    "amsterdam": Rules(),
    "rotterdam": Rules(play="rotterdam", trump_selection="free", preset="rotterdam"),
    "sa": Rules(direction="anticlockwise", play="sa", values="sa", trump_selection="last_card",
                roem="hand", pit_bonus=0, match_end="strokes:5", preset="sa"),
    "strict": Rules(direction="anticlockwise", play="strict", trump_selection="bid", quartets="qka",
                    match_end="points:1500", batches="4-4", preset="strict"),
}
