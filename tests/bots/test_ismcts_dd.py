"""The tree search over what is seen with double-dummy leaves (benchmarks/ismcts_dd.py), against the plain
reference minimax of the solver's tests."""

from __future__ import annotations

from itertools import count

from benchmarks import ismcts_dd as TREE
from tests.solver import minimax as reference

from klaverjas.bots import strong
from klaverjas.bots.strong import StrongBot
from klaverjas.core import cards_of
from klaverjas.solver import Position

from .helpers import hands_of, walk


def reference_solve(pos):  # type: ignore[no-untyped-def]
    values = reference.minimax_cards(pos)
    return (max(values.values()) if pos.turn & 1 == 0 else min(values.values())), values


def searched(roots: list[Position], legal: list[int], rounds: bool, iterations: int, depth: int,
             explore: float) -> tuple[dict[int, float], dict[int, int]]:
    """The tree over ``roots`` (the root position in each deal); with ``rounds`` each round of the legal cards
    in one deal and the deals in turn, else the deals in turn at every iteration."""
    turn = count()

    def pick() -> int:
        i = next(turn)
        return i // len(legal) % len(roots) if rounds else i % len(roots)

    return TREE.tree_values(roots.__getitem__, len(roots), pick, legal, reference_solve, iterations, lambda: False,
                            depth, explore)


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
            means, visits = searched([root], legal, False, 12 * len(legal), depth, 0.0)
            assert means == {c: float(exact[c]) for c in legal}
            assert visits == dict.fromkeys(legal, 12)
        checked += 1
    assert checked >= 10


def test_one_play_deep_the_tree_is_the_double_dummy_mean_over_the_deals() -> None:
    bot = StrongBot(samples=5, seed=2)
    checked = 0
    for _, view in late_deals(range(4)):
        worlds = list(bot.worlds(view))
        legal = cards_of(view.legal)
        roots = [strong.position_of(view, w.hands) for w in worlds]
        means, _ = searched(roots, legal, True, len(legal) * len(roots), 1, 20.0)
        values = [reference.minimax_cards(r) for r in roots]
        for c in legal:
            assert means[c] == sum(v[c] for v in values) / len(values)
        checked += 1
    assert checked >= 10


def test_deeper_the_later_seats_choose_once_for_the_deals_that_look_alike() -> None:
    # Over several deals the later seats of the tree choose one card for the deals that look alike to them,
    # not each deal's best, so its means differ from the double-dummy mean somewhere; each stays within the
    # values the deals can give.
    bot = StrongBot(samples=6, seed=5)
    differ = 0
    for _, view in late_deals(range(3)):
        worlds = list(bot.worlds(view))
        legal = cards_of(view.legal)
        roots = [strong.position_of(view, w.hands) for w in worlds]
        means, _ = searched(roots, legal, False, 8 * len(legal) * len(roots), 4, 20.0)
        values = [reference.minimax_cards(r) for r in roots]
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
