"""The club store on its own, on SQLite and on PostgreSQL: two stores on one database (as two server
processes would have) change one evening at the same time and no update is lost; a refused change
stores nothing; table tokens open exactly their table."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import text

from klaverjas.web.club import Evening, SettingsError
from klaverjas.web.club.store import SCHEMA_VERSION, ClubStore, Duplicate, TableKey
from klaverjas.web.db import Database, DatabaseUnavailable


def test_two_connections_signing_in_at_once_lose_nothing(db_setting: str) -> None:
    db = db_setting
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


def test_a_refused_change_stores_nothing(db_setting: str) -> None:
    store = ClubStore(db_setting)
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


def test_a_table_token_opens_its_table_and_no_other(db_setting: str) -> None:
    store = ClubStore(db_setting)
    club, _ = store.create_club("Klaverjasclub")
    evening = store.create_evening(club.id, Evening(), "", None)
    token = store.table_token(club.id, evening, 2, 3)
    assert store.table_key(token) == (club.id, TableKey(evening, 2, 3))
    forged = token.replace(f"{evening}.2.3.", f"{evening}.2.4.")  # another table with this table's mac
    assert store.table_key(forged) is None
    assert store.table_key("1.1.1") is None and store.table_key("x.1.1.abc") is None


def test_a_newer_schema_is_refused_rather_than_misread(db_setting: str) -> None:
    ClubStore(db_setting).close()
    database = Database(db_setting)
    with database.transaction() as connection:
        connection.execute(text("UPDATE schema_versions SET version = :v WHERE component = 'club'"),
                           {"v": SCHEMA_VERSION + 1})
    with pytest.raises(DatabaseUnavailable, match=f"club tables of version {SCHEMA_VERSION + 1}, newer"):
        ClubStore(database)
    database.close()


def test_members_sorted_as_before_and_a_name_taken_twice_at_once_is_one_member(db_setting: str) -> None:
    first, second = ClubStore(db_setting), ClubStore(db_setting)
    club, _ = first.create_club("Klaverjasclub")
    for name in ("bram", "Anna", "Émile", "anna2", "Cor"):
        first.add_member(club.id, name, None)
    # SQLite's NOCASE order of before: ASCII letters folded, the rest by code point.
    assert [m.name for m in second.members(club.id)] == ["Anna", "anna2", "bram", "Cor", "Émile"]
    outcomes: list[str] = []

    def add(store: ClubStore) -> None:
        try:
            store.add_member(club.id, "Dirk", "7")
            outcomes.append("added")
        except Duplicate:
            outcomes.append("duplicate")

    for _ in range(5):
        threads = [threading.Thread(target=add, args=(s,)) for s in (first, second)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    assert sorted(outcomes) == ["added"] + ["duplicate"] * 9
    assert [m.name for m in first.members(club.id)].count("Dirk") == 1
    first.close()
    second.close()
