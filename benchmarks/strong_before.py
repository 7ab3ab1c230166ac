"""The strong player with the trump model it had before (2026-11-30), speaking the bot protocol.

The card play is today's ``strong``; only the trump decisions (and partner's bids read by the
model) use the linear model of ``benchmarks/bidding_model_before.json``, so a duplicate match
against ``strong`` measures the new trump model alone:

    klaverjas arena --bot strong --bot 'cmd:.venv/bin/python benchmarks/strong_before.py' \\
        --deals 400 --rules rotterdam --seed 1 --jobs 2
"""

from __future__ import annotations

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
    # Both the trump decisions and the reading of partner's bids take the model from these two names.
    bidding.model = old_model
    strong.__dict__["bidding_model"] = old_model
    bot = strong.StrongBot()
    bot.name = "strong-before"
    return serve(bot, sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
