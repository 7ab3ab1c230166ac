"""The app's database: one SQLAlchemy Core engine on SQLite (the embedded default, one file) or PostgreSQL
(several ``klaverjas serve`` processes on one database).

Every store (score sheets, games, clubs) works through :class:`Database`: :meth:`Database.transaction` is
one transaction that writes durably (SQLite: ``BEGIN IMMEDIATE``, which also keeps other processes on the
file out while it runs; PostgreSQL: the default READ COMMITTED, with row locks taken by the store where a
row is read to be changed), and :meth:`Database.migrate` brings a component's tables to its newest version
at start, under a lock, so several processes may start at once. The calls block: the async routes run them
in a worker thread (:func:`run`), so a slow or locked database delays only the requests that need it.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal, ParamSpec, TypeVar, cast

from sqlalchemy import Connection, Engine, create_engine, event, exc, pool, text
from sqlalchemy.engine import make_url

DB_ENV = "KLAVERJAS_DB"
DEFAULT_DB = Path("data") / "klaverjas.db"
Dialect = Literal["sqlite", "postgresql"]
# One step of a component's schema, run in its own transaction; version n is the schema after step n.
Migration = Callable[[Connection], None]

P = ParamSpec("P")
R = TypeVar("R")


class DatabaseUnavailable(Exception):
    """The database cannot be reached or did not answer in time; the message says which and why."""


def default_setting() -> str:
    """$KLAVERJAS_DB (a SQLite path or a ``postgresql://`` URL), else ./data/klaverjas.db."""
    return os.environ.get(DB_ENV) or str(DEFAULT_DB)


def is_url(setting: str | Path) -> bool:
    return isinstance(setting, str) and setting.startswith(("postgresql://", "postgresql+psycopg://",
                                                             "postgres://"))


class Database:
    """One engine and its connection pool. ``setting``: a SQLite file path (``:memory:`` for a private
    in-memory one) or a ``postgresql://user@host:port/dbname`` URL; ``timeout``: seconds a statement may
    wait for a lock or a connection before :class:`DatabaseUnavailable` is raised."""

    def __init__(self, setting: str | Path | None = None, *, timeout: float = 5.0) -> None:
        setting = default_setting() if setting is None else setting
        self.timeout = timeout
        self.dialect: Dialect
        self.path: Path | None = None
        if is_url(setting):
            url = make_url(str(setting).replace("postgres://", "postgresql://", 1))
            url = url.set(drivername="postgresql+psycopg")
            self.dialect = "postgresql"
            self.engine: Engine = create_engine(
                url, pool_size=10, max_overflow=10, pool_timeout=timeout, pool_pre_ping=True,
                connect_args={"connect_timeout": max(1, int(timeout)),
                              "options": f"-c lock_timeout={int(timeout * 1000)} "
                                         f"-c statement_timeout={int(timeout * 6000)}"})
            self.label = url.set(drivername="postgresql").render_as_string(hide_password=True)
        else:
            self.dialect = "sqlite"
            self.path = Path(setting)
            memory = str(setting) == ":memory:"
            if not memory:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.engine = create_engine(
                "sqlite://" if memory else f"sqlite:///{self.path}",
                connect_args={"check_same_thread": False, "timeout": timeout},
                poolclass=pool.StaticPool if memory else pool.QueuePool)
            self.label = str(setting)
            _sqlite_transactions(self.engine)

    def __repr__(self) -> str:
        return f"Database({self.label!r})"

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One transaction: committed when the block ends, rolled back when it raises. A database that
        cannot be reached or stays locked raises :class:`DatabaseUnavailable`."""
        try:
            with self.engine.begin() as connection:
                yield connection
        except (exc.OperationalError, exc.TimeoutError, exc.InterfaceError) as error:
            raise DatabaseUnavailable(f"the database {self.label} did not answer: {_reason(error)}") from None

    def migrate(self, component: str, steps: Sequence[Migration]) -> int:
        """Run the steps of ``component`` not run yet, each in its own transaction with the version written
        in it, under a lock so processes starting together run each step once. Returns the version reached.
        A database newer than this code is refused: it would be changed by code that does not know it."""
        while True:
            with self.transaction() as connection:
                if self.dialect == "postgresql":  # SQLite's BEGIN IMMEDIATE already holds the file's write lock
                    connection.execute(text("SELECT pg_advisory_xact_lock(hashtext('klaverjas schema'))"))
                connection.execute(text("CREATE TABLE IF NOT EXISTS schema_versions "
                                        "(component TEXT PRIMARY KEY, version INTEGER NOT NULL)"))
                version = connection.execute(text("SELECT version FROM schema_versions WHERE component = :c"),
                                             {"c": component}).scalar()
                if version is None:
                    version = 0
                    connection.execute(text("INSERT INTO schema_versions (component, version) VALUES (:c, 0)"),
                                       {"c": component})
                if version > len(steps):
                    raise DatabaseUnavailable(
                        f"the database {self.label} holds {component} tables of version {version}, newer than "
                        f"this program's {len(steps)}: run the newer klaverjas on it")
                if version == len(steps):
                    return int(version)
                steps[version](connection)
                connection.execute(text("UPDATE schema_versions SET version = :v WHERE component = :c"),
                                   {"v": version + 1, "c": component})

    def ping(self) -> None:
        """Raise :class:`DatabaseUnavailable` unless the database answers a query."""
        with self.transaction() as connection:
            connection.execute(text("SELECT 1"))

    def close(self) -> None:
        self.engine.dispose()


def _sqlite_transactions(engine: Engine) -> None:
    """Our own BEGIN IMMEDIATE (pysqlite's implicit transactions start too late to lock), foreign keys,
    WAL and durable writes: a deal typed in is on disk before we answer."""

    @event.listens_for(engine, "connect")
    def connect(dbapi_connection: Any, _record: Any) -> None:
        connection = cast(sqlite3.Connection, dbapi_connection)
        connection.isolation_level = None
        connection.execute("PRAGMA foreign_keys = ON")
        if connection.execute("PRAGMA journal_mode").fetchone() != ("memory",):
            connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")

    @event.listens_for(engine, "begin")
    def begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def _reason(error: Exception) -> str:
    original = getattr(error, "orig", None) or error
    return str(original).strip().splitlines()[0] if str(original).strip() else type(original).__name__


async def run(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)`` in a worker thread: database calls never block the event loop."""
    return await asyncio.to_thread(function, *args, **kwargs)
