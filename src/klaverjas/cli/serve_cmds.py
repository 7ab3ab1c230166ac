"""``klaverjas serve``: run the web app (score keeper) with uvicorn."""

from __future__ import annotations

import argparse
import json
from typing import Any


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"port {text!r} is not a number") from None
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"port {value} is outside 1..65535")
    return value


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("serve", help="run the web app (score keeper) on http://127.0.0.1:8000")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1, this machine only)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    p.add_argument("--db", default=None, help="SQLite file (default: $KLAVERJAS_DB or ./data/klaverjas.db)")
    p.set_defaults(func=serve)


def serve(args: argparse.Namespace) -> int:
    # Imported here so the other subcommands do not pay for FastAPI's import time.
    import uvicorn

    from klaverjas.web import create_app, default_db_path

    db = args.db or str(default_db_path())
    app = create_app(db)
    # The CLI contract: one JSON object per line on stdout.
    print(json.dumps({"serving": f"http://{args.host}:{args.port}/", "db": db}), flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
