# The module as it was at commit 334b244 (its imports made absolute), kept unchanged otherwise: it writes
# databases exactly as that version did, for tests/web/test_store_upgrade.py.
"""SQLite storage of clubs, their members, seasons and evenings (stdlib sqlite3, the app's one file).

An evening is stored as its JSON document (:meth:`Evening.as_json`) with a version number.  Every
change is one ``BEGIN IMMEDIATE`` transaction that reads the document again, rebuilds the evening
(which checks every draw and sheet), applies the change and writes the next version; so several
table phones entering their sheets at the same moment are serialised by SQLite and none of their
updates is lost.  A change that raises rolls back: nothing invalid is stored.

Tokens: the organiser token is kept only as its SHA-256 hash (it is shown once, when the club is
made); the public token, a read-only capability, is kept as it is so the organiser can share it
again.  A table's token is not stored at all: it is ``<evening>.<round>.<table>.<mac>``, the mac an
HMAC of the first three under the evening's own secret, so the organiser can show every table's link
again and a token opens exactly one table of one round.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from tests.web.legacy.storage_334b244 import LockedSQLite

from klaverjas.web.club.evening import Evening

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS club_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS clubs (
    id TEXT PRIMARY KEY,            -- random, in every club URL
    name TEXT NOT NULL,
    organiser_hash TEXT NOT NULL,   -- sha256 of the organiser token
    public_token TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS club_members (
    id INTEGER PRIMARY KEY,
    club_id TEXT NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    number TEXT,
    UNIQUE (club_id, name)
);
CREATE TABLE IF NOT EXISTS club_seasons (
    id INTEGER PRIMARY KEY,
    club_id TEXT NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    best INTEGER NOT NULL,          -- how many evenings count per player
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS club_evenings (
    id INTEGER PRIMARY KEY,
    club_id TEXT NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    season_id INTEGER REFERENCES club_seasons(id) ON DELETE SET NULL,
    date TEXT NOT NULL DEFAULT '',
    secret TEXT NOT NULL,           -- key of the tables' tokens
    doc TEXT NOT NULL,              -- Evening.as_json()
    version INTEGER NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS club_evenings_club ON club_evenings(club_id, date, id);
"""

T = TypeVar("T")


class NotFound(Exception):
    """No such club, member, season or evening (HTTP 404)."""


class Duplicate(Exception):
    """A member name the club already has (HTTP 409)."""


@dataclass(frozen=True)
class Club:
    id: str
    name: str
    public_token: str
    created: str


@dataclass(frozen=True)
class Member:
    id: int
    name: str
    number: str | None


@dataclass(frozen=True)
class Season:
    id: int
    club_id: str
    name: str
    best: int
    created: str


@dataclass
class StoredEvening:
    id: int
    club_id: str
    season_id: int | None
    date: str
    evening: Evening
    version: int
    updated: str


@dataclass(frozen=True)
class TableKey:
    """What a table token opens: one table of one round of one evening."""

    evening_id: int
    round: int
    table: int


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _mac(secret: str, evening_id: int, round_number: int, table: int) -> str:
    msg = f"{evening_id}.{round_number}.{table}".encode()
    return hmac.new(secret.encode(), msg, hashlib.sha256).hexdigest()[:32]


class ClubStore(LockedSQLite):
    """One connection guarded by a lock (like the keeper's); BEGIN IMMEDIATE also guards other processes."""

    def __init__(self, path: str | Path) -> None:
        super().__init__(path, timeout=30)
        self._db.executescript(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        with self._tx() as db:
            row = db.execute("SELECT version FROM club_schema").fetchone()
            if row is None:
                db.execute("INSERT INTO club_schema (version) VALUES (?)", (SCHEMA_VERSION,))
            elif row["version"] > SCHEMA_VERSION:
                raise RuntimeError(f"the club tables have schema version {row['version']}; this program knows "
                                   f"{SCHEMA_VERSION}")

    # --- clubs -------------------------------------------------------------------------------------
    def create_club(self, name: str) -> tuple[Club, str]:
        """A new club; returns it with its organiser token (shown once)."""
        club_id = secrets.token_urlsafe(9)
        organiser = secrets.token_urlsafe(24)
        club = Club(club_id, name, secrets.token_urlsafe(24), _now())
        with self._tx() as db:
            db.execute("INSERT INTO clubs (id, name, organiser_hash, public_token, created) VALUES (?, ?, ?, ?, ?)",
                       (club.id, name, token_hash(organiser), club.public_token, club.created))
        return club, organiser

    def club(self, club_id: str) -> Club:
        with self._lock:
            row = self._db.execute("SELECT * FROM clubs WHERE id = ?", (club_id,)).fetchone()
        if row is None:
            raise NotFound(f"club {club_id} does not exist")
        return Club(row["id"], row["name"], row["public_token"], row["created"])

    def role(self, club_id: str, token: str) -> str | None:
        """'organiser', 'public' or None for a token of this club."""
        with self._lock:
            row = self._db.execute("SELECT organiser_hash, public_token FROM clubs WHERE id = ?",
                                   (club_id,)).fetchone()
        if row is None:
            raise NotFound(f"club {club_id} does not exist")
        if hmac.compare_digest(row["organiser_hash"], token_hash(token)):
            return "organiser"
        if hmac.compare_digest(row["public_token"].encode(), token.encode()):
            return "public"
        return None

    def rename_club(self, club_id: str, name: str) -> None:
        with self._tx() as db:
            if db.execute("UPDATE clubs SET name = ? WHERE id = ?", (name, club_id)).rowcount == 0:
                raise NotFound(f"club {club_id} does not exist")

    # --- members -----------------------------------------------------------------------------------
    def members(self, club_id: str) -> list[Member]:
        with self._lock:
            rows = self._db.execute("SELECT * FROM club_members WHERE club_id = ? ORDER BY name COLLATE NOCASE, id",
                                    (club_id,)).fetchall()
        return [Member(r["id"], r["name"], r["number"]) for r in rows]

    def add_member(self, club_id: str, name: str, number: str | None) -> Member:
        with self._tx() as db:
            if db.execute("SELECT 1 FROM club_members WHERE club_id = ? AND name = ?", (club_id, name)).fetchone():
                raise Duplicate(f"the club already has a member called {name}")
            cur = db.execute("INSERT INTO club_members (club_id, name, number) VALUES (?, ?, ?)",
                             (club_id, name, number))
            assert cur.lastrowid is not None
            return Member(cur.lastrowid, name, number)

    def remove_member(self, club_id: str, member_id: int) -> None:
        with self._tx() as db:
            if db.execute("DELETE FROM club_members WHERE club_id = ? AND id = ?",
                          (club_id, member_id)).rowcount == 0:
                raise NotFound(f"the club has no member {member_id}")

    # --- seasons -----------------------------------------------------------------------------------
    def create_season(self, club_id: str, name: str, best: int) -> Season:
        season = Season(0, club_id, name, best, _now())
        with self._tx() as db:
            cur = db.execute("INSERT INTO club_seasons (club_id, name, best, created) VALUES (?, ?, ?, ?)",
                             (club_id, name, best, season.created))
            assert cur.lastrowid is not None
        return Season(cur.lastrowid, club_id, name, best, season.created)

    def seasons(self, club_id: str) -> list[Season]:
        with self._lock:
            rows = self._db.execute("SELECT * FROM club_seasons WHERE club_id = ? ORDER BY id", (club_id,)).fetchall()
        return [Season(r["id"], r["club_id"], r["name"], r["best"], r["created"]) for r in rows]

    def season(self, club_id: str, season_id: int) -> Season:
        for s in self.seasons(club_id):
            if s.id == season_id:
                return s
        raise NotFound(f"the club has no season {season_id}")

    # --- evenings ----------------------------------------------------------------------------------
    def create_evening(self, club_id: str, evening: Evening, date: str, season_id: int | None) -> int:
        now = _now()
        with self._tx() as db:
            cur = db.execute("INSERT INTO club_evenings (club_id, season_id, date, secret, doc, version, created,"
                             " updated) VALUES (?, ?, ?, ?, ?, 1, ?, ?)",
                             (club_id, season_id, date, secrets.token_hex(16), json.dumps(evening.as_json()), now,
                              now))
            assert cur.lastrowid is not None
            return cur.lastrowid

    def _load(self, db: sqlite3.Connection, row: sqlite3.Row) -> StoredEvening:
        return StoredEvening(row["id"], row["club_id"], row["season_id"], row["date"],
                             Evening.from_json(json.loads(row["doc"])), row["version"], row["updated"])

    def _row(self, db: sqlite3.Connection, club_id: str, evening_id: int) -> sqlite3.Row:
        row: sqlite3.Row | None = db.execute("SELECT * FROM club_evenings WHERE id = ? AND club_id = ?",
                                             (evening_id, club_id)).fetchone()
        if row is None:
            raise NotFound(f"the club has no evening {evening_id}")
        return row

    def evening(self, club_id: str, evening_id: int) -> StoredEvening:
        with self._lock:
            return self._load(self._db, self._row(self._db, club_id, evening_id))

    def evenings(self, club_id: str, season_id: int | None = None) -> list[StoredEvening]:
        """The club's evenings by date (then creation); only a season's when ``season_id`` is given."""
        sql = "SELECT * FROM club_evenings WHERE club_id = ?"
        args: tuple[object, ...] = (club_id,)
        if season_id is not None:
            sql, args = sql + " AND season_id = ?", (club_id, season_id)
        with self._lock:
            return [self._load(self._db, r) for r in self._db.execute(sql + " ORDER BY date, id", args).fetchall()]

    def change(self, club_id: str, evening_id: int, apply: Callable[[Evening], T]) -> tuple[T, int]:
        """Re-read the evening, apply one change and store the next version, all in one transaction.

        Returns what ``apply`` returned and the new version; an exception from ``apply`` stores nothing."""
        with self._tx() as db:
            stored = self._load(db, self._row(db, club_id, evening_id))
            result = apply(stored.evening)
            version = stored.version + 1
            db.execute("UPDATE club_evenings SET doc = ?, version = ?, updated = ? WHERE id = ? AND version = ?",
                       (json.dumps(stored.evening.as_json()), version, _now(), evening_id, stored.version))
            return result, version

    def set_evening_meta(self, club_id: str, evening_id: int, date: str | None, season_id: int | None,
                         clear_season: bool) -> None:
        with self._tx() as db:
            self._row(db, club_id, evening_id)
            if date is not None:
                db.execute("UPDATE club_evenings SET date = ? WHERE id = ?", (date, evening_id))
            if season_id is not None or clear_season:
                db.execute("UPDATE club_evenings SET season_id = ? WHERE id = ?", (season_id, evening_id))

    def delete_evening(self, club_id: str, evening_id: int) -> None:
        with self._tx() as db:
            if db.execute("DELETE FROM club_evenings WHERE id = ? AND club_id = ?",
                          (evening_id, club_id)).rowcount == 0:
                raise NotFound(f"the club has no evening {evening_id}")

    # --- table tokens ------------------------------------------------------------------------------
    def table_token(self, club_id: str, evening_id: int, round_number: int, table: int) -> str:
        with self._lock:
            secret = self._row(self._db, club_id, evening_id)["secret"]
        return f"{evening_id}.{round_number}.{table}.{_mac(secret, evening_id, round_number, table)}"

    def table_key(self, token: str) -> tuple[str, TableKey] | None:
        """The club and table a table token opens, or None for a token that is not one."""
        parts = token.split(".")
        if len(parts) != 4 or not all(p.isdigit() and len(p) < 12 for p in parts[:3]):
            return None
        evening_id, round_number, table = (int(p) for p in parts[:3])
        with self._lock:
            row = self._db.execute("SELECT club_id, secret FROM club_evenings WHERE id = ?",
                                   (evening_id,)).fetchone()
        if row is None or not hmac.compare_digest(_mac(row["secret"], evening_id, round_number, table), parts[3]):
            return None
        return row["club_id"], TableKey(evening_id, round_number, table)
