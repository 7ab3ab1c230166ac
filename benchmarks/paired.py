"""Two arena runs on the same deals compared deal by deal: how much better the first run's bot A did.

Runs of ``klaverjas arena --json`` with the same ``--seed`` and ``--rules`` play the same deals (deal i
from the seed text ``S:i``), and with ``--trump-by`` the same trump decisions, so a change to bot A
(against the same bot B) can be measured per deal: the mean over the deals both runs played of run 1's
A-minus-B less run 2's, with its 95% interval, beside each run's own figure.

    klaverjas arena --bot NEW --bot OPP --trump-by strong --seed 1 --deals 600 --json > new.json
    klaverjas arena --bot OLD --bot OPP --trump-by strong --seed 1 --deals 600 --json > old.json
    .venv/bin/python benchmarks/paired.py new.json old.json

Either run may also be a ``--pairs`` file, of a run still going or stopped early: the deals both have
finished are compared.  A stopped run resumed with ``klaverjas arena --from-deal N`` writes a file of its own;
the two files one after the other (``cat A.pairs B.pairs``) read as one run.
"""

from __future__ import annotations

import argparse
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
    ap.add_argument("first", type=Path)
    ap.add_argument("second", type=Path)
    args = ap.parse_args()
    one, two = load(args.first), load(args.second)
    for key in ("seed", "rules", "trump_by"):
        if one.get(key) != two.get(key):
            print(f"paired.py: the runs differ in {key} ({one.get(key)!r} and {two.get(key)!r}): not the same deals",
                  file=sys.stderr)
            return 2
    a, b = dict(map(tuple, one["pairs"])), dict(map(tuple, two["pairs"]))
    common = sorted(set(a) & set(b))
    if not common:
        print("paired.py: the runs have no deal in common", file=sys.stderr)
        return 2
    print(f"{len(common)} deals in both ({one['rules']}, seed {one['seed']}, trump by {one.get('trump_by')})")
    print(f"  run 1, {one['bots'][0]} over {one['bots'][1]}: {interval([a[i] for i in common])}")
    print(f"  run 2, {two['bots'][0]} over {two['bots'][1]}: {interval([b[i] for i in common])}")
    print(f"  run 1 minus run 2, deal by deal: {interval([a[i] - b[i] for i in common])}")
    # With bots reseeded alike and budgets that do not read the clock, a deal the change did not touch ends
    # the same in both runs: the difference comes from the others.
    same = sum(a[i] == b[i] for i in common)
    print(f"  deals that ended the same in both runs: {same} of {len(common)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
