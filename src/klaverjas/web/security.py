"""What every request passes before a route sees it, and what every answer carries.

- The Host header must name an allowed host (DNS rebinding: a foreign name resolving to this machine).
- A state-changing request (POST, PUT, PATCH, DELETE) must come with a JSON body or the header
  ``X-Klaverjas: 1``: a cross-site HTML form can send neither without the browser asking first.  The
  routes of one sheet are exempt: they need an ``Authorization`` header, which no form can send either,
  and refuse a request without it (401) before anything changes.  When a change carries an ``Origin``,
  that origin must be this server's own.
- Every answer carries the security headers: a content security policy without inline script, no MIME
  sniffing, no framing, no referrer.

The WebSocket checks its Origin itself (:func:`foreign_origin`, used by the game socket), so a refused
socket gets an error frame rather than a bare close.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Sequence
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from klaverjas.core.texts import Table, entry, phrase_all

from .errors import methods_at

# What the guards in front of the routes say, in every language: a person meets the rate limits on the pages.
GUARD_REFUSALS: Table = {
    "bad_host": entry("This server does not answer to host {host}.", "Deze server antwoordt niet op de naam {host}."),
    "foreign_origin": entry("Requests from {origin} may not change anything here.",
                            "Verzoeken vanaf {origin} mogen hier niets veranderen."),
    "not_json": entry("A change needs a JSON body or the header X-Klaverjas: 1 (a cross-site form can send neither).",
                      "Een wijziging heeft een JSON-body of de header X-Klaverjas: 1 nodig (een formulier van een "
                      "andere site kan geen van beide sturen)."),
    "too_many_codes": entry("Too many wrong table codes or invitations from this address; try again in {seconds} s.",
                            "Te veel verkeerde tafelcodes of uitnodigingen vanaf dit adres; probeer het over "
                            "{seconds} s opnieuw."),
    "too_many_kind": entry("Too many requests of this kind ({kind}) from this address; try again in {seconds} s.",
                           "Te veel verzoeken van deze soort ({kind}) vanaf dit adres; probeer het over {seconds} s "
                           "opnieuw."),
}

HOSTS_ENV = "KLAVERJAS_ALLOWED_HOSTS"
DEFAULT_HOSTS = ("localhost", "127.0.0.1")
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
CSRF_HEADER = "x-klaverjas"
TOKEN_ROUTES = re.compile(r"^/api/sheets/[^/]+")  # every route under it needs Authorization: Bearer

# The pages load their scripts and styles from /static only; the API docs need inline styles (Swagger UI
# and ReDoc set them) and ReDoc a blob worker, never an inline script.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
DOCS_CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; "
            "form-action 'self'; frame-ancestors 'none'")
DOCS_PATHS = ("/docs", "/redoc")
HEADERS = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
           (b"x-frame-options", b"DENY"), (b"cross-origin-opener-policy", b"same-origin")]


def allowed_hosts(given: Iterable[str] | None = None) -> tuple[str, ...]:
    """The host names this server answers to: ``given``, else $KLAVERJAS_ALLOWED_HOSTS (comma-separated),
    else localhost and 127.0.0.1.  ``*`` allows any (behind a proxy that checks the name itself)."""
    names = list(given or []) or [h for h in os.environ.get(HOSTS_ENV, "").split(",") if h.strip()]
    return tuple(h.strip().lower() for h in names) or DEFAULT_HOSTS


def _host_name(host: str) -> str:
    """``example.org`` of ``example.org:8000`` and ``::1`` of ``[::1]:8000``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def host_allowed(host: str | None, allowed: Sequence[str]) -> bool:
    if "*" in allowed:
        return True
    if not host:
        return False
    name = _host_name(host)
    return any(name == a or (a.startswith("*.") and name.endswith(a[1:])) for a in allowed)


def foreign_origin(headers: Headers) -> str | None:
    """The request's Origin when it is not this server's own (scheme-less compare of host and port);
    None when it has none (a program, not a browser) or its own."""
    origin = headers.get("origin")
    if origin is None:
        return None
    if urlsplit(origin).netloc.lower() != headers.get("host", "").lower():
        return origin
    return None


def _routed(scope: Scope) -> bool:
    """Whether a route serves this method at this path (else the app's own 404 or 405 answers it)."""
    return scope["method"] in methods_at(scope["app"], scope["path"])


def _json_type(headers: Headers) -> bool:
    media = headers.get("content-type", "").split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


class SecurityMiddleware:
    """Host, Origin and cross-site checks before the app; the security headers on every answer."""

    def __init__(self, app: ASGIApp, hosts: Sequence[str]) -> None:
        self.app = app
        self.hosts = tuple(hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if not host_allowed(headers.get("host"), self.hosts):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4400})
                return
            await refuse(send, 400, "bad_host", "bad_host", host=repr(headers.get("host")))
            return
        if scope["type"] == "http" and scope["method"] in STATE_CHANGING and _routed(scope):
            origin = foreign_origin(headers)
            if origin is not None:
                await refuse(send, 403, "foreign_origin", "foreign_origin", origin=origin)
                return
            if headers.get(CSRF_HEADER) != "1" and not _json_type(headers) and not TOKEN_ROUTES.match(scope["path"]):
                await refuse(send, 403, "not_json", "not_json")
                return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        csp = DOCS_CSP if scope["path"] in DOCS_PATHS else CSP

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS,
                                      (b"content-security-policy", csp.encode())]
            await send(message)

        await self.app(scope, receive, with_headers)


async def refuse(send: Send, status: int, code: str, key: str, extra: Sequence[tuple[bytes, bytes]] = (),
                 **facts: object) -> None:
    """A 4xx with the app's error body (see :mod:`.errors`), the guard's refusal ``key`` of
    :data:`GUARD_REFUSALS` in every language, sent before any route runs."""
    reason = phrase_all(GUARD_REFUSALS, key, **facts)
    body = json.dumps({"detail": reason["en"], "code": code, "errors": [], "reason": reason}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *HEADERS, (b"content-security-policy", CSP.encode()), *extra]})
    await send({"type": "http.response.body", "body": body})


