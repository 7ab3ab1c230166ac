"""The draw: for each round of a club evening, tables of four.

An *entrant* is what the standings rank: a player in the individual format (partners drawn each
round), a fixed pair in the pairs format.  A table has two sides; a side holds two players
(individual) or one pair.  Entrants not seated in a round are on its bye list.

Individual format (:func:`draw_individual`)
    Byes first: ``n mod 4`` players sit out, those who have been away from a table least often this
    evening (byes plus rounds missed before a late arrival), ties by the seeded generator; so nobody
    sits out twice while a present player has not sat out.  Then the seated players are placed by a
    local search: a random seating, improved by swapping two players of different tables, a swap kept
    when it costs no more (sideways moves let the search cross plateaus), for a fixed budget of tries.
    Each table takes the best of its three ways to split four players into two partnerships.  A table
    costs ``PARTNER_WEIGHT`` for every time a partnership was already played this evening and 1 for
    every earlier meeting of each pair of opponents; since the count grows with each meeting, a third
    meeting costs twice a second, and meetings spread out.  The partner weight outweighs every
    opponent cost of a round, so a repeated partnership is drawn only where the search finds no way
    around it.

Pairs format (:func:`draw_pairs`)
    The circle method: the pairs (and a bye seat when their count is odd) sit around a circle, one
    fixed, the others turning one place each round.  With ``P`` pairs no pair meets another twice
    before it has met all others: rounds ``1..P-1`` (``P`` even) or ``1..P`` (odd, each pair sitting
    out once) meet every other pair exactly once.  Beyond that the circle starts over.  When the field
    changes (a pair arrives late or leaves), the circle no longer fits, and the round is found by the
    same local search as the individual draw, pairs for players.

Stay/move movement of fixed pairs (``draw_pairs(..., movement="mitchell")``)
    What many clubs play: half the pairs (N-S, side 1) stay at their table all evening, the others (E-W,
    side 2) move up one table after each round, from the last table to the first.  With ``t`` tables the
    E-W pair ``j`` sits at table ``j + r`` (mod ``t``) in round ``r``, so each N-S pair meets a different
    E-W pair in each of rounds ``1..t``: no pair meets another twice while rounds <= tables, for an even
    or an odd number of tables alike.  (Bridge's skip and relay exist because its boards move too; here
    nothing but the pairs moves, so no skip is needed.)  An odd field gets a phantom N-S pair at the last
    table: the E-W pair drawn against it sits out, each mover once in ``t`` rounds, and comes in at table
    1.  A pair meets only pairs of the other line, so after ``t`` rounds the movement starts over.  When
    the field changes the round comes from the local search, without a movement.

Both are reproducible: the same entrants, the same earlier rounds and the same seed draw the same
round (the generator is ``random.Random`` seeded with the seed and the round number, and the
entrants are sorted first, so the order they signed in does not matter).

Quality (:func:`quality`) counts, over pairs of entrants, the meetings beyond the first:

``partner_repeats``  = sum over pairs of max(0, times partners - 1);
``opponent_repeats`` = sum over pairs of max(0, times opponents - 1);
``bye_repeats``      = sum over entrants of max(0, byes - 1).

The lower bounds follow from counting.  Entrant ``x`` plays ``p_x`` rounds.  Each round gives it
``s - 1`` partners and ``s`` opponents (``s`` is the side size: 2 or 1) among the ``n - 1`` others, so
at least ``(s - 1) p_x - (n - 1)`` of its partnerships and ``s p_x - (n - 1)`` of its meetings as
opponents are repeats.  A repeated pair is counted at both its entrants, hence::

    partner_bound  = ceil(sum_x max(0, (s - 1) p_x - (n - 1)) / 2)
    opponent_bound = ceil(sum_x max(0, s p_x - (n - 1)) / 2)
    bye_bound      = max(0, B - n)          (B byes in all; each entrant's first bye is free)

For an individual evening of 8 or more players and at most 7 rounds the partner bound is 0; the
opponent bound is 0 from 13 players on for 6 rounds (2 * 6 = 12 opponents fit in 12 others).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from klaverjas.core.texts import Text

from .errors import DrawError
from .texts import both, place

PARTNER_WEIGHT = 10_000  # far above any round's opponent cost (at most 2 per seat per earlier round)
SEARCH_TRIES_PER_SEAT = 250  # swaps tried per seated entrant; a fixed budget keeps a draw well under 0.1 s
SEARCH_TRIES_MIN = 3_000


@dataclass(frozen=True)
class Table:
    """One table of a round: its number (from 1) and its two sides of entrants."""

    number: int
    sides: tuple[tuple[str, ...], tuple[str, ...]]

    @property
    def entrants(self) -> tuple[str, ...]:
        return self.sides[0] + self.sides[1]

    def as_json(self) -> dict[str, Any]:
        return {"number": self.number, "sides": [list(self.sides[0]), list(self.sides[1])]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        a, b = data["sides"]
        return cls(int(data["number"]), (tuple(str(x) for x in a), tuple(str(x) for x in b)))


@dataclass(frozen=True)
class Round:
    """A drawn round: its number (from 1), its tables and the entrants on a bye."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()
    movement: str = ""  # "mitchell": side 1 (N-S) of each table stays, side 2 (E-W) moves up one table

    def moves_to(self, table: int) -> int | None:
        """A Mitchell round: the table the E-W pair of ``table`` plays at next (None: it sits out next)."""
        if self.movement != "mitchell":
            return None
        if table < len(self.tables):
            return table + 1
        return None if self.byes else 1

    @property
    def seated(self) -> tuple[str, ...]:
        return tuple(e for t in self.tables for e in t.entrants)

    @property
    def entrants(self) -> tuple[str, ...]:
        return self.seated + self.byes

    def table_of(self, entrant: str) -> Table | None:
        for t in self.tables:
            if entrant in t.entrants:
                return t
        return None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"number": self.number, "tables": [t.as_json() for t in self.tables],
                               "byes": list(self.byes)}
        if self.movement:
            out["movement"] = self.movement
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Round:
        return cls(int(data["number"]), tuple(Table.from_json(t) for t in data["tables"]),
                   tuple(str(x) for x in data["byes"]), str(data.get("movement", "")))


def check_round(rnd: Round, side_size: int, present: Collection[str] | None = None) -> None:
    """Refuse a round that is not a valid seating: each entrant once, full sides, tables 1..t.

    With ``present`` given, the round must seat or give a bye to exactly the present entrants.
    """
    where: dict[str, Text] = {}
    if [t.number for t in rnd.tables] != list(range(1, len(rnd.tables) + 1)):
        raise DrawError("table_numbers", round=rnd.number, n=len(rnd.tables))
    for t in rnd.tables:
        for side in t.sides:  # an empty side too: it has no entrant to find it by
            if len(side) != side_size:
                raise DrawError("side_size", round=rnd.number, size=len(side), need=side_size,
                                **both("place", place("table", n=t.number)))
    places = [(e, place("table", n=t.number)) for t in rnd.tables for side in t.sides for e in side]
    places += [(e, place("byes")) for e in rnd.byes]
    for entrant, at in places:
        if entrant in where:
            seen = where[entrant]
            if seen == at:
                raise DrawError("twice_at", round=rnd.number, name=entrant, **both("place", at))
            raise DrawError("both_at", round=rnd.number, name=entrant, **both("seen", seen), **both("place", at))
        where[entrant] = at
    if present is not None:
        for entrant in where:
            if entrant not in present:
                raise DrawError("not_present", round=rnd.number, name=entrant)
        for entrant in present:
            if entrant not in where:
                raise DrawError("unplaced", round=rnd.number, name=entrant)


class _Counts:
    """Earlier meetings of the present entrants, in flat n*n lists for speed."""

    def __init__(self, names: Sequence[str], history: Sequence[Round]) -> None:
        n = len(names)
        index = {name: i for i, name in enumerate(names)}
        self.n = n
        self.partner = [0] * (n * n)
        self.opponent = [0] * (n * n)
        self.away = [0] * n  # rounds not at a table: byes and rounds before arriving
        for rnd in history:
            seated = set()
            for t in rnd.tables:
                a = [index[e] for e in t.sides[0] if e in index]
                b = [index[e] for e in t.sides[1] if e in index]
                seated.update(a + b)
                for side in (a, b):
                    for i in side:
                        for j in side:
                            if i != j:
                                self.partner[i * n + j] += 1
                for i in a:
                    for j in b:
                        self.opponent[i * n + j] += 1
                        self.opponent[j * n + i] += 1
            for i in range(n):
                if i not in seated:
                    self.away[i] += 1


def _names(entrants: Sequence[str], what: str) -> list[str]:
    names = sorted(entrants)
    for a, b in zip(names, names[1:], strict=False):
        if a == b:
            raise DrawError("listed_twice", name=a, **both("what", place(what)))
    return names


def _byes(counts: _Counts, count: int, rng: random.Random) -> set[int]:
    """The ``count`` entrants away from a table least often so far; ties by the generator."""
    keyed = sorted(range(counts.n), key=lambda i: (counts.away[i], rng.random()))
    return set(keyed[:count])


def draw_individual(players: Sequence[str], history: Sequence[Round], seed: int,
                    tries: int | None = None) -> Round:
    """Draw round ``len(history) + 1`` of an individual evening for the present ``players``."""
    names = _names(players, "players")
    if len(names) < 4:
        raise DrawError("four_players", n=len(names))
    number = len(history) + 1
    rng = random.Random(f"individual/{seed}/{number}")
    counts = _Counts(names, history)
    byes = _byes(counts, len(names) % 4, rng)
    seated = [i for i in range(counts.n) if i not in byes]
    tables = _search(counts, seated, 2, rng, tries)
    return _round(number, names, tables, byes)


def draw_pairs(pairs: Sequence[str], history: Sequence[Round], seed: int, tries: int | None = None,
               movement: str = "circle") -> Round:
    """Draw round ``len(history) + 1`` of a pairs evening for the present ``pairs``: by the circle method, or
    (``movement="mitchell"``) with half the pairs staying at their table and the others moving one up."""
    names = _names(pairs, "pairs")
    if len(names) < 2:
        raise DrawError("two_pairs", n=len(names))
    number = len(history) + 1
    if movement == "mitchell":
        plan = _mitchell(names, seed)
        if all(rnd.tables == plan[k % len(plan)].tables and rnd.byes == plan[k % len(plan)].byes
               for k, rnd in enumerate(history)):
            planned = plan[(number - 1) % len(plan)]
            return Round(number, planned.tables, planned.byes, "mitchell")
    circle = _circle(names, seed)
    if all(_same_meetings(rnd, circle[k % len(circle)]) for k, rnd in enumerate(history)):
        sides, bye = circle[(number - 1) % len(circle)]
        tables = [((a,), (b,)) for a, b in sides]
        return _round_named(number, tables, [bye] if bye is not None else [])
    rng = random.Random(f"pairs/{seed}/{number}")
    counts = _Counts(names, history)
    byes = _byes(counts, len(names) % 2, rng)
    seated = [i for i in range(counts.n) if i not in byes]
    return _round(number, names, _search(counts, seated, 1, rng, tries), byes)


_CircleRound = tuple[list[tuple[str, str]], str | None]


def _circle(names: Sequence[str], seed: int) -> list[_CircleRound]:
    """The circle method's rounds for these pairs, in a seeded order around the circle."""
    seats: list[str | None] = list(names)
    random.Random(f"pairs/{seed}/circle").shuffle(seats)
    if len(seats) % 2:
        seats.append(None)  # the bye seat
    p = len(seats)
    rounds: list[_CircleRound] = []
    for _ in range(p - 1):
        meetings: list[tuple[str, str]] = []
        bye = None
        for i in range(p // 2):
            a, b = seats[i], seats[p - 1 - i]
            if a is None or b is None:
                bye = b if a is None else a
            else:
                meetings.append((a, b))
        rounds.append((meetings, bye))
        seats = [seats[0], seats[-1], *seats[1:-1]]  # all but the first turn one place
    return rounds


def _mitchell(names: Sequence[str], seed: int) -> list[Round]:
    """The stay/move rounds: ``t`` tables, N-S pair ``k`` stays at table ``k``; E-W pair ``j`` sits at table
    ``j + r`` (mod ``t``) in round ``r`` (from 0), moving up one table each round, from the last to the first.
    An odd field has a phantom N-S pair at the last table: the E-W pair there sits out."""
    order = list(names)
    random.Random(f"pairs/{seed}/mitchell").shuffle(order)
    t = (len(order) + 1) // 2
    stay: list[str | None] = [*order[: len(order) // 2], None][:t]
    move = order[len(order) // 2:]
    rounds = []
    for r in range(t):
        tables: list[Table] = []
        byes: list[str] = []
        for j, pair in enumerate(move):
            k = (j + r) % t
            home = stay[k]
            if home is None:
                byes.append(pair)
            else:
                tables.append(Table(k + 1, ((home,), (pair,))))
        rounds.append(Round(r + 1, tuple(sorted(tables, key=lambda x: x.number)), tuple(byes), "mitchell"))
    return rounds


def _same_meetings(rnd: Round, planned: _CircleRound) -> bool:
    drawn = {frozenset(t.entrants) for t in rnd.tables}
    return drawn == {frozenset(m) for m in planned[0]} and list(rnd.byes) == (
        [planned[1]] if planned[1] is not None else [])


def _search(counts: _Counts, seated: list[int], side: int, rng: random.Random,
            tries: int | None) -> list[tuple[list[int], list[int]]]:
    """Seat ``seated`` at tables of two sides of ``side`` entrants with the least cost (see module doc)."""
    n = counts.n
    partner, opponent = counts.partner, counts.opponent
    order = seated[:]
    rng.shuffle(order)
    size = 2 * side
    t = len(order) // size
    if side == 1:
        def cost(a: int, b: int) -> int:
            return opponent[a * n + b]

        def table_cost(k: int) -> int:
            return cost(order[2 * k], order[2 * k + 1])
    else:
        # A split ab|cd costs W*(P_ab + P_cd) + (O_ac + O_ad + O_bc + O_bd); with O6 the sum of all six
        # opponent counts that is O6 + M_ab + M_cd where M = W*P - O, so one table needs 12 look-ups.
        mixed = [PARTNER_WEIGHT * p - o for p, o in zip(partner, opponent, strict=True)]

        def table_cost(k: int) -> int:
            a, b, c, d = order[4 * k: 4 * k + 4]
            an, bn, cn = a * n, b * n, c * n
            all6 = (opponent[an + b] + opponent[an + c] + opponent[an + d] + opponent[bn + c]
                    + opponent[bn + d] + opponent[cn + d])
            return all6 + min(mixed[an + b] + mixed[cn + d], mixed[an + c] + mixed[bn + d],
                              mixed[an + d] + mixed[bn + c])

    costs = [table_cost(k) for k in range(t)]
    total = sum(costs)
    budget = tries if tries is not None else max(SEARCH_TRIES_MIN, SEARCH_TRIES_PER_SEAT * len(order))
    m = len(order)
    for _ in range(budget if t > 1 else 0):
        if total == 0:
            break
        i = rng.randrange(m)
        j = rng.randrange(m)
        ti, tj = i // size, j // size
        if ti == tj:
            continue
        order[i], order[j] = order[j], order[i]
        ci, cj = table_cost(ti), table_cost(tj)
        delta = ci + cj - costs[ti] - costs[tj]
        if delta <= 0:
            costs[ti], costs[tj] = ci, cj
            total += delta
        else:
            order[i], order[j] = order[j], order[i]
    tables = []
    for k in range(t):
        four = order[size * k: size * k + size]
        if side == 1:
            tables.append(([four[0]], [four[1]]))
            continue
        a, b, c, d = four
        splits = [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]
        best = min(splits, key=lambda s: partner[s[0][0] * n + s[0][1]] * PARTNER_WEIGHT
                   + partner[s[1][0] * n + s[1][1]] * PARTNER_WEIGHT
                   + sum(opponent[x * n + y] for x in s[0] for y in s[1]))
        tables.append((list(best[0]), list(best[1])))
    return tables


def _round(number: int, names: Sequence[str], tables: list[tuple[list[int], list[int]]], byes: set[int]) -> Round:
    named = [(tuple(names[i] for i in a), tuple(names[i] for i in b)) for a, b in tables]
    return _round_named(number, named, [names[i] for i in byes])


def _round_named(number: int, tables: Sequence[tuple[Sequence[str], Sequence[str]]], byes: Sequence[str]) -> Round:
    """Sides sorted inside, tables ordered by their first entrant: a canonical form of the same seating."""
    canonical = sorted(tuple(sorted((tuple(sorted(a)), tuple(sorted(b))))) for a, b in tables)
    return Round(number, tuple(Table(k + 1, (s[0], s[1])) for k, s in enumerate(canonical)), tuple(sorted(byes)))


@dataclass(frozen=True)
class Quality:
    """Repeats over an evening's rounds against their lower bounds (see the module doc)."""

    entrants: int
    rounds: int
    partner_repeats: int
    partner_bound: int
    opponent_repeats: int
    opponent_bound: int
    bye_repeats: int
    bye_bound: int
    bye_spread: int  # most byes minus fewest, among entrants present in every round


def quality(rounds: Sequence[Round]) -> Quality:
    """Measure a sequence of drawn rounds."""
    everyone = sorted({e for rnd in rounds for e in rnd.entrants})
    n = len(everyone)
    side = len(rounds[0].tables[0].sides[0]) if rounds and rounds[0].tables else 1
    partners: dict[frozenset[str], int] = {}
    opponents: dict[frozenset[str], int] = {}
    played = dict.fromkeys(everyone, 0)
    byes = dict.fromkeys(everyone, 0)
    for rnd in rounds:
        for t in rnd.tables:
            for s in t.sides:
                for e in s:
                    played[e] += 1
                for i, x in enumerate(s):
                    for y in s[i + 1:]:
                        key = frozenset((x, y))
                        partners[key] = partners.get(key, 0) + 1
            for x in t.sides[0]:
                for y in t.sides[1]:
                    key = frozenset((x, y))
                    opponents[key] = opponents.get(key, 0) + 1
        for e in rnd.byes:
            byes[e] += 1

    def repeats(counts: dict[frozenset[str], int]) -> int:
        return sum(c - 1 for c in counts.values() if c > 1)

    def bound(per_round: int) -> int:
        excess = sum(max(0, per_round * p - (n - 1)) for p in played.values())
        return (excess + 1) // 2

    always = [e for e in everyone if all(e in rnd.entrants for rnd in rounds)]
    spread = max(byes[e] for e in always) - min(byes[e] for e in always) if always else 0
    total_byes = sum(byes.values())
    return Quality(n, len(rounds), repeats(partners), bound(side - 1), repeats(opponents), bound(side),
                   sum(max(0, b - 1) for b in byes.values()), max(0, total_byes - n), spread)
