"""One game table: a match between seats (humans and computer players), its numbered events,
and what each seat may see.

This module is synchronous and does no I/O: the service feeds it actions and
persists :meth:`GameTable.to_json` after every one.
"""

from __future__ import annotations

import hmac
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from klaverjas.bots import BasicBot, Bot, RandomBot, View
from klaverjas.bots.base import held_back, renege_reason
from klaverjas.bots.expert import ExpertBot
from klaverjas.bots.strong import StrongBot
from klaverjas.bots.strong import available as strong_available
from klaverjas.bots.texts import is_public
from klaverjas.core import (
    SEATS,
    SUITS,
    TABLES,
    TEAMS,
    Deal,
    IllegalCard,
    MatchPlay,
    PlayError,
    Rules,
    TrumpAction,
    TrumpError,
    card_name,
    cards_of,
    parse_card,
    parse_suit,
)
from klaverjas.core.reasons import ReasonedError, card_label, seat_facts
from klaverjas.core.record import replay, to_record
from klaverjas.core.roem import quartet_values, trick_roem_parts
from klaverjas.core.rules_words import rules_words
from klaverjas.core.scoring import ScoreError
from klaverjas.core.texts import LANGS, Text, entry
from klaverjas.core.trump import PASS, PLAY, choose

from .texts import core_refusal, say

LEVELS = ("random", "basic", "strong", "expert")  # as models.Level
SPECTATORS = 4  # an event's audience: the table's spectators only (seats are 0..3)
HELD_BACK: Text = dict(held_back())  # the live ``why`` of a reason held back until the deal is over

# Refusals of a roem claim, per language; a wrong amount is refused without naming the right one.
CLAIM_REFUSALS: dict[str, Text] = {
    "not_now": entry("There is nothing to claim now: roem is claimed right after your side wins a trick.",
                     "Er valt nu niets te roemen: roem meld je direct nadat jullie een slag winnen."),
    "not_yours": entry("The other side won the last trick; only they may claim its roem.",
                       "De andere kant won de laatste slag; alleen zij mogen de roem ervan melden."),
    "wrong": entry("That is not the roem in the last trick. Count again, or claim no roem.",
                   "Dat is niet de roem in de laatste slag. Tel nog eens, of meld geen roem."),
}


class ActionError(ValueError):
    """An action the table refuses; ``code`` is stable for clients, ``reason`` says why in every language (its
    English is the message)."""

    def __init__(self, code: str, reason: Text):
        super().__init__(reason["en"])
        self.code = code
        self.reason = reason

    @classmethod
    def of_claim(cls, code: str, kind: str) -> ActionError:
        return cls(code, dict(CLAIM_REFUSALS[kind]))

    @classmethod
    def of_deal(cls, code: str, exc: ReasonedError) -> ActionError:
        """The deal's own refusal (a card, a call, a claim) in its words."""
        return cls(code, core_refusal(exc))


def new_token() -> str:
    """A seat's, an invitation's or a spectator link's secret: URL-safe base64 of 18 random bytes (the shape the
    routes' ``Tokens`` pattern admits)."""
    return secrets.token_urlsafe(18)


def table_link(code: str, kind: str, secret: str) -> str:
    """The address of a table with friends that lets its holder in: ``kind`` is ``token`` (a seat), ``invite`` or
    ``watch``; the secret rides in the fragment, which browsers never send to a server nor put in a Referer."""
    return f"/t/{code}#{kind}={secret}"


def make_bot(level: str, seed: int) -> Bot:
    """A computer player of ``level``; ``strong`` and ``expert`` play as ``basic`` where the solver is not
    installed."""
    if level == "random":
        bot: Bot = RandomBot()
    elif level == "strong" and strong_available():
        bot = StrongBot()
    elif level == "expert" and strong_available():
        bot = ExpertBot()
    else:
        bot = BasicBot()
    bot.reseed(seed)
    return bot


@dataclass
class SeatInfo:
    kind: str  # "human", "bot", or "open" (an empty chair in a table's lobby)
    level: str = "basic"  # the computer player's level (also the one that stands in for an absent human)
    name: str = ""
    token: str = ""  # the human's secret; never sent to anyone else
    replaced: bool = False  # the human is away and a computer player plays for him

    def public(self, seat: int) -> dict[str, Any]:
        return {"seat": SEATS[seat], "kind": self.kind, "level": self.level if self.kind == "bot" else None,
                "name": self.name, "replaced": self.replaced}

    @property
    def played_by_bot(self) -> bool:
        return self.kind == "bot" or (self.kind == "human" and self.replaced)


@dataclass
class Event:
    seq: int
    kind: str
    data: dict[str, Any]
    audience: int | None = None  # a seat, or None for everyone

    def as_json(self) -> dict[str, Any]:
        if self.data.get("held"):  # a reason that tells of a hidden hand: said after the deal (deal_end)
            data = {k: v for k, v in self.data.items() if k != "held"}
            return {"seq": self.seq, "type": self.kind, **data, "why": dict(HELD_BACK)}
        return {"seq": self.seq, "type": self.kind, **self.data}


def _sorted_hand(hand: int, trump: int, rules: Rules) -> list[int]:
    """Suits together, trumps first, each suit high to low in the variant's play order (natural order
    before trump is known)."""
    strength = TABLES[rules.values].strength[trump if trump >= 0 else 0]
    return sorted(cards_of(hand), key=lambda c: (0 if c >> 3 == trump else 1, c >> 3,
                                                 -(strength[c] if trump >= 0 else c & 7)))


@dataclass
class GameTable:
    """A match at one table.  Seats are 0..3 (N E S W)."""

    id: str
    rules: Rules
    seats: list[SeatInfo]
    seed: int
    first_dealer: int = 0
    created: str = ""
    code: str = ""  # six-character invitation code of a table with friends
    host: int | None = None  # the seat that may start the table
    started: bool = True
    events: list[Event] = field(default_factory=list)
    finished_records: list[dict[str, Any]] = field(default_factory=list)
    review_cache: dict[int, Any] = field(default_factory=dict)  # deal number -> analysis (or its task)
    invites: dict[str, int] = field(default_factory=dict)  # one-time seat invitations of the host: token -> seat
    watch_token: str = ""  # the spectator link's secret, made when the host first asks for it
    # The next match at this table, once the host asked for it: its id, code, each seat's new token ("" for a
    # computer player's) and its spectator secret ("" when this table had no spectator link).
    rematch: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.play = MatchPlay(self.rules, self.first_dealer, self.seed)
        self.bots: dict[int, Bot] = {s: make_bot(info.level, self.seed * 4 + s)
                                      for s, info in enumerate(self.seats) if info.played_by_bot}
        self.chat_log: list[dict[str, Any]] = []
        # Per finished deal, what the play sheet shows beside the score: the makers and the roem per team.
        self.deal_facts: list[dict[str, Any]] = []

    # --- construction ----------------------------------------------------
    @classmethod
    def create(cls, rules: Rules, seats: list[SeatInfo], seed: int | None = None, first_dealer: int = 0,
               created: str = "", code: str = "", host: int | None = None) -> GameTable:
        """A table; with a ``code`` it waits in its lobby until the host starts it."""
        table = cls(secrets.token_urlsafe(9), rules, seats, seed if seed is not None else random.randrange(1 << 31),
                    first_dealer, created, code, host, started=not code)
        if table.started:
            table._start_deal()
        return table

    # --- the lobby of a table with friends ------------------------------------------
    def sit(self, seat: int, name: str, token: str, invite: str | None = None) -> None:
        """A friend takes a chair: an open one in the lobby with the code alone; after the start only the seat
        the host invited him to (``invite``), a computer player's or an absent person's."""
        if self.phase == "match_over":
            raise ActionError("not_now", say("match_over"))
        info = self.seats[seat]
        if invite is not None:
            if self.invited_seat(invite) != seat:
                raise ActionError("bad_invite", say("bad_invite", **seat_facts(seat)))
            if not self._invitable(seat):
                raise ActionError("seat_taken", say("seat_taken", **seat_facts(seat)))
        elif info.kind != "open":
            taken = "seat_taken_started" if self.started else "seat_taken"
            raise ActionError("seat_taken", say(taken, **seat_facts(seat)))
        self._end_invites(seat)  # the seat has its person: an invitation works once, and not for a later chair
        self.seats[seat] = SeatInfo("human", info.level, name, token)  # an absent person's old token ends here
        self.bots.pop(seat, None)
        self._emit("seat", {"seat": SEATS[seat], "kind": "human", "name": name})

    def _invitable(self, seat: int) -> bool:
        """A seat the host may give away: an open chair, a computer player's, or a person's whom a computer
        player replaces because he is away; never the host's own."""
        info = self.seats[seat]
        return seat != self.host and (info.kind in ("open", "bot") or (info.kind == "human" and info.replaced))

    def invite(self, by: int, seat: int) -> str:
        """The host's one-time invitation for ``seat``; a new one for the same seat replaces the last."""
        if by != self.host:
            raise ActionError("not_host", say("host_invites"))
        if self.phase == "match_over":
            raise ActionError("not_now", say("match_over"))
        if not self._invitable(seat):
            raise ActionError("seat_taken", say("seat_here", **seat_facts(seat)))
        token = new_token()
        self._end_invites(seat)
        self.invites[token] = seat
        return token

    def _end_invites(self, seat: int) -> None:
        self.invites = {t: s for t, s in self.invites.items() if s != seat}

    def invited_seat(self, token: str) -> int | None:
        for invite, seat in self.invites.items():
            if hmac.compare_digest(invite, token):
                return seat
        return None

    def invitation(self, token: str) -> int:
        """The seat an invitation would take now, refused as :meth:`sit` would refuse it: the join screen
        names the seat, or says why the link no longer works, before anyone types a name."""
        seat = self.invited_seat(token)
        if seat is None:
            raise ActionError("bad_invite", say("invite_used"))
        if self.phase == "match_over":
            raise ActionError("not_now", say("match_over"))
        if not self._invitable(seat):
            raise ActionError("seat_taken", say("seat_taken", **seat_facts(seat)))
        return seat

    def spectator_token(self, by: int, renew: bool = False) -> str:
        """The secret of the table's spectator link (the same for everyone the host gives it to); ``renew``:
        a new one, and the old link opens nothing any more (its spectators are shut out)."""
        if by != self.host:
            raise ActionError("not_host", say("host_watch_link"))
        if renew or not self.watch_token:
            self.watch_token = new_token()
        return self.watch_token

    def may_watch(self, token: str | None) -> bool:
        """A spectator's way in: at a table with friends only its spectator link; a game against the
        computer is watched by its id alone (it has no code and no chat with others)."""
        if not self.code:
            return not token
        return bool(token and self.watch_token and hmac.compare_digest(self.watch_token, token))

    # --- another match at this table ----------------------------------------------------
    def check_rematch(self, by: int | None) -> None:
        """Refused unless the host of a table with friends asks once its match is over."""
        if not self.code:
            raise ActionError("not_table", say("rematch_friends"))
        if by is None or by != self.host:
            raise ActionError("not_host", say("rematch_host"))
        if self.phase != "match_over":
            raise ActionError("not_now", say("rematch_not_over"))

    def next_match(self, code: str, created: str) -> GameTable:
        """The next match at this table, as a card room goes on: everyone in the same seat under the same name
        (each person with a new secret), computer players where there were, the same rules and host, the next
        dealer in turn; it starts at once. A spectator secret only where this table had one."""
        seats = [SeatInfo("human", info.level, info.name, new_token()) if info.kind == "human"
                 else SeatInfo("bot", info.level) for info in self.seats]
        table = GameTable.create(self.rules, seats, first_dealer=self.play.dealer, created=created, code=code,
                                 host=self.host)
        if self.watch_token:
            table.watch_token = new_token()
        assert self.host is not None  # a table with a code has its host
        table.start(self.host)
        return table

    def announce_rematch(self, by: int, new: GameTable | None) -> str:
        """Tell the table where its next match is (``new``), each seated person in an event of his own with his
        own new secret and the spectators with the new spectator link, if any; asked again, the host is told the
        same table once more. Returns the next match's id."""
        self.check_rematch(by)
        if not self.rematch:
            if new is None:
                raise ActionError("not_now", say("rematch_not_over"))
            self.rematch = {"id": new.id, "code": new.code, "watch": new.watch_token,
                            "tokens": [info.token if info.kind == "human" else "" for info in new.seats]}
            for seat, info in enumerate(self.seats):
                if info.kind == "human":
                    self._emit("rematch", self.rematch_for(seat) or {}, audience=seat)
            if self.rematch["watch"]:
                self._emit("rematch", self.rematch_for(None) or {}, audience=SPECTATORS)
        else:
            self._emit("rematch", self.rematch_for(by) or {}, audience=by)
        return str(self.rematch["id"])

    def rematch_for(self, seat: int | None) -> dict[str, Any] | None:
        """Where ``seat`` (None: a spectator) goes for the next match, with the secret that is his alone."""
        if not self.rematch:
            return None
        code = self.rematch["code"]
        if seat is None:
            watch = self.rematch["watch"]
            return {"id": self.rematch["id"], "code": code, "seat": None, "token": None,
                    "link": table_link(code, "watch", watch)} if watch else None
        token = self.rematch["tokens"][seat]
        if not token or self.seats[seat].kind != "human":
            return None
        return {"id": self.rematch["id"], "code": code, "seat": SEATS[seat], "token": token,
                "link": table_link(code, "token", token)}

    def start(self, seat: int) -> None:
        if self.started:
            raise ActionError("not_now", say("started"))
        if seat != self.host:
            raise ActionError("not_host", say("host_starts"))
        for s, info in enumerate(self.seats):
            if info.kind == "open":
                self.seats[s] = SeatInfo("bot", info.level)
                self.bots[s] = make_bot(info.level, self.seed * 4 + s)
        self.started = True
        self._emit("start", {"seats": [info.public(s) for s, info in enumerate(self.seats)]})
        self._start_deal()

    def replace(self, seat: int) -> None:
        """The human at ``seat`` has been away too long: a computer player takes over until he is back."""
        info = self.seats[seat]
        if info.kind != "human" or info.replaced:
            return
        info.replaced = True
        self.bots[seat] = make_bot(info.level, self.seed * 4 + seat)
        self._emit("seat", {"seat": SEATS[seat], "kind": "human", "name": info.name, "replaced": True})

    def reclaim(self, seat: int) -> None:
        info = self.seats[seat]
        if info.kind != "human" or not info.replaced:
            return
        info.replaced = False
        self._end_invites(seat)  # he is back: nobody takes his seat with an invitation made while he was away
        self.bots.pop(seat, None)
        self._emit("seat", {"seat": SEATS[seat], "kind": "human", "name": info.name, "replaced": False})

    def chat(self, seat: int | None, text: str) -> None:
        name = self.seats[seat].name if seat is not None else ""
        self._emit("chat", {"seat": None if seat is None else SEATS[seat], "name": name, "text": text})
        self.chat_log.append(self.events[-1].data)

    @property
    def deal(self) -> Deal:
        deal = self.play.deal
        if deal is None:
            raise ActionError("no_deal", say("no_deal"))
        return deal

    @property
    def deal_no(self) -> int:
        return self.play.deals_played + 1

    def _deal_rng(self, index: int) -> random.Random:
        return random.Random(f"{self.seed}:{index}")

    def _start_deal(self) -> None:
        deal = self.play.new_deal(self._deal_rng(self.play.deals_played))
        self._emit("deal", {"deal": self.deal_no, "dealer": SEATS[deal.dealer],
                            "proposed": None if deal.selection.proposed is None else SUITS[deal.selection.proposed],
                            "face_up": deal.face_up})
        for seat in range(4):
            self._emit("hand", {"cards": [card_name(c) for c in cards_of(deal.hands[seat])]}, audience=seat)
        if deal.selection.done:
            self._emit_trump()

    # --- events ------------------------------------------------------------
    @property
    def seq(self) -> int:
        return self.events[-1].seq if self.events else 0

    def _emit(self, kind: str, data: dict[str, Any], audience: int | None = None) -> None:
        self.events.append(Event(self.seq + 1, kind, data, audience))

    def _with_why(self, data: dict[str, Any], why: Text | None) -> dict[str, Any]:
        """An event's data with a computer player's reason, if it gives one.  The one rule of what a seat may
        read when: a reason that speaks only of public facts and names only cards already played goes out
        with its event; any other is ``held`` (the event says :data:`HELD_BACK`) and comes in full with the
        ``deal_end`` event, when every card is open.  The same for every seat, partner included."""
        if not why:
            return data
        shown = 0
        for _, card in self.deal.plays:
            shown |= 1 << card
        return {**data, "why": dict(why), **({} if is_public(why, shown) else {"held": True})}

    def held_reasons(self) -> list[dict[str, Any]]:
        """The reasons held back in the current deal, in full, with the seq of their event."""
        held: list[dict[str, Any]] = []
        for event in reversed(self.events):
            if event.kind == "deal":
                break
            if event.data.get("held"):
                held.append({"seq": event.seq, "why": event.data["why"]})
        return held[::-1]

    def events_for(self, seat: int | None, since: int) -> list[dict[str, Any]]:
        """Events after ``since`` that ``seat`` may see (``None``: a spectator, who never reads the chat).

        Events are numbered from 1 without gaps, so those after ``since`` start at that index."""
        return [e.as_json() for e in self.events[max(0, since):]
                if (e.audience is None or e.audience == (SPECTATORS if seat is None else seat))
                and (seat is not None or e.kind != "chat")]

    def _emit_trump(self) -> None:
        deal = self.deal
        maker = deal.selection.maker
        self._emit("trump", {"trump": SUITS[deal.trump], "maker": None if maker is None else SEATS[maker]})

    # --- whose turn ----------------------------------------------------------
    @property
    def phase(self) -> str:
        if not self.started:
            return "lobby"
        if self.play.is_over:
            return "match_over"
        if self.play.deal is None or self.play.deal_finished:
            return "deal_over"
        return "trump" if not self.deal.selection.done else "play"

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == "trump":
            return self.deal.selection.to_move
        if phase == "play":
            return self.deal.turn
        return None

    def bot_to_move(self) -> int | None:
        seat = self.to_move
        return seat if seat is not None and seat in self.bots else None

    # --- actions (already authenticated to ``seat``) ----------------------------
    def act(self, seat: int, message: dict[str, Any]) -> None:
        """Apply one action for ``seat``; raises :class:`ActionError` and changes nothing if refused."""
        kind = message.get("type")
        if kind == "trump":
            self._trump(seat, message)
        elif kind == "card":
            self._card(seat, message)
        elif kind == "claim":
            self._claim(seat, message)
        elif kind == "verzaakt":
            self._verzaakt(seat)
        elif kind == "undo":
            self._undo(seat)
        elif kind == "next":
            self.next_deal()
        elif kind == "start":
            self.start(seat)
        else:
            raise ActionError("unknown_action", say("unknown_action", kind=repr(kind)))

    def _trump(self, seat: int, message: dict[str, Any]) -> None:
        if self.phase != "trump":
            raise ActionError("not_now", say("trump_chosen"))
        if self.deal.selection.to_move != seat:
            raise ActionError("not_your_turn", say("not_your_turn_to_speak"))
        action_name = message.get("action")
        action: TrumpAction
        if action_name == "pass":
            action = PASS
        elif action_name == "play":
            action = PLAY
        elif action_name == "choose":
            suit = message.get("suit")
            if not isinstance(suit, str):
                raise ActionError("bad_message", say("choose_needs_suit"))
            try:
                action = choose(parse_suit(suit))
            except ValueError as exc:
                raise ActionError("bad_message", say("bad_suit", detail=str(exc))) from None
        else:
            raise ActionError("bad_message", say("unknown_trump_action", name=repr(action_name)))
        self.apply_trump(seat, action)

    def apply_trump(self, seat: int, action: TrumpAction, why: Text | None = None) -> None:
        """``why``: a computer player's reason, carried by its event (people's events have none)."""
        try:
            self.deal.choose_trump(action)
        except (TrumpError, PlayError) as exc:
            raise ActionError.of_deal("refused", exc) from None
        self._emit("bid", self._with_why({"seat": SEATS[seat], **action.as_json()}, why))
        if self.deal.selection.done:
            self._emit_trump()

    def _card(self, seat: int, message: dict[str, Any]) -> None:
        text = message.get("card")
        if not isinstance(text, str):
            raise ActionError("bad_message", say("card_needs_name"))
        try:
            card = parse_card(text)
        except ValueError as exc:
            raise ActionError("bad_message", say("bad_card", detail=str(exc))) from None
        self.apply_card(seat, card)

    def apply_card(self, seat: int, card: int, why: Text | None = None) -> None:
        if self.phase != "play":
            raise ActionError("not_now", say("trump_first" if self.phase == "trump" else "no_card_now"))
        deal = self.deal
        if deal.turn != seat:
            raise ActionError("not_your_turn", say("not_your_turn", **seat_facts(deal.turn)))
        if not deal.hands[seat] >> card & 1:
            raise ActionError("not_in_hand", say("not_in_hand", c_card=card))
        try:
            deal.play(card)
        except IllegalCard as exc:
            raise ActionError("illegal", {lang: exc.refusal.text(lang) for lang in LANGS}) from None
        self._emit("card", self._with_why({"seat": SEATS[seat], "card": card_name(card)}, why))
        if not deal.trick:
            self._after_trick()

    def _after_trick(self) -> None:
        deal = self.deal
        t = deal.tricks[-1]
        parts = trick_roem_parts(t.cards, deal.trump, quartet_values(self.rules)) if self.rules.roem == "trick" else []
        self._emit("trick", {"winner": SEATS[t.winner], "cards": [card_name(c) for c in t.cards],
                             "points": t.points, "roem": sum(v for _, v in parts),
                             "announce": [("Stuk!" if name == "stuk" else str(value)) for name, value in parts],
                             "claimed": self.rules.roem_claim == "claimed"})
        if self.play.deal_finished:
            self._finish_deal()

    def _claim(self, seat: int, message: dict[str, Any]) -> None:
        amount = message.get("roem")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise ActionError("bad_message", say("roem_whole"))
        self.apply_claim(seat, amount)

    def claim_open(self) -> int | None:
        """Claimed roem: the team offered a claim on the trick it just won (whether or not the trick holds
        roem, so the offer says nothing), until one of its players claims or the next card is played."""
        if self.rules.roem_claim != "claimed" or self.rules.roem != "trick" or self.phase != "play":
            return None
        deal = self.deal
        if deal.trick or not deal.tricks:
            return None
        for event in reversed(self.events):
            if event.kind == "claim":
                return None  # claimed (or no roem said) since the last trick
            if event.kind == "trick":
                return deal.tricks[-1].winner & 1
        return None

    def claim_offered_to(self, seat: int) -> bool:
        """A person of the team offered a claim; a computer player that won the trick claims for its team."""
        team = self.claim_open()
        if team is None or seat & 1 != team or self.seats[seat].played_by_bot:
            return False
        return self.deal.tricks[-1].winner not in self.bots

    def apply_claim(self, seat: int, amount: int, why: Text | None = None) -> None:
        """Claim ``amount`` roem for the trick just won; 0 says "no roem" (and declines any there is).  A
        wrong amount is refused without naming the right one; the offer stays open."""
        team = self.claim_open()
        if team is None:
            raise ActionError.of_claim("not_now", "not_now")
        if seat & 1 != team:
            raise ActionError.of_claim("refused", "not_yours")
        pending = self.deal.pending_roem
        if amount:
            if pending is None or pending[1] != amount:
                raise ActionError.of_claim("refused", "wrong")
            try:
                self.deal.claim_roem(seat, amount)
            except PlayError as exc:
                raise ActionError.of_deal("refused", exc) from None
        self._emit("claim", self._with_why({"seat": SEATS[seat], "roem": amount}, why))

    def _verzaakt(self, seat: int, why: Text | None = None) -> None:
        if self.phase != "play":
            raise ActionError("not_now", say("no_deal_in_play"))
        try:
            offender = self.deal.call_verzaakt(seat)
        except PlayError as exc:
            raise ActionError.of_deal("refused", exc) from None
        self._emit("verzaakt", self._with_why({"seat": SEATS[seat], "team": TEAMS[offender]}, why))
        self._finish_deal()

    def can_undo(self, seat: int) -> bool:
        """A lone human may take back his last card of this deal (misclicks), with the bots' cards after it."""
        if self.phase != "play" or seat in self.bots or sum(i.kind == "human" for i in self.seats) != 1:
            return False
        return any(s == seat for s, _ in self.deal.plays)

    def _undo(self, seat: int) -> None:
        if not self.can_undo(seat):
            raise ActionError("refused", say("nothing_to_take_back"))
        deal = self.deal
        while True:
            played_by, _ = deal.plays[-1]
            deal.undo()
            if played_by == seat:
                break
        self._emit("undo", {"seat": SEATS[seat], "plays": len(deal.plays)})

    def _finish_deal(self) -> None:
        deal = self.deal
        self.play.finish_deal()
        record = to_record(deal)
        self.finished_records.append(record)
        facts = deal_facts(deal)
        self.deal_facts.append(facts)
        result: dict[str, Any] = {"deal": len(self.finished_records),
                                  "hands": {SEATS[s]: [card_name(c) for c in cards_of(deal.initial[s])]
                                            for s in range(4)},
                                  "points": {"NS": deal.points[0], "EW": deal.points[1]}, **facts,
                                  "reasons": self.held_reasons()}
        if self.rules.match_end_kind[0] == "strokes":
            result["went_on"] = None if deal.went_on is None else {
                "team": TEAMS[deal.went_on[0]], "strokes": deal.went_on[1]}
        else:
            score = deal.score()
            result.update({"score": {"NS": score.scores[0], "EW": score.scores[1]}, "nat": score.nat,
                           "pit": None if score.pit is None else TEAMS[score.pit],
                           "verzaakt": None if score.verzaakt is None else TEAMS[score.verzaakt]})
        self._emit("deal_end", result)
        if self.play.is_over:
            m = self.play.match
            self._emit("match_end", {"winner": None if m.winner is None else TEAMS[m.winner],
                                     "totals": {"NS": m.totals[0], "EW": m.totals[1]},
                                     "strokes": {"NS": m.strokes[0], "EW": m.strokes[1]}})

    def next_deal(self) -> None:
        if self.phase != "deal_over":
            raise ActionError("not_now", say("deal_not_over" if self.phase != "match_over" else "match_over"))
        self._start_deal()

    # --- bots ------------------------------------------------------------------
    def bot_view(self, seat: int) -> View:
        return View.of(self.deal, seat)

    def apply_bot(self, seat: int, decision: Any, why: Text | None = None) -> None:
        """Apply a bot's decision and its reason (computed off the event loop from :meth:`bot_view`)."""
        if self.to_move != seat:
            return  # the table moved on (undo, a call) while the bot was thinking
        if self.phase == "trump":
            self.apply_trump(seat, decision, why)
        else:
            self.apply_card(seat, int(decision), why)

    def bot_claims(self) -> list[tuple[int, int, Text]]:
        """Claimed roem: a computer player that won the trick claims for its team, with its reason (it counts
        right, and says "no roem" when there is none)."""
        if self.claim_open() is None:
            return []
        winner = self.deal.tricks[-1].winner
        bot = self.bots.get(winner)
        if bot is None:
            return []
        amount, why = bot.explain(View.of(self.deal, winner, claim=True))
        assert isinstance(amount, int)
        return [(winner, amount, why)]

    def bot_calls(self) -> tuple[int, Text] | None:
        """With illegal cards allowed, a bot opponent calls a renege at the end of the trick it happened in;
        with the caller comes the reason it gives."""
        if self.phase != "play" or self.rules.illegal_cards != "allow" or self.deal.trick:
            return None
        for index, offender_seat, card in self.deal.illegal_plays:
            callers = [s for s in self.bots if s & 1 != offender_seat & 1]
            if callers:
                return callers[0], renege_reason(offender_seat, card, index)
        return None

    def bot_call(self, seat: int, why: Text) -> None:
        self._verzaakt(seat, why)

    # --- what a seat sees ---------------------------------------------------------
    def state_for(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """Everything ``seat`` may know now (``None``: a spectator sees the public table only)."""
        play = self.play
        deal = play.deal
        out: dict[str, Any] = {
            "table": self.id, "seq": self.seq, "rules": str(self.rules), "rules_words": rules_words(self.rules),
            "seat": None if seat is None else SEATS[seat],
            "seats": [info.public(s) for s, info in enumerate(self.seats)],
            # After the last deal of a match the count stays at the deals played, as after any deal.
            "phase": self.phase, "deal": self.deal_no if self.phase not in ("deal_over", "match_over")
            else len(self.finished_records),
            "match_end": self.rules.match_end, "direction": self.rules.direction,
            "sheet": self._sheet(), "to_move": None,
            "roem_claim": self.rules.roem_claim, "illegal_cards": self.rules.illegal_cards,
            # The code and the chat are for the people seated at the table, not for its spectators.
            "code": (self.code or None) if seat is not None else None,
            "host": None if self.host is None else SEATS[self.host],
            "chat": self.chat_log[-20:] if seat is not None else [],
        }
        if self.rematch:
            out["rematch"] = self.rematch_for(seat)
        if self.phase in ("deal_over", "match_over") and self.finished_records:
            out["result"] = next(e.data for e in reversed(self.events) if e.kind == "deal_end")
            # The deal is recorded and gone from play; its last trick stays there to look at until the next deal,
            # and who dealt and who played it (public since trump was chosen) stay with its result, a reload too.
            if deal is None:
                done = replay(self.finished_records[-1])
                out["last_trick"] = done.tricks[-1].as_json() if done.tricks else None
                out.update({
                    "dealer": SEATS[done.dealer], "trump": None if done.trump < 0 else SUITS[done.trump],
                    "maker": None if done.selection.maker is None else SEATS[done.selection.maker],
                    "makers": None if done.makers is None else TEAMS[done.makers]})
        if deal is None:
            return out
        sel = deal.selection
        to_move = self.to_move
        claim_team = self.claim_open()
        out.update({
            "dealer": SEATS[deal.dealer], "to_move": None if to_move is None else SEATS[to_move],
            "trump": None if deal.trump < 0 else SUITS[deal.trump],
            "maker": None if sel.maker is None else SEATS[sel.maker],
            "makers": None if deal.makers is None else TEAMS[deal.makers],
            "proposed": None if sel.proposed is None else SUITS[sel.proposed],
            "face_up": deal.face_up,
            "bids": [{"seat": SEATS[s], **a.as_json()} for s, a in sel.events],
            "leader": SEATS[deal.leader],
            "trick": [{"seat": SEATS[deal.seat_of_trick_card(i)], "card": card_name(c)}
                      for i, c in enumerate(deal.trick)],
            "last_trick": None if not deal.tricks else deal.tricks[-1].as_json(),
            "tricks_won": {"NS": deal.tricks_won[0], "EW": deal.tricks_won[1]},
            "points": {"NS": deal.points[0], "EW": deal.points[1]},
            "roem": {"NS": deal.roem[0], "EW": deal.roem[1]},
            "hand_counts": {SEATS[s]: deal.hands[s].bit_count() for s in range(4)},
            "claim_team": None if claim_team is None else TEAMS[claim_team],
        })
        if seat is not None:
            hand = deal.hands[seat]
            out["hand"] = [{"card": card_name(c), "label": {"en": card_label(c, "en"), "nl": card_label(c, "nl")}}
                           for c in _sorted_hand(hand, deal.trump, self.rules)]
            if self.phase == "play" and to_move == seat:
                out["legal"] = [card_name(c) for c in cards_of(deal.legal())]
            if self.phase == "trump" and to_move == seat:
                out["options"] = [a.as_json() for a in sel.options()]
            out["can_undo"] = self.can_undo(seat)
            if self.claim_offered_to(seat):
                out["claim_offer"] = {"trick": len(deal.tricks)}
        return out

    def _sheet(self) -> dict[str, Any]:
        m = self.play.match
        rows = [{"NS": d.scores[0], "EW": d.scores[1], "nat": d.nat,
                 "pit": None if d.pit is None else TEAMS[d.pit],
                 "verzaakt": None if d.verzaakt is None else TEAMS[d.verzaakt], **facts}
                for d, facts in zip(m.deals, self.deal_facts, strict=False)]
        return {"rows": rows, "totals": {"NS": m.totals[0], "EW": m.totals[1]},
                "strokes": {"NS": m.strokes[0], "EW": m.strokes[1]},
                "games": [{"winner": TEAMS[w], "strokes": s, "NS": a, "EW": b} for w, s, a, b in m.games],
                "carry": {"NS": m.carry[0], "EW": m.carry[1]},
                "winner": None if m.winner is None else TEAMS[m.winner], "draw": m.draw}

    # --- persistence -----------------------------------------------------------------
    def to_json(self, events_after: int = 0) -> dict[str, Any]:
        """Everything needed to restore the table; only the events after ``events_after`` (the store
        keeps the earlier ones already)."""
        deal = self.play.deal
        return {
            "id": self.id, "rules": str(self.rules), "seed": self.seed, "first_dealer": self.first_dealer,
            "created": self.created, "code": self.code, "host": self.host, "started": self.started,
            "invites": self.invites, "watch_token": self.watch_token, "rematch": self.rematch,
            "seats": [{"kind": i.kind, "level": i.level, "name": i.name, "token": i.token, "replaced": i.replaced}
                      for i in self.seats],
            "finished": self.finished_records, "deals_finished": len(self.finished_records),
            "current": None if deal is None or self.play.deal_finished else to_record(deal),
            "events": [[e.seq, e.kind, e.data, e.audience] for e in self.events[events_after:]
                       if e.seq > events_after],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameTable:
        table = cls(data["id"], Rules.parse(data["rules"]),
                    [SeatInfo(s["kind"], s.get("level", "basic"), s.get("name", ""), s.get("token", ""),
                              bool(s.get("replaced", False))) for s in data["seats"]],
                    int(data["seed"]), int(data.get("first_dealer", 0)), data.get("created", ""),
                    data.get("code", ""), data.get("host"), bool(data.get("started", True)))
        for record in data.get("finished", []):
            deal = replay(record)
            table.play.adopt(deal)
            table.play.finish_deal()
            table.finished_records.append(record)
            table.deal_facts.append(deal_facts(deal))
        current = data.get("current")
        if current is not None:
            table.play.adopt(replay(current, partial=True))
        table.events = [Event(int(seq), kind, payload, audience) for seq, kind, payload, audience in data["events"]]
        table.chat_log = [e.data for e in table.events if e.kind == "chat"]
        table.invites = {str(t): int(s) for t, s in data.get("invites", {}).items()}
        table.watch_token = str(data.get("watch_token", ""))
        table.rematch = dict(data.get("rematch") or {})
        return table


def deal_facts(deal: Deal) -> dict[str, Any]:
    """Who played a finished deal (the makers, None without them) and its roem per team."""
    return {"makers": None if deal.makers is None else TEAMS[deal.makers],
            "roem": {"NS": deal.roem[0], "EW": deal.roem[1]}}


def restore_checked(data: dict[str, Any], on_error: Callable[[str], None]) -> GameTable | None:
    try:
        return GameTable.from_json(data)
    except (KeyError, TypeError, ValueError, ScoreError) as exc:
        on_error(f"table {data.get('id')!r} could not be restored: {exc}")
        return None
