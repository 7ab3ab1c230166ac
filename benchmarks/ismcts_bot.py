"""An ISMCTS reference opponent for ``strong``, speaking the bot protocol.

``strong`` is meant to beat the open-source flat Monte Carlo and ISMCTS players; this is our
stand-in for the second (a thesis player of 800 iterations a card): single-observer
information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012).  Every iteration
draws the hidden cards anew under the hard constraints (voids shown by not following, no trump when
a player had to trump, no higher trump when one had to overtrump: the constraints of ``strong``'s
sampler), walks one tree of the bot's information set down the cards legal in that deal (UCB1 with
availability counts, exploration 0.7), adds one node, plays the rest out and scores the deal (nat,
roem and pit included) as the share of the deal's points each team got.  It plays the card tried
most often.  Playouts: random cards, or with ``--playout heuristic`` the greedy policy of
flatmc_bot.py.  Compiled with numba (mc_kernel.py).  Trump by the rules of thumb (``basic``); every
preset (in ``sa`` the card points decide: mc_kernel.py).

    klaverjas arena --bot strong --bot 'cmd:.venv/bin/python benchmarks/ismcts_bot.py' \\
        --trump-by strong --deals 200 --rules rotterdam --seed 1 --jobs 2
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


class IsmctsBot(K.KernelBot):
    name = "ismcts"

    def __init__(self, iterations: int = 800, exploration: float = 0.7, playout: str = "random",
                 epsilon: float = 0.1, seed: int | None = None):
        super().__init__(playout, epsilon, seed)
        self.iterations, self.exploration = iterations, exploration

    def visits(self, view: View) -> np.ndarray:
        """The root's visits per card."""
        rules, state, allowed, need = self.start(view)
        out = np.zeros(32)
        K.ismcts(rules, state, view.seat, allowed, need, self.iterations, self.exploration, self.policy,
                 self.epsilon, out)
        return out

    scores = visits


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=800)
    ap.add_argument("--exploration", type=float, default=0.7)
    ap.add_argument("--playout", choices=sorted(K.POLICIES), default="random")
    ap.add_argument("--epsilon", type=float, default=0.1, help="rate of random cards in heuristic playouts")
    args = ap.parse_args()
    return serve(IsmctsBot(args.iterations, args.exploration, args.playout, args.epsilon), sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
