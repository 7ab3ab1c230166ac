"""What a reason tells of its speaker's hand: every reason knows its texts and the cards it names, so the server
can hold back those that tell of a hidden hand (docs/web-protocol.md, "Computer players say why")."""

from __future__ import annotations

import re

import pytest

from klaverjas.bots import BasicBot, Bot, RandomBot
from klaverjas.bots.base import with_rule
from klaverjas.bots.texts import PUBLIC, TEXTS, Reason, both, is_public
from klaverjas.core import FULL_DECK
from klaverjas.core.texts import LANGS, card_words

from .helpers import RULE_SETS, walk


def named_in_words(text: str, lang: str) -> set[int]:
    """The cards a sentence names in words, found by reading it (independent of the facts it was made from)."""
    low = text.lower()
    return {c for c in range(32) if re.search(rf"\b{re.escape(card_words(c, lang))}\b", low)}


def test_every_public_text_exists_and_the_held_back_text_is_public() -> None:
    assert set(TEXTS) >= PUBLIC
    assert "held_back" in PUBLIC
    # The texts that say what a hand holds are private whatever cards they name.
    for code in ("trump_jack_nel_ace", "trump_six", "pass_weak", "draw_top", "cash_shortest", "only", "low",
                 "win_sure", "search_best", "estimate_play"):
        assert code not in PUBLIC


@pytest.mark.parametrize("level", ["basic", "random"])
def test_a_reason_knows_every_card_it_names(level: str) -> None:
    seen_public = seen_private = 0
    for rules in RULE_SETS:
        bot: Bot = BasicBot() if level == "basic" else RandomBot(5)
        for deal, view in walk(rules, 5):
            if view.phase not in ("trump", "play", "claim"):
                continue
            _, why = bot.explain(view)
            assert isinstance(why, Reason)
            parts_cards = set().union(*(cards for _, cards in why.parts))
            for lang in LANGS:
                assert named_in_words(why[lang], lang) == parts_cards, why[lang]
            shown = 0
            for _, card in deal.plays:
                shown |= 1 << card
            public = is_public(why, shown)
            # Public: only public texts and only cards on the table; a trump reason never is.
            assert public == (all(code in PUBLIC for code, _ in why.parts) and not parts_cards - set(
                c for c in range(32) if shown >> c & 1))
            if view.phase == "trump" and level == "basic":
                assert not public
            seen_public += public
            seen_private += not public
    assert seen_private and (seen_public or level == "random")


def test_a_reason_with_a_rule_is_public_only_when_both_are() -> None:
    jack_hearts = 8 * 2 + 4
    gives = both("gives", c_card=jack_hearts, p=20, roem_en="", roem_nl="")
    low = both("low", c_card=jack_hearts, p=20)
    assert is_public(gives, 1 << jack_hearts) and not is_public(gives, 0)
    assert not is_public(low, FULL_DECK)
    assert is_public(with_rule(gives, gives), 1 << jack_hearts)
    assert not is_public(with_rule(gives, low), FULL_DECK)
    assert not is_public(with_rule(low, gives), FULL_DECK)
    mixed = with_rule(gives, low)
    assert mixed["en"] == gives["en"] + " Rule of thumb: " + low["en"]
    # A text that does not say what it is made of is never public.
    assert not is_public({"en": "Play.", "nl": "Speel."}, FULL_DECK)
