"""Choosing trump (docs/rules.md §4) as a state machine for all six modes."""

from __future__ import annotations

from typing import NamedTuple

from .cards import SUITS
from .reasons import CALL_REFUSALS, ReasonedError, seat_facts
from .rules import Rules
from .seats import step_of
from .texts import Text, phrase_all


class TrumpError(ReasonedError):
    """An action the trump selection does not allow now; the message says why (``text`` in every language)."""


class TrumpAction(NamedTuple):
    """One call in the trump selection: :data:`PASS`, :data:`PLAY` or :func:`choose` of a suit."""

    kind: str  # "pass", "play" (take the proposed/turned suit) or "choose"
    suit: int | None = None

    def as_json(self) -> dict[str, str]:
        """``{"action": "pass" | "play" | "choose", "suit": "H"}`` (the suit only when chosen)."""
        out = {"action": self.kind}
        if self.suit is not None:
            out["suit"] = SUITS[self.suit]
        return out

    def __str__(self) -> str:
        return self.kind if self.suit is None else f"{self.kind} {SUITS[self.suit]}"


PASS = TrumpAction("pass")
PLAY = TrumpAction("play")
_CHOOSE = tuple(TrumpAction("choose", s) for s in range(4))
_OFFER = (PLAY, PASS)
_FREE = (PASS, *_CHOOSE)
_FORCED = {ex: tuple(a for a in _CHOOSE if a.suit != ex) for ex in (None, 0, 1, 2, 3)}


def choose(suit: int) -> TrumpAction:
    """The action that names ``suit`` as trump."""
    return _CHOOSE[suit]


class TrumpSelection:
    """Who may say what, in order, until trump and the maker are known.

    ``proposed`` is the suit on offer in ``proposed`` and ``turned`` modes; in
    ``last_card`` it is the suit of the dealer's face-up last card.
    """

    __slots__ = ("rules", "dealer", "proposed", "to_move", "trump", "maker", "passes", "events", "first",
                 "mode", "_step")

    def __init__(self, rules: Rules, dealer: int, proposed: int | None = None):
        self.rules = rules
        self.dealer = dealer
        self.proposed = proposed
        self.mode = mode = rules.trump_selection
        self.trump: int | None = None
        self.maker: int | None = None
        self.passes = 0
        self.events: list[tuple[int, TrumpAction]] = []
        if rules.deals_suit and proposed is None:
            raise TrumpError(f"trump selection {mode} needs the proposed suit")
        self._step = step_of(rules.direction)
        self.first = (dealer + self._step) % 4
        self.to_move: int | None = None
        if mode == "last_card":
            self.trump = proposed
        else:
            self.to_move = self.first

    def copy(self) -> TrumpSelection:
        """An independent copy: acting on it leaves this one as it is."""
        new = TrumpSelection.__new__(TrumpSelection)
        for name in TrumpSelection.__slots__:
            setattr(new, name, getattr(self, name))
        new.events = list(self.events)
        return new

    @property
    def done(self) -> bool:
        """Trump is known."""
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
        if self.rules.offers_suit and self.forced:
            return self.proposed
        return None

    def options(self) -> tuple[TrumpAction, ...]:
        """The actions the player to move may take (none once trump is known)."""
        if self.trump is not None:
            return ()
        if self.forced:
            return _FORCED[self.excluded]
        if self.rules.offers_suit:
            return _OFFER
        return _FREE

    def why_not(self, action: TrumpAction) -> str | None:
        """Why ``action`` is not allowed now, or None."""
        text = self.refusal(action)
        return None if text is None else text["en"]

    def refusal(self, action: TrumpAction) -> Text | None:
        """Why ``action`` is not allowed now, in every language, or None."""
        if self.done:
            return phrase_all(CALL_REFUSALS, "trump_chosen")
        if action in self.options():
            return None
        seat = seat_facts(self.to_move or 0)
        if self.forced and action.kind == "pass":
            return phrase_all(CALL_REFUSALS, "must_choose", **seat)
        if self.forced and action.kind == "play":
            if self.excluded is None:
                return phrase_all(CALL_REFUSALS, "must_name", **seat)
            return phrase_all(CALL_REFUSALS, "must_name_other", s_suit=self.excluded, **seat)
        if action.kind == "choose" and action.suit is not None and action.suit == self.excluded:
            return phrase_all(CALL_REFUSALS, "passed_suit", s_suit=action.suit)
        if action.kind == "choose" and self.rules.offers_suit:
            return phrase_all(CALL_REFUSALS, "suit_on_offer", s_suit=self.proposed or 0)
        if action.kind == "play":
            return phrase_all(CALL_REFUSALS, "no_suit_on_offer")
        return phrase_all(CALL_REFUSALS, "not_possible", action=str(action))

    def act(self, action: TrumpAction) -> None:
        """The player to move takes ``action``; raises :class:`TrumpError` with the reason if it is not allowed."""
        if action not in self.options():
            raise TrumpError(self.refusal(action) or phrase_all(CALL_REFUSALS, "not_possible", action=str(action)))
        seat = self.to_move
        assert seat is not None
        self.events.append((seat, action))
        if action.kind == "pass":
            self.passes += 1
            # All pass: the first lead seat chooses (free, proposed, turned); in bid the dealer is next anyway.
            self.to_move = (seat + self._step) % 4
            return
        self.trump = self.proposed if action.kind == "play" else action.suit
        self.maker = seat
        self.to_move = None

    def undo(self) -> None:
        """Take back the last action."""
        if not self.events or self.mode == "last_card":
            raise TrumpError.of_call("nothing_to_undo")
        seat, action = self.events.pop()
        if action.kind == "pass":
            self.passes -= 1
        self.trump = self.maker = None
        self.to_move = seat
