"""Request and response bodies of the club API (they make the OpenAPI schema)."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt

from ..keeper.models import DealIn, SheetOut
from .evening import MAX_NAME, MAX_ROUNDS


def _clean(value: str) -> str:
    # Names end up in SQLite, CSV, print and the projector: refuse what none of them can show.
    value = value.strip()
    if not value:
        raise ValueError("a name cannot be empty")
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value):
        raise ValueError("name contains control characters")
    return value


Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME), AfterValidator(_clean)]
Role = Literal["organiser", "public"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- clubs, members, seasons ----------------------------------------------------------------------
class ClubIn(Strict):
    name: Name


class MemberIn(Strict):
    name: Name
    number: str | None = Field(default=None, max_length=20, description="the member's club number, if any")


class MemberOut(BaseModel):
    id: int
    name: str
    number: str | None


class SeasonIn(Strict):
    name: Name
    best: StrictInt = Field(default=5, ge=1, le=100, description="how many of a player's evenings count (best N of M)")


class SeasonOut(BaseModel):
    id: int
    name: str
    best: int


class EveningSummary(BaseModel):
    id: int
    title: str
    date: str
    season_id: int | None
    format: str
    rounds: int
    rounds_played: int
    closed: bool
    entrants: int


class ClubOut(BaseModel):
    id: str
    name: str
    role: Role = Field(description="what the token sent may do: organiser changes, public only looks")
    public_link: str
    members: list[MemberOut]
    seasons: list[SeasonOut]
    evenings: list[EveningSummary]


class ClubCreated(ClubOut):
    organiser_token: str = Field(description="shown once: send it as Authorization: Bearer to change the club")
    organiser_link: str


# --- evenings -------------------------------------------------------------------------------------
class ByeIn(Strict):
    kind: Literal["fixed", "average"] = "fixed"
    points: StrictInt = Field(default=1600, ge=0, le=100_000, description="the fixed bye score")


class PrizesIn(Strict):
    first: StrictInt = Field(default=4, ge=0, le=1000, description="places 1..first all win")
    then_every: StrictInt = Field(default=4, ge=0, le=1000, description="then every n-th place (0: none)")
    limit: StrictInt | None = Field(default=None, ge=0, le=1000, description="at most this many prizes")


class EveningIn(Strict):
    title: str = Field(default="", max_length=80)
    date: str = Field(default="", max_length=10, pattern=r"^(\d{4}-\d{2}-\d{2})?$", description="YYYY-MM-DD")
    season_id: StrictInt | None = None
    format: Literal["individual", "pairs"] = "individual"
    movement: Literal["circle", "mitchell"] = Field(
        default="circle", description="pairs: circle (every pair moves, meeting every other) or mitchell (N-S "
                                      "pairs stay at their table, E-W pairs move up one table each round)")
    rounds: StrictInt = Field(default=5, ge=1, le=MAX_ROUNDS)
    match_end: str | None = Field(default=None, max_length=20,
                                  description="deals:16 (the default), deals:12 or points:N; sa: strokes:N "
                                              "(default strokes:5)")
    rules: Literal["amsterdam", "rotterdam", "sa"] = "amsterdam"
    bye: ByeIn = Field(default_factory=lambda: ByeIn())
    prizes: PrizesIn = Field(default_factory=lambda: PrizesIn())
    seed: StrictInt | None = Field(default=None, ge=0, le=2**31, description="the draw's seed (default: random)")


class EveningPatch(Strict):
    date: str | None = Field(default=None, max_length=10, pattern=r"^(\d{4}-\d{2}-\d{2})?$")
    season_id: StrictInt | None = None


class SignIn(Strict):
    name: Name
    members: list[Name] | None = Field(default=None, min_length=2, max_length=2,
                                       description="pairs format: the pair's two players")


class Leave(Strict):
    name: Name


class RoundIn(Strict):
    """The next round: drawn by the program when ``tables`` is left out, else the organiser's own."""

    tables: list[list[list[Name]]] | None = Field(default=None, description="each table's two sides of entrants")
    byes: list[Name] = []


class TotalsIn(Strict):
    totals: list[StrictInt] = Field(min_length=2, max_length=2, description="side 1, side 2")


class TableSheetIn(Strict):
    deals: list[DealIn] = Field(max_length=200)
    first_dealer: StrictInt = Field(default=0, ge=0, le=3)


class DealerIn(Strict):
    first_dealer: StrictInt = Field(ge=0, le=3, description="seat of the first dealer: 0 N, 1 E, 2 S, 3 W")


class TableOut(BaseModel):
    number: int
    sides: list[list[str]]
    totals: list[int] | None = Field(description="the sides' totals once the result is complete")
    complete: bool
    deals: int = Field(description="deals on the table's sheet so far")
    source: Literal["sheet", "typed"] | None
    stays: str | None = Field(default=None, description="a stay/move round: the pair that stays at this table")
    moves_to: int | None = Field(default=None, description="a stay/move round: the table side 2 moves to next "
                                                           "round (None: it sits out, or no movement)")


class RoundOut(BaseModel):
    number: int
    closed: bool
    tables: list[TableOut]
    byes: list[str]
    missing: list[int] = Field(description="tables without a complete result")
    movement: Literal["", "mitchell"] = Field(default="", description="mitchell: drawn by the stay/move "
                                                                     "movement; a pair on a bye comes in at table 1")


class LogOut(BaseModel):
    round: int
    table: int
    by: str
    before: list[int]
    after: list[int] | None


class LineOut(BaseModel):
    rank: int
    entrant: str
    players: list[str] | None = Field(description="pairs format: the pair's players")
    scores: list[int | None]
    byes: list[int]
    total: int
    prize: bool


class BestRoundOut(BaseModel):
    score: int
    round: int
    entrant: str


class StandingsOut(BaseModel):
    lines: list[LineOut]
    rounds: list[list[tuple[str, int]]] = Field(description="per round: (entrant, score), highest first")
    poedel: str | None
    best_round: list[BestRoundOut]
    prize_places: list[int]
    tie_rule: str


class EveningOut(BaseModel):
    id: int
    club_id: str
    club_name: str
    version: int
    title: str
    date: str
    season_id: int | None
    role: Role
    format: str
    movement: str
    rounds: int
    match_end: str
    deals_per_round: int | None
    strokes: int | None = Field(description="sa: the strokes a table plays to; its result is strokes, not points")
    rules: str
    bye: ByeIn
    prizes: PrizesIn
    seed: int
    present: list[str]
    entrants: list[str]
    members: dict[str, list[str]]
    played: list[RoundOut]
    current_round: int | None
    closed: bool
    log: list[LogOut]
    standings: StandingsOut


class TableLinkOut(BaseModel):
    round: int
    table: int
    sides: list[list[str]]
    link: str = Field(description="/club/table#token=...: opens this table's sheet on a phone")
    qr_svg: str = Field(description="the full link as a QR code, an SVG data: URI")


class SeatedTableOut(BaseModel):
    """What a table phone sees: its table of its round, and the sheet scored by the score keeper."""

    club_name: str
    evening_title: str
    round: int
    table: int
    sides: list[list[str]]
    round_closed: bool
    evening_closed: bool
    typed: bool = Field(description="the organiser typed this table's totals; the sheet is not kept here")
    complete: bool
    sheet: SheetOut


class SeasonLineOut(BaseModel):
    rank: int
    entrant: str
    evenings: list[int | None]
    counted: list[int]
    dropped: list[int]
    total: int


class SeasonStandingsOut(BaseModel):
    id: int
    name: str
    best: int
    role: Role
    evenings: list[EveningSummary]
    lines: list[SeasonLineOut]
    tie_rule: str
