"""A plain alpha-beta over the deal's result, compiled like the solver: the benchmark's baseline.

No transposition table, no move ordering, no merging, no zero-window tests, no quick bounds and
no split of the real objective: every line is played to the end of the deal, where the final
score (nat included) is the value, with alpha-beta cut-offs only.  It shares the kernel's rules
primitives (legal cards, who beats whom, trick roem) so the comparison is of search technique,
not of rules code.  ``tests/solver/minimax.py`` is the same in plain Python, the tests' reference.
Used by ``benchmarks/solver.py --plain-deals`` and checked against the solver in tests/solver.
"""

# mypy: disable-error-code="no-any-return"
# (the kernel indexes untyped numpy arrays; numba checks its types when it compiles)
from __future__ import annotations

from typing import Any

import numpy as np

from klaverjas.solver import Position, Solver
from klaverjas.solver import engine as E

# Explicit signature: numba caches a recursive function safely only when compiled for one.
_SIG = "int64(int64[:, ::1], int64[::1], int64[::1], int64[::1], " + ", ".join(["int64"] * 12) + ")"
# acc: points NS, points EW, roem NS, roem EW, tricks NS, tricks EW, then the game: makers (-1: none),
# total points of a deal, objective (0 real, 1 points), the root's NS minus EW totals, and nodes.
A_PTS, A_ROEM, A_TRICKS, A_MAKERS, A_TOTAL, A_OBJ, A_ROOT, A_NODES = 0, 2, 4, 6, 7, 8, 9, 10


@E.njit(cache=True, _nrt=False)
def _final(C: Any, acc: Any) -> int:
    pit = -1
    if acc[A_TRICKS + 1] == 0:
        pit = 0
    elif acc[A_TRICKS] == 0:
        pit = 1
    roem0 = acc[A_ROEM] + (C[0, E.PITB] if pit == 0 else 0)
    roem1 = acc[A_ROEM + 1] + (C[0, E.PITB] if pit == 1 else 0)
    t0 = acc[A_PTS] + roem0
    t1 = acc[A_PTS + 1] + roem1
    if acc[A_OBJ] == 1:
        return t0 - t1 - acc[A_ROOT]
    m = acc[A_MAKERS]
    if m == 0 and t0 <= t1:
        return -(acc[A_TOTAL] + roem0 + roem1)
    if m == 1 and t1 <= t0:
        return acc[A_TOTAL] + roem0 + roem1
    return t0 - t1


@E.njit(_SIG, cache=True, _nrt=False)
def plain(C: Any, TAB: Any, hands: Any, acc: Any, n: int, led: int, tmask: int, tpts: int, first: int,
          leader: int, turn: int, win: int, wseat: int, alpha: int, beta: int, only: int) -> int:
    """The value (NS maximising) of the trick state given, ``turn`` to play one of its legal cards in
    ``only`` (a mask; all of them for -1)."""
    acc[A_NODES] += 1
    # Typed zero and minus one: literal constants in the recursive calls would make numba compile
    # extra specialisations, which breaks loading them from the cache (see engine.dual).
    z = hands[0] * 0
    m1 = z - 1
    maximizing = (turn & 1) == 0
    best = -E.INF if maximizing else E.INF
    m = E.legal(C, 0, TAB, hands[turn], led, win, wseat == (turn ^ 2)) & only
    while m != 0:
        c = E.lowbit_index(m)
        m &= m - 1
        hands[turn] ^= 1 << c
        w2, ws2, led2, first2 = E.joins(C, 0, TAB, c, n, led, first, turn, win, wseat)
        tm2 = tmask | (1 << c)
        tp2 = tpts + TAB[E.O_PTS + c]
        if n == 3:
            team = ws2 & 1
            rest = hands[0] | hands[1] | hands[2] | hands[3]
            pts = tp2 + (C[0, E.LAST] if rest == 0 else 0)
            roem = E.trick_roem(C, 0, TAB, tm2, first2) if C[0, E.ROEMON] != 0 else 0
            acc[A_PTS + team] += pts
            acc[A_ROEM + team] += roem
            acc[A_TRICKS + team] += 1
            if rest == 0:
                v = _final(C, acc)
            else:
                v = plain(C, TAB, hands, acc, z, m1, z, z, m1, ws2, ws2, m1, m1, alpha, beta, m1)
            acc[A_PTS + team] -= pts
            acc[A_ROEM + team] -= roem
            acc[A_TRICKS + team] -= 1
        else:
            v = plain(C, TAB, hands, acc, n + 1, led2, tm2, tp2, first2, leader, (turn + C[0, E.STEP]) & 3, w2, ws2,
                      alpha, beta, m1)
        hands[turn] ^= 1 << c
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, v)
        else:
            best = min(best, v)
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best


def plain_values(pos: Position, objective: str = "real") -> tuple[dict[int, int], int]:
    """Every legal card's value by plain alpha-beta (full window per card) and the nodes visited."""
    k = Solver(tt_bits=4)._prepare(pos, objective)
    hands = k.hands.copy()
    n, led, tmask, tpts, first, leader, turn, win, wseat, _pit = k.state
    acc = np.zeros(11, dtype=np.int64)
    acc[A_PTS], acc[A_PTS + 1] = pos.points
    acc[A_ROEM], acc[A_ROEM + 1] = pos.roem
    acc[A_TRICKS], acc[A_TRICKS + 1] = pos.tricks
    has_makers = pos.rules.has_makers and pos.makers is not None
    acc[A_MAKERS] = pos.makers if has_makers and pos.makers is not None else -1
    acc[A_TOTAL] = pos.rules.total
    acc[A_OBJ] = 0 if objective == "real" else 1
    t = pos.totals()
    acc[A_ROOT] = t[0] - t[1]
    values = {}
    for c in range(32):
        if pos.legal() >> c & 1:
            values[c] = int(plain(k.C, k.tab, hands, acc, n, led, tmask, tpts, first, leader, turn, win, wseat,
                                  -E.INF, E.INF, 1 << c))
    return values, int(acc[A_NODES])
