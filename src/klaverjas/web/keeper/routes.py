"""The score keeper's JSON API and its page: sheets, their deals, undo and a CSV export.

Errors are the shared 4xx bodies of :mod:`klaverjas.web.errors`; :data:`HANDLERS` maps the keeper's own
exceptions to them (422 with the field named, 409, 404).
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, Request
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, JSONResponse, Response

from ..errors import ErrorItem, ErrorOut, error_response
from ..pages import page
from .models import (
    DealIn,
    DealOut,
    GameOut,
    Pair,
    SheetIn,
    SheetOut,
    SheetPatch,
    SheetSummary,
    TeamCode,
    TeamNames,
    WentOn,
)
from .sheet import Computed, Conflict, DealInput, FieldError, Settings, check_settings, compute, normalize_deal
from .store import NotFound, NothingToUndo, Store, StoredSheet

SheetId = Annotated[int, PathParam(ge=1, le=2**53)]
DealId = Annotated[int, PathParam(ge=1, le=2**53)]
ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorOut, "description": "no such sheet or deal"},
    409: {"model": ErrorOut, "description": "not possible in the sheet's current state"},
    422: {"model": ErrorOut, "description": "invalid input; each error names its field"},
}


CODES: tuple[TeamCode, TeamCode] = ("NS", "EW")


def _team(t: int | None) -> TeamCode | None:
    return None if t is None else CODES[t]


def _pair(v: tuple[int, int] | list[int]) -> Pair:
    return Pair(NS=v[0], EW=v[1])


def _name(s: Settings, seat: int | None) -> str | None:
    if seat is None or not s.players:
        return None
    return s.players[seat] or None


def _check(settings: Settings, deals: list[tuple[int, DealInput]]) -> Computed:
    return compute(settings, deals)


def sheet_out(st: StoredSheet) -> SheetOut:
    c = compute(st.settings, st.deals)
    s = st.settings
    m = c.match
    assert m is not None
    deals = [DealOut(
        id=r.id, number=r.number, dealer=r.dealer, dealer_name=_name(s, r.dealer), makers=_team(r.input.makers),
        points=_pair(r.input.points), roem=_pair(r.input.roem), pit=_team(r.input.pit),
        verzaakt=_team(r.input.verzaakt), stopped=r.input.stopped, score=_pair(r.score.scores), nat=r.score.nat,
        totals=_pair(r.totals), game=r.game, carry=_pair(r.carry),
        went_on=None if r.went_on is None else WentOn(team=CODES[r.went_on[0]], strokes=r.went_on[1]),
    ) for r in c.deals]
    games = [GameOut(number=i + 1, winner=CODES[g[0]], strokes=g[1], totals=_pair((g[2], g[3])))
             for i, g in enumerate(m.games)]
    winner = m.winner
    return SheetOut(
        id=st.id, title=s.title, teams=TeamNames(NS=s.teams[0], EW=s.teams[1]),
        players=list(s.players) if s.players else None, first_dealer=s.first_dealer,
        rules=s.rules,  # type: ignore[arg-type]
        match_end=s.match_end, scoring="strokes" if s.is_sa else "points", total=c.rules.total,
        created=st.created, updated=st.updated, deals=deals, totals=_pair(m.totals),
        next_dealer=c.next_dealer, next_dealer_name=_name(s, c.next_dealer), over=m.is_over,
        winner=_team(winner), draw=m.draw, strokes=_pair(m.strokes), games=games, carry=_pair(m.carry),
        can_undo=st.last_action is not None,
        last_action=st.last_action,  # type: ignore[arg-type]
    )


def _settings_from(body: SheetIn) -> Settings:
    teams = (body.teams.NS or "Wij", body.teams.EW or "Zij")
    players = tuple(body.players) if body.players and any(body.players) else None
    match_end = body.match_end or ("strokes:5" if body.rules == "sa" else "deals:16")
    s = Settings(body.title, teams, players, body.first_dealer, body.rules, match_end)  # type: ignore[arg-type]
    check_settings(s)
    return s


def _deal_input(s: Settings, body: DealIn) -> DealInput:
    t = {"NS": 0, "EW": 1}
    return normalize_deal(
        s, None if body.makers is None else t[body.makers], (body.points.NS, body.points.EW),
        (body.roem.NS, body.roem.EW), None if body.pit is None else t[body.pit],
        None if body.verzaakt is None else t[body.verzaakt], body.stopped)


def _csv_cell(v: object) -> str:
    text = "" if v is None else str(v)
    # A name like "=SUM(...)" must stay text when the file is opened in a spreadsheet.
    return "'" + text if text[:1] in ("=", "+", "-", "@") and not text.lstrip("-").isdigit() else text


def sheet_csv(out: SheetOut) -> str:
    buf = io.StringIO()
    w = csv.writer(buf)
    ns, ew = out.teams.NS, out.teams.EW
    team = {"NS": ns, "EW": ew, None: ""}
    head = ["deal", "dealer", "playing side", f"points {ns}", f"points {ew}", f"roem {ns}", f"roem {ew}",
            "pit", "verzaakt", "nat", f"score {ns}", f"score {ew}", f"total {ns}", f"total {ew}"]
    if out.scoring == "strokes":
        head[2] = "game"
        head += [f"game total {ns}", f"game total {ew}", "went on"]
    w.writerow([_csv_cell(h) for h in head])
    for d in out.deals:
        dealer = d.dealer_name or "NESW"[d.dealer]
        row: list[object] = [d.number, dealer, d.game if out.scoring == "strokes" else team[d.makers],
                             d.points.NS, d.points.EW, d.roem.NS, d.roem.EW, team[d.pit], team[d.verzaakt],
                             "nat" if d.nat else "", d.score.NS, d.score.EW, d.totals.NS, d.totals.EW]
        if out.scoring == "strokes":
            row += [d.carry.NS, d.carry.EW, f"{team[d.went_on.team]} {d.went_on.strokes}" if d.went_on else ""]
        w.writerow([_csv_cell(c) for c in row])
    return buf.getvalue()



# --- errors ------------------------------------------------------------------------


async def _fields(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, FieldError)
    return error_response(422, exc.errors[0][1], str(exc),
                          [ErrorItem(field=f, code=c, message=m) for f, c, m in exc.errors])


async def _conflict(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Conflict)
    return error_response(409, exc.code, str(exc))


async def _missing(_: Request, exc: Exception) -> JSONResponse:
    return error_response(404, "not_found", str(exc))


async def _no_undo(_: Request, exc: Exception) -> JSONResponse:
    return error_response(409, "nothing_to_undo", str(exc))


HANDLERS: dict[int | type[Exception], Any] = {FieldError: _fields, Conflict: _conflict, NotFound: _missing,
                                              NothingToUndo: _no_undo}


# --- API ---------------------------------------------------------------------------

def sheet_store(request: Request) -> Store:
    """The app's sheet store (made by create_app)."""
    return cast(Store, request.app.state.store)


Sheets = Annotated[Store, Depends(sheet_store)]
router = APIRouter()


@router.get("/api/sheets", response_model=list[SheetSummary], tags=["sheets"])
def list_sheets(store: Sheets) -> list[SheetSummary]:
    result = []
    for st in store.sheets():
        out = sheet_out(st)
        result.append(SheetSummary(id=out.id, title=out.title, teams=out.teams, rules=out.rules,
                                   match_end=out.match_end, deals=len(out.deals), totals=out.totals,
                                   strokes=out.strokes, over=out.over, winner=out.winner, updated=out.updated))
    return result


@router.post("/api/sheets", response_model=SheetOut, status_code=201, responses=ERRORS, tags=["sheets"])
def create_sheet(body: SheetIn, store: Sheets) -> SheetOut:
    return sheet_out(store.get(store.create(_settings_from(body))))


@router.get("/api/sheets/{sheet_id}", response_model=SheetOut, responses=ERRORS, tags=["sheets"])
def get_sheet(sheet_id: SheetId, store: Sheets) -> SheetOut:
    return sheet_out(store.get(sheet_id))


@router.patch("/api/sheets/{sheet_id}", response_model=SheetOut, responses=ERRORS, tags=["sheets"])
def patch_sheet(sheet_id: SheetId, body: SheetPatch, store: Sheets) -> SheetOut:
    old = store.get(sheet_id).settings
    s = replace(old)
    if body.title is not None:
        s = replace(s, title=body.title)
    if body.teams is not None:
        s = replace(s, teams=(body.teams.NS or "Wij", body.teams.EW or "Zij"))
    if "players" in body.model_fields_set:
        s = replace(s, players=tuple(body.players) if body.players and any(body.players)  # type: ignore[arg-type]
                    else None)
    if body.first_dealer is not None:
        s = replace(s, first_dealer=body.first_dealer)
    if body.match_end is not None:
        s = replace(s, match_end=body.match_end)
    check_settings(s)
    store.update(sheet_id, s, _check)
    return sheet_out(store.get(sheet_id))


@router.delete("/api/sheets/{sheet_id}", status_code=204, responses=ERRORS, tags=["sheets"])
def delete_sheet(sheet_id: SheetId, store: Sheets) -> Response:
    store.delete(sheet_id)
    return Response(status_code=204)


@router.post("/api/sheets/{sheet_id}/deals", response_model=SheetOut, status_code=201, responses=ERRORS,
             tags=["deals"])
def add_deal(sheet_id: SheetId, body: DealIn, store: Sheets) -> SheetOut:
    st = store.get(sheet_id)
    if sheet_out(st).over:
        raise Conflict("match_over", "the match is over: no more deals")
    store.add_deal(sheet_id, _deal_input(st.settings, body), _check)
    return sheet_out(store.get(sheet_id))


@router.put("/api/sheets/{sheet_id}/deals/{deal_id}", response_model=SheetOut, responses=ERRORS, tags=["deals"])
def edit_deal(sheet_id: SheetId, deal_id: DealId, body: DealIn, store: Sheets) -> SheetOut:
    st = store.get(sheet_id)
    try:
        store.edit_deal(sheet_id, deal_id, _deal_input(st.settings, body), _check)
    except Conflict:
        raise Conflict("match_over_earlier", "with this correction the match ends before the later deals; "
                       "delete those first") from None
    return sheet_out(store.get(sheet_id))


@router.delete("/api/sheets/{sheet_id}/deals/{deal_id}", response_model=SheetOut, responses=ERRORS,
               tags=["deals"])
def delete_deal(sheet_id: SheetId, deal_id: DealId, store: Sheets) -> SheetOut:
    store.delete_deal(sheet_id, deal_id, _check)
    return sheet_out(store.get(sheet_id))


@router.post("/api/sheets/{sheet_id}/undo", response_model=SheetOut, responses=ERRORS, tags=["deals"])
def undo(sheet_id: SheetId, store: Sheets) -> SheetOut:
    """Undo the last add, correction or delete on this sheet."""
    store.undo(sheet_id, _check)
    return sheet_out(store.get(sheet_id))


@router.get("/api/sheets/{sheet_id}/export.csv", responses={**ERRORS, 200: {"content": {"text/csv": {}}}},
            tags=["sheets"], response_class=Response)
def export_csv(sheet_id: SheetId, store: Sheets) -> Response:
    out = sheet_out(store.get(sheet_id))
    return Response(sheet_csv(out), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="klaverjas-sheet-{sheet_id}.csv"'})


@router.get("/keeper", include_in_schema=False)
def keeper_page() -> FileResponse:
    return page("keeper.html")
