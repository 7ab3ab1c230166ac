"""A double-dummy Monte Carlo reference opponent for ``strong`` (perfect-information Monte Carlo),
speaking the bot protocol.

It draws deals meeting only the hard constraints (voids, counts), every one counted alike, solves
each double-dummy and plays the card with the best mean, the same number of samples and budget as
``strong``; trump by the rules of thumb (``basic``).  ``strong`` differs by its soft evidence (bids,
signals, the opponents' plays) and its trump model.  Until 2026-12-01 this was the flat Monte Carlo
stand-in (then named flatmc_bot.py); benchmarks/flatmc_bot.py now plays out its samples instead.

    klaverjas arena --bot strong --bot 'cmd:.venv/bin/python benchmarks/pimc_bot.py' \\
        --deals 400 --rules rotterdam --seed 1 --jobs 2
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.protocol import serve  # noqa: E402
from klaverjas.bots.strong import StrongBot  # noqa: E402


def main() -> int:
    bot = StrongBot(play_mismatch=None, partner_bids_by_model=False, soft_evidence=False, trump_by_model=False,
                    playout_mix=0.0)
    bot.name = "pimc"
    return serve(bot, sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
