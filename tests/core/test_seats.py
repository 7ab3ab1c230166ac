"""seats.py: seats, teams, direction, dealer rotation and first lead (docs/rules.md §1)."""

from __future__ import annotations

import pytest

from klaverjas.core import EAST as E
from klaverjas.core import (
    EW,
    NS,
    SEATS,
    TEAMS,
    SeatError,
    first_lead,
    next_dealer,
    next_seat,
    parse_seat,
    parse_team,
    partner_of,
    team_of,
)
from klaverjas.core import NORTH as N
from klaverjas.core import SOUTH as S
from klaverjas.core import WEST as W


def test_seats_and_teams() -> None:
    assert SEATS == "NESW"
    assert TEAMS == ("NS", "EW")
    assert [team_of(s) for s in (N, E, S, W)] == [NS, EW, NS, EW]
    assert [partner_of(s) for s in (N, E, S, W)] == [S, W, N, E]
    assert [parse_seat(x) for x in "nEsW"] == [N, E, S, W]
    assert parse_team("ns") == NS and parse_team("WE") == EW and parse_team("SN") == NS


@pytest.mark.parametrize("bad", ["X", "NS", "", "north"])
def test_bad_seat(bad: str) -> None:
    with pytest.raises(SeatError):
        parse_seat(bad)


def test_bad_team_and_direction() -> None:
    with pytest.raises(SeatError):
        parse_team("NE")
    with pytest.raises(SeatError):
        next_seat(N, "widdershins")


def test_clockwise_order() -> None:
    assert [next_seat(s, "clockwise") for s in (N, E, S, W)] == [E, S, W, N]
    assert next_seat(N, "clockwise", 3) == W


def test_anticlockwise_order() -> None:
    # N -> W -> S -> E (the South African account, the English description)
    assert [next_seat(s, "anticlockwise") for s in (N, W, S, E)] == [W, S, E, N]


def test_first_lead_is_the_seat_after_the_dealer_in_the_direction_of_play() -> None:
    assert [first_lead(d, "clockwise") for d in (N, E, S, W)] == [E, S, W, N]
    assert [first_lead(d, "anticlockwise") for d in (N, E, S, W)] == [W, N, E, S]
    # The South African sample game: Anzio (N) deals, anticlockwise, so Michael (W) leads.
    assert first_lead(N, "anticlockwise") == W


def test_dealer_rotation_cycles_through_all_seats() -> None:
    for direction, expected in (("clockwise", [N, E, S, W, N]), ("anticlockwise", [N, W, S, E, N])):
        dealer, seen = N, [N]
        for _ in range(4):
            dealer = next_dealer(dealer, direction)
            seen.append(dealer)
        assert seen == expected
