"""The Monte Carlo reference opponents' search (flatmc_bot.py, ismcts_bot.py) on the compiled game model.

The game model, the determinization of the hidden cards and flat Monte Carlo are those of
``klaverjas.solver.playouts`` (the strong player blends the same playouts into its card values); this
adds single-observer ISMCTS, the rows of a bot's view, and what the reference bots share.  Every preset:
in ``sa`` the roemtes come from the dealt hands and count the same whatever is played, so the search scores
the card points, as the strong player's playouts do there.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from klaverjas.bots.base import Bot
from klaverjas.bots.basic import BasicBot
from klaverjas.bots.strong import playout_rules, playout_state
from klaverjas.bots.view import View
from klaverjas.core import TrumpAction, cards_of
from klaverjas.solver.engine import lowbit_index, njit
from klaverjas.solver.playouts import (
    HEURISTIC,
    POLICIES,
    RANDOM,
    determinize,
    flat_mc,
    legal_now,
    over,
    play,
    playout,
    random_card,
    score,
    seed,
    turn_of,
)

# The model's parts are re-exported: the tests and the reference bots use them from here.
__all__ = ["HEURISTIC", "POLICIES", "RANDOM", "determinize", "flat_mc", "legal_now", "over", "play", "playout",
           "random_card", "score", "seed", "turn_of", "KernelBot", "best_of", "hidden_row", "ismcts", "rules_row",
           "state_row", "warm"]


# The rows of a view's moment, as the strong player builds them for its own playouts.
rules_row = playout_rules
state_row = playout_state


def hidden_row(view: View) -> tuple[np.ndarray, np.ndarray]:
    """Per seat, the cards it may hold (its hand for the viewer) and how many it holds."""
    allowed = np.array([view.may_hold(s) for s in range(4)], dtype=np.int64)
    need = np.array([view.hand_size(s) for s in range(4)], dtype=np.int64)
    return allowed, need


@njit(cache=True)
def ismcts(P: Any, S: Any, seat: int, allowed: Any, need: Any, iterations: int, exploration: float,
           policy: int, epsilon: float, visits_out: Any) -> int:
    """Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): each iteration draws a
    determinization, walks the one tree down the cards legal in it (UCB1 with availability counts),
    adds a node, plays out and scores each node by its team's share of the deal's points.
    ``visits_out[c]``: the root's visits per card.  Returns the iterations run."""
    size = iterations + 1
    child = np.full(size * 32, -1, dtype=np.int32)
    visits = np.zeros(size, dtype=np.float64)
    avail = np.zeros(size, dtype=np.float64)
    reward = np.zeros(size, dtype=np.float64)
    team = np.zeros(size, dtype=np.int64)
    path = np.zeros(40, dtype=np.int64)
    cards = np.zeros(32, dtype=np.int64)
    order = np.zeros(32, dtype=np.int64)
    keys = np.zeros(32, dtype=np.float64)
    D = S.copy()
    W = S.copy()
    nodes = 1
    done = 0
    for _ in range(iterations):
        if not determinize(D, seat, allowed, need, cards, order, keys, 200):
            break
        done += 1
        W[:] = D
        node = 0
        plen = 0
        while not over(W):
            lm = legal_now(P, W)
            mover = turn_of(P, W) & 1
            untried = 0
            m = lm
            while m:
                c = lowbit_index(m)
                m &= m - 1
                ch = child[node * 32 + c]
                if ch < 0:
                    untried |= 1 << c
                else:
                    avail[ch] += 1
            if untried:
                c = random_card(untried)
                new = nodes
                nodes += 1
                child[node * 32 + c] = new
                team[new] = mover
                avail[new] = 1
                play(P, W, c)
                path[plen] = new
                plen += 1
                break
            best, best_val = -1, -1e300
            m = lm
            while m:
                c = lowbit_index(m)
                m &= m - 1
                ch = child[node * 32 + c]
                val = reward[ch] / visits[ch] + exploration * math.sqrt(math.log(avail[ch]) / visits[ch])
                if val > best_val:
                    best, best_val = c, val
            node = child[node * 32 + best]
            play(P, W, best)
            path[plen] = node
            plen += 1
        playout(P, W, policy, epsilon)
        ns, ew = score(P, W)
        total = max(1, ns + ew)
        share0 = ns / total
        for i in range(plen):
            n = path[i]
            visits[n] += 1
            reward[n] += share0 if team[n] == 0 else 1.0 - share0
    for c in range(32):
        ch = child[c]
        visits_out[c] = visits[ch] if ch >= 0 else 0.0
    return done


def warm() -> None:
    """Compile (or load from numba's cache) every kernel on a small deal, before the first decision."""
    from klaverjas.core import Deal, Rules

    deal = Deal.new(Rules.parse("rotterdam"), 0, __import__("random").Random(0))
    deal.set_trump(0, 0)
    view = View.of(deal, deal.turn)
    p, s = rules_row(view), state_row(view, (0, 0, 0, 0))
    s[view.seat] = view.hand
    allowed, need = hidden_row(view)
    flat_mc(p, s, view.seat, allowed, need, view.legal, 2, HEURISTIC, 0.1, np.zeros(32))
    ismcts(p, s, view.seat, allowed, need, 4, 0.7, HEURISTIC, 0.1, np.zeros(32))


def best_of(values: np.ndarray, legal_mask: int) -> int:
    """The legal card with the highest value (ties: the first in card order)."""
    return max(cards_of(legal_mask), key=lambda c: float(values[c]))


class KernelBot(Bot):
    """What the kernel's players share: trump by the rules of thumb (``basic``), the kernel's own random
    numbers, its warm-up, the rows a search starts from, and the card with the best of :meth:`scores`."""

    def __init__(self, playout: str, epsilon: float, seed_number: int | None) -> None:
        self.policy, self.epsilon = POLICIES[playout], epsilon
        self.basic = BasicBot()
        if seed_number is not None:
            seed(seed_number)

    def reseed(self, seed_number: int) -> None:
        seed(seed_number)

    def prepare(self) -> None:
        warm()

    def trump(self, view: View) -> TrumpAction:
        return self.basic.trump(view)

    def start(self, view: View) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The rules row, the state row with only the viewer's hand, and the hidden cards' rows."""
        allowed, need = hidden_row(view)
        return rules_row(view), state_row(view), allowed, need

    def scores(self, view: View) -> np.ndarray:
        """Per card, how good the search finds it (higher is better)."""
        raise NotImplementedError

    def card(self, view: View) -> int:
        legal = view.legal
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        return best_of(self.scores(view), legal)
