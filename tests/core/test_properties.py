"""Hypothesis properties over random legal deals in every preset (docs/rules.md §2, §3, §5, §6)."""

from __future__ import annotations

import random

import pytest
import reference as ref
from core_helpers import PRESET_NAMES, pick_trump
from hypothesis import given, settings
from hypothesis import strategies as st

from klaverjas.core import Deal, Rules, cards_of, going_on, score_deal
from klaverjas.core.roem import has_sturk, scoring_roemtes

SETTINGS = settings(max_examples=50, deadline=None)


def snapshot(deal: Deal) -> tuple[object, ...]:
    return (tuple(deal.hands), tuple(deal.trick), tuple(deal.points), tuple(deal.roem), deal.turn, deal.leader,
            tuple(deal.tricks), tuple(deal.tricks_won), tuple(deal.plays), deal.went_on, deal.legal(),
            deal.pending_roem, deal.is_over)


def play_random_deal(preset: str, seed: int, check_undo: bool = True) -> tuple[Deal, list[int]]:
    rng = random.Random(seed)
    rules = Rules.parse(preset)
    carry = (rng.randrange(100), rng.randrange(100)) if preset == "sa" and rng.random() < 0.5 else (0, 0)
    deal = Deal.new(rules, rng.randrange(4), seed, carry=carry)
    pick_trump(deal, rng)
    start = snapshot(deal)
    played = []
    while not deal.is_over:
        legal = deal.legal()
        hand = deal.hands[deal.turn]
        assert legal and legal & hand == legal
        card = rng.choice(cards_of(legal))
        before = snapshot(deal)
        deal.play(card)
        if check_undo:
            assert deal.undo() == card
            assert snapshot(deal) == before
            deal.play(card)
        played.append(card)
    if check_undo:
        end = snapshot(deal)
        score = deal.score()
        for card in reversed(played):
            assert deal.undo() == card
        assert snapshot(deal) == start
        for card in played:
            deal.play(card)
        assert snapshot(deal) == end and deal.score() == score
    return deal, played


@pytest.mark.parametrize("preset", PRESET_NAMES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_random_deal_invariants(preset: str, seed: int) -> None:
    deal, played = play_random_deal(preset, seed)
    rules = deal.rules
    values = ref.PRESET_FACTS[preset]["values"]
    trump = ref.SUIT_LETTERS[deal.trump]

    # every card exactly once, 8 tricks of 4
    assert sorted(played) == list(range(32))
    assert len(deal.tricks) == 8 and all(len(t.cards) == 4 for t in deal.tricks)
    assert [c for t in deal.tricks for c in t.cards] == played
    assert deal.hands == [0, 0, 0, 0]

    # trick winners, leaders and points against the reference
    step = 1 if rules.direction == "clockwise" else -1
    leader = (deal.dealer + step) % 4
    points = [0, 0]
    for i, t in enumerate(deal.tricks):
        assert t.leader == leader
        rc = [ref.from_int(x) for x in t.cards]
        w = ref.winner_index(rc, trump, values)
        assert t.winner == (leader + w * step) % 4
        expected = sum(ref.points(x, trump, values) for x in rc) + (ref.LAST_TRICK[values] if i == 7 else 0)
        assert t.points == expected
        points[t.winner % 2] += expected
        leader = t.winner
    assert points == list(deal.points)
    assert sum(deal.points) == (146 if preset == "sa" else 162) == rules.total

    # roem
    if rules.roem == "trick":
        roem = [0, 0]
        for t in deal.tricks:
            roem[t.winner % 2] += ref.trick_roem([ref.from_int(x) for x in t.cards], trump, rules.quartets,
                                                 rules.four_low_ranks)
        assert roem == list(deal.roem)
    else:
        order = [(deal.dealer + k * step) % 4 for k in range(1, 5)]
        roem = [0, 0]
        for r in scoring_roemtes(deal.initial, order, deal.trump):
            roem[r.seat % 2] += r.value
        for seat in range(4):
            if has_sturk(deal.initial[seat], deal.trump):
                roem[seat % 2] += 20
        assert roem == list(deal.roem)

    # the score
    pit = None
    if rules.pit_bonus:
        for team in (0, 1):
            if sum(1 for t in deal.tricks if t.winner % 2 == team) == 8:
                pit = team
    assert deal.pit == pit
    score = deal.score()
    assert score == score_deal(rules, deal.makers, deal.points, deal.roem, pit)
    totals = [deal.points[k] + deal.roem[k] + (rules.pit_bonus if pit == k else 0) for k in (0, 1)]
    if rules.has_makers:
        makers = deal.makers
        assert makers in (0, 1)
        if totals[makers] > totals[1 - makers]:
            assert score.scores == (totals[0], totals[1]) and not score.nat
        else:
            nat_scores = [0, 0]
            nat_scores[1 - makers] = rules.total + totals[0] + totals[1] - deal.points[0] - deal.points[1]
            assert list(score.scores) == nat_scores and score.nat
    else:
        assert score.scores == (totals[0], totals[1])


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_sa_going_on_is_the_first_trick_reaching_100(seed: int) -> None:
    deal, _ = play_random_deal("sa", seed, check_undo=False)
    running = list(deal.carry)
    expected = None
    stuk = {8 * deal.trump + 5, 8 * deal.trump + 6}
    seen: set[int] = set()
    order = [(deal.dealer + 3 * k) % 4 for k in range(1, 5)]
    roemtes = scoring_roemtes(deal.initial, order, deal.trump)
    sturk_team = [s % 2 for s in range(4) if has_sturk(deal.initial[s], deal.trump)]
    for i, t in enumerate(deal.tricks):
        running[t.winner % 2] += t.points
        if i == 0:
            for r in roemtes:
                running[r.seat % 2] += r.value
        if sturk_team and not seen & stuk and set(t.cards) & stuk:
            running[sturk_team[0]] += 20
        seen |= set(t.cards)
        if expected is None:
            on = going_on(deal.rules, running)
            if on is not None:
                expected = (on[0], on[1], i)
    assert deal.went_on == expected
    assert list(deal.running_totals) == running


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_trump_selection_mode_reaches_play(preset: str) -> None:
    for mode in ("free", "utrecht", "turned", "proposed", "last_card", "bid"):
        rules = Rules.parse(preset).with_options(trump_selection=mode)
        for seed in range(15):
            rng = random.Random(seed)
            deal = Deal.new(rules, seed % 4, seed)
            pick_trump(deal, rng)
            assert deal.phase == "play" and deal.trump in range(4)
            if mode == "last_card":
                assert deal.makers is None
                assert deal.initial[deal.dealer] >> (8 * deal.trump) & 0xFF
            else:
                assert deal.selection.maker is not None and deal.makers == deal.selection.maker % 2
                if mode in ("proposed", "turned") and deal.selection.passes == 4:
                    assert deal.trump != deal.selection.proposed
                if mode == "bid" and deal.selection.passes == 3:
                    assert deal.selection.maker == deal.dealer


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
    "pit_bonus": [0, 100],
    "illegal_cards": ["refuse", "allow"],
    "match_end": ["deals:16", "points:1500", "strokes:5"],
    "batches": ["3-2-3", "4-4", "2-3-3", "3-3-2", "2-2-2-2"],
}


def full_snapshot(deal: Deal) -> tuple[object, ...]:
    return (*snapshot(deal), tuple(deal.claims), tuple(deal.illegal_plays), deal.running_totals)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(PRESET_NAMES),
       picks=st.dictionaries(st.sampled_from(sorted(FIELD_VALUES)), st.integers(0, 5), max_size=5))
def test_any_rules_combination_plays_undoes_and_scores(seed: int, preset: str, picks: dict[str, int]) -> None:
    from klaverjas.core import IllegalCard, PlayError

    rules = Rules.parse(preset).with_options(**{k: FIELD_VALUES[k][i % len(FIELD_VALUES[k])]
                                                for k, i in picks.items()})
    rng = random.Random(seed)
    deal = Deal.new(rules, rng.randrange(4), rng)
    pick_trump(deal, rng)
    claimed = 0
    while not deal.is_over:
        legal = deal.legal()
        hand = deal.hands[deal.turn]
        assert legal and legal & hand == legal
        card = rng.choice(cards_of(hand))
        if not legal >> card & 1 and rules.illegal_cards == "refuse":
            before = full_snapshot(deal)
            with pytest.raises(IllegalCard):
                deal.play(card)
            assert full_snapshot(deal) == before
            card = rng.choice(cards_of(legal))
        before = full_snapshot(deal)
        deal.play(card)
        after = full_snapshot(deal)
        deal.undo()
        assert full_snapshot(deal) == before
        deal.play(card)
        assert full_snapshot(deal) == after
        if deal.pending_roem is not None and rng.random() < 0.7:
            team, amount = deal.pending_roem
            deal.claim_roem(team, amount)
            claimed += amount
        if deal.illegal_plays and rng.random() < 0.3:
            offender = deal.illegal_plays[-1][1] % 2
            if all(s % 2 == offender for _, s, _ in deal.illegal_plays):
                with pytest.raises(PlayError):
                    deal.call_verzaakt(offender)  # the offending team has nothing to call
            caller = 1 if offender == 0 else 0  # a seat of the other team
            assert deal.call_verzaakt(caller) == offender
    if rules.roem_claim == "claimed" and rules.roem == "trick":
        assert sum(deal.roem) == claimed
    pit = deal.pit
    assert deal.score() == score_deal(rules, deal.makers if rules.has_makers else None, deal.points, deal.roem,
                                      pit, deal.verzaakt)
    if deal.verzaakt is None:
        assert sum(deal.points) == rules.total
