"""The solver in a process pool: the same values as in-process, with either start method."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest
from tests.solver.pool_worker import card_values, kernel_compiles
from tests.solver.solver_endings import RULE_SETS, mid_deal

from klaverjas.solver import solve


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_process_pool_gives_the_in_process_values(method: str) -> None:
    positions = [mid_deal(rules, seed, 12) for seed, rules in enumerate(RULE_SETS[:4])]
    jobs = [(pos.to_json(), objective) for pos in positions for objective in ("real", "points")]
    here = [list(solve(pos, objective).cards.items()) for pos in positions for objective in ("real", "points")]
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context(method)) as pool:
        there = list(pool.map(card_values, *zip(*jobs, strict=True)))
        # Each child loaded the compiled kernel from numba's cache (or, forked, inherited it).
        compiled = list(pool.map(kernel_compiles, range(2)))
    assert there == here
    assert all(values for values in there)
    assert compiled == [0, 0]
