"""Plain minimax over the solver's :class:`Position` with the core rules: slow, obviously right.

The tests' reference for the solver.  :func:`minimax` looks at every legal card everywhere;
:func:`alphabeta` is the same with alpha-beta cut-offs only (the pure-Python alpha-beta that
``benchmarks/solver.py --python-naive`` times).
"""

from __future__ import annotations

from klaverjas.core.cards import Card, cards_of
from klaverjas.solver import Position


def minimax(pos: Position, objective: str = "real", start: Position | None = None) -> int:
    start = pos if start is None else start
    if pos.is_over:
        return pos.final_value(objective, start)
    children = [minimax(pos.play(c), objective, start) for c in cards_of(pos.legal())]
    return max(children) if pos.turn & 1 == 0 else min(children)


def minimax_cards(pos: Position, objective: str = "real") -> dict[Card, int]:
    """The value after each legal card, by plain minimax."""
    return {c: minimax(pos.play(c), objective, pos) for c in cards_of(pos.legal())}


def alphabeta(pos: Position, objective: str = "real", alpha: int = -10**6, beta: int = 10**6,
              start: Position | None = None) -> int:
    start = pos if start is None else start
    if pos.is_over:
        return pos.final_value(objective, start)
    maximizing = pos.turn & 1 == 0
    best = -10**6 if maximizing else 10**6
    for c in cards_of(pos.legal()):
        v = alphabeta(pos.play(c), objective, alpha, beta, start)
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, v)
        else:
            best = min(best, v)
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best
