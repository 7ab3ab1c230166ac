"""The app factory: one FastAPI app with every feature's router, its stores on ``app.state``.

Routes reach the stores through FastAPI dependencies that read ``app.state`` (see
:func:`.keeper.routes.sheet_store` and :func:`.play.service.play_service`), so each route is a plain
module-level function.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from . import pages
from .club import routes as club
from .errors import HANDLERS
from .keeper import routes as keeper
from .keeper.store import Store
from .learn import routes as learn
from .learn.lessons import load_lessons
from .play import routes as play
from .play.service import PlayService, sweep
from .play.store import GameStore
from .storage import default_db_path
from .tables import routes as tables


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Resume the unfinished tables, forget abandoned ones every hour, stop every table's tasks at the end."""
    service: PlayService = app.state.play
    await service.resume_all()
    sweeper = asyncio.get_running_loop().create_task(sweep(service))
    try:
        yield
    finally:
        sweeper.cancel()
        await service.shutdown()


def create_app(db_path: str | Path | None = None, pace: float = 0.7) -> FastAPI:
    """The app on one SQLite file (default: $KLAVERJAS_DB or ./data/klaverjas.db); ``pace`` is the
    default seconds a computer player takes per card."""
    db_file = db_path if db_path is not None else default_db_path()
    load_lessons()  # a broken lesson file stops the app at startup, not a player mid-lesson
    app = FastAPI(title="Klaverjas", version="0.1.0", lifespan=lifespan,
                  exception_handlers={**HANDLERS, **keeper.HANDLERS},
                  description="Score keeper (docs/rules.md §6 and §7), play against computer players or with "
                              "friends (WebSocket protocol: docs/web-protocol.md), and learning pages.")
    app.state.store = Store(db_file)
    app.state.play = PlayService(GameStore(db_file), pace)
    for router in (keeper.router, play.router, tables.router, learn.router, club.router, pages.router):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    return app
