"""benchmarks/ismcts_bot.py, the ISMCTS reference opponent: its game model, its play, the protocol."""

from __future__ import annotations

import random
import statistics
import sys

import pytest

from klaverjas.bots import RandomBot, View
from klaverjas.bots.arena import play_pairs, run_arena
from klaverjas.core import Deal, Rules, cards_of

from .helpers import BENCHMARKS, load_benchmark

ISMCTS = load_benchmark("ismcts_bot")


@pytest.mark.parametrize("rules_text", ["rotterdam", "amsterdam", "rotterdam(rotterdam_undertrump=false)"])
def test_its_game_model_follows_the_rules_engine(rules_text: str) -> None:
    # From a random moment of a random deal to its end: the same legal cards at every turn, the same score.
    rules = Rules.parse(rules_text)
    for seed in range(60):
        rng = random.Random(seed)
        deal = Deal.new(rules, rng.randrange(4), rng)
        deal.set_trump(rng.randrange(4), rng.randrange(4))
        for _ in range(rng.randrange(31)):
            deal.play(rng.choice(cards_of(View.of(deal, deal.turn).legal)))
        game = ISMCTS.Game(View.of(deal, deal.turn), tuple(int(h) for h in deal.hands))
        while not deal.is_over:
            legal = View.of(deal, deal.turn).legal
            assert game.legal() == legal
            card = rng.choice(cards_of(legal))
            deal.play(card)
            game.play(card)
        assert game.over()
        ns, ew = deal.score().scores
        assert game.shares() == pytest.approx((ns / max(1, ns + ew), ew / max(1, ns + ew)))


def test_it_beats_random_play_by_far() -> None:
    results, _, _ = play_pairs("ismcts", "random", "rotterdam", 5, range(4),
                               bots=(ISMCTS.IsmctsBot(iterations=150), RandomBot()))
    assert statistics.fmean(r.diff for r in results) > 40


def test_it_plays_whole_deals_over_the_protocol() -> None:
    script = BENCHMARKS / "ismcts_bot.py"
    rep = run_arena(f"cmd:{sys.executable} {script} --iterations 20", "basic", "rotterdam", 1, seed=2, progress=False)
    assert rep["deals"] == 1 and rep["timing"]["a"]["play"]["n"] == 2 * 16
