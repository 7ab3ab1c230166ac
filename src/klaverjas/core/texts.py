"""Texts in every language: tables of templates keyed by id, rendered with named facts.

A table maps an id to a :data:`Text`, one template per language of :data:`LANGS`, made with
:func:`entry` so that no language can be left out.  A template takes named facts in
``str.format`` style; the name of a fact says how it is put into words:

- ``c_*`` a card (``the jack of hearts`` / ``harten boer``), ``cs_*`` a list of cards, ``s_*`` a suit;
- ``x_*`` a figure with a fraction, written the language's way: whole from 10 up, else with one decimal
  (``7.6`` / ``7,6``);
- a name ending in ``_en`` or ``_nl`` is already in that language, and only that language's
  template uses it (pass both, each template picks its own);
- anything else is printed as is.

A count takes its noun (and verb) in the number it needs by a format spec of two forms, one and
many, with ``#`` for the count: ``{n:# trump is|# trumps are}`` says ``1 trump is`` and ``3 trumps
are``; Dutch ``{n:zit nog # troef|zitten nog # troeven}``.  The pages' script reads the same spec in
their own texts (``static/js/i18n.js``).

Every layer may use this module; it is the only text mechanism of the package.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from string import Formatter
from typing import Any

LANGS: tuple[str, ...] = ("en", "nl")

Text = dict[str, str]
"""One text in every language: ``{"en": ..., "nl": ...}``, also the shape of a text in JSON."""

Table = Mapping[str, Text]
"""Texts keyed by id."""


def entry(en: str, nl: str) -> Text:
    """A text in every language, named by keyword so that adding a language fails every entry without it."""
    return {"en": en, "nl": nl}


def check_lang(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGS`, else a ``ValueError`` naming the choices."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected {' or '.join(LANGS)}")
    return lang


# --- cards, suits and seats in words --------------------------------------------------------------

_RANK_WORDS = {
    "en": ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
    "nl": ("zeven", "acht", "negen", "tien", "boer", "vrouw", "heer", "aas"),
}
_SUIT_WORDS = {
    "en": ("clubs", "diamonds", "hearts", "spades"),
    "nl": ("klaveren", "ruiten", "harten", "schoppen"),
}
_SEAT_WORDS = {
    "en": ("North", "East", "South", "West"),
    "nl": ("Noord", "Oost", "Zuid", "West"),
}
WORDS: dict[str, Mapping[str, tuple[str, ...]]] = {"rank": _RANK_WORDS, "suit": _SUIT_WORDS, "seat": _SEAT_WORDS}
"""The word lists, per language, indexed by rank, suit and seat number."""

CARD_TEXTS: dict[str, Text] = {
    "card": entry("the {rank} of {suit}", "{suit} {rank}"),
    "card_label": entry("{rank} of {suit}", "{suit} {rank}"),  # the accessible name of a card button
    "or": entry("{some} or {last}", "{some} of {last}"),
}


def card_words(card: int, lang: str = "en") -> str:
    """``the queen of hearts`` / ``harten vrouw``."""
    return CARD_TEXTS["card"][lang].format(rank=_RANK_WORDS[lang][card & 7], suit=_SUIT_WORDS[lang][card >> 3])


def card_label(card: int, lang: str = "en") -> str:
    """Accessible name of a card button: ``Jack of hearts`` / ``Harten boer``."""
    return _capital(CARD_TEXTS["card_label"][lang].format(rank=_RANK_WORDS[lang][card & 7],
                                                          suit=_SUIT_WORDS[lang][card >> 3]))


def suit_words(suit: int, lang: str = "en") -> str:
    return _SUIT_WORDS[lang][suit]


def seat_words(seat: int, lang: str = "en") -> str:
    return _SEAT_WORDS[lang][seat]


_DECIMAL_SIGN = {"en": ".", "nl": ","}


def figure_words(x: float, lang: str = "en") -> str:
    """``x`` as the language writes a figure: whole from 10 up, else one decimal (``7.6`` / ``7,6``)."""
    text = f"{x:.0f}" if abs(x) >= 10 else f"{x:.1f}"
    return text.replace(".", _DECIMAL_SIGN[lang])


def cards_or(cards: Iterable[int], lang: str) -> str:
    """``the seven of hearts, the ace of clubs or the ten of spades``: a choice between cards."""
    words = [card_words(c, lang) for c in cards]
    if len(words) < 2:
        return "".join(words)
    return CARD_TEXTS["or"][lang].format(some=", ".join(words[:-1]), last=words[-1])


# --- rendering ------------------------------------------------------------------------------------

def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def as_sentence(part: str) -> str:
    """A part of a sentence said on its own: its first letter upper case, a full stop unless it ends in one."""
    return _capital(part) + ("" if part.endswith((".", "!", "?")) else ".")


def fact_words(facts: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The facts as the templates of ``lang`` print them: cards and suits in words."""
    values: dict[str, Any] = {}
    for key, value in facts.items():
        if key.startswith("c_"):
            values[key] = card_words(value, lang)
        elif key.startswith("s_"):
            values[key] = suit_words(value, lang)
        elif key.startswith("cs_"):
            values[key] = ", ".join(card_words(c, lang) for c in value)
        elif key.startswith("x_"):
            values[key] = figure_words(value, lang)
        else:
            values[key] = value
    return values


class _CountWords(Formatter):
    """``str.format`` with one more spec: ``one|many`` picks the form for the count, ``#`` standing for it."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            one, many = format_spec.split("|", 1)
            return (one if value == 1 else many).replace("#", str(value))
        return str(super().format_field(value, format_spec))


_COUNT_WORDS = _CountWords()


def fill(template: str, lang: str, facts: Mapping[str, Any]) -> str:
    """A template of ``lang`` with its facts in words (and its counts' forms)."""
    return _COUNT_WORDS.vformat(template, (), fact_words(facts, lang))


def phrase(table: Table, key: str, lang: str, **facts: Any) -> str:
    """The text of ``key`` in ``lang`` with its facts in words, as written: a part of a sentence."""
    return fill(table[key][check_lang(lang)], lang, facts)


def render(table: Table, key: str, lang: str, **facts: Any) -> str:
    """The text of ``key`` in ``lang`` with its facts in words, as a sentence (first letter upper case)."""
    return _capital(phrase(table, key, lang, **facts))


def phrase_all(table: Table, key: str, **facts: Any) -> Text:
    """The part of a sentence in every language."""
    return {lang: phrase(table, key, lang, **facts) for lang in LANGS}


def render_all(table: Table, key: str, **facts: Any) -> Text:
    """The sentence in every language."""
    return {lang: render(table, key, lang, **facts) for lang in LANGS}


def placeholders(template: str) -> set[str]:
    """The names of the facts a template uses."""
    return {name for _, name, _, _ in Formatter().parse(template) if name is not None}


__all__ = ["LANGS", "Text", "Table", "entry", "check_lang", "card_words", "card_label", "suit_words", "seat_words",
           "figure_words", "cards_or", "as_sentence", "fact_words", "fill", "phrase", "phrase_all", "render",
           "render_all", "placeholders", "WORDS", "CARD_TEXTS"]
