"""Whole matches deal after deal in every preset: they end, with the winner the rules say."""

from __future__ import annotations

import random

import pytest

from klaverjas.core import Deal, MatchPlay, Rules, going_on


@pytest.mark.parametrize("rules_text", ["amsterdam", "rotterdam", "sa", "strict", "amsterdam(match_end=points:1500)"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_match_plays_to_its_end(rules_text: str, seed: int) -> None:
    rules = Rules.parse(rules_text)
    play = MatchPlay(rules, first_dealer=seed % 4, seed=seed)
    rng = random.Random(seed)
    dealers = []
    totals = [0, 0]
    while not play.is_over:
        deal = play.new_deal()
        dealers.append(deal.dealer)
        while not deal.selection.done:
            options = deal.selection.options()
            deal.choose_trump(options[rng.randrange(len(options))])
        deal.playout(rng)
        if rules.match_end_kind[0] != "strokes":
            score = deal.score()
            totals = [totals[0] + score.scores[0], totals[1] + score.scores[1]]
        play.finish_deal()
        assert len(dealers) < 200
    match = play.match
    step = 1 if rules.direction == "clockwise" else 3
    assert all(dealers[i + 1] == (dealers[i] + step) % 4 for i in range(len(dealers) - 1))
    kind, target = rules.match_end_kind
    if kind == "deals":
        assert len(dealers) == target and match.totals == totals
        assert match.draw or match.winner == (0 if totals[0] > totals[1] else 1)
    elif kind == "points":
        assert match.totals == totals and max(totals) >= target and match.winner == (0 if totals[0] > totals[1] else 1)
        before = [totals[t] - match.deals[-1].scores[t] for t in (0, 1)]
        assert max(before) < target  # it ended at the first deal that reached the target
    else:
        assert match.winner is not None and match.strokes[match.winner] >= target
        assert sum(s for _, s, _, _ in match.games) == sum(match.strokes)


def test_sa_ou_jol_carries_totals_into_the_next_deal() -> None:
    # The South African sample game: the table's count leaves N/S 84 and E/W 82: nobody has 100, ou jol.
    assert going_on(Rules.parse("sa"), (84, 82)) is None
    # Next deal: N/S win J♠ Q♠ A♣ 8♠ = 33 and reach 117 while E/W have 82: one stroke.
    assert going_on(Rules.parse("sa"), (84 + 33, 82)) == (0, 1)
    deal = Deal(Rules.parse("sa"), 0, Deal.new(Rules.parse("sa"), 0, seed=9).initial, 3, carry=(84, 82))
    assert deal.running_totals == (84, 82)
