"""Create a table, look it up and join it by its code; the /t/{code} page."""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import FileResponse

from klaverjas.core import SEATS

from ..errors import ErrorOut
from ..pages import page
from ..play.game import ActionError, GameTable, SeatInfo
from ..play.models import Joined, JoinTable, NewTable, TableInfo
from ..play.routes import new_token, rules_of
from ..play.service import PlayService, TableRuntime, play_service
from ..play.store import now

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LENGTH = 6
Service = Annotated[PlayService, Depends(play_service)]

router = APIRouter()


def runtime_of_code(service: PlayService, code: str) -> TableRuntime:
    clean = code.strip().upper()
    if len(clean) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in clean):
        raise HTTPException(404, "no table with that code")
    table_id = service.store.id_of_code(clean)
    runtime = service.get(table_id) if table_id else None
    if runtime is None:
        raise HTTPException(404, "no table with that code")
    return runtime


@router.post("/api/tables", response_model=Joined, status_code=201, tags=["tables"])
async def create_table(body: NewTable, service: Service) -> Joined:
    rules = rules_of(body)
    token = new_token()
    seat = SEATS.index(body.seat)
    seats = [SeatInfo("open", body.level) for _ in range(4)]
    seats[seat] = SeatInfo("human", body.level, body.name.strip() or "Host", token)
    for _ in range(20):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if service.store.id_of_code(code) is None:
            break
    table = GameTable.create(rules, seats, body.seed, first_dealer=3, created=now(), code=code, host=seat)
    service.add(table, body.pace, body.away_limit)
    return Joined(id=table.id, code=code, token=token, seat=body.seat, link=f"/t/{code}")


@router.get("/api/tables/{code}", response_model=TableInfo, tags=["tables"])
async def table_info(code: str, service: Service) -> TableInfo:
    table = runtime_of_code(service, code).table
    return TableInfo.model_validate({
        "id": table.id, "code": table.code, "rules": str(table.rules), "started": table.started,
        "phase": table.phase, "host": None if table.host is None else SEATS[table.host],
        "seats": [info.public(s) for s, info in enumerate(table.seats)]})


@router.post("/api/tables/{code}/join", response_model=Joined, status_code=201, tags=["tables"],
             responses={409: {"model": ErrorOut, "description": "the seat is taken"}})
async def join_table(code: str, body: JoinTable, service: Service) -> Joined:
    runtime = runtime_of_code(service, code)
    table = runtime.table
    token = new_token()
    seat = SEATS.index(body.seat)
    async with runtime.lock:
        try:
            table.sit(seat, body.name.strip() or SEATS[seat], token)
        except ActionError as exc:
            raise HTTPException(409, str(exc)) from None
        service.save(runtime)
    await service.broadcast(runtime)
    return Joined(id=table.id, code=table.code, token=token, seat=body.seat, link=f"/t/{table.code}")


@router.get("/t/{code}", include_in_schema=False)
def table_page(code: str) -> FileResponse:
    return page("play.html")
