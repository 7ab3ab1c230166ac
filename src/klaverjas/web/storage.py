"""Where the app keeps its data by default; the database itself is :mod:`.db` (SQLite or PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

from .db import DB_ENV, DEFAULT_DB, default_setting

__all__ = ["DB_ENV", "DEFAULT_DB", "default_db_path"]


def default_db_path() -> Path:
    """$KLAVERJAS_DB, else ./data/klaverjas.db, as a path (see :func:`.db.default_setting` for a URL)."""
    return Path(default_setting())
