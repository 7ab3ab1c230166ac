"""Rules in words: every preset and every option value reads as words in both languages, never as a token."""

from __future__ import annotations

import contextlib
import re

import pytest

from klaverjas.core import Rules
from klaverjas.core.rules import CHOICES, PRESETS
from klaverjas.core.rules_words import SEPARATOR, rules_words
from klaverjas.core.texts import LANGS

# What a program reads but a person should not: field names and option tokens (they hold "_" or are not
# words: qka, sa, dutch), and the text form's punctuation.
TOKEN = re.compile(r"[_=]|\w:\w|\b(qka|sa|dutch|anticlockwise)\b")


def variants() -> list[Rules]:
    """Every preset, and every preset with each choice field set to each of its values."""
    out = list(PRESETS.values())
    for preset in PRESETS.values():
        for name, values in CHOICES.items():
            for value in values:
                with contextlib.suppress(ValueError):  # a combination the engine refuses
                    out.append(preset.with_options(**{name: value}))
        for option, setting in [("rotterdam_undertrump", False), ("four_low_ranks", 100), ("four_low_ranks", 0),
                            ("pit_bonus", 0), ("pit_bonus", 200), ("verzaak_penalty", 50),
                            ("match_end", "deals:1"), ("match_end", "deals:8"), ("match_end", "points:1000"),
                            ("match_end", "strokes:1"), ("match_end", "strokes:3"), ("match_end", "open")]:
            out.append(preset.with_options(**{option: setting}))
    return out


@pytest.mark.parametrize("rules", variants(), ids=str)
def test_rules_read_as_words_in_both_languages(rules: Rules) -> None:
    words = rules_words(rules)
    assert set(words) == set(LANGS)
    raw = str(rules)
    for lang in LANGS:
        text = words[lang]
        assert not TOKEN.search(text), text
        # One part for the preset, one per option that differs from it, one for the match end.
        parts = text.split(SEPARATOR)
        assert len(parts) == 1 + len([k for k in rules.options() if k != "match_end"]) + 1, (raw, text)
        assert all(parts), text
    # The two languages say the same thing differently (the numbers agree).
    assert words["en"] != words["nl"]
    assert re.findall(r"\d+", words["en"]) == re.findall(r"\d+", words["nl"])


def test_different_options_read_differently() -> None:
    seen: dict[str, str] = {}
    for rules in variants():
        for lang in LANGS:
            key = rules_words(rules)[lang]
            assert seen.setdefault(lang + key, str(rules)) == str(rules), f"{rules} and {seen[lang + key]} read alike"


def test_the_example_of_the_card_table() -> None:
    rules = Rules.parse("rotterdam(roem_claim=claimed,match_end=points:1500)")
    assert rules_words(rules) == {"nl": "Rotterdams · zelf roem melden · tot 1500",
                                  "en": "Rotterdam rules · claim roem yourself · to 1500"}
    assert rules_words(Rules.parse("amsterdam"))["nl"] == "Amsterdams · 16 spellen"
    assert rules_words(Rules.parse("sa(match_end=strokes:1)"))["en"] == "South African rules · 1 stroke"
    assert rules_words(Rules.parse("sa(match_end=strokes:1)"))["nl"].endswith(" · 1 streek")
    assert rules_words(Rules.parse("amsterdam(match_end=deals:1)"))["nl"] == "Amsterdams · 1 spel"
