"""Rate limits: token buckets keyed by client address and by token, in memory.

The buckets live in this process only: behind several worker processes each counts on its own, and a
restart forgets them.  The address is the TCP peer's (a proxy in front would need to pass the client's own;
this app trusts no forwarded-for header).

:class:`RateLimitMiddleware` applies :data:`HTTP_RULES` (method, path pattern → kind of limit) to HTTP
requests; the game socket takes its hint, chat and review tokens from the same :class:`Limiter` and caps the
sockets one address holds open.  A refused request gets 429 with ``Retry-After``; a refused socket message
an error frame with ``retry_after``.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .security import refuse


@dataclass(frozen=True)
class Rate:
    """``burst`` at once, then one more every ``60 / per_minute`` seconds."""

    burst: int
    per_minute: float


@dataclass(frozen=True)
class Limits:
    """Every limit of the app; the defaults leave a person at a table far below them."""

    create: Rate = Rate(40, 20)  # new games, tables and sheets
    join: Rate = Rate(30, 30)  # taking a seat at a table
    lookup: Rate = Rate(60, 60)  # reading a table by its code
    wrong_code: Rate = Rate(15, 10)  # a code that names no table (guessing)
    review: Rate = Rate(60, 60)  # deal reviews (the solver, cached per deal; the page polls)
    hint: Rate = Rate(20, 20)  # hints (the solver)
    chat: Rate = Rate(20, 30)  # table chat, on top of the table's own 5 in 10 s
    sockets: int = 40  # sockets open at once from one address

    def scaled(self, factor: float) -> Limits:
        """Every limit times ``factor`` (tests that legitimately make many requests)."""
        scaled = {f.name: Rate(max(1, round(r.burst * factor)), r.per_minute * factor)
                  for f in fields(self) if isinstance(r := getattr(self, f.name), Rate)}
        return replace(self, **scaled, sockets=max(1, round(self.sockets * factor)))


@dataclass
class _Bucket:
    tokens: float
    stamp: float


@dataclass
class Limiter:
    """Token buckets per (kind, key); ``take`` answers 0 when allowed, else the seconds to wait."""

    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = time.monotonic
    max_buckets: int = 50_000  # beyond this, full buckets are forgotten (they hold no information)
    _buckets: dict[tuple[str, str], _Bucket] = field(default_factory=dict)
    _sockets: dict[str, int] = field(default_factory=dict)

    def _bucket(self, kind: str, key: str, rate: Rate) -> _Bucket:
        now = self.clock()
        bucket = self._buckets.get((kind, key))
        if bucket is None:
            if len(self._buckets) >= self.max_buckets:
                self._forget_full(now)
            bucket = self._buckets[(kind, key)] = _Bucket(float(rate.burst), now)
        else:
            bucket.tokens = min(float(rate.burst), bucket.tokens + (now - bucket.stamp) * rate.per_minute / 60)
            bucket.stamp = now
        return bucket

    def _forget_full(self, now: float) -> None:
        for key, bucket in list(self._buckets.items()):
            rate: Rate = getattr(self.limits, key[0])
            if bucket.tokens + (now - bucket.stamp) * rate.per_minute / 60 >= rate.burst:
                del self._buckets[key]

    def wait(self, kind: str, key: str) -> float:
        """Seconds until the bucket has a token (0: it has one now); takes nothing."""
        rate: Rate = getattr(self.limits, kind)
        bucket = self._bucket(kind, key, rate)
        return 0.0 if bucket.tokens >= 1 else (1 - bucket.tokens) * 60 / rate.per_minute

    def take(self, kind: str, *keys: str) -> float:
        """Take one token from each key's bucket of ``kind`` (address, token); when any is empty, take
        none and answer the seconds to wait."""
        rate: Rate = getattr(self.limits, kind)
        buckets = [self._bucket(kind, key, rate) for key in keys]
        if any(b.tokens < 1 for b in buckets):
            return max((1 - b.tokens) * 60 / rate.per_minute for b in buckets if b.tokens < 1)
        for bucket in buckets:
            bucket.tokens -= 1
        return 0.0

    def spend(self, kind: str, key: str) -> None:
        """Take a token after the fact (a wrong code is known only from the answer); may go below zero."""
        rate: Rate = getattr(self.limits, kind)
        self._bucket(kind, key, rate).tokens -= 1

    def open_socket(self, address: str) -> bool:
        """Count a socket for ``address``; False (and not counted) when it already holds the most."""
        if self._sockets.get(address, 0) >= self.limits.sockets:
            return False
        self._sockets[address] = self._sockets.get(address, 0) + 1
        return True

    def close_socket(self, address: str) -> None:
        left = self._sockets.get(address, 0) - 1
        if left > 0:
            self._sockets[address] = left
        else:
            self._sockets.pop(address, None)


def retry_after(seconds: float) -> int:
    """Whole seconds for a Retry-After header (at least 1)."""
    return max(1, math.ceil(seconds))


# HTTP requests that cost something, by method and path; the first match wins.
HTTP_RULES: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("POST", re.compile(r"^/api/(play|tables|sheets)/?$|^/api/play/[^/]+/again$"), "create"),
    ("POST", re.compile(r"^/api/tables/[^/]+/(join|invitation)$"), "join"),
    ("GET", re.compile(r"^/api/tables/[^/]+$"), "lookup"),
    ("GET", re.compile(r"^/api/play/[^/]+/review/[^/]+$"), "review"),
)
# Paths whose 404 means a wrong code, and whose 403 a wrong invitation: each spends a token of the ``wrong_code``
# bucket.
GUESSES = re.compile(r"^/api/tables/[^/]+(/join|/invitation)?$")


def is_limited(method: str, path: str) -> bool:
    """Whether requests of ``method`` to ``path`` (a request's, or a route's like /api/tables/{code}) can
    be refused with 429."""
    return any(m == method and pattern.match(path) for m, pattern, _ in HTTP_RULES) or (
        method in ("GET", "POST") and GUESSES.match(path) is not None)


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def request_token(scope: Scope) -> str | None:
    """The caller's token: ``Authorization: Bearer`` (sheets) or ``?token=`` (seats)."""
    auth = Headers(scope=scope).get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()[:200] or None
    for part in scope.get("query_string", b"").decode("latin-1").split("&"):
        if part.startswith("token="):
            return part[6:][:200] or None
    return None


def keys_of(address: str, token: str | None) -> tuple[str, ...]:
    return (f"ip:{address}",) if token is None else (f"ip:{address}", f"token:{token}")


class RateLimitMiddleware:
    """:data:`HTTP_RULES` over the app's HTTP requests (the limiter is ``app.state.limiter``)."""

    def __init__(self, app: ASGIApp, limiter: Limiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        method, path = scope["method"], scope["path"]
        address = client_address(scope)
        guess = method in ("GET", "POST") and GUESSES.match(path) is not None
        if guess:
            wait = self.limiter.wait("wrong_code", f"ip:{address}")
            if wait:
                await _too_many(send, wait, "too_many_codes")
                return
        kind = next((k for m, pattern, k in HTTP_RULES if m == method and pattern.match(path)), None)
        if kind is not None:
            wait = self.limiter.take(kind, *keys_of(address, request_token(scope)))
            if wait:
                await _too_many(send, wait, "too_many_kind", kind=kind)
                return
        if not guess:
            await self.app(scope, receive, send)
            return

        async def watch(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] in (403, 404):
                self.limiter.spend("wrong_code", f"ip:{address}")
            await send(message)

        await self.app(scope, receive, watch)


async def _too_many(send: Send, wait: float, key: str, **facts: object) -> None:
    seconds = retry_after(wait)
    await refuse(send, 429, "rate_limited", key, [(b"retry-after", str(seconds).encode())], seconds=seconds, **facts)
