"""Decision time per bot level: milliseconds per trump, card and claim decision.

Each level plays ``--deals`` deals at all four seats (the arena's own deal loop,
so the figures include building the view a bot gets).  Card decisions are what
the budget in docs/bots.md is about (strong: median <= 100 ms).

    python benchmarks/bots.py --deals 50 --rules rotterdam [--levels random,basic,strong] [--json]

Single process: decision times are per decision, not throughput.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from klaverjas.bots.arena import Timings, levels, play_deal
from klaverjas.core import Rules


def bench(level: str, rules: Rules, deals: int, seed: int) -> dict[str, object]:
    bot = levels()[level]()
    timings = Timings()
    extra: dict[str, object] = {}
    start = time.perf_counter()
    try:
        for i in range(deals):
            bot.reseed(seed * 100003 + i)
            play_deal(rules, i % 4, f"bench:{seed}:{i}", [bot] * 4, [timings] * 4)
    finally:
        bot.close()
    searched = getattr(bot, "searched", None)
    if searched:  # strong: the card decisions it searched (not the ones the rules of thumb made)
        ms = sorted(x for x, _ in searched)
        extra["searched"] = {"n": len(ms), "median_ms": round(statistics.median(ms), 3),
                             "mean_ms": round(statistics.fmean(ms), 3),
                             "median_samples": statistics.median(n for _, n in searched)}
    return {"level": level, "deals": deals, "seconds": round(time.perf_counter() - start, 2), **timings.summary(),
            **extra}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--rules", default="rotterdam")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(levels()), help="comma-separated levels")
    parser.add_argument("--json", action="store_true", help="one JSON object per level")
    args = parser.parse_args()
    rules = Rules.parse(args.rules)
    for level in args.levels.split(","):
        if level not in levels():
            parser.error(f"unknown level {level!r}: expected {', '.join(levels())}")
    for level in args.levels.split(","):
        result = bench(level, rules, args.deals, args.seed)
        if args.json:
            print(json.dumps(result))
            continue
        card = result.get("play")
        trump = result.get("trump")
        assert isinstance(card, dict) and isinstance(trump, dict)
        print(f"{level:>7}: card median {card['median_ms']:8.3f} ms  mean {card['mean_ms']:8.3f}  "
              f"max {card['max_ms']:8.1f}  | trump mean {trump['mean_ms']:7.3f} ms  | "
              f"{result['decisions']} decisions in {result['seconds']} s")
        searched = result.get("searched")
        if isinstance(searched, dict):
            print(f"{'':>7}  searched card decisions: {searched['n']}, median {searched['median_ms']:.1f} ms, "
                  f"mean {searched['mean_ms']:.1f} ms, median {searched['median_samples']} samples")


if __name__ == "__main__":
    main()
