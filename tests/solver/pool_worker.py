"""What a process pool's worker runs in the pool test (a module of its own, so 'spawn' children import it)."""

from __future__ import annotations

from typing import Any

from klaverjas.solver import Position, solve
from klaverjas.solver import engine as E


def card_values(position: dict[str, Any], objective: str) -> tuple[list[tuple[int, int]], int]:
    """Every legal card's value of the position (given in its JSON form), solved in this process, and how
    many of the kernel's signatures this solve compiled instead of loading them from numba's cache."""
    before = _compiled()
    values = list(solve(Position.from_json(position), objective).cards.items())
    return values, _compiled() - before


def _compiled() -> int:
    if not E.HAVE_NUMBA:
        return 0
    from numba.core.registry import CPUDispatcher

    return sum(sum(f.stats.cache_misses.values()) for f in vars(E).values() if isinstance(f, CPUDispatcher))
