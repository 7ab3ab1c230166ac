"""Scoring a deal (docs/rules.md §6) and a match (§7).

This is the only scoring code in the project: the play engine, the CLI and the
score keeper all call :func:`score_deal` and :class:`Match`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .rules import Rules
from .seats import TEAMS


class ScoreError(ValueError):
    """Inconsistent deal figures; the message names the field."""


class DealScore(NamedTuple):
    """The result of one deal as written on the score sheet."""

    scores: tuple[int, int]  # what each team writes on the sheet (NS, EW)
    nat: bool = False
    pit: int | None = None  # team that took every trick
    verzaakt: int | None = None  # team that reneged and was called
    points: tuple[int, int] = (0, 0)  # card points including the last trick
    roem: tuple[int, int] = (0, 0)  # roem excluding the pit bonus

    def as_json(self) -> dict[str, object]:
        """``{"NS": .., "EW": .., "nat": .., "pit": "NS" | "EW" | None}``."""
        return {"NS": self.scores[0], "EW": self.scores[1], "nat": self.nat,
                "pit": None if self.pit is None else TEAMS[self.pit]}


def score_deal(rules: Rules, makers: int | None, points: Sequence[int], roem: Sequence[int] = (0, 0),
               pit: int | None = None, verzaakt: int | None = None, complete: bool = True) -> DealScore:
    """Score one deal from card points (with the last trick) and roem per team.

    ``makers`` is the playing team (``None`` where there are none, as in ``sa``),
    ``pit`` the team that took all tricks (the engine adds the pit bonus),
    ``verzaakt`` the team that reneged and was caught.  ``complete=False`` scores a South African deal
    that stopped when a team went on: its points may add up to less than the total.
    """
    total = rules.total
    for team in (0, 1):
        if not 0 <= points[team] <= total:
            raise ScoreError(f"points {TEAMS[team]}={points[team]} outside 0..{total}")
        if roem[team] < 0 or roem[team] % 10:
            raise ScoreError(f"roem {TEAMS[team]}={roem[team]} is not a non-negative multiple of 10")
    if not complete and (rules.has_makers or points[0] + points[1] > total):
        raise ScoreError(f"only a deal without makers stops early, with at most {total} points in all")
    if complete and verzaakt is None and points[0] + points[1] != total:
        raise ScoreError(f"points NS={points[0]} and EW={points[1]} do not add up to {total}")
    if pit is not None and points[pit] != total:
        raise ScoreError(f"pit for {TEAMS[pit]} needs all {total} points, got {points[pit]}")
    if makers is None and not rules.has_makers:
        pass
    elif makers is None:
        raise ScoreError("makers missing: these rules have a playing team")
    pts, rm = tuple(points), tuple(roem)
    with_pit = [rm[0], rm[1]]
    if pit is not None:
        with_pit[pit] += rules.pit_bonus
    all_roem = with_pit[0] + with_pit[1]
    if verzaakt is not None:
        other = 1 - verzaakt
        scores = [0, 0]
        scores[other] = total + all_roem + rules.verzaak_penalty
        return DealScore((scores[0], scores[1]), False, pit, verzaakt, (pts[0], pts[1]), (rm[0], rm[1]))
    totals = [pts[0] + with_pit[0], pts[1] + with_pit[1]]
    if makers is not None and rules.has_makers and totals[makers] <= totals[1 - makers]:
        scores = [0, 0]
        scores[1 - makers] = total + all_roem
        return DealScore((scores[0], scores[1]), True, pit, None, (pts[0], pts[1]), (rm[0], rm[1]))
    return DealScore((totals[0], totals[1]), False, pit, None, (pts[0], pts[1]), (rm[0], rm[1]))


@dataclass
class Match:
    """Running totals and the end of a match under ``rules.match_end``.

    Dutch matches add deal scores.  ``strokes`` matches (South African) count games:
    a game's totals carry over (ou jol) until a team goes on, which wins one
    stroke, or two when the opponents are under 50.
    """

    rules: Rules
    totals: list[int] = field(default_factory=lambda: [0, 0])
    deals: list[DealScore] = field(default_factory=list)
    strokes: list[int] = field(default_factory=lambda: [0, 0])
    carry: list[int] = field(default_factory=lambda: [0, 0])  # strokes games: the current game's totals
    games: list[tuple[int, int, int, int]] = field(default_factory=list)  # (winner, strokes, NS, EW)

    def add_deal(self, score: DealScore) -> None:
        """Write one deal's score on the sheet; raises :class:`ScoreError` once the match is over."""
        if self.is_over:
            raise ScoreError("the match is already over")
        self.deals.append(score)
        self.totals[0] += score.scores[0]
        self.totals[1] += score.scores[1]

    def add_game(self, winner: int, strokes: int, final: Sequence[int]) -> None:
        """A strokes game ended: ``winner`` went on with ``strokes`` at totals ``final``."""
        if self.is_over:
            raise ScoreError("the match is already over")
        self.strokes[winner] += strokes
        self.games.append((winner, strokes, final[0], final[1]))
        self.carry = [0, 0]

    @property
    def is_over(self) -> bool:
        """A team has won or the match is drawn."""
        return self.winner is not None or self.draw

    @property
    def draw(self) -> bool:
        """All deals of a ``deals:N`` match played with equal totals."""
        kind, n = self.rules.match_end_kind
        return kind == "deals" and len(self.deals) >= n and self.totals[0] == self.totals[1]

    @property
    def winner(self) -> int | None:
        """The team that won the match, or None while it goes on (or drawn)."""
        kind, n = self.rules.match_end_kind
        t = self.totals
        if kind == "deals":
            if len(self.deals) >= n and t[0] != t[1]:
                return 0 if t[0] > t[1] else 1
            return None
        if kind == "points":
            # Both past the target in the same deal: the higher total wins; equal plays on.
            if max(t) >= n and t[0] != t[1]:
                return 0 if t[0] > t[1] else 1
            return None
        if kind == "strokes":
            for team in (0, 1):
                if self.strokes[team] >= n:
                    return team
        return None


def going_on(rules: Rules, running: Sequence[int]) -> tuple[int, int] | None:
    """South African strokes: whether a team went on at these running totals: (team, strokes) or None."""
    target = 100
    reached = [running[0] >= target, running[1] >= target]
    if not any(reached):
        return None
    if all(reached):
        if running[0] == running[1]:
            return None
        team = 0 if running[0] > running[1] else 1
    else:
        team = 0 if reached[0] else 1
    return team, 2 if running[1 - team] < 50 else 1
