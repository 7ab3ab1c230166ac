"""``strong`` and ``expert`` play whole matches in every preset with the real solver: every decision is one
the rules accept, with a reason in both languages, and the match reaches its end."""

from __future__ import annotations

import pytest

from klaverjas.bots import View
from klaverjas.bots.base import Bot
from klaverjas.bots.expert import ExpertBot
from klaverjas.bots.strong import SA_SEARCH_FROM, StrongBot
from klaverjas.core import PRESETS, MatchPlay, Rules, TrumpAction
from klaverjas.core.texts import LANGS


def _reason_ok(why: dict[str, str]) -> bool:
    return set(why) == set(LANGS) and all(why[lang].strip() for lang in LANGS) and why["en"] != why["nl"]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_strong_and_expert_play_a_whole_match_with_reasons(preset: str) -> None:
    rules = Rules.parse(preset)
    # Few samples keep the test short; the search, the evidence and the trump model are the real ones.
    strong = StrongBot(samples=2, min_samples=2, budget_ms=0, seed=1)
    expert = ExpertBot(samples=3, min_samples=3, budget_ms=0, seed=2)
    seats: list[Bot] = [strong, expert, strong, expert]
    play = MatchPlay(rules, first_dealer=0, seed=5)
    decisions = {"trump": 0, "play": 0}
    searched_before = {"strong": 0, "expert": 0}
    while not play.is_over:
        deal = play.new_deal()
        while not deal.selection.done:
            seat = deal.selection.to_move
            assert seat is not None
            action, why = seats[seat].explain(View.of(deal, seat))
            assert isinstance(action, TrumpAction) and _reason_ok(why), why
            deal.choose_trump(action)  # raises if the rules refuse it
            decisions["trump"] += 1
        while not play.deal_finished:
            seat = deal.turn
            view = View.of(deal, seat)
            card, why = seats[seat].explain(view)
            assert isinstance(card, int) and view.legal >> card & 1 and _reason_ok(why), why
            if rules.play == "sa" and len(view.tricks) < SA_SEARCH_FROM and view.legal & (view.legal - 1):
                assert "likely deals" in why["en"]  # the first tricks there go by the playouts' figures
            deal.play(card)
            decisions["play"] += 1
        play.finish_deal()
        assert play.deals_played < 60, "the match does not end"
    assert decisions["play"] >= 32
    assert decisions["trump"] > 0 or not rules.has_makers
    # Both levels searched (not only the rules of thumb).
    for bot in (strong, expert):
        assert len(bot.searched) > searched_before[bot.name]


def test_with_south_african_values_the_trump_decisions_use_their_own_model() -> None:
    from klaverjas.bots.bidding import model, place_of
    from klaverjas.core.seats import step_of

    from .helpers import walk

    sa, dutch = model("sa"), model("dutch")
    assert (sa.values, dutch.values) == ("sa", "dutch") and sa.coef != dutch.coef
    bot = StrongBot(seed=1)
    seen = 0
    for seed in range(4):
        for _, view in walk("sa(trump_selection=free)", seed):
            if view.phase != "trump":
                continue
            place = place_of(view.seat, view.leader, step_of(view.rules.direction))
            for option in bot.advise(view):
                if isinstance(option.action, TrumpAction) and option.action.kind == "choose":
                    assert option.action.suit is not None
                    assert option.score == sa.estimate(view.hand, option.action.suit, place)
                    seen += 1
    assert seen >= 4
