"""benchmarks/solver.py's positions: from the opening lead, or after tricks played by the rules of thumb."""

from __future__ import annotations

import subprocess
import sys

from tests.bots.helpers import BENCHMARKS, load_benchmark

from klaverjas.core import Rules
from klaverjas.core.tables import TABLES

BENCH = load_benchmark("solver")


def test_after_tricks_is_the_opening_played_on() -> None:
    for rules_name in ("amsterdam", "sa"):
        rules = Rules.parse(rules_name)
        points = TABLES[rules.values].points
        for seed in range(5):
            start = BENCH.opening(rules, seed)
            assert [int(h).bit_count() for h in start.hands] == [8] * 4 and start.trick == ()
            later = BENCH.opening(rules, seed, 2)
            assert later.trump == start.trump and later.makers == start.makers and later.trick == ()
            gone = []
            for before, after in zip(start.hands, later.hands, strict=True):
                assert int(after) & ~int(before) == 0  # nothing comes back
                gone.append(int(before) & ~int(after))
                assert gone[-1].bit_count() == 2  # every seat played one card a trick
            taken = sum(points[start.trump][c] for h in gone for c in range(32) if h >> c & 1)
            assert sum(later.points) == taken and sum(later.tricks) == 2


def test_a_trick_outside_the_deal_is_refused() -> None:
    script = BENCHMARKS / "solver.py"
    refused = subprocess.run([sys.executable, str(script), "--after-tricks", "8", "--deals", "1"],
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and "--after-tricks" in refused.stderr
