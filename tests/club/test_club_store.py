"""The club store on its own: two connections to one SQLite file (as two server processes would have)
change one evening at the same time and no update is lost; a refused change stores nothing; table
tokens open exactly their table."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from klaverjas.web.club import Evening, SettingsError
from klaverjas.web.club.store import SCHEMA_VERSION, ClubStore, TableKey


def test_two_connections_signing_in_at_once_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    first, second = ClubStore(db), ClubStore(db)
    club, _ = first.create_club("Klaverjasclub")
    evening = first.create_evening(club.id, Evening(rounds=3), "2026-12-01", None)
    names = [[f"{side}{k}" for k in range(40)] for side in ("A", "B")]

    def sign_in(store: ClubStore, batch: list[str]) -> None:
        for name in batch:
            def arrive(ev: Evening, name: str = name) -> None:
                ev.sign_in(name)
            store.change(club.id, evening, arrive)

    threads = [threading.Thread(target=sign_in, args=(s, b)) for s, b in zip((first, second), names, strict=True)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    stored = ClubStore(db).evening(club.id, evening)
    assert sorted(stored.evening.present) == sorted(names[0] + names[1])
    assert stored.version == 1 + 80


def test_a_refused_change_stores_nothing(tmp_path: Path) -> None:
    store = ClubStore(tmp_path / "club.db")
    club, token = store.create_club("Klaverjasclub")
    evening = store.create_evening(club.id, Evening(), "", None)
    store.change(club.id, evening, lambda ev: ev.sign_in("Anna"))
    def two_arrive(ev: Evening) -> None:
        ev.sign_in("Bram")
        ev.sign_in("Anna")

    with pytest.raises(SettingsError, match="Anna is already signed in"):
        store.change(club.id, evening, two_arrive)
    stored = store.evening(club.id, evening)
    assert stored.evening.present == ["Anna"] and stored.version == 2  # Bram's half of the change is gone too
    assert store.role(club.id, token) == "organiser" and store.role(club.id, club.public_token) == "public"
    assert store.role(club.id, token + "x") is None


def test_a_table_token_opens_its_table_and_no_other(tmp_path: Path) -> None:
    store = ClubStore(tmp_path / "club.db")
    club, _ = store.create_club("Klaverjasclub")
    evening = store.create_evening(club.id, Evening(), "", None)
    token = store.table_token(club.id, evening, 2, 3)
    assert store.table_key(token) == (club.id, TableKey(evening, 2, 3))
    forged = token.replace(f"{evening}.2.3.", f"{evening}.2.4.")  # another table with this table's mac
    assert store.table_key(forged) is None
    assert store.table_key("1.1.1") is None and store.table_key("x.1.1.abc") is None


def test_a_newer_schema_is_refused_rather_than_misread(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    ClubStore(db).close()
    with sqlite3.connect(db) as con:
        con.execute("UPDATE club_schema SET version = ?", (SCHEMA_VERSION + 1,))
    with pytest.raises(RuntimeError, match=f"schema version {SCHEMA_VERSION + 1}"):
        ClubStore(db)
