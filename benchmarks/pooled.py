"""Arena runs of the same players on different deals taken together: one figure for all their deals.

Runs with different ``--seed`` play different deals, so they are not compared deal by deal (that is
``paired.py``) but pooled: the mean over every deal of bot A's margin over bot B, with its 95% interval,
beside each run's own figure.  The runs must have the same players, rules and ``--trump-by``; a deal may
count once (two runs of one seed are refused where their deals overlap).  Each file is a report of
``klaverjas arena --json`` or its ``--pairs`` file (of a run still going, or its parts one after the other).

When every file is a ``--pairs`` file, the whole report follows, as ``klaverjas arena`` prints it for one run
of all their deals: the split by makers, the nat rates, the 16-deal matches (within each seed's deals in index
order, so the parts of one run give exactly the whole run's) and the milliseconds a decision over every
decision the files time (files written before the arena wrote decision times have none).

    .venv/bin/python benchmarks/pooled.py SEED56.pairs SEED57.pairs
    .venv/bin/python benchmarks/pooled.py PART0.pairs PART100.pairs PART200.pairs   # one run in three parts
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from klaverjas.bots import arena

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
    if all("pair_lines" in run for _, run in runs):
        try:
            whole = whole_report([run for _, run in runs])
        except (KeyError, TypeError, ValueError) as exc:
            print(f"pooled.py: a line of the --pairs files is not as the arena writes it ({exc!r})",
                  file=sys.stderr)
            return 2
        print(arena.format_report(whole))
    return 0


def whole_report(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The arena's report of every pair the ``--pairs`` files hold, as if one run had played them all."""
    first = runs[0]
    by_seed: dict[Any, list[arena.PairResult]] = {}
    ta, tb = arena.Timings(), arena.Timings()
    for run in runs:
        by_seed.setdefault(run["seed"], []).extend(arena.pair_from_line(line) for line in run["pair_lines"])
        for line in run["ms_lines"]:
            x, y = arena.timings_from_line(line)
            ta.extend(x)
            tb.extend(y)
    seeds = list(by_seed)
    results = [r for seed in seeds for r in by_seed[seed]]
    rep = arena.report(first["bots"][0], first["bots"][1], first["rules"], seeds[0], results, ta, tb,
                       first.get("trump_by"))
    if len(seeds) > 1:
        # The matches of each seed's deals alone, in index order (the report would mix seeds by deal index).
        counts = [arena.matches16(sorted(by_seed[seed], key=lambda r: r.index)) for seed in seeds]
        won, played = sum(w for w, _ in counts), sum(n for _, n in counts)
        rep.update(seed=", ".join(str(seed) for seed in seeds), matches16=played,
                   match_share_a=round(won / played, 4) if played else None)
    return rep


if __name__ == "__main__":
    raise SystemExit(main())
