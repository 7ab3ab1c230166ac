"""Old solver against new on the same deals, in one process, each deal solved by both in turn.

    .venv/bin/python benchmarks/solver_ab.py --base 334b244 --deals 100 [--rules sa] [--rounds 2] [--value]

The machine's load drifts; solving every deal with both solvers one after the other (alternating
which goes first) cancels most of it.  ``--base`` is a commit: its ``src/klaverjas/solver`` is
unpacked (``git archive``) into a temporary package of its own name, so both kernels load side by
side (numba caches each under its own path).  One thread each; processor time of the solving
thread.  Prints both medians and totals, the ratio of totals and the geometric mean of the
per-deal ratios (new / old), and checks that every value agrees.  ``--value`` times the deal's value
alone (``Solver.value``, the search the bots' trump decisions and hints ask for) instead of every
opening card's (``Solver.solve``).
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from benchmarks.solver import opening  # noqa: E402

from klaverjas.core import Rules  # noqa: E402
from klaverjas.solver import Solver  # noqa: E402


def load_base(commit: str, into: Path) -> ModuleType:
    """The solver package of ``commit``, imported as ``solver_base`` from ``into``."""
    blob = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "src/klaverjas/solver"],
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(into)  # our own repository's files
    package = into / "src" / "klaverjas" / "solver"
    spec = importlib.util.spec_from_file_location("solver_base", package / "__init__.py",
                                                  submodule_search_locations=[str(package)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["solver_base"] = module
    spec.loader.exec_module(module)
    return module


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="the commit to compare against")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--rules", default="amsterdam")
    ap.add_argument("--objective", default="real", choices=("real", "points"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--value", action="store_true", help="time the deal's value alone, not every card's")
    ap.add_argument("--cache", default=str(Path(tempfile.gettempdir()) / "solver_ab"),
                    help="where the base commit is unpacked (kept: numba's cache of it is reused)")
    args = ap.parse_args()
    base = load_base(args.base, Path(args.cache) / args.base)
    rules = Rules.parse(args.rules)
    positions = [opening(rules, args.seed * 100003 + i) for i in range(args.deals)]
    solvers: dict[str, Any] = {"old": base.Solver(), "new": Solver()}
    for solver in solvers.values():  # compile or load the cache
        solver.solve(positions[0], args.objective)
    cpu: dict[str, list[float]] = {"old": [0.0] * len(positions), "new": [0.0] * len(positions)}
    nodes: dict[str, list[int]] = {"old": [], "new": []}
    for r in range(args.rounds):
        for i, pos in enumerate(positions):
            order = ["old", "new"] if (i + r) % 2 == 0 else ["new", "old"]
            values = {}
            for name in order:
                t = time.thread_time()
                if args.value:
                    values[name] = solvers[name].value(pos, args.objective)
                else:
                    result = solvers[name].solve(pos, args.objective)
                    values[name] = result.cards
                cpu[name][i] += (time.thread_time() - t) * 1000 / args.rounds
                if r == 0 and not args.value:
                    nodes[name].append(result.nodes)
            assert values["old"] == values["new"], f"deal {i}: the solvers disagree"
    for name in ("old", "new"):
        counted = f", median nodes {int(statistics.median(nodes[name]))}" if nodes[name] else ""
        print(f"{name}: median {statistics.median(cpu[name]):.2f} ms, total {sum(cpu[name]):.0f} ms, "
              f"max {max(cpu[name]):.0f} ms{counted}")
    ratios = [n / o for n, o in zip(cpu["new"], cpu["old"], strict=True)]
    geo = math.exp(statistics.mean(math.log(x) for x in ratios))
    medians = statistics.median(cpu["new"]) / statistics.median(cpu["old"])
    what = "the value alone" if args.value else "every opening card"
    print(f"{args.rules} {args.objective}, {what}, {args.deals} deals x {args.rounds}, one thread, cpu: new/old total "
          f"{sum(cpu['new']) / sum(cpu['old']):.3f}, median {medians:.3f}, geometric mean per deal {geo:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
