"""Double-dummy data for the strong player's trump decisions.

    .venv/bin/python tools/bidding_data.py --deals 1500 --rules rotterdam --out data/bidding.jsonl

For each seeded deal and each suit as trump, the solver's ``points`` value of the whole deal
from the opening lead (NS minus EW: card points, last trick, roem, pit). One JSON line per deal;
an existing file is continued, so the run can be stopped and resumed. ``tools/fit_bidding.py``
turns the lines into the model in ``src/klaverjas/bots/bidding_model.json``.  The South African
model (``bidding_model_sa.json``) comes from ``--rules 'rotterdam(values=sa)'``: under the ``sa`` play
rules a whole deal takes the solver seconds (about 15 s a deal here), under the Dutch ones milliseconds.

With ``--playouts N`` each line also holds, per suit and per makers' team, the mean real score (NS minus
EW, nat and roem counted) when the first lead seat plays the card whose ``N`` greedy playouts
(:mod:`klaverjas.solver.playouts`: nobody sees a hidden card) score best and the deal is played out by
those rules: the result of players who guess, beside the double-dummy one of players who see everything.

Where the rules propose a suit (``proposed``, ``turned``: Amsterdam), each line also holds the suit proposed,
so that ``benchmarks/trump_duel.py`` can play the trump selection of those rules.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.core import Deal, Rules  # noqa: E402
from klaverjas.core.seats import step_of  # noqa: E402
from klaverjas.solver import Position, Solver, playouts  # noqa: E402


def played_out(rules: Rules, deal: Deal, trump: int, makers: int, reps: int) -> float:
    """The first lead's best card by ``reps`` greedy playouts of the true deal, its mean NS minus EW."""
    step = step_of(rules.direction)
    p = playouts.rules_row(rules, trump, step, makers)
    s = playouts.state_row(deal.hands, deal.leader, (), (0, 0), (0, 0), (0, 0))
    hand = deal.hands[deal.leader]
    values = playouts.weighted_card_values(p, s, deal.leader, [deal.hands], [1.0], hand, reps, seed_number=0)
    best = max(values[c] for c in range(32) if hand >> c & 1)
    return best if deal.leader % 2 == 0 else -best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1500)
    ap.add_argument("--rules", default="rotterdam")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, default=Path("data/bidding.jsonl"))
    ap.add_argument("--playouts", type=int, default=0, help="greedy playouts a card for the guessing players' result")
    args = ap.parse_args()
    rules = Rules.parse(args.rules)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    done = sum(1 for _ in args.out.open()) if args.out.exists() else 0
    solver = Solver()
    with args.out.open("a") as out:
        for i in tqdm(range(done, args.deals), initial=done, total=args.deals):
            rng = random.Random(args.seed * 1_000_003 + i)
            deal = Deal.new(rules, rng.randrange(4), seed=rng.randrange(1 << 30))
            values = []
            for trump in range(4):
                hands = (deal.hands[0], deal.hands[1], deal.hands[2], deal.hands[3])
                pos = Position(rules, trump, deal.leader & 1, hands, deal.leader)
                values.append(solver.value(pos, "points"))
            row = {"rules": args.rules, "hands": list(deal.hands), "leader": deal.leader,
                   "step": step_of(rules.direction), "points_ns": values}
            if deal.selection.proposed is not None:  # the suit on offer, where the rules propose one
                row["proposed"] = deal.selection.proposed
            if args.playouts:
                row["playouts_ns"] = [[played_out(rules, deal, trump, makers, args.playouts) for makers in (0, 1)]
                                      for trump in range(4)]
            out.write(json.dumps(row) + "\n")
            out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
