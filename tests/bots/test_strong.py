"""The strong level's sampling and voting, with the solver's plain reference minimax on late positions."""

from __future__ import annotations

import re

import pytest

from klaverjas.bots import BasicBot
from klaverjas.bots.basic import card_options
from klaverjas.core import cards_of

from .helpers import walk

reference = pytest.importorskip("tests.solver.minimax")
strong = pytest.importorskip("klaverjas.bots.strong")


def _late_views(seed: int, rules: str = "rotterdam"):  # type: ignore[no-untyped-def]
    for _, view in walk(rules, seed):
        if view.phase == "play" and len(view.tricks) >= 5 and view.legal.bit_count() >= 2:
            yield view


def test_strong_plays_the_best_card_on_average_over_its_samples() -> None:
    bot = strong.StrongBot(samples=6, budget_ms=60_000, seed=1, solve_fn=reference.minimax_cards)
    checked = 0
    for seed in range(4):
        for view in _late_views(seed):
            figs = bot.figures(view)
            assert {f.card for f in figs} == set(cards_of(view.legal))
            assert [f.mean for f in figs] == sorted((f.mean for f in figs), reverse=True)
            assert all(f.samples == 6 and 0 <= f.holds <= 6 for f in figs)
            assert view.legal >> bot.card(view) & 1
            checked += 1
    assert checked >= 4


def test_strong_advice_gives_its_figures_and_the_nearest_rule_of_thumb() -> None:
    bot = strong.StrongBot(samples=5, budget_ms=60_000, seed=2, solve_fn=reference.minimax_cards)
    view = next(_late_views(5))
    options = bot.advise(view)
    rules = {o.action: o.why for o in card_options(view)}
    assert {o.action for o in options} == set(cards_of(view.legal))
    for i, o in enumerate(options):
        m = re.search(r"in (\d+) of (\d+) likely deals", o.why["en"])
        assert m and int(m.group(2)) == 5 and int(m.group(1)) <= 5
        assert re.search(r"in \d+ van de 5 waarschijnlijke verdelingen", o.why["nl"])
        assert o.why["en"].endswith("Rule of thumb: " + rules[o.action]["en"])
        assert o.why["nl"].endswith("Vuistregel: " + rules[o.action]["nl"])
        assert ("more on average" in o.why["en"]) == (i == 0)
    # Claims follow the basic rules (trump decisions: test_bidding).
    claim_view = next(v for _, v in walk("amsterdam(roem_claim=claimed)", 1) if v.phase == "claim")
    assert bot.claim(claim_view) == BasicBot().claim(claim_view)


def test_flat_monte_carlo_counts_every_sample_alike_and_takes_trump_by_the_rules_of_thumb() -> None:
    seen: list[dict[int, int]] = []

    def recording(position):  # type: ignore[no-untyped-def]
        values = reference.minimax_cards(position)
        seen.append(values)
        return values

    bot = strong.StrongBot(samples=5, budget_ms=60_000, seed=3, solve_fn=recording, play_mismatch=None,
                           partner_bids_by_model=False, soft_evidence=False, trump_by_model=False)
    checked = 0
    for seed in range(3):
        for view in _late_views(seed):
            seen.clear()
            figs = bot.figures(view)
            sign = 1 if view.team == 0 else -1
            assert len(seen) == 5
            for f in figs:  # the plain mean: no sample weighs more than another
                assert f.mean == pytest.approx(sum(sign * v[f.card] for v in seen) / 5)
            checked += 1
    assert checked >= 3
    basic = BasicBot()
    trumps = 0
    for seed in range(6):
        for _, view in walk("rotterdam", seed):
            if view.phase == "trump":
                assert bot.trump(view) == basic.trump(view)
                assert [o.action for o in bot.advise(view)] == [o.action for o in basic.advise(view)]
                trumps += 1
    assert trumps >= 6
