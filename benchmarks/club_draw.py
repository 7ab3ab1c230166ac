"""The club draw's quality: repeats against their lower bounds, and the time a round takes.

Usage: .venv/bin/python benchmarks/club_draw.py [--seeds 24] [--players 8 12 20 32 60] [--rounds 6]
                                                [--pairs 4 8 15 30] [--movement circle|mitchell]
Prints, per player count, the worst repeats over the seeds after the given number of rounds; with
``--pairs``, per pair count, the worst opponent repeats of a pairs evening of min(rounds, tables) rounds
by the chosen movement, against the counting bound.
"""

from __future__ import annotations

import argparse
import time

from klaverjas.web.club import Round, draw_individual, draw_pairs, quality


def individual(args: argparse.Namespace) -> None:
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


def pairs(args: argparse.Namespace) -> None:
    print(f"pairs rounds  opponent(bound)  byes(bound)  ({args.movement})")
    for n in args.pairs:
        names = [f"pair {i:02d}" for i in range(n)]
        rounds = min(args.rounds, (n + 1) // 2) if args.movement == "mitchell" else args.rounds
        worst = [0, 0, 0, 0]
        for seed in range(1, args.seeds + 1):
            history: list[Round] = []
            for _ in range(rounds):
                history.append(draw_pairs(names, history, seed, movement=args.movement))
            q = quality(history)
            figures = [q.opponent_repeats, q.opponent_bound, q.bye_repeats, q.bye_bound]
            worst = [max(a, b) for a, b in zip(worst, figures, strict=True)]
        print(f"{n:5d} {rounds:6d}  {worst[0]:9d}({worst[1]})  {worst[2]:7d}({worst[3]})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=24)
    parser.add_argument("--players", type=int, nargs="+", default=[8, 12, 20, 32, 60])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--pairs", type=int, nargs="+", default=None)
    parser.add_argument("--movement", choices=["circle", "mitchell"], default="circle")
    args = parser.parse_args()
    if args.pairs:
        pairs(args)
    else:
        individual(args)


if __name__ == "__main__":
    main()
