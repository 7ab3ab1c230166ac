"""Game records: round trips over random deals in every preset."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from klaverjas.core import Deal, Rules
from klaverjas.core.record import RecordError, dumps, loads, replay, start_deal, summary, to_record

PRESETS = ["amsterdam", "rotterdam", "sa", "strict", "amsterdam(roem_claim=claimed)",
           "rotterdam(illegal_cards=allow,trump_selection=bid)"]


def played_deal(rules_text: str, seed: int, cards: int = 32) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(Rules.parse(rules_text), seed % 4, seed)
    while not deal.selection.done:
        options = deal.selection.options()
        deal.choose_trump(options[rng.randrange(len(options))])
    while len(deal.plays) < cards and not deal.is_over:
        legal = deal.legal()
        choices = [c for c in range(32) if legal >> c & 1]
        deal.play(rng.choice(choices))
        pending = deal.pending_roem
        if pending is not None and rng.random() < 0.7:
            team, roem = pending
            deal.claim_roem(deal.tricks[-1].winner, roem)
    return deal


@settings(max_examples=120, deadline=None)
@given(rules_text=st.sampled_from(PRESETS), seed=st.integers(0, 10**6), cards=st.integers(0, 32))
def test_records_round_trip_through_json(rules_text: str, seed: int, cards: int) -> None:
    deal = played_deal(rules_text, seed, cards)
    record = to_record(deal)
    again = replay(loads(dumps(record)))
    assert to_record(again) == record
    assert again.plays == deal.plays and again.points == deal.points and again.roem == deal.roem
    assert summary(again) == summary(deal)
    if deal.is_over:
        assert again.score() == deal.score()


def test_record_errors_name_the_field() -> None:
    record = to_record(played_deal("amsterdam", 3))
    for key in ("rules", "dealer", "hands"):
        broken = {k: v for k, v in record.items() if k != key}
        with pytest.raises(RecordError, match=key):
            replay(broken)
    with pytest.raises(RecordError, match="unknown preset"):
        replay({**record, "rules": "paris"})
    with pytest.raises(RecordError, match="not valid JSON"):
        loads("{")
    partial = {k: v for k, v in record.items() if k not in ("trump", "maker", "plays", "trump_selection")}
    assert not start_deal(partial, partial=True).selection.done
    assert json.loads(dumps(record)) == record
