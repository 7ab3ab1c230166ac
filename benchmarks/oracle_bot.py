"""A player who sees every card, speaking the bot protocol: the ceiling of card play alone.

It is told the arena's seed and finds the deal being played among that seed's deals by its own
dealt hand (``klaverjas arena`` deals deal ``i`` of seed ``S`` from ``random.Random(f"{S}:{i}")``),
then plays a card the double-dummy solver values best on the true deal (the real score, nat
included; among equal cards the cheapest).  Both partners see everything, so what it scores over a
fair player is about what perfect knowledge of the hidden cards is worth against that player: the
room there is for any fair player's card play (docs/bots.md, "How far card play can go").
Trump decisions are made by the rules of thumb; run it with ``--trump-by`` to compare card play alone.

    klaverjas arena --bot 'cmd:.venv/bin/python benchmarks/oracle_bot.py --seed 61 --deals 500' \\
        --bot 'cmd:.venv/bin/python benchmarks/flatmc_bot.py' --trump-by strong --rules rotterdam \\
        --deals 500 --seed 61 --jobs 2
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.base import Bot  # noqa: E402
from klaverjas.bots.basic import BasicBot  # noqa: E402
from klaverjas.bots.protocol import serve  # noqa: E402
from klaverjas.bots.strong import position_of  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import TABLES, Deal, Rules, TrumpAction, cards_of  # noqa: E402
from klaverjas.solver import Solver  # noqa: E402

Hands = tuple[int, int, int, int]


class OracleBot(Bot):
    name = "oracle"

    def __init__(self, seed: int, deals: int) -> None:
        self.seed = seed
        self.deals = deals
        self.solver = Solver()
        # Per rule set: every deal of the seed, by (seat, that seat's dealt hand).
        self._by_hand: dict[Rules, dict[tuple[int, int], Hands]] = {}

    def _index(self, rules: Rules) -> dict[tuple[int, int], Hands]:
        index = self._by_hand.get(rules)
        if index is None:
            index = self._by_hand[rules] = {}
            for i in range(self.deals):  # dealt as the arena deals them: the dealer is the index mod 4
                deal = Deal.new(rules, i % 4, random.Random(f"{self.seed}:{i}"))
                hands = (deal.hands[0], deal.hands[1], deal.hands[2], deal.hands[3])
                for seat in range(4):
                    index[(seat, hands[seat])] = hands
        return index

    def true_hands(self, view: View) -> Hands:
        """The four hands as they are now, from the dealt deal this seat's cards belong to."""
        dealt = view.hand | view.played_by[view.seat]
        hands = self._index(view.rules).get((view.seat, dealt))
        if hands is None:
            raise SystemExit(f"oracle_bot: no deal of seed {self.seed} (first {self.deals}) gives this hand")
        played = view.played
        return (hands[0] & ~played, hands[1] & ~played, hands[2] & ~played, hands[3] & ~played)

    def trump(self, view: View) -> TrumpAction:
        return BasicBot().trump(view)

    def card(self, view: View) -> int:
        legal = cards_of(view.legal)
        if len(legal) == 1:
            return legal[0]
        best = self.solver.solve(position_of(view, self.true_hands(view))).best
        points, strength = TABLES[view.rules.values].points[view.trump], TABLES[view.rules.values].strength[view.trump]
        return min(best, key=lambda c: (points[c], strength[c]))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, required=True, help="the arena's --seed")
    ap.add_argument("--deals", type=int, required=True, help="the arena's --deals (or more)")
    args = ap.parse_args()
    return serve(OracleBot(args.seed, args.deals), sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
