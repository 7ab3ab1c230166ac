"""``strong`` with another weight of the greedy playouts in its card values, over the bot protocol.

The strong player values a card by the mean of its double-dummy solutions blended with the mean of
greedy playouts (``klaverjas.solver.playouts``), half each (``PLAYOUT_MIX`` in bots/strong.py).  This
serves the same player with another weight, to measure it: ``--mix 0`` is the double-dummy mean alone,
the strong player before the playouts; ``--budget inf`` searches all 60 samples whatever the load.

    klaverjas arena --bot 'cmd:.venv/bin/python benchmarks/strong_hybrid_bot.py --mix 0' \\
        --bot 'cmd:.venv/bin/python benchmarks/flatmc_bot.py' --trump-by strong --deals 300 --rules rotterdam
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.protocol import serve  # noqa: E402
from klaverjas.bots.strong import PLAYOUT_MIX, PLAYOUT_POLICY, PLAYOUT_WORLDS, StrongBot  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mix", type=float, default=PLAYOUT_MIX, help="weight of the playouts' mean (0: none)")
    ap.add_argument("--worlds", type=int, default=PLAYOUT_WORLDS, help="playout deals a decision")
    ap.add_argument("--budget", type=float, default=150.0, help="ms a card for the double-dummy samples")
    ap.add_argument("--policy", choices=("heuristic", "sharp"), default=PLAYOUT_POLICY,
                    help="the playouts' rules (klaverjas.solver.playouts)")
    args = ap.parse_args()
    bot = StrongBot(budget_ms=args.budget, playout_mix=args.mix, playout_worlds=args.worlds,
                    playout_policy=args.policy)
    bot.name = f"strong-mix-{args.mix:g}-{args.policy}"
    return serve(bot, sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
