"""``strong`` with a fixed number of samples, its opponents' cards read by the rule of thumb or by the
fitted card-play model, over the bot protocol.

The strong level weighs each sampled deal by the opponents' cards so far.  By default a card the
rules of thumb would not have played from the hand a sample gives that opponent scales the sample by
0.3; with ``--model`` the sample is weighed by the fitted card-play model's probability of each card
played (:mod:`klaverjas.bots.play_model`).  Both search all their samples (60) at every card decision
whatever the machine's load, as benchmarks/strong_samples_bot.py does, so two runs on the same seed
differ by the evidence alone:

    klaverjas arena --bot 'cmd:.venv/bin/python benchmarks/strong_inference_bot.py --model' \\
        --bot 'cmd:.venv/bin/python benchmarks/ismcts_bot.py' --trump-by strong --deals 300 \\
        --rules rotterdam --seed 1 --jobs 1 --json
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.protocol import serve  # noqa: E402
from klaverjas.bots.strong import PLAYOUT_MIX, StrongBot  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", action="store_true", help="read the opponents' cards by the card-play model")
    ap.add_argument("--samples", type=int, default=60)
    ap.add_argument("--budget", type=float, default=math.inf, help="ms a card (default: all samples)")
    ap.add_argument("--mix", type=float, default=PLAYOUT_MIX,
                    help="weight of the greedy playouts in a card's value (0: the player before them)")
    args = ap.parse_args()
    bot = StrongBot(samples=args.samples, budget_ms=args.budget, play_by_model=args.model, playout_mix=args.mix)
    bot.name = f"strong-{args.samples}" + ("-model" if args.model else "")
    return serve(bot, sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
