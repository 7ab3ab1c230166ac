"""The arena: duplicate deals, reproducible figures, the same results with several workers."""

from __future__ import annotations

from klaverjas.bots import BasicBot, RandomBot
from klaverjas.bots.arena import PairResult, Timings, play_deal, report, run_arena
from klaverjas.core import Rules


def test_both_games_of_a_pair_use_the_same_cards_with_the_seats_swapped() -> None:
    rules = Rules.parse("amsterdam")
    a, b = BasicBot(), RandomBot(1)
    d1 = play_deal(rules, 2, "pair", [a, b, a, b])
    d2 = play_deal(rules, 2, "pair", [b, a, b, a])
    assert d1.initial == d2.initial and d1.dealer == d2.dealer


def test_a_bot_against_itself_ties_exactly_and_the_report_adds_up() -> None:
    rep = run_arena("basic", "basic", "rotterdam", 16, seed=3, progress=False)
    assert rep["diff_per_deal"] == 0 and rep["ci95"] == [0, 0]
    assert rep["matches16"] == 2 and rep["match_share_a"] == 0.5
    assert rep["timing"]["a"]["play"]["n"] == rep["timing"]["b"]["play"]["n"] == 16 * 2 * 16


def test_figures_are_reproducible_and_independent_of_jobs() -> None:
    one = run_arena("basic", "random", "amsterdam", 10, seed=9, progress=False)
    again = run_arena("basic", "random", "amsterdam", 10, seed=9, progress=False)
    two = run_arena("basic", "random", "amsterdam", 10, seed=9, jobs=2, progress=False)
    for rep in (again, two):
        assert rep["diff_per_deal"] == one["diff_per_deal"] and rep["mean_points"] == one["mean_points"]


def test_report_statistics() -> None:
    # A wins every 16-deal match with one seating and loses every one with the other.
    results = [PairResult(i, ((100, 62), (50, 112))) for i in range(32)]
    rep = report("x", "y", "amsterdam", 1, results, Timings(), Timings())
    assert rep["diff_per_deal"] == (38 - 62) / 2
    assert rep["matches16"] == 4 and rep["match_share_a"] == 0.5
    assert rep["ci95"] == [-12.0, -12.0]
