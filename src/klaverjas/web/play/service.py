"""The play service: tables cached in memory, the store the authority, WebSocket connections, bots off the loop.

Any number of processes may serve one database. Each process keeps the tables it serves in memory, but every
change is written against the stored table (:meth:`GameStore.save` refuses a write over a revision this
process did not read; it then reloads the table and tries again), and every event goes out from the stored
order: a connection is sent the events after the last one it got, so none is skipped or sent twice. Changes
made by another process arrive as a PostgreSQL notification, or at the latest by the catch-up every few
seconds. One asyncio lock per table serialises this process's changes to it and its reads of it.

The computer players of a table are driven by the one process that holds its lease (renewed every second;
another process takes an expired one over), and a human seat is played for once nobody has seen its person
on any process for the table's away limit (``game_seats.seen``). Bots think in a worker thread on a
:class:`~klaverjas.bots.View` snapshot and their decision is applied only if the table has not moved on.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol, TypeVar, cast

from starlette.requests import HTTPConnection

from klaverjas.bots import BasicBot
from klaverjas.bots.strong import available
from klaverjas.core import SEATS

from ..db import DatabaseUnavailable, run
from ..thinking import Thinker
from .frames import error_frame, table_frame
from .game import ActionError, GameTable, restore_checked
from .models import Texts
from .store import CHANNEL, Conflict, GameFormatError, GameStore, SeatRow, now
from .texts import say

log = logging.getLogger("klaverjas.play")
STATE_EVENTS = 50  # a state frame after (re)connecting carries at most this many of the missed events
TICK = 1.0  # seconds between a process's rounds of heartbeat, lease renewal, claims and away checks
LEASE = 5.0  # seconds a lease on a table's computer players lasts unless renewed
CLAIMS_PER_TICK = 3  # unowned tables a process takes up per tick: after a restart they resume gradually
CATCH_UP = 2  # ticks between comparisons of the stored tables with this process's (missed notifications)
QUIET = 10.0  # seconds without any process alive that count as a restart of everything
RETRIES = 8  # writes of one action that may find the table changed by another process

T = TypeVar("T")

MAX_CHAT = 200  # characters a chat message keeps
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # a table's code: no 0/O or 1/I to misread
CODE_LENGTH = 6


class Socket(Protocol):
    async def send_json(self, data: Any) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


@dataclass(eq=False)
class Connection:
    socket: Socket
    seat: int | None  # None: a spectator
    last_seq: int = 0
    lang: str = "en"
    watch_token: str | None = None  # a spectator's link secret: checked again whenever the table changes


def shut_out(table: GameTable, conn: Connection) -> bool:
    """A spectator the table does not let watch (:meth:`GameTable.may_watch`), e.g. at a table with friends
    one whose spectator link the host has since replaced."""
    return conn.seat is None and not table.may_watch(conn.watch_token)


async def close_withdrawn(conn: Connection) -> None:
    try:
        await conn.socket.send_json(error_frame("watch_withdrawn", say("watch_withdrawn")))
        await conn.socket.close(code=4403)
    except Exception:  # closed already
        pass


def seat_rows(table: GameTable) -> tuple[SeatRow, ...]:
    return tuple(SeatRow(s, info.token if info.kind == "human" else "", info.kind == "human", info.replaced)
                 for s, info in enumerate(table.seats))


def bots_have_work(table: GameTable) -> bool:
    """Whether a computer player has something to do (without asking one: that may take a while)."""
    if table.phase == "deal_over":
        return all(info.played_by_bot for info in table.seats)
    if table.claim_open() is not None and table.deal.tricks[-1].winner in table.bots:
        return True
    return table.bot_calls() is not None or table.bot_to_move() is not None


@dataclass
class TableRuntime:
    table: GameTable
    pace: float
    away_limit: float = 60.0  # seconds a human may be gone before a computer player takes the seat
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)  # one delivery at a time: frames in seq order
    connections: set[Connection] = field(default_factory=set)
    driver: asyncio.Task[None] | None = None
    chat_times: dict[int | None, list[float]] = field(default_factory=dict)
    saved_seq: int = 0  # events up to here are in the store
    revision: int = 0  # the stored revision the table in memory is
    stale: bool = False  # the table in memory may differ from the store (a write failed midway): reload it
    seats_saved: tuple[SeatRow, ...] = ()

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)


class PlayService:
    def __init__(self, store: GameStore, pace: float = 0.7, thinker: Thinker | None = None):
        self.store = store
        self.thinker = thinker or Thinker(0)  # strong decisions, hints, reviews; without one: threads
        self.default_pace = pace
        self.tables: dict[str, TableRuntime] = {}
        self.advice_wait = 3.0  # seconds the strong player may take for a hint
        # This process, in leases: its host and pid say which one it is, the random part that it is not an
        # earlier process with the same pid.
        self.owner = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(4)}"
        self.leased: set[str] = set()  # tables whose computer players this process drives
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loading: dict[str, asyncio.Lock] = {}
        self._stopping = False

    # --- tables ------------------------------------------------------------------
    async def add(self, table: GameTable, pace: float | None = None, away_limit: float = 60.0) -> TableRuntime:
        runtime = TableRuntime(table, self.default_pace if pace is None else pace, away_limit)
        async with runtime.lock:
            await self._save(runtime, new=True)
        self.tables[table.id] = runtime
        return runtime

    async def get(self, table_id: str) -> TableRuntime | None:
        """The table as stored now (loaded, or brought up to date when another process changed it), or None."""
        runtime = self.tables.get(table_id)
        if runtime is None:
            async with self._loading.setdefault(table_id, asyncio.Lock()):
                runtime = self.tables.get(table_id)
                if runtime is None:
                    data = await self._load(table_id)
                    if data is None:
                        self._loading.pop(table_id, None)
                        return None
                    table = restore_checked(data, log.error)
                    if table is None:
                        self._loading.pop(table_id, None)
                        return None
                    runtime = TableRuntime(table, float(data.get("pace", self.default_pace)),
                                           float(data.get("away_limit", 60.0)), saved_seq=table.seq,
                                           revision=int(data["revision"]), seats_saved=seat_rows(table))
                    self.tables[table_id] = runtime
                    self._loading.pop(table_id, None)
                    return runtime
        async with runtime.lock:
            if not await self._sync(runtime, verify=True):
                return None
        return runtime

    async def _load(self, table_id: str) -> dict[str, Any] | None:
        try:
            return await run(self.store.load, table_id)
        except GameFormatError as exc:
            log.error("%s", exc)
            return None

    async def _sync(self, runtime: TableRuntime, verify: bool = False) -> bool:
        """Under the table's lock, before the table is read: make the table in memory the stored one when it
        may differ (a write of it failed; with ``verify``, ask the store). False when the table is no longer
        stored."""
        if not (verify or runtime.stale):
            return True
        table_id = runtime.table.id
        if not runtime.stale and (await run(self.store.revisions, [table_id])).get(table_id) == runtime.revision:
            return True
        data = await self._load(table_id)
        table = restore_checked(data, log.error) if data is not None else None
        if data is None or table is None:
            self.tables.pop(table_id, None)
            return False
        table.review_cache = runtime.table.review_cache  # finished deals do not change
        runtime.table, runtime.saved_seq, runtime.revision = table, table.seq, int(data["revision"])
        runtime.pace = float(data.get("pace", runtime.pace))
        runtime.away_limit = float(data.get("away_limit", runtime.away_limit))
        runtime.seats_saved, runtime.stale = seat_rows(table), False
        if runtime.connections:  # the reload may bring events another process wrote: they are owed to them
            self._background(self.deliver(runtime))
        return True

    async def ensure_stored(self, runtime: TableRuntime) -> bool:
        """For a reader holding the table's lock: the table in memory is the stored one, never one whose write
        failed."""
        return await self._sync(runtime)

    async def _save(self, runtime: TableRuntime, new: bool = False) -> None:
        """Under the table's lock: write the table's change (raises :class:`Conflict` when another process
        wrote it first; the table is then reloaded at the next :meth:`_sync`)."""
        table = runtime.table
        # Events are numbered from 1 without gaps, so the first unsaved one sits at index saved_seq.
        data = table.to_json(events_after=runtime.saved_seq)
        data["pace"] = runtime.pace
        data["away_limit"] = runtime.away_limit
        seats = seat_rows(table)
        runtime.stale = True  # until the store has it (a failure or cancellation leaves it so)
        runtime.revision = await run(self.store.save, data, table.phase, seq=table.seq,
                                     revision=None if new else runtime.revision, bot_due=bots_have_work(table),
                                     seats=seats if seats != runtime.seats_saved else None)
        runtime.saved_seq, runtime.seats_saved, runtime.stale = table.seq, seats, False

    async def change(self, runtime: TableRuntime, apply: Callable[[GameTable], T]) -> T:
        """``apply`` the change to the stored table and write it; its events then go to every connection.
        Raises ActionError (nothing changed) when refused."""
        for _ in range(RETRIES):
            async with runtime.lock:
                if not await self._sync(runtime):
                    raise ActionError("no_game", say("no_game"))
                try:
                    result = apply(runtime.table)
                except ActionError:
                    read = runtime.revision
                    if not await self._sync(runtime, verify=True) or runtime.revision == read:
                        raise
                    continue  # refused by a table another process had changed meanwhile: try the stored one
                try:
                    await self._save(runtime)
                except Conflict:
                    continue
            await self.deliver(runtime)
            return result
        raise DatabaseUnavailable(f"table {runtime.table.id} kept changing under this process's writes")

    async def free_code(self) -> str:
        """A table code no stored table has (the store's unique index refuses the rare one taken meanwhile)."""
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if await run(self.store.id_of_code, code) is None:
                break
        return code

    async def rematch(self, runtime: TableRuntime, seat: int | None) -> str:
        """The host's next match at this finished table: a new table, started, with everyone in the same seat;
        the old table says where it is (:meth:`GameTable.announce_rematch`). Asked again, or by two processes
        at once, it is the same table: the one the old table names. Returns its id."""
        async with runtime.lock:
            if not await self._sync(runtime, verify=True):
                raise ActionError("no_game", say("no_game"))
            runtime.table.check_rematch(seat)
            assert seat is not None
            made = bool(runtime.table.rematch)
            new = None if made else runtime.table.next_match(await self.free_code(), now())
            pace, away_limit = runtime.pace, runtime.away_limit
        added = None if new is None else await self.add(new, pace, away_limit)
        try:
            kept = await self.change(runtime, lambda table: table.announce_rematch(seat, new))
        except (ActionError, DatabaseUnavailable):
            if new is not None:  # the old table does not name ours: nobody could ever open it
                await self._forget(new.id)
            raise
        if new is not None and kept != new.id:  # another request's next match was named first
            await self._forget(new.id)
        elif added is not None:
            self.kick(added)  # a computer player may deal or speak first
        return kept

    async def _forget(self, table_id: str) -> None:
        self.tables.pop(table_id, None)
        await run(self.store.delete, table_id)

    def seat_of(self, runtime: TableRuntime, token: str | None) -> int | None:
        """The seat a token belongs to (constant-time compare), else None."""
        if not token:
            return None
        for seat, info in enumerate(runtime.table.seats):
            if info.kind == "human" and info.token and hmac.compare_digest(info.token, token):
                return seat
        return None

    # --- connections ---------------------------------------------------------------
    async def join(self, runtime: TableRuntime, conn: Connection, since: int = 0) -> None:
        seat = conn.seat
        if seat is not None:
            await run(self.store.seen, [(runtime.table.id, seat)])
            if runtime.table.seats[seat].replaced:
                await self.change(runtime, lambda table: table.reclaim(seat))
        async with runtime.sending:
            async with runtime.lock:
                await self._sync(runtime)
                table = runtime.table
                if shut_out(table, conn):  # the link was replaced since the socket's token was checked
                    frame = None
                else:
                    runtime.connections.add(conn)
                    frame = table_frame("state", table.events_for(seat, since)[-STATE_EVENTS:],
                                        table.state_for(seat))
                    conn.last_seq = table.seq
            if frame is None:
                await close_withdrawn(conn)
                return
            await conn.socket.send_json(frame)
        self.kick(runtime)

    def leave(self, runtime: TableRuntime, conn: Connection) -> None:
        runtime.connections.discard(conn)
        seat = conn.seat
        if seat is not None and not runtime.connected(seat) and runtime.table.seats[seat].kind == "human":
            # The away clock of his seat starts now (it stands still while he is connected anywhere).
            self._background(run(self.store.seen, [(runtime.table.id, seat)]))

    async def chat(self, runtime: TableRuntime, seat: int | None, text: str) -> None:
        """Table chat: at most 5 messages in 10 seconds per seat, :data:`MAX_CHAT` characters, shown as text."""
        now_ = time.monotonic()
        recent = [t for t in runtime.chat_times.get(seat, []) if now_ - t < 10]
        if len(recent) >= 5:
            raise ActionError("rate_limited", say("chat_too_fast"))
        clean = "".join(ch for ch in text if ch.isprintable()).strip()
        if not clean:
            raise ActionError("bad_message", say("chat_empty"))
        if len(clean) > MAX_CHAT:
            raise ActionError("too_long", say("chat_too_long", n=MAX_CHAT))
        runtime.chat_times[seat] = [*recent, now_]
        await self.change(runtime, lambda table: table.chat(seat, clean))

    async def deliver(self, runtime: TableRuntime, *, refresh: bool = False) -> None:
        """Send each connection the events after the last one it got, with its state (``refresh``: bring the
        table up to date from the store first)."""
        async with runtime.sending:
            async with runtime.lock:
                # Never a table whose write failed: its events were not stored and will not be.
                if not await self._sync(runtime, verify=refresh):
                    return
                table = runtime.table
                frames = []
                withdrawn = [conn for conn in runtime.connections if shut_out(table, conn)]
                runtime.connections.difference_update(withdrawn)
                for conn in list(runtime.connections):
                    if conn.last_seq >= table.seq:
                        continue
                    frames.append((conn, table_frame("update", table.events_for(conn.seat, conn.last_seq),
                                                     table.state_for(conn.seat))))
                    conn.last_seq = table.seq
            for conn, frame in frames:
                try:
                    await conn.socket.send_json(frame)
                except Exception:  # a closed socket: the reader loop will drop it
                    runtime.connections.discard(conn)
            for conn in withdrawn:
                await close_withdrawn(conn)

    # --- actions ----------------------------------------------------------------------
    async def act(self, runtime: TableRuntime, seat: int, message: dict[str, Any]) -> None:
        """Apply a human action; raises ActionError (nothing changed) when refused."""
        await self.change(runtime, lambda table: table.act(seat, message))
        self.kick(runtime)

    async def hint(self, runtime: TableRuntime, seat: int) -> list[dict[str, Any]]:
        async with runtime.lock:
            await self._sync(runtime)
            table = runtime.table
            if table.to_move != seat or table.phase not in ("trump", "play"):
                raise ActionError("not_your_turn", say("hint_on_turn"))
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
    def kick(self, runtime: TableRuntime, *, claimed: bool = False) -> None:
        """Make sure the bots of this table get to move: one driver task per table in this process, and it
        drives only with the table's lease. ``claimed``: the store says they have work (drive to find out)."""
        if runtime.driver is not None and not runtime.driver.done():
            return
        if not claimed and not bots_have_work(runtime.table):
            return
        runtime.driver = asyncio.get_running_loop().create_task(self._drive_leased(runtime))

    async def _drive_leased(self, runtime: TableRuntime) -> None:
        table_id = runtime.table.id
        if not await run(self.store.acquire, table_id, self.owner, LEASE):
            return  # another process drives them
        self.leased.add(table_id)
        released = False
        try:
            released = await self._drive(runtime)
        finally:
            self.leased.discard(table_id)
            if not released and not self._stopping:  # stopped by an error: let another process take over now
                self._background(run(self.store.drop_lease, table_id, self.owner))

    async def _drive(self, runtime: TableRuntime) -> bool:
        """Drive the computer players while this process holds the lease; True when they had nothing left
        to do and the lease was given up."""
        table_id = runtime.table.id
        verify = True  # the table in memory may be older than the store's when the lease was just taken
        while table_id in self.leased:
            async with runtime.lock:
                if not await self._sync(runtime, verify=verify):
                    return False
                verify = False
                table = runtime.table
                claims = table.bot_claims()
                caller = table.bot_calls()
                seat = table.bot_to_move()
                revision = runtime.revision
                if not claims and caller is None and seat is None:
                    if table.phase == "deal_over" and all(i.played_by_bot for i in table.seats):
                        table.next_deal()
                        try:
                            await self._save(runtime)
                        except Conflict:
                            continue
                        idle = False
                    else:
                        idle = True
                else:
                    idle = None
                seq = table.seq
                view = table.bot_view(seat) if seat is not None and not claims and caller is None else None
                # Taken under the lock: a person may take this seat while the bot waits or thinks below.
                bot = table.bots[seat] if view is not None and seat is not None else None
            if idle is True:
                if await run(self.store.release, table_id, self.owner, revision):
                    return True
                verify = True  # the table moved on meanwhile: look again
                continue
            if idle is False:
                await self.deliver(runtime)
                continue
            pause = 0.0
            if runtime.pace and not claims:  # a claim is said as the trick is taken
                # A little longer after a trick, so people see who took it.
                trick_ended = table.phase == "play" and not table.deal.trick and bool(table.deal.tricks)
                pause = runtime.pace * (1.6 if trick_ended else 1.0)
            asked = time.monotonic()
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
            # The pace counts the thinking: a player that takes a second a card does not wait a pace more.
            left = pause - (time.monotonic() - asked)
            if left > 0:
                await asyncio.sleep(left)
            async with runtime.lock:
                if runtime.table is not table or table.seq != seq or runtime.stale:
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
                    return False
                try:
                    await self._save(runtime)
                except Conflict:
                    continue  # another process wrote the table first: reload and look again
            await self.deliver(runtime)
        return False

    # --- the process's rounds -------------------------------------------------------------
    async def resume_all(self) -> None:
        """At start: forget abandoned tables, say this process runs (after a stop of every process each
        human's away clock starts again), and start the rounds that take up tables nobody drives, a few per
        second, and listen for other processes' changes."""
        await run(self.expire)
        await run(self.store.alive, self.owner, QUIET)
        self._background(self._rounds())
        if self.store.db.dialect == "postgresql":
            self._background(self._listen())

    def _background(self, work: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _rounds(self) -> None:
        tick = 0
        while True:
            try:
                await self._round(catch_up=tick % CATCH_UP == 0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database away for a moment: the next round tries again
                log.warning("play round failed: %s", exc)
            tick += 1
            await asyncio.sleep(TICK)

    async def _round(self, catch_up: bool) -> None:
        await run(self.store.alive, self.owner, QUIET)
        present = {(r.table.id, c.seat) for r in list(self.tables.values()) for c in r.connections
                   if c.seat is not None}
        await run(self.store.seen, sorted(present))
        held = set(self.leased)
        kept = await run(self.store.renew, self.owner, LEASE)
        self.leased -= held - kept  # taken over by another process (this one was too slow): stop driving
        for game_id in await run(self.store.due, CLAIMS_PER_TICK):
            if game_id not in self.leased:
                runtime = await self.get(game_id)
                if runtime is not None:
                    self.kick(runtime, claimed=True)
        for game_id, seat in await run(self.store.away):
            away = await self.get(game_id)
            if away is not None and not away.connected(seat) and await run(self.store.is_away, game_id, seat):
                await self.change(away, partial(GameTable.replace, seat=seat))
                self.kick(away)
        for game_id, seat in present:  # back while a computer player was put in his place
            back = self.tables.get(game_id)
            if back is not None and back.table.seats[seat].replaced:
                await self.change(back, partial(GameTable.reclaim, seat=seat))
        if catch_up:
            watched = {i: r for i, r in list(self.tables.items()) if r.connections}
            stored = await run(self.store.revisions, list(watched))
            for game_id, runtime in watched.items():
                if stored.get(game_id, -1) != runtime.revision:
                    self._background(self.deliver(runtime, refresh=True))

    async def _listen(self) -> None:
        """One connection per process listens for the changes of every process; a change to a table this
        process has connections for is delivered to them."""
        import psycopg

        url = self.store.db.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    for watched in list(self.tables.values()):  # what changed while nobody listened
                        if watched.connections:
                            self._background(self.deliver(watched, refresh=True))
                    async for note in connection.notifies():
                        game_id, _, revision = note.payload.rpartition(":")
                        changed = self.tables.get(game_id)
                        if changed is not None and changed.connections and revision.isdigit() and \
                                int(revision) > changed.revision:
                            self._background(self.deliver(changed, refresh=True))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("listening for other processes' changes failed (%s); again in a second", exc)
                await asyncio.sleep(1)

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
        self._stopping = True
        tasks = [t for t in self._tasks]
        drivers = [r.driver for r in self.tables.values() if r.driver is not None]
        for task in [*tasks, *drivers]:
            task.cancel()
        for task in [*tasks, *drivers]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):  # its tables' computer players go to another process at once
            await run(self.store.gone, self.owner)


def play_service(conn: HTTPConnection) -> PlayService:
    """The app's play service (made by create_app); a FastAPI dependency for HTTP and WebSocket routes."""
    return cast(PlayService, conn.app.state.play)


async def sweep(service: PlayService, every: float = 3600.0) -> None:
    """Forget abandoned tables every hour (also done at every start)."""
    while True:
        await asyncio.sleep(every)
        await run(service.expire)
