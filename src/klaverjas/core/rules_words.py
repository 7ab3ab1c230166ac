"""Rules in words for people: ``Rotterdams · zelf roem melden · tot 1500``.

The text form of :class:`~.rules.Rules` (``rotterdam(roem_claim=claimed,match_end=points:1500)``) is for
programs; wherever people read the rules they read :func:`rules_words`: the preset's name, every option
that differs from it, and how the match ends, in every language of :data:`~.texts.LANGS`.

>>> rules_words(Rules.parse("rotterdam(roem_claim=claimed,match_end=points:1500)"))["nl"]
'Rotterdams · zelf roem melden · tot 1500'
>>> rules_words(Rules.parse("rotterdam(roem_claim=claimed,match_end=points:1500)"))["en"]
'Rotterdam rules · claim roem yourself · to 1500'
"""

from __future__ import annotations

from typing import Any

from .rules import Rules
from .texts import LANGS, Text, entry, fill

SEPARATOR = " · "

PRESET_WORDS: dict[str, Text] = {
    "amsterdam": entry("Amsterdam rules", "Amsterdams"),
    "rotterdam": entry("Rotterdam rules", "Rotterdams"),
    "sa": entry("South African rules", "Zuid-Afrikaans"),
    "strict": entry("Strict rules", "Streng"),
}

# Each option value in words; fields with a number take it as {n}.
OPTION_WORDS: dict[str, dict[Any, Text]] = {
    "direction": {"clockwise": entry("play goes clockwise", "met de klok mee"),
                  "anticlockwise": entry("play goes against the clock", "tegen de klok in")},
    "play": {"amsterdam": entry("Amsterdam play", "Amsterdams spel"),
             "rotterdam": entry("Rotterdam play", "Rotterdams spel"),
             "sa": entry("South African play", "Zuid-Afrikaans spel"),
             "strict": entry("strict play", "streng spel")},
    "rotterdam_undertrump": {True: entry("undertrump when you must", "ondertroeven als het moet"),
                             False: entry("discard instead of undertrumping", "niet ondertroeven maar afgooien")},
    "values": {"dutch": entry("Dutch card points (162)", "Nederlandse kaartpunten (162)"),
               "sa": entry("South African card points (146)", "Zuid-Afrikaanse kaartpunten (146)")},
    "trump_selection": {"proposed": entry("trump proposed", "troef voorgesteld"),
                        "free": entry("free choice of trump", "vrij troef kiezen"),
                        "utrecht": entry("first player must choose trump",
                                         "verplicht troef kiezen (Utrechts)"),
                        "turned": entry("trump by a turned card", "troef door een omgedraaide kaart"),
                        "last_card": entry("last card dealt is trump", "laatste kaart is troef"),
                        "bid": entry("trump by bidding", "troef bieden")},
    "roem": {"trick": entry("roem in the tricks", "roem in de slagen"),
             "hand": entry("roem from the hand", "roem uit de hand")},
    "roem_claim": {"auto": entry("roem counted for you", "roem telt vanzelf"),
                   "claimed": entry("claim roem yourself", "zelf roem melden")},
    "quartets": {"all": entry("four of a kind in every rank", "vier gelijke in elke rang"),
                 "qka": entry("four of a kind only in queens, kings and aces",
                              "vier gelijke alleen met vrouwen, heren en azen")},
    "four_low_ranks": {0: entry("no roem for four low cards", "geen roem voor vier lage kaarten"),
                       100: entry("four sevens, eights or nines score 100",
                                  "vier zevens, achten of negens tellen 100")},
    "illegal_cards": {"refuse": entry("wrong cards refused", "verkeerde kaarten geweigerd"),
                      "allow": entry("reneging allowed, call it", "verzaken mag, roep het")},
    "batches": {b: entry(f"dealt {b}", f"gedeeld {b}") for b in ("3-2-3", "4-4", "2-3-3", "3-3-2", "2-2-2-2")},
}
NUMBER_WORDS: dict[str, Text] = {
    "pit_bonus": entry("pit bonus {n}", "pitbonus {n}"),
    "pit_bonus_none": entry("no pit bonus", "geen pitbonus"),
    "verzaak_penalty": entry("renege penalty {n}", "verzaakboete {n}"),
}
MATCH_END_WORDS: dict[str, Text] = {
    "deals": entry("{n:# deal|# deals}", "{n:# spel|# spellen}"),
    "points": entry("to {n}", "tot {n}"),
    "strokes": entry("{n:# stroke|# strokes}", "{n:# streek|# streken}"),
    "open": entry("no end", "zonder einde"),
}


def _option_words(name: str, value: Any) -> Text:
    if name in OPTION_WORDS:
        return OPTION_WORDS[name][value]
    if name == "pit_bonus" and value == 0:
        return NUMBER_WORDS["pit_bonus_none"]
    return {lang: text.format(n=value) for lang, text in NUMBER_WORDS[name].items()}


def match_end_words(rules: Rules) -> Text:
    """``16 deals`` / ``16 spellen``, ``to 1500`` / ``tot 1500``, ``5 strokes`` / ``5 streken``."""
    kind, number = rules.match_end_kind
    return {lang: fill(text, lang, {"n": number}) for lang, text in MATCH_END_WORDS[kind].items()}


def rules_words(rules: Rules) -> Text:
    """The rules in words in every language: the preset, each option that differs from it, the match end."""
    parts: list[Text] = [PRESET_WORDS[rules.preset]]
    for name, value in rules.options().items():
        if name != "match_end":
            parts.append(_option_words(name, value))
    parts.append(match_end_words(rules))
    return {lang: SEPARATOR.join(part[lang] for part in parts) for lang in LANGS}


__all__ = ["rules_words", "match_end_words", "PRESET_WORDS", "OPTION_WORDS", "MATCH_END_WORDS", "SEPARATOR"]
