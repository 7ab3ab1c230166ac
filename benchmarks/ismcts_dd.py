"""Information-set Monte Carlo tree search with double-dummy leaf values, for the strong player's cards.

The strong player values a card by the double-dummy mean over deals of the hidden cards: in each deal every
later card, the opponents' and its own, is played as if every hand were seen (strategy fusion, and opponents
who answer the card knowing where everything is).  Here the next few plays are searched instead as a tree
over what is seen (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): each iteration takes one of
the player's weighed deals and walks the tree from the card to play, every seat choosing among the cards it
holds in that deal by the statistics the tree gathered over all deals (the same node whatever the hidden
hands), so a reply or its own next card is one choice for the deals that look alike, not the best card of
each.  Where the walk leaves the tree, or ``depth`` plays after the root, the
double-dummy solver values the position in that deal (one solve giving every next card's value, each
recorded in the node's children), and that value goes back up the walk.

Every root card is walked once in a deal before the next deal (each card's mean is wanted, not only the best
one's, and the cards are compared on the same deals, each weighed by its evidence); below the root
a seat chooses by UCB1 over the cards available to it in the deal (``explore`` points times
sqrt(ln(available) / visits)).  The means then take the playouts' share as the player's own do
(:meth:`klaverjas.bots.strong.StrongBot.blended`).

``tree_figures(bot, view, depth, explore)``: per legal card, its mean for the bot's team; best first.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.strong import CardFigures, StrongBot, holds_trick, position_of  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import cards_of  # noqa: E402


@dataclass
class Node:
    """The plays after the root so far; per card played from here, its visits, the times it was available,
    its deals' weights and its values summed by them (North-South's final score minus East-West's), and its
    node."""

    visits: dict[int, int] = field(default_factory=dict)
    available: dict[int, int] = field(default_factory=dict)
    weights: dict[int, float] = field(default_factory=dict)
    sums: dict[int, float] = field(default_factory=dict)
    children: dict[int, Node] = field(default_factory=dict)

    def record(self, card: int, value: float, weight: float) -> None:
        self.visits[card] = self.visits.get(card, 0) + 1
        self.weights[card] = self.weights.get(card, 0.0) + weight
        self.sums[card] = self.sums.get(card, 0.0) + weight * value

    def mean(self, card: int) -> float:
        return self.sums[card] / self.weights[card] if self.weights[card] > 0 else 0.0

    def choose(self, cards: list[int], maximising: bool, explore: float) -> int:
        """By UCB1 among ``cards`` (each seen at least once), for the side to move."""
        sign = 1.0 if maximising else -1.0

        def score(c: int) -> float:
            bonus = explore * math.sqrt(math.log(max(self.available[c], 1)) / self.visits[c]) if explore else 0.0
            return sign * self.mean(c) + bonus

        return max(cards, key=lambda c: (score(c), -c))


def tree_values(roots: Sequence[Any], weights: Sequence[float], legal: list[int],
                solve: Callable[[Any], tuple[int, dict[int, int]]], done: Callable[[], bool], depth: int,
                explore: float) -> tuple[dict[int, float], int]:
    """Per root card, the weighted mean of its values (North-South's side), and the deals searched.

    ``roots`` are the root position in each deal and ``weights`` the deals' weights; every root card is walked
    once in one deal before the next deal (so the cards are compared on the same deals, as the double-dummy
    mean compares them), the deals in turn until ``done()`` (asked before every deal but the first) or every
    deal is walked.
    ``solve(pos)`` gives (value, every legal card's value) of a position not over."""
    root = Node()
    deals = 0
    for pos0, weight in zip(roots, weights, strict=True):
        if deals and done():
            break
        deals += 1
        for card in legal:
            pos = pos0.play(card)
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
                        node.record(c, float(values[c]), weight)
                    value = float(value_here)
                    break
                c = node.choose(cards, pos.turn & 1 == 0, explore)
                path.append((node, c))
                node = node.children.setdefault(c, Node())
                pos = pos.play(c)
                plays += 1
            for parent, c in path:
                parent.record(c, value, weight)
    means = {c: root.mean(c) for c in legal if root.visits.get(c)}
    return means, deals


def tree_figures(bot: StrongBot, view: View, depth: int, explore: float) -> list[CardFigures]:
    """The bot's figures with the double-dummy means replaced by the tree's (see the module's text), over its
    weighed deals within its budget on its clock."""
    legal = cards_of(view.legal)
    start = bot.clock()
    evidence = bot.evidence(view)
    drawn = list(bot.weighed_worlds(view, evidence))
    if not drawn:
        return StrongBot.figures(bot, view)

    def solve(pos: Any) -> tuple[int, dict[int, int]]:
        values = bot.solve_fn(pos)
        return (max(values.values()) if pos.turn & 1 == 0 else min(values.values())), values

    deadline = start + bot.budget_ms / 1000
    searched = [0]

    def done() -> bool:
        searched[0] += 1
        return searched[0] >= bot.min_samples and bot.clock() >= deadline

    roots = [position_of(view, w.hands) for w in drawn]
    means, deals = tree_values(roots, [w.weight for w in drawn], legal, solve, done, depth, explore)
    used = drawn[:deals]
    sign = 1 if view.team == 0 else -1
    holds = {c: sum(holds_trick(view, c, w.hands) for w in used) for c in legal}
    bot.searched.append(((bot.clock() - start) * 1000, deals))
    figs = [CardFigures(c, sign * means.get(c, 0.0), holds[c], deals) for c in legal]
    return bot.blended(view, figs, bot.playout_weight(view), used, evidence)
