"""The ``expert`` level: the strong player with about a second a card.

The same evidence, solver and trump decisions as :mod:`.strong`, but up to 400 sampled deals a
card within a budget of 900 ms (at least 6 each card, as strong), and once few deals of the hidden cards
remain possible (late in a deal: at most 90 with two tricks left) every one of them, each weighed
by the evidence, instead of a sample: the vote is then the exact expectation over the hands the
player cannot tell apart (each still solved double-dummy), blended with greedy playouts as strong's.
"""

from __future__ import annotations

from .sampling import PLAY_MISMATCH
from .strong import MIN_SAMPLES, PLAYOUT_MIX, SolveFn, StrongBot


class ExpertBot(StrongBot):
    name = "expert"

    def __init__(self, samples: int = 400, budget_ms: float = 900.0, seed: int | None = None,
                 solve_fn: SolveFn | None = None, search_from: int = 0, min_samples: int = MIN_SAMPLES,
                 play_mismatch: float | None = PLAY_MISMATCH, enumerate_up_to: int | None = None,
                 playout_mix: float | tuple[float, float] = PLAYOUT_MIX):
        super().__init__(samples=samples, budget_ms=budget_ms, seed=seed, solve_fn=solve_fn,
                         search_from=search_from, min_samples=min_samples, play_mismatch=play_mismatch,
                         enumerate_up_to=samples if enumerate_up_to is None else enumerate_up_to,
                         playout_mix=playout_mix)
