"""The playouts' policies as players: duplicate duels of one policy against another, compiled.

The strong player's playouts (``klaverjas.solver.playouts``) play the rest of a deal by a fast policy
that sees only its own seat's cards.  A playout's value is only as good as the play it imagines, so
this measures each policy as a player: seeded deals, trump by the rules of thumb (``basic``), one
policy for North-South and the other for East-West, then the same deal with the teams swapped; the
figure is the first policy's points a deal over the second, with its 95% interval.  Thousands of
deals a second, so the figures are tight where an arena of the bots takes hours.

    .venv/bin/python benchmarks/playout_policies.py --deals 4000 --a sharp --b heuristic [--epsilon 0.1]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np  # noqa: E402

from klaverjas.bots.basic import BasicBot  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import Deal, Rules  # noqa: E402
from klaverjas.core.seats import step_of  # noqa: E402
from klaverjas.solver import playouts as K  # noqa: E402
from klaverjas.solver.engine import lowbit_index, njit  # noqa: E402


@njit(cache=True)
def duel_deal(P: Any, S: Any, policy_ns: int, policy_ew: int, epsilon: float) -> None:
    """Play ``S`` out with one policy for each team (a random card at rate ``epsilon``)."""
    while not K.over(S):
        lm = K.legal_now(P, S)
        if lm & (lm - 1) == 0:
            c = lowbit_index(lm)
        else:
            policy = policy_ns if K.turn_of(P, S) % 2 == 0 else policy_ew
            if policy == K.RANDOM or np.random.random() < epsilon:
                c = K.random_card(lm)
            elif policy == K.SHARP:
                c = K.sharp_card(P, S, lm)
            else:
                c = K.heuristic_card(P, S, lm)
        K.play(P, S, c)


def duel(rules: Rules, deals: int, a: int, b: int, epsilon: float, seed: int) -> list[float]:
    """Per deal, policy ``a``'s team's points minus ``b``'s, averaged over the two seatings."""
    basic = BasicBot()
    rng = random.Random(seed)
    K.seed(seed)
    out = []
    for i in range(deals):
        deal = Deal.new(rules, i % 4, random.Random(rng.getrandbits(64)))
        while not deal.selection.done:
            to_move = deal.selection.to_move
            assert to_move is not None
            deal.choose_trump(basic.trump(View.of(deal, to_move)))
        p = K.rules_row(rules, deal.trump, step_of(rules.direction), deal.makers)
        total = 0
        for a_at in (0, 1):  # a's team: NS, then EW
            s = K.state_row([int(h) for h in deal.hands], deal.leader, (), (0, 0), (0, 0), (0, 0))
            duel_deal(p, s, a if a_at == 0 else b, b if a_at == 0 else a, epsilon)
            ns, ew = K.score(p, s)
            total += (ns - ew) if a_at == 0 else (ew - ns)
        out.append(total / 2)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4000)
    ap.add_argument("--a", choices=sorted(K.POLICIES), default="sharp")
    ap.add_argument("--b", choices=sorted(K.POLICIES), default="heuristic")
    ap.add_argument("--epsilon", type=float, default=0.0, help="rate of random cards for both")
    ap.add_argument("--rules", default="rotterdam")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rules = Rules.parse(args.rules)
    if rules.roem != "trick":
        ap.error(f"--rules {args.rules}: the playouts play the Dutch games only (roem in tricks)")
    start = time.perf_counter()
    diffs = duel(rules, args.deals, K.POLICIES[args.a], K.POLICIES[args.b], args.epsilon, args.seed)
    seconds = time.perf_counter() - start
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
    half = 1.96 * sd / math.sqrt(len(diffs))
    print(f"{args.a} over {args.b}, {args.rules}, {len(diffs)} duplicate deals, epsilon {args.epsilon:g}: "
          f"{mean:+.1f} points a deal (95% {mean - half:+.1f} .. {mean + half:+.1f}); {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
