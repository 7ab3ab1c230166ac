"""The player interface: a bot answers every decision from a :class:`~.view.View` alone."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from ..core import SUITS, TrumpAction, card_name
from ..core.roem import quartet_values, trick_roem
from ..core.texts import Text
from .texts import LANGS, Reason, render
from .view import View

# A decision: a trump action, a card (int) or a roem claim (int, 0 = no claim).
Action = TrumpAction | int


@dataclass(frozen=True)
class Option:
    """One answer to a decision with its rank score and a plain explanation per language."""

    action: Action
    score: float
    why: dict[str, str] = field(compare=False)
    code: str = ""  # the rule or figure behind the explanation (stable, for tests and the web app)

    def action_json(self, phase: str) -> dict[str, Any]:
        return action_json(phase, self.action)

    def as_json(self, phase: str) -> dict[str, Any]:
        return {**self.action_json(phase), "score": round(self.score, 2), "code": self.code, "why": self.why}


def action_json(phase: str, action: Action) -> dict[str, Any]:
    if phase == "trump":
        assert isinstance(action, TrumpAction)
        out: dict[str, Any] = {"action": action.kind}
        if action.suit is not None:
            out["suit"] = SUITS[action.suit]
        return out
    if phase == "play":
        assert isinstance(action, int)
        return {"card": card_name(action)}
    assert isinstance(action, int)
    return {"claim": action}


def last_trick_roem(view: View) -> int:
    """Roem of the trick just completed if this seat's team won it (what a claim may name)."""
    if not view.tricks or view.trump < 0:
        return 0
    last = view.tricks[-1]
    if last.winner & 1 != view.team:
        return 0
    return trick_roem(last.cards, view.trump, quartet_values(view.rules))


def renege_reason(offender: int, card: int, index: int) -> Text:
    """Why a computer player calls a renege: ``offender`` played ``card`` as the deal's card ``index``
    (from 0) where the rules did not allow it."""
    from .texts import SEAT_WORDS, both

    return both("call_renege", c_card=card, trick=index // 4 + 1, seat_en=SEAT_WORDS["en"][offender],
                seat_nl=SEAT_WORDS["nl"][offender])


def with_rule(why: Text, rule: Text) -> Reason:
    """``why`` followed by " Rule of thumb: ``rule``": both reasons' texts in one."""
    text = {lang: why[lang] + render("search_rule", lang, rule=rule[lang]) for lang in LANGS}
    parts = (*_parts(why), ("search_rule", frozenset()), *_parts(rule))
    return Reason(text, parts)


def _parts(why: Text) -> tuple[tuple[str, frozenset[int]], ...]:
    # A plain text says nothing of what it is made of: count it as one private part.
    return why.parts if isinstance(why, Reason) else (("", frozenset()),)


def held_back() -> Text:
    """What every seat reads while the deal is on instead of a reason that tells of a hidden hand."""
    from .texts import both

    return both("held_back")


class Bot(ABC):
    """A computer player.  It gets a :class:`View` and nothing else, for every decision."""

    name = "bot"

    def decide(self, view: View) -> Action:
        if view.phase == "trump":
            return self.trump(view)
        if view.phase == "play":
            return self.card(view)
        if view.phase == "claim":
            return self.claim(view)
        raise ValueError(f"no decision in phase {view.phase!r}")

    @abstractmethod
    def trump(self, view: View) -> TrumpAction: ...

    @abstractmethod
    def card(self, view: View) -> int: ...

    def claim(self, view: View) -> int:
        """Claimed roem: every level counts the last trick right (it is public and certain)."""
        return last_trick_roem(view)

    def advise(self, view: View) -> list[Option]:
        """The options of this decision, best first, each explained (en and nl)."""
        raise NotImplementedError(f"{self.name} gives no advice")

    def explain(self, view: View) -> tuple[Action, Text]:
        """The decision :meth:`decide` makes, with the reason this level gives for it (en and nl).

        Levels override it to explain from the evaluation that makes the decision, not a second one;
        this default takes the top of :meth:`advise` (a claim: the roem rule every level counts by)."""
        if view.phase == "claim":
            from .basic import claim_options

            top = claim_options(view)[0]
        else:
            try:
                top = self.advise(view)[0]
            except NotImplementedError:
                from .texts import both

                return self.decide(view), both("no_reason", name=self.name)
        return top.action, top.why

    def prepare(self) -> None:  # noqa: B027 - only bots with a costly start need it
        """Load what the first decision would otherwise wait for (the protocol calls it at start)."""

    def reseed(self, seed: int) -> None:  # noqa: B027 - only bots that draw random numbers need it
        """Make the next decisions reproducible (the arena reseeds before every deal)."""

    def close(self) -> None:  # noqa: B027 - an optional hook, not abstract
        """Release resources (external processes)."""
