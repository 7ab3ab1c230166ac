"""benchmarks/partner_info.py: the decisions that strong shown its partner's cards makes otherwise, found on
the deal really played and valued there."""

from __future__ import annotations

from klaverjas.bots import View
from klaverjas.core import Rules
from klaverjas.solver import Position, solve

from .helpers import load_benchmark

INFO = load_benchmark("partner_info")


def test_changed_decisions_are_the_deals_own_and_valued_on_it() -> None:
    rules = Rules.parse("rotterdam")
    seed, index = 78, 1
    players = [INFO.strong_player(3000.0) for _ in range(4)]
    informed = INFO.strong_player(3000.0)
    informed.partner_shown = INFO.OracleBot(seed, index + 1)
    rows = INFO.decisions(rules, seed, index, players, informed)
    assert rows, "shown partner's cards, strong changes some card of this deal"
    # The same deal again (the players are reseeded per deal, so it replays alike), checked against each row.
    played, deal = INFO.play(rules, seed, index, players)
    assert deal.selection.done and not deal.plays and played.is_over
    by_play = {4 * r["trick"] + r["place"]: r for r in rows}
    for n, card in enumerate(c for t in played.tricks for c in t.cards):
        row = by_play.get(n)
        if row is not None:
            view = View.of(deal, deal.turn)
            assert row["played"] == card and row["informed"] != card
            assert view.legal >> row["informed"] & 1
            values = solve(Position.from_deal(deal)).cards
            sign = 1 if deal.turn % 2 == 0 else -1
            assert row["gain"] == sign * (values[row["informed"]] - values[card])
            assert row["maker"] == int(deal.makers == deal.turn % 2)
        deal.play(card)


def test_kinds_of_change() -> None:
    def row(place: int, played: int, informed: int, trump: int = 0) -> dict[str, int]:
        points = {0: 0, 4: 10, 12: 0, 13: 0}
        return {"place": place, "played": played, "informed": informed, "played_trump": int(played >> 3 == trump),
                "informed_trump": int(informed >> 3 == trump), "played_points": points.get(played, 0),
                "informed_points": points.get(informed, 0)}

    assert INFO.kind_of(row(0, 12, 0)) == "lead: a trump instead of a plain suit"
    assert INFO.kind_of(row(0, 0, 12)) == "lead: a plain suit instead of a trump"
    assert INFO.kind_of(row(0, 12, 20)) == "lead: another suit"
    assert INFO.kind_of(row(0, 12, 13)) == "lead: another card of the suit"
    assert INFO.kind_of(row(2, 12, 20)) == "follow: another suit (ruff or discard)"
    assert INFO.kind_of(row(1, 0, 4)) == "follow: a card of more points"
    assert INFO.kind_of(row(1, 4, 0)) == "follow: a card of fewer points"
    assert INFO.kind_of(row(3, 12, 13)) == "follow: another card of equal points"
