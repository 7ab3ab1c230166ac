"""Compile the solver's and the playouts' kernels into numba's cache: ``python -m klaverjas.solver.warm``.

The first solve of a fresh install compiles for tens of seconds; the set-up (``make``) runs this
once, so the first decision of a ``strong`` player or the first deal review does not wait.
"""

from __future__ import annotations

import time

from .position import Position
from .search import Solver

# A whole deal in which the makers (NS) hold nothing: every opening card loses nat, so the nat
# searches are compiled too, besides the plain and the roem searches.
_HOPELESS = {
    "rules": "amsterdam", "trump": "H", "makers": "NS", "leader": "N",
    "hands": {"N": "7C 8C 9C 7D 8D 9D 7S 8S", "E": "JH 9H AH TH AC TC AD TD",
              "S": "9S 7H 8H QC QD QS KC KD", "W": "KH QH AS TS KS JS JC JD"},
}


def warm() -> float:
    """Solve a few positions with every objective, and play a few playouts (the strong player blends them
    in); returns the seconds it took."""
    from . import playouts

    start = time.perf_counter()
    playouts.warm()
    solver = Solver(tt_bits=12)
    pos = Position.from_json(_HOPELESS)
    for objective in ("real", "points"):
        solver.solve(pos, objective)
    return time.perf_counter() - start


if __name__ == "__main__":
    print(f"solver ready ({warm():.1f} s)")
