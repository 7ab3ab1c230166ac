"""HTTP and WebSocket routes for playing against computer players (and, later, with friends)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, HTTPException, Query, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from klaverjas.core import SEATS, Rules, RulesError, parse_card
from klaverjas.core.reasons import card_words
from klaverjas.core.record import RecordError, start_deal

from .game import LEVELS, ActionError, GameTable, SeatInfo
from .service import Connection, PlayService, TableRuntime
from .store import GameStore, now

STATIC = Path(__file__).resolve().parent.parent / "static"
MAX_MESSAGE = 2048  # bytes; a client message is a few dozen
MATCH_END = r"^(deals:(1[0-6]|[1-9])|points:(500|1000|1500|2000)|strokes:[1-9])$"


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

    levels: list[Literal["random", "basic", "strong"]] = Field(default=["basic", "basic", "basic"], min_length=3,
                                                                max_length=3, description="partner N, then E and W")
    name: str = Field(default="", max_length=30)
    pace: float = Field(default=0.7, ge=0, le=5, description="seconds a computer player takes per card")
    seed: int | None = Field(default=None, ge=0, lt=2**31)


class Created(BaseModel):
    id: str
    token: str
    seat: str


class NewTable(RulesChoice):
    """A table for friends: the host picks a seat; empty chairs get computer players at the start."""

    level: Literal["random", "basic", "strong"] = "basic"
    name: str = Field(min_length=1, max_length=30)
    seat: Literal["N", "E", "S", "W"] = "S"
    pace: float = Field(default=0.7, ge=0, le=5)
    away_limit: float = Field(default=60, ge=1, le=3600, description="seconds before a computer player sits in")
    seed: int | None = Field(default=None, ge=0, lt=2**31)


class JoinTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=30)
    seat: Literal["N", "E", "S", "W"]


class Joined(BaseModel):
    id: str
    code: str
    token: str
    seat: str
    link: str


CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread


class ClientMessage(BaseModel):
    """Everything a browser may send on the game socket."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["trump", "card", "claim", "verzaakt", "undo", "next", "hint", "ping", "start", "chat"]
    text: str | None = Field(default=None, max_length=1000)
    action: Literal["pass", "play", "choose"] | None = None
    suit: str | None = Field(default=None, max_length=8)
    card: str | None = Field(default=None, max_length=4)
    roem: int | None = Field(default=None, ge=0, le=1000)


def rules_of(body: RulesChoice) -> Rules:
    options: dict[str, Any] = {k: v for k, v in {
        "trump_selection": body.trump_selection, "match_end": body.match_end,
        "roem_claim": body.roem_claim, "illegal_cards": body.illegal_cards}.items() if v is not None}
    try:
        return Rules.parse(body.preset).with_options(**options)
    except RulesError as exc:
        raise HTTPException(422, str(exc)) from None


def register(app: FastAPI, db_path: str | Path, pace: float = 0.7) -> PlayService:
    """Add the play routes to ``app``; games share the app's SQLite file."""
    service = PlayService(GameStore(db_path), pace)
    app.state.play = service
    router = APIRouter()

    @router.post("/api/play", response_model=Created, status_code=201, tags=["play"])
    async def create_game(body: NewGame) -> Created:
        rules = rules_of(body)
        token = secrets.token_urlsafe(18)
        north, east, west = body.levels
        seats = [SeatInfo("bot", north, "North"), SeatInfo("bot", east, "East"),
                 SeatInfo("human", name=body.name or "You", token=token), SeatInfo("bot", west, "West")]
        table = GameTable.create(rules, seats, body.seed, first_dealer=3, created=now())
        service.add(table, body.pace)
        return Created(id=table.id, token=token, seat="S")

    @router.post("/api/tables", response_model=Joined, status_code=201, tags=["tables"])
    async def create_table(body: NewTable) -> Joined:
        rules = rules_of(body)
        token = secrets.token_urlsafe(18)
        seat = SEATS.index(body.seat)
        seats = [SeatInfo("open", body.level) for _ in range(4)]
        seats[seat] = SeatInfo("human", body.level, body.name.strip() or "Host", token)
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
            if service.store.id_of_code(code) is None:
                break
        table = GameTable.create(rules, seats, body.seed, first_dealer=3, created=now(), code=code, host=seat)
        service.add(table, body.pace, body.away_limit)
        return Joined(id=table.id, code=code, token=token, seat=body.seat, link=f"/t/{code}")

    def runtime_of_code(code: str) -> TableRuntime:
        clean = code.strip().upper()
        if len(clean) != 6 or any(ch not in CODE_ALPHABET for ch in clean):
            raise HTTPException(404, "no table with that code")
        table_id = service.store.id_of_code(clean)
        runtime = service.get(table_id) if table_id else None
        if runtime is None:
            raise HTTPException(404, "no table with that code")
        return runtime

    @router.get("/api/tables/{code}", tags=["tables"])
    async def table_info(code: str) -> dict[str, Any]:
        table = runtime_of_code(code).table
        return {"id": table.id, "code": table.code, "rules": str(table.rules), "started": table.started,
                "phase": table.phase, "host": None if table.host is None else SEATS[table.host],
                "seats": [info.public(s) for s, info in enumerate(table.seats)]}

    @router.post("/api/tables/{code}/join", response_model=Joined, status_code=201, tags=["tables"])
    async def join_table(code: str, body: JoinTable) -> Joined:
        runtime = runtime_of_code(code)
        table = runtime.table
        token = secrets.token_urlsafe(18)
        seat = SEATS.index(body.seat)
        async with runtime.lock:
            try:
                table.sit(seat, body.name.strip() or SEATS[seat], token)
            except ActionError as exc:
                raise HTTPException(409, str(exc)) from None
            service.save(runtime)
        await service.broadcast(runtime)
        return Joined(id=table.id, code=table.code, token=token, seat=body.seat, link=f"/t/{table.code}")

    @router.get("/api/play", tags=["play"])
    async def list_games() -> list[dict[str, Any]]:
        return service.store.summaries()

    def runtime_or_404(game_id: str) -> TableRuntime:
        if len(game_id) > 40:
            raise HTTPException(404, "no such game")
        runtime = service.get(game_id)
        if runtime is None:
            raise HTTPException(404, "no such game")
        return runtime

    @router.get("/api/play/{game_id}", tags=["play"])
    async def game_state(game_id: str, token: Annotated[str | None, Query(max_length=64)] = None) -> dict[str, Any]:
        runtime = runtime_or_404(game_id)
        return runtime.table.state_for(service.seat_of(runtime, token))

    @router.get("/api/play/{game_id}/deals/{number}", tags=["play"])
    async def deal_record(game_id: str, number: Annotated[int, Field(ge=1, le=1000)]) -> dict[str, Any]:
        runtime = runtime_or_404(game_id)
        records = runtime.table.finished_records
        if not 1 <= number <= len(records):
            raise HTTPException(404, f"deal {number} is not finished")
        return records[number - 1]

    @router.get("/api/play/{game_id}/review/{number}", tags=["play"])
    async def deal_review(game_id: str, number: Annotated[int, Field(ge=1, le=1000)],
                          token: Annotated[str | None, Query(max_length=64)] = None) -> dict[str, Any]:
        """The double-dummy review of a finished deal.  The analysis runs in the background: until it
        is ready the answer says ``pending`` and the page asks again."""
        runtime = runtime_or_404(game_id)
        records = runtime.table.finished_records
        if not 1 <= number <= len(records):
            raise HTTPException(404, f"deal {number} is not finished")
        record = records[number - 1]
        cache = runtime.table.review_cache
        entry = cache.get(number)
        if entry is None:
            entry = cache[number] = asyncio.get_running_loop().create_task(analyse(record))
        if isinstance(entry, asyncio.Task):
            if not entry.done():
                return {"available": False, "pending": True, "record": record, "cards": []}
            entry = cache[number] = entry.result()
        seat = service.seat_of(runtime, token)
        return {**entry, "record": record, "pending": False,
                "summary": None if seat is None or not entry["available"] else seat_summary(entry["cards"], seat)}

    @router.websocket("/ws/play/{game_id}")
    async def game_socket(socket: WebSocket, game_id: str) -> None:
        await socket.accept()
        runtime = service.get(game_id) if len(game_id) <= 40 else None
        if runtime is None:
            await socket.send_json({"type": "error", "code": "no_game", "message": "no such game"})
            await socket.close(code=4404)
            return
        token = socket.query_params.get("token")
        seat = service.seat_of(runtime, token)
        if token and seat is None:
            await socket.send_json({"type": "error", "code": "bad_token", "message": "this seat token is not valid"})
            await socket.close(code=4403)
            return
        try:
            since = max(0, int(socket.query_params.get("since", "0")))
        except ValueError:
            since = 0
        conn = Connection(socket, seat)
        await service.join(runtime, conn, since)
        try:
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:  # a binary frame: the protocol is JSON text
                    await socket.send_json({"type": "error", "code": "bad_message",
                                            "message": "send JSON text frames, not binary ones"})
                    continue
                await handle(runtime, conn, raw)
        except WebSocketDisconnect:
            pass
        finally:
            service.leave(runtime, conn)

    async def handle(runtime: TableRuntime, conn: Connection, raw: str) -> None:
        async def error(code: str, message: str, reason: dict[str, str] | None = None) -> None:
            frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
            if reason:
                frame["reason"] = reason
            await conn.socket.send_json(frame)

        if len(raw) > MAX_MESSAGE:
            await error("too_large", f"message of {len(raw)} bytes; the limit is {MAX_MESSAGE}")
            return
        try:
            message = ClientMessage.model_validate(json.loads(raw))
        except (json.JSONDecodeError, ValidationError, TypeError, ValueError, RecursionError) as exc:
            await error("bad_message", f"not a valid message: {str(exc).splitlines()[0][:200]}")
            return
        if message.type == "ping":
            await conn.socket.send_json({"type": "pong", "seq": runtime.table.seq})
            return
        if conn.seat is None:
            await error("spectator", "spectators watch: they cannot act or chat")
            return
        try:
            if message.type == "chat":
                await service.chat(runtime, conn.seat, message.text or "")
                return
            if message.type == "hint":
                options = await service.hint(runtime, conn.seat)
                await conn.socket.send_json({"type": "hint", "options": options})
                return
            await service.act(runtime, conn.seat, message.model_dump(exclude_none=True))
        except ActionError as exc:
            await error(exc.code, str(exc), exc.reason)

    @router.get("/play", include_in_schema=False)
    def play_page() -> FileResponse:
        return FileResponse(STATIC / "play.html")

    @router.get("/t/{code}", include_in_schema=False)
    def table_page(code: str) -> FileResponse:
        return FileResponse(STATIC / "play.html")

    app.include_router(router)

    previous = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(app_: FastAPI) -> AsyncIterator[Any]:
        async with previous(app_) as state:
            await service.resume_all()
            sweeper = asyncio.get_running_loop().create_task(sweep(service))
            try:
                yield state
            finally:
                sweeper.cancel()
                await service.shutdown()

    app.router.lifespan_context = lifespan
    return service


async def sweep(service: PlayService, every: float = 3600.0) -> None:
    """Forget abandoned tables every hour (also done at every start)."""
    while True:
        await asyncio.sleep(every)
        service.expire()


async def analyse(record: dict[str, Any]) -> dict[str, Any]:
    """What each card of a finished deal cost against the best card at that moment (the solver)."""
    try:
        from klaverjas.solver.analyse import analyse_deal
    except ImportError:  # the solver needs numpy; without it there is no review
        return {"available": False, "cards": []}

    def run() -> list[dict[str, Any]]:
        deal = start_deal(record)
        return [r.as_json() for r in analyse_deal(deal, [parse_card(c) for c in record["plays"]])]

    try:
        cards = await asyncio.to_thread(run)
    except (RecordError, ValueError) as exc:
        return {"available": False, "error": str(exc), "cards": []}
    return {"available": True, "cards": cards}


def seat_summary(cards: list[dict[str, Any]], seat: int) -> dict[str, str]:
    """In words: what one player's cards cost in this deal, and the costliest one."""
    mine = [c for c in cards if c["seat"] == SEATS[seat]]
    lost = sum(c["loss"] for c in mine)
    if not lost:
        return {"en": "Every card you played was a best card.", "nl": "Elke kaart die je speelde was een beste kaart."}
    worst = max(mine, key=lambda c: c["loss"])
    card = parse_card(worst["card"])
    best = " / ".join(card_words(parse_card(b), "en") for b in worst["best"])
    best_nl = " / ".join(card_words(parse_card(b), "nl") for b in worst["best"])
    return {
        "en": f"Your cards cost {lost} points in all; the costliest was {card_words(card, 'en')} in trick "
              f"{worst['trick']} ({worst['loss']} points): {best} would have kept them.",
        "nl": f"Je kaarten kostten in totaal {lost} punten; het duurst was {card_words(card, 'nl')} in slag "
              f"{worst['trick']} ({worst['loss']} punten): {best_nl} had ze gehouden.",
    }


__all__ = ["register", "LEVELS", "SEATS"]
