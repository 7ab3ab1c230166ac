"""Standings: per round, per evening and per season, with the tie rules written out.

A table's result is its two sides' totals from the sheet (``(side 1, side 2)``).  Every entrant on a
side scores that side's total for the round: in the individual format each player gets the team's
total, in the pairs format the pair does.

Byes (:class:`ByeRule`)
    An entrant's first bye of the evening scores the bye score: a fixed number (``fixed``, e.g. 1600)
    or the round's average (``average``): the mean of the scores of all entrants seated that round,
    rounded half up to a whole point.  A second bye in the same evening scores 0, so the bye score
    counts at most once.  While a round is being played the average is that of the tables recorded so
    far.  A round missed before a late arrival (or after leaving) scores nothing.

Evening ranking (tie rule)
    Higher total first; equal totals: the higher best table round (a bye is not a table round), then
    fewer byes, then the name in alphabetical order (case-folded), so every place is distinct.

Poedel
    The lowest total: the last in the evening's ranking among the entrants who were there for every
    round (seated or on a bye); only if nobody was, the last overall.

Best round
    The highest single table score of the evening (all entrants who scored it, with their round).

Season (:func:`season_standings`)
    An entrant's evenings are ranked by total and the best ``best`` of them count (with seven evenings
    and ``best=5`` two are dropped); an evening not attended scores nothing and cannot be dropped in
    favour of a played one.  Ties: higher counted total, then the higher best evening, then the higher
    total over all evenings, then the name as above.  Of equal evening totals the earlier one counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .draw import Round
from .errors import SettingsError
from .texts import choices

BYE_KINDS = ("fixed", "average")
Results = Mapping[int, Mapping[int, tuple[int, int]]]  # round number -> table number -> the sides' totals


@dataclass(frozen=True)
class ByeRule:
    kind: str = "fixed"
    points: int = 1600  # the fixed bye score; unused for ``average``

    def __post_init__(self) -> None:
        if self.kind not in BYE_KINDS:
            raise SettingsError("bye_kind", value=repr(self.kind), **choices(BYE_KINDS))
        if not isinstance(self.points, int) or self.points < 0:
            raise SettingsError("bye_points", value=repr(self.points))

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "points": self.points}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ByeRule:
        return cls(data["kind"], data["points"])


def round_half_up(total: int, count: int) -> int:
    """``total / count`` rounded half up, in whole numbers (no float rounding surprises)."""
    return (2 * total + count) // (2 * count)


@dataclass(frozen=True)
class Line:
    """One entrant's evening: a score per round (None: absent or not yet recorded)."""

    entrant: str
    scores: tuple[int | None, ...]
    bye_rounds: tuple[int, ...] = ()  # round numbers the entrant was on a bye
    present: tuple[bool, ...] = ()  # per round: seated or on a bye
    rank: int = 0

    @property
    def total(self) -> int:
        return sum(s for s in self.scores if s is not None)

    @property
    def best_table_round(self) -> int | None:
        table = [s for k, s in enumerate(self.scores, 1) if s is not None and k not in self.bye_rounds]
        return max(table) if table else None


@dataclass(frozen=True)
class BestRound:
    score: int
    round: int
    entrant: str


@dataclass(frozen=True)
class EveningStandings:
    lines: tuple[Line, ...]  # in ranking order, rank 1 first
    rounds: int
    table_scores: tuple[tuple[int, str, int], ...] = field(default=())  # (round, entrant, table score)

    def line(self, entrant: str) -> Line:
        for line in self.lines:
            if line.entrant == entrant:
                return line
        raise KeyError(entrant)

    def round(self, number: int) -> list[tuple[str, int]]:
        """Round ``number``'s scores, highest first, ties by name."""
        scored = [(ln.entrant, s) for ln in self.lines if (s := ln.scores[number - 1]) is not None]
        return sorted(scored, key=lambda es: (-es[1], es[0].casefold(), es[0]))

    @property
    def poedel(self) -> Line | None:
        always = [ln for ln in self.lines if ln.present and all(ln.present)]
        pool = always or list(self.lines)
        return pool[-1] if pool else None

    @property
    def best_round(self) -> list[BestRound]:
        if not self.table_scores:
            return []
        top = max(s for _, _, s in self.table_scores)
        return [BestRound(s, k, e) for k, e, s in self.table_scores if s == top]


def evening_standings(rounds: Sequence[Round], results: Results, bye_rule: ByeRule,
                      entrants: Sequence[str] = ()) -> EveningStandings:
    """Rank the evening from its drawn rounds and the tables' results recorded so far."""
    everyone = list(dict.fromkeys([*entrants, *(e for rnd in rounds for e in rnd.entrants)]))
    scores: dict[str, list[int | None]] = {e: [None] * len(rounds) for e in everyone}
    present: dict[str, list[bool]] = {e: [False] * len(rounds) for e in everyone}
    byes: dict[str, list[int]] = {e: [] for e in everyone}
    table_scores: list[tuple[int, str, int]] = []
    for k, rnd in enumerate(rounds):
        recorded = results.get(rnd.number, {})
        seated_scores: list[int] = []
        for t in rnd.tables:
            totals = recorded.get(t.number)
            for e in t.entrants:
                present[e][k] = True
            if totals is None:
                continue
            for side, total in zip(t.sides, totals, strict=True):
                for e in side:
                    scores[e][k] = total
                    seated_scores.append(total)
                    table_scores.append((rnd.number, e, total))
        for e in rnd.byes:
            present[e][k] = True
            first = not byes[e]
            byes[e].append(rnd.number)
            if not first:
                scores[e][k] = 0
            elif bye_rule.kind == "fixed":
                scores[e][k] = bye_rule.points
            elif seated_scores:
                scores[e][k] = round_half_up(sum(seated_scores), len(seated_scores))
    lines = [Line(e, tuple(scores[e]), tuple(byes[e]), tuple(present[e])) for e in everyone]
    lines.sort(key=lambda ln: (-ln.total, -(ln.best_table_round if ln.best_table_round is not None else -1),
                               len(ln.bye_rounds), ln.entrant.casefold(), ln.entrant))
    ranked = tuple(Line(ln.entrant, ln.scores, ln.bye_rounds, ln.present, i + 1) for i, ln in enumerate(lines))
    return EveningStandings(ranked, len(rounds), tuple(table_scores))


@dataclass(frozen=True)
class SeasonLine:
    """One entrant's season: the evening totals (None: not there), which count, and the rank."""

    entrant: str
    evenings: tuple[int | None, ...]
    counted: tuple[int, ...]  # indices (from 0) of the evenings that count
    rank: int = 0

    @property
    def total(self) -> int:
        return sum(self.evenings[i] or 0 for i in self.counted)

    @property
    def all_evenings(self) -> int:
        return sum(s for s in self.evenings if s is not None)

    @property
    def best_evening(self) -> int | None:
        played = [s for s in self.evenings if s is not None]
        return max(played) if played else None

    @property
    def dropped(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.evenings) if s is not None and i not in self.counted)


def season_standings(evenings: Sequence[EveningStandings], best: int) -> list[SeasonLine]:
    """Rank a season in which each entrant's best ``best`` evenings count (see the module doc)."""
    if best < 1:
        raise SettingsError("season_best", n=best)
    everyone = list(dict.fromkeys(ln.entrant for ev in evenings for ln in ev.lines))
    lines = []
    for e in everyone:
        totals = tuple(_total_of(ev, e) for ev in evenings)
        played = sorted((i for i, s in enumerate(totals) if s is not None), key=lambda i: (-(totals[i] or 0), i))
        lines.append(SeasonLine(e, totals, tuple(sorted(played[:best]))))
    lines.sort(key=lambda ln: (-ln.total, -(ln.best_evening if ln.best_evening is not None else -1),
                               -ln.all_evenings, ln.entrant.casefold(), ln.entrant))
    return [SeasonLine(ln.entrant, ln.evenings, ln.counted, i + 1) for i, ln in enumerate(lines)]


def _total_of(evening: EveningStandings, entrant: str) -> int | None:
    for ln in evening.lines:
        if ln.entrant == entrant:
            return ln.total if any(ln.present) else None
    return None
