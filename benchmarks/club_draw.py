"""The club draw's quality: repeats against their lower bounds, and the time a round takes.

Usage: .venv/bin/python benchmarks/club_draw.py [--seeds 24] [--players 8 12 20 32 60] [--rounds 6]
Prints, per player count, the worst repeats over the seeds after the given number of rounds.
"""

from __future__ import annotations

import argparse
import time

from klaverjas.web.club import Round, draw_individual, quality


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=24)
    parser.add_argument("--players", type=int, nargs="+", default=[8, 12, 20, 32, 60])
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    print("players rounds  partner(bound)  opponent(bound)  byes(bound)  spread  ms/round")
    for n in args.players:
        players = [f"p{i:02d}" for i in range(n)]
        worst = [0, 0, 0, 0, 0, 0, 0]
        start = time.perf_counter()
        for seed in range(1, args.seeds + 1):
            history: list[Round] = []
            for _ in range(args.rounds):
                history.append(draw_individual(players, history, seed))
            q = quality(history)
            figures = [q.partner_repeats, q.partner_bound, q.opponent_repeats, q.opponent_bound, q.bye_repeats,
                       q.bye_bound, q.bye_spread]
            worst = [max(a, b) for a, b in zip(worst, figures, strict=True)]
        ms = 1000 * (time.perf_counter() - start) / (args.seeds * args.rounds)
        print(f"{n:7d} {args.rounds:6d}  {worst[0]:7d}({worst[1]})  {worst[2]:9d}({worst[3]})  "
              f"{worst[4]:7d}({worst[5]})  {worst[6]:6d}  {ms:8.1f}")


if __name__ == "__main__":
    main()
