"""The app's database: one SQLAlchemy Core engine on SQLite (the embedded default, one file) or PostgreSQL
(several ``klaverjas serve`` processes on one database).

Every store (score sheets, games, clubs) works through :class:`Database`: :meth:`Database.transaction` is
one transaction that writes durably (SQLite: ``BEGIN IMMEDIATE``, which also keeps other processes on the
file out while it runs; PostgreSQL: the default READ COMMITTED, with row locks taken by the store where a
row is read to be changed, :attr:`Database.for_update`); :meth:`Database.read` is one snapshot that only
reads (a writer holding the SQLite file does not block it); and :meth:`Database.migrate` brings a
component's tables to its newest version at start, under a lock, so several processes may start at once.
The calls block: async code runs them in the database's worker threads (:func:`run`), plain-``def`` routes
in Starlette's, so a slow or locked database delays only the requests that need it, and one that stays
locked past the timeout raises :class:`DatabaseUnavailable` (HTTP 503).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal, ParamSpec, TypeVar, cast

from sqlalchemy import Connection, Engine, create_engine, event, exc, inspect, pool, text
from sqlalchemy.engine import make_url

DB_ENV = "KLAVERJAS_DB"
DEFAULT_DB = Path("data") / "klaverjas.db"
Dialect = Literal["sqlite", "postgresql"]
# One step of a component's schema, run in its own transaction; version n is the schema after step n.
Migration = Callable[[Connection], None]

P = ParamSpec("P")
R = TypeVar("R")


class DatabaseUnavailable(Exception):
    """The database cannot be reached or did not answer in time; the message says which and why, and
    :attr:`reason` only why."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason or message


def safe_label(setting: str | Path) -> str:
    """The setting as it may be printed: a URL without its password."""
    text_ = str(setting)
    if "://" not in text_:
        return text_
    try:
        return make_url(text_).render_as_string(hide_password=True)
    except (exc.ArgumentError, ValueError):
        scheme, rest = text_.split("://", 1)
        if "@" not in rest:
            return text_
        credentials, place = rest.rsplit("@", 1)
        user = credentials.split(":", 1)[0] + (":***" if ":" in credentials else "")
        return f"{scheme}://{user}@{place}"


def default_setting() -> str:
    """$KLAVERJAS_DB (a SQLite path or a ``postgresql://`` URL), else ./data/klaverjas.db."""
    return os.environ.get(DB_ENV) or str(DEFAULT_DB)


def is_url(setting: str | Path) -> bool:
    return isinstance(setting, str) and setting.startswith(("postgresql://", "postgresql+psycopg://",
                                                             "postgres://"))


def check_setting(setting: str | Path) -> None:
    """Refuse a URL of a database this program does not speak (it would otherwise become a file's name)."""
    if isinstance(setting, str) and "://" in setting and not is_url(setting):
        reason = (f"{setting.split('://', 1)[0]}:// is not supported; give a SQLite file path or "
                  f"postgresql://user@host:port/dbname")
        raise DatabaseUnavailable(f"the database {safe_label(setting)} is not usable: {reason}", reason)


class Database:
    """One engine and its connection pool. ``setting``: a SQLite file path (``:memory:`` for a private
    in-memory one) or a ``postgresql://user@host:port/dbname`` URL; ``timeout``: seconds a statement may
    wait for a lock or a connection before :class:`DatabaseUnavailable` is raised."""

    def __init__(self, setting: str | Path | None = None, *, timeout: float = 5.0) -> None:
        setting = default_setting() if setting is None else setting
        check_setting(setting)
        self.timeout = timeout
        # SQLite takes one writer at a time: this process's writers queue here (woken in turn) instead of
        # polling the file's lock, so only other processes' writers meet the busy timeout.
        self._writer = threading.Lock()
        self.dialect: Dialect
        self.path: Path | None = None
        if is_url(setting):
            try:
                url = make_url(str(setting).replace("postgres://", "postgresql://", 1))
            except (exc.ArgumentError, ValueError) as error:
                reason = f"not a valid URL ({error})"
                raise DatabaseUnavailable(f"the database {safe_label(setting)} is not usable: {reason}",
                                          reason) from None
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
                **({"poolclass": pool.StaticPool} if memory else
                   {"poolclass": pool.QueuePool, "pool_size": 10, "max_overflow": 10, "pool_timeout": timeout}))
            self.label = str(setting)
            _sqlite_transactions(self.engine, timeout)

    def __repr__(self) -> str:
        return f"Database({self.label!r})"

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One transaction that may write: committed when the block ends, rolled back when it raises. A
        database that cannot be reached or stays locked raises :class:`DatabaseUnavailable`."""
        with self._answering(), self._one_writer() as deadline, self.engine.connect() as connection:
            connection.execution_options(klaverjas_deadline=deadline)
            with connection.begin():
                yield connection

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """One transaction that only reads, from one snapshot (SQLite: a deferred BEGIN, which a writer
        holding the file does not block; PostgreSQL: REPEATABLE READ, read only)."""
        with self._answering(), self.engine.connect() as connection:
            if self.dialect == "postgresql":
                connection.execution_options(isolation_level="REPEATABLE READ", postgresql_readonly=True)
            else:
                connection.execution_options(klaverjas_read=True)
            with connection.begin():
                yield connection

    @property
    def for_update(self) -> str:
        """The clause that locks the rows a SELECT reads until the transaction ends: PostgreSQL's
        ``FOR UPDATE``; nothing on SQLite, whose write transaction already holds the whole file."""
        return " FOR UPDATE" if self.dialect == "postgresql" else ""

    @contextmanager
    def _answering(self) -> Iterator[None]:
        try:
            yield
        except (exc.OperationalError, exc.TimeoutError, exc.InterfaceError) as error:
            reason = _reason(error)
            raise DatabaseUnavailable(f"the database {self.label} did not answer: {reason}", reason) from None

    @contextmanager
    def _one_writer(self) -> Iterator[float]:
        """This process's turn to write (SQLite); yields the moment the transaction must have begun by, so
        the wait for the turn and the wait for the file's lock together stay within the timeout."""
        deadline = time.monotonic() + self.timeout
        if self.dialect != "sqlite":
            yield deadline
            return
        if not self._writer.acquire(timeout=self.timeout):
            reason = f"other changes have held it for more than {self.timeout:g} s"
            raise DatabaseUnavailable(f"the database {self.label} did not answer: {reason}", reason)
        try:
            yield deadline
        finally:
            self._writer.release()

    def migrate(self, component: str, steps: Sequence[Migration], *,
                legacy: Callable[[Connection], int] | None = None) -> int:
        """Run the steps of ``component`` not run yet, each in its own transaction with the version written
        in it, under a lock so processes starting together run each step once. Returns the version reached.
        A database newer than this code is refused: it would be changed by code that does not know it.

        ``legacy`` tells the version of a database written before ``schema_versions`` existed (a file of an
        older program, with its own version table); it is asked once, when the component has no row yet."""
        while True:
            with self.transaction() as connection:
                if self.dialect == "postgresql":  # SQLite's BEGIN IMMEDIATE already holds the file's write lock
                    connection.execute(text("SELECT pg_advisory_xact_lock(hashtext('klaverjas schema'))"))
                connection.execute(text("CREATE TABLE IF NOT EXISTS schema_versions "
                                        "(component TEXT PRIMARY KEY, version INTEGER NOT NULL)"))
                version = connection.execute(text("SELECT version FROM schema_versions WHERE component = :c"),
                                             {"c": component}).scalar()
                if version is None:
                    version = legacy(connection) if legacy is not None else 0
                    connection.execute(text("INSERT INTO schema_versions (component, version) VALUES (:c, :v)"),
                                       {"c": component, "v": version})
                if version > len(steps):
                    reason = (f"it holds {component} tables of version {version}, newer than this program's "
                              f"{len(steps)}: run the newer klaverjas on it")
                    raise DatabaseUnavailable(f"the database {self.label}: {reason}", reason)
                if version == len(steps):
                    return int(version)
                steps[version](connection)
                connection.execute(text("UPDATE schema_versions SET version = :v WHERE component = :c"),
                                   {"v": version + 1, "c": component})

    def ping(self) -> None:
        """Raise :class:`DatabaseUnavailable` unless the database answers a query."""
        with self.read() as connection:
            connection.execute(text("SELECT 1"))

    def versions(self) -> dict[str, int]:
        """Each component's schema version (empty before the first migration); reads the database, so it
        also tells whether the database answers."""
        with self.read() as connection:
            if not inspect(connection).has_table("schema_versions"):
                return {}
            rows = connection.execute(text("SELECT component, version FROM schema_versions ORDER BY component"))
            return {str(c): int(v) for c, v in rows}

    @staticmethod
    def has_table(connection: Connection, name: str) -> bool:
        return bool(inspect(connection).has_table(name))

    def close(self) -> None:
        self.engine.dispose()


# The column types a schema names as {id} (a row id the database hands out, in insertion order) and {ref}
# (a column holding one): SQLite's rowid alias, PostgreSQL's identity column and its 64-bit integer.
COLUMNS = {"sqlite": {"id": "INTEGER PRIMARY KEY", "ref": "INTEGER"},
           "postgresql": {"id": "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", "ref": "BIGINT"}}


def script(connection: Connection, schema: str) -> None:
    """Run ``schema`` (statements separated by ``;``) in the connection's transaction, one statement at a
    time, with its {id} and {ref} in the connection's dialect (:data:`COLUMNS`)."""
    for statement in schema.format(**COLUMNS[connection.dialect.name]).split(";"):
        if statement.strip():
            connection.execute(text(statement))


def _sqlite_transactions(engine: Engine, timeout: float) -> None:
    """Our own BEGIN IMMEDIATE (pysqlite's implicit transactions start too late to lock) that waits for the
    file's lock only until the transaction's deadline, foreign keys, WAL and durable writes: a deal typed
    in is on disk before we answer."""

    @event.listens_for(engine, "connect")
    def connect(dbapi_connection: Any, _record: Any) -> None:
        connection = cast(sqlite3.Connection, dbapi_connection)
        connection.isolation_level = None
        connection.execute("PRAGMA foreign_keys = ON")
        _write_ahead_log(connection, timeout)
        connection.execute("PRAGMA synchronous = FULL")

    @event.listens_for(engine, "begin")
    def begin(connection: Connection) -> None:
        options = connection.get_execution_options()
        deadline = options.get("klaverjas_deadline")
        wait = timeout if deadline is None else max(0.001, deadline - time.monotonic())
        connection.exec_driver_sql(f"PRAGMA busy_timeout = {int(wait * 1000)}")
        connection.exec_driver_sql("BEGIN" if options.get("klaverjas_read", False) else "BEGIN IMMEDIATE")


def _write_ahead_log(connection: sqlite3.Connection, timeout: float) -> None:
    """Put the file in WAL mode (an in-memory database stays as it is). The switch needs the file to itself
    and SQLite answers "database is locked" at once, without its busy timeout, while another process's
    connection reads or switches it too (processes starting together on a new file): so wait here, until
    the switch is made by us or by another process, or the timeout has passed."""
    deadline = time.monotonic() + timeout
    pause = 0.002
    while True:
        try:
            mode = connection.execute("PRAGMA journal_mode").fetchone()
            if mode in (("memory",), ("wal",)):
                return
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


def _reason(error: Exception) -> str:
    original = getattr(error, "orig", None) or error
    return str(original).strip().splitlines()[0] if str(original).strip() else type(original).__name__


# The database's own worker threads: calls waiting on a locked or slow database never take the threads that
# the event loop's other work (files, DNS) uses, and there are more of them than asyncio's default of
# CPUs + 4, since they mostly wait.
_workers = ThreadPoolExecutor(max_workers=32, thread_name_prefix="klaverjas-db")


async def run(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)`` in a worker thread: database calls never block the event loop."""
    call = functools.partial(contextvars.copy_context().run, function, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(_workers, call)
