"""``strong`` with all its samples at every card decision, whatever the machine's load, over the bot protocol.

The strong level searches within a time budget (150 ms, at least 6 samples, at most 60), so on a
machine busy with other work it searches fewer samples and plays weaker than on an idle one.  This
serves the same player without the budget (always 60 samples where 60 can be drawn): a measurement
of its card play that does not depend on the load.  Only the budget differs.

    klaverjas arena --bot 'cmd:.venv/bin/python benchmarks/strong_samples_bot.py' \\
        --bot 'cmd:.venv/bin/python benchmarks/flatmc_bot.py' --trump-by strong --deals 200 --rules rotterdam --jobs 2
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.protocol import serve  # noqa: E402
from klaverjas.bots.strong import StrongBot  # noqa: E402


def main() -> int:
    bot = StrongBot(budget_ms=math.inf)
    bot.name = "strong-60"
    return serve(bot, sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
