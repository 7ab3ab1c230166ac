"""Arena runs of the same players on different deals taken together: one figure for all their deals.

Runs with different ``--seed`` play different deals, so they are not compared deal by deal (that is
``paired.py``) but pooled: the mean over every deal of bot A's margin over bot B, with its 95% interval,
beside each run's own figure.  The runs must have the same players, rules and ``--trump-by``; a deal may
count once (two runs of one seed are refused where their deals overlap).  Each file is a report of
``klaverjas arena --json`` or its ``--pairs`` file (of a run still going, or its parts one after the other).

    .venv/bin/python benchmarks/pooled.py SEED56.pairs SEED57.pairs
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# paired.py by its package name, as every benchmark imports its siblings.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import paired  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", type=Path, nargs="+")
    args = ap.parse_args()
    runs = [(path, paired.load(path)) for path in args.runs]
    first = runs[0][1]
    for path, run in runs[1:]:
        for key in ("bots", "rules", "trump_by"):
            if run.get(key) != first.get(key):
                print(f"pooled.py: {path} differs from {runs[0][0]} in {key} ({run.get(key)!r} and "
                      f"{first.get(key)!r}): not the same players", file=sys.stderr)
                return 2
    seen: set[tuple[object, int]] = set()
    pooled: list[float] = []
    for path, run in runs:
        deals = {(run["seed"], int(index)) for index, _ in run["pairs"]}
        if deals & seen:
            print(f"pooled.py: {path} repeats deals of seed {run['seed']} already counted", file=sys.stderr)
            return 2
        seen |= deals
        diffs = [float(diff) for _, diff in run["pairs"]]
        if not diffs:
            print(f"pooled.py: {path} has no finished deal", file=sys.stderr)
            return 2
        pooled += diffs
        print(f"  seed {run['seed']}, {len(diffs)} deals: {paired.interval(diffs)}")
    print(f"{len(pooled)} deals together ({first['rules']}, trump by {first.get('trump_by')}), "
          f"{first['bots'][0]} over {first['bots'][1]}: {paired.interval(pooled)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
