"""Each rules page agrees with the engine: its example tricks are recomputed with ``legal_for``, its roem
examples with ``trick_roem``/``hand_roemtes``, its score examples with ``score_deal``, and every sentence
is compared with what docs/rules.md says for that preset (written out here, independently of the page code)."""

from __future__ import annotations

import pytest

from klaverjas.core import (
    PRESETS,
    TABLES,
    card_name,
    cards_of,
    going_on,
    legal_for,
    parse_cards,
    parse_hand,
    score_deal,
    trick_roem,
)
from klaverjas.core.roem import hand_roemtes, has_sturk, quartet_values
from klaverjas.core.rules import CHOICES
from klaverjas.web.learn.rules_page import KIND_TEXTS, PLAY_SUMMARY, SITUATIONS, compare, rules_page

# docs/rules.md §3, situation by situation (hearts trump, South plays fourth).
EXPECTED_KINDS = {
    "amsterdam": {"plain_follow": "follow", "trump_led": "trump_higher", "void_opponent": "must_trump",
                  "void_overtrump": "overtrump", "void_lower_trump": "discard", "partner_winning": "any",
                  "partner_trumped": "discard_or_overtrump", "partner_trumped_lower": "discard",
                  "only_lower_trumps": "undertrump"},
    "rotterdam": {"plain_follow": "follow", "trump_led": "trump_higher", "void_opponent": "must_trump",
                  "void_overtrump": "overtrump", "void_lower_trump": "undertrump", "partner_winning": "must_trump",
                  "partner_trumped": "overtrump", "partner_trumped_lower": "undertrump",
                  "only_lower_trumps": "undertrump"},
    "sa": {"plain_follow": "follow_or_trump", "trump_led": "trump_any", "void_opponent": "any",
           "void_overtrump": "any", "void_lower_trump": "any", "partner_winning": "any", "partner_trumped": "any",
           "partner_trumped_lower": "any", "only_lower_trumps": "undertrump"},
    "strict": {"plain_follow": "follow_head", "trump_led": "trump_higher", "void_opponent": "must_trump",
               "void_overtrump": "overtrump", "void_lower_trump": "undertrump", "partner_winning": "must_trump",
               "partner_trumped": "overtrump", "partner_trumped_lower": "undertrump",
               "only_lower_trumps": "undertrump"},
}
# The worked example of docs/rules.md §3: S holding 7H 8C KC: Amsterdam {8C, KC}, Rotterdam {7H}.
WORKED = {"amsterdam": {"8C", "KC"}, "rotterdam": {"7H"}}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_example_tricks_are_the_engines(preset: str) -> None:
    page = rules_page(preset)
    rules = PRESETS[preset]
    assert page["rules"] == str(rules)
    assert [s["id"] for s in page["situations"]] == [s.id for s in SITUATIONS]
    for s in page["situations"]:
        trump = "CDHS".index(s["trump"])
        trick = parse_cards([p["card"] for p in s["trick"]])
        hand = parse_hand(s["hand"])
        legal = legal_for(rules, trump, hand, trick)
        assert s["legal"] == [card_name(c) for c in cards_of(legal)], s["id"]
        assert s["kind"] == EXPECTED_KINDS[preset][s["id"]], s["id"]
        assert s["rule"] == KIND_TEXTS[s["kind"]]
        # The seats shown are the seats that play in this direction, with South last.
        assert [p["seat"] for p in s["trick"]] == (["W", "N", "E"] if rules.direction == "clockwise"
                                                   else ["E", "N", "W"])


@pytest.mark.parametrize("preset", ["amsterdam", "rotterdam"])
def test_the_dutch_rules_pages_worked_example(preset: str) -> None:
    rules = PRESETS[preset]
    legal = legal_for(rules, 2, parse_hand("7H 8C KC"), parse_cards("AS 7S QH"))
    assert {card_name(c) for c in cards_of(legal)} == WORKED[preset]


def test_amsterdam_and_rotterdam_side_by_side() -> None:
    rows = compare("amsterdam", "rotterdam")
    ids = {r["id"] for r in rows}
    assert ids == {s for s, k in EXPECTED_KINDS["amsterdam"].items() if EXPECTED_KINDS["rotterdam"][s] != k}
    assert {"partner_winning", "void_lower_trump"} <= ids
    for row in rows:
        assert row["amsterdam"]["legal"] != row["rotterdam"]["legal"]
    assert rules_page("amsterdam")["compare"] == rows == rules_page("rotterdam")["compare"]
    assert "compare" not in rules_page("sa")


# What each variant's line on the learning index claims, as the kinds of its worked examples.
SUMMARY_CLAIMS = {
    "amsterdam": {"partner_winning": "any", "void_lower_trump": "discard", "partner_trumped_lower": "discard",
                  "only_lower_trumps": "undertrump"},
    "rotterdam": {"partner_winning": "must_trump", "partner_trumped": "overtrump", "void_lower_trump": "undertrump"},
    "sa": {"plain_follow": "follow_or_trump", "void_opponent": "any", "void_overtrump": "any"},
    "strict": {"plain_follow": "follow_head", "partner_winning": "must_trump", "partner_trumped": "overtrump"},
}


def test_every_variant_has_a_line_that_its_examples_bear_out() -> None:
    assert set(PLAY_SUMMARY) == set(CHOICES["play"])
    for preset in PRESETS:
        page = rules_page(preset)
        assert page["summary"] == PLAY_SUMMARY[PRESETS[preset].play]
        kinds = {s["id"]: s["kind"] for s in page["situations"]}
        assert {s: kinds[s] for s in SUMMARY_CLAIMS[preset]} == SUMMARY_CLAIMS[preset], preset
    # "trump in and overtrump as in Rotterdam": strict differs from Rotterdam only in following suit.
    strict, rotterdam = EXPECTED_KINDS["strict"], EXPECTED_KINDS["rotterdam"]
    assert {s for s in strict if strict[s] != rotterdam[s]} == {"plain_follow"}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_card_values_are_the_engines(preset: str) -> None:
    rules = PRESETS[preset]
    v = rules_page(preset)["values"]
    assert v["total"] == rules.total
    assert v["trump_sum"] + 3 * v["plain_sum"] + v["last_trick"] == rules.total
    tables = TABLES[rules.values]
    assert [x["rank"] for x in v["trump"]] == ["789TJQKA"[r] for r in reversed(tables.trump_order)]
    order = "".join(x["rank"] + str(x["points"]) + " " for x in v["trump"])
    if rules.values == "dutch":  # docs/rules.md §2
        assert order == "J20 914 A11 T10 K4 Q3 80 70 "
        assert [x["rank"] for x in v["plain"]] == list("ATKQJ987")
    else:
        assert order == "J20 914 A11 K3 Q2 T10 80 70 "
        assert [x["rank"] for x in v["plain"]] == list("AKQJT987")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_roem_examples_are_the_engines(preset: str) -> None:
    rules = PRESETS[preset]
    roem = rules_page(preset)["roem"]
    assert roem["kind"] == rules.roem
    for e in roem["examples"]:
        trump = "CDHS".index(e["trump"])
        if rules.roem == "trick":
            assert e["roem"] == trick_roem(parse_cards(e["cards"]), trump, quartet_values(rules))
        else:
            hand = parse_hand(e["cards"])
            found = sum(r.value for r in hand_roemtes(hand, 0, 0, trump)) or (20 if has_sturk(hand, trump) else 0)
            assert e["roem"] == found
    values = [e["roem"] for e in roem["examples"]]
    if preset in ("amsterdam", "rotterdam"):  # docs/rules.md §5
        assert values == [20, 20, 40, 50, 200, 100, 0]
    elif preset == "strict":
        assert values == [20, 20, 40, 50, 0, 100, 0]  # only Q K A quartets
    else:
        assert values == [20, 50, 100, 200, 20]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_score_examples_are_the_engines(preset: str) -> None:
    rules = PRESETS[preset]
    scoring = rules_page(preset)["scoring"]
    if rules.has_makers:
        for c in scoring["cases"]:
            s = score_deal(rules, 0, c["points"], c["roem"], 0 if c["pit"] else None)
            assert c["score"] == list(s.scores) and c["nat"] == s.nat
        # docs/rules.md §6, worked.
        assert [tuple(c["score"]) for c in scoring["cases"]] == [(0, 182), (0, 162), (111, 71), (302, 0)]
    else:
        for c in scoring["cases"]:
            on = going_on(rules, c["running"])
            assert c["strokes"] == (0 if on is None else on[1])
        assert [c["strokes"] for c in scoring["cases"]] == [2, 1, 0]


def test_each_field_of_the_rules_picks_its_sentence() -> None:
    pages = {p: rules_page(p) for p in PRESETS}
    assert "clockwise" not in pages["amsterdam"]["direction"]["en"] or "anticlockwise" not in \
        pages["amsterdam"]["direction"]["en"]
    assert "anticlockwise" in pages["sa"]["direction"]["en"]
    assert "proposed" in pages["amsterdam"]["trump_selection"]["en"]
    assert "last card" in pages["sa"]["trump_selection"]["en"]
    assert "16 deals" in pages["amsterdam"]["match_end"]["en"]
    assert "1500" in pages["strict"]["match_end"]["en"]
    assert "5 strokes" in pages["sa"]["match_end"]["en"]
    assert "100 extra roem" in pages["amsterdam"]["roem"]["pit"]["en"]
    assert "no pit" in pages["sa"]["roem"]["pit"]["en"]
    for page in pages.values():
        for key in ("direction", "trump_selection", "match_end"):
            assert page[key]["nl"] and page[key]["en"]


def texts_in(value: object) -> list[dict[str, str]]:
    """Every {en, nl} text anywhere in a page."""
    if isinstance(value, dict):
        found = [value] if "en" in value or "nl" in value else []
        return found + [t for v in value.values() for t in texts_in(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts_in(v)]
    return []


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_text_is_in_dutch_and_english(preset: str) -> None:
    texts = texts_in(rules_page(preset))
    assert len(texts) > 20
    for text in texts:
        assert isinstance(text.get("en"), str) and text["en"] and isinstance(text.get("nl"), str) and text["nl"]
