"""Request and response bodies of the score keeper's JSON API (they make the OpenAPI schema)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ..errors import ErrorItem, ReasonOut
from ..names import SheetName

TeamCode = Literal["NS", "EW"]
Access = Literal["owner", "edit", "read"]
RulesName = Literal["amsterdam", "rotterdam", "sa"]
Name = SheetName
MATCH_END = r"^(open|(deals|points|strokes):[0-9]{1,6})$"  # which kinds a preset takes: docs/rules.md §7


class TeamNames(BaseModel):
    model_config = ConfigDict(extra="forbid")
    NS: Name = Field(default="Wij", description="first column, seats N and S (default 'Wij', us)")
    EW: Name = Field(default="Zij", description="second column, seats E and W (default 'Zij', them)")


class SheetIn(BaseModel):
    """A new sheet."""

    model_config = ConfigDict(extra="forbid")
    title: Name = ""
    teams: TeamNames = Field(default_factory=lambda: TeamNames())
    players: list[Name] | None = Field(None, min_length=4, max_length=4,
                                       description="four names in seating order (clockwise from the first)")
    first_dealer: StrictInt = Field(0, ge=0, le=3, description="index into players of who deals first")
    rules: RulesName = "amsterdam"
    match_end: str | None = Field(None, max_length=20, pattern=MATCH_END, description="deals:16, points:1500 or open; "
                                  "sa sheets use strokes:5. Default deals:16 (sa: strokes:5)")


class SheetPatch(BaseModel):
    """Changes to a sheet's names or match end; the rules of a sheet do not change."""

    model_config = ConfigDict(extra="forbid")
    title: Name | None = None
    teams: TeamNames | None = None
    players: list[Name] | None = Field(None, min_length=4, max_length=4)
    first_dealer: StrictInt | None = Field(None, ge=0, le=3)
    match_end: str | None = Field(None, max_length=20, pattern=MATCH_END)


class PointsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    NS: StrictInt | None = Field(None, description="card points incl. the last trick; leave one out to fill it in")
    EW: StrictInt | None = None


class RoemIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    NS: StrictInt = 0
    EW: StrictInt = 0


class DealIn(BaseModel):
    """One deal as the keeper saw it; the score is computed from this."""

    model_config = ConfigDict(extra="forbid")
    makers: TeamCode | None = Field(None, description="the playing side (none on sa sheets)")
    points: PointsIn
    roem: RoemIn = Field(default_factory=RoemIn)
    pit: TeamCode | None = Field(None, description="the side that took every trick")
    verzaakt: TeamCode | None = Field(None, description="the side that reneged and was caught")
    stopped: bool = Field(False, description="sa only: the deal ended when a team went on")


class Pair(BaseModel):
    NS: int
    EW: int


class WentOn(BaseModel):
    team: TeamCode
    strokes: int


class DealOut(BaseModel):
    id: int
    number: int
    dealer: int = Field(description="seat index (into players) of who dealt")
    dealer_name: str | None
    leader: int = Field(description="seat index of who led the first trick: the seat after the dealer")
    makers: TeamCode | None
    points: Pair
    roem: Pair
    pit: TeamCode | None
    verzaakt: TeamCode | None
    stopped: bool
    score: Pair
    nat: bool
    totals: Pair = Field(description="running totals of all deals so far")
    game: int = Field(description="sa: the game this deal belongs to")
    carry: Pair = Field(description="sa: the game's running totals after this deal")
    went_on: WentOn | None


class GameOut(BaseModel):
    number: int
    winner: TeamCode
    strokes: int
    totals: Pair


class SheetOut(BaseModel):
    id: int
    title: str
    teams: TeamNames
    players: list[str] | None
    first_dealer: int
    rules: RulesName
    match_end: str
    scoring: Literal["points", "strokes"]
    total: int = Field(description="card points in a deal: 162 or 146")
    created: str
    updated: str
    deals: list[DealOut]
    totals: Pair
    next_dealer: int | None
    next_dealer_name: str | None
    next_leader: int | None = Field(description="seat index of who leads the next deal (none when it is over)")
    next_leader_name: str | None
    over: bool
    winner: TeamCode | None
    draw: bool
    strokes: Pair
    games: list[GameOut]
    carry: Pair
    can_undo: bool
    last_action: Literal["add", "edit", "delete"] | None
    access: Access = Field(description="what the caller's token may do: owner (everything), edit (names and "
                                       "deals), read")


class DealPreviewOut(BaseModel):
    """What a deal would score on the sheet if it were saved; nothing is stored."""

    number: int
    points: Pair = Field(description="the card points with the other side's filled in")
    score: Pair
    nat: bool
    totals: Pair = Field(description="the running totals after this deal")
    carry: Pair = Field(description="sa: the game's running totals after this deal")
    went_on: WentOn | None
    over: bool = Field(description="the match is over after this deal")
    winner: TeamCode | None
    draw: bool


class FieldItem(ErrorItem):
    reason: dict[str, str] | None = Field(default=None, description="this field's refusal per language, as a "
                                          "sentence: the body's ``reason`` says every field's in one")


class FieldErrorOut(ReasonOut):
    """A deal or settings the sheet refuses (422): each field with its own reason, as the preview says it."""

    errors: list[FieldItem] = []  # type: ignore[assignment]


class NewSheetOut(SheetOut):
    owner_token: str = Field(description="the owner's token: send it as `Authorization: Bearer <token>`; the "
                                         "server keeps only its hash, so it cannot be shown again")
    link: str = Field(description="the keeper page opening this sheet, the token in the fragment")


class DealAddedOut(SheetOut):
    deal_id: int = Field(description="the id of the deal this request added")


class ShareIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    mode: Literal["read", "edit"] = Field(description="read: see the sheet; edit: also change names and deals")


class ShareOut(BaseModel):
    token: str
    mode: Literal["read", "edit"]
    link: str = Field(description="/keeper#sheet={id}&token={token}: the fragment never reaches a server")
    id: str = Field(description="the share's name, to list or withdraw it (the token is never shown again)")


class ShareInfoOut(BaseModel):
    id: str
    mode: Literal["read", "edit"]
    created: str = Field(description="when the link was made (ISO 8601, UTC)")


class SheetSummary(BaseModel):
    id: int
    title: str
    teams: TeamNames
    rules: RulesName
    match_end: str
    deals: int
    totals: Pair
    strokes: Pair
    over: bool
    winner: TeamCode | None
    updated: str
    access: Access
