"""The tree search over what is seen with double-dummy leaves (benchmarks/ismcts_dd.py), against the plain
reference minimax of the solver's tests."""

from __future__ import annotations

import pytest
from benchmarks import ismcts_dd as TREE
from tests.solver import minimax as reference

from klaverjas.bots import View, strong
from klaverjas.bots.strong import StrongBot
from klaverjas.core import cards_of
from klaverjas.solver import Position

from .helpers import hands_of, walk


def reference_solve(pos):  # type: ignore[no-untyped-def]
    values = reference.minimax_cards(pos)
    return (max(values.values()) if pos.turn & 1 == 0 else min(values.values())), values


def searched(roots: list[Position], legal: list[int], depth: int, explore: float,
             weights: list[float] | None = None) -> dict[int, float]:
    """The tree's means over every deal of ``roots`` (the root position in each)."""
    means, deals = TREE.tree_values(roots, weights or [1.0] * len(roots), legal, reference_solve, lambda: False,
                                    depth, explore)
    assert deals == len(roots)
    return means


def deals_of(bot: StrongBot, view: View) -> tuple[list[int], list[Position], list[float], list[dict[int, int]]]:
    """The legal cards, and per weighed deal the bot draws its root position, weight and every card's value."""
    worlds = list(bot.worlds(view))
    roots = [strong.position_of(view, w.hands) for w in worlds]
    return cards_of(view.legal), roots, [w.weight for w in worlds], [reference.minimax_cards(r) for r in roots]


def late_deals(seeds: range):  # type: ignore[no-untyped-def]
    for seed in seeds:
        for deal, view in walk("rotterdam", seed):
            if view.phase == "play" and len(view.tricks) >= 5 and view.legal.bit_count() >= 2:
                yield deal, view


def test_on_the_one_true_deal_without_exploring_every_card_gets_its_double_dummy_value() -> None:
    # One deal, every hand seen: each node's first visit records every card's exact value, and a seat that
    # then picks its best card by those values plays as minimax does, so the root's means are exact whatever
    # the depth.
    checked = 0
    for deal, view in late_deals(range(3)):
        root = strong.position_of(view, hands_of(deal))
        exact = reference.minimax_cards(root)
        legal = cards_of(view.legal)
        for depth in (1, 3, 6):
            assert searched([root] * 12, legal, depth, 0.0) == {c: float(exact[c]) for c in legal}
        checked += 1
    assert checked >= 10


def test_one_play_deep_the_tree_is_the_double_dummy_mean_over_the_deals() -> None:
    bot = StrongBot(samples=5, seed=2)
    checked = 0
    for _, view in late_deals(range(4)):
        legal, roots, weights, values = deals_of(bot, view)
        means = searched(roots, legal, 1, 20.0, weights)
        for c in legal:
            expected = sum(w * v[c] for w, v in zip(weights, values, strict=True)) / sum(weights)
            assert means[c] == pytest.approx(expected, rel=1e-12, abs=1e-9)
        checked += 1
    assert checked >= 10


def test_deeper_the_later_seats_choose_once_for_the_deals_that_look_alike() -> None:
    # Over several deals the later seats of the tree choose one card for the deals that look alike to them,
    # not each deal's best, so its means differ from the double-dummy mean somewhere; each stays within the
    # values the deals can give.
    bot = StrongBot(samples=6, seed=5)
    differ = 0
    for _, view in late_deals(range(3)):
        legal, roots, _, values = deals_of(bot, view)
        means = searched(roots * 8, legal, 4, 20.0)
        for c in legal:
            low = min(min(v.values()) for v in values)
            high = max(max(v.values()) for v in values)
            assert low <= means[c] <= high
            pimc = sum(v[c] for v in values) / len(values)
            differ += abs(means[c] - pimc) > 1e-9
    assert differ >= 3


def test_the_bot_plays_a_legal_card_from_ranked_figures() -> None:
    bot = StrongBot(samples=6, budget_ms=60_000, seed=4, solve_fn=reference.minimax_cards)
    for _, view in list(late_deals(range(1)))[:3]:
        figs = TREE.tree_figures(bot, view, 4, 20.0)
        assert {f.card for f in figs} == set(cards_of(view.legal))
        assert [f.mean for f in figs] == sorted((f.mean for f in figs), reverse=True)


def test_one_play_deep_the_bot_ranks_its_cards_exactly_as_the_released_player() -> None:
    # Over the same weighed deals (a budget that never binds) the tree one play deep is the player's own
    # double-dummy mean, blended with the same playouts: the same figures, card for card.
    checked = 0
    for _, view in late_deals(range(3)):
        released = StrongBot(samples=8, budget_ms=60_000, seed=6, solve_fn=reference.minimax_cards)
        tree = StrongBot(samples=8, budget_ms=60_000, seed=6, solve_fn=reference.minimax_cards)
        assert TREE.tree_figures(tree, view, 1, 0.0) == released.figures(view)
        checked += 1
    assert checked >= 10
