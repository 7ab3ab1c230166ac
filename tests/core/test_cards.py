"""cards.py: parsing, printing and masks (docs/rules.md §1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from klaverjas.core import (
    FULL_DECK,
    SUIT_MASKS,
    CardError,
    card_name,
    card_symbol,
    cards_of,
    cards_text,
    mask_of,
    parse_card,
    parse_cards,
    parse_hand,
    parse_suit,
)


@pytest.mark.parametrize(("text", "index"), [
    ("JH", 2 * 8 + 4), ("TD", 1 * 8 + 3), ("10♦", 1 * 8 + 3), ("j♥", 2 * 8 + 4), ("7C", 0), ("AS", 31),
    ("as", 31), ("10s", 27), ("Q♣", 5), ("k♠", 30), ("9d", 10), ("8♥", 17), (" KH ", 22), ("t♠", 27),
])
def test_parse_card_accepts_every_input_form(text: str, index: int) -> None:
    assert parse_card(text) == index


def test_every_card_round_trips_through_name_and_symbol() -> None:
    seen = set()
    for n in range(32):
        name = card_name(n)
        assert len(name) == 2 and name[0] in "789TJQKA" and name[1] in "CDHS"
        assert parse_card(name) == n
        assert parse_card(name.lower()) == n
        assert parse_card(card_symbol(n)) == n
        seen.add(name)
    assert len(seen) == 32


def test_card_index_layout_is_suit_times_8_plus_natural_rank() -> None:
    assert [card_name(n) for n in range(8)] == ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]
    assert [card_name(8 * s) for s in range(4)] == ["7C", "7D", "7H", "7S"]
    assert card_symbol(parse_card("TD")) == "10♦"
    assert card_symbol(parse_card("JH")) == "J♥"


@pytest.mark.parametrize("token", ["1H", "JX", "", "H", "11D", "JHH", "ZZ", "0S", "1♦", "K", "♥J", "joker"])
def test_bad_tokens_raise_card_error_naming_the_token(token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert isinstance(info.value, ValueError)
    assert repr(token) in str(info.value)


def test_bad_token_inside_a_list_is_named() -> None:
    with pytest.raises(CardError, match="'QX'"):
        parse_cards("JH QX 7C")


def test_duplicates_are_refused_and_named() -> None:
    with pytest.raises(CardError, match="duplicate") as info:
        parse_cards("JH 7C j♥")
    assert "j♥" in str(info.value)
    with pytest.raises(CardError):
        parse_hand(["TD", "10♦"])


def test_parse_cards_forms() -> None:
    assert parse_cards("JH, TD 7C") == [20, 11, 0]
    assert parse_cards(["as", "7c"]) == [31, 0]
    assert parse_cards("") == []
    assert parse_hand("7C 8C AS") == 0b11 | 1 << 31


def test_card_name_out_of_range() -> None:
    for bad in (-1, 32, 100):
        with pytest.raises(CardError):
            card_name(bad)


@pytest.mark.parametrize(("text", "suit"), [("C", 0), ("d", 1), ("♥", 2), ("♠", 3), ("hearts", 2),
                                             ("Schoppen", 3), ("klaveren", 0), ("ruiten", 1)])
def test_parse_suit(text: str, suit: int) -> None:
    assert parse_suit(text) == suit


def test_parse_suit_rejects() -> None:
    with pytest.raises(CardError, match="'X'"):
        parse_suit("X")


def test_masks() -> None:
    assert FULL_DECK == 2**32 - 1
    assert SUIT_MASKS == (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
    assert cards_text(parse_hand("AS 7C JH")) == "7C JH AS"
    assert cards_text([31, 0]) == "AS 7C"
    assert cards_of(0) == []
    assert cards_of(FULL_DECK) == list(range(32))


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(0, 31)))
def test_mask_round_trip(cards: set[int]) -> None:
    mask = mask_of(cards)
    assert mask.bit_count() == len(cards)
    assert cards_of(mask) == sorted(cards)
    assert parse_hand(cards_text(mask)) == mask
    assert parse_hand(" ".join(card_symbol(x) for x in cards)) == mask
