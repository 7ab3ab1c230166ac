"""The database layer on both backends: transactions, migrations, and a clear error when unreachable."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import Connection, text

from klaverjas.web.db import Database, DatabaseUnavailable, is_url, run, safe_label


def _create(connection: Connection) -> None:
    connection.execute(text("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)"))


def _add_column(connection: Connection) -> None:
    connection.execute(text("ALTER TABLE notes ADD COLUMN author TEXT"))


def test_migrations_run_once_in_order_and_a_newer_database_is_refused(db_setting: str) -> None:
    db = Database(db_setting)
    assert db.dialect == ("postgresql" if is_url(db_setting) else "sqlite")
    assert db.migrate("notes", [_create]) == 1
    assert db.migrate("notes", [_create]) == 1  # the step is not run again (it would fail: the table exists)
    assert db.migrate("notes", [_create, _add_column]) == 2
    with db.transaction() as connection:
        connection.execute(text("INSERT INTO notes (id, body, author) VALUES (1, 'a', 'b')"))
    with pytest.raises(DatabaseUnavailable, match="version 2, newer than this program's 1"):
        db.migrate("notes", [_create])
    db.close()


def test_a_failed_transaction_leaves_nothing(db_setting: str) -> None:
    db = Database(db_setting)
    db.migrate("notes", [_create])
    with pytest.raises(ZeroDivisionError), db.transaction() as connection:
        connection.execute(text("INSERT INTO notes (id, body) VALUES (1, 'x')"))
        raise ZeroDivisionError
    with db.transaction() as connection:
        assert connection.execute(text("SELECT COUNT(*) FROM notes")).scalar() == 0
    db.close()


def _migrate_together(setting: str, copies: int) -> tuple[list[int], list[BaseException]]:
    """``copies`` programs (each its own engine and pool, as separate processes have) migrating one database
    at the same moment; returns how often the step ran and what each raised."""
    runs: list[int] = []
    errors: list[BaseException] = []

    def counted(connection: Connection) -> None:
        runs.append(1)
        _create(connection)

    databases = [Database(setting, timeout=20) for _ in range(copies)]
    start = threading.Barrier(copies)

    def program(database: Database) -> None:
        start.wait()
        try:
            database.migrate("notes", [counted])
        except BaseException as error:  # noqa: BLE001 - every failure of a starting program is the finding
            errors.append(error)

    threads = [threading.Thread(target=program, args=(d,)) for d in databases]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for d in databases:
        d.close()
    return runs, errors


def test_processes_starting_together_run_each_step_once(db_setting: str) -> None:
    runs, errors = _migrate_together(db_setting, 4)
    assert errors == [] and runs == [1]


def test_programs_starting_together_on_a_new_sqlite_file_all_start(tmp_path: Path) -> None:
    # Switching a new file to WAL needs it to itself, and SQLite refuses that at once (no busy timeout) while
    # another connection is switching or reading it: each program must wait for the switch, not fail.
    for attempt in range(60):
        runs, errors = _migrate_together(str(tmp_path / f"k{attempt}.db"), 4)
        assert errors == [] and runs == [1], f"attempt {attempt}: {errors}"


def test_an_unreachable_postgresql_is_a_clear_error() -> None:
    from tests.postgres import free_port

    db = Database(f"postgresql://nobody@127.0.0.1:{free_port()}/none", timeout=1)
    with pytest.raises(DatabaseUnavailable, match=r"the database postgresql://nobody@127\.0\.0\.1:\d+/none did not"):
        db.ping()


def test_an_older_programs_version_is_taken_over_once(db_setting: str) -> None:
    db = Database(db_setting)
    with db.transaction() as connection:  # a database an older program made, with its own version table
        _create(connection)
    asked: list[int] = []

    def legacy(connection: Connection) -> int:
        asked.append(1)
        return 1 if Database.has_table(connection, "notes") else 0

    assert db.migrate("notes", [_create, _add_column], legacy=legacy) == 2  # step 1 not run again
    assert db.migrate("notes", [_create, _add_column], legacy=legacy) == 2 and asked == [1]
    assert db.versions() == {"notes": 2}
    db.close()


def test_reads_go_on_while_another_connection_holds_the_write_lock(tmp_path: Path) -> None:
    db = Database(tmp_path / "k.db", timeout=0.5)
    db.migrate("notes", [_create])
    holder = sqlite3.connect(tmp_path / "k.db", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with db.read() as connection:
            assert connection.execute(text("SELECT COUNT(*) FROM notes")).scalar() == 0
        with pytest.raises(DatabaseUnavailable, match="did not answer: database is locked"), \
                db.transaction() as connection:
            connection.execute(text("INSERT INTO notes (id, body) VALUES (1, 'x')"))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    db.close()


def test_writers_queued_in_one_process_give_up_at_the_timeout_not_later(tmp_path: Path) -> None:
    timeout = 1.0
    db = Database(tmp_path / "k.db", timeout=timeout)
    db.migrate("notes", [_create])
    holder = sqlite3.connect(tmp_path / "k.db", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process holds the file
    waited: list[float] = []

    def write() -> None:
        started = time.monotonic()
        with pytest.raises(DatabaseUnavailable), db.transaction() as connection:
            connection.execute(text("INSERT INTO notes (id, body) VALUES (1, 'x')"))
        waited.append(time.monotonic() - started)

    writers = [threading.Thread(target=write) for _ in range(3)]
    try:
        for w in writers:
            w.start()
        for w in writers:
            w.join()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    # The second and third waited for the first's turn, then for the file, within one timeout in all.
    assert len(waited) == 3 and all(w < 1.9 * timeout for w in waited), waited
    db.close()


def test_settings_that_are_not_a_database_and_passwords_never_shown() -> None:
    with pytest.raises(DatabaseUnavailable, match=r"mysql:// is not supported; give a SQLite file path or postgresql"):
        Database("mysql://u:pw@h/d")
    with pytest.raises(DatabaseUnavailable, match="not a valid URL"):
        Database("postgresql://u@h:port/d")
    assert safe_label("postgresql://u:pw@h:5432/d") == "postgresql://u:***@h:5432/d"
    assert safe_label("postgresql://u:pw@h:port/d") == "postgresql://u:***@h:port/d"
    assert safe_label("data/k.db") == "data/k.db"
    assert Database("postgresql://u:pw@127.0.0.1:1/d").label == "postgresql://u:***@127.0.0.1:1/d"


def test_run_calls_in_the_databases_own_threads() -> None:
    async def main() -> str:
        return await run(lambda suffix: threading.current_thread().name + suffix, "!")

    assert asyncio.run(main()).startswith("klaverjas-db") and asyncio.run(main()).endswith("!")
