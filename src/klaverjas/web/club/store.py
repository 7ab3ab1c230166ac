"""Storage of clubs, their members, seasons and evenings on the app's :class:`~klaverjas.web.db.Database`
(SQLite or PostgreSQL).

An evening is stored as its JSON document (:meth:`Evening.as_json`) with a version number.  Every
change is one transaction that locks the evening's row (SQLite: the whole file, by ``BEGIN IMMEDIATE``),
reads the document again, rebuilds the evening (which checks every draw and sheet), applies the change
and writes the next version; so several table phones entering their sheets at the same moment, on one
server process or several, take turns and none of their updates is lost.  A change that raises rolls
back: nothing invalid is stored.

The schema is versioned (component ``club`` of :meth:`Database.migrate`); files written before the shared
``schema_versions`` table kept their version in ``club_schema``, which is read once to go on from there.

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
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Connection, RowMapping, text

from klaverjas.core.texts import Text

from ..db import Database, script
from .evening import Evening
from .texts import say

# Written for SQLite; {id} and {ref} become PostgreSQL's identity column and its references (db.script).
SCHEMA = """
CREATE TABLE IF NOT EXISTS clubs (
    id TEXT PRIMARY KEY,            -- random, in every club URL
    name TEXT NOT NULL,
    organiser_hash TEXT NOT NULL,   -- sha256 of the organiser token
    public_token TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS club_members (
    id {id},
    club_id TEXT NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    number TEXT,
    UNIQUE (club_id, name)
);
CREATE TABLE IF NOT EXISTS club_seasons (
    id {id},
    club_id TEXT NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    best INTEGER NOT NULL,          -- how many evenings count per player
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS club_evenings (
    id {id},
    club_id TEXT NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    season_id {ref} REFERENCES club_seasons(id) ON DELETE SET NULL,
    date TEXT NOT NULL DEFAULT '',
    secret TEXT NOT NULL,           -- key of the tables' tokens
    doc TEXT NOT NULL,              -- Evening.as_json()
    version INTEGER NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS club_evenings_club ON club_evenings(club_id, date, id);
"""


def _step_tables(connection: Connection) -> None:
    script(connection, SCHEMA)


# Schema steps in order; version n is the database after STEPS[n - 1].
STEPS: tuple[Callable[[Connection], None], ...] = (_step_tables,)
SCHEMA_VERSION = len(STEPS)


def legacy_version(connection: Connection) -> int:
    """The version of a file from before ``schema_versions``: its ``club_schema`` row, else 0."""
    if not Database.has_table(connection, "club_schema"):
        return 0
    return int(connection.execute(text("SELECT version FROM club_schema")).scalar() or 0)

T = TypeVar("T")


class StoreRefusal(Exception):
    """A refusal of the store: ``key`` of :data:`.texts.TEXTS` and its facts; the message is the English."""

    def __init__(self, key: str, **facts: Any) -> None:
        self.key, self.facts = key, facts
        super().__init__(say(key, **facts)["en"])

    def reason(self) -> Text:
        """The refusal in every language."""
        return say(self.key, **self.facts)


class NotFound(StoreRefusal):
    """No such club, member, season or evening (HTTP 404)."""


class Duplicate(StoreRefusal):
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


def _nocase(name: str) -> str:
    """SQLite's NOCASE: ASCII letters folded, everything else as it is (the same order on both backends)."""
    return name.translate(_ASCII_LOWER)


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


class ClubStore:
    """The clubs in ``db`` (a :class:`Database`, shared with the app's other stores, or a setting to open one
    of its own, then with the clubs' former 30 s wait for a busy file)."""

    def __init__(self, db: Database | str | Path) -> None:
        self.db = db if isinstance(db, Database) else Database(db, timeout=30)
        self.db.migrate("club", STEPS, legacy=legacy_version)

    def close(self) -> None:
        self.db.close()

    # --- clubs -------------------------------------------------------------------------------------
    def create_club(self, name: str) -> tuple[Club, str]:
        """A new club; returns it with its organiser token (shown once)."""
        club_id = secrets.token_urlsafe(9)
        organiser = secrets.token_urlsafe(24)
        club = Club(club_id, name, secrets.token_urlsafe(24), _now())
        with self.db.transaction() as connection:
            connection.execute(text("INSERT INTO clubs (id, name, organiser_hash, public_token, created)"
                                    " VALUES (:id, :name, :hash, :public, :created)"),
                               {"id": club.id, "name": name, "hash": token_hash(organiser),
                                "public": club.public_token, "created": club.created})
        return club, organiser

    def _club_row(self, club_id: str) -> RowMapping:
        with self.db.read() as connection:
            row = connection.execute(text("SELECT * FROM clubs WHERE id = :id"), {"id": club_id}).mappings().first()
        if row is None:
            raise NotFound("no_club", club=club_id)
        return row

    def club(self, club_id: str) -> Club:
        row = self._club_row(club_id)
        return Club(row["id"], row["name"], row["public_token"], row["created"])

    def role(self, club_id: str, token: str) -> str | None:
        """'organiser', 'public' or None for a token of this club."""
        row = self._club_row(club_id)
        if hmac.compare_digest(row["organiser_hash"], token_hash(token)):
            return "organiser"
        if hmac.compare_digest(row["public_token"].encode(), token.encode()):
            return "public"
        return None

    def renew_public(self, club_id: str) -> str:
        """A new public token for the club: the old public link opens nothing any more."""
        token = secrets.token_urlsafe(24)
        with self.db.transaction() as connection:
            if connection.execute(text("UPDATE clubs SET public_token = :t WHERE id = :id"),
                                  {"t": token, "id": club_id}).rowcount == 0:
                raise NotFound("no_club", club=club_id)
        return token

    def rename_club(self, club_id: str, name: str) -> None:
        with self.db.transaction() as connection:
            if connection.execute(text("UPDATE clubs SET name = :name WHERE id = :id"),
                                  {"name": name, "id": club_id}).rowcount == 0:
                raise NotFound("no_club", club=club_id)

    # --- members -----------------------------------------------------------------------------------
    def members(self, club_id: str) -> list[Member]:
        with self.db.read() as connection:
            rows = connection.execute(text("SELECT * FROM club_members WHERE club_id = :c"),
                                      {"c": club_id}).mappings().all()
        members = [Member(r["id"], r["name"], r["number"]) for r in rows]
        return sorted(members, key=lambda m: (_nocase(m.name), m.id))

    def add_member(self, club_id: str, name: str, number: str | None) -> Member:
        with self.db.transaction() as connection:
            # One statement, so a second process adding the same name at once meets the UNIQUE and adds nothing.
            member_id = connection.execute(text(
                "INSERT INTO club_members (club_id, name, number) VALUES (:c, :n, :number)"
                " ON CONFLICT (club_id, name) DO NOTHING RETURNING id"),
                {"c": club_id, "n": name, "number": number}).scalar()
            if member_id is None:
                raise Duplicate("member_exists", name=name)
            return Member(int(member_id), name, number)

    def remove_member(self, club_id: str, member_id: int) -> None:
        with self.db.transaction() as connection:
            if connection.execute(text("DELETE FROM club_members WHERE club_id = :c AND id = :m"),
                                  {"c": club_id, "m": member_id}).rowcount == 0:
                raise NotFound("no_member", n=member_id)

    # --- seasons -----------------------------------------------------------------------------------
    def create_season(self, club_id: str, name: str, best: int) -> Season:
        created = _now()
        with self.db.transaction() as connection:
            season_id = connection.execute(text(
                "INSERT INTO club_seasons (club_id, name, best, created) VALUES (:c, :n, :b, :created) RETURNING id"),
                {"c": club_id, "n": name, "b": best, "created": created}).scalar_one()
        return Season(int(season_id), club_id, name, best, created)

    def seasons(self, club_id: str) -> list[Season]:
        with self.db.read() as connection:
            rows = connection.execute(text("SELECT * FROM club_seasons WHERE club_id = :c ORDER BY id"),
                                      {"c": club_id}).mappings().all()
        return [Season(r["id"], r["club_id"], r["name"], r["best"], r["created"]) for r in rows]

    def season(self, club_id: str, season_id: int) -> Season:
        for s in self.seasons(club_id):
            if s.id == season_id:
                return s
        raise NotFound("no_season", n=season_id)

    # --- evenings ----------------------------------------------------------------------------------
    def create_evening(self, club_id: str, evening: Evening, date: str, season_id: int | None) -> int:
        now = _now()
        with self.db.transaction() as connection:
            return int(connection.execute(text(
                "INSERT INTO club_evenings (club_id, season_id, date, secret, doc, version, created, updated)"
                " VALUES (:c, :s, :date, :secret, :doc, 1, :now, :now) RETURNING id"),
                {"c": club_id, "s": season_id, "date": date, "secret": secrets.token_hex(16),
                 "doc": json.dumps(evening.as_json()), "now": now}).scalar_one())

    @staticmethod
    def _load(row: RowMapping) -> StoredEvening:
        return StoredEvening(row["id"], row["club_id"], row["season_id"], row["date"],
                             Evening.from_json(json.loads(row["doc"])), row["version"], row["updated"])

    def _row(self, connection: Connection, club_id: str, evening_id: int, *, lock: bool = False) -> RowMapping:
        """The evening's row; ``lock``: hold it until the transaction ends (it is to be changed)."""
        row = connection.execute(text("SELECT * FROM club_evenings WHERE id = :e AND club_id = :c"
                                      + (self.db.for_update if lock else "")),
                                 {"e": evening_id, "c": club_id}).mappings().first()
        if row is None:
            raise NotFound("no_evening", n=evening_id)
        return row

    def evening(self, club_id: str, evening_id: int) -> StoredEvening:
        with self.db.read() as connection:
            return self._load(self._row(connection, club_id, evening_id))

    def evenings(self, club_id: str, season_id: int | None = None) -> list[StoredEvening]:
        """The club's evenings by date (then creation); only a season's when ``season_id`` is given."""
        sql = "SELECT * FROM club_evenings WHERE club_id = :c"
        args: dict[str, object] = {"c": club_id}
        if season_id is not None:
            sql, args = sql + " AND season_id = :s", {**args, "s": season_id}
        with self.db.read() as connection:
            rows = connection.execute(text(sql + " ORDER BY date, id"), args).mappings().all()
        return [self._load(r) for r in rows]

    def change(self, club_id: str, evening_id: int, apply: Callable[[Evening], T]) -> tuple[T, int]:
        """Re-read the evening, apply one change and store the next version, all in one transaction.

        Returns what ``apply`` returned and the new version; an exception from ``apply`` stores nothing."""
        with self.db.transaction() as connection:
            stored = self._load(self._row(connection, club_id, evening_id, lock=True))
            result = apply(stored.evening)
            version = stored.version + 1
            connection.execute(text("UPDATE club_evenings SET doc = :doc, version = :v, updated = :now"
                                    " WHERE id = :e AND version = :old"),
                               {"doc": json.dumps(stored.evening.as_json()), "v": version, "now": _now(),
                                "e": evening_id, "old": stored.version})
            return result, version

    def set_evening_meta(self, club_id: str, evening_id: int, date: str | None, season_id: int | None,
                         clear_season: bool) -> None:
        with self.db.transaction() as connection:
            self._row(connection, club_id, evening_id, lock=True)
            if date is not None:
                connection.execute(text("UPDATE club_evenings SET date = :d WHERE id = :e"),
                                   {"d": date, "e": evening_id})
            if season_id is not None or clear_season:
                connection.execute(text("UPDATE club_evenings SET season_id = :s WHERE id = :e"),
                                   {"s": season_id, "e": evening_id})

    def delete_evening(self, club_id: str, evening_id: int) -> None:
        with self.db.transaction() as connection:
            if connection.execute(text("DELETE FROM club_evenings WHERE id = :e AND club_id = :c"),
                                  {"e": evening_id, "c": club_id}).rowcount == 0:
                raise NotFound("no_evening", n=evening_id)

    # --- table tokens ------------------------------------------------------------------------------
    def table_token(self, club_id: str, evening_id: int, round_number: int, table: int) -> str:
        with self.db.read() as connection:
            secret = self._row(connection, club_id, evening_id)["secret"]
        return f"{evening_id}.{round_number}.{table}.{_mac(secret, evening_id, round_number, table)}"

    def table_key(self, token: str) -> tuple[str, TableKey] | None:
        """The club and table a table token opens, or None for a token that is not one."""
        parts = token.split(".")
        if len(parts) != 4 or not all(p.isdigit() and len(p) < 12 for p in parts[:3]):
            return None
        evening_id, round_number, table = (int(p) for p in parts[:3])
        with self.db.read() as connection:
            row = connection.execute(text("SELECT club_id, secret FROM club_evenings WHERE id = :e"),
                                     {"e": evening_id}).first()
        if row is None or not hmac.compare_digest(_mac(row[1], evening_id, round_number, table), parts[3]):
            return None
        return str(row[0]), TableKey(evening_id, round_number, table)
