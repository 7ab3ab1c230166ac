"""A flat Monte Carlo reference opponent for ``strong``, speaking the bot protocol.

``strong`` is meant to beat the open-source flat Monte Carlo and ISMCTS players; this is our
stand-in for the first (a C++ player of about 1,000 playouts a card): for every card decision it
draws 1,000 deals of the hidden cards under the hard constraints (voids shown by not following, no
trump when a player had to trump, no higher trump when one had to overtrump: the constraints of
``strong``'s sampler), plays every legal card out once in each (so 1,000 playouts a card), and plays
the card with the best mean score (the real deal score, nat, roem and pit included).  The playouts
follow a greedy policy (benchmarks/simple_bot.py's rules from the sampled deal, a random card at
rate 0.1) or, with ``--playout random``, random cards.  Compiled with numba (mc_kernel.py).
Trump by the rules of thumb (``basic``); every preset (in ``sa`` the card points decide: mc_kernel.py).

    klaverjas arena --bot strong --bot 'cmd:.venv/bin/python benchmarks/flatmc_bot.py' \\
        --trump-by strong --deals 400 --rules rotterdam --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
# The kernel by its package name, as every benchmark imports its siblings.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
from benchmarks import mc_kernel as K  # noqa: E402

from klaverjas.bots.protocol import serve  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402


class FlatMcBot(K.KernelBot):
    name = "flatmc"

    def __init__(self, worlds: int = 1000, playout: str = "heuristic", epsilon: float = 0.1,
                 seed: int | None = None):
        super().__init__(playout, epsilon, seed)
        self.worlds = worlds

    def values(self, view: View) -> np.ndarray:
        """Per card: the seat's team's mean score minus the other's over the playouts."""
        rules, state, allowed, need = self.start(view)
        sums = np.zeros(32)
        done = K.flat_mc(rules, state, view.seat, allowed, need, view.legal, self.worlds, self.policy, self.epsilon,
                         sums)
        values: np.ndarray = sums / max(1, done)
        return values

    scores = values


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worlds", type=int, default=1000, help="determinizations a card decision (playouts a card)")
    ap.add_argument("--playout", choices=sorted(K.POLICIES), default="heuristic")
    ap.add_argument("--epsilon", type=float, default=0.1, help="rate of random cards in heuristic playouts")
    args = ap.parse_args()
    return serve(FlatMcBot(args.worlds, args.playout, args.epsilon), sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
