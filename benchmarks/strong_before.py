"""The strong player as it was before (2026-11-30), speaking the bot protocol.

Its card search has the settings of then (60 samples within 150 ms); its trump decisions (and
partner's bids read by the model) use the linear model of ``benchmarks/bidding_model_before.json``,
so a duplicate match against ``strong`` measures the new trump model (and any change of the card
settings); ``--bidding new`` keeps today's trump model, to measure the card play alone:

    klaverjas arena --bot strong --bot 'cmd:.venv/bin/python benchmarks/strong_before.py' \\
        --deals 400 --rules rotterdam --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from klaverjas.bots import bidding, strong  # noqa: E402
from klaverjas.bots.bidding import BiddingModel, parse_model  # noqa: E402
from klaverjas.bots.protocol import serve  # noqa: E402


@cache
def old_model(values: str = "dutch") -> BiddingModel:
    return parse_model((HERE / "bidding_model_before.json").read_text())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bidding", choices=("old", "new"), default="old")
    # Card settings to try against the old ones (the old: 60 samples within 150 ms, no enumeration).
    ap.add_argument("--samples", type=int, default=60)
    ap.add_argument("--budget", type=float, default=150.0, help="ms a card")
    ap.add_argument("--enumerate", type=int, default=0, help="search every hidden deal when at most this many")
    ap.add_argument("--mix", type=float, default=0.0, help="weight of the greedy playouts in a card's value "
                    "(the old: none)")
    args = ap.parse_args()
    if args.bidding == "old":
        # Both the trump decisions and the reading of partner's bids take the model from these two names.
        bidding.model = old_model
        strong.__dict__["bidding_model"] = old_model
    bot = strong.StrongBot(samples=args.samples, budget_ms=args.budget, min_samples=6,
                           enumerate_up_to=args.enumerate, playout_mix=args.mix)
    bot.name = "strong-before"
    return serve(bot, sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
