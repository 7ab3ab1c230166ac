"""rules.py: presets (docs/rules.md §8), text form and errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from klaverjas.core import PRESETS, Rules, RulesError

PRESET_TABLE = {
    # preset: direction, play, values, trump, roem, roem_claim, quartets, match_end
    "amsterdam": ("clockwise", "amsterdam", "dutch", "proposed", "trick", "auto", "all", "deals:16"),
    "rotterdam": ("clockwise", "rotterdam", "dutch", "free", "trick", "auto", "all", "deals:16"),
    "sa": ("anticlockwise", "sa", "sa", "last_card", "hand", "auto", "all", "strokes:5"),
    "strict": ("anticlockwise", "strict", "dutch", "bid", "trick", "auto", "qka", "points:1500"),
}


@pytest.mark.parametrize("name", sorted(PRESET_TABLE))
def test_preset_fields(name: str) -> None:
    r = Rules.parse(name)
    got = (r.direction, r.play, r.values, r.trump_selection, r.roem, r.roem_claim, r.quartets, r.match_end)
    assert got == PRESET_TABLE[name]
    assert r.preset == name
    assert str(r) == name
    assert r.total == (146 if name == "sa" else 162)
    assert r.last_trick_bonus == (5 if name == "sa" else 10)
    assert r.has_makers == (name != "sa")
    assert r.illegal_cards == "refuse" and r.verzaak_penalty == 100 and r.four_low_ranks == 0


@pytest.mark.parametrize(("selection", "offers", "deals"), [
    ("proposed", True, True), ("turned", True, True), ("last_card", False, True),
    ("free", False, False), ("utrecht", False, False), ("bid", False, False)])
def test_which_selections_bring_a_suit(selection: str, offers: bool, deals: bool) -> None:
    # docs/rules.md: a proposed or turned suit is offered to play or pass; the dealer's last card is trump outright.
    r = Rules.parse(f"amsterdam(trump_selection={selection})")
    assert (r.offers_suit, r.deals_suit) == (offers, deals)


def test_presets_dict_and_default() -> None:
    assert set(PRESETS) == set(PRESET_TABLE)
    assert Rules() == Rules.parse("amsterdam")
    assert Rules.parse("amsterdam").pit_bonus == 100
    assert Rules.parse("amsterdam").rotterdam_undertrump is True


def test_parse_with_options_and_print() -> None:
    text = "amsterdam(trump_selection=utrecht,match_end=points:1500)"
    r = Rules.parse(text)
    assert r.trump_selection == "utrecht"
    assert r.match_end == "points:1500"
    assert r.match_end_kind == ("points", 1500)
    assert r.play == "amsterdam" and r.direction == "clockwise"
    assert str(r) == text
    assert Rules.parse(str(r)) == r
    assert r != Rules.parse("amsterdam")


@pytest.mark.parametrize("text", [
    "amsterdam", "rotterdam", "sa", "strict",
    "amsterdam(trump_selection=utrecht,match_end=points:1500)",
    "rotterdam(rotterdam_undertrump=false)",
    "amsterdam(four_low_ranks=100,roem_claim=claimed,illegal_cards=allow,verzaak_penalty=50)",
    "sa(direction=clockwise,match_end=strokes:7)",
    "strict(quartets=all,pit_bonus=0,batches=3-2-3)",
    "amsterdam(match_end=open)",
])
def test_repr_evaluates_back(text: str) -> None:
    r = Rules.parse(text)
    assert eval(repr(r)) == r  # noqa: S307 - the documented contract
    assert Rules.parse(str(r)) == r
    assert str(Rules.parse(str(r))) == str(r)


def test_option_values_are_converted() -> None:
    r = Rules.parse("rotterdam( rotterdam_undertrump = no , four_low_ranks=100 )")
    assert r.rotterdam_undertrump is False
    assert r.four_low_ranks == 100
    assert Rules().with_options(four_low_ranks="100").four_low_ranks == 100
    assert Rules().with_options(rotterdam_undertrump="off").rotterdam_undertrump is False


def test_every_field_changes_on_its_own() -> None:
    base = Rules.parse("strict")
    r = base.with_options(direction="clockwise")
    assert r.direction == "clockwise"
    assert (r.play, r.trump_selection, r.quartets, r.match_end) == ("strict", "bid", "qka", "points:1500")
    assert str(r) == "strict(direction=clockwise)"


@pytest.mark.parametrize(("text", "named"), [
    ("paris", "paris"),
    ("amsterdam(colour=red)", "colour"),
    ("amsterdam(play=zurich)", "zurich"),
    ("amsterdam(direction=up)", "up"),
    ("amsterdam(trump_selection=auction)", "auction"),
    ("amsterdam(four_low_ranks=50)", "50"),
    ("amsterdam(four_low_ranks=many)", "many"),
    ("amsterdam(rotterdam_undertrump=maybe)", "maybe"),
    ("amsterdam(match_end=games:3)", "games:3"),
    ("amsterdam(match_end=deals:0)", "deals:0"),
    ("amsterdam(match_end=deals)", "deals"),
    ("amsterdam(pit_bonus=15)", "15"),
    ("amsterdam(roem)", "roem"),
    ("amsterdam(preset=sa)", "preset"),
])
def test_unknown_preset_field_or_value_raise(text: str, named: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules.parse(text)
    assert isinstance(info.value, ValueError)
    assert named in str(info.value)


def test_missing_parenthesis() -> None:
    with pytest.raises(RulesError):
        Rules.parse("amsterdam(play=rotterdam")


def test_with_options_unknown_field() -> None:
    with pytest.raises(RulesError, match="colour"):
        Rules().with_options(colour="red")


FIELD_VALUES: dict[str, list[object]] = {
    "direction": ["clockwise", "anticlockwise"],
    "play": ["amsterdam", "rotterdam", "sa", "strict"],
    "rotterdam_undertrump": [True, False],
    "values": ["dutch", "sa"],
    "trump_selection": ["proposed", "free", "utrecht", "turned", "last_card", "bid"],
    "roem": ["trick", "hand"],
    "roem_claim": ["auto", "claimed"],
    "quartets": ["all", "qka"],
    "four_low_ranks": [0, 100],
    "pit_bonus": [0, 50, 100],
    "illegal_cards": ["refuse", "allow"],
    "verzaak_penalty": [0, 100, 200],
    "match_end": ["deals:16", "deals:8", "points:1500", "points:1000", "strokes:5", "open"],
    "batches": ["3-2-3", "4-4", "2-3-3", "3-3-2", "2-2-2-2"],
}


@settings(max_examples=150, deadline=None)
@given(preset=st.sampled_from(sorted(PRESET_TABLE)),
       changes=st.dictionaries(st.sampled_from(sorted(FIELD_VALUES)), st.integers(0, 5), max_size=6))
def test_text_form_round_trips(preset: str, changes: dict[str, int]) -> None:
    opts = {k: FIELD_VALUES[k][i % len(FIELD_VALUES[k])] for k, i in changes.items()}
    r = Rules.parse(preset).with_options(**opts)
    for k, v in opts.items():
        assert getattr(r, k) == v
    assert Rules.parse(str(r)) == r
    assert eval(repr(r)) == r  # noqa: S307
    base = Rules.parse(preset)
    changed = {k for k, v in opts.items() if getattr(base, k) != v}
    assert set(r.options()) == changed
    assert (str(r) == preset) == (not changed)
