"""Where the app keeps its data: one SQLite file shared by the score keeper and the game tables."""

from __future__ import annotations

import os
from pathlib import Path

DB_ENV = "KLAVERJAS_DB"
DEFAULT_DB = Path("data") / "klaverjas.db"


def default_db_path() -> Path:
    """$KLAVERJAS_DB, else ./data/klaverjas.db."""
    return Path(os.environ.get(DB_ENV) or DEFAULT_DB)
