# The module as it was at commit 334b244 (its imports made absolute), kept unchanged otherwise: it writes
# databases exactly as that version did, for tests/web/test_store_upgrade.py.
"""Where the app keeps its data: one SQLite file shared by the score keeper and the game tables."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DB_ENV = "KLAVERJAS_DB"
DEFAULT_DB = Path("data") / "klaverjas.db"


def default_db_path() -> Path:
    """$KLAVERJAS_DB, else ./data/klaverjas.db."""
    return Path(os.environ.get(DB_ENV) or DEFAULT_DB)


class LockedSQLite:
    """One connection shared by the app's threads behind a lock, in autocommit mode, with durable writes (a
    deal typed in is on disk before we answer); ``_tx`` is one ``BEGIN IMMEDIATE`` transaction, which also
    keeps other processes on the same file out while it runs. The score keeper's and the clubs' stores."""

    def __init__(self, path: str | Path, timeout: float = 5.0) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None, timeout=timeout)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA foreign_keys = ON")
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = FULL")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if not self._db.in_transaction:
                self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            if self._db.in_transaction:
                self._db.execute("COMMIT")
