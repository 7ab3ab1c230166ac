"""An ISMCTS reference opponent for ``strong``, speaking the bot protocol.

``strong`` is meant to beat open-source flat Monte Carlo and ISMCTS players; this is our
stand-in for the second: single-observer information-set Monte Carlo tree search (Cowling, Powley
and Whitehouse 2012).  Every iteration draws the hidden cards anew (meeting the hard constraints:
voids, counts), walks one tree of the bot's information set down the cards legal in that deal
(UCB1 with availability counts), adds one node, plays the rest at random and scores the deal
(nat, roem and pit included) as the share of the deal's points each team got.  It plays the card
tried most often.  Trump by the rules of thumb (``basic``); roem in tricks only (the Dutch games).

    klaverjas arena --bot strong --bot 'cmd:.venv/bin/python benchmarks/ismcts_bot.py' \\
        --deals 200 --rules rotterdam --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.base import Bot  # noqa: E402
from klaverjas.bots.basic import BasicBot  # noqa: E402
from klaverjas.bots.protocol import serve  # noqa: E402
from klaverjas.bots.sampling import deal_hidden  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import TABLES, PlayRules, TrumpAction, cards_of, legal_mask, trick_view  # noqa: E402
from klaverjas.core.roem import quartet_values, trick_roem  # noqa: E402
from klaverjas.core.scoring import score_deal  # noqa: E402
from klaverjas.core.seats import step_of  # noqa: E402


class Game:
    """The play of one sampled deal from the view's moment on, with the fewest objects per card."""

    def __init__(self, view: View, hands: tuple[int, int, int, int]):
        rules, trump = view.rules, view.trump
        tables = TABLES[rules.values]
        self.rules, self.trump, self.makers = rules, trump, view.makers
        self.tables, self.above, self.pts = tables, tables.above[trump], tables.points[trump]
        self.play_rules = PlayRules.of(rules)
        self.quartets = quartet_values(rules)
        self.step = step_of(rules.direction)
        self.hands = list(hands)
        self.leader = view.leader
        self.trick = list(view.trick)
        self.points, self.roem = list(view.points), list(view.roem)
        self.tricks = [sum(1 for t in view.tricks if t.winner & 1 == team) for team in (0, 1)]

    def turn(self) -> int:
        return (self.leader + len(self.trick) * self.step) % 4

    def over(self) -> bool:
        return self.tricks[0] + self.tricks[1] == 8

    def legal(self) -> int:
        hand = self.hands[self.turn()]
        if not self.trick:
            return hand
        situation = trick_view(self.trick, self.trump, self.tables)
        return legal_mask(hand, situation.led, situation.win, situation.partner_winning, self.trump, self.above,
                          self.play_rules)

    def play(self, card: int) -> None:
        self.hands[self.turn()] ^= 1 << card
        self.trick.append(card)
        if len(self.trick) < 4:
            return
        winner = (self.leader + trick_view(self.trick, self.trump, self.tables).win_pos * self.step) % 4
        team = winner & 1
        self.points[team] += sum(self.pts[c] for c in self.trick)
        if self.tricks[0] + self.tricks[1] == 7:
            self.points[team] += self.tables.last_trick
        self.roem[team] += trick_roem(tuple(self.trick), self.trump, self.quartets)
        self.tricks[team] += 1
        self.leader, self.trick = winner, []

    def shares(self) -> tuple[float, float]:
        """Each team's share of what the finished deal scored."""
        pit = 0 if self.tricks[1] == 0 else 1 if self.tricks[0] == 0 else None
        makers = self.makers if self.rules.has_makers else None
        ns, ew = score_deal(self.rules, makers, self.points, self.roem, pit if self.rules.pit_bonus else None).scores
        total = max(1, ns + ew)
        return ns / total, ew / total


class Node:
    __slots__ = ("team", "children", "visits", "avail", "reward")

    def __init__(self, team: int):
        self.team = team  # the team whose card led to this node
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


class IsmctsBot(Bot):
    name = "ismcts"

    def __init__(self, iterations: int = 1000, exploration: float = 0.7, seed: int | None = None):
        self.iterations = iterations
        self.exploration = exploration
        self.rng = random.Random(seed)
        self.basic = BasicBot()

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def trump(self, view: View) -> TrumpAction:
        return self.basic.trump(view)

    def card(self, view: View) -> int:
        legal = cards_of(view.legal)
        if len(legal) == 1 or view.rules.roem != "trick":  # a stand-in for the Dutch games only
            return self.basic.card(view) if len(legal) > 1 else legal[0]
        root = Node(-1)
        rng, c_explore = self.rng, self.exploration
        for _ in range(self.iterations):
            hands = deal_hidden(view, rng)
            if hands is None:
                break
            game = Game(view, hands)
            node, path = root, []
            while not game.over():
                team = game.turn() & 1
                cards = cards_of(game.legal())
                untried = [c for c in cards if c not in node.children]
                for c in cards:
                    if c in node.children:
                        node.children[c].avail += 1
                if untried:
                    c = rng.choice(untried)
                    child = node.children[c] = Node(team)
                    child.avail = 1
                    game.play(c)
                    path.append(child)
                    break
                c = max(cards, key=lambda c: node.children[c].reward / node.children[c].visits
                        + c_explore * math.sqrt(math.log(node.children[c].avail) / node.children[c].visits))
                node = node.children[c]
                game.play(c)
                path.append(node)
            while not game.over():
                game.play(rng.choice(cards_of(game.legal())))
            shares = game.shares()
            for n in path:
                n.visits += 1
                n.reward += shares[n.team]
        if not root.children:
            return self.basic.card(view)
        return max(root.children, key=lambda c: root.children[c].visits)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--exploration", type=float, default=0.7)
    args = ap.parse_args()
    return serve(IsmctsBot(args.iterations, args.exploration), sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
