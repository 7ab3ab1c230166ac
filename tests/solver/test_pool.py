"""The solver in a process pool: the same values as in-process, with either start method."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest
from tests.solver.pool_worker import card_values
from tests.solver.solver_endings import RULE_SETS, mid_deal

from klaverjas.solver import solve


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_process_pool_gives_the_in_process_values(method: str) -> None:
    positions = [mid_deal(rules, seed, 12) for seed, rules in enumerate(RULE_SETS[:4])]
    jobs = [(pos.to_json(), objective) for pos in positions for objective in ("real", "points")]
    here = [list(solve(pos, objective).cards.items()) for pos in positions for objective in ("real", "points")]
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context(method)) as pool:
        there = list(pool.map(card_values, *zip(*jobs, strict=True)))
    assert [values for values, _ in there] == here
    assert all(values for values in here)
    # No child compiled the kernel: it loaded numba's cache (spawn) or inherited the compiled code (fork).
    assert [compiled for _, compiled in there] == [0] * len(jobs)
