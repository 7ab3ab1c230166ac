"""``klaverjas serve``: run the web app with uvicorn.

uvicorn closes an idle keep-alive connection after ``timeout_keep_alive`` seconds, but waits for ever on a
connection that never finishes its request (a slow client, or a thousand of them holding sockets open).
:func:`timed_protocol` gives each request ``--request-timeout`` seconds from the connection (or the end of
the previous answer) until its last byte has arrived; after that the connection is closed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"port {text!r} is not a number") from None
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"port {value} is outside 1..65535")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"{value:g} s is outside 0..3600")
    return value


def _scale(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value <= 100_000:
        raise argparse.ArgumentTypeError(f"{value:g} is outside 0..100000")
    return value


def _workers(text: str) -> int:
    if not text.isdigit() or int(text) > 64:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes in 0..64")
    return int(text)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("serve", help="run the web app (score keeper) on http://127.0.0.1:8000")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1, this machine only)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    p.add_argument("--db", default=None, metavar="SETTING",
                   help="a SQLite file, or postgresql://user@host:port/dbname for several processes on one "
                        "database (default: $KLAVERJAS_DB, else ./data/klaverjas.db); see docs/deploy.md")
    p.add_argument("--allowed-host", action="append", default=None, metavar="NAME",
                   help="a host name the server answers to (repeat for more; default $KLAVERJAS_ALLOWED_HOSTS, "
                        "else localhost and 127.0.0.1; '*' for any, behind a proxy that checks it)")
    p.add_argument("--keep-alive", type=_seconds, default=5, metavar="SECONDS",
                   help="close an idle connection after this long (default 5)")
    p.add_argument("--request-timeout", type=_seconds, default=10, metavar="SECONDS",
                   help="close a connection whose request has not fully arrived after this long (default 10)")
    p.add_argument("--limit-scale", type=_scale, default=1.0, metavar="FACTOR",
                   help="every rate limit times FACTOR (default 1; more for many people behind one address)")
    p.add_argument("--think-workers", type=_workers, default=None, metavar="N",
                   help="processes for strong and expert computer players, hints and deal reviews (default: the "
                        "cores, at most 4; 0: threads of the server)")
    p.set_defaults(func=serve)


def timed_protocol(request_timeout: float) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol, closing connections whose request is not complete within ``request_timeout``."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class TimedH11Protocol(H11Protocol):
        _request_timer: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            self._disarm()
            self._request_timer = self.loop.call_later(request_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._request_timer is not None:
                self._request_timer.cancel()
                self._request_timer = None

        def _too_slow(self) -> None:
            self._request_timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def handle_events(self) -> None:
            super().handle_events()
            # The request has fully arrived (or the socket became a WebSocket, with its own pings).
            if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY) or self.transport.get_protocol() is not self:
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request on this connection gets the same time

    return TimedH11Protocol


def serve(args: argparse.Namespace) -> int:
    # Imported here so the other subcommands do not pay for FastAPI's import time.
    import uvicorn

    from klaverjas.web import create_app
    from klaverjas.web.app import DatabaseError
    from klaverjas.web.db import default_setting
    from klaverjas.web.limits import Limits

    db = args.db or default_setting()
    try:
        app = create_app(db, hosts=args.allowed_host, limits=Limits().scaled(args.limit_scale),
                         think_workers=args.think_workers)
    except DatabaseError as exc:
        print(f"klaverjas serve: {exc}", file=sys.stderr)
        return 2
    # The CLI contract: one JSON object per line on stdout (a URL's password left out).
    print(json.dumps({"serving": f"http://{args.host}:{args.port}/", "db": app.state.db.label}), flush=True)
    for sheet_id, token in app.state.store.adopted:
        # Sheets from before sheets had owners: their owner links exist only here, once.
        print(json.dumps({"adopted_sheet": sheet_id, "link": f"/keeper#sheet={sheet_id}&token={token}"}),
              flush=True)
    app.state.play.thinker.prestart()  # the workers warm the solver meanwhile, not at the first decision
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", http=timed_protocol(args.request_timeout),
                timeout_keep_alive=int(args.keep_alive) or 1)
    return 0
