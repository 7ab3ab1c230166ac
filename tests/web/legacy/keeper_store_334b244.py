# The module as it was at commit 334b244 (its imports made absolute), kept unchanged otherwise: it writes
# databases exactly as that version did, for tests/web/test_store_upgrade.py.
"""SQLite storage for score sheets (stdlib sqlite3, one file).

Deals are stored as the keeper's inputs, never as scores, so a correction
recomputes everything after it.  Every change is one committed transaction;
before it commits, a ``check`` callback recomputes the sheet with the core and
may raise, which rolls the change back: nothing invalid is ever stored.
Each deal change also writes an undo record (add, edit with the old inputs,
delete as a soft delete) so ↶ can reverse it exactly.

A sheet belongs to the holders of its tokens: the owner's (made with the sheet) and the share tokens the
owner hands out (``edit`` or ``read``).  Only their SHA-256 is stored, so the file alone opens no sheet.

The schema is versioned (table ``keeper_schema``): each step in :data:`STEPS` runs once, in its own
transaction.  Step 2 gave the sheets of older files, which had no owner, an owner token each; those tokens
exist nowhere else, so the store keeps them in :attr:`Store.adopted` for ``klaverjas serve`` to print once.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from tests.web.legacy.storage_334b244 import LockedSQLite

from klaverjas.web.keeper.sheet import DealInput, Settings

SCHEMA = """
CREATE TABLE IF NOT EXISTS sheets (
    id INTEGER PRIMARY KEY,
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
    id INTEGER PRIMARY KEY,     -- also the deal order within its sheet
    sheet_id INTEGER NOT NULL REFERENCES sheets(id) ON DELETE CASCADE,
    input TEXT NOT NULL,        -- JSON of DealInput
    deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS deals_sheet ON deals(sheet_id, deleted, id);
CREATE TABLE IF NOT EXISTS actions (
    id INTEGER PRIMARY KEY,
    sheet_id INTEGER NOT NULL REFERENCES sheets(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,         -- add | edit | delete
    deal_id INTEGER NOT NULL,
    before TEXT                 -- edit: the inputs before the correction
);
CREATE INDEX IF NOT EXISTS actions_sheet ON actions(sheet_id, id);
"""

TOKENS = """
CREATE TABLE IF NOT EXISTS sheet_tokens (
    hash TEXT PRIMARY KEY,      -- SHA-256 of the token, hex
    sheet_id INTEGER NOT NULL,  -- kept after the sheet is deleted: its holders learn it is gone (404)
    mode TEXT NOT NULL,         -- owner | edit | read
    created TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sheet_tokens_sheet ON sheet_tokens(sheet_id);
"""
MODES = ("owner", "edit", "read")
MAX_TOKENS = 100  # tokens one list request may name

Check = Callable[[Settings, list[tuple[int, DealInput]]], object]


class NotFound(Exception):
    """No such sheet or deal (HTTP 404)."""


class NothingToUndo(Exception):
    """The sheet has no action left to undo (HTTP 409)."""


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


def _add_token(db: sqlite3.Connection, sheet_id: int, mode: str) -> str:
    token = new_token()
    db.execute("INSERT INTO sheet_tokens (hash, sheet_id, mode, created) VALUES (?, ?, ?, ?)",
               (token_hash(token), sheet_id, mode, _now()))
    return token


def _script(db: sqlite3.Connection, script: str) -> None:
    # Statement by statement: executescript would commit the step's transaction half-way.
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _step_tables(db: sqlite3.Connection) -> list[tuple[int, str]]:
    _script(db, SCHEMA)
    return []


def _step_owners(db: sqlite3.Connection) -> list[tuple[int, str]]:
    """Sheets made before sheets had owners get an owner token each (printed once by ``klaverjas serve``)."""
    _script(db, TOKENS)
    return [(r["id"], _add_token(db, r["id"], "owner")) for r in db.execute("SELECT id FROM sheets ORDER BY id")]


# Schema steps in order; version n is the file after STEPS[n - 1]. Each returns the sheets it adopted.
STEPS: tuple[Callable[[sqlite3.Connection], list[tuple[int, str]]], ...] = (_step_tables, _step_owners)


class Store(LockedSQLite):
    """One connection guarded by a lock: the app is small and SQLite serialises writes anyway."""

    def __init__(self, path: str | Path) -> None:
        super().__init__(path)
        self.adopted: list[tuple[int, str]] = []  # (sheet id, owner token) made by the owner step just now
        self._migrate()

    def _migrate(self) -> None:
        self._db.execute("CREATE TABLE IF NOT EXISTS keeper_schema (version INTEGER NOT NULL)")
        while True:
            with self._tx() as db:  # the version is read inside the step's transaction: two apps may start at once
                row = db.execute("SELECT version FROM keeper_schema").fetchone()
                if row is None:  # a new file, or one from before the schema had versions (it has sheets then)
                    old = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sheets'")
                    version = 1 if old.fetchone() else 0
                    db.execute("INSERT INTO keeper_schema (version) VALUES (?)", (version,))
                else:
                    version = row["version"]
                if version >= len(STEPS):
                    return
                adopted = STEPS[version](db)
                db.execute("UPDATE keeper_schema SET version = ?", (version + 1,))
            self.adopted += adopted

    # --- reading ---------------------------------------------------------
    def _settings(self, row: sqlite3.Row) -> Settings:
        players = json.loads(row["players"]) if row["players"] else None
        return Settings(row["title"], (row["team_ns"], row["team_ew"]),
                        tuple(players) if players else None,
                        row["first_dealer"], row["rules"], row["match_end"])

    def _load(self, db: sqlite3.Connection, sheet_id: int) -> StoredSheet:
        row = db.execute("SELECT * FROM sheets WHERE id = ?", (sheet_id,)).fetchone()
        if row is None:
            raise NotFound(f"sheet {sheet_id} does not exist")
        deals = [(r["id"], DealInput.from_json(json.loads(r["input"])))
                 for r in db.execute("SELECT id, input FROM deals WHERE sheet_id = ? AND deleted = 0 ORDER BY id",
                                     (sheet_id,))]
        last = db.execute("SELECT kind FROM actions WHERE sheet_id = ? ORDER BY id DESC LIMIT 1",
                          (sheet_id,)).fetchone()
        return StoredSheet(sheet_id, self._settings(row), deals, row["created"], row["updated"],
                           last["kind"] if last else None)

    def get(self, sheet_id: int) -> StoredSheet:
        with self._lock:
            return self._load(self._db, sheet_id)

    def sheets(self, tokens: list[str] | None = None) -> list[tuple[StoredSheet, str]]:
        """The sheets these tokens open, most recently changed first, each with the strongest mode held
        (every sheet as its owner when ``tokens`` is None: for tools on the file, never for a request)."""
        with self._lock:
            if tokens is None:
                rows = self._db.execute("SELECT id, 'owner' AS mode FROM sheets ORDER BY updated DESC, id DESC")
            else:
                hashes = [token_hash(t) for t in tokens[:MAX_TOKENS]]
                rows = self._db.execute(
                    "SELECT s.id, min(CASE t.mode WHEN 'owner' THEN 0 WHEN 'edit' THEN 1 ELSE 2 END) AS rank"
                    f" FROM sheets s JOIN sheet_tokens t ON t.sheet_id = s.id WHERE t.hash IN"
                    f" ({','.join('?' * len(hashes))}) GROUP BY s.id ORDER BY s.updated DESC, s.id DESC", hashes)
            found = [(r[0], r[1] if tokens is None else MODES[r[1]]) for r in rows]
            return [(self._load(self._db, i), mode) for i, mode in found]

    def lookup(self, token: str) -> tuple[int, str] | None:
        """The sheet ``token`` belongs to (perhaps deleted since) and what it may do: owner, edit, read."""
        with self._lock:
            row = self._db.execute("SELECT sheet_id, mode FROM sheet_tokens WHERE hash = ?",
                                   (token_hash(token),)).fetchone()
            return None if row is None else (int(row["sheet_id"]), str(row["mode"]))

    def access(self, sheet_id: int, token: str) -> str | None:
        """What ``token`` may do with the sheet: owner, edit, read, or None."""
        found = self.lookup(token)
        return found[1] if found is not None and found[0] == sheet_id else None

    def share(self, sheet_id: int, mode: str) -> str:
        """A new share token for the sheet (``edit`` or ``read``)."""
        assert mode in ("edit", "read")
        with self._tx() as db:
            self._load(db, sheet_id)
            return _add_token(db, sheet_id, mode)

    # --- sheets ----------------------------------------------------------
    def create(self, s: Settings) -> tuple[int, str]:
        """A new sheet; returns its id and its owner's token."""
        now = _now()
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO sheets (title, team_ns, team_ew, players, first_dealer, rules, match_end, created,"
                " updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (s.title, s.teams[0], s.teams[1], json.dumps(list(s.players)) if s.players else None,
                 s.first_dealer, s.rules, s.match_end, now, now))
            assert cur.lastrowid is not None
            return cur.lastrowid, _add_token(db, cur.lastrowid, "owner")

    def update(self, sheet_id: int, s: Settings, check: Check) -> None:
        with self._tx() as db:
            self._load(db, sheet_id)
            db.execute("UPDATE sheets SET title = ?, team_ns = ?, team_ew = ?, players = ?, first_dealer = ?,"
                       " match_end = ?, updated = ? WHERE id = ?",
                       (s.title, s.teams[0], s.teams[1], json.dumps(list(s.players)) if s.players else None,
                        s.first_dealer, s.match_end, _now(), sheet_id))
            self._check(db, sheet_id, check)

    def delete(self, sheet_id: int) -> None:
        with self._tx() as db:
            if db.execute("DELETE FROM sheets WHERE id = ?", (sheet_id,)).rowcount == 0:
                raise NotFound(f"sheet {sheet_id} does not exist")

    # --- deals -----------------------------------------------------------
    def _check(self, db: sqlite3.Connection, sheet_id: int, check: Check) -> None:
        st = self._load(db, sheet_id)
        check(st.settings, st.deals)
        db.execute("UPDATE sheets SET updated = ? WHERE id = ?", (_now(), sheet_id))

    def _deal(self, db: sqlite3.Connection, sheet_id: int, deal_id: int) -> sqlite3.Row:
        row: sqlite3.Row | None = db.execute("SELECT * FROM deals WHERE id = ? AND sheet_id = ? AND deleted = 0",
                                             (deal_id, sheet_id)).fetchone()
        if row is None:
            raise NotFound(f"deal {deal_id} is not on sheet {sheet_id}")
        return row

    def add_deal(self, sheet_id: int, d: DealInput, check: Check) -> int:
        with self._tx() as db:
            self._load(db, sheet_id)
            cur = db.execute("INSERT INTO deals (sheet_id, input) VALUES (?, ?)", (sheet_id, json.dumps(d.as_json())))
            assert cur.lastrowid is not None
            db.execute("INSERT INTO actions (sheet_id, kind, deal_id) VALUES (?, 'add', ?)", (sheet_id, cur.lastrowid))
            self._check(db, sheet_id, check)
            return cur.lastrowid

    def edit_deal(self, sheet_id: int, deal_id: int, d: DealInput, check: Check) -> None:
        with self._tx() as db:
            self._load(db, sheet_id)
            old = self._deal(db, sheet_id, deal_id)
            db.execute("UPDATE deals SET input = ? WHERE id = ?", (json.dumps(d.as_json()), deal_id))
            db.execute("INSERT INTO actions (sheet_id, kind, deal_id, before) VALUES (?, 'edit', ?, ?)",
                       (sheet_id, deal_id, old["input"]))
            self._check(db, sheet_id, check)

    def delete_deal(self, sheet_id: int, deal_id: int, check: Check) -> None:
        with self._tx() as db:
            self._load(db, sheet_id)
            self._deal(db, sheet_id, deal_id)
            db.execute("UPDATE deals SET deleted = 1 WHERE id = ?", (deal_id,))
            db.execute("INSERT INTO actions (sheet_id, kind, deal_id) VALUES (?, 'delete', ?)", (sheet_id, deal_id))
            self._check(db, sheet_id, check)

    def undo(self, sheet_id: int, check: Check) -> str:
        """Reverse the sheet's last deal action; returns its kind."""
        with self._tx() as db:
            self._load(db, sheet_id)
            act = db.execute("SELECT * FROM actions WHERE sheet_id = ? ORDER BY id DESC LIMIT 1",
                             (sheet_id,)).fetchone()
            if act is None:
                raise NothingToUndo("nothing to undo on this sheet")
            kind: str = act["kind"]
            if kind == "add":
                db.execute("DELETE FROM deals WHERE id = ?", (act["deal_id"],))
            elif kind == "edit":
                db.execute("UPDATE deals SET input = ? WHERE id = ?", (act["before"], act["deal_id"]))
            else:
                db.execute("UPDATE deals SET deleted = 0 WHERE id = ?", (act["deal_id"],))
            db.execute("DELETE FROM actions WHERE id = ?", (act["id"],))
            self._check(db, sheet_id, check)
            return kind

