"""Trump decisions by simulation against the fitted model, valued double-dummy on the real deals.

For every hand of seeded Rotterdam deals: the fitted model's estimate of each suit as trump, and the mean
over ``--samples`` deals of the other 24 cards of the double-dummy result with that suit (the fitter's
target: the makers' points margin, or nat), then what the decisions are worth on the real deal as
``tools/fit_bidding.py`` values its held-out half (the chosen suit's double-dummy result; a pass worth 40):

    .venv/bin/python benchmarks/trump_simulation.py --deals 44 --samples 12 --seed 99
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the siblings by their package name

from benchmarks.paired import interval  # noqa: E402

from klaverjas.bots.bidding import model, place_of  # noqa: E402
from klaverjas.core import Deal, Rules  # noqa: E402
from klaverjas.core.seats import step_of  # noqa: E402
from klaverjas.solver import Position, Solver  # noqa: E402

PASS_VALUE = 40.0


def worth(estimates: list[list[float]], results: list[list[float]]) -> list[float]:
    """Per hand: the real result of the suit with the best estimate when above the pass value, else a pass."""
    out = []
    for est, res in zip(estimates, results, strict=True):
        best = max(range(4), key=lambda s: est[s])
        out.append(res[best] if est[best] > PASS_VALUE else PASS_VALUE)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=44)
    ap.add_argument("--samples", type=int, default=12, help="deals of the other cards a hand")
    ap.add_argument("--seed", type=int, default=99)
    args = ap.parse_args()
    if args.deals < 1 or args.samples < 1:
        ap.error("--deals and --samples must be at least 1")
    rules = Rules.parse("rotterdam")
    nat = -float(rules.total)
    solver = Solver()
    fitted = model()

    def result(hands: tuple[int, int, int, int], leader: int, suit: int, seat: int) -> float:
        margin = solver.value(Position(rules, suit, leader & 1, hands, leader), "points") * (1 if seat % 2 == 0 else -1)
        return float(margin) if margin > 0 else nat

    real: list[list[float]] = []
    by_model: list[list[float]] = []
    by_samples: list[list[float]] = []
    for i in range(args.deals):
        rng = random.Random(args.seed * 1_000_003 + i)
        deal = Deal.new(rules, rng.randrange(4), seed=rng.randrange(1 << 30))
        hands = (int(deal.hands[0]), int(deal.hands[1]), int(deal.hands[2]), int(deal.hands[3]))
        leader = int(deal.leader)
        for seat in range(4):
            place = place_of(seat, leader, step_of(rules.direction))
            real.append([result(hands, leader, s, seat) for s in range(4)])
            by_model.append([fitted.estimate(hands[seat], s, place) for s in range(4)])
            rest = [c for c in range(32) if not hands[seat] >> c & 1]
            sums = [0.0] * 4
            for _ in range(args.samples):
                rng.shuffle(rest)
                drawn = [0, 0, 0, 0]
                drawn[seat] = hands[seat]
                for j, other in enumerate(o for o in range(4) if o != seat):
                    for c in rest[8 * j: 8 * j + 8]:
                        drawn[other] |= 1 << c
                sample = (drawn[0], drawn[1], drawn[2], drawn[3])
                for s in range(4):
                    sums[s] += result(sample, leader, s, seat)
            by_samples.append([x / args.samples for x in sums])
    w_model, w_samples = worth(by_model, real), worth(by_samples, real)
    print(f"{len(real)} hands of {args.deals} Rotterdam deals (seed {args.seed}), pass value {PASS_VALUE:g}")
    for name, est, w in (("fitted model", by_model, w_model), (f"simulation of {args.samples}", by_samples, w_samples)):
        rmse = math.sqrt(statistics.fmean((e - r) ** 2 for es, rs in zip(est, real, strict=True)
                                          for e, r in zip(es, rs, strict=True)))
        print(f"  {name}: worth {statistics.fmean(w):.1f} a hand, rmse {rmse:.1f} against the real deal's results")
    gains = [b - a for a, b in zip(w_model, w_samples, strict=True)]
    print(f"  simulation minus model, hand by hand: {interval(gains)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
