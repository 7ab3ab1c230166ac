"""The app factory: one FastAPI app with every feature's router, its stores on ``app.state``.

Routes reach the stores through FastAPI dependencies that read ``app.state`` (see
:func:`.keeper.routes.sheet_store` and :func:`.play.service.play_service`), so each route is a plain
module-level function.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from klaverjas import __version__

from . import pages
from .club import routes as club
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
from .storage import default_db_path
from .tables import routes as tables
from .thinking import Thinker


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Resume the unfinished tables, forget abandoned ones every hour, stop every table's tasks at the end."""
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


class DatabaseError(Exception):
    """The SQLite file cannot be opened or written (read-only, a directory, an unreachable place)."""


def create_app(db_path: str | Path | None = None, pace: float = 0.7, *, limits: Limits | None = None,
               hosts: Sequence[str] | None = None, think_workers: int | None = None) -> FastAPI:
    """The app on one SQLite file (default: $KLAVERJAS_DB or ./data/klaverjas.db); ``pace`` is the
    default seconds a computer player takes per card; ``limits`` the rate limits (:class:`.limits.Limits`);
    ``hosts`` the host names it answers to (default: $KLAVERJAS_ALLOWED_HOSTS, else localhost, 127.0.0.1);
    ``think_workers`` the processes for strong decisions, hints and reviews (:mod:`.thinking`; 0: threads).

    Raises :class:`DatabaseError` with the reason when the database is unusable."""
    db_file = db_path if db_path is not None else default_db_path()
    load_lessons()  # a broken lesson file stops the app at startup, not a player mid-lesson
    app = FastAPI(title="Klaverjas", version=__version__, lifespan=lifespan,
                  exception_handlers={**HANDLERS, **keeper.HANDLERS}, docs_url=None, redoc_url=None,
                  description="Score keeper (docs/rules.md §6 and §7), play against computer players or with "
                              "friends (WebSocket protocol: docs/web-protocol.md), and learning pages. "
                              "Changes need a JSON body or the header `X-Klaverjas: 1`; docs/security.md "
                              "tells what the app promises.")
    try:
        app.state.store = Store(db_file)
        app.state.play = PlayService(GameStore(db_file), pace, Thinker(think_workers))
    except (sqlite3.Error, OSError) as exc:
        raise DatabaseError(f"cannot use the database {db_file}: {exc}") from None
    app.state.limiter = Limiter(limits or Limits())
    for router in (keeper.router, play.router, tables.router, learn.router, club.router, pages.router):
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
