"""The JSON bodies of the play and tables API, and the table state each seat receives (over HTTP and in
every ``state``/``update`` frame of the WebSocket, see :mod:`.frames`).

Fields that only some states carry (a hand only for a seated player, ``legal`` only on your turn) default
to ``None`` and are *left out* of the JSON when the server did not set them: the models are dumped with
``exclude_unset``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, StrictFloat, StrictInt, model_validator

from klaverjas.core import Rules
from klaverjas.core.rules_words import rules_words

from ..names import PlayerName, RequiredPlayerName

Seat = Literal["N", "E", "S", "W"]
Team = Literal["NS", "EW"]
Suit = Literal["C", "D", "H", "S"]
Level = Literal["random", "basic", "strong", "expert"]
Phase = Literal["lobby", "trump", "play", "deal_over", "match_over"]
MATCH_END = r"^(deals:(1[0-6]|[1-9])|points:(500|1000|1500|2000)|strokes:[1-9])$"


class Frozen(BaseModel):
    """An answer: the server's fields, nothing else."""

    model_config = ConfigDict(extra="forbid")


RULES_WORDS = "the rules in words per language, for people: Rotterdams · zelf roem melden · tot 1500"


def with_rules_words(data: Any) -> Any:
    """An answer that names its ``rules`` (for programs) gets ``rules_words`` (for people) made from them."""
    if isinstance(data, dict) and "rules_words" not in data and isinstance(data.get("rules"), str):
        return {**data, "rules_words": rules_words(Rules.parse(data["rules"]))}
    return data


# --- requests -----------------------------------------------------------------------------------

class RulesChoice(BaseModel):
    """The rules of a new game: a preset and the options a table usually changes."""

    model_config = ConfigDict(extra="forbid")
    preset: Literal["amsterdam", "rotterdam", "sa", "strict"] = "amsterdam"
    trump_selection: Literal["proposed", "free", "utrecht", "turned", "last_card", "bid"] | None = None
    match_end: Annotated[str, Field(pattern=MATCH_END)] | None = None
    roem_claim: Literal["auto", "claimed"] | None = None
    illegal_cards: Literal["refuse", "allow"] | None = None


class NewGame(RulesChoice):
    """A new game against three computer players; the human sits South."""

    levels: list[Level] = Field(default=["basic", "basic", "basic"], min_length=3, max_length=3,
                                description="partner N, then E and W")
    name: PlayerName = ""
    pace: StrictFloat = Field(default=0.7, ge=0, le=5, description="seconds a computer player takes per card")
    seed: StrictInt | None = Field(default=None, ge=0, lt=2**31, description="the same seed deals the same cards")


class NewTable(RulesChoice):
    """A table for friends: the host picks a seat; empty chairs get computer players at the start."""

    level: Level = "basic"
    name: RequiredPlayerName
    seat: Seat = "S"
    pace: StrictFloat = Field(default=0.7, ge=0, le=5)
    away_limit: StrictFloat = Field(default=60, ge=1, le=3600, description="seconds before a computer player sits in")
    seed: StrictInt | None = Field(default=None, ge=0, lt=2**31)


Secret = Annotated[str, Field(min_length=1, max_length=64)]


class JoinTable(BaseModel):
    """Take a chair: an open one in the lobby by the code alone; after the start the seat of the host's
    invitation (then ``seat`` may be left out)."""

    model_config = ConfigDict(extra="forbid")
    name: RequiredPlayerName
    seat: Seat | None = None
    invite: Secret | None = Field(None, description="the secret after #invite= in the host's invitation link")


class SeatInvite(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: Seat


class InvitationIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    invite: Secret = Field(description="the secret after #invite= in the host's invitation link")


class SpectateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    renew: bool = Field(False, description="a new spectator link: the old one stops opening the table, and "
                                           "whoever watches with it is shut out")


# --- answers ------------------------------------------------------------------------------------

class Created(Frozen):
    id: str
    token: str = Field(description="the seat's secret: send it as ?token= on the WebSocket")
    seat: Seat
    link: str = Field(description="the address that opens this game for its holder: /play/{id}#token={token}")


class Joined(Frozen):
    id: str
    code: str = Field(description="six characters from ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    token: str
    seat: Seat
    link: str = Field(description="the table's page with the token in its fragment: /t/{code}#token=...")


class Link(Frozen):
    link: str = Field(description="/t/{code}#invite=... or /t/{code}#watch=...: the secret is in the fragment")
    seat: Seat | None = Field(description="the seat an invitation is for; None for the spectator link")


class Invitation(Frozen):
    """What an invitation link is for, before its person joins; it gives no token."""

    seat: Seat = Field(description="the seat the invitation takes")


class GameSummary(Frozen):
    id: str
    seat: Seat = Field(description="the seat of the token that found this game")
    code: str | None = Field(description="a table's code; None for a game against the computer")
    rules: str
    phase: Phase
    created: str
    updated: str
    deals: int = Field(description="deals finished")
    rules_words: dict[str, str] = Field(description=RULES_WORDS)

    @model_validator(mode="before")
    @classmethod
    def add_rules_words(cls, data: Any) -> Any:
        return with_rules_words(data)


class SeatPublic(Frozen):
    seat: Seat
    kind: Literal["human", "bot", "open"]
    level: Level | None = Field(description="a computer player's level; None for people and open chairs")
    name: str
    replaced: bool = Field(description="a computer player plays for this absent person")


class TableInfo(Frozen):
    """What a person needs to choose a seat. The id reads nothing without one of the table's tokens."""

    id: str
    free: list[Seat] = Field(description="open chairs anyone with the code may take (only before the start)")
    code: str
    rules: str
    started: bool
    phase: Phase
    host: Seat | None
    seats: list[SeatPublic]
    rules_words: dict[str, str] = Field(description=RULES_WORDS)

    @model_validator(mode="before")
    @classmethod
    def add_rules_words(cls, data: Any) -> Any:
        return with_rules_words(data)


Texts = dict[str, str]  # one text per language: {"en": ..., "nl": ...}


class TeamPair(Frozen):
    NS: int
    EW: int


class SheetRow(Frozen):
    NS: int
    EW: int
    nat: bool
    pit: Team | None
    verzaakt: Team | None
    makers: Team | None = Field(None, description="who played the deal (chose trump); None without makers")
    roem: TeamPair | None = Field(None, description="the deal's roem per team")


class SheetGame(Frozen):
    winner: Team
    strokes: int
    NS: int
    EW: int


class Sheet(Frozen):
    rows: list[SheetRow]
    totals: TeamPair
    strokes: TeamPair
    games: list[SheetGame]
    carry: TeamPair
    winner: Team | None
    draw: bool


class TrumpOption(Frozen):
    action: Literal["pass", "play", "choose"]
    suit: Suit | None = None


class Bid(TrumpOption):
    seat: Seat


class TrickCard(Frozen):
    seat: Seat
    card: str


class TrickOut(Frozen):
    leader: Seat
    cards: list[str]
    winner: Seat
    points: int
    roem: int


class HandCard(Frozen):
    card: str
    label: Texts = Field(description="what a screen reader says, per language")


class WentOn(Frozen):
    team: Team
    strokes: int


class HeldReason(Frozen):
    seq: int
    why: Texts


class DealResult(Frozen):
    """A finished deal (the ``deal_end`` event): points/strokes matches carry score, nat, pit and verzaakt;
    strokes matches carry went_on."""

    deal: int
    hands: dict[Seat, list[str]] = Field(description="every seat's eight cards, now that the deal is over")
    points: TeamPair
    roem: TeamPair
    makers: Team | None = Field(None, description="who played the deal (chose trump); None without makers")
    score: TeamPair | None = None
    nat: bool | None = None
    pit: Team | None = None
    verzaakt: Team | None = None
    went_on: WentOn | None = None
    reasons: list[HeldReason] = Field(default_factory=list, description=(
        "the computer players' reasons held back during the deal (their events said so), in full: the seq of "
        "the event and its why"))


class ChatLine(Frozen):
    seat: Seat | None
    name: str
    text: str


class ClaimOffer(Frozen):
    trick: int = Field(description="the trick (1..7) whose roem you may claim now; 0 says no roem")


class Rematch(Frozen):
    """Where the next match at a table with friends is: the new table, and the way in for whom it is addressed to."""

    id: str = Field(description="the new table's game id")
    code: str = Field(description="the new table's code")
    seat: Seat | None = Field(description="your seat there (the same as here); None for a spectator")
    token: str | None = Field(description="your new seat token there, yours alone; None for a spectator")
    link: str = Field(description="/t/{code}#token=... (or #watch=... for a spectator): it opens the new table")


class TableState(Frozen):
    """Everything one seat may know now; a spectator (no token) gets the public part only."""

    table: str
    seq: int = Field(description="the number of the last event; events are numbered 1, 2, 3, ... without gaps")
    rules: str
    rules_words: Texts = Field(description="the rules in words per language, for people")
    seat: Seat | None = Field(description="who this state is for; None for a spectator")
    seats: list[SeatPublic]
    phase: Phase
    deal: int
    match_end: str
    direction: Literal["clockwise", "anticlockwise"]
    sheet: Sheet
    to_move: Seat | None
    roem_claim: Literal["auto", "claimed"]
    illegal_cards: Literal["refuse", "allow"]
    code: str | None
    host: Seat | None
    chat: list[ChatLine] = Field(description="the last 20 chat lines")
    result: DealResult | None = Field(None, description="after a deal: its result (only then)")
    rematch: Rematch | None = Field(None, description=(
        "once the host started another match at this table: where it is for you (None for a spectator without "
        "a spectator link there)"))
    # A deal is on the table (every phase after the lobby); after a deal, its dealer, trump, maker and makers:
    dealer: Seat | None = None
    trump: Suit | None = None
    maker: Seat | None = None
    makers: Team | None = None
    proposed: Suit | None = None
    face_up: str | None = None
    bids: list[Bid] | None = None
    leader: Seat | None = None
    trick: list[TrickCard] | None = None
    last_trick: TrickOut | None = None
    tricks_won: TeamPair | None = None
    points: TeamPair | None = None
    roem: TeamPair | None = None
    hand_counts: dict[Seat, int] | None = None
    claim_team: Team | None = Field(None, description="claimed roem: the team offered a claim on the trick it won")
    # For a seated player only:
    hand: list[HandCard] | None = Field(None, description="sorted: trumps first, each suit high to low")
    legal: list[str] | None = Field(None, description="on your turn in play: the cards you may play")
    options: list[TrumpOption] | None = Field(None, description="on your turn to speak: what you may say")
    can_undo: bool | None = None
    claim_offer: ClaimOffer | None = Field(None, description="claimed roem: you may claim now (0: no roem)")


def state_model(state: dict[str, JsonValue]) -> TableState:
    return TableState.model_validate(state)


class RecordBid(Frozen):
    seat: Seat
    action: Literal["pass", "play", "choose"]
    suit: Suit | None = None


class RecordClaim(Frozen):
    after: int
    seat: Seat
    roem: int


class RecordCall(Frozen):
    after: int
    seat: Seat


class DealRecord(Frozen):
    """A finished deal's game record (the core's record format); optional keys appear only when they apply."""

    rules: str
    dealer: Seat
    hands: dict[Seat, str]
    proposed: Suit | None = None
    trump_selection: list[RecordBid] | None = None
    trump: Suit | None = None
    maker: Seat | None = None
    plays: list[str]
    claims: list[RecordClaim] | None = None
    calls: list[RecordCall] | None = None
    carry: TeamPair | None = None


class LegalValue(Frozen):
    card: str
    value: int = Field(description="the deal's double-dummy value after this card (N/S minus E/W)")
    loss: int = Field(description="what this card would cost the player's side against the best card")


class CardCost(Frozen):
    """One card of a finished deal against the best card at that moment (double dummy)."""

    index: int
    trick: int
    seat: Seat
    card: str
    value: int | None = Field(description="the points this card kept; None: it was illegal")
    best_value: int
    best: list[str]
    loss: int
    legal: list[LegalValue] = Field(description="every legal card of the seat to move at this step, with its value")
    why: Texts | None = Field(None, description="a computer player's reason for the card; None for people")


class Review(Frozen):
    """The double-dummy review of a finished deal.  ``pending``: still being computed, ask again; without
    ``summary``.  Not ``available``: the solver is missing or the record could not be replayed (``error``)."""

    available: bool
    pending: bool
    record: DealRecord = Field(description="the deal's game record (as GET .../deals/{number})")
    cards: list[CardCost]
    cost: dict[Seat, int] | None = Field(None, description="the deal's total cost per seat (the sum of its losses)")
    summary: Texts | None = Field(None, description="what your cards cost, in words; None for a spectator")
    error: str | None = None
