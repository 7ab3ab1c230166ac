"""A whole evening and a season through the Evening API, checked against plain loops in the test."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from klaverjas.web.club import (
    ByeRule,
    ClosedError,
    DrawError,
    Evening,
    PrizeFormula,
    ResultError,
    RoundError,
    SettingsError,
    season_standings,
)
from klaverjas.web.keeper.sheet import DealInput


def random_deals(rng: random.Random, count: int) -> list[DealInput]:
    """Plain made deals: the makers get 82..162, no roem, so the table's totals are easy to add here."""
    deals = []
    for _ in range(count):
        makers = rng.randrange(2)
        pts = [0, 0]
        pts[makers] = rng.randrange(82, 163)
        pts[1 - makers] = 162 - pts[makers]
        deals.append(DealInput(makers, (pts[0], pts[1])))
    return deals


def play_evening(seed: int, players: list[str], rounds: int = 5) -> tuple[Evening, dict[str, int]]:
    """Play an evening; return it and each player's total added up here, not by the module."""
    rng = random.Random(seed)
    ev = Evening(rounds=rounds, match_end="deals:16", bye_rule=ByeRule("fixed", 1600), seed=seed)
    for p in players:
        ev.sign_in(p)
    expected = dict.fromkeys(players, 0)
    for _ in range(rounds):
        rnd = ev.draw_round()
        for t in rnd.tables:
            if rng.random() < 0.5:
                totals = (rng.randrange(800, 2800), rng.randrange(800, 2800))
                ev.record_totals(rnd.number, t.number, totals)
            else:
                deals = random_deals(rng, 16)
                assert not ev.record_sheet(rnd.number, t.number, deals[:10])  # half a sheet does not count
                assert ev.record_sheet(rnd.number, t.number, deals)
                # Made deals score their card points: the totals are the sums of the points.
                totals = (sum(d.points[0] for d in deals), sum(d.points[1] for d in deals))
            for side, total in zip(t.sides, totals, strict=True):
                for p in side:
                    expected[p] += total
        for p in rnd.byes:
            expected[p] += 1600
        ev.close_round(rnd.number)
    return ev, expected


def test_an_evening_of_5_rounds_with_20_players() -> None:
    players = [f"Speler {i}" for i in range(1, 21)]
    ev, expected = play_evening(11, players)
    ev.close()
    lines = ev.standings().lines
    assert {ln.entrant: ln.total for ln in lines} == expected
    ranked = sorted(expected, key=lambda p: -expected[p])
    assert [expected[ln.entrant] for ln in lines] == [expected[p] for p in ranked]
    assert [ln.rank for ln in lines] == list(range(1, 21))
    assert ev.standings().poedel == lines[-1]
    best = max(s for ln in lines for s in ln.scores if s is not None)
    assert {b.score for b in ev.standings().best_round} == {best}
    assert [ln.rank for ln in ev.prize_winners()] == [1, 2, 3, 4, 8, 12, 16, 20]
    with pytest.raises(ClosedError, match="evening is closed"):
        ev.record_totals(1, 1, (1, 2))
    with pytest.raises(ClosedError, match="evening is closed"):
        ev.sign_in("Laatkomer")


def test_byes_score_once_and_the_average_rule() -> None:
    ev = Evening(rounds=3, bye_rule=ByeRule("average"), seed=1)
    for p in "ABCDE":
        ev.sign_in(p)
    rnd = ev.draw_round()
    ev.record_totals(1, 1, (1001, 1500))
    ev.close_round(1)
    (bye,) = rnd.byes
    assert ev.standings().line(bye).scores[0] == 1251  # (2*1001 + 2*1500) / 4 = 1250.5, half up
    ev.leave([p for p in "ABCDE" if p != bye][0])  # now four: nobody sits out
    ev.draw_round()
    ev.record_totals(2, 1, (1, 1))
    ev.close_round(2)
    ev.sign_in("F")
    ev.sign_in("G")  # six: two byes each round, so somebody sits out a second time
    third = ev.draw_round()
    ev.record_totals(3, 1, (10, 20))
    ev.close_round(3)
    for p in third.byes:
        line = ev.standings().line(p)
        assert line.scores[2] == (0 if p == bye else 15)
    assert ev.standings().line("F").scores[:2] == (None, None)


def test_bad_input_is_refused_with_a_reason() -> None:
    ev = Evening(rounds=2, match_end="deals:12", seed=2)
    for p in "ABCDEFGH":
        ev.sign_in(p)
    with pytest.raises(SettingsError, match="A is already signed in"):
        ev.sign_in("A")
    with pytest.raises(ResultError, match="round 1 has not been drawn"):
        ev.record_totals(1, 1, (1, 1))
    rnd = ev.draw_round()
    with pytest.raises(ResultError, match="round 1 has no table 3 \\(it has tables 1 to 2\\)"):
        ev.record_totals(1, 3, (1, 1))
    with pytest.raises(ResultError, match="entered 13 deals; a round has 12"):
        ev.record_sheet(1, 1, random_deals(random.Random(1), 13))
    with pytest.raises(ResultError, match="table 1 of round 1: .*deal 1: points NS=100 and EW=100 do not add up"):
        ev.record_sheet(1, 1, [DealInput(0, (100, 100))])
    with pytest.raises(ResultError, match="totals must be 0 to"):
        ev.record_totals(1, 1, (-5, 10))
    ev.record_totals(1, 1, (1200, 900))
    with pytest.raises(RoundError, match="round 1 cannot close: table 2 has no complete result"):
        ev.close_round(1)
    with pytest.raises(RoundError, match="round 1 is still being played"):
        ev.draw_round()
    with pytest.raises(RoundError, match="plays at table"):
        ev.leave(rnd.tables[0].sides[0][0])
    ev.record_totals(1, 2, (1000, 1000))
    ev.close_round(1)
    with pytest.raises(DrawError, match="C is present but neither seated"):
        ev.set_round([(("A", "B"), ("D", "E"))], ["F", "G", "H"])
    with pytest.raises(DrawError, match="A is both at table 1 and at table 2"):
        ev.set_round([(("A", "B"), ("C", "D")), (("E", "F"), ("G", "A"))], ["H"])
    ev.set_round([(("A", "B"), ("C", "D")), (("E", "F"), ("G", "H"))])
    ev.record_totals(1, 2, (1100, 900), by="organiser")  # a correction of a closed round is logged
    assert ev.log == [{"round": 1, "table": 2, "by": "organiser", "before": [1000, 1000], "after": [1100, 900]}]
    with pytest.raises(SettingsError, match="format must be individual or pairs"):
        Evening(format="teams")
    with pytest.raises(SettingsError, match="rules must be amsterdam, rotterdam or sa"):
        Evening(rules="strict")


def test_a_pairs_evening() -> None:
    ev = Evening(format="pairs", rounds=5, seed=4)
    for k in range(5):
        ev.sign_in(f"pair {k}", (f"a{k}", f"b{k}"))
    with pytest.raises(SettingsError, match="a0 already plays in pair pair 0"):
        ev.sign_in("pair x", ("a0", "z"))
    expected = {f"pair {k}": 0 for k in range(5)}
    for _ in range(5):
        rnd = ev.draw_round()
        for t in rnd.tables:
            ev.record_totals(rnd.number, t.number, (t.number * 100, 50))
            expected[t.sides[0][0]] += t.number * 100
            expected[t.sides[1][0]] += 50
        for p in rnd.byes:
            expected[p] += 1600
        ev.close_round(rnd.number)
    assert {ln.entrant: ln.total for ln in ev.standings().lines} == expected
    assert all(len(ln.bye_rounds) == 1 for ln in ev.standings().lines)


def test_a_season_of_7_evenings_best_5_count() -> None:
    pool = [f"Lid {i}" for i in range(1, 25)]
    rng = random.Random(5)
    evenings = []
    totals: dict[str, list[int]] = {p: [] for p in pool}
    for k in range(7):
        players = rng.sample(pool, 20)
        ev, expected = play_evening(100 + k, players, rounds=3)
        evenings.append(ev.standings())
        for p in players:
            totals[p].append(expected[p])
    season = season_standings(evenings, best=5)
    counted = {p: sum(sorted(v, reverse=True)[:5]) for p, v in totals.items() if v}
    assert {ln.entrant: ln.total for ln in season} == counted
    assert [ln.total for ln in season] == sorted(counted.values(), reverse=True)
    for ln in season:
        assert len(ln.counted) == min(5, len(totals[ln.entrant]))
        assert len(ln.dropped) == len(totals[ln.entrant]) - len(ln.counted)


def test_prize_formula() -> None:
    assert PrizeFormula().places(3) == [1, 2, 3]
    assert PrizeFormula().places(17) == [1, 2, 3, 4, 8, 12, 16]
    assert PrizeFormula(first=3, then_every=5).places(20) == [1, 2, 3, 8, 13, 18]
    assert PrizeFormula(first=2, then_every=0).places(20) == [1, 2]
    assert PrizeFormula(limit=5).places(40) == [1, 2, 3, 4, 8]
    with pytest.raises(SettingsError, match="then_every"):
        PrizeFormula(then_every=-1)


def test_stored_evening_round_trips_and_bad_json_is_refused() -> None:
    ev, _ = play_evening(3, [f"p{i}" for i in range(9)], rounds=3)
    data = json.loads(json.dumps(ev.as_json()))
    again = Evening.from_json(data)
    assert again.as_json() == ev.as_json()
    assert again.standings() == ev.standings()
    with pytest.raises(SettingsError, match="format version 99"):
        Evening.from_json({**data, "format_version": 99})
    broken = json.loads(json.dumps(data))
    broken["played"][0]["draw"]["tables"][1]["sides"][0][0] = broken["played"][0]["draw"]["tables"][0]["sides"][0][0]
    with pytest.raises(SettingsError, match="stored evening is not valid: round 1: .* is both at table 1"):
        Evening.from_json(broken)


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 14), st.integers(1, 4), st.integers(0, 1000), st.sampled_from(["fixed", "average"]))
def test_any_evening_round_trips(n: int, rounds: int, seed: int, bye_kind: str) -> None:
    rng = random.Random(seed)
    ev = Evening(rounds=rounds, bye_rule=ByeRule(bye_kind, 1500), seed=seed, title=f"avond {seed}")
    for i in range(n):
        ev.sign_in(f"p{i}")
    for _ in range(rounds):
        rnd = ev.draw_round()
        for t in rnd.tables:
            if rng.random() < 0.8:
                ev.record_sheet(rnd.number, t.number, random_deals(rng, rng.randrange(17)))
        data = json.loads(json.dumps(ev.as_json()))
        assert Evening.from_json(data).as_json() == ev.as_json()
        if rnd.number < rounds:
            for t in rnd.tables:
                ev.record_totals(rnd.number, t.number, (rng.randrange(3000), rng.randrange(3000)))
            ev.close_round(rnd.number)


def test_a_stay_move_evening_keeps_its_movement_and_older_evenings_stay_circles() -> None:
    ev = Evening(format="pairs", movement="mitchell", rounds=4, seed=8)
    for k in range(8):
        ev.sign_in(f"pair {k}", (f"a{k}", f"b{k}"))
    stayers = None
    for _ in range(4):
        rnd = ev.draw_round()
        assert rnd.movement == "mitchell"
        here = [t.sides[0][0] for t in rnd.tables]
        assert stayers is None or here == stayers  # the same pair at each table all evening
        stayers = here
        for t in rnd.tables:
            ev.record_totals(rnd.number, t.number, (1000, 900))
        ev.close_round(rnd.number)
    data = json.loads(json.dumps(ev.as_json()))
    assert data["movement"] == "mitchell" and data["played"][0]["draw"]["movement"] == "mitchell"
    assert Evening.from_json(data).as_json() == ev.as_json()
    # An evening stored before the movement existed has none: it loads as the circle it was drawn by.
    old = Evening(format="pairs", rounds=2, seed=8)
    for k in range(4):
        old.sign_in(f"pair {k}", (f"a{k}", f"b{k}"))
    old.draw_round()
    stored = old.as_json()
    del stored["movement"]
    assert "movement" not in stored["played"][0]["draw"]
    again = Evening.from_json(stored)
    assert again.movement == "circle" and again.played[0].draw.movement == ""
    with pytest.raises(SettingsError, match="needs the pairs format"):
        Evening(movement="mitchell")
    with pytest.raises(SettingsError, match="movement must be circle or mitchell"):
        Evening(format="pairs", movement="howell")


def sa_strokes(deals: list[tuple[int, int]], target: int) -> tuple[int, int, int]:
    """docs/rules.md §6-§7 for sa, written here: a game's totals carry over until a team reaches 100 at the end
    of a deal (the higher if both; nobody on equal totals); it wins one stroke, two when the others are under
    50; first to ``target`` strokes. Returns the strokes and how many deals that took."""
    strokes = [0, 0]
    carry = [0, 0]
    for n, (a, b) in enumerate(deals, 1):
        carry = [carry[0] + a, carry[1] + b]
        reached = [c >= 100 for c in carry]
        if any(reached) and carry[0] != carry[1]:
            on = (0 if carry[0] > carry[1] else 1) if all(reached) else reached.index(True)
            strokes[on] += 2 if carry[1 - on] < 50 else 1
            carry = [0, 0]
            if strokes[on] >= target:
                return strokes[0], strokes[1], n
    raise AssertionError("the deals did not finish the match")


def test_a_south_african_evening_ranks_by_strokes() -> None:
    rng = random.Random(17)
    ev = Evening(rules="sa", match_end="strokes:5", rounds=2, bye_rule=ByeRule("average"), seed=17)
    assert ev.deals_per_round is None and ev.strokes_target == 5
    players = [f"p{i}" for i in range(9)]
    for p in players:
        ev.sign_in(p)
    expected = dict.fromkeys(players, 0)
    for _ in range(2):
        rnd = ev.draw_round()
        seated: list[int] = []
        for t in rnd.tables:
            split = [(a, 146 - a) for a in (rng.randrange(147) for _ in range(60))]
            a, b, used = sa_strokes(split, 5)
            deals = [DealInput(None, pts) for pts in split[:used]]
            assert not ev.record_sheet(rnd.number, t.number, deals[:-1])  # one deal short: not over
            assert ev.record_sheet(rnd.number, t.number, deals)
            assert ev.results()[rnd.number][t.number] == (a, b)
            for side, total in zip(t.sides, (a, b), strict=True):
                for p in side:
                    expected[p] += total
                    seated.append(total)
        for p in rnd.byes:
            expected[p] += (2 * sum(seated) + len(seated)) // (2 * len(seated))  # the round's average, half up
        ev.close_round(rnd.number)
    assert {ln.entrant: ln.total for ln in ev.standings().lines} == expected
    totals = [ln.total for ln in ev.standings().lines]
    assert totals == sorted(totals, reverse=True)
    # Typed strokes: the winner has the target (or one more, a last game worth two), the loser less.
    ev2 = Evening(rules="sa", match_end="strokes:5", rounds=1, bye_rule=ByeRule("fixed", 3), seed=1)
    for p in players[:8]:
        ev2.sign_in(p)
    ev2.draw_round()
    ev2.record_totals(1, 1, (6, 4))
    ev2.record_totals(1, 2, (2, 5))
    for bad in ((4, 3), (5, 5), (7, 0), (1, 9)):
        with pytest.raises(ResultError, match="a South African result is strokes"):
            ev2.record_totals(1, 1, bad)
    with pytest.raises(SettingsError, match="bye score of a South African evening is in strokes: 0 to 6"):
        Evening(rules="sa", match_end="strokes:5")
    with pytest.raises(SettingsError, match="a South African round ends at strokes:N"):
        Evening(rules="sa", match_end="deals:16", bye_rule=ByeRule("average"))
