"""Many tables at once: each with one WebSocket client playing and three computer players.

Starts ``--servers`` app processes on 127.0.0.1 on one database (``--db``: a SQLite file, a
``postgresql://`` URL, or ``postgresql-throwaway`` for a fresh cluster from tests/postgres.py; default a
fresh SQLite file), opens ``--tables`` games spread round-robin over the servers (computer players of
``--levels`` at ``--pace`` seconds a card), and lets one client per table, connected to its table's
server, play its cards as soon as it may, for ``--seconds``.  Prints the round trip of the human moves:
from sending a card to receiving the update that places it; how late the client's own loop woke
(``client_lag_p95_ms``: that much of a round trip is the client's, not the servers'); and the load
average before and after (the machine's other work counts in the figures).

    python benchmarks/load.py --tables 1000 --levels basic,basic,basic --pace 1.0 --seconds 60
    python benchmarks/load.py --tables 100 --levels strong,strong,strong --seconds 45 --think-workers 0
    python benchmarks/load.py --servers 3 --db postgresql-throwaway --tables 1000
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import websockets

# The helper modules by their package names, as every benchmark imports its siblings.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.server_process import p95, servers  # noqa: E402

LEVELS = ("random", "basic", "strong", "expert")
THROWAWAY = "postgresql-throwaway"


async def create(url: str, pace: float, seed: int, levels: list[str]) -> dict[str, str]:
    body = json.dumps({"pace": pace, "seed": seed, "levels": levels}).encode()
    request = urllib.request.Request(f"http://{url}/api/play", body, {"Content-Type": "application/json"})
    game: dict[str, str] = json.loads(await asyncio.to_thread(lambda: urllib.request.urlopen(request).read()))
    return {**game, "server": url}


async def player(game: dict[str, str], until: float, latencies: list[float], errors: list[str]) -> None:
    try:
        async with websockets.connect(f"ws://{game['server']}/ws/play/{game['id']}?token={game['token']}",
                                      max_size=2**22, open_timeout=60) as ws:
            state = json.loads(await ws.recv())["state"]
            while time.monotonic() < until:
                if state["phase"] == "match_over":
                    return
                if state["phase"] == "deal_over":
                    await ws.send(json.dumps({"type": "next"}))
                elif state.get("to_move") == "S" and state["phase"] == "trump":
                    await ws.send(json.dumps({"type": "trump", **state["options"][0]}))
                elif state.get("to_move") == "S" and state["phase"] == "play":
                    card = state["legal"][0]
                    start = time.monotonic()
                    await ws.send(json.dumps({"type": "card", "card": card}))
                    while True:
                        frame = json.loads(await ws.recv())
                        if frame["type"] == "update" and any(e.get("card") == card for e in frame["events"]):
                            latencies.append((time.monotonic() - start) * 1000)
                            state = frame["state"]
                            break
                    continue
                frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic())))
                if frame["type"] == "error":
                    errors.append(frame["message"])
                if "state" in frame:
                    state = frame["state"]
    except TimeoutError:
        return
    except Exception as exc:  # a dropped connection counts against the server
        errors.append(repr(exc))


async def lag(until: float, lags: list[float], every: float = 0.05) -> None:
    """How late this client's own loop wakes up: that much of a round trip is the client's, not the server's."""
    while time.monotonic() < until:
        start = time.monotonic()
        await asyncio.sleep(every)
        lags.append((time.monotonic() - start - every) * 1000)


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


async def run(hosts: list[str], tables: int, seconds: float, pace: float, levels: list[str]) -> dict[str, Any]:
    games: list[dict[str, str]] = []
    for i in range(0, tables, 20):
        games += await asyncio.gather(*(create(hosts[seed % len(hosts)], pace, seed, levels)
                                        for seed in range(i, min(tables, i + 20))))
    latencies: list[float] = []
    errors: list[str] = []
    lags: list[float] = []
    load_before = loadavg()
    until = time.monotonic() + seconds
    await asyncio.gather(lag(until, lags), *(player(g, until, latencies, errors) for g in games))
    latencies.sort()
    lags.sort()
    high = p95(latencies) if latencies else None
    return {"tables": tables, "servers": len(hosts), "levels": ",".join(levels), "seconds": seconds,
            "bot_pace_s": pace, "human_moves": len(latencies),
            "p50_ms": round(statistics.median(latencies), 1) if latencies else None,
            "p95_ms": None if high is None else round(high, 1),
            "max_ms": round(latencies[-1], 1) if latencies else None,
            "errors": len(errors), "first_error": errors[0] if errors else None,
            "client_lag_p95_ms": round(p95(lags), 1) if lags else None,
            "loadavg_before": load_before, "loadavg_after": loadavg()}


@contextlib.contextmanager
def database(setting: str | None) -> Iterator[str]:
    """The database the servers share: ``setting`` itself, a fresh cluster, or a fresh SQLite file."""
    if setting == THROWAWAY:
        from tests.postgres import throwaway_postgres

        with throwaway_postgres("klaverjas_load") as url:
            yield url
    elif setting:
        yield setting
    else:
        with tempfile.TemporaryDirectory() as tmp:
            yield str(Path(tmp) / "bench.db")


def level_list(text: str) -> list[str]:
    levels = [level.strip() for level in text.split(",")]
    if len(levels) != 3 or any(level not in LEVELS for level in levels):
        raise argparse.ArgumentTypeError(f"{text!r}: three levels out of {', '.join(LEVELS)}, comma-separated")
    return levels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds a computer player takes per card")
    parser.add_argument("--levels", type=level_list, default=["random", "random", "random"],
                        help="the three computer players' levels, e.g. basic,basic,basic (default random)")
    parser.add_argument("--servers", type=int, default=1, help="server processes, tables spread round-robin")
    parser.add_argument("--port", type=int, default=0, help="the first server's port, the others after it "
                                                            "(default: free ports)")
    parser.add_argument("--db", default=None, help=f"SQLite file or postgresql:// URL the servers share; "
                                                   f"{THROWAWAY}: a fresh cluster (default: a fresh SQLite file)")
    parser.add_argument("--connect", default=None, metavar="HOST:PORT,...",
                        help="play on servers already running (other machines, a profiled server) instead")
    parser.add_argument("--think-workers", type=int, default=None,
                        help="each server's thinking processes (default the server's; 0: threads)")
    args = parser.parse_args()
    if args.servers < 1 or args.tables < 1:
        parser.error("--servers and --tables need at least 1")
    extra = [] if args.think_workers is None else ["--think-workers", str(args.think_workers)]
    if args.connect:
        result = asyncio.run(run(args.connect.split(","), args.tables, args.seconds, args.pace, args.levels))
        print(json.dumps(result))
        return
    with database(args.db) as db, servers(args.servers, db, extra, args.port) as hosts:
        result = asyncio.run(run(hosts, args.tables, args.seconds, args.pace, args.levels))
    result["think_workers"] = "default" if args.think_workers is None else args.think_workers
    result["db"] = "postgresql" if db.startswith("postgresql") else "sqlite"
    print(json.dumps(result))


if __name__ == "__main__":
    main()
