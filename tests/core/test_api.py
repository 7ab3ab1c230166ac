"""The public core API: named constants, walking a card set, Literal rule fields and Deal.copy."""

from __future__ import annotations

import random
import typing
from typing import Any

import pytest
from core_helpers import PRESET_NAMES, random_deal
from hypothesis import given, settings
from hypothesis import strategies as st

import klaverjas
from klaverjas.core import (
    ACE,
    CLUBS,
    DIAMONDS,
    EAST,
    HEARTS,
    JACK,
    NORTH,
    PLAY,
    SEVEN,
    SOUTH,
    SPADES,
    TEN,
    WEST,
    CardError,
    Deal,
    PlayError,
    Rules,
    card_name,
    cards_of,
    iter_cards,
    lowest_card,
    make_card,
    parse_card,
    parse_hand,
    parse_seat,
    parse_suit,
    rank_of,
    suit_of,
)
from klaverjas.core import rules as rules_module
from klaverjas.core.cards import random_card
from klaverjas.core.record import to_record


def test_constants_are_the_values_the_parsers_give() -> None:
    assert [parse_suit(s) for s in ("clubs", "diamonds", "hearts", "spades")] == [CLUBS, DIAMONDS, HEARTS, SPADES]
    assert [parse_seat(s) for s in "NESW"] == [NORTH, EAST, SOUTH, WEST]
    assert card_name(make_card(JACK, HEARTS)) == "JH"
    assert card_name(make_card(SEVEN, CLUBS)) == "7C" and card_name(make_card(ACE, SPADES)) == "AS"
    ten = parse_card("10♦")
    assert (rank_of(ten), suit_of(ten)) == (TEN, DIAMONDS)
    # The package re-exports the core, constants included.
    assert (klaverjas.HEARTS, klaverjas.WEST, klaverjas.iter_cards) == (HEARTS, WEST, iter_cards)


@given(mask=st.integers(0, 2**32 - 1))
def test_iter_cards_walks_a_mask_in_index_order(mask: int) -> None:
    cards = list(iter_cards(mask))
    assert cards == [c for c in range(32) if mask >> c & 1]
    assert cards == cards_of(mask)
    if mask:
        assert lowest_card(mask) == cards[0]


def test_lowest_card_of_nothing_is_an_error() -> None:
    with pytest.raises(CardError, match="empty"):
        lowest_card(0)


def test_iter_cards_is_lazy() -> None:
    walk = iter_cards(parse_hand("AS 7C JH"))
    assert next(walk) == 0  # the seven of clubs, before the rest is looked at
    assert [card_name(c) for c in walk] == ["JH", "AS"]


def test_rule_fields_have_literal_types_naming_their_choices() -> None:
    hints = typing.get_type_hints(Rules, vars(rules_module))
    for name, allowed in rules_module.CHOICES.items():
        assert typing.get_origin(hints[name]) is typing.Literal, name
        assert typing.get_args(hints[name]) == allowed
        assert getattr(Rules(), name) in allowed
    assert rules_module.MATCH_END_KINDS == ("deals", "points", "strokes", "open")
    for preset in PRESET_NAMES:
        assert Rules.parse(preset).match_end_kind[0] in rules_module.MATCH_END_KINDS


def _state(deal: Deal) -> tuple[Any, ...]:
    """What a deal shows from outside: its record and every running figure."""
    return (to_record(deal), list(deal.hands), list(deal.trick), list(deal.points), list(deal.roem),
            list(deal.tricks_won), list(deal.tricks), deal.turn, deal.leader, deal.phase, deal.legal()
            if deal.phase == "play" else None, list(deal.selection.events), deal.selection.to_move,
            deal.went_on, list(deal.claims), list(deal.illegal_plays))


def _play_randomly(deal: Deal, rng: random.Random, cards: int) -> None:
    for _ in range(cards):
        if deal.is_over:
            return
        deal.play_unchecked(random_card(deal.legal(), rng.random))


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(PRESET_NAMES), seed=st.integers(0, 10**6), before=st.integers(0, 31))
def test_playing_on_a_copy_leaves_the_deal_as_it_was(preset: str, seed: int, before: int) -> None:
    deal, rng = random_deal(preset, seed)
    _play_randomly(deal, rng, before)
    snapshot = _state(deal)
    trial = deal.copy()
    assert _state(trial) == snapshot
    trial.playout(random.Random(seed))
    assert len(trial.tricks) == 8 and _state(deal) == snapshot
    # The copy carries the whole history: it undoes back past the moment it was made.
    for _ in range(len(trial.plays)):
        trial.undo()
    assert trial.hands == list(deal.initial) and trial.points == [0, 0] and trial.roem == [0, 0]
    assert _state(deal) == snapshot
    # And the original plays on as if no copy had been made.
    again, rng2 = random_deal(preset, seed)
    _play_randomly(again, rng2, before)
    deal.playout(random.Random(seed + 1))
    again.playout(random.Random(seed + 1))
    assert _state(deal) == _state(again)
    assert deal.score() == again.score()


def test_a_copy_during_trump_selection_chooses_on_its_own() -> None:
    deal = Deal(Rules.parse("amsterdam"), NORTH, Deal.new(Rules(), NORTH, seed=3).initial, proposed=HEARTS)
    trial = deal.copy()
    trial.choose_trump(PLAY)
    assert (trial.phase, trial.trump) == ("play", HEARTS)
    assert (deal.phase, deal.trump, deal.selection.events, deal.selection.to_move) == ("trump", -1, [], EAST)
    with pytest.raises(PlayError, match="trump has not been chosen"):
        deal.play(lowest_card(deal.hands[EAST]))


def test_a_copy_keeps_claims_and_illegal_plays_apart() -> None:
    rules = Rules.parse("amsterdam(roem_claim=claimed,illegal_cards=allow)")
    for seed in range(40):
        deal, rng = random_deal("amsterdam", seed, rules)
        while not deal.is_over and not deal.claims:
            if deal.pending_roem is not None:
                _, roem = deal.pending_roem
                deal.claim_roem(deal.tricks[-1].winner, roem)
                break
            hand = deal.hands[deal.turn]
            deal.play(random_card(hand, rng.random))  # any card of the hand: some are illegal
        if deal.claims and deal.illegal_plays:
            break
    assert deal.claims and deal.illegal_plays, "no seed gave a claim after an illegal card"
    snapshot = _state(deal)
    trial = deal.copy()
    while trial.claims:
        trial.undo()
    while trial.illegal_plays:
        trial.undo()
    assert not trial.claims and not trial.illegal_plays and _state(deal) == snapshot
