"""The engine's legal sets against the slow reference (tests/core/reference.py), for every preset."""

from __future__ import annotations

import random

import pytest
import reference as ref
from core_helpers import PRESET_NAMES, random_deal

from klaverjas.core import Rules, cards_of, legal_for
from klaverjas.core.tables import TABLES


def ref_legal(preset: str, trump: int, hand: int, trick: list[int], undertrump: bool = True) -> int:
    facts = ref.PRESET_FACTS[preset]
    got = ref.legal_cards(facts["play"], facts["values"], ref.SUIT_LETTERS[trump], ref.from_mask(hand),
                          [ref.from_int(x) for x in trick], rotterdam_undertrump=undertrump)
    return ref.to_mask(got)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_random_synthetic_positions(preset: str) -> None:
    """Random hands and tricks (not necessarily reachable): 2500 per preset."""
    rules = Rules.parse(preset)
    rng = random.Random(f"synthetic/{preset}")
    for _ in range(2500):
        n_trick = rng.randrange(4)
        cards = rng.sample(range(32), n_trick + 1 + rng.randrange(8))
        trick, hand = cards[:n_trick], sum(1 << x for x in cards[n_trick:])
        trump = rng.randrange(4)
        assert legal_for(rules, trump, hand, trick) == ref_legal(preset, trump, hand, trick), (
            preset, trump, [ref.from_int(x).__str__() for x in trick], sorted(map(str, ref.from_mask(hand))))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_positions_from_random_deals(preset: str) -> None:
    """Every position of 40 random deals per preset (1280 positions each)."""
    for seed in range(40):
        deal, rng = random_deal(preset, 1000 + seed)
        while not deal.is_over:
            expected = ref_legal(preset, deal.trump, deal.hands[deal.turn], list(deal.trick))
            assert deal.legal() == expected
            assert legal_for(deal.rules, deal.trump, deal.hands[deal.turn], list(deal.trick)) == expected
            deal.play(rng.choice(cards_of(expected)))


def test_rotterdam_undertrump_option_against_opponent() -> None:
    """rotterdam_undertrump=false when an opponent heads the trick with a trump (the row that names it)."""
    rules = Rules.parse("rotterdam(rotterdam_undertrump=false)")
    rng = random.Random(3)
    checked = 0
    while checked < 300:
        n_trick = 1 + rng.randrange(3)
        cards = rng.sample(range(32), n_trick + 1 + rng.randrange(8))
        trick, hand = cards[:n_trick], sum(1 << x for x in cards[n_trick:])
        trump = rng.randrange(4)
        rtrick = [ref.from_int(x) for x in trick]
        w = ref.winner_index(rtrick, ref.SUIT_LETTERS[trump], "dutch")
        if w == len(trick) - 2:
            continue  # partner winning: see docs/rules.md §3, the option is only stated for the opponent row
        checked += 1
        assert legal_for(rules, trump, hand, trick) == ref_legal("rotterdam", trump, hand, trick, undertrump=False)


@pytest.mark.parametrize("values", ["dutch", "sa"])
def test_card_values_and_winner_against_reference(values: str) -> None:
    tables = TABLES[values]
    for trump in range(4):
        t = ref.SUIT_LETTERS[trump]
        assert [tables.points[trump][x] for x in range(32)] == [ref.points(ref.from_int(x), t, values)
                                                                 for x in range(32)]
        assert sum(tables.points[trump]) + tables.last_trick == (162 if values == "dutch" else 146)
        for a in range(32):
            for b in range(32):
                if a == b:
                    continue
                # b challenges a trick headed by a (a led or already heading)
                ra, rb = ref.from_int(a), ref.from_int(b)
                expected = ref.winner_index([ra, rb], t, values) == 1
                above = bool(tables.above[trump][a] >> b & 1) or (b >> 3 == trump and a >> 3 != trump)
                assert above == expected, (values, trump, str(ra), str(rb))
