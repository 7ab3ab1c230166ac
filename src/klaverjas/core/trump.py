"""Choosing trump (RULES.md section 4) as a state machine for all six modes."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import SUITS
from .rules import Rules
from .seats import SEATS, first_lead, next_seat


class TrumpError(ValueError):
    """An action the trump selection does not allow now; the message says why."""


@dataclass(frozen=True)
class TrumpAction:
    kind: str  # "pass", "play" (take the proposed/turned suit) or "choose"
    suit: int | None = None

    def as_json(self) -> dict[str, str]:
        out = {"action": self.kind}
        if self.suit is not None:
            out["suit"] = SUITS[self.suit]
        return out

    def __str__(self) -> str:
        return self.kind if self.suit is None else f"{self.kind} {SUITS[self.suit]}"


PASS = TrumpAction("pass")
PLAY = TrumpAction("play")


def choose(suit: int) -> TrumpAction:
    return TrumpAction("choose", suit)


@dataclass
class TrumpSelection:
    """Who may say what, in order, until trump and the maker are known.

    ``proposed`` is the suit on offer in ``proposed`` and ``turned`` modes; in
    ``last_card`` it is the suit of the dealer's face-up last card.
    """

    rules: Rules
    dealer: int
    proposed: int | None = None
    to_move: int | None = None
    trump: int | None = None
    maker: int | None = None
    passes: int = 0
    events: list[tuple[int, TrumpAction]] = field(default_factory=list)

    def __post_init__(self) -> None:
        mode = self.rules.trump_selection
        if mode in ("proposed", "turned", "last_card") and self.proposed is None:
            raise TrumpError(f"trump selection {mode} needs the proposed suit")
        if mode == "last_card":
            self.trump = self.proposed
            return
        self.to_move = first_lead(self.dealer, self.rules.direction)

    @property
    def mode(self) -> str:
        return self.rules.trump_selection

    @property
    def done(self) -> bool:
        return self.trump is not None

    @property
    def forced(self) -> bool:
        """The player to move must name a suit (everyone passed, or Utrecht rules)."""
        mode = self.mode
        if mode == "utrecht":
            return True
        if mode == "bid":
            return self.passes == 3
        return self.passes == 4

    @property
    def excluded(self) -> int | None:
        """The suit a forced chooser may not name (the refused proposal)."""
        if self.mode in ("proposed", "turned") and self.forced:
            return self.proposed
        return None

    def options(self) -> list[TrumpAction]:
        if self.done:
            return []
        if self.forced:
            return [choose(s) for s in range(4) if s != self.excluded]
        if self.mode in ("proposed", "turned"):
            return [PLAY, PASS]
        return [PASS] + [choose(s) for s in range(4)]

    def why_not(self, action: TrumpAction) -> str | None:
        """Why ``action`` is not allowed now, or None."""
        if self.done:
            return "trump has already been chosen"
        if action in self.options():
            return None
        if self.forced and action.kind == "pass":
            return f"{SEATS[self.to_move or 0]} must choose a suit now: passing is no longer possible"
        if action.kind == "choose" and action.suit is not None and action.suit == self.excluded:
            return f"everyone passed on {SUITS[action.suit]}: a different suit must be chosen"
        if action.kind == "choose" and self.mode in ("proposed", "turned"):
            return f"the suit on offer is {SUITS[self.proposed or 0]}: say play or pass"
        if action.kind == "play":
            return "there is no suit on offer: choose a suit or pass"
        return f"{action} is not possible now"

    def act(self, action: TrumpAction) -> None:
        reason = self.why_not(action)
        if reason is not None:
            raise TrumpError(reason)
        seat = self.to_move
        assert seat is not None
        self.events.append((seat, action))
        if action.kind == "pass":
            self.passes += 1
            # All pass: the first lead seat chooses (free, proposed, turned); in bid the dealer is next anyway.
            self.to_move = next_seat(seat, self.rules.direction)
            return
        self.trump = self.proposed if action.kind == "play" else action.suit
        self.maker = seat
        self.to_move = None

    def undo(self) -> None:
        if not self.events or self.mode == "last_card":
            raise TrumpError("nothing to undo in the trump selection")
        seat, action = self.events.pop()
        if action.kind == "pass":
            self.passes -= 1
        self.trump = self.maker = None
        self.to_move = seat
