"""The club's refusals in every language: each text exists in English and Dutch, says something, differs
between the two and takes the same facts; every refusal the club's code raises names a text that exists."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from klaverjas.core.texts import LANGS, placeholders
from klaverjas.web.club import ClosedError, ClubError, DrawError, Evening, ResultError, RoundError, SettingsError
from klaverjas.web.club.texts import KEEPER_NL, TEXTS, keeper_reason, say
from klaverjas.web.keeper.sheet import DealInput

CLUB = Path(__file__).resolve().parents[2] / "src" / "klaverjas" / "web" / "club"


def facts_of(template: str) -> set[str]:
    """A template's facts, a language's own (``x_en``/``x_nl``) named without the language."""
    return {re.sub(r"_(en|nl)$", "", name) for name in placeholders(template)}


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_refusal_text_is_in_both_languages(key: str) -> None:
    text = TEXTS[key]
    assert set(text) == set(LANGS)
    assert all(text[lang].strip() for lang in LANGS)
    assert text["en"] != text["nl"], key
    assert facts_of(text["en"]) == facts_of(text["nl"]), key
    rendered = say(key, **{f: "X" for f in placeholders(text["en"]) | placeholders(text["nl"])})
    assert rendered["en"] != rendered["nl"] and all(rendered.values())


def test_a_count_of_one_is_said_in_the_singular() -> None:
    assert say("all_drawn", n=1) == {"en": "the evening has 1 round; all are drawn",
                                     "nl": "de avond heeft 1 ronde; ze zijn alle geloot"}
    assert say("all_drawn", n=5)["en"] == "the evening has 5 rounds; all are drawn"


def test_every_key_the_code_raises_has_a_text() -> None:
    raised: set[str] = set()
    for path in CLUB.glob("*.py"):
        code = path.read_text(encoding="utf-8")
        raised |= set(re.findall(r"(?:Error|refused)\((?:\d+, \"\w+\", )?\"(\w+)\"", code))
        raised |= set(re.findall(r"say\(\"(\w+)\"", code))
    assert len(raised) > 40
    assert raised <= set(TEXTS), raised - set(TEXTS)


def test_the_keepers_refusals_in_dutch() -> None:
    assert keeper_reason("points_range", "points.NS: card points must be 0 to 162", 162) == {
        "en": "points.NS: card points must be 0 to 162", "nl": "kaartpunten moeten tussen 0 en 162 liggen"}
    unknown = keeper_reason("something_new", "a new refusal", 162)
    assert unknown["nl"] != unknown["en"] and "a new refusal" in unknown["nl"]
    assert all("{" not in v.replace("{total}", "") for v in KEEPER_NL.values())


def test_the_evenings_refusals_carry_both_languages() -> None:
    """One of each kind, raised by the evening itself: the reason per language, the message the English."""
    ev = Evening(rounds=1, match_end="deals:12", seed=3)
    for p in "ABCDEFGH":
        ev.sign_in(p)
    caught: list[ClubError] = []
    attempts: list[tuple[type[ClubError], Callable[[], object]]] = [
        (SettingsError, lambda: ev.sign_in("A")),
        (ResultError, lambda: ev.record_totals(1, 1, (1, 1))),
        (DrawError, lambda: ev.set_round([(("A", "B"), ("C", "D")), (("E", "F"), ("G", "A"))], ["H"])),
        (SettingsError, lambda: Evening(format="teams")),
        (SettingsError, lambda: Evening(rules="sa", match_end="deals:16")),
    ]
    for kind, attempt in attempts:
        with pytest.raises(kind) as info:
            attempt()
        caught.append(info.value)
    ev.draw_round()
    later: list[tuple[type[ClubError], Callable[[], object]]] = [
        (ResultError, lambda: ev.record_sheet(1, 1, [DealInput(0, (100, 100))])),
        (RoundError, lambda: ev.close_round(1))]
    for kind, attempt in later:
        with pytest.raises(kind) as info:
            attempt()
        caught.append(info.value)
    ev.record_totals(1, 1, (1000, 900))
    ev.record_totals(1, 2, (1000, 900))
    ev.close_round(1)
    ev.close()
    with pytest.raises(ClosedError) as closed:
        ev.sign_in("Z")
    caught.append(closed.value)
    for exc in caught:
        assert str(exc) == exc.reason["en"] and exc.reason["nl"] and exc.reason["nl"] != exc.reason["en"]
    assert caught[0].reason["nl"] == "A is al aangemeld"
    assert caught[2].reason["nl"] == "ronde 1: A staat zowel bij tafel 1 als bij tafel 2"
    assert caught[5].reason["nl"].startswith("tafel 1 van ronde 1: dit spel kan zo niet gescoord worden")
