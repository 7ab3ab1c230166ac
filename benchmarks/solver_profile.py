"""Where the solver's time goes, per compiled kernel function, measured with Linux ``perf``.

    .venv/bin/python benchmarks/solver_profile.py --deals 60 [--rules amsterdam]

numba's cached machine code carries no symbols, so ``perf report`` sees one anonymous blob.  This
script runs the solves under ``perf record`` in a child process that compiles the kernel afresh
(into a temporary ``NUMBA_CACHE_DIR``, so numba still knows every function's code), has the child
write each compiled function's entry address, and attributes every sample in the compiled code
to the function whose entry precedes it.  It prints the share of the kernel's samples per
function (functions inlined into another count as that one).  Needs ``perf`` on the PATH.
"""

from __future__ import annotations

import argparse
import bisect
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def child(deals: int, rules_text: str, entries: str) -> None:
    """Solve the deals, then write the entry address of every compiled kernel function."""
    from benchmarks.solver import opening

    from klaverjas.core import Rules
    from klaverjas.solver import Solver
    from klaverjas.solver import engine as E

    rules = Rules.parse(rules_text)
    solver = Solver()
    for i in range(deals):
        solver.solve(opening(rules, 100003 + i))
    with open(entries, "w") as out:
        for name in dir(E):
            for cres in getattr(getattr(E, name), "overloads", {}).values():
                library = cres.library
                for fn in library._final_module.functions:  # compiled in this process: the IR is there
                    if not fn.is_declaration:
                        address = library.get_pointer_to_function(fn.name)
                        found = re.search(r"engine(\d+)(\w+)", fn.name)
                        if address and found:
                            out.write(f"{address} {found.group(2)[: int(found.group(1))]}\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--rules", default="amsterdam")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.deals, args.rules, args.child)
        return 0
    if shutil.which("perf") is None:
        print("perf is not installed (Debian: apt-get install linux-perf)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        entries, data = os.path.join(tmp, "entries"), os.path.join(tmp, "perf.data")
        env = {**os.environ, "NUMBA_CACHE_DIR": os.path.join(tmp, "cache")}
        print(f"compiling the kernel afresh and solving {args.deals} deals under perf ...", flush=True)
        subprocess.run(["perf", "record", "-q", "-F", "2000", "-o", data, sys.executable, __file__,
                        "--deals", str(args.deals), "--rules", args.rules, "--child", entries],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        samples = subprocess.run(["perf", "script", "-i", data, "-F", "ip,dso"], capture_output=True,
                                 text=True, check=True).stdout.splitlines()
        table = sorted((int(a), name) for a, name in (line.split() for line in Path(entries).read_text().splitlines()))
    starts = [a for a, _ in table]
    counts: collections.Counter[str] = collections.Counter()
    for line in samples:
        parts = line.split()
        if len(parts) < 2 or "perf-" not in parts[1]:  # the JIT's anonymous memory (not the compiler)
            continue
        i = bisect.bisect_right(starts, int(parts[0], 16)) - 1
        counts[table[i][1] if i >= 0 else "?"] += 1
    total = sum(counts.values())
    print(f"{total} samples in the compiled kernel")
    for name, n in counts.most_common(12):
        print(f"{100 * n / max(total, 1):5.1f}%  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
