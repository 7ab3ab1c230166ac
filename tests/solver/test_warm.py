import json
import os
import subprocess
import sys
from pathlib import Path

from klaverjas.solver import Position, solve
from klaverjas.solver.warm import _HOPELESS

# In a fresh interpreter: what the kernel's compiled entry points hold before and after warm(), and after
# solves in every rule set, both objectives and two threads.  A new signature would be a compile (or a
# load from numba's cache) that warm() left to the first real solve.
AFTER_WARM = """
import json
from numba.core.registry import CPUDispatcher
from klaverjas.solver import Solver, engine, solve
from klaverjas.solver.warm import warm
from tests.solver.solver_endings import RULE_SETS, mid_deal, played_ending

def compiled():
    return {name: len(f.signatures) for name, f in vars(engine).items() if isinstance(f, CPUDispatcher)}

before = compiled()
seconds = warm()
warmed = compiled()
for rules in RULE_SETS:
    for objective in ("real", "points"):
        solve(mid_deal(rules, 3, 5), objective)
        solve(played_ending(4, rules), objective)
        Solver(threads=2).solve(mid_deal(rules, 5, 9), objective)
print(json.dumps({"before": before, "seconds": seconds, "warmed": warmed, "after": compiled()}))
"""


def test_after_warm_no_solve_compiles() -> None:
    here = Path(__file__).parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(here), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", AFTER_WARM], capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout)
    assert seen["before"]["mtdf"] == 0  # a fresh process: nothing of the search loaded yet
    assert seen["warmed"]["mtdf"] >= 1 and seen["warmed"]["root_cards"] >= 1
    assert seen["after"] == seen["warmed"]
    assert seen["seconds"] > 0


def test_warm_up_deal_is_nat_on_every_card() -> None:
    result = solve(Position.from_json(_HOPELESS))
    # Nat: the defenders score all 162 points and every roem; so the nat searches were compiled too.
    assert len(result.cards) == 8
    assert all(v <= -162 and (-v - 162) % 10 == 0 for v in result.cards.values())
