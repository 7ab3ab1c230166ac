"""The WebSocket frames, both ways (docs/web-protocol.md describes them for people).

A client sends one :data:`ClientMessage` per text frame; the ``type`` field picks the model.  The server
sends :data:`ServerFrame`\\ s; ``state`` and ``update`` frames carry the seat's :class:`~.models.TableState`
and the :data:`Event`\\ s since the client's last frame.  The service builds every frame through these
models (:func:`frame_json`), so the documentation, the models and the wire cannot drift apart.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .models import DealResult, Frozen, Rematch, Seat, SeatPublic, Suit, TableState, Team, TeamPair, Texts

# --- client to server ------------------------------------------------------------------------------


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TrumpMessage(Message):
    """Speak in the trump selection: pass, play the proposed/turned suit, or choose a suit."""

    type: Literal["trump"]
    action: Literal["pass", "play", "choose"]
    suit: str | None = Field(default=None, max_length=8, description="with choose: C, D, H or S")


class CardMessage(Message):
    type: Literal["card"]
    card: str = Field(max_length=4, description="a card name: rank 7 8 9 T J Q K A, then suit C D H S (JH)")


class ClaimMessage(Message):
    """Claimed roem: a player offered a claim (``state.claim_offer``) names the roem in the trick his side just
    won; 0 is "no roem" (and gives up roem there is)."""

    type: Literal["claim"]
    roem: int = Field(ge=0, le=1000)


class ChatMessage(Message):
    type: Literal["chat"]
    text: str = Field(max_length=1000, description="at most 200 printable characters are kept")


class VerzaaktMessage(Message):
    """Call a renege by the other team (tables that allow illegal cards)."""

    type: Literal["verzaakt"]


class UndoMessage(Message):
    """Take back your last card of this deal (alone with computer players only)."""

    type: Literal["undo"]


class NextMessage(Message):
    """Deal the next deal after a deal is over."""

    type: Literal["next"]


class StartMessage(Message):
    """The host starts a table with friends; open chairs get computer players."""

    type: Literal["start"]


class RematchMessage(Message):
    """The host, once the match is over: another match at this table, everyone in the same seat (a new table,
    announced by the ``rematch`` event; asked again, the same one)."""

    type: Literal["rematch"]


class HintMessage(Message):
    """Ask for advice on your turn."""

    type: Literal["hint"]


class PingMessage(Message):
    type: Literal["ping"]


ClientMessage = Annotated[
    TrumpMessage | CardMessage | ClaimMessage | ChatMessage | VerzaaktMessage | UndoMessage | NextMessage
    | StartMessage | RematchMessage | HintMessage | PingMessage, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)

# --- events (inside state and update frames) --------------------------------------------------------


class EventBase(Frozen):
    seq: int = Field(description="1, 2, 3, ... per table without gaps; a seat skips other seats' hands")


class DealEvent(EventBase):
    type: Literal["deal"]
    deal: int
    dealer: Seat
    proposed: Suit | None
    face_up: str | None


class HandEvent(EventBase):
    """Your eight cards (only to you)."""

    type: Literal["hand"]
    cards: list[str]


WHY = ("a computer player's reason for this decision, per language; absent for people.  A reason that would "
       "tell of a hidden hand says only that it comes after the deal (the deal_end event's reasons)")


class BidEvent(EventBase):
    type: Literal["bid"]
    seat: Seat
    action: Literal["pass", "play", "choose"]
    suit: Suit | None = None
    why: Texts | None = Field(None, description=WHY)


class TrumpEvent(EventBase):
    type: Literal["trump"]
    trump: Suit
    maker: Seat | None


class CardEvent(EventBase):
    type: Literal["card"]
    seat: Seat
    card: str
    why: Texts | None = Field(None, description=WHY)


class TrickEvent(EventBase):
    type: Literal["trick"]
    winner: Seat
    cards: list[str]
    points: int
    roem: int
    announce: list[str] = Field(description='what the players say: "20", "50", "Stuk!"')
    claimed: bool = Field(description="roem must be claimed at this table")


class ClaimEvent(EventBase):
    """Claimed roem: the roem a player claimed for the trick his side just won; 0 is "no roem"."""

    type: Literal["claim"]
    seat: Seat
    roem: int
    why: Texts | None = Field(None, description=WHY)


class VerzaaktEvent(EventBase):
    type: Literal["verzaakt"]
    seat: Seat = Field(description="who called")
    team: Team = Field(description="the team that reneged")
    why: Texts | None = Field(None, description=WHY)


class UndoEvent(EventBase):
    type: Literal["undo"]
    seat: Seat
    plays: int = Field(description="cards on the table in this deal after the undo")


class DealEndEvent(EventBase, DealResult):
    type: Literal["deal_end"]


class MatchEndEvent(EventBase):
    type: Literal["match_end"]
    winner: Team | None
    totals: TeamPair
    strokes: TeamPair


class SeatEvent(EventBase):
    """Someone sat down, went away (a computer player plays for them: replaced) or came back."""

    type: Literal["seat"]
    seat: Seat
    kind: Literal["human"]
    name: str
    replaced: bool | None = None


class StartEvent(EventBase):
    type: Literal["start"]
    seats: list[SeatPublic]


class RematchEvent(EventBase, Rematch):
    """The host started another match at this table: to each seated person in an event of his own, with his new
    seat's token; to the spectators the new spectator link, if the host had made one."""

    type: Literal["rematch"]


class ChatEvent(EventBase):
    type: Literal["chat"]
    seat: Seat | None
    name: str
    text: str


Event = Annotated[
    DealEvent | HandEvent | BidEvent | TrumpEvent | CardEvent | TrickEvent | ClaimEvent | VerzaaktEvent
    | UndoEvent | DealEndEvent | MatchEndEvent | SeatEvent | StartEvent | RematchEvent | ChatEvent,
    Field(discriminator="type")]

# --- server to client -------------------------------------------------------------------------------


class StateFrame(Frozen):
    """The first frame after connecting: the events after ``since`` (at most the last 50) and the state."""

    type: Literal["state"]
    events: list[Event]
    state: TableState


class UpdateFrame(Frozen):
    """After every change at the table: the new events for this seat and the new state."""

    type: Literal["update"]
    events: list[Event]
    state: TableState


class ErrorFrame(Frozen):
    """A message refused; nothing changed.  ``reason``: why, per language (a refused card's rule, a seat
    taken, a turn not yours); ``message`` its English, ``code`` stable for programs."""

    type: Literal["error"]
    code: str
    message: str
    reason: Texts
    retry_after: int | None = None  # rate limited: seconds until the message is accepted


class PongFrame(Frozen):
    type: Literal["pong"]
    seq: int


class Advice(Frozen):
    """One option of a hint, best first: a card (play) or a trump action (trump)."""

    card: str | None = None
    action: Literal["pass", "play", "choose"] | None = None
    suit: Suit | None = None
    score: float
    code: str
    why: Texts


class HintFrame(Frozen):
    type: Literal["hint"]
    options: list[Advice]


ServerFrame = Annotated[StateFrame | UpdateFrame | ErrorFrame | PongFrame | HintFrame, Field(discriminator="type")]
SERVER_FRAME: TypeAdapter[Any] = TypeAdapter(ServerFrame)


def frame_json(frame: Frozen) -> dict[str, Any]:
    """The JSON of a server frame: fields the server did not set stay out (see :mod:`.models`)."""
    data: dict[str, Any] = frame.model_dump(mode="json", exclude_unset=True)
    return data


def error_frame(code: str, reason: Texts, retry_after: int | None = None) -> dict[str, Any]:
    """An error frame: ``reason`` in every language, its English the message."""
    extra: dict[str, Any] = {} if retry_after is None else {"retry_after": retry_after}
    return frame_json(ErrorFrame(type="error", code=code, message=reason["en"], reason=reason, **extra))


def table_frame(kind: Literal["state", "update"], events: list[dict[str, Any]],
                state: dict[str, Any]) -> dict[str, Any]:
    """A state or update frame from the table's event and state JSON, checked against the models."""
    model = StateFrame if kind == "state" else UpdateFrame
    return frame_json(model.model_validate({"type": kind, "events": events, "state": state}))
