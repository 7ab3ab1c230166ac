"""The score keeper's JSON API and its page: sheets, their deals, undo and a CSV export.

Errors are the shared 4xx bodies of :mod:`klaverjas.web.errors` with ``reason``, the refusal in every
language (:mod:`.texts`; ``detail`` is its English): :data:`HANDLERS` maps the keeper's own exceptions to
them (401, 403, 404, 409, and 422 with each field named), and :class:`KeeperRoute` says a body the schema
refuses in every language too.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, Query, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from klaverjas.core.seats import next_seat
from klaverjas.core.texts import LANGS, Text, phrase_all

from ..errors import ErrorItem, ReasonOut, invalid_request, reason_response
from ..pages import page
from .models import (
    Access,
    DealAddedOut,
    DealIn,
    DealOut,
    DealPreviewOut,
    FieldErrorOut,
    FieldItem,
    GameOut,
    NewSheetOut,
    Pair,
    ShareIn,
    ShareInfoOut,
    ShareOut,
    SheetIn,
    SheetOut,
    SheetPatch,
    SheetSummary,
    TeamCode,
    TeamNames,
    WentOn,
)
from .sheet import Computed, Conflict, DealInput, FieldError, Settings, check_settings, compute, normalize_deal
from .store import SHARE_ID_LENGTH, NotFound, NothingToUndo, Store, StoredSheet, share_id
from .texts import FIELDS, REFUSALS, Refused, say, sentence

SheetId = Annotated[int, PathParam(ge=1, le=2**53)]
DealId = Annotated[int, PathParam(ge=1, le=2**53)]
ShareId = Annotated[str, PathParam(pattern=f"^[0-9a-f]{{{SHARE_ID_LENGTH}}}$",
                                   description="a share's id, as the list of shares gives it")]
ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ReasonOut, "description": "no token, or not a sheet token: send `Authorization: Bearer <token>`"},
    403: {"model": ReasonOut, "description": "the token may not do this: it opens another sheet, is a read-only "
                                             "share, or is not the owner's"},
    404: {"model": ReasonOut, "description": "the sheet was deleted, or no such deal"},
    409: {"model": ReasonOut, "description": "not possible in the sheet's current state"},
    422: {"model": FieldErrorOut, "description": "invalid input; each error names its field"},
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


def sheet_out(st: StoredSheet, access: str) -> SheetOut:
    c = compute(st.settings, st.deals)
    s = st.settings
    m = c.match
    assert m is not None
    deals = [DealOut(
        id=r.id, number=r.number, dealer=r.dealer, dealer_name=_name(s, r.dealer),
        leader=next_seat(r.dealer, c.rules.direction), makers=_team(r.input.makers),
        points=_pair(r.input.points), roem=_pair(r.input.roem), pit=_team(r.input.pit),
        verzaakt=_team(r.input.verzaakt), stopped=r.input.stopped, score=_pair(r.score.scores), nat=r.score.nat,
        totals=_pair(r.totals), game=r.game, carry=_pair(r.carry),
        went_on=None if r.went_on is None else WentOn(team=CODES[r.went_on[0]], strokes=r.went_on[1]),
    ) for r in c.deals]
    games = [GameOut(number=i + 1, winner=CODES[g[0]], strokes=g[1], totals=_pair((g[2], g[3])))
             for i, g in enumerate(m.games)]
    winner = m.winner
    leader = None if c.next_dealer is None else next_seat(c.next_dealer, c.rules.direction)
    return SheetOut(
        id=st.id, title=s.title, teams=TeamNames(NS=s.teams[0], EW=s.teams[1]),
        players=list(s.players) if s.players else None, first_dealer=s.first_dealer,
        rules=s.rules,  # type: ignore[arg-type]
        match_end=s.match_end, scoring="strokes" if s.is_sa else "points", total=c.rules.total,
        created=st.created, updated=st.updated, deals=deals, totals=_pair(m.totals),
        next_dealer=c.next_dealer, next_dealer_name=_name(s, c.next_dealer), next_leader=leader,
        next_leader_name=_name(s, leader), over=m.is_over,
        winner=_team(winner), draw=m.draw, strokes=_pair(m.strokes), games=games, carry=_pair(m.carry),
        can_undo=st.last_action is not None,
        last_action=st.last_action,  # type: ignore[arg-type]
        access=cast(Access, access),
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
    """Each field's reason is said as the whole reason is (:func:`sentence`): the page says it at its field."""
    assert isinstance(exc, FieldError)
    items = [FieldItem(field=f, code=c, message=m, reason=sentence([text]))
             for (f, c, m), text in zip(exc.errors, exc.texts, strict=True)]
    body = FieldErrorOut(detail=exc.reason["en"], code=exc.errors[0][1], errors=items, reason=exc.reason)
    return JSONResponse(body.model_dump(), status_code=422)


async def _conflict(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Conflict)
    return reason_response(409, exc.code, exc.reason)


async def _missing(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, NotFound)
    return reason_response(404, "not_found", exc.reason)


async def _no_undo(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, NothingToUndo)
    return reason_response(409, "nothing_to_undo", exc.reason)


class NoToken(Refused):
    """A sheet request without a token of this server (HTTP 401)."""


class NotAllowed(Refused):
    """A token that may not do this (HTTP 403)."""


async def _no_token(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, NoToken)
    response = reason_response(401, "no_valid_token", exc.reason)
    response.headers["WWW-Authenticate"] = "Bearer"
    return response


async def _not_allowed(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, NotAllowed)
    return reason_response(403, "not_allowed", exc.reason)


HANDLERS: dict[int | type[Exception], Any] = {FieldError: _fields, Conflict: _conflict, NotFound: _missing,
                                              NothingToUndo: _no_undo, NoToken: _no_token, NotAllowed: _not_allowed}

NAME_FIELDS = ("title", "teams.", "players.")  # the names a person types (names.py's rule)


def _typed(error: dict[str, Any], field: str) -> Text | None:
    """What a person typed that the schema refuses, in every language: a number that is not whole, a name with
    an invisible character.  None for what only a program sends (its English message then stands in Dutch too)."""
    if str(error.get("type", "")).startswith("int_") and field.startswith(("points.", "roem.")):
        return phrase_all(FIELDS, "not_whole")
    if error.get("type") == "value_error" and field.startswith(NAME_FIELDS):
        return phrase_all(FIELDS, "bad_name")
    return None


async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
    """The app's answer to a body the schema refuses (code ``invalid``, ``detail`` and ``errors`` as every
    feature's), with ``reason``: its English, and each field said in Dutch."""
    answer = await invalid_request(request, exc)
    body = json.loads(bytes(answer.body))
    parts = []
    for error, item in zip(exc.errors(), body["errors"], strict=True):
        said = _typed(error, item["field"])
        parts.append({lang: f"{item['field']}: {said[lang] if said else item['message']}" for lang in LANGS})
    details = {f"detail_{lang}": "; ".join(part[lang] for part in parts) for lang in LANGS}
    reason = {**phrase_all(REFUSALS, "invalid", **details), "en": body["detail"]}
    return reason_response(422, body["code"], reason, [ErrorItem(**item) for item in body["errors"]])


class KeeperRoute(APIRoute):
    """Answers a body the schema refuses with its reason in every language (:func:`_invalid`)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def refusing(request: Request) -> Response:
            try:
                return await handler(request)
            except RequestValidationError as exc:
                return await _invalid(request, exc)

        return refusing


# --- API ---------------------------------------------------------------------------

def sheet_store(request: Request) -> Store:
    """The app's sheet store (made by create_app)."""
    return cast(Store, request.app.state.store)


Sheets = Annotated[Store, Depends(sheet_store)]
bearer = HTTPBearer(auto_error=False, description="a sheet's owner token or a share token; the list of sheets "
                                                  "takes several, separated by commas")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
router = APIRouter(route_class=KeeperRoute)
MAX_TOKEN = 200  # characters; a token is 32


def _tokens(credentials: HTTPAuthorizationCredentials | None) -> list[str]:
    if credentials is None:
        return []
    return [t.strip() for t in credentials.credentials.split(",") if 0 < len(t.strip()) <= MAX_TOKEN]


def _access(store: Store, sheet_id: int, credentials: HTTPAuthorizationCredentials | None) -> str:
    tokens = _tokens(credentials)
    if not tokens:
        raise NoToken(say("needs_token"))
    found = store.lookup(tokens[0])
    if found is None:
        raise NoToken(say("unknown_token"))
    if found[0] != sheet_id:
        raise NotAllowed(say("other_sheet", n=sheet_id))
    return found[1]  # a deleted sheet's token still names it: the route answers 404


def reader(sheet_id: SheetId, store: Sheets, credentials: Credentials) -> str:
    """Any token of the sheet: owner, edit or read."""
    return _access(store, sheet_id, credentials)


def editor(sheet_id: SheetId, store: Sheets, credentials: Credentials) -> str:
    """The owner's token or an edit share's."""
    access = _access(store, sheet_id, credentials)
    if access == "read":
        raise NotAllowed(say("read_only"))
    return access


def owner(sheet_id: SheetId, store: Sheets, credentials: Credentials) -> str:
    """The owner's token only."""
    access = _access(store, sheet_id, credentials)
    if access != "owner":
        raise NotAllowed(say("owner_only"))
    return access


Read = Annotated[str, Depends(reader)]
Edit = Annotated[str, Depends(editor)]
Own = Annotated[str, Depends(owner)]


def keeper_link(sheet_id: int, token: str) -> str:
    return f"/keeper#sheet={sheet_id}&token={token}"


@router.get("/api/sheets", response_model=list[SheetSummary], tags=["sheets"],
            responses={401: {"model": ReasonOut, "description": "no token, or none that opens a sheet"},
                       422: ERRORS[422]})
def list_sheets(store: Sheets, credentials: Credentials) -> list[SheetSummary]:
    """The sheets the caller's tokens open (`Authorization: Bearer <token>,<token>,...`, at most 100; without
    a token, or with none that opens a sheet, a 401).  A sheet is private to its owner and their shares."""
    result = []
    tokens = _tokens(credentials)
    if not tokens:
        raise NoToken(say("list_needs_token"))
    found = store.sheets(tokens)
    if not found:
        raise NoToken(say("list_no_sheet"))
    for st, access in found:
        out = sheet_out(st, access)
        result.append(SheetSummary(id=out.id, title=out.title, teams=out.teams, rules=out.rules,
                                   match_end=out.match_end, deals=len(out.deals), totals=out.totals,
                                   strokes=out.strokes, over=out.over, winner=out.winner, updated=out.updated,
                                   access=out.access))
    return result


CREATE_ERRORS: dict[int | str, dict[str, Any]] = {
    403: ERRORS[403], 422: ERRORS[422],
    429: {"model": ReasonOut, "description": "too many new sheets from this address; see Retry-After"}}


@router.post("/api/sheets", response_model=NewSheetOut, status_code=201, responses=CREATE_ERRORS,
             tags=["sheets"])
def create_sheet(body: SheetIn, store: Sheets) -> NewSheetOut:
    """A new sheet; the answer carries its owner's token, needed for everything after."""
    sheet_id, token = store.create(_settings_from(body))
    out = sheet_out(store.get(sheet_id), "owner")
    return NewSheetOut(**out.model_dump(), owner_token=token, link=keeper_link(sheet_id, token))


@router.get("/api/sheets/{sheet_id}", response_model=SheetOut, responses=ERRORS, tags=["sheets"])
def get_sheet(sheet_id: SheetId, store: Sheets, access: Read) -> SheetOut:
    return sheet_out(store.get(sheet_id), access)


@router.patch("/api/sheets/{sheet_id}", response_model=SheetOut, responses=ERRORS, tags=["sheets"])
def patch_sheet(sheet_id: SheetId, body: SheetPatch, store: Sheets, access: Edit) -> SheetOut:
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
    try:
        store.update(sheet_id, s, _check)
    except Conflict as exc:  # said as what it is here: the new end comes before the deals on the sheet
        raise Conflict(exc.code, say("end_too_soon", n=exc.deal), exc.deal) from None
    return sheet_out(store.get(sheet_id), access)


@router.delete("/api/sheets/{sheet_id}", status_code=204, responses=ERRORS, tags=["sheets"])
def delete_sheet(sheet_id: SheetId, store: Sheets, _: Own) -> Response:
    """Delete the sheet with its deals and every share (the owner only)."""
    store.delete(sheet_id)
    return Response(status_code=204)


@router.post("/api/sheets/{sheet_id}/shares", response_model=ShareOut, status_code=201, responses=ERRORS,
             tags=["sheets"])
def share_sheet(sheet_id: SheetId, body: ShareIn, store: Sheets, _: Own) -> ShareOut:
    """A share link (the owner only): ``read`` shows the sheet, ``edit`` also lets its holder type deals."""
    token = store.share(sheet_id, body.mode)
    return ShareOut(token=token, mode=body.mode, link=keeper_link(sheet_id, token), id=share_id(token))


@router.get("/api/sheets/{sheet_id}/shares", response_model=list[ShareInfoOut], responses=ERRORS, tags=["sheets"])
def list_shares(sheet_id: SheetId, store: Sheets, _: Own) -> list[ShareInfoOut]:
    """The share links that still open the sheet, oldest first (the owner only; their tokens are not shown)."""
    return [ShareInfoOut(id=x.id, mode=x.mode, created=x.created)  # type: ignore[arg-type]
            for x in store.shares(sheet_id)]


@router.delete("/api/sheets/{sheet_id}/shares/{share}", status_code=204, responses=ERRORS, tags=["sheets"])
def revoke_share(sheet_id: SheetId, share: ShareId, store: Sheets, _: Own) -> Response:
    """Withdraw a share link (the owner only): its holders cannot open the sheet any more."""
    store.revoke(sheet_id, share)
    return Response(status_code=204)


@router.post("/api/sheets/{sheet_id}/deals", response_model=DealAddedOut, status_code=201, responses=ERRORS,
             tags=["deals"])
def add_deal(sheet_id: SheetId, body: DealIn, store: Sheets, access: Edit, response: Response) -> DealAddedOut:
    """Add a deal; the answer names it (``deal_id`` and the Location header) even when others write at once."""
    st = store.get(sheet_id)
    if sheet_out(st, access).over:
        raise Conflict("match_over", say("match_over"))
    try:
        deal_id = store.add_deal(sheet_id, _deal_input(st.settings, body), _check)
    except Conflict as exc:  # another phone's deal ended the match in between
        raise Conflict(exc.code, say("match_over"), exc.deal) from None
    response.headers["Location"] = f"/api/sheets/{sheet_id}/deals/{deal_id}"
    return DealAddedOut(**sheet_out(store.get(sheet_id), access).model_dump(), deal_id=deal_id)


@router.post("/api/sheets/{sheet_id}/preview", response_model=DealPreviewOut, responses=ERRORS,
             tags=["deals"])
def preview_deal(sheet_id: SheetId, body: DealIn, store: Sheets, _: Edit,
                 deal_id: Annotated[int | None, Query(ge=1, le=2**53, description="the deal this corrects; leave "
                                                      "it out for a new deal")] = None) -> DealPreviewOut:
    """What a deal would score if it were saved (a new one, or `deal_id` corrected), refused as saving it would
    be; nothing is stored.  The keeper's form shows it while the deal is typed."""
    st = store.get(sheet_id)
    deal = _deal_input(st.settings, body)
    deals = list(st.deals)
    if deal_id is None:
        before = compute(st.settings, deals).match
        if before is not None and before.is_over:
            raise Conflict("match_over", say("match_over"))
        index = len(deals)
        deals.append((0, deal))
    else:
        index = next((i for i, (stored, _) in enumerate(deals) if stored == deal_id), -1)
        if index < 0:
            raise NotFound(say("no_deal", n=sheet_id, deal=deal_id))
        deals[index] = (deal_id, deal)
    try:
        c = compute(st.settings, deals)
    except Conflict as exc:
        raise Conflict("match_over_earlier", say("match_over_earlier"), exc.deal) from None
    row, m = c.deals[index], c.match
    assert m is not None
    return DealPreviewOut(
        number=row.number, points=_pair(row.input.points), score=_pair(row.score.scores), nat=row.score.nat,
        totals=_pair(row.totals), carry=_pair(row.carry),
        went_on=None if row.went_on is None else WentOn(team=CODES[row.went_on[0]], strokes=row.went_on[1]),
        over=m.is_over, winner=_team(m.winner), draw=m.draw)


@router.put("/api/sheets/{sheet_id}/deals/{deal_id}", response_model=SheetOut, responses=ERRORS, tags=["deals"])
def edit_deal(sheet_id: SheetId, deal_id: DealId, body: DealIn, store: Sheets, access: Edit) -> SheetOut:
    st = store.get(sheet_id)
    try:
        store.edit_deal(sheet_id, deal_id, _deal_input(st.settings, body), _check)
    except Conflict as exc:
        raise Conflict("match_over_earlier", say("match_over_earlier"), exc.deal) from None
    return sheet_out(store.get(sheet_id), access)


@router.delete("/api/sheets/{sheet_id}/deals/{deal_id}", response_model=SheetOut, responses=ERRORS,
               tags=["deals"])
def delete_deal(sheet_id: SheetId, deal_id: DealId, store: Sheets, access: Edit) -> SheetOut:
    store.delete_deal(sheet_id, deal_id, _check)
    return sheet_out(store.get(sheet_id), access)


@router.post("/api/sheets/{sheet_id}/undo", response_model=SheetOut, responses=ERRORS, tags=["deals"])
def undo(sheet_id: SheetId, store: Sheets, access: Edit) -> SheetOut:
    """Undo the last add, correction or delete on this sheet (no body: send `X-Klaverjas: 1`)."""
    store.undo(sheet_id, _check)
    return sheet_out(store.get(sheet_id), access)


@router.get("/api/sheets/{sheet_id}/export.csv", responses={**ERRORS, 200: {"content": {"text/csv": {}}}},
            tags=["sheets"], response_class=Response)
def export_csv(sheet_id: SheetId, store: Sheets, access: Read) -> Response:
    out = sheet_out(store.get(sheet_id), access)
    return Response(sheet_csv(out), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="klaverjas-sheet-{sheet_id}.csv"'})


@router.get("/keeper", include_in_schema=False)
def keeper_page() -> HTMLResponse:
    return page("keeper.html")
