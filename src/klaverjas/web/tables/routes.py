"""Create a table, look it up and join it by its code; the host's invitation and spectator links; the
/t/{code} page.

A table is private: its code lets a person choose an open chair before the start, nothing more. After the
start a seat changes hands only by the host's one-time invitation. Every secret travels in a link's
fragment (``/t/{code}#token=...``, ``#invite=...``, ``#watch=...``), which browsers never send to a server
nor put in a Referer; a request carries a token in its body or in ``Authorization: Bearer``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import HTMLResponse

from klaverjas.core import SEATS

from ..db import run
from ..errors import ReasonOut, Refusal
from ..pages import page
from ..play.game import ActionError, GameTable, SeatInfo, new_token, table_link
from ..play.models import Invitation, InvitationIn, Joined, JoinTable, Link, NewTable, SeatInvite, SpectateIn, TableInfo
from ..play.routes import Authorization, bearer, rules_of
from ..play.service import CODE_ALPHABET, CODE_LENGTH, PlayService, TableRuntime, play_service
from ..play.store import now
from ..play.texts import say

Service = Annotated[PlayService, Depends(play_service)]
NO_TABLE: dict[int | str, dict[str, object]] = {404: {"model": ReasonOut, "description": "no table with that code"}}
STATUS = {"seat_taken": 409, "not_now": 409, "bad_invite": 403, "not_host": 403}  # ActionError code -> HTTP

router = APIRouter()


async def runtime_of_code(service: PlayService, code: str) -> TableRuntime:
    clean = code.strip().upper()
    if len(clean) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in clean):
        raise Refusal(404, "no_table", say("no_table"))
    table_id = await run(service.store.id_of_code, clean)
    runtime = await service.get(table_id) if table_id else None
    if runtime is None:
        raise Refusal(404, "no_table", say("no_table"))
    return runtime


def refused(exc: ActionError) -> Refusal:
    return Refusal(STATUS.get(exc.code, 409), exc.code, exc.reason)


def host_seat(service: PlayService, runtime: TableRuntime, authorization: str | None) -> int:
    """The host's seat, when the request carries the host's token; else a 403."""
    seat = service.seat_of(runtime, bearer(authorization))
    if seat is None or seat != runtime.table.host:
        raise Refusal(403, "not_host", say("host_only"))
    return seat


@router.post("/api/tables", response_model=Joined, status_code=201, tags=["tables"])
async def create_table(body: NewTable, service: Service) -> Joined:
    rules = rules_of(body)
    token = new_token()
    seat = SEATS.index(body.seat)
    seats = [SeatInfo("open", body.level) for _ in range(4)]
    seats[seat] = SeatInfo("human", body.level, body.name.strip() or "Host", token)
    code = await service.free_code()
    table = GameTable.create(rules, seats, body.seed, first_dealer=3, created=now(), code=code, host=seat)
    await service.add(table, body.pace, body.away_limit)
    return Joined(id=table.id, code=code, token=token, seat=body.seat, link=table_link(table.code, "token", token))


@router.get("/api/tables/{code}", response_model=TableInfo, tags=["tables"], responses=NO_TABLE)
async def table_info(code: str, service: Service) -> TableInfo:
    """The join page: who sits where and which chairs are open; no chat. The game's id opens nothing
    without a seat token or the spectator link."""
    runtime = await runtime_of_code(service, code)
    table = runtime.table
    return TableInfo.model_validate({
        "id": table.id, "free": [SEATS[s] for s, info in enumerate(table.seats) if info.kind == "open"],
        "code": table.code, "rules": str(table.rules), "started": table.started,
        "phase": table.phase, "host": None if table.host is None else SEATS[table.host],
        "seats": [info.public(s) for s, info in enumerate(table.seats)]})


@router.post("/api/tables/{code}/join", response_model=Joined, status_code=201, tags=["tables"],
             responses={**NO_TABLE, 403: {"model": ReasonOut, "description": "the invitation is not valid"},
                        409: {"model": ReasonOut, "description": "the chair is taken, or the match is over"}})
async def join_table(code: str, body: JoinTable, service: Service) -> Joined:
    runtime = await runtime_of_code(service, code)
    if body.invite is not None and body.seat is None:
        try:
            seat = runtime.table.invitation(body.invite)  # refused as the invitation lookup refuses it
        except ActionError as exc:
            raise refused(exc) from None
    elif body.seat is not None:
        seat = SEATS.index(body.seat)
    else:
        raise Refusal(422, "no_seat", say("choose_seat"))
    token = new_token()
    try:
        # A seat's new person starts its away clock: one who never connects is played for after the limit.
        await service.change(runtime, lambda table: table.sit(seat, body.name.strip() or SEATS[seat], token,
                                                               body.invite))
    except ActionError as exc:
        raise refused(exc) from None
    service.kick(runtime)
    table = runtime.table
    return Joined.model_validate({"id": table.id, "code": table.code, "token": token, "seat": SEATS[seat],
                                  "link": table_link(table.code, "token", token)})


@router.post("/api/tables/{code}/invitation", response_model=Invitation, tags=["tables"],
             responses={**NO_TABLE, 403: {"model": ReasonOut, "description": "the invitation is not valid: used, "
                                                                             "replaced or never made"},
                        409: {"model": ReasonOut, "description": "the seat has its person, or the match is over"}})
async def invitation(code: str, body: InvitationIn, service: Service) -> Invitation:
    """The seat an invitation takes, so the join screen can name it (or say the link no longer works) before
    anyone types a name; the secret travels in the body, and the answer holds no token.  Limited as a join,
    a wrong code or invitation counted as a guess (web/limits.py)."""
    runtime = await runtime_of_code(service, code)
    try:
        seat = runtime.table.invitation(body.invite)
    except ActionError as exc:
        raise refused(exc) from None
    return Invitation.model_validate({"seat": SEATS[seat]})


@router.post("/api/tables/{code}/invite", response_model=Link, status_code=201, tags=["tables"],
             responses={**NO_TABLE, 403: {"model": ReasonOut, "description": "not the host's token"},
                        409: {"model": ReasonOut, "description": "someone who is here holds that seat, or the match "
                                                                "is over"}})
async def invite(code: str, body: SeatInvite, service: Service, authorization: Authorization = None) -> Link:
    """The host lets someone in: a one-time link for a seat that is open, played by a computer player, or
    held by someone who is away (his token stops working when the invitation is used)."""
    runtime = await runtime_of_code(service, code)
    by = host_seat(service, runtime, authorization)
    seat = SEATS.index(body.seat)
    try:
        secret = await service.change(runtime, lambda table: table.invite(by, seat))
    except ActionError as exc:
        raise refused(exc) from None
    return Link(link=table_link(runtime.table.code, "invite", secret), seat=body.seat)


@router.post("/api/tables/{code}/spectate", response_model=Link, status_code=201, tags=["tables"],
             responses={**NO_TABLE, 403: {"model": ReasonOut, "description": "not the host's token"}})
async def spectate(code: str, body: SpectateIn, service: Service, authorization: Authorization = None) -> Link:
    """The spectator link the host may share: it shows the public table, never the code or the chat.  With
    ``renew`` a new one: the old link opens nothing any more, and its spectators' sockets are closed."""
    runtime = await runtime_of_code(service, code)
    by = host_seat(service, runtime, authorization)
    secret = await service.change(runtime, lambda table: table.spectator_token(by, body.renew))
    return Link(link=table_link(runtime.table.code, "watch", secret), seat=None)


@router.get("/t/{code}", include_in_schema=False)
def table_page(code: str) -> HTMLResponse:
    return page("play.html")
