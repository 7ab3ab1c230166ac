"""The play service: tables in memory and in the store, WebSocket connections, bots off the loop.

One asyncio lock per table serialises its actions (the lichess "one actor per
game" idea); bots think in a worker thread on a :class:`~klaverjas.bots.View`
snapshot and their decision is applied only if the table has not moved on.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from starlette.requests import HTTPConnection

from klaverjas.bots import BasicBot
from klaverjas.bots.strong import available
from klaverjas.core import SEATS

from ..thinking import Thinker
from .frames import table_frame
from .game import ActionError, GameTable, restore_checked
from .models import Texts
from .store import GameStore

log = logging.getLogger("klaverjas.play")
STATE_EVENTS = 50  # a state frame after (re)connecting carries at most this many of the missed events


class Socket(Protocol):
    async def send_json(self, data: Any) -> None: ...


@dataclass(eq=False)
class Connection:
    socket: Socket
    seat: int | None  # None: a spectator
    last_seq: int = 0
    lang: str = "en"


@dataclass
class TableRuntime:
    table: GameTable
    pace: float
    away_limit: float = 60.0  # seconds a human may be gone before a computer player takes the seat
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    driver: asyncio.Task[None] | None = None
    away_timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    chat_times: dict[int | None, list[float]] = field(default_factory=dict)
    saved_seq: int = 0  # events up to here are in the store

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)


class PlayService:
    def __init__(self, store: GameStore, pace: float = 0.7, thinker: Thinker | None = None):
        self.store = store
        self.thinker = thinker or Thinker(0)  # strong decisions, hints, reviews; without one: threads
        self.default_pace = pace
        self.tables: dict[str, TableRuntime] = {}
        self.advice_wait = 3.0  # seconds the strong player may take for a hint

    # --- tables ------------------------------------------------------------------
    def add(self, table: GameTable, pace: float | None = None, away_limit: float = 60.0) -> TableRuntime:
        runtime = TableRuntime(table, self.default_pace if pace is None else pace, away_limit)
        self.tables[table.id] = runtime
        self.save(runtime)
        return runtime

    def get(self, table_id: str) -> TableRuntime | None:
        runtime = self.tables.get(table_id)
        if runtime is None:
            data = self.store.load(table_id)
            if data is None:
                return None
            table = restore_checked(data, log.error)
            if table is None:
                return None
            runtime = TableRuntime(table, float(data.get("pace", self.default_pace)),
                                   float(data.get("away_limit", 60.0)), saved_seq=table.seq)
            self.tables[table_id] = runtime
        return runtime

    def seat_of(self, runtime: TableRuntime, token: str | None) -> int | None:
        """The seat a token belongs to (constant-time compare), else None."""
        if not token:
            return None
        for seat, info in enumerate(runtime.table.seats):
            if info.kind == "human" and info.token and hmac.compare_digest(info.token, token):
                return seat
        return None

    def save(self, runtime: TableRuntime) -> None:
        # Events are numbered from 1 without gaps, so the first unsaved one sits at index saved_seq.
        data = runtime.table.to_json(events_after=runtime.saved_seq)
        data["pace"] = runtime.pace
        data["away_limit"] = runtime.away_limit
        self.store.save(data, runtime.table.phase)
        runtime.saved_seq = runtime.table.seq

    # --- connections ---------------------------------------------------------------
    async def join(self, runtime: TableRuntime, conn: Connection, since: int = 0) -> None:
        runtime.connections.add(conn)
        table = runtime.table
        if conn.seat is not None:
            timer = runtime.away_timers.pop(conn.seat, None)
            if timer is not None:
                timer.cancel()
            if table.seats[conn.seat].replaced:
                async with runtime.lock:
                    table.reclaim(conn.seat)
                    self.save(runtime)
                await self.broadcast(runtime)
        await conn.socket.send_json(table_frame("state", table.events_for(conn.seat, since)[-STATE_EVENTS:],
                                                table.state_for(conn.seat)))
        conn.last_seq = table.seq
        self.kick(runtime)

    def leave(self, runtime: TableRuntime, conn: Connection) -> None:
        runtime.connections.discard(conn)
        seat = conn.seat
        if seat is not None and not runtime.connected(seat) and runtime.table.seats[seat].kind == "human":
            self.start_away_timer(runtime, seat)

    def start_away_timer(self, runtime: TableRuntime, seat: int) -> None:
        """A human with no connection left is replaced by a computer player after the table's limit."""
        old = runtime.away_timers.pop(seat, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        runtime.away_timers[seat] = loop.call_later(
            runtime.away_limit, lambda: loop.create_task(self._replace(runtime, seat)))

    async def _replace(self, runtime: TableRuntime, seat: int) -> None:
        runtime.away_timers.pop(seat, None)
        if runtime.connected(seat):
            return
        async with runtime.lock:
            runtime.table.replace(seat)
            self.save(runtime)
        await self.broadcast(runtime)
        self.kick(runtime)

    async def chat(self, runtime: TableRuntime, seat: int | None, text: str) -> None:
        """Table chat: at most 5 messages in 10 seconds per seat, 200 characters, shown as text."""
        now_ = time.monotonic()
        recent = [t for t in runtime.chat_times.get(seat, []) if now_ - t < 10]
        if len(recent) >= 5:
            raise ActionError("rate_limited", "too many messages: wait a few seconds")
        clean = "".join(ch for ch in text if ch.isprintable()).strip()
        if not clean:
            raise ActionError("bad_message", "an empty message")
        if len(clean) > 200:
            raise ActionError("too_long", "a chat message has at most 200 characters")
        runtime.chat_times[seat] = [*recent, now_]
        async with runtime.lock:
            runtime.table.chat(seat, clean)
            self.save(runtime)
        await self.broadcast(runtime)

    async def broadcast(self, runtime: TableRuntime) -> None:
        table = runtime.table
        for conn in list(runtime.connections):
            events = table.events_for(conn.seat, conn.last_seq)
            conn.last_seq = table.seq
            frame = table_frame("update", events, table.state_for(conn.seat))
            try:
                await conn.socket.send_json(frame)
            except Exception:  # a closed socket: the reader loop will drop it
                runtime.connections.discard(conn)

    # --- actions ----------------------------------------------------------------------
    async def act(self, runtime: TableRuntime, seat: int, message: dict[str, Any]) -> None:
        """Apply a human action; raises ActionError (nothing changed) when refused."""
        async with runtime.lock:
            runtime.table.act(seat, message)
            self.save(runtime)
        await self.broadcast(runtime)
        self.kick(runtime)

    async def hint(self, runtime: TableRuntime, seat: int) -> list[dict[str, Any]]:
        table = runtime.table
        if table.to_move != seat or table.phase not in ("trump", "play"):
            raise ActionError("not_your_turn", "a hint is given when it is your turn")
        view = table.bot_view(seat)
        options = await self.advice(view)
        return [o.as_json(view.phase) for o in options]

    async def advice(self, view: Any) -> list[Any]:
        """The strong player's advice when the solver is there and answers within a few seconds (its
        first use compiles the solver; that goes on in the background), else the basic player's."""
        if available():
            try:
                return list(await asyncio.wait_for(self.thinker.advise(view), self.advice_wait))
            except TimeoutError:
                log.info("strong advice not ready in %.1fs; basic advice meanwhile", self.advice_wait)
            except Exception:  # advice must never break a table
                log.exception("strong advice failed; basic advice instead")
        return list(await asyncio.to_thread(BasicBot().advise, view))

    # --- bots -----------------------------------------------------------------------
    def kick(self, runtime: TableRuntime) -> None:
        """Make sure the bots of this table get to move (one driver task per table)."""
        if runtime.driver is None or runtime.driver.done():
            runtime.driver = asyncio.get_running_loop().create_task(self._drive(runtime))

    async def _drive(self, runtime: TableRuntime) -> None:
        table = runtime.table
        while True:
            async with runtime.lock:
                claims = table.bot_claims()
                caller = table.bot_calls()
                seat = table.bot_to_move()
                if not claims and caller is None and seat is None:
                    if table.phase == "deal_over" and all(i.played_by_bot for i in table.seats):
                        table.next_deal()
                        self.save(runtime)
                        continue
                    return
                seq = table.seq
                view = table.bot_view(seat) if seat is not None and not claims and caller is None else None
                # Taken under the lock: a person may take this seat while the bot waits or thinks below.
                bot = table.bots[seat] if view is not None and seat is not None else None
            pace = runtime.pace
            if pace and not claims:  # a claim is said as the trick is taken
                # A little longer after a trick, so people see who took it.
                trick_ended = table.phase == "play" and not table.deal.trick and bool(table.deal.tricks)
                await asyncio.sleep(pace * (1.6 if trick_ended else 1.0))
            decision: Any = None
            why: Texts | None = None
            if view is not None and bot is not None and seat is not None:
                try:
                    # Bots think in a worker process or thread, so the loop keeps answering people
                    # meanwhile; the decision comes with the reason from the same evaluation.
                    decision, why = await self.thinker.decide(bot, view)
                except Exception:  # a broken bot must not stop the table: play the basic level's choice
                    log.exception("bot at %s failed; playing a fallback", SEATS[seat])
                    decision, why = BasicBot().explain(view)
            async with runtime.lock:
                if table.seq != seq:
                    continue  # someone acted meanwhile; look again
                try:
                    if claims:
                        for claimer, amount, claim_why in claims:
                            table.apply_claim(claimer, amount, claim_why)
                    elif caller is not None:
                        table.bot_call(*caller)
                    elif seat is not None:
                        table.apply_bot(seat, decision, why)
                except ActionError:
                    log.exception("bot action refused at table %s", table.id)
                    return
                self.save(runtime)
            await self.broadcast(runtime)

    async def resume_all(self) -> None:
        """After a restart: load unfinished tables so their bots continue; nobody is connected yet, so
        every human's away timer starts."""
        self.expire()
        for table_id in self.store.ids():
            runtime = self.get(table_id)
            if runtime is None or runtime.table.phase == "match_over":
                continue
            for seat, info in enumerate(runtime.table.seats):
                if info.kind == "human" and not info.replaced:
                    self.start_away_timer(runtime, seat)
            self.kick(runtime)

    def expire(self, max_idle_days: float = 7.0) -> int:
        """Forget tables nobody has touched for a while (and nobody is connected to)."""
        removed = 0
        for table_id in self.store.idle_ids(max_idle_days):
            runtime = self.tables.get(table_id)
            if runtime is not None and runtime.connections:
                continue
            self.tables.pop(table_id, None)
            self.store.delete(table_id)
            removed += 1
        return removed

    async def shutdown(self) -> None:
        for runtime in self.tables.values():
            for timer in runtime.away_timers.values():
                timer.cancel()
            if runtime.driver is not None:
                runtime.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await runtime.driver


def play_service(conn: HTTPConnection) -> PlayService:
    """The app's play service (made by create_app); a FastAPI dependency for HTTP and WebSocket routes."""
    return cast(PlayService, conn.app.state.play)


async def sweep(service: PlayService, every: float = 3600.0) -> None:
    """Forget abandoned tables every hour (also done at every start)."""
    while True:
        await asyncio.sleep(every)
        service.expire()
