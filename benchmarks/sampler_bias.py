"""How far each way of dealing the hidden cards is from every consistent deal alike likely.

    .venv/bin/python benchmarks/sampler_bias.py [--rules rotterdam] [--deals 20] [--draws 4000]

Plays seeded deals with the basic level in every seat and, at every card decision after the first trick,
draws ``--draws`` deals of the hidden cards two ways: the strong player's (``sampling.deal_hidden``, every
deal meeting the hard constraints alike likely) and the reference opponents' (``playouts.determinize``: the
most constrained cards first, each to a seat by the room it has left, as strong drew them until 2026-12-06).
Each way's share of draws giving card c to seat s is compared with the exact share, counted here directly
(a product of binomials per group of cards the same seats may hold, summed over the groups' splits).  Prints
per trick the mean of each view's largest deviation and the share of views with one above 0.05, 0.08 and
0.12 (a share of ``--draws`` draws is off by about 0.008 by chance, the largest of a view's some 60 by 0.03).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np  # noqa: E402

from klaverjas.bots.arena import play_deal  # noqa: E402
from klaverjas.bots.basic import BasicBot  # noqa: E402
from klaverjas.bots.sampling import deal_hidden  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import Rules, cards_of  # noqa: E402
from klaverjas.solver import playouts  # noqa: E402

THRESHOLDS = (0.05, 0.08, 0.12)


class Recorder(BasicBot):
    """The basic level, keeping every card decision's view."""

    def __init__(self, views: list[View]):
        super().__init__()
        self.views = views

    def card(self, view: View) -> int:
        self.views.append(view)
        return super().card(view)


def deals_filling(groups: list[tuple[int, tuple[int, ...]]], need: tuple[int, ...]) -> int:
    """The deals giving each group's cards (size, the seats that may hold them) to seats needing ``need``."""
    if not groups:
        return 0 if any(need) else 1
    (size, seats), rest = groups[0], groups[1:]
    total = 0

    def split(j: int, left: int, needs: list[int], ways: int) -> None:
        nonlocal total
        k = seats[j]
        if j == len(seats) - 1:
            if left <= needs[k]:
                needs[k] -= left
                total += ways * deals_filling(rest, tuple(needs))
                needs[k] += left
            return
        for a in range(min(left, needs[k]) + 1):
            needs[k] -= a
            split(j + 1, left - a, needs, ways * math.comb(left, a))
            needs[k] += a

    split(0, size, list(need), 1)
    return total


def exact_shares(view: View) -> dict[tuple[int, int], float]:
    """Per (card, seat) the share of the consistent deals that give the card to the seat."""
    others = [s for s in range(4) if s != view.seat]
    need = tuple(view.hand_size(s) for s in others)
    allowed = [view.may_hold(s) for s in others]
    kind = {c: tuple(k for k in range(3) if allowed[k] >> c & 1) for c in cards_of(view.unseen)}
    sizes = Counter(kind.values())
    groups = [(n, seats) for seats, n in sorted(sizes.items())]
    total = deals_filling(groups, need)
    out = {}
    for c, seats in kind.items():
        fewer = [(n - (1 if g == seats else 0), g) for n, g in groups]
        for k in range(3):
            if k not in seats:
                out[c, others[k]] = 0.0
                continue
            left = list(need)
            left[k] -= 1
            out[c, others[k]] = deals_filling(fewer, tuple(left)) / total
    return out


def compiled_draws(view: View, draws: int) -> Counter[tuple[int, int]]:
    allowed = np.array([view.may_hold(s) for s in range(4)], dtype=np.int64)
    need = np.array([view.hand_size(s) for s in range(4)], dtype=np.int64)
    hands = np.zeros(playouts.S_SIZE, dtype=np.int64)
    cards = np.zeros(32, dtype=np.int64)
    order = np.zeros(32, dtype=np.int64)
    keys = np.zeros(32, dtype=np.float64)
    seen: Counter[tuple[int, int]] = Counter()
    for _ in range(draws):
        if not playouts.determinize(hands, view.seat, allowed, need, cards, order, keys, 200):
            raise SystemExit("the reference opponents' draw found no deal")
        for s in range(4):
            if s != view.seat:
                for c in cards_of(int(hands[s])):
                    seen[c, s] += 1
    return seen


def uniform_draws(view: View, draws: int, rng: random.Random) -> Counter[tuple[int, int]]:
    seen: Counter[tuple[int, int]] = Counter()
    for _ in range(draws):
        hands = deal_hidden(view, rng)
        if hands is None:
            raise SystemExit("deal_hidden found no deal")
        for s in range(4):
            if s != view.seat:
                for c in cards_of(hands[s]):
                    seen[c, s] += 1
    return seen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="rotterdam")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--draws", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.deals < 1 or args.draws < 100:
        ap.error(f"--deals must be at least 1 and --draws at least 100, not {args.deals} and {args.draws}")
    try:
        rules = Rules.parse(args.rules)
    except ValueError as exc:
        ap.error(f"--rules: {exc}")
    views: list[View] = []
    bots = [Recorder(views) for _ in range(4)]
    for d in range(args.deals):
        play_deal(rules, d % 4, f"sampler-bias:{args.seed}:{d}", bots)
    rng = random.Random(args.seed)
    playouts.seed(args.seed)
    largest: dict[str, dict[int, list[float]]] = {"uniform": defaultdict(list), "reference": defaultdict(list)}
    for view in views:
        if not view.tricks or view.unseen == 0:
            continue
        exact = exact_shares(view)
        for way, seen in (("uniform", uniform_draws(view, args.draws, rng)),
                          ("reference", compiled_draws(view, args.draws))):
            largest[way][len(view.tricks)].append(max(abs(seen[k] / args.draws - p) for k, p in exact.items()))
    print(f"{args.rules}, {args.deals} deals of the basic level, {args.draws} draws a view")
    print("| tricks played | views | way | mean largest deviation | " + " | ".join(f"> {t}" for t in THRESHOLDS) + " |")
    print("|---|---|---|---|" + "---|" * len(THRESHOLDS))
    for trick in sorted(largest["uniform"]):
        for way in ("reference", "uniform"):
            xs = largest[way][trick]
            shares = " | ".join(f"{sum(x > t for x in xs) / len(xs):.0%}" for t in THRESHOLDS)
            print(f"| {trick} | {len(xs)} | {way} | {sum(xs) / len(xs):.3f} | {shares} |")


if __name__ == "__main__":
    main()
