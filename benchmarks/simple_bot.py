"""A simple rule-based player, speaking the bot protocol: the yardstick the open-source players
are measured against.

The open-source flat Monte Carlo and ISMCTS players score +57 and +42 points a deal over this bot
(measured by the users; docs/bots.md, "The reference players").  It is greedier than ``basic``
(no trump drawing, no signals, no roem): it leads a card that is the highest left of its suit, else its cheapest card;
unless its partner heads the trick it takes the trick when it can, as cheaply as it can, and
otherwise throws its cheapest card; last to play on partner's trick it gives its most points.
Trump by the rules of thumb (``basic``).
Measuring our players against it tells how strong they are on the scale of that report.

    klaverjas arena --bot 'cmd:.venv/bin/python benchmarks/flatmc_bot.py' \\
        --bot 'cmd:.venv/bin/python benchmarks/simple_bot.py' --trump-by basic --deals 400 --rules rotterdam \\
        --seed 1 --jobs 2
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.base import Bot  # noqa: E402
from klaverjas.bots.basic import BasicBot  # noqa: E402
from klaverjas.bots.protocol import serve  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import TABLES, TrumpAction, cards_of, trick_view  # noqa: E402


class SimpleBot(Bot):
    name = "simple"

    def trump(self, view: View) -> TrumpAction:
        return BasicBot().trump(view)

    def card(self, view: View) -> int:
        tables = TABLES[view.rules.values]
        strength, points = tables.strength[view.trump], tables.points[view.trump]
        legal = cards_of(view.legal)
        cheapest = min(legal, key=lambda c: (points[c], strength[c]))
        if not view.trick:  # a card that is the highest left of its suit, else the cheapest
            bosses = [c for c in legal if c == view.highest_left(c >> 3)]
            return max(bosses, key=lambda c: (c >> 3 != view.trump, points[c])) if bosses else cheapest
        situation = trick_view(view.trick, view.trump, tables)
        if situation.partner_winning:  # last to play: partner has the trick, give it points
            return max(legal, key=lambda c: (points[c], -strength[c])) if len(view.trick) == 3 else cheapest
        beaten_by = tables.beaten_by[view.trump]
        winners = [c for c in legal if beaten_by[situation.win] >> c & 1]
        return min(winners, key=lambda c: (strength[c], points[c])) if winners else cheapest


def main() -> int:
    return serve(SimpleBot(), sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
