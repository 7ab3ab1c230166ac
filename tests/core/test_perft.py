"""Perft: counts of legal card sequences from seeded positions.

tests/core/perft.json was written by tests/core/make_perft.py from the reference alone.  The
engine's counts (Deal.legal / play_unchecked / undo) must equal the file, and the reference
recomputes the shallow counts so the file cannot drift from it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import reference as ref
from core_helpers import engine_perft
from make_perft import position_spec

from klaverjas.core import Deal, Rules, hands_from_deck, parse_card, parse_hand

DATA = json.loads((Path(__file__).parent / "perft.json").read_text())["positions"]
PRESETS = ("amsterdam", "rotterdam", "sa", "strict")
IDS = [f"{p['preset']}-seed{p['seed']}-prefix{len(p['prefix'])}" for p in DATA]


def engine_position(spec: dict[str, Any]) -> Deal:
    rules = Rules.parse(spec["preset"])
    dealer = "NESW".index(spec["dealer"])
    deal = Deal(rules, dealer, [parse_hand(spec["hands"][s]) for s in "NESW"], proposed=0)
    deal.set_trump("CDHS".index(spec["trump"]), "NESW".index(spec["maker"]))
    for name in spec["prefix"]:
        deal.play(parse_card(name))
    return deal


def test_file_covers_every_preset_and_depth_8() -> None:
    assert {p["preset"] for p in DATA} == {"amsterdam", "rotterdam", "sa", "strict"}
    assert len(DATA) >= 48
    assert sum("8" in p["counts"] for p in DATA) >= 4


@pytest.mark.parametrize("spec", DATA, ids=IDS)
def test_engine_counts_equal_the_file(spec: dict[str, Any]) -> None:
    deal = engine_position(spec)
    before = (list(deal.hands), list(deal.trick), list(deal.points), list(deal.roem), deal.turn)
    for depth in ("1", "2", "3", "4"):
        assert engine_perft(deal, int(depth)) == spec["counts"][depth], depth
    assert (list(deal.hands), list(deal.trick), list(deal.points), list(deal.roem), deal.turn) == before


DEEP = [p for p in DATA if "8" in p["counts"]]


@pytest.mark.parametrize("spec", DEEP, ids=[f"{p['preset']}-seed{p['seed']}-prefix{len(p['prefix'])}" for p in DEEP])
def test_engine_depth_8(spec: dict[str, Any]) -> None:
    assert engine_perft(engine_position(spec), 8) == spec["counts"]["8"]


@pytest.mark.parametrize("spec", DATA[::3], ids=IDS[::3])
def test_reference_recomputes_the_file(spec: dict[str, Any]) -> None:
    hands = [{ref.card(x) for x in spec["hands"][s].split()} for s in "NESW"]
    again = position_spec(spec["preset"], spec["seed"], len(spec["prefix"]), hands, deep=False)
    assert again["hands"] == spec["hands"] and again["prefix"] == spec["prefix"]
    assert again["counts"] == {d: n for d, n in spec["counts"].items() if d != "8"}


BATCHES = {"amsterdam": (3, 2, 3), "rotterdam": (3, 2, 3), "sa": (3, 2, 3), "strict": (4, 4)}


@pytest.mark.parametrize("preset", PRESETS)
def test_dealing_batches_match_the_reference_dealer(preset: str) -> None:
    rules = Rules.parse(preset)
    facts = ref.PRESET_FACTS[preset]
    rng = random.Random(preset)
    for dealer in range(4):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = ref.deal_from_deck(deck, dealer, facts["direction"], BATCHES[preset])
        assert hands_from_deck(rules, dealer, deck) == [ref.to_mask(hand) for hand in hands]
        # the last card dealt goes to the dealer (the face-up trump card of the South African sample game)
        assert hands_from_deck(rules, dealer, deck)[dealer] >> deck[31] & 1


@pytest.mark.parametrize("preset", PRESETS)
def test_deal_new_is_reproducible_and_complete(preset: str) -> None:
    rules = Rules.parse(preset)
    for seed in range(10):
        a, b = Deal.new(rules, seed % 4, seed), Deal.new(rules, seed % 4, seed)
        assert a.hands == b.hands
        assert [x.bit_count() for x in a.hands] == [8, 8, 8, 8]
        assert a.hands[0] | a.hands[1] | a.hands[2] | a.hands[3] == 2**32 - 1
    assert len({tuple(Deal.new(rules, 0, seed).hands) for seed in range(10)}) == 10
