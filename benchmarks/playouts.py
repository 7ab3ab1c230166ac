"""Random legal deals per second with the pure-Python core.

Each deal: deal the cards, choose trump with random decisions in the variant's
mode, compute the legal cards before every play, play a random legal card,
complete the tricks with roem, and score the deal.

    python benchmarks/playouts.py --deals 20000 --rules amsterdam [--jobs 2]

With ``--jobs N`` the deals are split over N processes (this machine has two
cores); the figure is wall-clock time for all of them.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import time

from klaverjas.core import Deal, Rules


def play_random_deal(rules: Rules, dealer: int, rng: random.Random) -> Deal:
    deal = Deal.new(rules, dealer, rng)
    selection = deal.selection
    while not selection.done:
        options = selection.options()
        deal.choose_trump(options[int(rng.random() * len(options))])
    deal.playout(rng)
    deal.score()
    return deal


def play_many(job: tuple[str, int, int]) -> int:
    rules_text, deals, seed = job
    rules = Rules.parse(rules_text)
    rng = random.Random(seed)
    for i in range(deals):
        play_random_deal(rules, i % 4, rng)
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--rules", default="amsterdam")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes to spread the deals over")
    args = parser.parse_args()
    Rules.parse(args.rules)  # fail early on bad rules
    share = [args.deals // args.jobs + (1 if j < args.deals % args.jobs else 0) for j in range(args.jobs)]
    jobs = [(args.rules, n, args.seed * 1000 + j) for j, n in enumerate(share)]
    start = time.perf_counter()
    if args.jobs == 1:
        play_many(jobs[0])
    else:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            pool.map(play_many, jobs)
    seconds = time.perf_counter() - start
    print(json.dumps({"deals": args.deals, "rules": args.rules, "jobs": args.jobs, "seconds": round(seconds, 3),
                      "deals_per_s": round(args.deals / seconds)}))


if __name__ == "__main__":
    main()
