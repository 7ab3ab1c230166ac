"""Many tables at once: each with one WebSocket client playing and three computer players.

Starts the app on 127.0.0.1 in a subprocess on a fresh SQLite file, opens ``--tables`` games
(random computer players at ``--pace`` seconds a card), and lets one client per table play
its cards as soon as it may, for ``--seconds``.  Prints the round trip of the human moves:
from sending a card to receiving the update that places it.

    python benchmarks/load.py --tables 300 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
import urllib.request
from pathlib import Path

import websockets

# The helper module by its package name, as every benchmark imports its siblings.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.server_process import p95, served  # noqa: E402


async def create(url: str, pace: float, seed: int) -> dict[str, str]:
    body = json.dumps({"pace": pace, "seed": seed, "levels": ["random", "random", "random"]}).encode()
    request = urllib.request.Request(f"http://{url}/api/play", body, {"Content-Type": "application/json"})
    game: dict[str, str] = json.loads(await asyncio.to_thread(lambda: urllib.request.urlopen(request).read()))
    return game


async def player(url: str, game: dict[str, str], until: float, latencies: list[float], errors: list[str]) -> None:
    try:
        async with websockets.connect(f"ws://{url}/ws/play/{game['id']}?token={game['token']}",
                                      max_size=2**22) as ws:
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


async def run(url: str, tables: int, seconds: float, pace: float) -> dict[str, object]:
    games = []
    for i in range(0, tables, 20):
        games += await asyncio.gather(*(create(url, pace, seed) for seed in range(i, min(tables, i + 20))))
    latencies: list[float] = []
    errors: list[str] = []
    until = time.monotonic() + seconds
    await asyncio.gather(*(player(url, g, until, latencies, errors) for g in games))
    latencies.sort()
    high = p95(latencies) if latencies else None
    return {"tables": tables, "seconds": seconds, "bot_pace_s": pace, "human_moves": len(latencies),
            "p50_ms": round(statistics.median(latencies), 1) if latencies else None,
            "p95_ms": None if high is None else round(high, 1),
            "max_ms": round(latencies[-1], 1) if latencies else None,
            "errors": len(errors), "first_error": errors[0] if errors else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds a computer player takes per card")
    args = parser.parse_args()
    with served() as url:
        result = asyncio.run(run(url, args.tables, args.seconds, args.pace))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
