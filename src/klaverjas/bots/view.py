"""What one seat may know: its own hand, the public table, the history and the rules.

A :class:`View` is built from a :class:`~klaverjas.core.Deal` for one seat and
copies only public facts plus that seat's hand into immutable ints and tuples:
it keeps no reference to the deal or to any other hand, so a bot that is given
a view has nothing to reach hidden cards through.  The same view travels as
JSON in the bot protocol (:meth:`View.as_json` / :meth:`View.from_json`).

Derived knowledge (cards still unseen, cards a seat cannot hold because of
how it played, partner's signals) is computed from the view alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from ..core import (
    FULL_DECK,
    SEATS,
    SUIT_MASKS,
    SUITS,
    TABLES,
    Deal,
    PlayRules,
    Rules,
    TrumpAction,
    card_name,
    cards_of,
    legal_for,
    legal_mask,
    parse_card,
    parse_seat,
    parse_suit,
    trick_view,
)
from ..core.seats import step_of

PHASES = ("trump", "play", "claim", "done")


@dataclass(frozen=True, slots=True)
class PastTrick:
    leader: int
    cards: tuple[int, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class Signal:
    """A discard by ``seat`` while its partner headed the trick (same-suit signalling, docs/bots.md).

    ``kind``: ``"ace"`` (a low card: I hold the highest card of this suit),
    ``"stop"`` (a face card: do not lead this suit) or ``"second"`` (the highest
    card left: I also hold the next highest).
    """

    seat: int
    card: int
    kind: str


def _action_json(action: TrumpAction) -> dict[str, str]:
    return action.as_json()


def parse_action(data: dict[str, Any]) -> TrumpAction:
    kind = data.get("action")
    if kind not in ("pass", "play", "choose"):
        raise ValueError(f"unknown trump action {kind!r}: expected pass, play or choose")
    suit = data.get("suit")
    if kind == "choose":
        if not isinstance(suit, str):
            raise ValueError("a choose action needs a suit")
        return TrumpAction("choose", parse_suit(suit))
    return TrumpAction(kind)


@dataclass(frozen=True)
class View:
    """One seat's knowledge at a decision.  Cards are ints, card sets 32-bit masks, seats 0..3."""

    rules: Rules
    seat: int
    dealer: int
    phase: str  # trump | play | claim | done
    hand: int  # the seat's cards now
    mode: str  # trump selection mode
    proposed: int | None  # suit on offer (proposed/turned) or shown (last_card)
    face_up: str | None
    bids: tuple[tuple[int, TrumpAction], ...]  # trump selection so far, in order
    options: tuple[TrumpAction, ...]  # trump options when this seat must act
    trump: int  # -1 until chosen
    maker: int | None  # seat that chose trump
    leader: int  # leader of the current trick
    trick: tuple[int, ...]  # cards in the current trick, in order
    tricks: tuple[PastTrick, ...]
    points: tuple[int, int]
    roem: tuple[int, int]
    legal: int  # cards this seat may play now (0 unless it is to play)
    carry: tuple[int, int] = (0, 0)

    # --- building ---------------------------------------------------------
    @classmethod
    def of(cls, deal: Deal, seat: int, claim: bool = False) -> View:
        """The view of ``seat``; ``claim`` asks it about the roem of the trick just completed."""
        sel = deal.selection
        if claim:
            phase = "claim"
        elif not sel.done:
            phase = "trump"
        elif deal.is_over:
            phase = "done"
        else:
            phase = "play"
        to_act = phase == "trump" and sel.to_move == seat
        to_play = phase == "play" and deal.turn == seat
        return cls(
            rules=deal.rules, seat=seat, dealer=deal.dealer, phase=phase, hand=int(deal.hands[seat]),
            mode=sel.mode, proposed=sel.proposed, face_up=deal.face_up,
            bids=tuple((int(s), a) for s, a in sel.events),
            options=tuple(sel.options()) if to_act else (),
            trump=int(deal.trump), maker=sel.maker, leader=int(deal.leader), trick=tuple(deal.trick),
            tricks=tuple(PastTrick(t.leader, tuple(t.cards), t.winner) for t in deal.tricks),
            points=(deal.points[0], deal.points[1]), roem=(deal.roem[0], deal.roem[1]),
            legal=int(deal.legal()) if to_play else 0, carry=(deal.carry[0], deal.carry[1]),
        )

    # --- JSON (the bot protocol) ----------------------------------------
    def as_json(self) -> dict[str, Any]:
        def names(mask_or_cards: int | tuple[int, ...]) -> list[str]:
            seq = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
            return [card_name(c) for c in seq]

        return {
            "rules": str(self.rules), "seat": SEATS[self.seat], "dealer": SEATS[self.dealer], "phase": self.phase,
            "hand": names(self.hand),
            "trump_selection": {
                "mode": self.mode, "proposed": None if self.proposed is None else SUITS[self.proposed],
                "face_up": self.face_up,
                "bids": [{"seat": SEATS[s], **_action_json(a)} for s, a in self.bids],
                "options": [_action_json(a) for a in self.options],
            },
            "trump": None if self.trump < 0 else SUITS[self.trump],
            "maker": None if self.maker is None else SEATS[self.maker],
            "tricks": [{"leader": SEATS[t.leader], "cards": names(t.cards), "winner": SEATS[t.winner]}
                       for t in self.tricks],
            "trick": {"leader": SEATS[self.leader], "cards": names(self.trick)},
            "legal": names(self.legal),
            "points": {"NS": self.points[0], "EW": self.points[1]},
            "roem": {"NS": self.roem[0], "EW": self.roem[1]},
            "carry": {"NS": self.carry[0], "EW": self.carry[1]},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> View:
        try:
            sel = data["trump_selection"]

            def mask(names: list[str]) -> int:
                m = 0
                for n in names:
                    m |= 1 << parse_card(n)
                return m

            def cards(names: list[str]) -> tuple[int, ...]:
                return tuple(parse_card(n) for n in names)

            phase = data["phase"]
            if phase not in PHASES:
                raise ValueError(f"unknown phase {phase!r}: expected {', '.join(PHASES)}")
            team = data.get("carry") or {"NS": 0, "EW": 0}
            return cls(
                rules=Rules.parse(data["rules"]), seat=parse_seat(data["seat"]), dealer=parse_seat(data["dealer"]),
                phase=phase, hand=mask(data["hand"]), mode=sel["mode"],
                proposed=None if sel.get("proposed") is None else parse_suit(sel["proposed"]),
                face_up=sel.get("face_up"),
                bids=tuple((parse_seat(b["seat"]), parse_action(b)) for b in sel.get("bids", [])),
                options=tuple(parse_action(a) for a in sel.get("options", [])),
                trump=-1 if data.get("trump") is None else parse_suit(data["trump"]),
                maker=None if data.get("maker") is None else parse_seat(data["maker"]),
                leader=parse_seat(data["trick"]["leader"]), trick=cards(data["trick"]["cards"]),
                tricks=tuple(PastTrick(parse_seat(t["leader"]), cards(t["cards"]), parse_seat(t["winner"]))
                             for t in data.get("tricks", [])),
                points=(int(data["points"]["NS"]), int(data["points"]["EW"])),
                roem=(int(data["roem"]["NS"]), int(data["roem"]["EW"])),
                legal=mask(data.get("legal", [])), carry=(int(team["NS"]), int(team["EW"])),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"malformed view: missing or wrong field {exc}") from None

    # --- derived public facts ---------------------------------------------
    @property
    def partner(self) -> int:
        return self.seat ^ 2

    @property
    def team(self) -> int:
        return self.seat & 1

    @property
    def makers(self) -> int | None:
        return None if self.maker is None or not self.rules.has_makers else self.maker & 1

    @property
    def step(self) -> int:
        return step_of(self.rules.direction)

    def seat_at(self, leader: int, position: int) -> int:
        return (leader + position * self.step) % 4

    @cached_property
    def history(self) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """Every card played so far as (seat, card, trick cards before it), in order."""
        out: list[tuple[int, int, tuple[int, ...]]] = []
        for t in (*self.tricks, PastTrick(self.leader, self.trick, -1)):
            for pos, card in enumerate(t.cards):
                out.append((self.seat_at(t.leader, pos), card, t.cards[:pos]))
        return tuple(out)

    @cached_property
    def played(self) -> int:
        """Cards played so far, the current trick included."""
        m = 0
        for _, card, _ in self.history:
            m |= 1 << card
        return m

    @cached_property
    def played_by(self) -> tuple[int, int, int, int]:
        out = [0, 0, 0, 0]
        for seat, card, _ in self.history:
            out[seat] |= 1 << card
        return (out[0], out[1], out[2], out[3])

    @property
    def unseen(self) -> int:
        """Cards in the other three hands."""
        return FULL_DECK & ~self.hand & ~self.played

    def hand_size(self, seat: int) -> int:
        return 8 - self.played_by[seat].bit_count()

    @cached_property
    def excluded(self) -> tuple[int, int, int, int]:
        """Per seat, the cards not yet played that it cannot hold, shown by how it played.

        A seat that played ``c`` held no card ``x`` whose presence would have made ``c``
        illegal (void in the suit led, no trump when it had to trump, no higher trump
        when it had to overtrump).  Legality only shrinks as cards are added to a hand,
        so testing each ``x`` on its own with ``c`` finds exactly these cards.  Public
        knowledge: it does not depend on this seat's hand (see :meth:`with_hand`).
        """
        out = [0, 0, 0, 0]
        if self.trump < 0:
            return (0, 0, 0, 0)
        tables = TABLES[self.rules.values]
        above = tables.above[self.trump]
        pr = PlayRules.of(self.rules)
        left = FULL_DECK & ~self.played
        for seat, card, before in self.history:
            if not before:
                continue
            tv = trick_view(before, self.trump, tables)
            bit = 1 << card
            for x in cards_of(left & ~out[seat]):
                if not legal_mask(bit | (1 << x), tv.led, tv.win, tv.partner_winning, self.trump, above, pr) & bit:
                    out[seat] |= 1 << x
        return (out[0], out[1], out[2], out[3])

    def with_hand(self, hand: int, legal: int) -> View:
        """The same public knowledge with another hand: how another seat's decision looked to it
        (the sampler models players by it).  The public facts already derived are shared."""
        other = replace(self, hand=hand, legal=legal)
        for name in _PUBLIC_FACTS:
            if name in self.__dict__:
                other.__dict__[name] = self.__dict__[name]
        return other

    def may_hold(self, seat: int) -> int:
        """Unseen cards ``seat`` may still hold (its own hand for this seat)."""
        if seat == self.seat:
            return self.hand
        return self.unseen & ~self.excluded[seat]

    def void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` is known to hold no card of ``suit``."""
        return not self.may_hold(seat) & SUIT_MASKS[suit]

    def highest_left(self, suit: int) -> int:
        """The highest card of ``suit`` not yet played (in the current trump's order), or -1."""
        left = SUIT_MASKS[suit] & ~self.played
        if not left:
            return -1
        st = TABLES[self.rules.values].strength[max(self.trump, 0)]
        return max(cards_of(left), key=lambda c: st[c])

    @cached_property
    def signals(self) -> tuple[Signal, ...]:
        """Same-suit signals: discards made while the discarder's partner headed the trick."""
        if self.trump < 0:
            return ()
        tables = TABLES[self.rules.values]
        st = tables.strength[self.trump]
        out: list[Signal] = []
        seen = 0
        for seat, card, before in self.history:
            if before and card >> 3 != before[0] >> 3 and card >> 3 != self.trump:
                head = trick_view(before, self.trump, tables).win_pos
                leader = self.seat_at_card(seat, len(before))
                if self.seat_at(leader, head) == seat ^ 2:
                    suit = card >> 3
                    left = [c for c in cards_of(SUIT_MASKS[suit] & ~seen) if c != card]
                    if all(st[card] > st[c] for c in left) and left:
                        out.append(Signal(seat, card, "second"))
                    elif card & 7 <= 2:
                        out.append(Signal(seat, card, "ace"))
                    elif 4 <= card & 7 <= 6:
                        out.append(Signal(seat, card, "stop"))
            seen |= 1 << card
        return tuple(out)

    def seat_at_card(self, seat: int, position: int) -> int:
        """The leader of a trick in which ``seat`` played at ``position``."""
        return (seat - position * self.step) % 4


# Cached facts of a view that depend on the public table only, not on its hand.
_PUBLIC_FACTS = ("history", "played", "played_by", "excluded", "signals")


def legal_in(view: View, hand: int) -> int:
    """Legal cards for ``hand`` in the view's current trick (used by samplers and tests)."""
    return legal_for(view.rules, view.trump, hand, view.trick)


__all__ = ["View", "PastTrick", "Signal", "PHASES", "parse_action", "legal_in"]
