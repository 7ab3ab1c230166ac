"""Error bodies: every 4xx is ``{"detail", "code", "errors": [{"field", "code", "message"}]}`` so a page
can put each message at its field, and a client can branch on ``code``."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException


class ErrorItem(BaseModel):
    field: str
    code: str
    message: str


class ErrorOut(BaseModel):
    detail: str
    code: str
    errors: list[ErrorItem] = []


def error_response(status: int, code: str, detail: str, errors: list[ErrorItem] | None = None) -> JSONResponse:
    body = ErrorOut(detail=detail, code=code, errors=errors or [])
    return JSONResponse(body.model_dump(), status_code=status)


async def invalid_request(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = []
    for e in exc.errors():
        loc = [str(x) for x in e.get("loc", ()) if x not in ("body", "path", "query")]
        errors.append(ErrorItem(field=".".join(loc) or "body", code="invalid", message=str(e.get("msg", "invalid"))))
    return error_response(422, "invalid", "invalid request: " + "; ".join(f"{x.field}: {x.message}" for x in errors),
                          errors)


async def http_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    return error_response(exc.status_code, "http", str(exc.detail))


Handler = Any  # Starlette's exception-handler callable; its exact type differs between versions
HANDLERS: dict[int | type[Exception], Handler] = {RequestValidationError: invalid_request,
                                                  StarletteHTTPException: http_error}
