"""Every level explains the decision it makes: ``explain`` gives the same decision as ``decide`` (from the
same evaluation) and a reason in both languages."""

from __future__ import annotations

import pytest
from tests.solver import minimax as reference

from klaverjas.bots import BasicBot, Bot, RandomBot, strong
from klaverjas.bots.base import last_trick_roem
from klaverjas.core.texts import LANGS

from .helpers import RULE_SETS, walk


def pair(level: str, seed: int) -> tuple[Bot, Bot]:
    """Two bots of ``level`` in the same state: one decides, the other explains."""
    if level == "random":
        return RandomBot(seed), RandomBot(seed)
    if level == "basic":
        return BasicBot(), BasicBot()

    def make() -> Bot:
        bot: Bot = strong.StrongBot(samples=4, budget_ms=60_000, seed=seed, search_from=5,
                                    solve_fn=reference.minimax_cards)
        return bot

    return make(), make()


@pytest.mark.parametrize("level", ["random", "basic", "strong"])
def test_explain_is_the_decision_with_its_reason(level: str) -> None:
    phases: set[str] = set()
    rule_sets = RULE_SETS if level != "strong" else ["rotterdam", "amsterdam(roem_claim=claimed)"]
    for rules in rule_sets:
        deciding, explaining = pair(level, 3)
        for _, view in walk(rules, 3):
            if view.phase not in ("trump", "play", "claim"):
                continue
            action, why = explaining.explain(view)
            assert action == deciding.decide(view)
            assert set(why) == set(LANGS) and all(why[lang].strip() for lang in LANGS)
            assert why["en"] != why["nl"]
            if view.phase == "claim":
                assert action == last_trick_roem(view)
            phases.add(view.phase)
    assert {"trump", "play", "claim"} <= phases


def test_random_says_it_chose_at_random() -> None:
    bot = RandomBot(1)
    for _, view in walk("amsterdam", 2):
        if view.phase == "play" and view.legal.bit_count() > 1:
            _, why = bot.explain(view)
            assert f"among your {view.legal.bit_count()} legal cards" in why["en"]
            assert "willekeurige" in why["nl"]
            return
    raise AssertionError("no play decision with a choice")


@pytest.mark.parametrize(("lang", "word"), [("en", "Play the "), ("nl", "Speel ")])
def test_the_demo_prints_every_players_reason(capsys: pytest.CaptureFixture[str], lang: str, word: str) -> None:
    from klaverjas.cli.main import main

    assert main(["demo", "--seed", "2", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    cards = [line for line in lines if line.startswith("    ")]
    bids = [line for line in lines if line.startswith("  ") and not line.startswith("    ") and ":" not in line[:6]]
    assert len(cards) == 32 and bids
    assert all(line.endswith(")") and "  (" in line for line in cards + bids)
    assert sum(word in line for line in cards) >= 8
