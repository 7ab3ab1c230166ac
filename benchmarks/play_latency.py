"""How fast the server answers a human card: from sending it to receiving the update that places it.

Starts the app on 127.0.0.1 in a subprocess (a fresh SQLite file), plays whole deals against
random computer players at pace 0 through a WebSocket, and prints p50/p95/max in ms.
Bot thinking is excluded: the clock stops at the first update, which the server sends
before any computer player moves.

It then times the computer players' decisions in-process, per level: ``decide`` alone and
``explain`` (the decision with its reason, what the server asks), on the same views, so the cost
of saying why shows as the difference; and the round trip of ``explain`` through a thread and through
the thinking pool's worker (klaverjas.web.thinking), which says where each level is better off.

    python benchmarks/play_latency.py --deals 8 --bot-deals 3
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


async def play(url: str, deals: int) -> list[float]:
    body = json.dumps({"pace": 0, "seed": 1, "levels": ["random", "random", "random"]}).encode()
    request = urllib.request.Request(f"http://{url}/api/play", body, {"Content-Type": "application/json"})
    game = json.loads(urllib.request.urlopen(request).read())
    latencies: list[float] = []
    async with websockets.connect(f"ws://{url}/ws/play/{game['id']}?token={game['token']}") as ws:
        state = json.loads(await ws.recv())["state"]
        finished = 0
        while finished < deals:
            while not (state["to_move"] == "S" or state["phase"] in ("deal_over", "match_over")):
                state = json.loads(await ws.recv())["state"]
            if state["phase"] == "match_over":
                break
            if state["phase"] == "deal_over":
                finished += 1
                await ws.send(json.dumps({"type": "next"}))
            elif state["phase"] == "trump":
                await ws.send(json.dumps({"type": "trump", **state["options"][0]}))
            else:
                card = state["legal"][0]
                start = time.perf_counter()
                await ws.send(json.dumps({"type": "card", "card": card}))
                while True:
                    frame = json.loads(await ws.recv())
                    if frame["type"] == "update" and any(e.get("card") == card for e in frame["events"]):
                        latencies.append((time.perf_counter() - start) * 1000)
                        break
                state = frame["state"]
                continue
            state = json.loads(await ws.recv())["state"]
    return latencies


def decision_times(level: str, deals: int) -> dict[str, float]:
    """Milliseconds per decision of ``level``: decide, then explain, on every view of ``deals`` deals."""
    import random

    from klaverjas.bots import View
    from klaverjas.core import Deal, Rules
    from klaverjas.web.play.game import make_bot

    decide: list[float] = []
    explain: list[float] = []
    for index in range(deals):
        rng = random.Random(index)
        deal = Deal.new(Rules.parse("amsterdam"), index % 4, rng)
        bots = [make_bot(level, 4 * index + s) for s in range(4)]
        twins = [make_bot(level, 4 * index + s) for s in range(4)]
        while not deal.is_over:
            seat = deal.selection.to_move if not deal.selection.done else deal.turn
            assert seat is not None
            view = View.of(deal, seat)
            start = time.perf_counter()
            action = bots[seat].decide(view)
            decide.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            twins[seat].explain(view)
            explain.append((time.perf_counter() - start) * 1000)
            deal.choose_trump(action) if not deal.selection.done else deal.play(action)  # type: ignore[arg-type]
    decide.sort()
    explain.sort()
    return {"decisions": len(decide), "decide_p50_ms": round(statistics.median(decide), 2),
            "decide_p95_ms": round(p95(decide), 2), "explain_p50_ms": round(statistics.median(explain), 2),
            "explain_p95_ms": round(p95(explain), 2)}


def round_trips(level: str, deals: int) -> dict[str, float]:
    """Milliseconds per ``explain`` of ``level`` on the views of ``deals`` deals: through a thread of this
    process and through a worker of the thinking pool (the bot and its state there and back)."""
    import random

    from klaverjas.bots import View
    from klaverjas.core import Deal, Rules
    from klaverjas.web.play.game import make_bot
    from klaverjas.web.thinking import Thinker, explain_in_worker, portable

    async def measure(thinker: Thinker) -> tuple[list[float], list[float]]:
        thread: list[float] = []
        pool: list[float] = []
        for index in range(deals):
            deal = Deal.new(Rules.parse("amsterdam"), index % 4, random.Random(index))
            bot = make_bot(level, index)
            while not deal.is_over:
                seat = deal.selection.to_move if not deal.selection.done else deal.turn
                assert seat is not None
                view = View.of(deal, seat)
                start = time.perf_counter()
                action, _ = await asyncio.to_thread(bot.explain, view)
                thread.append((time.perf_counter() - start) * 1000)
                start = time.perf_counter()
                await thinker._run(explain_in_worker, portable(bot), view)
                pool.append((time.perf_counter() - start) * 1000)
                deal.choose_trump(action) if not deal.selection.done else deal.play(action)  # type: ignore[arg-type]
        return sorted(thread), sorted(pool)

    thinker = Thinker(1)
    thinker.prestart(wait=True)
    try:
        thread, pool = asyncio.run(measure(thinker))
    finally:
        thinker.stop()
    return {"thread_p50_ms": round(statistics.median(thread), 2), "pool_p50_ms": round(statistics.median(pool), 2),
            "thread_p95_ms": round(p95(thread), 2), "pool_p95_ms": round(p95(pool), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--bot-deals", type=int, default=3, help="deals per level for the decision times (0: none)")
    args = parser.parse_args()
    with served() as url:
        latencies = asyncio.run(play(url, args.deals))
    latencies.sort()
    print(json.dumps({"cards": len(latencies), "p50_ms": round(statistics.median(latencies), 2),
                      "p95_ms": round(p95(latencies), 2), "max_ms": round(latencies[-1], 2)}))
    if args.bot_deals:
        for level in ("random", "basic", "strong"):
            print(json.dumps({"level": level, **decision_times(level, args.bot_deals),
                              **round_trips(level, args.bot_deals)}))


if __name__ == "__main__":
    main()
