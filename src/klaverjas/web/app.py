"""The app factory: one FastAPI app with every feature's router, its stores on ``app.state``.

One :class:`.db.Database` per app (``app.state.db``: a SQLite file or a PostgreSQL URL) holds every store;
the app closes it at shutdown.  Routes reach the stores through FastAPI dependencies that read
``app.state`` (see :func:`.keeper.routes.sheet_store` and :func:`.play.service.play_service`), so each
route is a plain module-level function.  The routes of the score keeper and the clubs are plain ``def``:
Starlette runs them in its worker threads, so a slow or locked database delays only those requests, and
one that does not answer in time is a 503 (:mod:`.errors`).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from anyio import to_thread
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from sqlalchemy import exc

from klaverjas import __version__

from . import health, pages
from .club import routes as club
from .club.store import ClubStore
from .db import Database, DatabaseUnavailable, default_setting, safe_label
from .errors import HANDLERS, document_errors
from .keeper import routes as keeper
from .keeper.store import Store
from .learn import routes as learn
from .learn.lessons import load_lessons
from .limits import Limiter, Limits, RateLimitMiddleware, is_limited
from .play import routes as play
from .play.service import PlayService, sweep
from .play.store import GameStore
from .security import SecurityMiddleware, allowed_hosts
from .tables import routes as tables
from .thinking import Thinker

# Seconds a request waits for the database (a lock, a connection) before it is answered 503.
DB_TIMEOUT = 10.0
# Starlette's worker threads for plain-def routes (its default is 40): the keeper's and the clubs' routes
# may each wait up to DB_TIMEOUT on a locked database, and the static files share these threads.
WORKER_THREADS = 100


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Resume the unfinished tables, forget abandoned ones every hour, stop every table's tasks at the end,
    then close the database."""
    limiter = to_thread.current_default_thread_limiter()
    limiter.total_tokens = max(limiter.total_tokens, WORKER_THREADS)
    service: PlayService = app.state.play
    service.thinker.start()
    await service.resume_all()
    sweeper = asyncio.get_running_loop().create_task(sweep(service))
    try:
        yield
    finally:
        sweeper.cancel()
        await service.shutdown()
        service.thinker.stop()
        app.state.db.close()


class DatabaseError(Exception):
    """The database cannot be used: a SQLite file that cannot be opened or written (read-only, a
    directory, an unreachable place), a URL that is not one, a PostgreSQL that does not answer."""


def open_database(db: str | Path | Database | None = None) -> Database:
    """``db`` as a :class:`Database` (the stores bring their tables to their newest version): a SQLite path
    or a ``postgresql://`` URL (default: $KLAVERJAS_DB, else ./data/klaverjas.db), or a Database as it is.

    Raises :class:`DatabaseError` with the reason when the database is unusable."""
    if isinstance(db, Database):
        return db
    label = safe_label(default_setting() if db is None else db)
    try:
        return Database(db, timeout=DB_TIMEOUT)
    except DatabaseUnavailable as error:
        raise DatabaseError(f"cannot use the database {label}: {error.reason}") from None
    except (sqlite3.Error, OSError, exc.SQLAlchemyError) as error:
        raise DatabaseError(f"cannot use the database {label}: {error}") from None


def create_app(db: str | Path | Database | None = None, pace: float = 0.7, *, limits: Limits | None = None,
               hosts: Sequence[str] | None = None, think_workers: int | None = None) -> FastAPI:
    """The app on one database: a SQLite path or a ``postgresql://`` URL (default: $KLAVERJAS_DB, else
    ./data/klaverjas.db), or a :class:`Database` (its timeout is then the app's); ``pace`` is the default
    seconds a computer player takes per card; ``limits`` the rate limits (:class:`.limits.Limits`);
    ``hosts`` the host names it answers to (default: $KLAVERJAS_ALLOWED_HOSTS, else localhost, 127.0.0.1);
    ``think_workers`` the processes for strong decisions, hints and reviews (:mod:`.thinking`; 0: threads).

    Raises :class:`DatabaseError` with the reason when the database is unusable."""
    database = open_database(db)
    load_lessons()  # a broken lesson file stops the app at startup, not a player mid-lesson
    app = FastAPI(title="Klaverjas", version=__version__, lifespan=lifespan,
                  exception_handlers={**HANDLERS, **keeper.HANDLERS}, docs_url=None, redoc_url=None,
                  description="Score keeper (docs/rules.md §6 and §7), play against computer players or with "
                              "friends (WebSocket protocol: docs/web-protocol.md), and learning pages. "
                              "Changes need a JSON body or the header `X-Klaverjas: 1`; docs/security.md "
                              "tells what the app promises. `GET /healthz` tells whether the database answers "
                              "(for a load balancer; docs/deploy.md); a database that does not answer in "
                              "time makes a 503 with the reason.")
    try:
        app.state.db = database
        app.state.store = Store(database)
        app.state.clubs = ClubStore(database)
        app.state.play = PlayService(GameStore(database), pace, Thinker(think_workers))
    except DatabaseUnavailable as error:
        database.close()
        raise DatabaseError(f"cannot use the database {database.label}: {error.reason}") from None
    except (sqlite3.Error, OSError, exc.SQLAlchemyError) as error:
        database.close()
        raise DatabaseError(f"cannot use the database {database.label}: {error}") from None
    app.state.limiter = Limiter(limits or Limits())
    for router in (health.router, keeper.router, play.router, tables.router, learn.router, club.router,
                   pages.router):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    describe = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = document_errors(describe(), is_limited)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    app.mount("/docs-assets", StaticFiles(directory=pages.DOCS_ASSETS), name="docs-assets")
    # The last added runs first: the security checks and headers wrap the rate limits.
    app.add_middleware(RateLimitMiddleware, limiter=app.state.limiter)
    app.add_middleware(SecurityMiddleware, hosts=allowed_hosts(hosts))
    return app
