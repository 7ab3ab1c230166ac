"""scoring.py: deal scores (docs/rules.md §6) and match ends (section 7)."""

from __future__ import annotations

from typing import Any

import pytest

from klaverjas.core import DealScore, Match, Rules, ScoreError, going_on, score_deal

NS, EW = 0, 1
AMS = Rules.parse("amsterdam")
SA = Rules.parse("sa")


def test_worked_makers_82_vs_80_plus_20_roem_go_nat() -> None:
    s = score_deal(AMS, NS, (82, 80), (0, 20))
    assert s.scores == (0, 182) and s.nat
    s = score_deal(AMS, EW, (80, 82), (20, 0))
    assert s.scores == (182, 0) and s.nat


def test_worked_tie_81_81_is_nat() -> None:
    s = score_deal(AMS, NS, (81, 81))
    assert s.scores == (0, 162) and s.nat


def test_worked_makers_91_plus_20_vs_71() -> None:
    s = score_deal(AMS, EW, (71, 91), (0, 20))
    assert s.scores == (71, 111) and not s.nat
    assert s.points == (71, 91) and s.roem == (0, 20)


def test_worked_pit_with_40_roem() -> None:
    s = score_deal(AMS, NS, (162, 0), (40, 0), pit=NS)
    assert s.scores == (302, 0) and s.pit == NS and not s.nat


def test_defenders_pit_makers_go_nat_with_all_roem() -> None:
    s = score_deal(AMS, NS, (0, 162), (20, 50), pit=EW)
    # makers 20 vs 212: nat, defenders 162 + all roem (20 + 50 + 100 pit)
    assert s.scores == (0, 332) and s.nat


def test_nat_gives_defenders_both_teams_roem() -> None:
    s = score_deal(AMS, NS, (90, 72), (20, 50))
    assert s.scores == (0, 162 + 70) and s.nat


def test_makers_win_by_roem() -> None:
    s = score_deal(AMS, NS, (75, 87), (20, 0))
    assert s.scores == (95, 87) and not s.nat


def test_verzaakt_penalty() -> None:
    rules = Rules(illegal_cards="allow")
    s = score_deal(rules, NS, (40, 30), (20, 20), verzaakt=EW)
    assert s.scores == (162 + 40 + 100, 0) and s.verzaakt == EW
    s = score_deal(rules.with_options(verzaak_penalty=50), EW, (40, 30), (0, 0), verzaakt=EW)
    assert s.scores == (212, 0)
    s = score_deal(rules, EW, (100, 62), (0, 0), verzaakt=NS)
    assert s.scores == (0, 262)


def test_sa_has_no_makers_and_146() -> None:
    s = score_deal(SA, None, (84, 62), (20, 0))
    assert s.scores == (104, 62) and not s.nat
    with pytest.raises(ScoreError):
        score_deal(SA, None, (84, 78))


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"makers": NS, "points": (100, 61)}, "add up"),
    ({"makers": NS, "points": (163, 0)}, "outside"),
    ({"makers": NS, "points": (82, 80), "roem": (15, 0)}, "multiple of 10"),
    ({"makers": NS, "points": (162, 0), "pit": EW}, "pit"),
    ({"makers": None, "points": (82, 80)}, "makers"),
])
def test_inconsistent_figures(kwargs: dict[str, Any], word: str) -> None:
    with pytest.raises(ScoreError, match=word):
        score_deal(AMS, **kwargs)


def test_as_json() -> None:
    assert score_deal(AMS, NS, (81, 81)).as_json() == {"NS": 0, "EW": 162, "nat": True, "pit": None}


def ds(ns: int, ew: int) -> DealScore:
    return DealScore((ns, ew))


def test_match_16_deals_higher_total_wins() -> None:
    m = Match(AMS)
    for i in range(15):
        m.add_deal(ds(100 if i % 2 else 62, 62 if i % 2 else 100))
        assert not m.is_over
    m.add_deal(ds(162, 0))
    assert m.is_over and m.winner == NS and not m.draw
    assert m.totals == [7 * 100 + 8 * 62 + 162, 8 * 100 + 7 * 62]
    with pytest.raises(ScoreError):
        m.add_deal(ds(1, 1))


def test_match_16_deals_equal_total_is_a_draw() -> None:
    m = Match(AMS)
    for _ in range(16):
        m.add_deal(ds(81, 81))
    assert m.draw and m.is_over and m.winner is None


def test_match_points_first_to_1500() -> None:
    m = Match(Rules.parse("strict"))
    for _ in range(9):
        m.add_deal(ds(162, 0))
    assert not m.is_over  # 1458
    m.add_deal(ds(100, 62))
    assert m.winner == NS and m.totals == [1558, 62]


def test_match_points_both_reach_in_same_deal_higher_wins_equal_plays_on() -> None:
    r = Rules.parse("amsterdam(match_end=points:1500)")
    m = Match(r)
    m.add_deal(ds(1400, 1420))
    assert not m.is_over
    m.add_deal(ds(130, 120))
    assert m.totals == [1530, 1540] and m.winner == EW
    m = Match(r)
    m.add_deal(ds(1450, 1450))
    m.add_deal(ds(81, 81))
    assert m.totals == [1531, 1531] and not m.is_over and m.winner is None and not m.draw
    m.add_deal(ds(0, 162))
    assert m.winner == EW


def test_match_strokes_5() -> None:
    m = Match(SA)
    for _ in range(4):
        m.add_game(NS, 1, (117, 82))
    m.add_game(EW, 2, (30, 104))
    assert not m.is_over and m.strokes == [4, 2]
    m.add_game(NS, 1, (100, 90))
    assert m.winner == NS and m.is_over
    assert m.games[0] == (NS, 1, 117, 82)
    with pytest.raises(ScoreError):
        m.add_game(EW, 1, (100, 0))


def test_match_strokes_two_at_a_time() -> None:
    m = Match(SA)
    m.add_game(EW, 2, (10, 101))
    m.add_game(EW, 2, (10, 101))
    assert m.winner is None
    m.add_game(EW, 2, (49, 120))
    assert m.winner == EW and m.strokes == [0, 6]


@pytest.mark.parametrize(("running", "result"), [
    ((99, 99), None),
    ((100, 0), (NS, 2)),
    ((104, 33), (NS, 2)),
    ((117, 82), (NS, 1)),
    ((100, 50), (NS, 1)),
    ((100, 49), (NS, 2)),
    ((49, 100), (EW, 2)),
    ((84, 82), None),
    ((120, 110), (NS, 1)),  # both reached in the same trick: the higher goes on
    ((105, 130), (EW, 1)),
])
def test_going_on(running: tuple[int, int], result: tuple[int, int] | None) -> None:
    assert going_on(SA, running) == result


def test_a_stopped_sa_deal_scores_what_each_team_has() -> None:
    from klaverjas.core import Rules, ScoreError, score_deal

    sa = Rules.parse("sa")
    assert score_deal(sa, None, (84, 20), (20, 0), complete=False).scores == (104, 20)
    with pytest.raises(ScoreError, match="do not add up"):
        score_deal(sa, None, (84, 20), (20, 0))
    with pytest.raises(ScoreError, match="at most 146"):
        score_deal(sa, None, (100, 60), complete=False)
    with pytest.raises(ScoreError, match="without makers"):
        score_deal(Rules.parse("amsterdam"), 0, (84, 20), complete=False)
