"""``GET /healthz``: whether this process and its database answer, for a load balancer or a person."""

from __future__ import annotations

import asyncio
from typing import Literal, cast

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from klaverjas import __version__

from .db import Database, DatabaseUnavailable, run
from .errors import ErrorOut

router = APIRouter()
# A load balancer waits a few seconds for an answer; a database that takes longer counts as down.
HEALTH_TIMEOUT = 3.0


class HealthOut(BaseModel):
    status: Literal["ok"]
    database: Literal["sqlite", "postgresql"]
    version: str
    schema_: dict[str, int] = Field(alias="schema", description="each component's schema version")


@router.get("/healthz", response_model=HealthOut, response_model_by_alias=True, tags=["operations"],
            responses={503: {"model": ErrorOut, "description": "the database does not answer; the reason says "
                                                               "why"}})
async def healthz(request: Request) -> HealthOut:
    """200 while the database answers a query: its kind, the program's version and each component's
    schema version; 503 with the reason when it does not. Never rate-limited: a load balancer polls it."""
    db = cast(Database, request.app.state.db)
    try:
        versions = await asyncio.wait_for(run(db.versions), HEALTH_TIMEOUT)
    except TimeoutError:
        raise DatabaseUnavailable(f"the database {db.label} did not answer within {HEALTH_TIMEOUT:g} s") from None
    return HealthOut.model_validate({"status": "ok", "database": db.dialect, "version": __version__,
                                     "schema": versions})
