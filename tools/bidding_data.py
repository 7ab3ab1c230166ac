"""Double-dummy data for the strong player's trump decisions.

    .venv/bin/python tools/bidding_data.py --deals 1500 --rules rotterdam --out data/bidding.jsonl

For each seeded deal and each suit as trump, the solver's ``points`` value of the whole deal
from the opening lead (NS minus EW: card points, last trick, roem, pit). One JSON line per deal;
an existing file is continued, so the run can be stopped and resumed. ``tools/fit_bidding.py``
turns the lines into the model in ``src/klaverjas/bots/bidding_model.json``.  The South African
model (``bidding_model_sa.json``) comes from ``--rules 'rotterdam(values=sa)'``: under the ``sa`` play
rules a whole deal takes the solver seconds (about 15 s a deal here), under the Dutch ones milliseconds.
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
from klaverjas.solver import Position, Solver  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1500)
    ap.add_argument("--rules", default="rotterdam")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, default=Path("data/bidding.jsonl"))
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
            out.write(json.dumps({"rules": args.rules, "hands": list(deal.hands), "leader": deal.leader,
                                  "step": step_of(rules.direction), "points_ns": values}) + "\n")
            out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
