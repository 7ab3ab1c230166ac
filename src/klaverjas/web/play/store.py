"""Storage of game tables on the app's :class:`~klaverjas.web.db.Database` (SQLite or PostgreSQL): one row
per table, its numbered events and finished deals beside it, written in the same transaction.

The store is the authority when several processes serve one database: every write names the revision it
read (``UPDATE games ... WHERE id = :id AND revision = :read``), so of two processes acting on one table at
once the second finds the row moved on (:class:`Conflict`), reloads and tries again; each write tells the
other processes on PostgreSQL with ``pg_notify``, delivered at commit. Besides the tables: the human seats'
token hashes and when each seat was last seen connected (``game_seats``, for the "my games" list and the
away clock), which process drives a table's computer players (``game_leases``), and which processes are
alive (``play_processes``). The calls block: the service runs them in a worker thread
(:func:`klaverjas.web.db.run`).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, bindparam, inspect, text

from ..db import Database

# The layout of a stored game's ``data``. 1: the body of GameTable.to_json() (without events and finished
# deals) with pace and away_limit, as stored before the store had a format; 2: the same body, stored with
# its seq, seats and computer players' state in their own columns. Each newer version reads the older ones.
FORMAT = 2
CHANNEL = "klaverjas_events"  # PostgreSQL's notification channel: payload '<game id>:<revision>'


class Conflict(Exception):
    """The stored table has moved on since this process read it (another process wrote it)."""


class GameFormatError(ValueError):
    """A stored game of a format this program does not know (written by a newer one)."""


@dataclass(frozen=True)
class SeatRow:
    """What the store keeps of a seat beside the table's body."""

    seat: int
    token: str  # "" for a computer player's seat
    human: bool
    replaced: bool


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _step1_tables(connection: Connection) -> None:
    """The tables as they were before migrations (a SQLite file of that time already has them)."""
    connection.execute(text("""CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY, data TEXT NOT NULL, phase TEXT NOT NULL, created TEXT NOT NULL,
        updated TEXT NOT NULL, code TEXT)"""))
    if "code" not in {c["name"] for c in inspect(connection).get_columns("games")}:
        connection.execute(text("ALTER TABLE games ADD COLUMN code TEXT"))  # before tables with friends
    connection.execute(text("CREATE UNIQUE INDEX IF NOT EXISTS games_code ON games(code) WHERE code IS NOT NULL"))
    connection.execute(text("""CREATE TABLE IF NOT EXISTS game_deals (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, number INTEGER NOT NULL,
        record TEXT NOT NULL, PRIMARY KEY (game_id, number))"""))
    connection.execute(text("""CREATE TABLE IF NOT EXISTS game_events (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, seq INTEGER NOT NULL, kind TEXT NOT NULL,
        audience INTEGER, data TEXT NOT NULL, PRIMARY KEY (game_id, seq))"""))


def _step2_shared(connection: Connection) -> None:
    """What several processes need: the seq and format in the row, the seats, leases and live processes."""
    for column in ("seq INTEGER NOT NULL DEFAULT 0", "revision INTEGER NOT NULL DEFAULT 0",
                   "format_version INTEGER NOT NULL DEFAULT 1", "bot_due INTEGER NOT NULL DEFAULT 1",
                   "away_limit DOUBLE PRECISION NOT NULL DEFAULT 60"):
        connection.execute(text(f"ALTER TABLE games ADD COLUMN {column}"))
    connection.execute(text("UPDATE games SET seq = COALESCE((SELECT MAX(e.seq) FROM game_events e "
                            "WHERE e.game_id = games.id), 0)"))
    connection.execute(text("UPDATE games SET bot_due = 0 WHERE phase = 'match_over'"))
    connection.execute(text("CREATE INDEX IF NOT EXISTS games_due ON games(bot_due, phase)"))
    connection.execute(text("CREATE INDEX IF NOT EXISTS games_updated ON games(updated)"))
    connection.execute(text("""CREATE TABLE game_seats (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
        token_hash TEXT NOT NULL, human INTEGER NOT NULL, replaced INTEGER NOT NULL,
        seen DOUBLE PRECISION, PRIMARY KEY (game_id, seat))"""))
    connection.execute(text("CREATE INDEX game_seats_token ON game_seats(token_hash)"))
    connection.execute(text("""CREATE TABLE game_leases (
        game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE, owner TEXT NOT NULL,
        expires DOUBLE PRECISION NOT NULL)"""))
    connection.execute(text("CREATE TABLE play_processes (owner TEXT PRIMARY KEY, alive DOUBLE PRECISION NOT NULL)"))
    rows = connection.execute(text("SELECT id, data FROM games")).all()
    for game_id, raw in rows:
        body = json.loads(raw)
        connection.execute(text("UPDATE games SET away_limit = :a WHERE id = :id"),
                           {"a": float(body.get("away_limit", 60.0)), "id": game_id})
        seats = [SeatRow(n, s.get("token", ""), s["kind"] == "human", bool(s.get("replaced")))
                 for n, s in enumerate(body["seats"])]
        _write_seats(connection, game_id, seats, time.time())


MIGRATIONS = (_step1_tables, _step2_shared)


def _write_seats(connection: Connection, game_id: str, seats: Sequence[SeatRow], clock: float) -> None:
    """Upsert the seats; a seat whose person changes (a new token) starts its away clock now."""
    connection.execute(text(
        "INSERT INTO game_seats (game_id, seat, token_hash, human, replaced, seen) "
        "VALUES (:g, :s, :t, :h, :r, NULL) ON CONFLICT (game_id, seat) DO UPDATE SET "
        "seen = CASE WHEN game_seats.token_hash = excluded.token_hash THEN game_seats.seen ELSE :now END, "
        "token_hash = excluded.token_hash, human = excluded.human, replaced = excluded.replaced"),
        [{"g": game_id, "s": s.seat, "t": token_hash(s.token) if s.token else "", "h": int(s.human),
          "r": int(s.replaced), "now": clock} for s in seats])


def upgrade(data: dict[str, Any], version: int) -> dict[str, Any]:
    """A stored body of format ``version`` as this program's format reads it."""
    if version > FORMAT:
        raise GameFormatError(f"game {data.get('id')!r} is stored in format {version}, newer than this "
                              f"program's {FORMAT}: run the newer klaverjas")
    return data  # formats 1 and 2 share the body


class GameStore:
    def __init__(self, db: Database | str | Path):
        self.db = db if isinstance(db, Database) else Database(db)
        self.db.migrate("games", MIGRATIONS)

    # --- tables -----------------------------------------------------------------------
    def save(self, data: dict[str, Any], phase: str, *, seq: int, revision: int | None, bot_due: bool,
             seats: Sequence[SeatRow] | None = None) -> int:
        """Store a table whose last event is ``seq``, with its events not stored yet (``data["events"]``),
        in one transaction. ``revision``: the stored revision this process read (None: a new table); raises
        :class:`Conflict` when the stored table is no longer at it. Returns the new revision (every change
        counts, also one without events, such as an invitation). ``seats``: the seats when they changed."""
        body = {k: v for k, v in data.items() if k not in ("events", "finished")}
        clock = time.time()
        values = {"id": data["id"], "data": json.dumps(body), "phase": phase, "updated": now(), "seq": seq,
                  "rev": (revision or 0) + 1, "old": revision, "format": FORMAT, "due": int(bot_due),
                  "away": float(data.get("away_limit", 60.0))}
        with self.db.transaction() as connection:
            if revision is None:
                connection.execute(text(
                    "INSERT INTO games (id, data, phase, created, updated, code, seq, revision, format_version, "
                    "bot_due, away_limit) VALUES (:id, :data, :phase, :created, :updated, :code, :seq, :rev, "
                    ":format, :due, :away)"),
                    {**values, "created": data.get("created") or now(), "code": data.get("code") or None})
                deals_stored = 0
            else:
                changed = connection.execute(text(
                    "UPDATE games SET data = :data, phase = :phase, updated = :updated, seq = :seq, revision = :rev, "
                    "format_version = :format, bot_due = :due, away_limit = :away "
                    "WHERE id = :id AND revision = :old"), values).rowcount
                if changed != 1:
                    raise Conflict(data["id"])
                deals_stored = int(connection.execute(text(
                    "SELECT COALESCE(MAX(number), 0) FROM game_deals WHERE game_id = :id"), values).scalar_one())
            fresh = [{"g": data["id"], "seq": s, "kind": kind, "aud": audience, "data": json.dumps(payload)}
                     for s, kind, payload, audience in data["events"]]
            if fresh:
                connection.execute(text("INSERT INTO game_events (game_id, seq, kind, audience, data) "
                                        "VALUES (:g, :seq, :kind, :aud, :data)"), fresh)
            deals = [{"g": data["id"], "n": number, "r": json.dumps(record)}
                     for number, record in enumerate(data["finished"], 1) if number > deals_stored]
            if deals:
                connection.execute(text("INSERT INTO game_deals (game_id, number, record) VALUES (:g, :n, :r)"),
                                   deals)
            if seats is not None:
                _write_seats(connection, data["id"], seats, clock)
            if self.db.dialect == "postgresql":
                connection.execute(text("SELECT pg_notify(:c, :p)"),
                                   {"c": CHANNEL, "p": f"{data['id']}:{values['rev']}"})
        return int(values["rev"])

    def load(self, game_id: str) -> dict[str, Any] | None:
        """The stored table (``seq``: its last event's; ``revision``: its number of changes), or None;
        :class:`GameFormatError` for one stored by a newer program."""
        with self.db.transaction() as connection:
            row = connection.execute(text("SELECT data, seq, format_version, revision FROM games WHERE id = :id"),
                                     {"id": game_id}).first()
            if row is None:
                return None
            events = connection.execute(text(
                "SELECT seq, kind, data, audience FROM game_events WHERE game_id = :id AND seq <= :seq "
                "ORDER BY seq"), {"id": game_id, "seq": row[1]}).all()
            deals = connection.execute(text(
                "SELECT record FROM game_deals WHERE game_id = :id ORDER BY number"), {"id": game_id}).all()
        data: dict[str, Any] = upgrade(json.loads(row[0]), int(row[2]))
        data["finished"] = [json.loads(r[0]) for r in deals]
        data["events"] = [[seq, kind, json.loads(payload), audience] for seq, kind, payload, audience in events]
        data["seq"] = int(row[1])
        data["revision"] = int(row[3])
        return data

    def revisions(self, game_ids: Iterable[str]) -> dict[str, int]:
        """The stored revision of each of these tables (a missing one is left out)."""
        wanted = list(game_ids)
        if not wanted:
            return {}
        with self.db.transaction() as connection:
            rows = connection.execute(text("SELECT id, revision FROM games WHERE id IN :ids").bindparams(
                bindparam("ids", expanding=True)), {"ids": wanted}).all()
        return {str(r[0]): int(r[1]) for r in rows}

    def ids(self, phase: str | None = None) -> list[str]:
        with self.db.transaction() as connection:
            if phase is None:
                rows = connection.execute(text("SELECT id FROM games ORDER BY created")).all()
            else:
                rows = connection.execute(text("SELECT id FROM games WHERE phase = :p ORDER BY created"),
                                          {"p": phase}).all()
        return [r[0] for r in rows]

    def summaries(self, tokens: list[str]) -> list[dict[str, Any]]:
        """The games in which one of ``tokens`` holds a human seat, most recently changed first."""
        wanted = sorted({token_hash(t) for t in tokens})
        if not wanted:
            return []
        with self.db.transaction() as connection:
            rows = connection.execute(text(
                "SELECT g.id, g.data, g.phase, g.created, g.updated, s.seat FROM game_seats s "
                "JOIN games g ON g.id = s.game_id WHERE s.human = 1 AND s.token_hash IN :hashes "
                "ORDER BY g.updated DESC, g.id").bindparams(bindparam("hashes", expanding=True)),
                {"hashes": wanted}).all()
        out = []
        for game_id, data, phase, created, updated, seat in rows:
            body = json.loads(data)
            out.append({"id": game_id, "seat": "NESW"[int(seat)], "code": body.get("code") or None,
                        "rules": body["rules"], "phase": phase, "created": created, "updated": updated,
                        "deals": body.get("deals_finished", 0)})
        return out

    def id_of_code(self, code: str) -> str | None:
        with self.db.transaction() as connection:
            found = connection.execute(text("SELECT id FROM games WHERE code = :c"), {"c": code}).scalar()
        return None if found is None else str(found)

    def idle_ids(self, days: float) -> list[str]:
        cutoff = datetime.fromtimestamp(datetime.now(UTC).timestamp() - days * 86400, UTC).isoformat(
            timespec="seconds")
        with self.db.transaction() as connection:
            rows = connection.execute(text("SELECT id FROM games WHERE updated < :c"), {"c": cutoff}).all()
        return [r[0] for r in rows]

    def delete(self, game_id: str) -> None:
        with self.db.transaction() as connection:
            for table in ("game_events", "game_deals", "game_seats", "game_leases"):
                connection.execute(text(f"DELETE FROM {table} WHERE game_id = :id"), {"id": game_id})
            connection.execute(text("DELETE FROM games WHERE id = :id"), {"id": game_id})

    def close(self) -> None:
        self.db.close()

    # --- who drives a table's computer players ------------------------------------------
    def acquire(self, game_id: str, owner: str, ttl: float) -> bool:
        """Take the table's lease when it is free, expired or already ``owner``'s; True when it is his."""
        clock = time.time()
        with self.db.transaction() as connection:
            connection.execute(text(
                "INSERT INTO game_leases (game_id, owner, expires) VALUES (:g, :o, :e) ON CONFLICT (game_id) "
                "DO UPDATE SET owner = excluded.owner, expires = excluded.expires "
                "WHERE game_leases.expires < :now OR game_leases.owner = excluded.owner"),
                {"g": game_id, "o": owner, "e": clock + ttl, "now": clock})
            holder = connection.execute(text("SELECT owner FROM game_leases WHERE game_id = :g"),
                                        {"g": game_id}).scalar()
        return holder == owner

    def release(self, game_id: str, owner: str, revision: int) -> bool:
        """Give the lease up when the computer players have nothing to do at ``revision``. False (the lease
        kept) when the table moved on meanwhile: the caller looks again."""
        with self.db.transaction() as connection:
            changed = connection.execute(text("UPDATE games SET bot_due = 0 WHERE id = :g AND revision = :r"),
                                         {"g": game_id, "r": revision}).rowcount
            if changed != 1:
                return False
            connection.execute(text("DELETE FROM game_leases WHERE game_id = :g AND owner = :o"),
                               {"g": game_id, "o": owner})
        return True

    def drop_lease(self, game_id: str, owner: str) -> None:
        with self.db.transaction() as connection:
            connection.execute(text("DELETE FROM game_leases WHERE game_id = :g AND owner = :o"),
                               {"g": game_id, "o": owner})

    def renew(self, owner: str, ttl: float) -> set[str]:
        """Extend every lease ``owner`` holds; the tables whose lease is still his."""
        with self.db.transaction() as connection:
            connection.execute(text("UPDATE game_leases SET expires = :e WHERE owner = :o"),
                               {"e": time.time() + ttl, "o": owner})
            rows = connection.execute(text("SELECT game_id FROM game_leases WHERE owner = :o"), {"o": owner}).all()
        return {r[0] for r in rows}

    def due(self, limit: int) -> list[str]:
        """Unfinished tables whose computer players have something to do and nobody drives, most recent first."""
        with self.db.transaction() as connection:
            rows = connection.execute(text(
                "SELECT g.id FROM games g LEFT JOIN game_leases l ON l.game_id = g.id "
                "WHERE g.bot_due = 1 AND g.phase != 'match_over' AND (l.game_id IS NULL OR l.expires < :now) "
                "ORDER BY g.updated DESC LIMIT :n"), {"now": time.time(), "n": limit}).all()
        return [r[0] for r in rows]

    # --- presence: the away clock of each human seat ------------------------------------
    def seen(self, seats: Iterable[tuple[str, int]]) -> None:
        """These seats have a connection now (on this process)."""
        rows = [{"g": g, "s": s, "now": time.time()} for g, s in seats]
        if rows:
            with self.db.transaction() as connection:
                connection.execute(text("UPDATE game_seats SET seen = :now WHERE game_id = :g AND seat = :s"), rows)

    def away(self, limit: int = 20) -> list[tuple[str, int]]:
        """Human seats of unfinished tables, not played for, whose person has been gone past the table's limit."""
        with self.db.transaction() as connection:
            rows = connection.execute(text(
                "SELECT s.game_id, s.seat FROM game_seats s JOIN games g ON g.id = s.game_id "
                "WHERE s.human = 1 AND s.replaced = 0 AND s.seen IS NOT NULL AND g.phase != 'match_over' "
                "AND s.seen < :now - g.away_limit ORDER BY s.seen LIMIT :n"), {"now": time.time(), "n": limit}).all()
        return [(str(g), int(s)) for g, s in rows]

    def is_away(self, game_id: str, seat: int) -> bool:
        with self.db.transaction() as connection:
            row = connection.execute(text(
                "SELECT s.seen, g.away_limit FROM game_seats s JOIN games g ON g.id = s.game_id "
                "WHERE s.game_id = :g AND s.seat = :s"), {"g": game_id, "s": seat}).first()
        return row is not None and row[0] is not None and row[0] < time.time() - row[1]

    def alive(self, owner: str, quiet: float) -> bool:
        """Say that ``owner`` runs. True when no other process ran within ``quiet`` seconds before: then
        everything was stopped, and every human's away clock starts again now (nobody could connect)."""
        clock = time.time()
        with self.db.transaction() as connection:
            others = connection.execute(text(
                "SELECT COUNT(*) FROM play_processes WHERE owner != :o AND alive > :since"),
                {"o": owner, "since": clock - quiet}).scalar_one()
            known = connection.execute(text("SELECT COUNT(*) FROM play_processes WHERE owner = :o"),
                                       {"o": owner}).scalar_one()
            first = not others and not known
            if first:
                connection.execute(text(
                    "UPDATE game_seats SET seen = :now WHERE human = 1 AND replaced = 0 AND game_id IN "
                    "(SELECT id FROM games WHERE phase != 'match_over')"), {"now": clock})
                connection.execute(text("DELETE FROM play_processes WHERE alive < :old"), {"old": clock - 86400})
            connection.execute(text(
                "INSERT INTO play_processes (owner, alive) VALUES (:o, :now) "
                "ON CONFLICT (owner) DO UPDATE SET alive = excluded.alive"), {"o": owner, "now": clock})
        return bool(first)

    def gone(self, owner: str) -> None:
        """``owner`` stops: its leases end now, so another process takes its tables at once."""
        with self.db.transaction() as connection:
            connection.execute(text("DELETE FROM game_leases WHERE owner = :o"), {"o": owner})
            connection.execute(text("DELETE FROM play_processes WHERE owner = :o"), {"o": owner})
