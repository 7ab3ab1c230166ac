"""Storage for score sheets on the app's :class:`~klaverjas.web.db.Database` (SQLite or PostgreSQL).

Deals are stored as the keeper's inputs, never as scores, so a correction
recomputes everything after it.  Every change is one committed transaction;
before it commits, a ``check`` callback recomputes the sheet with the core and
may raise, which rolls the change back: nothing invalid is ever stored.
Each deal change also writes an undo record (add, edit with the old inputs,
delete as a soft delete) so ↶ can reverse it exactly.  A change first locks its
sheet's row (SQLite: the whole file, by its write transaction), so two server
processes changing one sheet take turns and neither loses the other's deal.

A sheet belongs to the holders of its tokens: the owner's (made with the sheet) and the share tokens the
owner hands out (``edit`` or ``read``).  Only their SHA-256 is stored, so the database alone opens no sheet.

The schema is versioned (component ``keeper`` of :meth:`Database.migrate`): each step in :data:`STEPS`
runs once, in its own transaction.  Files written before the shared ``schema_versions`` table kept their
version in ``keeper_schema``, which is read once to go on from there.  Step 2 gave the sheets of older
files, which had no owner, an owner token each; those tokens exist nowhere else, so the store keeps them
in :attr:`Store.adopted` for ``klaverjas serve`` to print once.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, RowMapping, bindparam, text

from ..db import Database, script
from .sheet import DealInput, Settings
from .texts import Refused, say

# Written for SQLite; {id} and {ref} become PostgreSQL's identity column and its references (db.script).
SCHEMA = """
CREATE TABLE IF NOT EXISTS sheets (
    id {id},
    title TEXT NOT NULL DEFAULT '',
    team_ns TEXT NOT NULL,
    team_ew TEXT NOT NULL,
    players TEXT,               -- JSON list of four names in seating order, or NULL
    first_dealer INTEGER NOT NULL DEFAULT 0,
    rules TEXT NOT NULL,
    match_end TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS deals (
    id {id},     -- also the deal order within its sheet
    sheet_id {ref} NOT NULL REFERENCES sheets(id) ON DELETE CASCADE,
    input TEXT NOT NULL,        -- JSON of DealInput
    deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS deals_sheet ON deals(sheet_id, deleted, id);
CREATE TABLE IF NOT EXISTS actions (
    id {id},
    sheet_id {ref} NOT NULL REFERENCES sheets(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,         -- add | edit | delete
    deal_id {ref} NOT NULL,
    before TEXT                 -- edit: the inputs before the correction
);
CREATE INDEX IF NOT EXISTS actions_sheet ON actions(sheet_id, id);
"""

TOKENS = """
CREATE TABLE IF NOT EXISTS sheet_tokens (
    hash TEXT PRIMARY KEY,      -- SHA-256 of the token, hex
    sheet_id {ref} NOT NULL,  -- kept after the sheet is deleted: its holders learn it is gone (404)
    mode TEXT NOT NULL,         -- owner | edit | read
    created TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sheet_tokens_sheet ON sheet_tokens(sheet_id);
"""
MODES = ("owner", "edit", "read")
SHARE_ID_LENGTH = 16  # a share's name for its owner: the first hex digits of its token's hash
MAX_TOKENS = 100  # tokens one list request may name

Check = Callable[[Settings, list[tuple[int, DealInput]]], object]


class NotFound(Refused):
    """No such sheet, deal or share (HTTP 404)."""


class NothingToUndo(Refused):
    """The sheet has no action left to undo (HTTP 409)."""


@dataclass(frozen=True)
class ShareInfo:
    """A share link handed out, as its owner sees it: the token itself is nowhere to be read again."""
    id: str
    mode: str
    created: str


@dataclass
class StoredSheet:
    id: int
    settings: Settings
    deals: list[tuple[int, DealInput]]
    created: str
    updated: str
    last_action: str | None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def share_id(token: str) -> str:
    """The name a share goes by in the owner's list (its token is never stored, so never shown again)."""
    return _share_id_of_hash(token_hash(token))


def _share_id_of_hash(digest: str) -> str:
    return digest[:SHARE_ID_LENGTH]


def _add_token(connection: Connection, sheet_id: int, mode: str) -> str:
    token = new_token()
    connection.execute(text("INSERT INTO sheet_tokens (hash, sheet_id, mode, created) VALUES (:h, :s, :m, :c)"),
                       {"h": token_hash(token), "s": sheet_id, "m": mode, "c": _now()})
    return token


def _step_tables(connection: Connection) -> list[tuple[int, str]]:
    script(connection, SCHEMA)
    return []


def _step_owners(connection: Connection) -> list[tuple[int, str]]:
    """Sheets made before sheets had owners get an owner token each (printed once by ``klaverjas serve``)."""
    script(connection, TOKENS)
    ids = [int(r[0]) for r in connection.execute(text("SELECT id FROM sheets ORDER BY id")).all()]
    return [(sheet_id, _add_token(connection, sheet_id, "owner")) for sheet_id in ids]


# Schema steps in order; version n is the database after STEPS[n - 1]. Each returns the sheets it adopted.
STEPS: tuple[Callable[[Connection], list[tuple[int, str]]], ...] = (_step_tables, _step_owners)


def legacy_version(connection: Connection) -> int:
    """The version of a file from before ``schema_versions``: its ``keeper_schema`` row, else 1 when it has
    sheets (a file from before the schema had versions), else 0 (a new database)."""
    if Database.has_table(connection, "keeper_schema"):
        version = connection.execute(text("SELECT version FROM keeper_schema")).scalar()
        if version is not None:
            return int(version)
    return 1 if Database.has_table(connection, "sheets") else 0


def _json_players(s: Settings) -> str | None:
    return json.dumps(list(s.players)) if s.players else None


class Store:
    """The sheets in ``db`` (a :class:`Database`, shared with the app's other stores, or a setting to open
    one of its own); the tables are brought to :data:`STEPS`' newest version first."""

    def __init__(self, db: Database | str | Path) -> None:
        self.db = db if isinstance(db, Database) else Database(db)
        adopted: list[tuple[int, str]] = []

        def step(run: Callable[[Connection], list[tuple[int, str]]]) -> Callable[[Connection], None]:
            return lambda connection: adopted.extend(run(connection))

        self.db.migrate("keeper", [step(s) for s in STEPS], legacy=legacy_version)
        self.adopted = adopted  # (sheet id, owner token) made by the owner step just now

    @property
    def path(self) -> Path | None:
        """The SQLite file (None on PostgreSQL)."""
        return self.db.path

    def close(self) -> None:
        self.db.close()

    # --- reading ---------------------------------------------------------
    @staticmethod
    def _settings(row: RowMapping) -> Settings:
        players = json.loads(row["players"]) if row["players"] else None
        return Settings(row["title"], (row["team_ns"], row["team_ew"]),
                        tuple(players) if players else None,
                        row["first_dealer"], row["rules"], row["match_end"])

    def _load(self, connection: Connection, sheet_id: int, *, lock: bool = False) -> StoredSheet:
        """The sheet with its deals; ``lock``: hold its row until the transaction ends (it is to be changed)."""
        row = connection.execute(text("SELECT * FROM sheets WHERE id = :id" + (self.db.for_update if lock else "")),
                                 {"id": sheet_id}).mappings().first()
        if row is None:
            raise NotFound(say("no_sheet", n=sheet_id))
        deals = [(int(r[0]), DealInput.from_json(json.loads(r[1])))
                 for r in connection.execute(text("SELECT id, input FROM deals WHERE sheet_id = :id AND deleted = 0 "
                                                  "ORDER BY id"), {"id": sheet_id})]
        last = connection.execute(text("SELECT kind FROM actions WHERE sheet_id = :id ORDER BY id DESC LIMIT 1"),
                                  {"id": sheet_id}).scalar()
        return StoredSheet(sheet_id, self._settings(row), deals, row["created"], row["updated"], last)

    def get(self, sheet_id: int) -> StoredSheet:
        with self.db.read() as connection:
            return self._load(connection, sheet_id)

    def sheets(self, tokens: list[str] | None = None) -> list[tuple[StoredSheet, str]]:
        """The sheets these tokens open, most recently changed first, each with the strongest mode held
        (every sheet as its owner when ``tokens`` is None: for tools on the file, never for a request)."""
        with self.db.read() as connection:
            if tokens is None:
                rows = connection.execute(text("SELECT id, 'owner' AS mode FROM sheets ORDER BY updated DESC, id DESC"))
                found = [(int(r[0]), str(r[1])) for r in rows]
            else:
                hashes = [token_hash(t) for t in tokens[:MAX_TOKENS]]
                rows = connection.execute(text(
                    "SELECT s.id, min(CASE t.mode WHEN 'owner' THEN 0 WHEN 'edit' THEN 1 ELSE 2 END) AS rank"
                    " FROM sheets s JOIN sheet_tokens t ON t.sheet_id = s.id WHERE t.hash IN :hashes"
                    " GROUP BY s.id ORDER BY s.updated DESC, s.id DESC").bindparams(
                        bindparam("hashes", expanding=True)), {"hashes": hashes})
                found = [(int(r[0]), MODES[r[1]]) for r in rows]
            return [(self._load(connection, i), mode) for i, mode in found]

    def lookup(self, token: str) -> tuple[int, str] | None:
        """The sheet ``token`` belongs to (perhaps deleted since) and what it may do: owner, edit, read."""
        with self.db.read() as connection:
            row = connection.execute(text("SELECT sheet_id, mode FROM sheet_tokens WHERE hash = :h"),
                                     {"h": token_hash(token)}).first()
        return None if row is None else (int(row[0]), str(row[1]))

    def access(self, sheet_id: int, token: str) -> str | None:
        """What ``token`` may do with the sheet: owner, edit, read, or None."""
        found = self.lookup(token)
        return found[1] if found is not None and found[0] == sheet_id else None

    def share(self, sheet_id: int, mode: str) -> str:
        """A new share token for the sheet (``edit`` or ``read``); :func:`share_id` names it."""
        assert mode in ("edit", "read")
        with self.db.transaction() as connection:
            self._load(connection, sheet_id, lock=True)
            return _add_token(connection, sheet_id, mode)

    def shares(self, sheet_id: int) -> list[ShareInfo]:
        """The share links of the sheet that still open it, oldest first."""
        with self.db.read() as connection:
            self._load(connection, sheet_id)
            rows = connection.execute(text(
                "SELECT hash, mode, created FROM sheet_tokens WHERE sheet_id = :s AND mode <> 'owner'"
                " ORDER BY created, hash"), {"s": sheet_id}).all()
        return [ShareInfo(_share_id_of_hash(str(r[0])), str(r[1]), str(r[2])) for r in rows]

    def revoke(self, sheet_id: int, share_id: str) -> None:
        """Withdraw a share link: its token opens nothing from now on (NotFound: no such share)."""
        if len(share_id) != SHARE_ID_LENGTH or any(ch not in "0123456789abcdef" for ch in share_id):
            raise NotFound(say("no_share", n=sheet_id, share=share_id))
        with self.db.transaction() as connection:
            self._load(connection, sheet_id, lock=True)
            gone = connection.execute(text(
                "DELETE FROM sheet_tokens WHERE sheet_id = :s AND mode <> 'owner' AND hash LIKE :p"),
                {"s": sheet_id, "p": share_id + "%"}).rowcount
        if not gone:
            raise NotFound(say("share_gone", n=sheet_id, share=share_id))

    # --- sheets ----------------------------------------------------------
    def create(self, s: Settings) -> tuple[int, str]:
        """A new sheet; returns its id and its owner's token."""
        now = _now()
        with self.db.transaction() as connection:
            sheet_id = int(connection.execute(text(
                "INSERT INTO sheets (title, team_ns, team_ew, players, first_dealer, rules, match_end, created,"
                " updated) VALUES (:title, :ns, :ew, :players, :dealer, :rules, :end, :now, :now) RETURNING id"),
                {"title": s.title, "ns": s.teams[0], "ew": s.teams[1], "players": _json_players(s),
                 "dealer": s.first_dealer, "rules": s.rules, "end": s.match_end, "now": now}).scalar_one())
            return sheet_id, _add_token(connection, sheet_id, "owner")

    def update(self, sheet_id: int, s: Settings, check: Check) -> None:
        with self.db.transaction() as connection:
            self._load(connection, sheet_id, lock=True)
            connection.execute(text(
                "UPDATE sheets SET title = :title, team_ns = :ns, team_ew = :ew, players = :players,"
                " first_dealer = :dealer, match_end = :end, updated = :now WHERE id = :id"),
                {"title": s.title, "ns": s.teams[0], "ew": s.teams[1], "players": _json_players(s),
                 "dealer": s.first_dealer, "end": s.match_end, "now": _now(), "id": sheet_id})
            self._check(connection, sheet_id, check)

    def delete(self, sheet_id: int) -> None:
        with self.db.transaction() as connection:
            if connection.execute(text("DELETE FROM sheets WHERE id = :id"), {"id": sheet_id}).rowcount == 0:
                raise NotFound(say("no_sheet", n=sheet_id))

    # --- deals -----------------------------------------------------------
    def _check(self, connection: Connection, sheet_id: int, check: Check) -> None:
        st = self._load(connection, sheet_id)
        check(st.settings, st.deals)
        connection.execute(text("UPDATE sheets SET updated = :now WHERE id = :id"), {"now": _now(), "id": sheet_id})

    @staticmethod
    def _deal(connection: Connection, sheet_id: int, deal_id: int) -> RowMapping:
        row = connection.execute(text("SELECT * FROM deals WHERE id = :d AND sheet_id = :s AND deleted = 0"),
                                 {"d": deal_id, "s": sheet_id}).mappings().first()
        if row is None:
            raise NotFound(say("no_deal", n=sheet_id, deal=deal_id))
        return row

    @staticmethod
    def _act(connection: Connection, sheet_id: int, kind: str, deal_id: int, before: str | None = None) -> None:
        connection.execute(text("INSERT INTO actions (sheet_id, kind, deal_id, before) VALUES (:s, :k, :d, :b)"),
                           {"s": sheet_id, "k": kind, "d": deal_id, "b": before})

    def add_deal(self, sheet_id: int, d: DealInput, check: Check) -> int:
        with self.db.transaction() as connection:
            self._load(connection, sheet_id, lock=True)
            deal_id = int(connection.execute(text("INSERT INTO deals (sheet_id, input) VALUES (:s, :i) RETURNING id"),
                                             {"s": sheet_id, "i": json.dumps(d.as_json())}).scalar_one())
            self._act(connection, sheet_id, "add", deal_id)
            self._check(connection, sheet_id, check)
            return deal_id

    def edit_deal(self, sheet_id: int, deal_id: int, d: DealInput, check: Check) -> None:
        with self.db.transaction() as connection:
            self._load(connection, sheet_id, lock=True)
            old = self._deal(connection, sheet_id, deal_id)
            connection.execute(text("UPDATE deals SET input = :i WHERE id = :d"),
                               {"i": json.dumps(d.as_json()), "d": deal_id})
            self._act(connection, sheet_id, "edit", deal_id, old["input"])
            self._check(connection, sheet_id, check)

    def delete_deal(self, sheet_id: int, deal_id: int, check: Check) -> None:
        with self.db.transaction() as connection:
            self._load(connection, sheet_id, lock=True)
            self._deal(connection, sheet_id, deal_id)
            connection.execute(text("UPDATE deals SET deleted = 1 WHERE id = :d"), {"d": deal_id})
            self._act(connection, sheet_id, "delete", deal_id)
            self._check(connection, sheet_id, check)

    def undo(self, sheet_id: int, check: Check) -> str:
        """Reverse the sheet's last deal action; returns its kind."""
        with self.db.transaction() as connection:
            self._load(connection, sheet_id, lock=True)
            act: Any = connection.execute(text("SELECT * FROM actions WHERE sheet_id = :s ORDER BY id DESC LIMIT 1"),
                                          {"s": sheet_id}).mappings().first()
            if act is None:
                raise NothingToUndo(say("nothing_to_undo"))
            kind: str = act["kind"]
            if kind == "add":
                connection.execute(text("DELETE FROM deals WHERE id = :d"), {"d": act["deal_id"]})
            elif kind == "edit":
                connection.execute(text("UPDATE deals SET input = :i WHERE id = :d"),
                                   {"i": act["before"], "d": act["deal_id"]})
            else:
                connection.execute(text("UPDATE deals SET deleted = 0 WHERE id = :d"), {"d": act["deal_id"]})
            connection.execute(text("DELETE FROM actions WHERE id = :a"), {"a": act["id"]})
            self._check(connection, sheet_id, check)
            return kind
