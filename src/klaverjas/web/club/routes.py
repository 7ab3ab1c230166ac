"""The club API under /api/clubs and the club pages under /club.

Who may do what, by the token sent as ``Authorization: Bearer``:

- the organiser token (shown once, when the club is made) reads and changes everything of its club;
- the public token (the club's public link) only reads: club, evenings, standings, CSV;
- a table token (each table of each round has one, in its link ``/club/table#token=...``) reads and
  keeps that one table's sheet of that one round, nothing else.

State-changing requests also send ``X-Klaverjas: 1`` (refused with 403 without it).  Every refusal of
the evening (:mod:`.errors`) becomes a 4xx with the evening's own reason: bad settings, draws and
results 422, a round or evening that does not allow the change now 409.  Every refusal of the club API
(the evening's, the API's own, the store's, the score keeper's, a body the schema refuses) is the shared
error body with ``reason``: the refusal per language (:mod:`.texts`), ``detail`` its English.
"""

from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Callable, Coroutine
from typing import Annotated, Any, cast

import segno
from fastapi import APIRouter, Depends, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, Response
from fastapi.routing import APIRoute

from ..errors import ErrorItem, ReasonOut, Refusal, invalid_request, reason_response
from ..keeper.models import DealIn
from ..keeper.routes import sheet_out
from ..keeper.sheet import DealInput, FieldError, Settings, normalize_deal
from ..keeper.store import StoredSheet
from ..pages import page
from .errors import ClosedError, ClubError, DrawError, ResultError, RoundError, SettingsError
from .evening import Evening, PlayedRound
from .models import (
    BestRoundOut,
    ByeIn,
    ClubCreated,
    ClubIn,
    ClubOut,
    DealerIn,
    EveningIn,
    EveningOut,
    EveningPatch,
    EveningSummary,
    Leave,
    LineOut,
    LogOut,
    MemberIn,
    MemberOut,
    PrizesIn,
    RoundIn,
    RoundOut,
    SeasonIn,
    SeasonLineOut,
    SeasonOut,
    SeasonStandingsOut,
    SeatedTableOut,
    SignIn,
    StandingsOut,
    TableLinkOut,
    TableOut,
    TableSheetIn,
    TotalsIn,
)
from .prizes import PrizeFormula
from .standings import ByeRule, season_standings
from .store import ClubStore, Duplicate, NotFound, StoredEvening, TableKey
from .texts import keeper_reason, say

EVENING_TIE_RULE = "higher total, then the higher best table round, then fewer byes, then the name"
SEASON_TIE_RULE = "higher counted total, then the higher best evening, then the higher total of all evenings, " \
                  "then the name"
ClubId = Annotated[str, PathParam(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
Id = Annotated[int, PathParam(ge=1, le=2**53)]
ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ReasonOut, "description": "no token, or a token that does not open this club or table"},
    403: {"model": ReasonOut, "description": "the token may only look, or X-Klaverjas: 1 is missing"},
    404: {"model": ReasonOut, "description": "no such club, member, season or evening"},
    409: {"model": ReasonOut, "description": "not possible in the evening's current state"},
    422: {"model": ReasonOut, "description": "invalid input, with the reason"},
}
STATUS = {SettingsError: (422, "settings"), DrawError: (422, "draw"), ResultError: (422, "result"),
          RoundError: (409, "round"), ClosedError: (409, "closed")}


def refused(status: int, code: str, key: str, **facts: Any) -> Refusal:
    """A refusal of the API itself (who is asking, a table that is gone), said in every language."""
    return Refusal(status, code, say(key, **facts))


class ClubRoute(APIRoute):
    """Turns the club's refusals into the shared error bodies (app.py's handlers stay the other features'),
    each with its ``reason`` per language; a :class:`Refusal` is the app's own handler's."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def refusing(request: Request) -> Response:
            try:
                return await handler(request)
            except ClubError as exc:
                status, code = next((v for k, v in STATUS.items() if isinstance(exc, k)), (422, "club"))
                return reason_response(status, code, exc.reason)
            except NotFound as exc:
                return reason_response(404, "not_found", exc.reason())
            except Duplicate as exc:
                return reason_response(409, "duplicate", exc.reason())
            except RequestValidationError as exc:
                answer = await invalid_request(request, exc)
                body = json.loads(bytes(answer.body))
                fields = "; ".join(f"{e['field']}: {e['message']}" for e in body["errors"])
                reason = say("invalid", detail=fields)
                return reason_response(answer.status_code, body["code"], {**reason, "en": body["detail"]},
                               [ErrorItem(**e) for e in body["errors"]])

        return refusing


def _intent(request: Request) -> None:
    if request.method not in ("GET", "HEAD") and request.headers.get("x-klaverjas") != "1":
        raise refused(403, "intent", "intent")


router = APIRouter(route_class=ClubRoute, dependencies=[Depends(_intent)])


# --- who is asking --------------------------------------------------------------------------------
def club_store(request: Request) -> ClubStore:
    """The club store on app.state (made by create_app on the app's database)."""
    return cast(ClubStore, request.app.state.clubs)


Clubs = Annotated[ClubStore, Depends(club_store)]


def _token(request: Request) -> str:
    kind, _, token = request.headers.get("authorization", "").partition(" ")
    if kind.lower() != "bearer" or not token.strip():
        raise refused(401, "no_token", "no_token")
    return token.strip()


def viewer(club_id: ClubId, request: Request, store: Clubs) -> str:
    """The role of the token sent for this club: organiser or public."""
    role = store.role(club_id, _token(request))
    if role is None:
        raise refused(401, "bad_token", "bad_token", club=club_id)
    return role


def organiser(role: Annotated[str, Depends(viewer)]) -> str:
    if role != "organiser":
        raise refused(403, "public_link", "public_link")
    return role


Viewer = Annotated[str, Depends(viewer)]
Organiser = Annotated[str, Depends(organiser)]


def seated(request: Request, store: Clubs) -> tuple[str, TableKey]:
    found = store.table_key(_token(request))
    if found is None:
        raise refused(401, "bad_token", "not_a_table")
    return found


Seated = Annotated[tuple[str, TableKey], Depends(seated)]


# --- answers --------------------------------------------------------------------------------------
def _summary(st: StoredEvening) -> EveningSummary:
    ev = st.evening
    return EveningSummary(id=st.id, title=ev.title, date=st.date, season_id=st.season_id, format=ev.format,
                          rounds=ev.rounds, rounds_played=len(ev.played), closed=ev.closed,
                          entrants=len(ev.entrants))


def _club_out(store: ClubStore, club_id: str, role: str) -> ClubOut:
    club = store.club(club_id)
    return ClubOut(id=club.id, name=club.name, role=role,  # type: ignore[arg-type]
                   public_link=f"/club/{club.id}#token={club.public_token}",
                   members=[MemberOut(id=m.id, name=m.name, number=m.number) for m in store.members(club_id)],
                   seasons=[SeasonOut(id=s.id, name=s.name, best=s.best) for s in store.seasons(club_id)],
                   evenings=[_summary(e) for e in store.evenings(club_id)])


def _table_out(played: PlayedRound, number: int, sides: tuple[tuple[str, ...], tuple[str, ...]]) -> TableOut:
    result = played.results.get(number)
    source = None if result is None else ("sheet" if result.deals is not None else "typed")
    mitchell = played.draw.movement == "mitchell"
    return TableOut(number=number, sides=[list(sides[0]), list(sides[1])],
                    totals=None if result is None or result.totals is None else list(result.totals),
                    complete=bool(result and result.complete),
                    deals=len(result.deals or ()) if result else 0, source=source,  # type: ignore[arg-type]
                    stays=sides[0][0] if mitchell else None, moves_to=played.draw.moves_to(number))


def standings_out(ev: Evening) -> StandingsOut:
    st = ev.standings()
    places = ev.prize_places(st)
    poedel = st.poedel
    return StandingsOut(
        lines=[LineOut(rank=ln.rank, entrant=ln.entrant,
                       players=list(ev.members[ln.entrant]) if ln.entrant in ev.members else None,
                       scores=list(ln.scores), byes=list(ln.bye_rounds), total=ln.total, prize=ln.rank in places)
               for ln in st.lines],
        rounds=[st.round(k) for k in range(1, st.rounds + 1)],
        poedel=poedel.entrant if poedel is not None and any(s is not None for s in poedel.scores) else None,
        best_round=[BestRoundOut(score=b.score, round=b.round, entrant=b.entrant) for b in st.best_round],
        prize_places=places, tie_rule=EVENING_TIE_RULE)


def evening_out(store: ClubStore, st: StoredEvening, role: str) -> EveningOut:
    ev = st.evening
    current = ev.current
    return EveningOut(
        id=st.id, club_id=st.club_id, club_name=store.club(st.club_id).name, version=st.version, title=ev.title,
        date=st.date, season_id=st.season_id, role=role,  # type: ignore[arg-type]
        format=ev.format, movement=ev.movement, rounds=ev.rounds, match_end=ev.match_end,
        deals_per_round=ev.deals_per_round, strokes=ev.strokes_target,
        rules=ev.rules, bye=ByeIn(kind=ev.bye_rule.kind, points=ev.bye_rule.points),  # type: ignore[arg-type]
        prizes=PrizesIn(first=ev.prizes.first, then_every=ev.prizes.then_every, limit=ev.prizes.limit),
        seed=ev.seed, present=list(ev.present), entrants=list(ev.entrants),
        members={k: list(v) for k, v in ev.members.items()},
        played=[RoundOut(number=p.draw.number, closed=p.closed, byes=list(p.draw.byes), missing=p.missing(),
                         movement=p.draw.movement,  # type: ignore[arg-type]
                         tables=[_table_out(p, t.number, t.sides) for t in p.draw.tables]) for p in ev.played],
        current_round=None if current is None else current.draw.number, closed=ev.closed,
        log=[LogOut(**e) for e in ev.log], standings=standings_out(ev))


def _evening(store: ClubStore, club_id: str, evening_id: int, role: str) -> EveningOut:
    return evening_out(store, store.evening(club_id, evening_id), role)


def _change(store: ClubStore, club_id: str, evening_id: int, apply: Callable[[Evening], object]) -> EveningOut:
    store.change(club_id, evening_id, apply)
    return _evening(store, club_id, evening_id, "organiser")


# --- a table's phone ------------------------------------------------------------------------------
def _seat_names(sides: list[list[str]], pairs: dict[str, tuple[str, str]]) -> tuple[str, str, str, str]:
    """The sheet's seats N E S W from the table's sides (side 1 sits N-S, side 2 E-W)."""
    a = [p for e in sides[0] for p in pairs.get(e, (e,))]
    b = [p for e in sides[1] for p in pairs.get(e, (e,))]
    a += [""] * (2 - len(a))
    b += [""] * (2 - len(b))
    return (a[0], b[0], a[1], b[1])


def seated_out(store: ClubStore, club_id: str, key: TableKey) -> SeatedTableOut:
    st = store.evening(club_id, key.evening_id)
    ev = st.evening
    if not 1 <= key.round <= len(ev.played):
        raise refused(404, "not_found", "round_gone", round=key.round)
    played = ev.played[key.round - 1]
    table = next((t for t in played.draw.tables if t.number == key.table), None)
    if table is None:
        raise refused(404, "not_found", "table_gone", round=key.round, table=key.table)
    sides = [list(table.sides[0]), list(table.sides[1])]
    result = played.results.get(key.table)
    deals = list(result.deals or ()) if result else []
    first = result.first_dealer if result else 0
    settings = Settings(title=f"{ev.title} · round {key.round} · table {key.table}".strip(" ·"),
                        teams=(" & ".join(sides[0]), " & ".join(sides[1])), players=_seat_names(sides, ev.members),
                        first_dealer=first, rules=ev.rules, match_end=ev.match_end)
    # The table's phone enters this sheet's deals until its round closes: it edits, it never owns.
    access = "read" if played.closed or ev.closed else "edit"
    sheet = sheet_out(StoredSheet(key.table, settings, list(enumerate(deals, 1)), st.updated, st.updated, None),
                      access)
    return SeatedTableOut(club_name=store.club(club_id).name, evening_title=ev.title, round=key.round,
                          table=key.table, sides=sides, round_closed=played.closed, evening_closed=ev.closed,
                          typed=bool(result and result.deals is None), complete=bool(result and result.complete),
                          sheet=sheet)


def _table_change(store: ClubStore, seat: tuple[str, TableKey],
                  edit: Callable[[Evening, list[DealInput]], tuple[list[DealInput], int | None]]) -> SeatedTableOut:
    """Re-read the table's sheet, change its deals (and first dealer), store it: one transaction."""
    club_id, key = seat

    def apply(ev: Evening) -> None:
        if ev.closed:
            raise ClosedError("closed")
        if not 1 <= key.round <= len(ev.played):
            raise ResultError("not_drawn_short", n=key.round)
        result = ev.played[key.round - 1].results.get(key.table)
        if result is not None and result.deals is None:
            raise ResultError("typed", table=key.table)
        deals, first = edit(ev, list(result.deals or ()) if result else [])
        first_dealer = first if first is not None else (result.first_dealer if result else 0)
        ev.record_sheet(key.round, key.table, deals, first_dealer, by=f"table {key.table}")

    store.change(club_id, key.evening_id, apply)
    return seated_out(store, club_id, key)


@router.get("/api/clubs/table", response_model=SeatedTableOut, responses=ERRORS, tags=["tables"])
def get_table(seat: Seated, store: Clubs) -> SeatedTableOut:
    return seated_out(store, *seat)


@router.post("/api/clubs/table/deals", response_model=SeatedTableOut, status_code=201, responses=ERRORS,
             tags=["tables"])
def table_add_deal(body: DealIn, seat: Seated, store: Clubs) -> SeatedTableOut:
    """The table's next deal, scored by the score keeper; the round's deal count and 1500 are checked."""
    return _table_change(store, seat, lambda ev, deals: ([*deals, *_inputs(ev, [body])], None))


def _deal_index(deals: list[DealInput], number: int) -> int:
    if not 1 <= number <= len(deals):
        raise ResultError("no_deal", n=number, count=len(deals))
    return number - 1


@router.put("/api/clubs/table/deals/{number}", response_model=SeatedTableOut, responses=ERRORS, tags=["tables"])
def table_edit_deal(number: Id, body: DealIn, seat: Seated, store: Clubs) -> SeatedTableOut:
    """Correct deal ``number``; once the table's result counted, the change is logged."""
    def edit(ev: Evening, deals: list[DealInput]) -> tuple[list[DealInput], int | None]:
        deals[_deal_index(deals, number)] = _inputs(ev, [body])[0]
        return deals, None
    return _table_change(store, seat, edit)


@router.delete("/api/clubs/table/deals/{number}", response_model=SeatedTableOut, responses=ERRORS, tags=["tables"])
def table_delete_deal(number: Id, seat: Seated, store: Clubs) -> SeatedTableOut:
    def edit(ev: Evening, deals: list[DealInput]) -> tuple[list[DealInput], int | None]:
        del deals[_deal_index(deals, number)]
        return deals, None
    return _table_change(store, seat, edit)


@router.put("/api/clubs/table/sheet", response_model=SeatedTableOut, responses=ERRORS, tags=["tables"])
def table_sheet(body: TableSheetIn, seat: Seated, store: Clubs) -> SeatedTableOut:
    """The table's whole sheet at once (a phone that kept it while offline)."""
    return _table_change(store, seat, lambda ev, _: (_inputs(ev, body.deals, body.first_dealer), body.first_dealer))


@router.put("/api/clubs/table/dealer", response_model=SeatedTableOut, responses=ERRORS, tags=["tables"])
def table_dealer(body: DealerIn, seat: Seated, store: Clubs) -> SeatedTableOut:
    return _table_change(store, seat, lambda ev, deals: (deals, body.first_dealer))


# --- clubs ----------------------------------------------------------------------------------------
@router.post("/api/clubs", response_model=ClubCreated, status_code=201, responses=ERRORS, tags=["clubs"])
def create_club(body: ClubIn, store: Clubs) -> ClubCreated:
    club, token = store.create_club(body.name)
    out = _club_out(store, club.id, "organiser")
    return ClubCreated(**out.model_dump(), organiser_token=token, organiser_link=f"/club/{club.id}#token={token}")


@router.get("/api/clubs/{club_id}", response_model=ClubOut, responses=ERRORS, tags=["clubs"])
def get_club(club_id: ClubId, role: Viewer, store: Clubs) -> ClubOut:
    return _club_out(store, club_id, role)


@router.patch("/api/clubs/{club_id}", response_model=ClubOut, responses=ERRORS, tags=["clubs"])
def rename_club(club_id: ClubId, body: ClubIn, role: Organiser, store: Clubs) -> ClubOut:
    store.rename_club(club_id, body.name)
    return _club_out(store, club_id, role)


@router.post("/api/clubs/{club_id}/public-link", response_model=ClubOut, responses=ERRORS, tags=["clubs"])
def renew_public_link(club_id: ClubId, role: Organiser, store: Clubs) -> ClubOut:
    """A new public link (the organiser only): the old one opens nothing any more (401)."""
    store.renew_public(club_id)
    return _club_out(store, club_id, role)


@router.post("/api/clubs/{club_id}/members", response_model=MemberOut, status_code=201, responses=ERRORS,
             tags=["clubs"])
def add_member(club_id: ClubId, body: MemberIn, _: Organiser, store: Clubs) -> MemberOut:
    number = body.number.strip() if body.number and body.number.strip() else None
    m = store.add_member(club_id, body.name, number)
    return MemberOut(id=m.id, name=m.name, number=m.number)


@router.delete("/api/clubs/{club_id}/members/{member_id}", status_code=204, responses=ERRORS, tags=["clubs"])
def remove_member(club_id: ClubId, member_id: Id, _: Organiser, store: Clubs) -> Response:
    store.remove_member(club_id, member_id)
    return Response(status_code=204)


# --- seasons --------------------------------------------------------------------------------------
@router.post("/api/clubs/{club_id}/seasons", response_model=SeasonOut, status_code=201, responses=ERRORS,
             tags=["seasons"])
def create_season(club_id: ClubId, body: SeasonIn, _: Organiser, store: Clubs) -> SeasonOut:
    s = store.create_season(club_id, body.name, body.best)
    return SeasonOut(id=s.id, name=s.name, best=s.best)


def season_out(store: ClubStore, club_id: str, season_id: int, role: str) -> SeasonStandingsOut:
    season = store.season(club_id, season_id)
    evenings = store.evenings(club_id, season_id)
    lines = season_standings([e.evening.standings() for e in evenings], season.best)
    return SeasonStandingsOut(
        id=season.id, name=season.name, best=season.best, role=role,  # type: ignore[arg-type]
        evenings=[_summary(e) for e in evenings], tie_rule=SEASON_TIE_RULE,
        lines=[SeasonLineOut(rank=ln.rank, entrant=ln.entrant, evenings=list(ln.evenings), counted=list(ln.counted),
                             dropped=list(ln.dropped), total=ln.total) for ln in lines])


@router.get("/api/clubs/{club_id}/seasons/{season_id}", response_model=SeasonStandingsOut, responses=ERRORS,
            tags=["seasons"])
def get_season(club_id: ClubId, season_id: Id, role: Viewer, store: Clubs) -> SeasonStandingsOut:
    """The season's standings: each player's best N evenings count, the others are dropped."""
    return season_out(store, club_id, season_id, role)


# --- evenings -------------------------------------------------------------------------------------
@router.post("/api/clubs/{club_id}/evenings", response_model=EveningOut, status_code=201, responses=ERRORS,
             tags=["evenings"])
def create_evening(club_id: ClubId, body: EveningIn, role: Organiser, store: Clubs) -> EveningOut:
    if body.season_id is not None:
        store.season(club_id, body.season_id)
    sa = body.rules == "sa"
    # A South African table plays to strokes, and its bye is the round's average unless a number is chosen.
    match_end = body.match_end or ("strokes:5" if sa else "deals:16")
    bye = ByeRule(body.bye.kind, body.bye.points) if "bye" in body.model_fields_set or not sa else ByeRule("average")
    ev = Evening(format=body.format, rounds=body.rounds, match_end=match_end, rules=body.rules, bye_rule=bye,
                 movement=body.movement,
                 prizes=PrizeFormula(body.prizes.first, body.prizes.then_every, body.prizes.limit),
                 seed=body.seed if body.seed is not None else random.SystemRandom().randrange(2**31),
                 title=body.title.strip())
    evening_id = store.create_evening(club_id, ev, body.date, body.season_id)
    return _evening(store, club_id, evening_id, role)


@router.get("/api/clubs/{club_id}/evenings/{evening_id}", response_model=EveningOut, responses=ERRORS,
            tags=["evenings"])
def get_evening(club_id: ClubId, evening_id: Id, role: Viewer, store: Clubs) -> EveningOut:
    return _evening(store, club_id, evening_id, role)


@router.patch("/api/clubs/{club_id}/evenings/{evening_id}", response_model=EveningOut, responses=ERRORS,
              tags=["evenings"])
def patch_evening(club_id: ClubId, evening_id: Id, body: EveningPatch, role: Organiser, store: Clubs) -> EveningOut:
    """The evening's date and season (what it counts for); its format is fixed once it exists."""
    clear = "season_id" in body.model_fields_set and body.season_id is None
    if body.season_id is not None:
        store.season(club_id, body.season_id)
    store.set_evening_meta(club_id, evening_id, body.date, body.season_id, clear)
    return _evening(store, club_id, evening_id, role)


@router.post("/api/clubs/{club_id}/evenings/{evening_id}/present", response_model=EveningOut, responses=ERRORS,
             tags=["evenings"])
def sign_in(club_id: ClubId, evening_id: Id, body: SignIn, _: Organiser, store: Clubs) -> EveningOut:
    """Sign a player (or a pair with its players) in at the door; a late arrival is drawn from the next round."""
    members = None if body.members is None else (body.members[0], body.members[1])
    return _change(store, club_id, evening_id, lambda ev: ev.sign_in(body.name, members))


@router.post("/api/clubs/{club_id}/evenings/{evening_id}/leave", response_model=EveningOut, responses=ERRORS,
             tags=["evenings"])
def leave(club_id: ClubId, evening_id: Id, body: Leave, _: Organiser, store: Clubs) -> EveningOut:
    return _change(store, club_id, evening_id, lambda ev: ev.leave(body.name))


@router.post("/api/clubs/{club_id}/evenings/{evening_id}/rounds", response_model=EveningOut, status_code=201,
             responses=ERRORS, tags=["evenings"])
def next_round(club_id: ClubId, evening_id: Id, body: RoundIn, _: Organiser, store: Clubs) -> EveningOut:
    """Draw the next round, or take the organiser's own (checked: everyone present once, full sides)."""
    if body.tables is None:
        return _change(store, club_id, evening_id, lambda ev: ev.draw_round())
    tables = body.tables
    if any(len(t) != 2 for t in tables):
        raise DrawError("two_sides")
    return _change(store, club_id, evening_id,
                   lambda ev: ev.set_round([(t[0], t[1]) for t in tables], body.byes))


@router.post("/api/clubs/{club_id}/evenings/{evening_id}/rounds/{round_number}/close", response_model=EveningOut,
             responses=ERRORS, tags=["evenings"])
def close_round(club_id: ClubId, evening_id: Id, round_number: Id, _: Organiser, store: Clubs) -> EveningOut:
    return _change(store, club_id, evening_id, lambda ev: ev.close_round(round_number))


@router.post("/api/clubs/{club_id}/evenings/{evening_id}/close", response_model=EveningOut, responses=ERRORS,
             tags=["evenings"])
def close_evening(club_id: ClubId, evening_id: Id, _: Organiser, store: Clubs) -> EveningOut:
    """Close the evening: the standings are final and nothing changes any more."""
    return _change(store, club_id, evening_id, lambda ev: ev.close())


@router.put("/api/clubs/{club_id}/evenings/{evening_id}/rounds/{round_number}/tables/{table}/totals",
            response_model=EveningOut, responses=ERRORS, tags=["evenings"])
def type_totals(club_id: ClubId, evening_id: Id, round_number: Id, table: Id, body: TotalsIn, _: Organiser,
                store: Clubs) -> EveningOut:
    """The organiser types a table's two totals from its paper sheet; a change of a result is logged."""
    return _change(store, club_id, evening_id,
                   lambda ev: ev.record_totals(round_number, table, body.totals, by="organiser"))


def _inputs(ev: Evening, deals: list[DealIn], first_dealer: int = 0) -> list[DealInput]:
    s = Settings(rules=ev.rules, match_end=ev.match_end, first_dealer=first_dealer)
    t = {"NS": 0, "EW": 1}
    try:
        return [normalize_deal(s, None if d.makers is None else t[d.makers], (d.points.NS, d.points.EW),
                               (d.roem.NS, d.roem.EW), None if d.pit is None else t[d.pit],
                               None if d.verzaakt is None else t[d.verzaakt], d.stopped) for d in deals]
    except FieldError as exc:  # the score keeper's own codes, so a page can say it in the keeper's words
        code = exc.errors[0][1]
        raise Refusal(422, code, keeper_reason(code, str(exc), s.rules_value().total),
                      [ErrorItem(field=f, code=c, message=m) for f, c, m in exc.errors]) from None


@router.put("/api/clubs/{club_id}/evenings/{evening_id}/rounds/{round_number}/tables/{table}/sheet",
            response_model=EveningOut, responses=ERRORS, tags=["evenings"])
def organiser_sheet(club_id: ClubId, evening_id: Id, round_number: Id, table: Id, body: TableSheetIn, _: Organiser,
                    store: Clubs) -> EveningOut:
    """The organiser enters a table's whole sheet (deal by deal, scored by the score keeper)."""
    return _change(store, club_id, evening_id, lambda ev: ev.record_sheet(
        round_number, table, _inputs(ev, body.deals, body.first_dealer), body.first_dealer, by="organiser"))


@router.get("/api/clubs/{club_id}/evenings/{evening_id}/rounds/{round_number}/links",
            response_model=list[TableLinkOut], responses=ERRORS, tags=["evenings"])
def table_links(club_id: ClubId, evening_id: Id, round_number: Id, request: Request, _: Organiser,
                store: Clubs) -> list[TableLinkOut]:
    """Each table's link and its QR code (for the phones at the tables)."""
    ev = store.evening(club_id, evening_id).evening
    if not 1 <= round_number <= len(ev.played):
        raise ResultError("not_drawn_short", n=round_number)
    base = str(request.base_url).rstrip("/")
    out = []
    for t in ev.played[round_number - 1].draw.tables:
        link = f"/club/table#token={store.table_token(club_id, evening_id, round_number, t.number)}"
        qr = segno.make(base + link, error="m").svg_data_uri(scale=4, border=2)
        out.append(TableLinkOut(round=round_number, table=t.number, sides=[list(t.sides[0]), list(t.sides[1])],
                                link=link, qr_svg=qr))
    return out


# --- CSV ------------------------------------------------------------------------------------------
def _cell(v: object) -> str:
    text = "" if v is None else str(v)
    # A name like "=SUM(...)" must stay text when the file is opened in a spreadsheet.
    return "'" + text if text[:1] in ("=", "+", "-", "@") and not text.lstrip("-").isdigit() else text


def _rows(w: Any, rows: list[list[object]]) -> None:
    for row in rows:
        w.writerow([_cell(c) for c in row])


def evening_rows(st: StoredEvening) -> list[list[object]]:
    """One evening as CSV rows, each starting with what it is: draw, result, standing, correction."""
    ev = st.evening
    name = ev.title or f"evening {st.id}"
    bye = f"fixed {ev.bye_rule.points}" if ev.bye_rule.kind == "fixed" else "average"
    limit = "" if ev.prizes.limit is None else f", at most {ev.prizes.limit}"
    rows: list[list[object]] = [
        ["section", "evening", "date", "format", "movement", "rounds", "match end", "rules", "bye", "prizes", "seed",
         "result in"],
        ["settings", name, st.date, ev.format, ev.movement if ev.format == "pairs" else "", ev.rounds, ev.match_end,
         ev.rules, bye, f"1-{ev.prizes.first}, then every {ev.prizes.then_every}{limit}", ev.seed,
         "strokes" if ev.strokes_target is not None else "points"]]
    if ev.members:
        rows.append(["section", "evening", "date", "pair", "player 1", "player 2"])
        rows += [["pair", name, st.date, pair, *players] for pair, players in ev.members.items()]
    rows.append(["section", "evening", "date", "round", "table", "side 1", "side 2", "total 1", "total 2", "deals",
                 "stays", "side 2 moves to"])
    for p in ev.played:
        for t in p.draw.tables:
            r = p.results.get(t.number)
            totals = list(r.totals) if r and r.totals else ["", ""]
            moving = p.draw.movement == "mitchell"
            rows.append(["table", name, st.date, p.draw.number, t.number, " & ".join(t.sides[0]),
                         " & ".join(t.sides[1]), *totals, len(r.deals or ()) if r else 0,
                         t.sides[0][0] if moving else "",
                         (p.draw.moves_to(t.number) or "bye") if moving else ""])
        for e in p.draw.byes:
            rows.append(["bye", name, st.date, p.draw.number, "", e, "", "", "", ""])
    standings = ev.standings()
    places = ev.prize_places(standings)
    rows.append(["section", "evening", "date", "rank", "entrant", "total", "prize",
                 *(f"round {k}" for k in range(1, standings.rounds + 1))])
    for ln in standings.lines:
        rows.append(["standing", name, st.date, ln.rank, ln.entrant, ln.total, "prize" if ln.rank in places else "",
                     *("bye" if k + 1 in ln.bye_rounds and s is not None and s == 0 else s
                       for k, s in enumerate(ln.scores))])
    if ev.log:
        rows.append(["section", "evening", "date", "round", "table", "by", "before", "after"])
        for fix in ev.log:
            rows.append(["correction", name, st.date, fix["round"], fix["table"], fix["by"],
                         "-".join(map(str, fix["before"])), "-".join(map(str, fix["after"] or ()))])
    return rows


def _csv(rows: list[list[object]], filename: str) -> Response:
    buf = io.StringIO()
    _rows(csv.writer(buf), rows)
    return Response(buf.getvalue(), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


CSV = {**ERRORS, 200: {"content": {"text/csv": {}}}}


@router.get("/api/clubs/{club_id}/evenings/{evening_id}/export.csv", responses=CSV, response_class=Response,
            tags=["evenings"])
def evening_csv(club_id: ClubId, evening_id: Id, _: Viewer, store: Clubs) -> Response:
    return _csv(evening_rows(store.evening(club_id, evening_id)), f"klaverjas-evening-{evening_id}.csv")


@router.get("/api/clubs/{club_id}/export.csv", responses=CSV, response_class=Response, tags=["clubs"])
def club_csv(club_id: ClubId, role: Viewer, store: Clubs) -> Response:
    """Everything of the club: members, every evening (draw, results, standings, corrections), every season."""
    rows: list[list[object]] = [["section", "name", "number"]]
    rows += [["member", m.name, m.number] for m in store.members(club_id)]
    for st in store.evenings(club_id):
        rows += evening_rows(st)
    for s in store.seasons(club_id):
        out = season_out(store, club_id, s.id, role)
        rows.append(["section", "season", "rank", "entrant", "total", "counted evenings",
                     *(e.title or e.date or f"evening {e.id}" for e in out.evenings)])
        for ln in out.lines:
            rows.append(["season", s.name, ln.rank, ln.entrant, ln.total, len(ln.counted),
                         *("" if v is None else (f"({v})" if i in ln.dropped else v)
                           for i, v in enumerate(ln.evenings))])
    return _csv(rows, f"klaverjas-club-{club_id}.csv")


# --- pages ----------------------------------------------------------------------------------------
pages = APIRouter(include_in_schema=False)


@pages.get("/club")
@pages.get("/club/table")
def table_or_home(request: Request) -> HTMLResponse:
    return page("club-table.html" if request.url.path.endswith("/table") else "club.html")


@pages.get("/club/{club_id}")
@pages.get("/club/{club_id}/evenings/{evening_id}")
@pages.get("/club/{club_id}/seasons/{season_id}")
def club_page() -> HTMLResponse:
    return page("club.html")


@pages.get("/club/{club_id}/evenings/{evening_id}/projector")
def projector_page() -> HTMLResponse:
    return page("club-projector.html")


@pages.get("/club/{club_id}/evenings/{evening_id}/print")
@pages.get("/club/{club_id}/seasons/{season_id}/print")
def print_page() -> HTMLResponse:
    return page("club-print.html")


router.include_router(pages)
