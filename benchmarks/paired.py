"""Two arena runs on the same deals compared deal by deal: how much better the first run's bot A did.

Runs of ``klaverjas arena --json`` with the same ``--seed`` and ``--rules`` play the same deals (deal i
from the seed text ``S:i``), and with ``--trump-by`` the same trump decisions, so a change to bot A
(against the same bot B) can be measured per deal: the mean over the deals both runs played of run 1's
A-minus-B less run 2's, with its 95% interval, beside each run's own figure.

    klaverjas arena --bot NEW --bot OPP --trump-by strong --seed 1 --deals 600 --json > new.json
    klaverjas arena --bot OLD --bot OPP --trump-by strong --seed 1 --deals 600 --json > old.json
    .venv/bin/python benchmarks/paired.py new.json old.json
    .venv/bin/python benchmarks/paired.py new.json old.json old-salt1.json   # against two runs of the old

Two runs of one player that differ only in their draws (``--salt``) come out a few points a deal apart over
1,000 deals, as much as most changes are worth; given several runs of the player compared with, the change is
also measured against their mean deal by deal, and those runs against each other.

Either run may also be a ``--pairs`` file, of a run still going or stopped early: the deals both have
finished are compared.  A stopped run resumed with ``klaverjas arena --from-deal N`` writes a file of its own;
the two files one after the other (``cat A.pairs B.pairs``) read as one run.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

# What makes two parts of a --pairs file one run: the same players, on the same deals.
SAME_RUN = ("bots", "rules", "seed", "trump_by")


def load(path: Path) -> dict[str, Any]:
    """An arena report (``--json``), or the deals a run has finished so far (its ``--pairs`` file)."""
    try:
        text = path.read_text()
        first = text.split("\n", 1)[0]
        head = json.loads(first) if first.strip() else None
        if isinstance(head, dict) and "arena" in head:
            body = [line for line in text.splitlines()[1:] if line.strip()]
            if body and not text.endswith("\n"):
                body.pop()  # a line the run is still writing
            lines = [json.loads(line) for line in body]
            run = {key: head["arena"].get(key) for key in SAME_RUN}
            for line in lines:
                if "arena" in line and {key: line["arena"].get(key) for key in SAME_RUN} != run:
                    raise SystemExit(f"paired.py: {path}: the parts of the file name different runs "
                                     f"({run} and {line['arena']})")
            played = [line for line in lines if "index" in line]
            # Besides the report's figures, the pairs as written and the chunks' decision times, for pooled.py.
            return {**head["arena"], "pairs": [[line["index"], line["diff"]] for line in played],
                    "pair_lines": played, "ms_lines": [line for line in lines if "ms" in line]}
        rep = json.loads(text)
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as exc:
        raise SystemExit(f"paired.py: {path}: not an arena JSON report or --pairs file ({exc})") from None
    if not isinstance(rep, dict) or "pairs" not in rep:
        raise SystemExit(f"paired.py: {path}: no \"pairs\" in it (a report of klaverjas arena --json)")
    return rep


def interval(xs: list[float]) -> str:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return f"{mean:+.1f} (95% {mean - half:+.1f} .. {mean + half:+.1f})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first", type=Path, help="the run to measure")
    ap.add_argument("second", type=Path, nargs="+",
                    help="the run it is compared with; several runs of that player (reseeded with --salt), "
                         "and it is compared with their mean deal by deal as well")
    args = ap.parse_args()
    runs = [load(args.first)] + [load(path) for path in args.second]
    for other in runs[1:]:
        for key in ("seed", "rules", "trump_by"):
            if runs[0].get(key) != other.get(key):
                print(f"paired.py: the runs differ in {key} ({runs[0].get(key)!r} and {other.get(key)!r}): "
                      "not the same deals", file=sys.stderr)
                return 2
    diffs = [dict(map(tuple, run["pairs"])) for run in runs]
    common = sorted(set(diffs[0]).intersection(*diffs[1:]))
    if not common:
        print("paired.py: the runs have no deal in common", file=sys.stderr)
        return 2
    one, a = runs[0], diffs[0]
    where = "both" if len(runs) == 2 else f"all {len(runs)} runs"
    print(f"{len(common)} deals in {where} ({one['rules']}, seed {one['seed']}, trump by {one.get('trump_by')})")
    for number, (run, d) in enumerate(zip(runs, diffs, strict=True), 1):
        print(f"  run {number}, {run['bots'][0]} over {run['bots'][1]}: {interval([d[i] for i in common])}")
    for number, b in enumerate(diffs[1:], 2):
        print(f"  run 1 minus run {number}, deal by deal: {interval([a[i] - b[i] for i in common])}")
        # With bots reseeded alike and budgets that do not read the clock, a deal the change did not touch
        # ends the same in both runs: the difference comes from the others.
        same = sum(a[i] == b[i] for i in common)
        both = "both runs" if len(runs) == 2 else f"runs 1 and {number}"
        print(f"  deals that ended the same in {both}: {same} of {len(common)}")
    if len(runs) > 2:
        # Two runs of one player differ by their draws alone by a few points a deal over 1,000 deals; the mean
        # of several such runs is the steadier thing to measure a change against.
        bases = diffs[1:]
        print(f"  run 1 minus the mean of runs 2 to {len(runs)}, deal by deal: "
              f"{interval([a[i] - statistics.fmean(b[i] for b in bases) for i in common])}")
        for (j, x), (k, y) in itertools.combinations(enumerate(bases, 2), 2):
            print(f"  run {j} minus run {k} (the compared runs among themselves), deal by deal: "
                  f"{interval([x[i] - y[i] for i in common])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
