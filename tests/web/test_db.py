"""The database layer on both backends: transactions, migrations, and a clear error when unreachable."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import Connection, text

from klaverjas.web.db import Database, DatabaseUnavailable, is_url


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


def test_processes_starting_together_run_each_step_once(db_setting: str) -> None:
    runs: list[int] = []

    def counted(connection: Connection) -> None:
        runs.append(1)
        _create(connection)

    databases = [Database(db_setting, timeout=20) for _ in range(4)]
    threads = [threading.Thread(target=d.migrate, args=("notes", [counted])) for d in databases]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert runs == [1]
    for d in databases:
        d.close()


def test_an_unreachable_postgresql_is_a_clear_error() -> None:
    from tests.postgres import free_port

    db = Database(f"postgresql://nobody@127.0.0.1:{free_port()}/none", timeout=1)
    with pytest.raises(DatabaseUnavailable, match=r"the database postgresql://nobody@127\.0\.0\.1:\d+/none did not"):
        db.ping()
