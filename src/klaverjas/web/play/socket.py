"""The game socket ``/ws/play/{game_id}``: one per seat (or spectator), for solo games and tables alike.

Each text frame from the client is one :data:`~.frames.ClientMessage`; every answer is a server frame of
:mod:`.frames`.  docs/web-protocol.md is the protocol for people.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from klaverjas.core.texts import Text

from ..limits import Limiter, client_address, keys_of, retry_after
from ..names import problem
from ..security import foreign_origin
from .frames import CLIENT_MESSAGE, Advice, HintFrame, PingMessage, PongFrame, error_frame, frame_json
from .game import ActionError
from .service import Connection, PlayService, TableRuntime, play_service, shut_out
from .texts import say

MAX_MESSAGE = 2048  # bytes; a client message is a few dozen
MAX_ID = 40  # a game id is 12 characters; longer ones are not looked up

router = APIRouter()


@router.websocket("/ws/play/{game_id}")
async def game_socket(socket: WebSocket, game_id: str,
                      service: Annotated[PlayService, Depends(play_service)]) -> None:
    await socket.accept()
    origin = foreign_origin(socket.headers)
    if origin is not None:  # a page of another site opening a socket with the visitor's browser
        await socket.send_json(error_frame("foreign_origin", say("foreign_origin", origin=origin)))
        await socket.close(code=4403)
        return
    limiter: Limiter = socket.app.state.limiter
    address = client_address(socket.scope)
    if not limiter.open_socket(address):
        await socket.send_json(limited("too_many_sockets", say("too_many_sockets", n=limiter.limits.sockets), 10))
        await socket.close(code=4429)
        return
    try:
        await _serve(socket, game_id, service, limiter, address)
    finally:
        limiter.close_socket(address)


async def _serve(socket: WebSocket, game_id: str, service: PlayService, limiter: Limiter, address: str) -> None:
    runtime = await service.get(game_id) if len(game_id) <= MAX_ID else None
    if runtime is None:
        await socket.send_json(error_frame("no_game", say("no_game")))
        await socket.close(code=4404)
        return
    token = socket.query_params.get("token")
    seat = service.seat_of(runtime, token)
    conn = Connection(socket, seat, watch_token=token if seat is None else None)
    if shut_out(runtime.table, conn):  # a table with friends is watched only with its spectator link
        await socket.send_json(error_frame("bad_token", say("bad_token")))
        await socket.close(code=4403)
        return
    try:
        since = max(0, int(socket.query_params.get("since", "0")))
    except ValueError:
        since = 0
    await service.join(runtime, conn, since)
    try:
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:  # a binary frame: the protocol is JSON text
                await socket.send_json(error_frame("bad_message", say("binary_frame")))
                continue
            await handle(service, runtime, conn, raw, limiter, keys_of(address, token))
    except WebSocketDisconnect:
        pass
    finally:
        service.leave(runtime, conn)


async def handle(service: PlayService, runtime: TableRuntime, conn: Connection, raw: str,
                 limiter: Limiter | None = None, keys: tuple[str, ...] = ()) -> None:
    """Answer one client frame: an error frame, a pong, a hint, or an action whose update goes to everyone.
    Hints and chat take a token of the ``limiter`` for each of ``keys`` (address, seat token)."""
    send = conn.socket.send_json
    if len(raw) > MAX_MESSAGE:
        await send(error_frame("too_large", say("too_large", size=len(raw), limit=MAX_MESSAGE)))
        return
    try:
        message = CLIENT_MESSAGE.validate_python(json.loads(raw))
    except (json.JSONDecodeError, ValidationError, TypeError, ValueError, RecursionError) as exc:
        await send(error_frame("bad_message", say("bad_message", detail=_what_is_wrong(exc)[:200])))
        return
    if isinstance(message, PingMessage):
        await send(frame_json(PongFrame(type="pong", seq=runtime.table.seq)))
        return
    if conn.seat is None:
        await send(error_frame("spectator", say("spectator")))
        return
    if message.type in ("chat", "hint") and limiter is not None:
        wait = limiter.take(message.type, *keys)
        if wait:
            await send(limited("rate_limited", say("too_fast", kind=message.type, seconds=retry_after(wait)), wait))
            return
    try:
        if message.type == "chat":
            why = problem(message.text)
            if why is not None:
                await send(error_frame("bad_text", say("bad_text", detail=why)))
                return
            await service.chat(runtime, conn.seat, message.text)
        elif message.type == "rematch":
            await service.rematch(runtime, conn.seat)
        elif message.type == "hint":
            options = await service.hint(runtime, conn.seat)
            await send(frame_json(HintFrame(type="hint", options=[Advice.model_validate(o) for o in options])))
        else:
            await service.act(runtime, conn.seat, message.model_dump(exclude_none=True))
    except ActionError as exc:
        await send(error_frame(exc.code, exc.reason))


def limited(code: str, reason: Text, wait: float) -> dict[str, Any]:
    """An error frame saying when to try again."""
    return error_frame(code, reason, retry_after(wait))


def _what_is_wrong(exc: Exception) -> str:
    """The first problem with a client message, naming its field (``card: field required``)."""
    if isinstance(exc, ValidationError) and exc.errors():
        first = exc.errors()[0]
        field = ".".join(str(x) for x in first["loc"][1:])  # loc[0] is the message type
        return f"{field}: {first['msg']}" if field else first["msg"]
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
