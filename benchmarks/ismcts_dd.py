"""Information-set Monte Carlo tree search with double-dummy leaf values, for the strong player's cards.

The strong player values a card by the double-dummy mean over deals of the hidden cards: in each deal every
later card, the opponents' and its own, is played as if every hand were seen (strategy fusion, and opponents
who answer the card knowing where everything is).  Here the next few plays are searched instead as a tree
over what is seen (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): each iteration draws one of
the player's weighed deals (in proportion to its weight) and walks the tree from the card to play, every seat
choosing among the cards it holds in that deal by the statistics the tree gathered over all deals (the same
node whatever the hidden hands), so a reply or its own next card is one choice for the deals that look alike,
not the best card of each.  Where the walk leaves the tree, or ``depth`` plays after the root, the
double-dummy solver values the position in that deal (one solve giving every next card's value, each
recorded in the node's children), and that value goes back up the walk.

The root's cards are walked in turn (each card's mean is wanted, not only the best one's); below the root
a seat chooses by UCB1 over the cards available to it in the deal (``explore`` points times
sqrt(ln(available) / visits)).  The means then take the playouts' share as the player's own do
(:meth:`klaverjas.bots.strong.StrongBot.blended`).

``tree_figures(bot, view, depth, explore)``: per legal card, its mean for the bot's team; best first.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.strong import CardFigures, StrongBot, holds_trick, position_of  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import cards_of  # noqa: E402


@dataclass
class Node:
    """The plays after the root so far; per card played from here, its visits, the times it was available
    and its values summed (North-South's final score minus East-West's), and its node."""

    visits: dict[int, int] = field(default_factory=dict)
    available: dict[int, int] = field(default_factory=dict)
    sums: dict[int, float] = field(default_factory=dict)
    children: dict[int, Node] = field(default_factory=dict)

    def record(self, card: int, value: float) -> None:
        self.visits[card] = self.visits.get(card, 0) + 1
        self.sums[card] = self.sums.get(card, 0.0) + value

    def choose(self, cards: list[int], maximising: bool, explore: float) -> int:
        """By UCB1 among ``cards`` (each seen at least once), for the side to move."""
        sign = 1.0 if maximising else -1.0

        def score(c: int) -> float:
            n = self.visits[c]
            return sign * self.sums[c] / n + explore * math.sqrt(math.log(max(self.available[c], 1)) / n)

        return max(cards, key=lambda c: (score(c), -c))


def tree_values(root_of: Callable[[int], Any], worlds: int, pick: Callable[[], int], legal: list[int],
                solve: Callable[[Any], tuple[int, dict[int, int]]], iterations: int, done: Callable[[], bool],
                depth: int, explore: float) -> tuple[dict[int, float], dict[int, int]]:
    """Per root card, the mean of its values (North-South's side) and its visits.

    ``root_of(i)`` is the root position in deal ``i`` of ``worlds``, ``pick()`` draws a deal's index,
    ``solve(pos)`` gives (value, every legal card's value) of a position not over, ``done()`` says the budget is spent
    (asked after each iteration, once every root card has one)."""
    root = Node()
    for it in range(iterations):
        if it >= len(legal) and done():
            break
        card = min(legal, key=lambda c: (root.visits.get(c, 0), c))
        pos = root_of(pick()).play(card)
        path: list[tuple[Node, int]] = [(root, card)]
        node = root.children.setdefault(card, Node())
        plays = 1
        while True:
            if pos.is_over:
                value = float(pos.final_value("real", pos))
                break
            cards = cards_of(pos.legal())
            for c in cards:
                node.available[c] = node.available.get(c, 0) + 1
            if plays >= depth or any(c not in node.visits for c in cards):
                value_here, values = solve(pos)
                for c in cards:
                    node.record(c, float(values[c]))
                value = float(value_here)
                break
            c = node.choose(cards, pos.turn & 1 == 0, explore)
            path.append((node, c))
            node = node.children.setdefault(c, Node())
            pos = pos.play(c)
            plays += 1
        for parent, c in path:
            parent.record(c, value)
    means = {c: root.sums[c] / root.visits[c] for c in legal if root.visits.get(c)}
    return means, {c: root.visits.get(c, 0) for c in legal}


def tree_figures(bot: StrongBot, view: View, depth: int, explore: float) -> list[CardFigures]:
    """The bot's figures with the double-dummy means replaced by the tree's (see the module's text), within
    its budget on its clock; iterations at most its samples times the legal cards."""
    legal = cards_of(view.legal)
    start = bot.clock()
    evidence = bot.evidence(view)
    drawn = list(bot.weighed_worlds(view, evidence))
    if not drawn:
        return StrongBot.figures(bot, view)
    total = sum(w.weight for w in drawn)
    ends = []
    acc = 0.0
    for w in drawn:
        acc += w.weight
        ends.append(acc)
    roots: dict[int, Any] = {}

    def root_of(i: int) -> Any:
        if i not in roots:
            roots[i] = position_of(view, drawn[i].hands)
        return roots[i]

    def pick() -> int:
        x = bot.rng.random() * total
        lo = 0
        hi = len(ends) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if ends[mid] > x:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def solve(pos: Any) -> tuple[int, dict[int, int]]:
        values = bot.solve_fn(pos)
        best = max(values.values()) if pos.turn & 1 == 0 else min(values.values())
        return best, values

    deadline = start + bot.budget_ms / 1000
    least = bot.min_samples * len(legal)
    count = [0]

    def done() -> bool:
        count[0] += 1
        return count[0] >= least and bot.clock() >= deadline

    means, visits = tree_values(root_of, len(drawn), pick, legal, solve, bot.samples * len(legal), done, depth,
                                explore)
    sign = 1 if view.team == 0 else -1
    holds = {c: sum(holds_trick(view, c, w.hands) for w in drawn) for c in legal}
    bot.searched.append(((bot.clock() - start) * 1000, len(drawn)))
    figs = [CardFigures(c, sign * means.get(c, 0.0), holds[c], visits[c]) for c in legal]
    return bot.blended(view, figs, bot.playout_weight(view), drawn, evidence)
