"""SQLite storage of game tables: one row per table, its events appended as they happen.

Every action is saved before its events go out, so a reload or a server restart
resumes the table exactly where it was.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    data TEXT NOT NULL,          -- GameTable.to_json() without its events
    phase TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    code TEXT                    -- invitation code of a table with friends
);
CREATE TABLE IF NOT EXISTS game_deals (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,     -- 1-based
    record TEXT NOT NULL,        -- the finished deal's game record
    PRIMARY KEY (game_id, number)
);
CREATE TABLE IF NOT EXISTS game_events (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    audience INTEGER,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class GameStore:
    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(self.path, check_same_thread=False)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._conn.executescript(SCHEMA)
        columns = {row[1] for row in self._conn.execute("PRAGMA table_info(games)")}
        if "code" not in columns:  # a database from before tables with friends
            self._conn.execute("ALTER TABLE games ADD COLUMN code TEXT")
        self._conn.execute("CREATE UNIQUE INDEX IF NOT EXISTS games_code ON games(code) WHERE code IS NOT NULL")
        self._lock = threading.Lock()

    def save(self, data: dict[str, Any], phase: str) -> None:
        """Store a table: its state and the events not stored yet, in one transaction."""
        events = data["events"]
        finished = data["finished"]
        body = {k: v for k, v in data.items() if k not in ("events", "finished")}
        with self._lock, self._conn:
            row = self._conn.execute("SELECT COALESCE(MAX(seq), 0) FROM game_events WHERE game_id = ?",
                                     (data["id"],)).fetchone()
            stored = int(row[0])
            row = self._conn.execute("SELECT COALESCE(MAX(number), 0) FROM game_deals WHERE game_id = ?",
                                     (data["id"],)).fetchone()
            deals_stored = int(row[0])
            self._conn.execute(
                "INSERT INTO games (id, data, phase, created, updated, code) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET data = excluded.data, phase = excluded.phase, "
                "updated = excluded.updated",
                (data["id"], json.dumps(body), phase, data.get("created") or now(), now(), data.get("code") or None))
            self._conn.executemany(
                "INSERT INTO game_events (game_id, seq, kind, audience, data) VALUES (?, ?, ?, ?, ?)",
                [(data["id"], seq, kind, audience, json.dumps(payload))
                 for seq, kind, payload, audience in events if seq > stored])
            self._conn.executemany(
                "INSERT INTO game_deals (game_id, number, record) VALUES (?, ?, ?)",
                [(data["id"], number, json.dumps(record))
                 for number, record in enumerate(finished, 1) if number > deals_stored])

    def load(self, game_id: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._conn.execute("SELECT data FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            events = self._conn.execute(
                "SELECT seq, kind, data, audience FROM game_events WHERE game_id = ? ORDER BY seq",
                (game_id,)).fetchall()
            deals = self._conn.execute("SELECT record FROM game_deals WHERE game_id = ? ORDER BY number",
                                       (game_id,)).fetchall()
        data: dict[str, Any] = json.loads(row[0])
        data["finished"] = [json.loads(r[0]) for r in deals]
        data["events"] = [[seq, kind, json.loads(payload), audience] for seq, kind, payload, audience in events]
        return data

    def ids(self, phase: str | None = None) -> list[str]:
        with self._lock:
            if phase is None:
                rows = self._conn.execute("SELECT id FROM games ORDER BY created").fetchall()
            else:
                rows = self._conn.execute("SELECT id FROM games WHERE phase = ? ORDER BY created",
                                          (phase,)).fetchall()
        return [r[0] for r in rows]

    def summaries(self, tokens: list[str]) -> list[dict[str, Any]]:
        """The games in which one of ``tokens`` holds a seat, most recently changed first."""
        wanted = sorted(set(tokens))
        if not wanted:
            return []
        with self._lock:
            rows = self._conn.execute(
                "SELECT games.id, games.data, phase, created, updated, seat.key FROM games, "
                "json_each(games.data, '$.seats') AS seat WHERE json_extract(seat.value, '$.kind') = 'human' "
                f"AND json_extract(seat.value, '$.token') IN ({', '.join('?' * len(wanted))}) "
                "ORDER BY updated DESC", wanted).fetchall()
        out = []
        for game_id, data, phase, created, updated, seat in rows:
            body = json.loads(data)
            out.append({"id": game_id, "seat": "NESW"[int(seat)], "code": body.get("code") or None,
                        "rules": body["rules"], "phase": phase, "created": created, "updated": updated,
                        "deals": body.get("deals_finished", 0)})
        return out

    def id_of_code(self, code: str) -> str | None:
        with self._lock:
            row = self._conn.execute("SELECT id FROM games WHERE code = ?", (code,)).fetchone()
        return None if row is None else str(row[0])

    def idle_ids(self, days: float) -> list[str]:
        cutoff = datetime.fromtimestamp(datetime.now(UTC).timestamp() - days * 86400, UTC).isoformat(
            timespec="seconds")
        with self._lock:
            rows = self._conn.execute("SELECT id FROM games WHERE updated < ?", (cutoff,)).fetchall()
        return [r[0] for r in rows]

    def delete(self, game_id: str) -> None:
        with self._lock, self._conn:
            self._conn.execute("DELETE FROM game_events WHERE game_id = ?", (game_id,))
            self._conn.execute("DELETE FROM game_deals WHERE game_id = ?", (game_id,))
            self._conn.execute("DELETE FROM games WHERE id = ?", (game_id,))

    def close(self) -> None:
        with self._lock:
            self._conn.close()
