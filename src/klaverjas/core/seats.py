"""Seats ``NORTH EAST SOUTH WEST`` (0..3), teams ``NS`` (0) and ``EW`` (1), and the direction of play.

Partners sit opposite, so a seat's team is its lowest bit and its partner differs in the second
(docs/rules.md §1):

>>> team_of(WEST) == EW, partner_of(NORTH) == SOUTH, next_seat(NORTH, "anticlockwise") == WEST
(True, True, True)
"""

from __future__ import annotations

Seat = int
Team = int

SEATS = "NESW"
TEAMS = ("NS", "EW")
NORTH, EAST, SOUTH, WEST = range(4)
NS, EW = 0, 1


class SeatError(ValueError):
    """Unknown seat, team or direction name."""


def parse_seat(text: str) -> Seat:
    """A seat from its letter ``N E S W`` (any case)."""
    up = text.strip().upper()
    if len(up) == 1 and up in SEATS:
        return SEATS.index(up)
    raise SeatError(f"unknown seat {text!r}: expected N, E, S or W")


def seat_name(seat: Seat) -> str:
    """The letter of a seat."""
    return SEATS[seat]


def parse_team(text: str) -> Team:
    """A team from ``NS`` or ``EW`` (either order, any case)."""
    up = text.strip().upper()
    if up in ("NS", "SN"):
        return NS
    if up in ("EW", "WE"):
        return EW
    raise SeatError(f"unknown team {text!r}: expected NS or EW")


def team_name(team: Team) -> str:
    """``NS`` or ``EW``."""
    return TEAMS[team]


def team_of(seat: Seat) -> Team:
    """The team a seat plays for."""
    return seat & 1


def partner_of(seat: Seat) -> Seat:
    """The seat opposite."""
    return seat ^ 2


def step_of(direction: str) -> int:
    """Seat increment for one step in the direction of play."""
    if direction == "clockwise":
        return 1
    if direction == "anticlockwise":
        return 3
    raise SeatError(f"unknown direction {direction!r}: expected clockwise or anticlockwise")


def next_seat(seat: Seat, direction: str, steps: int = 1) -> Seat:
    """The seat ``steps`` places on in the direction of play."""
    return (seat + steps * step_of(direction)) % 4


def first_lead(dealer: Seat, direction: str) -> Seat:
    """The seat after the dealer in the direction of play leads the first trick."""
    return next_seat(dealer, direction)


def next_dealer(dealer: Seat, direction: str) -> Seat:
    """The deal passes one seat in the direction of play."""
    return next_seat(dealer, direction)
