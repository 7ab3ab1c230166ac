"""Solver benchmark: seeded full deals solved from the opening lead.

    .venv/bin/python benchmarks/solver.py --deals 200 --naive-deals 5 --plain-deals 30 [--threads 2] [--after-tricks N]

Prints the median and p90 milliseconds per deal for ``solve`` (every legal opening card
valued exactly; ``--threads``, default both cores up to 2, search the cards side by side), for
``Solver.value`` (the deal's value alone, one thread) and, on the first ``--naive-deals`` of
the same deals in the same run, the same compiled kernel without transposition table, merging,
move ordering or MTD(f) (one thread), and on the first ``--plain-deals`` a compiled plain
alpha-beta over the deal's result (``benchmarks/plain_alphabeta.py``, one thread), with the speed-up: by the
clock, and by processor time (what the threads spent together).  Plain alpha-beta's time varies
by orders of magnitude from deal to deal, so use at least 20 plain deals.  The first call's numba
compile/cache-load time is reported apart.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
# The baselines by the names the tests import them under (numba's cache records a module's name).
sys.path.insert(0, str(ROOT))

from klaverjas.bots import BasicBot, View  # noqa: E402
from klaverjas.core import Deal, Rules  # noqa: E402
from klaverjas.core.tables import TABLES  # noqa: E402
from klaverjas.solver import Position, Solver  # noqa: E402
from klaverjas.solver.engine import HAVE_NUMBA  # noqa: E402


def opening(rules: Rules, seed: int, after: int = 0) -> Position:
    """Deal ``seed``; the first lead seat makes its strongest suit trump (a simple trump point count); then
    ``after`` tricks played by the rules of thumb (the basic level)."""
    rng = random.Random(seed)
    deal = Deal.new(rules, rng.randrange(4), seed=rng.randrange(1 << 30))
    seat = deal.leader
    hand = deal.hands[seat]
    tables = TABLES[rules.values]

    def strength(suit: int) -> int:
        return sum(tables.points[suit][c] + 5 for c in range(8 * suit, 8 * suit + 8) if hand >> c & 1)

    trump = max(range(4), key=strength)
    deal.set_trump(trump, seat if rules.has_makers else None)
    basic = BasicBot()
    for _ in range(4 * after):
        deal.play(basic.card(View.of(deal, deal.turn)))
    return Position.from_deal(deal)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--naive-deals", type=int, default=5)
    ap.add_argument("--plain-deals", type=int, default=0,
                    help="also run plain_alphabeta.py (compiled plain alpha-beta over the result) on this many deals")
    ap.add_argument("--python-naive", type=int, default=0,
                    help="also time tests/solver/minimax.alphabeta (pure Python, root value only) on this many deals")
    ap.add_argument("--rules", default="amsterdam")
    ap.add_argument("--objective", default="real", choices=("real", "points"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--after-tricks", type=int, default=0, metavar="N",
                    help="solve after N tricks played by the rules of thumb instead of from the opening lead "
                    "(where the strong player first asks the solver in sa: N=2)")
    args = ap.parse_args()
    if not 0 <= args.after_tricks <= 7:
        ap.error(f"--after-tricks: from 0 to 7, not {args.after_tricks}")
    rules = Rules.parse(args.rules)
    positions = [opening(rules, args.seed * 100003 + i, args.after_tricks) for i in range(args.deals)]
    solver = Solver(threads=args.threads)
    t0 = time.perf_counter()
    solver.solve(positions[0], args.objective)
    first = time.perf_counter() - t0
    times, cpu, nodes = [], [], []
    values = []
    for pos in positions:
        t = time.perf_counter()
        c = time.process_time()
        result = solver.solve(pos, args.objective)
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
        nodes.append(result.nodes)
        values.append(result.value)
    print(f"numba: {HAVE_NUMBA}; first call (compile or cache load + one solve): {first:.2f} s")
    start = f" after {args.after_tricks} trick(s)" if args.after_tricks else ""
    print(f"{args.rules} {args.objective}{start}, {args.threads} thread(s): {args.deals} deals, "
          f"median {statistics.median(times):.1f} ms, "
          f"p90 {pct(times, 0.9):.1f} ms, max {max(times):.1f} ms, mean {statistics.mean(times):.1f} ms, "
          f"median nodes {int(statistics.median(nodes))}")
    print(f"  cpu time (all threads together; less disturbed by other load): median {statistics.median(cpu):.1f} ms, "
          f"p90 {pct(cpu, 0.9):.1f} ms")
    # The deal's value alone (Solver.value), what a solver that does not value every card reports.
    alone = Solver()
    alone_cpu = []
    for pos, value in zip(positions, values, strict=True):
        c = time.process_time()
        assert alone.value(pos, args.objective) == value, "value alone and solve disagree"
        alone_cpu.append((time.process_time() - c) * 1000)
    print(f"  the deal's value alone (Solver.value), cpu: median {statistics.median(alone_cpu):.1f} ms, "
          f"p90 {pct(alone_cpu, 0.9):.1f} ms")
    if args.naive_deals:
        naive = Solver(tt_bits=4)
        naive.options.tt = naive.options.merge = naive.options.order = naive.options.mtd = False
        k = min(args.naive_deals, args.deals)
        naive_times = []
        for pos, value in zip(positions[:k], values[:k], strict=True):
            t = time.process_time()
            result = naive.solve(pos, args.objective)
            naive_times.append((time.process_time() - t) * 1000)
            assert result.value == value, "naive and fast solver disagree"
        fast, fast_cpu = sum(times[:k]), sum(cpu[:k])
        slow = sum(naive_times)
        print(f"naive alpha-beta on the first {k} deals (one thread, cpu): median "
              f"{statistics.median(naive_times):.0f} ms, total {slow:.0f} ms vs {fast:.0f} ms by the clock: "
              f"{slow / fast:.0f}x faster ({fast_cpu:.0f} ms cpu: {slow / fast_cpu:.0f}x)")
    if args.plain_deals:
        from benchmarks.plain_alphabeta import plain_values

        k = min(args.plain_deals, args.deals)
        plain_times, plain_nodes = [], []
        for pos, value in zip(positions[:k], values[:k], strict=True):
            t = time.process_time()
            cards, count = plain_values(pos, args.objective)
            plain_times.append((time.process_time() - t) * 1000)
            plain_nodes.append(count)
            best = max(cards.values()) if pos.turn & 1 == 0 else min(cards.values())
            assert best == value, "plain alpha-beta and solver disagree"
        # Plain alpha-beta's cost varies by orders of magnitude between deals, so a few deals say
        # little: the total and the per-deal ratios (median and lowest) are printed, by the clock and
        # by processor time (what both of the solver's threads spent together).
        clock_ratios = [s / f for s, f in zip(plain_times, times[:k], strict=True)]
        cpu_ratios = [s / f for s, f in zip(plain_times, cpu[:k], strict=True)]
        slow = sum(plain_times)
        print(f"plain alpha-beta over the deal's result (plain_alphabeta) on the first {k} deals (one thread, cpu): "
              f"median {statistics.median(plain_times):.0f} ms, median nodes {int(statistics.median(plain_nodes))}; "
              f"total {slow:.0f} ms vs {sum(times[:k]):.0f} ms by the clock: {slow / sum(times[:k]):.0f}x faster "
              f"({sum(cpu[:k]):.0f} ms cpu: {slow / sum(cpu[:k]):.0f}x)")
        print(f"  per deal, by the clock: median {statistics.median(clock_ratios):.0f}x, "
              f"lowest {min(clock_ratios):.0f}x; by cpu: median {statistics.median(cpu_ratios):.0f}x, "
              f"lowest {min(cpu_ratios):.0f}x")
    if args.python_naive:
        from tests.solver.minimax import alphabeta

        k = min(args.python_naive, args.deals)
        py_times = []
        for pos, value in zip(positions[:k], values[:k], strict=True):
            t = time.process_time()
            assert alphabeta(pos, args.objective) == value, "reference alpha-beta and solver disagree"
            py_times.append((time.process_time() - t) * 1000)
        fast = sum(cpu[:k])
        print(f"pure-Python alpha-beta (root value only) on the first {k} deals (cpu): "
              f"total {sum(py_times):.0f} ms vs {fast:.0f} ms for every card: {sum(py_times) / fast:.0f}x faster")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
