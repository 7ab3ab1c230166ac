"""Variants as data: a frozen :class:`Rules` value built from presets and options.

``Rules.parse("amsterdam(trump_selection=utrecht,match_end=points:1500)")``
and ``str(rules)`` are each other's inverse; ``repr`` evaluates back.  Each text
field has a ``Literal`` type naming its values (docs/rules.md, "Fields"):

>>> rules = Rules.parse("amsterdam(trump_selection=utrecht,match_end=points:1500)")
>>> rules.trump_selection, rules.match_end_kind, str(rules.with_options(trump_selection="proposed"))
('utrecht', ('points', 1500), 'amsterdam(match_end=points:1500)')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, get_args


class RulesError(ValueError):
    """A preset, field or value that does not exist; the message names it."""


Direction = Literal["clockwise", "anticlockwise"]
"""The direction of play and of dealing (docs/rules.md §1)."""
PlayVariant = Literal["amsterdam", "rotterdam", "sa", "strict"]
"""Which legal-play rules apply (docs/rules.md §3)."""
CardValues = Literal["dutch", "sa"]
"""Card ranks and points: Dutch (162 a deal) or South African (146) (docs/rules.md §2)."""
TrumpMode = Literal["proposed", "free", "utrecht", "turned", "last_card", "bid"]
"""How trump is chosen (docs/rules.md §4)."""
RoemMode = Literal["trick", "hand"]
"""Roem in the tricks (Dutch) or roemtes declared from the hand (South African) (docs/rules.md §5)."""
RoemClaim = Literal["auto", "claimed"]
"""Trick roem counted by the engine, or claimed by the trick winner's team before the next card."""
Quartets = Literal["all", "qka"]
"""Which four-of-a-kind count as trick roem: all ranks, or only queens, kings and aces."""
IllegalCards = Literal["refuse", "allow"]
"""Refuse an illegal card with its reason, or let it be played and called ("verzaakt")."""
Batches = Literal["3-2-3", "4-4", "2-3-3", "3-3-2", "2-2-2-2"]
"""The dealing batches, each round starting from the seat after the dealer."""
MatchEndKind = Literal["deals", "points", "strokes", "open"]
"""The kind of a ``match_end`` text ``deals:N``, ``points:N``, ``strokes:N`` or ``open`` (docs/rules.md §7)."""

# The allowed values of each text field, read from its Literal type; the engine branches on these
# names only through the tables in :mod:`klaverjas.core.tables` and :mod:`klaverjas.core.play`.
CHOICES: dict[str, tuple[str, ...]] = {
    "direction": get_args(Direction),
    "play": get_args(PlayVariant),
    "values": get_args(CardValues),
    "trump_selection": get_args(TrumpMode),
    "roem": get_args(RoemMode),
    "roem_claim": get_args(RoemClaim),
    "quartets": get_args(Quartets),
    "illegal_cards": get_args(IllegalCards),
    "batches": get_args(Batches),
}

MATCH_END_KINDS: tuple[MatchEndKind, ...] = get_args(MatchEndKind)


@dataclass(frozen=True)
class Rules:
    """Everything that differs between tables, one field each (docs/rules.md, "Fields"; §8 for the presets).

    Build one with :meth:`parse` or :meth:`with_options`; constructing it checks every value and
    raises :class:`RulesError` naming the field.
    """

    direction: Direction = "clockwise"
    """Direction of play and dealing."""
    play: PlayVariant = "amsterdam"
    """The legal-play rules (docs/rules.md §3)."""
    rotterdam_undertrump: bool = True
    """Where undertrumping is compulsory, ``False`` makes the player discard a non-trump instead."""
    values: CardValues = "dutch"
    """Card ranks and points (docs/rules.md §2)."""
    trump_selection: TrumpMode = "proposed"
    """How trump is chosen (docs/rules.md §4)."""
    roem: RoemMode = "trick"
    """Trick roem or hand roemtes (docs/rules.md §5)."""
    roem_claim: RoemClaim = "auto"
    """Trick roem counted automatically or claimed."""
    quartets: Quartets = "all"
    """Which four-of-a-kind count in trick roem."""
    four_low_ranks: int = 0
    """Roem for four 7s, 8s or 9s in one trick: 0 or 100."""
    pit_bonus: int = 100
    """Extra roem for taking all eight tricks (a multiple of 10)."""
    illegal_cards: IllegalCards = "refuse"
    """Refuse illegal cards, or allow them to be played and called."""
    verzaak_penalty: int = 100
    """Added to the other team's score when a renege is called (a multiple of 10)."""
    match_end: str = "deals:16"
    """``deals:N``, ``points:N``, ``strokes:N`` or ``open``; :attr:`match_end_kind` parses it."""
    batches: Batches = "3-2-3"
    """Dealing batches."""
    preset: str = field(default="amsterdam", compare=False)
    """The preset this value was built from; ``str(rules)`` names the fields that differ from it."""

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
        """Points for the last trick: 10 (Dutch) or 5 (SA)."""
        return 5 if self.values == "sa" else 10

    @property
    def offers_suit(self) -> bool:
        """Whether one suit is put on offer first, to play or pass (``proposed``, ``turned``)."""
        return self.trump_selection in ("proposed", "turned")

    @property
    def deals_suit(self) -> bool:
        """Whether the deal itself brings a suit: on offer, or trump outright (``last_card``)."""
        return self.offers_suit or self.trump_selection == "last_card"

    @property
    def has_makers(self) -> bool:
        """Whether a team chooses trump and so can go nat (not in ``last_card``)."""
        return self.trump_selection != "last_card"

    @property
    def match_end_kind(self) -> tuple[MatchEndKind, int]:
        """``match_end`` parsed: its kind and number (0 for ``open``)."""
        text, _, number = self.match_end.partition(":")
        kind = next((k for k in MATCH_END_KINDS if k == text), None)
        if kind is None:
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
        """``batches`` as numbers: ``(3, 2, 3)``."""
        return tuple(int(n) for n in self.batches.split("-"))

    # --- text form ------------------------------------------------------
    @classmethod
    def preset_named(cls, name: str) -> Rules:
        """The preset of this name (``amsterdam``, ``rotterdam``, ``sa``, ``strict``)."""
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
        """A copy with some fields changed; text values of int and bool fields are converted."""
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
        """Every field by name, the preset included."""
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


PRESETS: dict[str, Rules] = {  # docs/rules.md §8
    "amsterdam": Rules(),
    "rotterdam": Rules(play="rotterdam", trump_selection="free", preset="rotterdam"),
    "sa": Rules(direction="anticlockwise", play="sa", values="sa", trump_selection="last_card",
                roem="hand", pit_bonus=0, match_end="strokes:5", preset="sa"),
    "strict": Rules(direction="anticlockwise", play="strict", trump_selection="bid", quartets="qka",
                    match_end="points:1500", batches="4-4", preset="strict"),
}
