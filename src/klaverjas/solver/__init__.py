"""Exact double-dummy solver for every preset.

``solve(position)`` gives the value of a position (``real``: final NS score minus EW score with
nat; or ``points``) and the value after each legal card.  Imports only :mod:`klaverjas.core`.
"""

from .position import Position, PositionError
from .search import OBJECTIVES, Options, Solver, SolveResult, solve, solve_many

__all__ = ["OBJECTIVES", "Options", "Position", "PositionError", "Solver", "SolveResult", "solve", "solve_many"]
