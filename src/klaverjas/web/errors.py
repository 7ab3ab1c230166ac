"""Error bodies: every 4xx is ``{"detail", "code", "errors": [{"field", "code", "message"}]}`` so a page
can put each message at its field, and a client can branch on ``code``.  A database that does not answer
in time is a 503 with the same body (code ``database_unavailable``) and ``Retry-After``.  A browser that asks
for a page at an address naming nothing gets the site's own "not found" page instead."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from klaverjas.core.texts import Text

from .db import DatabaseUnavailable
from .pages import render

DB_RETRY_AFTER = 5  # seconds a client waits before asking again when the database did not answer


class ErrorItem(BaseModel):
    field: str
    code: str
    message: str


class ErrorOut(BaseModel):
    detail: str
    code: str
    errors: list[ErrorItem] = []


class ReasonOut(ErrorOut):
    """The shared error body, with the refusal in every language."""

    # Optional in the schema only: a body FastAPI's own validation refuses is the plain shared body in the features
    # that do not say it in every language; every refusal a route or a guard before it makes has it.
    reason: dict[str, str] | None = Field(default=None, description="the refusal per language: {\"en\": ..., "
                                          "\"nl\": ...}; ``detail`` is the English one")


class Refusal(StarletteHTTPException):
    """A 4xx whose reason the app can say in every language: the body is :class:`ReasonOut` (``errors``: the
    fields it is about, where it is about fields)."""

    def __init__(self, status_code: int, code: str, reason: Text, errors: list[ErrorItem] | None = None) -> None:
        super().__init__(status_code, reason["en"])
        self.code = code
        self.reason = reason
        self.errors = errors or []


def error_response(status: int, code: str, detail: str, errors: list[ErrorItem] | None = None) -> JSONResponse:
    body = ErrorOut(detail=detail, code=code, errors=errors or [])
    return JSONResponse(body.model_dump(), status_code=status)


def reason_response(status: int, code: str, reason: Text, errors: list[ErrorItem] | None = None) -> JSONResponse:
    """The shared error body (``detail``, ``code``, ``errors``) with the reason in every language."""
    body = ReasonOut(detail=reason["en"], code=code, errors=errors or [], reason=reason)
    return JSONResponse(body.model_dump(), status_code=status)


async def invalid_request(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = []
    for e in exc.errors():
        loc = [str(x) for x in e.get("loc", ()) if x not in ("body", "path", "query")]
        errors.append(ErrorItem(field=".".join(loc) or "body", code="invalid", message=str(e.get("msg", "invalid"))))
    return error_response(422, "invalid", "invalid request: " + "; ".join(f"{x.field}: {x.message}" for x in errors),
                          errors)


def methods_at(app: Any, path: str) -> set[str]:
    """The methods the API serves at ``path``, read from its OpenAPI schema (every route that changes
    anything is in it; the pages, left out, only answer GET)."""
    table: list[tuple[re.Pattern[str], set[str]]] | None = getattr(app.state, "route_methods", None)
    if table is None:
        table = [(re.compile("^" + re.sub(r"\\{[^}]+\\}", "[^/]+", re.escape(template)) + "$"),
                  {m.upper() for m in item if m in _METHODS})
                 for template, item in app.openapi().get("paths", {}).items()]
        app.state.route_methods = table
        app.state.route_literals = {template: {m.upper() for m in item if m in _METHODS}
                                    for template, item in app.openapi().get("paths", {}).items()
                                    if "{" not in template}
    # A literal path is served by its own routes only ("/api/clubs/table" is not "/api/clubs/{club_id}").
    exact: set[str] | None = app.state.route_literals.get(path)
    if exact is not None:
        return exact
    return set().union(*(methods for pattern, methods in table if pattern.match(path)))


# The API's own addresses answer JSON whatever the client accepts; any other address is a page.
_NOT_PAGES = ("/api/", "/static/", "/docs-assets/", "/openapi.json", "/healthz")


def wants_page(request: Request) -> bool:
    """A browser asking for a page (not a script, an API client or a file of the app)."""
    return (request.method in ("GET", "HEAD") and not request.url.path.startswith(_NOT_PAGES)
            and "text/html" in request.headers.get("accept", ""))


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 404 and wants_page(request):  # a person who followed a wrong link sees a page
        return HTMLResponse(render("notfound.html"), status_code=404)
    if isinstance(exc, Refusal):
        response = reason_response(exc.status_code, exc.code, exc.reason, exc.errors)
    else:
        response = error_response(exc.status_code, "http", str(exc.detail))
    response.headers.update(exc.headers or {})
    if exc.status_code == 405:  # Starlette's Allow names only the first route's method
        response.headers["Allow"] = ", ".join(sorted(methods_at(request.app, request.url.path)))
    return response


async def database_unavailable(_: Request, exc: Exception) -> JSONResponse:
    response = error_response(503, "database_unavailable", str(exc))
    response.headers["Retry-After"] = str(DB_RETRY_AFTER)
    return response


Handler = Any  # Starlette's exception-handler callable; its exact type differs between versions
HANDLERS: dict[int | type[Exception], Handler] = {RequestValidationError: invalid_request,
                                                  StarletteHTTPException: http_error,
                                                  DatabaseUnavailable: database_unavailable}


# --- the OpenAPI schema says so -------------------------------------------------------

_ERROR_REF = {"$ref": "#/components/schemas/ErrorOut"}
_WITH_BODY = ("post", "put", "patch")
_CHANGES = ("post", "put", "patch", "delete")
_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def _error(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ERROR_REF}}}


def document_errors(schema: dict[str, Any], limited: Callable[[str, str], bool]) -> dict[str, Any]:
    """The answers every route can give, in the schema: the 4xx bodies are :class:`ErrorOut` (never FastAPI's
    default validation body), a body that is not JSON text is a 400, a change refused as cross-site a 403,
    a path naming nothing a 404, the rate-limited routes (``limited``: method, path) a 429, and the API's
    routes a 503 when the database does not answer."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components["ErrorOut"] = ErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")
    components.update(components["ErrorOut"].pop("$defs", {}))
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)
    for path, item in schema.get("paths", {}).items():
        for method, op in item.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            responses: dict[str, Any] = op["responses"]
            if "422" in responses:  # FastAPI's own says HTTPValidationError; the app answers ErrorOut
                said = responses["422"].get("description", "Validation Error")
                responses["422"] = _error("invalid input; each error names its field" if said == "Validation Error"
                                          else said)
            if method in _WITH_BODY and "requestBody" in op:
                responses.setdefault("400", _error("the body is not JSON text"))
                responses.setdefault("422", _error("invalid input; each error names its field"))
            if method in _CHANGES:
                responses.setdefault("403", _error("a change without a JSON body or `X-Klaverjas: 1`, or from "
                                                   "another site's page"))
            if "{" in path:
                responses.setdefault("404", _error("no such thing at this path"))
                responses.setdefault("422", _error("invalid input; each error names its field"))
            if limited(method.upper(), path):
                responses.setdefault("429", _error("too many requests of this kind; see Retry-After"))
            if path.startswith("/api/") or path == "/healthz":
                responses.setdefault("503", _error("the database did not answer in time or cannot be reached; "
                                                   "the detail says why; see Retry-After"))
    return schema
