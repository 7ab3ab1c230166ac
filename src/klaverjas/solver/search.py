"""Exact double-dummy values: ``solve(position)`` and the batch form ``solve_many``.

Objectives (values always from NS's side, NS maximising):

- ``real``: the final deal score of NS minus that of EW, with nat for the given makers.
- ``points``: what NS still wins minus what EW still wins: card points (with the last trick),
  trick roem and the pit bonus of the current and later tricks, without nat.

The kernel only knows additive objectives.  Nat is not additive, but it splits cleanly
(``T`` is a team's points plus roem plus pit at the end, ``G = T_makers - T_defenders``):
the makers escape nat exactly when ``G > 0`` and then score ``G``; otherwise they score
``-(total + all roem)``.  So one additive search for ``G`` settles every card the makers do
not lose on; for the others a second additive search gives the least roem the makers can hold
the defenders to, and only when that is not zero a few yes/no searches (``engine.dual``) find
how much the threat of escaping still saves.
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass, field

import numpy as np

from klaverjas.core.cards import Card, cards_of
from klaverjas.core.play import PlayRules, trick_view
from klaverjas.core.roem import RUN_ROEM, STUK, quartet_values
from klaverjas.core.rules import Rules
from klaverjas.core.tables import TABLES

from . import engine as E
from .position import Position, PositionError

OBJECTIVES = ("real", "points")
# The kernel's view of a position after the hands: n, led, tmask, tpts, first, leader, turn, win, wseat, pit.
State = tuple[int, int, int, int, int, int, int, int, int, int]


@dataclass
class SolveResult:
    """``value`` of the position and ``cards``: the value after each legal card of the player to move."""

    value: int
    cards: dict[Card, int]
    objective: str = "real"
    nodes: int = 0

    @property
    def best(self) -> list[Card]:
        return [c for c, v in self.cards.items() if v == self.value]


@dataclass
class Options:
    """Search switches, for the benchmark's comparisons; the defaults are the fast exact search."""

    tt: bool = True
    merge: bool = True
    order: bool = True
    mtd: bool = True
    ranks: bool = True  # relative ranks in the table's keys, where exact (engine.canon_fill)


@dataclass
class _Kernel:
    """What one search needs: configuration rows, tables, hands, state, the value's unit and the nat test."""

    C: np.ndarray
    tab: np.ndarray
    hands: np.ndarray
    state: State
    unit: int
    res: int
    stop: int
    stop_dir: int


class _Workspace:
    """What one searching thread writes besides the shared table: move lists, ply states and the
    table of the nat searches (engine.dual)."""

    def __init__(self) -> None:
        # Move lists per ply (engine.gen_moves, KILLER; a deal has 32 plies), and from row REPLY the replies.
        self.mv = np.zeros((48, 40), dtype=np.int64)
        self.st = np.zeros((48, E.ST_COLS), dtype=np.int64)  # the iterative search's state per ply
        self.dt = np.zeros((1 << 16, 3), dtype=np.int64)


@dataclass
class _Share:
    """One thread's part of a solve: its workspace, its own copy of the configuration (node counts)
    and of the hands (the search plays and takes back cards in them), its last values found."""

    space: _Workspace
    C: np.ndarray
    hands: np.ndarray
    guess: int = 0
    roem_guess: int = 0


@dataclass
class Solver:
    """Holds the transposition tables, so a batch reuses the memory; one solve at a time (a lock).

    With ``threads`` > 1 the root's cards are searched side by side (the kernel releases the
    GIL), every thread with its own move lists and state and all sharing the one table."""

    tt_bits: int | None = None  # None: by the rules (table_bits)
    options: Options = field(default_factory=Options)
    threads: int = 1

    def __post_init__(self) -> None:
        if self.threads < 1:
            raise ValueError(f"threads must be at least 1, not {self.threads}")
        self._tt = np.zeros((2, 0, 2), dtype=np.int64)  # allocated for the first position's rules
        self._spaces = [_Workspace() for _ in range(self.threads)]  # [0]: the calling thread's
        self._pool = ThreadPoolExecutor(self.threads - 1) if self.threads > 1 else None
        self._stamp = 0
        self._tabs: dict[tuple[str, str, int], np.ndarray] = {}
        # The tables and workspaces serve one solve at a time: callers in other threads wait (the
        # kernel releases the GIL, so without this they would search in the same arrays).
        self._lock = threading.Lock()

    def table_bits(self, rules: Rules) -> int:
        """log2 of the transposition table's slots for positions of ``rules``: ``tt_bits`` when given,
        else 2**18 slots (8.9 MB with the two-trick table, both objectives), or 2**20 (34 MB) where a
        player may trump instead of following: there the second and fourth hands choose among most of
        their cards, the search reaches many more positions, and the larger table took a tenth less time
        (paired runs, docs/solver.md; in Amsterdam no size from 2**17 to 2**19 made a difference)."""
        if self.tt_bits is not None:
            return self.tt_bits
        return 20 if PlayRules.of(rules).trump_instead_of_following else 18

    def _size_table(self, bits: int) -> None:
        """Give the transposition table 2**bits slots: kept between solves, replaced when the rules want
        another size."""
        size = (1 << bits) + E.T2_ROWS
        if self._tt.shape[1] != size:
            # key ^ data, data (engine.tt_store); then the two-trick endings, a word each (engine.two_left)
            self._tt = np.zeros((2, size, 2), dtype=np.int64)

    def _tables(self, rules: Rules, trump: int) -> np.ndarray:
        """The kernel's table array for these card values, quartets and trump (see engine.O_*)."""
        key = (rules.values, str(quartet_values(rules)), trump)
        if key not in self._tabs:
            t = TABLES[rules.values]
            strength = t.strength[trump]
            pts = t.points[trump]
            tab = np.zeros(E.TAB_SIZE, dtype=np.int64)
            tab[E.O_ABOVE : E.O_ABOVE + 32] = t.above[trump]
            tab[E.O_PTS : E.O_PTS + 32] = pts
            for s in range(4):  # points of every subset of a suit, for the quick bounds
                for b in range(256):
                    tab[E.O_PTSB + 256 * s + b] = sum(pts[8 * s + r] for r in range(8) if b >> r & 1)
                cards = sorted(range(8 * s, 8 * s + 8), key=lambda c: strength[c])
                for p, c in enumerate(cards):
                    tab[E.O_SORD + 8 * s + p] = c
                    tab[E.O_SPOS + c] = p
            tab[E.O_RUNR : E.O_RUNR + 256] = RUN_ROEM
            tab[E.O_QUART : E.O_QUART + 8] = quartet_values(rules)
            self._tabs[key] = tab
        return self._tabs[key]

    def solve(self, pos: Position, objective: str = "real") -> SolveResult:
        """The exact value of ``pos`` and of each legal card of the player to move."""
        with self._lock:
            return self._solve(pos, objective)

    def value(self, pos: Position, objective: str = "real") -> int:
        """The value of ``pos`` alone (``solve(pos).value``), without every card's: one MTD(f) over the
        position; for the real objective, when the makers go nat, the roem they concede is searched from
        the position too (not card by card)."""
        with self._lock:
            return self._value(pos, objective)

    def _solve(self, pos: Position, objective: str) -> SolveResult:
        if pos.is_over:
            self._check(pos, objective)
            return SolveResult(pos.final_value(objective, pos), {}, objective)
        k = self._prepare(pos, objective)
        values = self._card_values(pos, objective, k)
        maximizing = pos.turn & 1 == 0
        value = max(values.values()) if maximizing else min(values.values())
        ordered = dict(sorted(values.items(), key=lambda cv: (-cv[1] if maximizing else cv[1], cv[0])))
        return SolveResult(value, ordered, objective, int(k.C[0, E.NODES] + k.C[1, E.NODES]))

    def _share(self, k: _Kernel, items: list[Card], work: Callable[[_Share, Card], int]) -> dict[Card, int]:
        """``work(share, item)`` for every item, the threads taking the next item in turn."""
        todo = iter(items)
        lock = threading.Lock()
        out: dict[Card, int] = {}

        def run(share: _Share) -> None:
            while True:
                with lock:
                    item = next(todo, None)
                if item is None:
                    return
                out[item] = work(share, item)

        helpers = []
        if self._pool is not None:
            for space in self._spaces[1 : len(items)]:
                C = k.C.copy()
                C[:, E.NODES] = 0
                share = _Share(space, C, k.hands.copy())
                helpers.append((share, self._pool.submit(run, share)))
        try:
            run(_Share(self._spaces[0], k.C, k.hands))
        finally:  # never leave a helper searching in the tables once this solve is over
            wait([future for _, future in helpers])
        for share, future in helpers:
            future.result()
            k.C[:, E.NODES] += share.C[:, E.NODES]
        return out

    def _card_values(self, pos: Position, objective: str, k: _Kernel) -> dict[Card, int]:
        """The value after every legal card of the player to move.  Each thread takes the next card
        to search and finishes it, nat search included, before it takes another (no thread waits for
        the others between the two searches); equivalent cards get the value of the stronger one."""
        n, led, tmask, tpts, _, _, turn, win, wseat, _ = k.state
        mv = self._spaces[0].mv
        count = int(E.root_cards(k.C, 0, k.tab, mv, k.hands, n, led, tmask, tpts, turn, win, wseat))
        finish = self._finisher(pos, objective, k)

        def card_value(share: _Share, c: Card) -> int:
            space, C, hands = share.space, share.C, share.hands
            if not self.options.mtd:
                g = int(E.after(C, 0, k.tab, self._tt, space.mv, space.st, hands, c, *k.state, -E.INF, E.INF, 1))
                return finish(share, c, g)
            g = int(E.mtdf(C, 0, k.tab, self._tt, space.mv, space.st, hands, c, *k.state, share.guess, k.unit, k.res,
                           k.stop, k.stop_dir))
            if not ((k.stop_dir > 0 and g < k.stop) or (k.stop_dir < 0 and g >= k.stop)):
                share.guess = g  # an exact value (a card cut short by the nat test gives only a bound)
            return finish(share, c, g)

        found = self._share(k, [int(c) for c in mv[0, :count]], card_value)
        live = int(k.hands[0] | k.hands[1] | k.hands[2] | k.hands[3]) | tmask
        values: dict[Card, int] = {}
        # Strongest first, so the card a merged one copies (the next stronger live one of its suit) has its value.
        for c in sorted(cards_of(pos.legal()), key=lambda c: -int(k.tab[E.O_SPOS + c])):
            values[c] = found[c] if c in found else values[int(E.next_live(k.tab, c, live))]
        return values

    def _finisher(self, pos: Position, objective: str, k: _Kernel) -> Callable[[_Share, Card, int], int]:
        """From row 0's value ``g`` after a card (NS's future points objective) to the card's value."""
        acc = pos.totals()
        if objective == "points":
            return lambda share, c, g: g
        if pos.makers is None or not pos.rules.has_makers:
            return lambda share, c, g: acc[0] - acc[1] + g
        sgn = 1 if pos.makers == 0 else -1
        acc_m = sgn * (acc[0] - acc[1])

        def finish(share: _Share, c: Card, g: int) -> int:
            gm = acc_m + sgn * g
            if gm > 0:  # the makers escape nat: their margin is the deal's result
                return sgn * gm
            value, share.roem_guess = self._nat_value(share.C, share.space, k.tab, share.hands, k.state, pos, c,
                                                      share.roem_guess)
            return value

        return finish

    def _nat_value(self, C: np.ndarray, space: _Workspace, tab: np.ndarray, hands: np.ndarray, state: State,
                   pos: Position, c: int, guess: int) -> tuple[int, int]:
        """The value after card ``c`` of ``pos`` (of ``pos`` itself for ``c`` = -1), where the makers go
        nat, and the most roem the defenders could force there (the next such search's ``guess``).

        That most (with the pit, if the makers only cared about roem; zero at once from the quick bound
        when no roem is left) is known to be enough; the value asks for the least roem to come the makers
        can hold the defenders to: the least r for which they can force "escape nat, or hold the roem to
        r".  The roem to come is a sum of roem amounts, so only such sums are asked, and first the one
        below the most: in over half the cards the escape saves nothing (measured), and one test then
        settles it."""
        roem_max = int(E.mtdf(C, 1, tab, self._tt, space.mv, space.st, hands, c, *state, guess,
                              self._roem_unit(pos.rules), 0, 0, 0))
        child = pos.play(c) if c >= 0 else pos
        makers = pos.makers
        assert makers is not None
        sgn = 1 if makers == 0 else -1
        acc_roem = pos.roem[0] + pos.roem[1]
        ct = child.totals()
        need = 1 - sgn * (ct[0] - ct[1])  # what the makers still need to escape nat
        roem_so_far = ct[0] + ct[1] - child.points[0] - child.points[1]
        child_hands, child_state = self._state(child)
        sums = [r for r in roem_totals(pos.rules) if r < roem_max // 10] + [roem_max // 10]
        a, b = 0, len(sums) - 1
        m = b - 1
        while a < b:
            allow = acc_roem + sums[m] * 10 - roem_so_far
            if child.is_over:
                ok = need <= 0 or allow >= 0
            else:
                ok = bool(E.dual(C, tab, self._tt, space.dt, space.mv, space.st, child_hands, *child_state,
                                 makers, need, allow, 1 if c >= 0 else 0))
            if ok:
                b = m
            else:
                a = m + 1
            m = (a + b) // 2
        return -sgn * (pos.rules.total + acc_roem + 10 * sums[a]), roem_max

    def _value(self, pos: Position, objective: str) -> int:
        if pos.is_over:
            self._check(pos, objective)
            return pos.final_value(objective, pos)
        k = self._prepare(pos, objective)
        space = self._spaces[0]
        g = int(E.mtdf(k.C, 0, k.tab, self._tt, space.mv, space.st, k.hands, -1, *k.state, 0, k.unit, k.res,
                       k.stop, k.stop_dir))
        acc = pos.totals()
        if objective == "points":
            return g
        if pos.makers is None or not pos.rules.has_makers:
            return acc[0] - acc[1] + g
        sgn = 1 if pos.makers == 0 else -1
        margin = sgn * (acc[0] - acc[1] + g)
        if margin > 0:  # the makers escape nat, so their margin is the deal's result (see the module doc)
            return sgn * margin
        # They go nat: the roem the defenders collect besides is asked of the position itself, as the
        # finisher asks it after each card (a test at the root takes every card's choice in its stride).
        return self._nat_value(k.C, space, k.tab, k.hands, k.state, pos, -1, 0)[0]

    def _check(self, pos: Position, objective: str) -> None:
        if objective not in OBJECTIVES:
            raise ValueError(f"unknown objective {objective!r}: expected {' or '.join(OBJECTIVES)}")
        if objective == "real" and pos.rules.has_makers and pos.makers is None:
            raise PositionError('makers missing: these rules have a playing team (give "makers")')

    def _prepare(self, pos: Position, objective: str) -> _Kernel:
        """The kernel's configuration, tables and state for one search of ``pos``."""
        self._check(pos, objective)
        rules = pos.rules
        tab = self._tables(rules, pos.trump)
        pr = PlayRules.of(rules)
        self._size_table(self.table_bits(rules))
        if self._stamp >= E.MAX_STAMP:  # the stamps wrap: forget every older entry
            self._tt[:] = 0
            for space in self._spaces:
                space.dt[:] = 0
            self._stamp = 0
        self._stamp += 1
        for space in self._spaces:  # killers and replies start afresh for each position (same values, fewer surprises)
            space.mv[:, E.KILLER] = -1
            space.mv[E.REPLY : E.REPLY + 3, :32] = -1
        opt = self.options
        C = np.zeros((2, E.NCOLS), dtype=np.int64)
        for row in (0, 1):
            C[row, E.TRUMP] = pos.trump
            C[row, E.HTL] = pr.head_trump_lead
            C[row, E.HP] = pr.head_plain
            C[row, E.TIF] = pr.trump_instead_of_following
            C[row, E.VT] = pr.void_trump
            C[row, E.UF] = pr.undertrump_forced
            C[row, E.STEP] = pos.step
            C[row, E.PITB] = rules.pit_bonus
            C[row, E.LAST] = TABLES[rules.values].last_trick
            C[row, E.ROEMON] = rules.roem == "trick"
            C[row, E.STAMP] = self._stamp
            C[row, E.USE_TT] = opt.tt
            C[row, E.USE_MERGE] = opt.merge
            C[row, E.USE_ORDER] = opt.order
            C[row, E.STUKM] = STUK[pos.trump] if rules.roem == "trick" else 0
            # The nested-loop endings (engine.ending) take over at four tricks left, in every rule set:
            # where a player may trump instead of following three paid with a table of 2**18 slots,
            # but with 2**20 (table_bits) four take less time there too (measured).
            C[row, E.ENDAT] = 4
            C[row, E.CANON] = opt.tt and opt.ranks  # relative ranks in the table's keys (engine.canon_fill)
        # Row 0: NS's points objective.  Row 1: all roem still to come, which the defenders maximise.
        C[0, E.MAXT], C[0, E.WP], C[0, E.RMT], C[0, E.ROT] = 0, 1, 1, -1
        C[1, E.MAXT], C[1, E.WP], C[1, E.RMT], C[1, E.ROT] = 1 - (pos.makers or 0), 0, 1, 1
        hands, state = self._state(pos)
        if C[0, E.CANON]:
            E.canon_fill(C, tab, hands)

        # Every value of row 0 has the parity of the points still to play when all roem is even
        # (NS minus EW points = 2 * NS points - the points left); row 1 (roem) comes in units of roem.
        in_play = int(hands[0] | hands[1] | hands[2] | hands[3]) | state[2]
        left = sum(int(tab[E.O_PTS + c]) for c in cards_of(in_play))
        ru = self._roem_unit(rules)
        unit, res = (2, (left + int(C[0, E.LAST])) % 2) if ru % 2 == 0 else (1, 0)
        stop, stop_dir = 0, 0
        if objective == "real" and pos.makers is not None and rules.has_makers:
            # Only whether the makers go nat matters for a card on which they do: test that first.
            acc = pos.totals()
            stop, stop_dir = (1 - acc[0] + acc[1], 1) if pos.makers == 0 else (acc[1] - acc[0], -1)
        return _Kernel(C, tab, hands, state, unit, res, stop, stop_dir)

    @staticmethod
    @functools.cache
    def _roem_unit(rules: Rules) -> int:
        """A unit of every roem total (with the pit bonus): the gcd of the amounts, 1 when there are none."""
        return math.gcd(*roem_amounts(rules)) or 1

    @staticmethod
    def _state(pos: Position) -> tuple[np.ndarray, State]:
        """The kernel's view of a position: hands and (n, led, tmask, tpts, first, leader, turn, win, wseat, pit)."""
        tables = TABLES[pos.rules.values]
        trick = pos.trick
        if trick:
            view = trick_view(trick, pos.trump, tables)
            led, win, wseat, first = view.led, view.win, (pos.leader + view.win_pos * pos.step) % 4, trick[0]
        else:
            led, win, wseat, first = -1, -1, -1, -1
        tmask = sum(1 << c for c in trick)
        tpts = sum(tables.points[pos.trump][c] for c in trick)
        pit = 0
        if pos.rules.pit_bonus:
            pit = (1 if pos.tricks[1] == 0 else 0) | (2 if pos.tricks[0] == 0 else 0)
        hands = np.array(pos.hands, dtype=np.int64)
        return hands, (len(trick), led, tmask, tpts, first, pos.leader, pos.turn, win, wseat, pit)

    def solve_many(self, positions: Iterable[Position], objective: str = "real") -> list[SolveResult]:
        return [self.solve(p, objective) for p in positions]


def roem_amounts(rules: Rules) -> set[int]:
    """The amounts roem still to come is made of under ``rules``: a run, a stuk, four of a kind, the pit bonus."""
    amounts = {rules.pit_bonus}
    if rules.roem == "trick":
        amounts |= {*RUN_ROEM, 20, *quartet_values(rules)}
    amounts.discard(0)
    return amounts


@functools.cache
def roem_totals(rules: Rules) -> tuple[int, ...]:
    """The totals, in tens, that roem still to come may reach under ``rules``: every sum of the amounts a
    run, a stuk, four of a kind and the pit bonus come in, each any number of times (more than a deal can
    hold, never fewer), up to more than a deal holds; every ten when an amount is not a whole number of tens."""
    amounts = roem_amounts(rules)
    limit = 256
    if any(a % 10 for a in amounts):
        return tuple(range(limit))
    steps = sorted({a // 10 for a in amounts})
    reach = [True] + [False] * (limit - 1)
    for r in range(1, limit):
        reach[r] = any(a <= r and reach[r - a] for a in steps)
    return tuple(r for r in range(limit) if reach[r])


_DEFAULTS = threading.local()


def default_solver() -> Solver:
    """This thread's solver (one per thread, so callers in different threads, e.g. the web app's bots
    at several tables, search side by side instead of waiting for one another)."""
    solver: Solver | None = getattr(_DEFAULTS, "solver", None)
    if solver is None:
        solver = _DEFAULTS.solver = Solver()
    return solver


def solve(position: Position, objective: str = "real") -> SolveResult:
    """The exact value of ``position`` and of each legal card of the player to move."""
    return default_solver().solve(position, objective)


def solve_many(positions: Iterable[Position], objective: str = "real") -> list[SolveResult]:
    """Batch form of :func:`solve`, sharing one solver's tables."""
    return default_solver().solve_many(positions, objective)
