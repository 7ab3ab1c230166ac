"""The search kernel: alpha-beta on card masks, compiled by numba when it is installed.

Everything here works on plain ints and numpy arrays so that numba can compile it
(``cache=True``: the compiled code is kept in ``__pycache__`` and later processes only
load it).  Without numba the same functions run as ordinary, much slower, Python.

Values are *future* values from the point of view of the team ``C[t, MAXT]``: what that
team still gains minus what the other team gains from the start of the current trick on,
weighted by the objective row ``t`` of ``C`` (see :mod:`klaverjas.solver.search`).  Because
they do not depend on the tricks already played, a transposition table keyed on the
remaining cards at trick boundaries is shared by every line that reaches them.

The search proper is :func:`zsearch`, an iterative fail-soft alpha-beta (its per-ply state in
an array rather than in recursive calls), driven at the root by :func:`mtdf` zero-window tests.
At trick boundaries it cuts with quick bounds (points and roem left, the top trumps as sure
points), the table, and values the last two tricks exactly by nested loops.  With the table,
merging, ordering and MTD(f) switched off (``search.Options``) it is the plain alpha-beta the
benchmark compares against.
"""

# mypy: disable-error-code="no-any-return"
# (the kernel indexes untyped numpy arrays; numba checks its types when it compiles)
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

try:  # numba is optional: the solver is exact either way, numba only makes it fast.
    from numba import njit as _numba_njit

    HAVE_NUMBA = True
except ImportError:  # pragma: no cover - exercised only on machines without numba
    _numba_njit = None  # type: ignore[assignment]
    HAVE_NUMBA = False


def njit(*args: Any, **kwargs: Any) -> Callable[[F], F]:
    """numba.njit when numba is installed, else the plain function (same results, slower)."""
    if _numba_njit is None:  # pragma: no cover
        return lambda fn: fn
    return cast(Callable[[F], F], _numba_njit(*args, **kwargs))


INF = 1 << 20

# The search allocates nothing, so it is compiled without numba's reference counting, whose
# atomic updates on every array passed to every call would cost more than the search itself.

# Columns of a configuration row C[t] (one row per objective).
TRUMP, HTL, HP, TIF, VT, UF, STEP, MAXT, WP, RMT, ROT, PITB, LAST, ROEMON, STAMP, NODES = range(16)
USE_TT, USE_MERGE, USE_ORDER, STUKM, ENDAT, CANON = range(16, 22)
# C[t, O_CANON + 256 * suit + byte]: the canonical cards standing for those of the suit (canon_fill).
O_CANON = 22
NCOLS = O_CANON + 1024
# One table array per trump (fewer arrays per call: numba passes each array as many words).
O_ABOVE = 0  # [card]: same-suit cards that beat the card
O_PTS = 32  # [card]: card points
O_PTSB = 64  # [256 * suit + byte]: points of those cards of the suit
O_RUNR = 64 + 1024  # [byte]: run roem of those cards of one suit
O_QUART = O_RUNR + 256  # [rank]: four of a kind roem
O_SORD = O_QUART + 8  # [8 * suit + i]: the suit's cards from weak to strong
O_SPOS = O_SORD + 32  # [card]: its place in that order
TAB_SIZE = O_SPOS + 32
KILLER = 16  # MV[ply, KILLER]: the last card that cut off the search at this ply (tried early on leads)
# MV[REPLY + n - 1, win]: the last card that cut off the general search with n cards on the table
# headed by ``win``, tried first in that place again (the countermove of chess programs).
REPLY = 44

# An explicit signature for the recursive function (dual): numba's cache is only safe for a
# recursive function compiled for exactly one signature (numba issues 6061, 6713).
_A1, _A2, _A3 = "int64[::1]", "int64[:, ::1]", "int64[:, :, ::1]"
DUAL_SIG = f"boolean({_A2}, {_A1}, {_A3}, {_A2}, {_A2}, {_A2}, {_A1}, " + ", ".join(["int64"] * 14) + ")"

# ending (recursive) likewise.
ENDING_SIG = f"int64({_A2}, int64, {_A1}, {_A3}, {_A1}, " + ", ".join(["int64"] * 6) + ")"

# Objective rows.
ROW_POINTS, ROW_ROEM = 0, 1

_RANK_MASK0 = 0x01010101


if HAVE_NUMBA:
    # The processor's popcnt and tzcnt instructions (through LLVM's ctpop and cttz).
    from numba import types as _types
    from numba.cpython.unsafe.numbers import trailing_zeros
    from numba.extending import intrinsic

    def _ctpop_typing(typingctx: Any, src: Any) -> Any:
        if not isinstance(src, _types.Integer):
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return src(src), codegen

    _ctpop: Any = intrinsic(_ctpop_typing)
    _cttz: Any = trailing_zeros

    def _prefetch_typing(typingctx: Any, addr: Any) -> Any:
        if not isinstance(addr, _types.Integer):
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            import llvmlite.ir as ir  # type: ignore[import-untyped]

            i8p = ir.IntType(8).as_pointer()
            i32 = ir.IntType(32)
            name = "llvm.prefetch.p0"
            fn = builder.module.globals.get(name) or ir.Function(
                builder.module, ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]), name
            )
            # read, keep in every cache level, data
            builder.call(fn, [builder.inttoptr(args[0], i8p), ir.Constant(i32, 0), ir.Constant(i32, 3),
                              ir.Constant(i32, 1)])
            return context.get_dummy_value()

        return _types.none(addr), codegen

    _prefetch: Any = intrinsic(_prefetch_typing)

    @njit(cache=True, _nrt=False, inline="always")
    def prefetch(addr: int) -> None:
        """Start loading the memory at ``addr`` into the caches (the processor's prefetch)."""
        _prefetch(addr)

    @njit(cache=True, _nrt=False)
    def popcount(x: int) -> int:
        """Number of set bits of a non-negative mask."""
        return _ctpop(x)

    @njit(cache=True, _nrt=False)
    def lowbit_index(x: int) -> int:
        """Index of the lowest set bit of a non-zero mask."""
        return _cttz(x)

else:  # pragma: no cover - plain Python

    def popcount(x: int) -> int:
        return bin(int(x)).count("1")

    def lowbit_index(x: int) -> int:
        x = int(x)
        return (x & -x).bit_length() - 1

    def prefetch(addr: int) -> None:
        pass


@njit(cache=True, _nrt=False, inline="always")
def legal_with(hand: int, led: int, win: int, partner_winning: bool, trump: int, above_win: int, htl: int, hp: int,
               tif: int, vt: int, uf: int) -> int:
    """klaverjas.core.play.legal_mask, step for step (tests compare the two exhaustively), on plain
    numbers: ``above_win`` the cards of the suit of ``win`` that beat it, the rest the play flags of
    :class:`klaverjas.core.PlayRules`.  The solver and the playouts (:mod:`.playouts`) both use it."""
    if led < 0:
        return hand
    follow = hand & (0xFF << (8 * led))
    if led == trump:
        if follow != 0 and htl != 0:
            higher = follow & above_win
            return higher if higher != 0 else follow
        return follow if follow != 0 else hand
    tmask = 0xFF << (8 * trump)
    trumps = hand & tmask
    trump_in = (win >> 3) == trump
    if follow != 0:
        if hp != 0 and not trump_in:
            higher = follow & above_win
            if higher != 0:
                follow = higher
        if tif != 0:
            return follow | trumps
        return follow
    if trumps == 0:
        return hand
    must = vt == 2 or (vt == 1 and not partner_winning)
    if not trump_in:
        return trumps if must else hand
    higher = trumps & above_win
    if must:
        if higher != 0:
            return higher
        if uf != 0:
            return trumps
        plain = hand & ~tmask
        return plain if plain != 0 else trumps
    if vt == 0:
        return hand
    allowed = (hand & ~tmask) | higher
    return allowed if allowed != 0 else hand


@njit(cache=True, _nrt=False, inline="always")
def legal(C: Any, t: int, TAB: Any, hand: int, led: int, win: int, partner_winning: bool) -> int:
    """The legal cards under row ``t``'s rules (:func:`legal_with`)."""
    if led < 0:
        return hand
    return legal_with(hand, led, win, partner_winning, C[t, TRUMP], TAB[O_ABOVE + win], C[t, HTL], C[t, HP],
                      C[t, TIF], C[t, VT], C[t, UF])


@njit(cache=True, _nrt=False, inline="always")
def beats(C: Any, t: int, TAB: Any, card: int, win: int) -> bool:
    trump = C[t, TRUMP]
    return ((TAB[O_ABOVE + win] >> card) & 1) != 0 or ((card >> 3) == trump and (win >> 3) != trump)


@njit(cache=True, _nrt=False, inline="always")
def joins(C: Any, t: int, TAB: Any, c: int, n: int, led: int, first: int, turn: int, win: int,
          wseat: int) -> tuple[int, int, int, int]:
    """The trick after ``turn`` plays ``c`` as its card number ``n``: (heading card, its seat, led suit, first card)."""
    if n == 0:
        return c, turn, c >> 3, c
    if beats(C, t, TAB, c, win):
        return c, turn, led, first
    return win, wseat, led, first


@njit(cache=True, _nrt=False, inline="always")
def trick_roem(C: Any, t: int, TAB: Any, tm: int, first: int) -> int:
    """Roem in the four cards ``tm`` of a trick (core.roem.trick_roem on a mask)."""
    roem = (
        TAB[O_RUNR + (tm & 255)]
        + TAB[O_RUNR + ((tm >> 8) & 255)]
        + TAB[O_RUNR + ((tm >> 16) & 255)]
        + TAB[O_RUNR + ((tm >> 24) & 255)]
    )
    stuk = C[t, STUKM]
    if (tm & stuk) == stuk:
        roem += 20
    rank = first & 7
    rmask = _RANK_MASK0 << rank
    if (tm & rmask) == rmask:
        roem += TAB[O_QUART + rank]
    return roem


@njit(cache=True, _nrt=False, inline="always")
def _apart(hands: Any, a: int, b: int) -> bool:
    """Whether cards ``a`` and ``b`` could fall in one trick: no hand holds both."""
    both = (1 << a) | (1 << b)
    return ((hands[0] & both) != both and (hands[1] & both) != both and (hands[2] & both) != both
            and (hands[3] & both) != both)


@njit(cache=True, _nrt=False)
def _roem_possible(C: Any, t: int, TAB: Any, hands: Any, x: int, others: int) -> bool:
    """Whether card ``x`` could take part in roem together with cards of ``others`` (two cards one
    hand holds never fall in one trick, so they make no run together)."""
    s = x >> 3
    r = x & 7
    o = (others >> (8 * s)) & 255
    lo1 = r >= 1 and ((o >> (r - 1)) & 1) != 0
    lo2 = r >= 2 and ((o >> (r - 2)) & 1) != 0
    hi1 = r <= 6 and ((o >> (r + 1)) & 1) != 0
    hi2 = r <= 5 and ((o >> (r + 2)) & 1) != 0
    if ((lo1 and lo2 and _apart(hands, x - 1, x - 2)) or (lo1 and hi1 and _apart(hands, x - 1, x + 1))
            or (hi1 and hi2 and _apart(hands, x + 1, x + 2))):
        return True
    if ((C[t, STUKM] >> x) & 1) != 0:
        return True
    rmask = _RANK_MASK0 << r
    return TAB[O_QUART + r] != 0 and ((others | (1 << x)) & rmask) == rmask


@njit(cache=True, _nrt=False, inline="always")
def next_live(TAB: Any, c: int, live: int) -> int:
    """The next stronger card of c's suit still in play, or -1."""
    s = c >> 3
    p = TAB[O_SPOS + c] + 1
    while p < 8:
        d = TAB[O_SORD + 8 * s + p]
        if ((live >> d) & 1) != 0:
            return d
        p += 1
    return -1


@njit(cache=True, _nrt=False, inline="always")
def merged_away(C: Any, t: int, TAB: Any, hands: Any, c: int, lm: int, hand: int, live: int) -> bool:
    """True when the next stronger live card of the suit is in the same legal set and is
    equivalent to ``c`` (same points, no card in between, no roem either could make), so only
    the stronger one needs searching."""
    d = next_live(TAB, c, live)
    if d < 0 or ((lm >> d) & 1) == 0 or TAB[O_PTS + d] != TAB[O_PTS + c]:
        return False
    if C[t, ROEMON] != 0:
        others = live & ~hand
        if _roem_possible(C, t, TAB, hands, c, others) or _roem_possible(C, t, TAB, hands, d, others):
            return False
    return True


@njit(cache=True, _nrt=False, inline="always")
def _owner(hands: Any, c: int) -> int:
    """The seat holding card ``c``, or 4 when no hand does."""
    for p in range(4):
        if ((hands[p] >> c) & 1) != 0:
            return p
    return 4


@njit(cache=True, _nrt=False, inline="always")
def _run_starts(hands: Any, cards: int) -> int:
    """The cards of ``cards`` that begin three in a row of them no hand holds two of: a trick holds one
    card of each hand, so only such cards can fall in one trick as a run."""
    starts = cards & (cards >> 1) & (cards >> 2) & 0x3F3F3F3F
    if starts != 0:
        blocked = 0
        for p in range(4):
            h = hands[p]
            a1 = h & (h >> 1)
            blocked |= a1 | (a1 >> 1) | (h & (h >> 2))
        starts &= ~blocked
    return starts


@njit(cache=True, _nrt=False)
def canon_fill(C: Any, TAB: Any, hands: Any) -> None:
    """Fill C[:, O_CANON:] for the deal of ``hands``: a suit's live cards are described by their
    owners and points from strong to weak (relative ranks, as in DDS), and a set of them is
    replaced by the first such set in rank order: for each card in turn the strongest card still
    free below the previous one with the same owner and points.  Two sets with the same description
    give the same positions up to the cards' names: following, trumping and who heads a trick only
    compare cards still in play, and the points are the same, so without roem they have the same
    future value and may share one table entry.  Only cards worth nothing share their points, so
    roem in tricks tells them apart only by runs and four of a kind: with roem, a set is replaced
    only when neither it nor its stand-in holds three cards in a row in three hands (no run can come
    from the suit: a trick holds one card of each hand), and not at all when four of a kind of such
    cards scores.  Cards in no hand (played before the root) never match a live card, so they never
    stand for one."""
    roem = C[0, ROEMON] != 0
    if roem:
        for c in range(32):
            if TAB[O_PTS + c] == 0 and TAB[O_QUART + (c & 7)] != 0:  # every set stands for itself
                for s in range(4):
                    for b in range(256):
                        for t in range(C.shape[0]):
                            C[t, O_CANON + 256 * s + b] = b << (8 * s)
                return
    for s in range(4):
        for b in range(256):
            out = 0
            q = 7  # the next candidate's place in the suit's order (7: strongest)
            p = 7
            while p >= 0:
                c = TAB[O_SORD + 8 * s + p]
                if ((b >> (c & 7)) & 1) != 0:
                    while q >= 0:
                        d = TAB[O_SORD + 8 * s + q]
                        q -= 1
                        if _owner(hands, d) == _owner(hands, c) and TAB[O_PTS + d] == TAB[O_PTS + c]:
                            out |= 1 << d
                            break
                p -= 1
            if roem and (_run_starts(hands, b << (8 * s)) != 0 or _run_starts(hands, out) != 0):
                out = b << (8 * s)
            for t in range(C.shape[0]):
                C[t, O_CANON + 256 * s + b] = out


@njit(cache=True, _nrt=False, inline="always")
def canon(C: Any, t: int, live: int) -> int:
    """The cards standing for ``live`` in the table's keys (itself unless C[t, CANON])."""
    if C[t, CANON] == 0:
        return live
    return (
        C[t, O_CANON + (live & 255)]
        | C[t, O_CANON + 256 + ((live >> 8) & 255)]
        | C[t, O_CANON + 512 + ((live >> 16) & 255)]
        | C[t, O_CANON + 768 + ((live >> 24) & 255)]
    )


@njit(cache=True, _nrt=False, inline="always")
def tt_index(live: int, leader: int, pit: int, size_mask: int) -> int:
    x = live & 0xFFFFFFFF
    h = ((x >> 16) ^ x) * 0x45D9F3B  # < 2**59: no overflow in int64 nor numpy scalars
    return ((h >> 16) ^ h ^ (leader << 5) ^ (pit << 9)) & size_mask


# A transposition table entry is two words: the key XOR the data, then the data (bounds, best
# card and stamp packed as below; one 16-byte entry per slot, so a look-up touches one cache
# line).  Threads searching different cards share the table without locks: a slot half written
# by one thread while another reads it fails the XOR check and reads as empty (Hyatt and Mann's
# lockless hashing).  The stamp tells the entries of the current solve from older ones; the
# solver clears the table when it wraps.
_TT_BITS = 22
_TT_MASK = (1 << _TT_BITS) - 1
_TT_STAMP_SHIFT = 3 * _TT_BITS - 16  # bits 50 to 62: 13 bits of stamp
MAX_STAMP = (1 << 13) - 1


@njit(cache=True, _nrt=False, inline="always")
def tt_probe(TT: Any, t: int, idx: int, key: int, stamp: int) -> int:
    """The data word of the entry for ``key`` in slot ``idx``, or -1 when the slot holds another."""
    d = TT[t, idx, 1]
    if (TT[t, idx, 0] ^ d) == key and (d >> _TT_STAMP_SHIFT) == stamp:
        return d
    return -1


@njit(cache=True, _nrt=False, inline="always")
def tt_lo(d: int) -> int:
    return (d & _TT_MASK) - INF


@njit(cache=True, _nrt=False, inline="always")
def tt_hi(d: int) -> int:
    return ((d >> _TT_BITS) & _TT_MASK) - INF


@njit(cache=True, _nrt=False, inline="always")
def tt_move(d: int) -> int:
    return ((d >> (2 * _TT_BITS)) & 63) - 1


@njit(cache=True, _nrt=False, inline="always")
def tt_store(TT: Any, t: int, idx: int, key: int, stamp: int, best: int, alpha: int, beta: int, bm: int) -> None:
    """Record the fail-soft result ``best`` of a search with window (alpha, beta) in slot ``idx``
    (narrowing the bounds already there for the same position, else replacing the slot)."""
    d = tt_probe(TT, t, idx, key, stamp)
    lo = -INF
    hi = INF
    if d >= 0:
        lo = tt_lo(d)
        hi = tt_hi(d)
    if best <= alpha:
        hi = min(hi, best)
    elif best >= beta:
        lo = max(lo, best)
    else:
        lo = best
        hi = best
    d = (lo + INF) | ((hi + INF) << _TT_BITS) | ((bm + 1) << (2 * _TT_BITS)) | (stamp << _TT_STAMP_SHIFT)
    TT[t, idx, 1] = d
    TT[t, idx, 0] = key ^ d


@njit(cache=True, _nrt=False, inline="always")
def _last_trick(C: Any, t: int, TAB: Any, hands: Any, leader: int, pit: int) -> int:
    """Value of the final trick, where every player has one card and no choice."""
    step = C[t, STEP]
    seat = leader
    first = lowbit_index(hands[seat])
    win = first
    wseat = seat
    tm = 1 << first
    pts = TAB[O_PTS + first]
    for _ in range(3):
        seat = (seat + step) & 3
        c = lowbit_index(hands[seat])
        tm |= 1 << c
        pts += TAB[O_PTS + c]
        if beats(C, t, TAB, c, win):
            win = c
            wseat = seat
    return _trick_value(C, t, TAB, tm, first, pts + C[t, LAST], wseat & 1, pit, True)


@njit(cache=True, _nrt=False)
def _two_tricks(C: Any, t: int, TAB: Any, hands: Any, leader: int, pit: int) -> int:
    """Exact value of the last two tricks by plain nested loops with alpha-beta cut-offs: at most
    16 lines, far cheaper than recursing through them (most nodes of a search are this close to
    the end).  Values are taken from the leader's side (``s``), so levels 0 and 2 maximise.
    The loops of :func:`ending` without its window and tables: folded into it (``left`` 2), the
    search took 5% longer (3 alternating runs of 100 deals, 2026-11-30, commit c2be571)."""
    step = C[t, STEP]
    p0 = leader
    p1 = (p0 + step) & 3
    p2 = (p1 + step) & 3
    p3 = (p2 + step) & 3
    s = 1 if (p0 & 1) == C[t, MAXT] else -1
    best0 = -INF
    m0 = hands[p0]
    while m0 != 0:
        c0 = lowbit_index(m0)
        m0 &= m0 - 1
        led = c0 >> 3
        hands[p0] ^= 1 << c0
        best1 = INF
        m1 = legal(C, t, TAB, hands[p1], led, c0, False)
        while m1 != 0:
            c1 = lowbit_index(m1)
            m1 &= m1 - 1
            hands[p1] ^= 1 << c1
            w = c0
            ws = p0
            if beats(C, t, TAB, c1, w):
                w = c1
                ws = p1
            best2 = -INF
            m2 = legal(C, t, TAB, hands[p2], led, w, ws == p0)
            while m2 != 0:
                c2 = lowbit_index(m2)
                m2 &= m2 - 1
                hands[p2] ^= 1 << c2
                w2 = w
                ws2 = ws
                if beats(C, t, TAB, c2, w2):
                    w2 = c2
                    ws2 = p2
                best3 = INF
                floor = max(best0, best2)
                m3 = legal(C, t, TAB, hands[p3], led, w2, ws2 == p1)
                while m3 != 0:
                    c3 = lowbit_index(m3)
                    m3 &= m3 - 1
                    ws3 = ws2
                    if beats(C, t, TAB, c3, w2):
                        ws3 = p3
                    tm = (1 << c0) | (1 << c1) | (1 << c2) | (1 << c3)
                    pts = TAB[O_PTS + c0] + TAB[O_PTS + c1] + TAB[O_PTS + c2] + TAB[O_PTS + c3]
                    wt = ws3 & 1
                    hands[p3] ^= 1 << c3
                    v = _trick_value(C, t, TAB, tm, c0, pts, wt, pit, False)
                    v += _last_trick(C, t, TAB, hands, ws3, pit & (1 << wt))
                    hands[p3] ^= 1 << c3
                    best3 = min(best3, s * v)
                    if best3 <= floor:
                        break
                hands[p2] ^= 1 << c2
                best2 = max(best2, best3)
                if best2 >= best1:
                    break
            hands[p1] ^= 1 << c1
            best1 = min(best1, best2)
            if best1 <= best0:
                break
        hands[p0] ^= 1 << c0
        best0 = max(best0, best1)
    return s * best0


@njit(cache=True, _nrt=False, inline="always")
def _trick_value(C: Any, t: int, TAB: Any, tm: int, first: int, pts: int, wt: int, pit: int, last: bool) -> int:
    mine = wt == C[t, MAXT]
    v = C[t, WP] * pts
    if not mine:
        v = -v
    roem = 0
    if C[t, ROEMON] != 0:
        roem = trick_roem(C, t, TAB, tm, first)
    if last and ((pit >> wt) & 1) != 0:
        roem += C[t, PITB]
    if roem != 0:
        v += roem * (C[t, RMT] if mine else C[t, ROT])
    return v


@njit(cache=True, _nrt=False, inline="always")
def _roem_bound(C: Any, t: int, TAB: Any, hands: Any) -> int:
    """At a trick boundary: an upper bound on the trick roem still to be made, 0 exactly when no
    roem can be made any more.  A trick holds one card of each hand, so every run, stuk or four of a kind
    needs its cards in different hands; a trick holds at most one run (20, or 50 when a run of
    four is possible in the suit), and a suit's runs need three cards each."""
    if C[t, ROEMON] == 0:
        return 0
    live = hands[0] | hands[1] | hands[2] | hands[3]
    bound = 0
    starts = _run_starts(hands, live)
    if starts != 0:
        for s in range(4):
            u = (starts >> (8 * s)) & 255
            if u != 0:
                runs = min(popcount(u), popcount((live >> (8 * s)) & 255) // 3)
                bound += runs * (50 if (u & (u >> 1)) != 0 else 20)
    stuk = C[t, STUKM]
    if stuk != 0 and (live & stuk) == stuk:
        for p in range(4):
            if (hands[p] & stuk) == stuk:
                break
        else:
            bound += 20
    for r in range(8):
        rmask = _RANK_MASK0 << r
        if TAB[O_QUART + r] != 0 and (live & rmask) == rmask:
            ok = True
            for p in range(4):
                h = hands[p] & rmask
                if (h & (h - 1)) != 0:
                    ok = False
            if ok:
                bound += TAB[O_QUART + r]
    return bound


@njit(cache=True, _nrt=False, inline="always")
def _quick_bounds(C: Any, t: int, TAB: Any, hands: Any, pit: int, rmax: int) -> tuple[int, int]:
    """Bounds on the value at a trick boundary from which at most ``rmax`` trick roem can be made.

    A side can at most win every point left (and all the roem).  Moreover the highest trumps still in play, as far
    as one team holds them all, are sure points for that team (each wins its trick or falls in a
    trick that a partner's higher trump wins), and that team surely wins a trick, so the other
    cannot make pit."""
    live = hands[0] | hands[1] | hands[2] | hands[3]
    ptot = (
        TAB[O_PTSB + (live & 255)]
        + TAB[O_PTSB + 256 + ((live >> 8) & 255)]
        + TAB[O_PTSB + 512 + ((live >> 16) & 255)]
        + TAB[O_PTSB + 768 + ((live >> 24) & 255)]
        + C[t, LAST]
    )
    trump = C[t, TRUMP]
    team0 = hands[0] | hands[2]
    sure = 0
    x = -1  # the team holding the highest trump in play
    for p in range(7, -1, -1):
        d = TAB[O_SORD + 8 * trump + p]
        if ((live >> d) & 1) == 0:
            continue
        owner = 0 if ((team0 >> d) & 1) != 0 else 1
        if x < 0:
            x = owner
        elif owner != x:
            break
        sure += TAB[O_PTS + d]
    maxt = C[t, MAXT]
    wp = C[t, WP]
    hi = wp * ptot
    lo = -hi
    if x == maxt:
        lo = wp * (2 * sure - ptot)
    elif x >= 0:
        hi = wp * (ptot - 2 * sure)
    pm = ((pit >> maxt) & 1) != 0 and (x < 0 or x == maxt)
    po = ((pit >> (1 - maxt)) & 1) != 0 and x != maxt
    e1 = C[t, PITB] * C[t, RMT] if pm else 0
    e2 = C[t, PITB] * C[t, ROT] if po else 0
    hi += max(0, max(e1, e2)) + rmax * max(0, max(C[t, RMT], C[t, ROT]))
    lo += min(0, min(e1, e2)) + rmax * min(0, min(C[t, RMT], C[t, ROT]))
    return lo, hi


@njit(cache=True, _nrt=False, inline="always")
def _quick_cut(C: Any, t: int, TAB: Any, hands: Any, pit: int, alpha: int, beta: int) -> tuple[bool, int]:
    """At a trick boundary: (True, a fail-soft value) when the quick bounds settle the window (alpha, beta)."""
    qlo, qhi = _quick_bounds(C, t, TAB, hands, pit, 0)
    if qhi <= alpha or qlo >= beta:
        # Roem to come only widens the bounds, so it is worth bounding only when they would settle it.
        rmax = _roem_bound(C, t, TAB, hands)
        if rmax != 0:
            qlo, qhi = _quick_bounds(C, t, TAB, hands, pit, rmax)
        if qhi <= alpha:
            return True, qhi
        if qlo >= beta:
            return True, qlo
    return False, 0


# Exact values of two-trick endings, the most looked-up positions, live in a small table of one
# word per entry after the transposition table's slots (TT[t, size:]): 256 KB that stay in the
# processor's second-level cache, where a slot of the large table is a wait on memory.  A word is
# the position (cards, leader, pit), the value and the stamp, so it is read or written whole.
T2_ROWS = 1 << 14  # rows of two words
_T2_SHIFT = 36  # value + 1024 in bits 36-46
_T2_STAMP_SHIFT = 47  # stamp in bits 47-59
_T2_TAG = (1 << _T2_SHIFT) - 1


@njit(cache=True, _nrt=False, inline="always")
def t2_index(live: int, leader: int, pit: int) -> int:
    """The word (row * 2 + column) of a two-trick ending in the small table."""
    x = live & 0xFFFFFFFF
    h = ((x >> 15) ^ x) * 0x2C1B3C6D
    return ((h >> 17) ^ h ^ (leader << 3) ^ (pit << 7)) & (2 * T2_ROWS - 1)


@njit(cache=True, _nrt=False, inline="always")
def two_left(C: Any, t: int, TAB: Any, TT: Any, hands: Any, leader: int, pit: int, stamp: int, alpha: int,
             beta: int) -> int:
    """The value of the last two tricks: exact from the small table, or computed and kept there; for
    the roem objective first the quick bounds, returned when they settle the window (alpha, beta)."""
    live = canon(C, t, hands[0] | hands[1] | hands[2] | hands[3])
    j = t2_index(live, leader, pit)
    row = TT.shape[1] - T2_ROWS + (j >> 1)
    tag = live | (leader << 32) | (pit << 34)
    w = TT[t, row, j & 1]
    if (w & _T2_TAG) == tag and (w >> _T2_STAMP_SHIFT) == stamp:
        return ((w >> _T2_SHIFT) & 2047) - 1024
    if C[t, WP] == 0:
        # With no roem left to make (most such endings) the bounds are the value: 3-4% less time
        # (measured).  For points they are loose, and a bound kept instead of the value costs more later.
        cut, v = _quick_cut(C, t, TAB, hands, pit, alpha, beta)
        if cut:
            return v
    v = _two_tricks(C, t, TAB, hands, leader, pit)
    TT[t, row, j & 1] = tag | ((v + 1024) << _T2_SHIFT) | (stamp << _T2_STAMP_SHIFT)
    return v


@njit(ENDING_SIG, cache=True, _nrt=False)
def ending(
    C: Any, t: int, TAB: Any, TT: Any, hands: Any, leader: int, pit: int, alpha: int, beta: int, stamp: int,
    left: int,
) -> int:
    """Fail-soft value of the last ``left`` (3 or 4) tricks within (alpha, beta), by nested loops over
    the first of them with alpha-beta cut-offs, the tricks after it by the table or else by this
    function again (two tricks: exactly, by _two_tricks).  Most of a search's nodes are this near the
    end, where the general search's bookkeeping per node costs more than the few lines it has to
    try.  Values are taken from the leader's side (``s``), so levels 0 and 2 maximise."""
    step = C[t, STEP]
    size_mask = TT.shape[1] - T2_ROWS - 1
    tt_base = TT.ctypes.data + 8 * t * TT.shape[1] * TT.shape[2]  # TT[t, 0, 0]
    t2_base = tt_base + 16 * (TT.shape[1] - T2_ROWS)
    p0 = leader
    p1 = (p0 + step) & 3
    p2 = (p1 + step) & 3
    p3 = (p2 + step) & 3
    s = 1 if (p0 & 1) == C[t, MAXT] else -1
    a0 = alpha if s == 1 else -beta
    b0 = beta if s == 1 else -alpha
    best0 = -INF
    m0 = hands[p0]
    while m0 != 0:
        c0 = lowbit_index(m0)
        m0 &= m0 - 1
        led = c0 >> 3
        hands[p0] ^= 1 << c0
        best1 = INF
        m1 = legal(C, t, TAB, hands[p1], led, c0, False)
        while m1 != 0:
            c1 = lowbit_index(m1)
            m1 &= m1 - 1
            hands[p1] ^= 1 << c1
            w = c0
            ws = p0
            if beats(C, t, TAB, c1, w):
                w = c1
                ws = p1
            best2 = -INF
            ceiling = min(b0, best1)
            m2 = legal(C, t, TAB, hands[p2], led, w, ws == p0)
            while m2 != 0:
                c2 = lowbit_index(m2)
                m2 &= m2 - 1
                hands[p2] ^= 1 << c2
                w2 = w
                ws2 = ws
                if beats(C, t, TAB, c2, w2):
                    w2 = c2
                    ws2 = p2
                best3 = INF
                floor = max(max(a0, best0), best2)
                m3 = legal(C, t, TAB, hands[p3], led, w2, ws2 == p1)
                # Ask for the table slots of every line first: waiting for them one by one, each a
                # cache miss, took half of this function's time (measured with perf).
                mp = m3
                rest = hands[0] | hands[1] | hands[2] | hands[3]
                while mp != 0:
                    c3 = lowbit_index(mp)
                    mp &= mp - 1
                    ws3 = p3 if beats(C, t, TAB, c3, w2) else ws2
                    pit2 = pit & (1 << (ws3 & 1))
                    cl3 = canon(C, t, rest & ~(1 << c3))
                    if left == 3:
                        prefetch(t2_base + 8 * t2_index(cl3, ws3, pit2))
                    else:
                        prefetch(tt_base + 16 * tt_index(cl3, ws3, pit2, size_mask))
                while m3 != 0:
                    c3 = lowbit_index(m3)
                    m3 &= m3 - 1
                    ws3 = ws2
                    if beats(C, t, TAB, c3, w2):
                        ws3 = p3
                    tm = (1 << c0) | (1 << c1) | (1 << c2) | (1 << c3)
                    pts = TAB[O_PTS + c0] + TAB[O_PTS + c1] + TAB[O_PTS + c2] + TAB[O_PTS + c3]
                    wt = ws3 & 1
                    hands[p3] ^= 1 << c3
                    vt = _trick_value(C, t, TAB, tm, c0, pts, wt, pit, False)
                    # The rest's window in the objective's terms, from (floor, min(ceiling, best3)) in s's.
                    top = min(ceiling, best3)
                    xa = floor - vt if s == 1 else -top - vt
                    xb = top - vt if s == 1 else -floor - vt
                    pit2 = pit & (1 << wt)
                    if left == 3:
                        x = two_left(C, t, TAB, TT, hands, ws3, pit2, stamp, xa, xb)
                    else:
                        live2 = canon(C, t, hands[0] | hands[1] | hands[2] | hands[3])
                        key2 = live2 | (ws3 << 32) | (pit2 << 34)
                        idx2 = tt_index(live2, ws3, pit2, size_mask)
                        d = tt_probe(TT, t, idx2, key2, stamp)
                        if d >= 0 and tt_lo(d) >= xb:
                            x = tt_lo(d)
                        elif d >= 0 and (tt_hi(d) <= xa or tt_lo(d) == tt_hi(d)):
                            x = tt_hi(d)
                        else:
                            # In the roem search the quick bounds settle most of these: no roem left.  (For
                            # points they settle a fifth, but a bound kept instead of the value costs more
                            # later: 2% slower, measured.)
                            cut = False
                            if C[t, WP] == 0:
                                cut, x = _quick_cut(C, t, TAB, hands, pit2, xa, xb)
                            if not cut:
                                x = ending(C, t, TAB, TT, hands, ws3, pit2, xa, xb, stamp, left - 1)
                                tt_store(TT, t, idx2, key2, stamp, x, xa, xb, -1)
                    hands[p3] ^= 1 << c3
                    best3 = min(best3, s * (vt + x))
                    if best3 <= floor:
                        break
                hands[p2] ^= 1 << c2
                best2 = max(best2, best3)
                if best2 >= ceiling:
                    break
            hands[p1] ^= 1 << c1
            best1 = min(best1, best2)
            if best1 <= max(a0, best0):
                break
        hands[p0] ^= 1 << c0
        best0 = max(best0, best1)
        if best0 >= b0:
            break
    return s * best0


@njit(cache=True, _nrt=False, inline="always")
def _order_score(
    C: Any,
    t: int,
    TAB: Any,
    hands: Any,
    c: int,
    n: int,
    led: int,
    tpts: int,
    live: int,
    win: int,
    wseat: int,
    turn: int,
) -> int:
    """Cheap guess of how good a card is, so the best lines are searched first."""
    trump = C[t, TRUMP]
    is_trump = (c >> 3) == trump
    if n == 0:
        pts = TAB[O_PTS + c]
        above = TAB[O_ABOVE + c] & live
        smask = 0xFF << (8 * (c >> 3))
        tm = 0xFF << (8 * trump)
        o1 = hands[(turn + 1) & 3]
        o2 = hands[(turn + 3) & 3]
        if is_trump:
            if above == 0:  # the boss trump: draws the opponents' trumps, if they have any
                return 80 + pts if ((o1 | o2) & tm) != 0 else 50 + pts
            return -pts - 15
        # An opponent void in the suit with trumps left can ruff it.
        ruff = ((o1 & smask) == 0 and (o1 & tm) != 0) or ((o2 & smask) == 0 and (o2 & tm) != 0)
        if above == 0:  # the boss card of its suit
            return -pts if ruff else 90 + pts
        pa = hands[turn ^ 2]
        if (pa & smask) == 0 and (pa & tm) != 0 and not ruff:  # partner ruffs it
            return 20 - pts
        if not ruff:
            opp = o1 | o2
            m = above & pa
            while m != 0:  # does partner hold a card above all the opponents' of the suit?
                x = lowbit_index(m)
                m &= m - 1
                if (TAB[O_ABOVE + x] & live & opp) == 0:
                    return 70 + pts
        return -pts
    partner = wseat == (turn ^ 2)
    if n == 3:  # the last card: the trick's outcome is known, keep trumps back when it costs nothing
        spare = 8 if is_trump and led != trump else 0
        if beats(C, t, TAB, c, win) or partner:
            return 100 + tpts + TAB[O_PTS + c] - spare
        return -TAB[O_PTS + c] - spare
    if partner and n == 2:
        # Third hand behind partner's card: smear points when the last hand cannot beat it.
        last = hands[(turn + C[t, STEP]) & 3]
        follow = last & (0xFF << (8 * led))
        tms = last & (0xFF << (8 * trump))
        if follow != 0:
            sure = (win >> 3) != led or (follow & TAB[O_ABOVE + win]) == 0
        else:
            sure = tms == 0 or ((win >> 3) == trump and (tms & TAB[O_ABOVE + win]) == 0)
        if sure:
            return 50 + TAB[O_PTS + c] - (12 if is_trump else 0)
    if beats(C, t, TAB, c, win):
        safe = (TAB[O_ABOVE + c] & live & ~hands[turn]) == 0
        return 40 + (40 if safe else 0) + TAB[O_PTS + c] - (8 if is_trump else 0)
    if partner:
        return TAB[O_PTS + c] - (12 if is_trump else 0)
    return -TAB[O_PTS + c] - (12 if is_trump else 0)


@njit(cache=True, _nrt=False, inline="always")
def gen_moves(
    C: Any,
    t: int,
    TAB: Any,
    MV: Any,
    ply: int,
    hands: Any,
    n: int,
    led: int,
    tmask: int,
    tpts: int,
    turn: int,
    win: int,
    wseat: int,
    first: int,
) -> int:
    """Fill MV[ply] with the cards to search, best guess first; returns how many.  ``first``
    (a card or -1) is put in front, e.g. the transposition table's best move."""
    hand = hands[turn]
    lm = legal(C, t, TAB, hand, led, win, wseat == (turn ^ 2))
    if (lm & (lm - 1)) == 0:  # a forced card: nothing to merge or order
        MV[ply, 0] = lowbit_index(lm)
        return 1
    live = hands[0] | hands[1] | hands[2] | hands[3] | tmask
    merge = C[t, USE_MERGE] != 0
    k = 0
    m = lm
    while m != 0:
        c = lowbit_index(m)
        m &= m - 1
        # Only cards worth 0 share their points with a neighbour in any values scheme.
        if merge and TAB[O_PTS + c] == 0 and merged_away(C, t, TAB, hands, c, lm, hand, live):
            continue
        sc = 0
        if C[t, USE_ORDER] != 0:
            sc = _order_score(C, t, TAB, hands, c, n, led, tpts, live, win, wseat, turn)
            if n == 3 and C[t, WP] != 0 and C[t, ROEMON] != 0:
                # The last card makes or spoils the trick's roem for the side that takes it.
                r = trick_roem(C, t, TAB, tmask | (1 << c), c)
                if r != 0:
                    sc += r if (beats(C, t, TAB, c, win) or wseat == (turn ^ 2)) else -r
            if n == 3 and C[t, WP] == 0 and C[t, ROEMON] != 0:
                # The roem objective: the trick's roem decides, the winner matters little.  (A four
                # of a kind has every card of one rank, so c serves as the trick's first card.)
                r = trick_roem(C, t, TAB, tmask | (1 << c), c)
                sc += 1000 * (r if (turn & 1) == C[t, MAXT] else -r)
            if c == first:
                sc = 1 << 60
            elif (n == 0 and c == MV[ply, KILLER]) or (n > 0 and c == MV[REPLY + n - 1, win]):
                sc = 1 << 59
        MV[ply, 8 + k] = sc
        MV[ply, k] = c
        j = k
        while j > 0 and MV[ply, 8 + j - 1] < sc:  # insertion sort, best first
            MV[ply, j] = MV[ply, j - 1]
            MV[ply, 8 + j] = MV[ply, 8 + j - 1]
            j -= 1
        MV[ply, j] = c
        MV[ply, 8 + j] = sc
        k += 1
    return k


# Fields of a ply's row of the state array ST used by the iterative search (zsearch).
F_N, F_LED, F_TM, F_TP, F_FIRST, F_LEADER, F_TURN, F_WIN, F_WSEAT, F_PIT = range(10)
F_ALPHA, F_BETA, F_A, F_B, F_BEST, F_BM, F_K, F_I, F_IDX, F_KEY, F_VT, F_NR = range(10, 22)
ST_COLS = 24


@njit(cache=True, _nrt=False)
def set_state(
    ST: Any,
    ply: int,
    n: int,
    led: int,
    tmask: int,
    tpts: int,
    first: int,
    leader: int,
    turn: int,
    win: int,
    wseat: int,
    pit: int,
) -> None:
    ST[ply, F_N] = n
    ST[ply, F_LED] = led
    ST[ply, F_TM] = tmask
    ST[ply, F_TP] = tpts
    ST[ply, F_FIRST] = first
    ST[ply, F_LEADER] = leader
    ST[ply, F_TURN] = turn
    ST[ply, F_WIN] = win
    ST[ply, F_WSEAT] = wseat
    ST[ply, F_PIT] = pit
    ST[ply, F_NR] = 0


@njit(cache=True, _nrt=False)
def zsearch(C: Any, t: int, TAB: Any, TT: Any, MV: Any, ST: Any, hands: Any, root: int, alpha: int, beta: int) -> int:
    """Fail-soft alpha-beta, iterative: the state of each ply lives in row ``ply`` of ``ST`` (fields
    F_*; the caller fills F_N..F_PIT of ``ST[root]``, e.g. with set_state) instead of in the
    arguments of recursive calls, which numba passes as dozens of machine words per call.

    ``n`` cards of the trick are on the table (mask ``tmask``, points ``tpts``, first card
    ``first``, heading card ``win`` of ``wseat``); ``pit`` has bit ``team`` set while that team
    has won every trick so far."""
    use_tt = C[t, USE_TT] != 0
    step = C[t, STEP]
    maxt = C[t, MAXT]
    stamp = C[t, STAMP]
    size_mask = TT.shape[1] - T2_ROWS - 1
    nodes = 0
    ply = root
    ST[ply, F_ALPHA] = alpha
    ST[ply, F_BETA] = beta
    descend = True
    ret = 0
    while True:
        have = False
        if descend:
            # Enter the node of ST[ply]: settle it at once if possible, else list its moves.
            nodes += 1
            n = ST[ply, F_N]
            leader = ST[ply, F_LEADER]
            pit = ST[ply, F_PIT]
            alpha = ST[ply, F_ALPHA]
            beta = ST[ply, F_BETA]
            idx = -1
            key = -1
            best_move = -1
            done = False
            if n == 0:
                hl = hands[leader]
                if (hl & (hl - 1)) == 0:
                    ret = _last_trick(C, t, TAB, hands, leader, pit)
                    done = True
                elif use_tt:
                    live = hands[0] | hands[1] | hands[2] | hands[3]
                    # Quick bounds on what is left.  Once no roem is left it stays so further
                    # down this line (flag F_NR).
                    qlo, qhi = _quick_bounds(C, t, TAB, hands, pit, 0)
                    if (qhi <= alpha or qlo >= beta) and ST[ply, F_NR] == 0:
                        # Roem to come only widens the bounds, so it is worth bounding only when the
                        # bounds without it would settle the node.
                        rmax = _roem_bound(C, t, TAB, hands)
                        if rmax == 0:
                            ST[ply, F_NR] = 1
                        else:
                            qlo, qhi = _quick_bounds(C, t, TAB, hands, pit, rmax)
                    if qhi <= alpha:
                        ret = qhi
                        done = True
                    elif qlo >= beta:
                        ret = qlo
                        done = True
                    if not done and popcount(hl) == 2:
                        ret = two_left(C, t, TAB, TT, hands, leader, pit, stamp, -INF, INF)  # bounds tried above
                        done = True
                    if not done:
                        cl = canon(C, t, live)
                        key = cl | (leader << 32) | (pit << 34)
                        idx = tt_index(cl, leader, pit, size_mask)
                        d = tt_probe(TT, t, idx, key, stamp)
                        if d >= 0:
                            lo = tt_lo(d)
                            hi = tt_hi(d)
                            if lo >= beta:
                                ret = lo
                                done = True
                            elif hi <= alpha:
                                ret = hi
                                done = True
                            elif lo == hi:  # exact, inside a wide window (narrowing it would empty it)
                                ret = lo
                                done = True
                            else:
                                alpha = max(alpha, lo)
                                beta = min(beta, hi)
                                best_move = tt_move(d)
                        if not done and popcount(hl) <= C[t, ENDAT]:
                            ret = ending(C, t, TAB, TT, hands, leader, pit, alpha, beta, stamp, popcount(hl))
                            tt_store(TT, t, idx, key, stamp, ret, alpha, beta, -1)
                            done = True
            if not done and n == 3 and use_tt:
                # The trick's last card: if the table already settles the position after one of
                # the cards, that card cuts off at once (enhanced transposition cut-off).
                turn = ST[ply, F_TURN]
                win = ST[ply, F_WIN]
                wseat = ST[ply, F_WSEAT]
                lm = legal(C, t, TAB, hands[turn], ST[ply, F_LED], win, wseat == (turn ^ 2))
                if (lm & (lm - 1)) != 0:
                    mx = (turn & 1) == maxt
                    rest = hands[0] | hands[1] | hands[2] | hands[3]
                    # Also when every card's entry shows that it fails low (max) or high (min).
                    allfail = True
                    bound = -INF if mx else INF
                    m = lm
                    while m != 0:
                        c = lowbit_index(m)
                        m &= m - 1
                        live2 = rest & ~(1 << c)
                        if popcount(live2) <= 4:
                            allfail = False
                            break
                        ws2 = turn if beats(C, t, TAB, c, win) else wseat
                        wt = ws2 & 1
                        pit2 = pit & (1 << wt)
                        cl2 = canon(C, t, live2)
                        key2 = cl2 | (ws2 << 32) | (pit2 << 34)
                        d = tt_probe(TT, t, tt_index(cl2, ws2, pit2, size_mask), key2, stamp)
                        if d >= 0:
                            tm2 = ST[ply, F_TM] | (1 << c)
                            tp2 = ST[ply, F_TP] + TAB[O_PTS + c]
                            vt = _trick_value(C, t, TAB, tm2, ST[ply, F_FIRST], tp2, wt, pit, False)
                            if mx and tt_lo(d) + vt >= beta:
                                ret = tt_lo(d) + vt
                                done = True
                                break
                            if not mx and tt_hi(d) + vt <= alpha:
                                ret = tt_hi(d) + vt
                                done = True
                                break
                            if allfail:
                                if mx and tt_hi(d) + vt <= alpha:
                                    bound = max(bound, tt_hi(d) + vt)
                                elif not mx and tt_lo(d) + vt >= beta:
                                    bound = min(bound, tt_lo(d) + vt)
                                else:
                                    allfail = False
                        else:
                            allfail = False
                    if not done and allfail:
                        ret = bound
                        done = True
            if done:
                if ply == root:
                    C[t, NODES] += nodes
                    return ret
                ply -= 1
                have = True
            else:
                k = gen_moves(
                    C,
                    t,
                    TAB,
                    MV,
                    ply,
                    hands,
                    n,
                    ST[ply, F_LED],
                    ST[ply, F_TM],
                    ST[ply, F_TP],
                    ST[ply, F_TURN],
                    ST[ply, F_WIN],
                    ST[ply, F_WSEAT],
                    best_move,
                )
                ST[ply, F_K] = k
                ST[ply, F_I] = -1
                ST[ply, F_ALPHA] = alpha
                ST[ply, F_BETA] = beta
                ST[ply, F_A] = alpha
                ST[ply, F_B] = beta
                ST[ply, F_BEST] = -INF if ((ST[ply, F_TURN] & 1) == maxt) else INF
                ST[ply, F_BM] = -1
                ST[ply, F_IDX] = idx
                ST[ply, F_KEY] = key
        else:
            have = True
        # The node of ST[ply]: take in the value ``ret`` of its move i (when ``have``), then play
        # its next move: either descend into it or, for the deal's last card, value it here.
        n = ST[ply, F_N]
        led = ST[ply, F_LED]
        tmask = ST[ply, F_TM]
        tpts = ST[ply, F_TP]
        first = ST[ply, F_FIRST]
        leader = ST[ply, F_LEADER]
        turn = ST[ply, F_TURN]
        win = ST[ply, F_WIN]
        wseat = ST[ply, F_WSEAT]
        pit = ST[ply, F_PIT]
        a = ST[ply, F_A]
        b = ST[ply, F_B]
        best = ST[ply, F_BEST]
        bm = ST[ply, F_BM]
        k = ST[ply, F_K]
        i = ST[ply, F_I]
        maximizing = (turn & 1) == maxt
        v = ret + ST[ply, F_VT] if have else 0
        pushed = False
        while True:
            if have:
                c = MV[ply, i]
                hands[turn] ^= 1 << c
                if maximizing:
                    if v > best:
                        best = v
                        bm = c
                        if v > a:
                            a = v
                elif v < best:
                    best = v
                    bm = c
                    if v < b:
                        b = v
                if a >= b:
                    MV[ply, KILLER] = c
                    if n > 0:
                        MV[REPLY + n - 1, win] = c
                    break
            have = True
            i += 1
            if i >= k:
                break
            c = MV[ply, i]
            hands[turn] ^= 1 << c
            w2, ws2, led2, first2 = joins(C, t, TAB, c, n, led, first, turn, win, wseat)
            tm2 = tmask | (1 << c)
            tp2 = tpts + TAB[O_PTS + c]
            q = ply + 1
            if n < 3:
                ST[q, F_N] = n + 1
                ST[q, F_LED] = led2
                ST[q, F_TM] = tm2
                ST[q, F_TP] = tp2
                ST[q, F_FIRST] = first2
                ST[q, F_LEADER] = leader
                ST[q, F_TURN] = (turn + step) & 3
                ST[q, F_WIN] = w2
                ST[q, F_WSEAT] = ws2
                ST[q, F_PIT] = pit
                ST[q, F_ALPHA] = a
                ST[q, F_BETA] = b
                ST[q, F_NR] = ST[ply, F_NR]
                ST[ply, F_VT] = 0
                pushed = True
                break
            wt = ws2 & 1
            if (hands[0] | hands[1] | hands[2] | hands[3]) == 0:
                v = _trick_value(C, t, TAB, tm2, first2, tp2 + C[t, LAST], wt, pit, True)
                continue
            vt = _trick_value(C, t, TAB, tm2, first2, tp2, wt, pit, False)
            hw = hands[ws2]
            pit2 = pit & (1 << wt)
            if (hw & (hw - 1)) == 0:  # the last trick has no choices: value it here
                nodes += 1
                v = vt + _last_trick(C, t, TAB, hands, ws2, pit2)
                continue
            if use_tt and popcount(hw) == 2:  # two tricks left: valued here (small table)
                nodes += 1
                v = vt + two_left(C, t, TAB, TT, hands, ws2, pit2, stamp, a - vt, b - vt)
                continue
            if use_tt:
                # A table entry that settles the next trick's position spares entering it.
                cl2 = canon(C, t, hands[0] | hands[1] | hands[2] | hands[3])
                d = tt_probe(TT, t, tt_index(cl2, ws2, pit2, size_mask), cl2 | (ws2 << 32) | (pit2 << 34), stamp)
                if d >= 0:
                    lo = tt_lo(d)
                    if lo >= b - vt:
                        nodes += 1
                        v = vt + lo
                        continue
                    hi = tt_hi(d)
                    if hi <= a - vt:
                        nodes += 1
                        v = vt + hi
                        continue
            ST[q, F_N] = 0
            ST[q, F_LED] = -1
            ST[q, F_TM] = 0
            ST[q, F_TP] = 0
            ST[q, F_FIRST] = -1
            ST[q, F_LEADER] = ws2
            ST[q, F_TURN] = ws2
            ST[q, F_WIN] = -1
            ST[q, F_WSEAT] = -1
            ST[q, F_PIT] = pit2
            ST[q, F_ALPHA] = a - vt
            ST[q, F_BETA] = b - vt
            ST[q, F_NR] = ST[ply, F_NR]
            ST[ply, F_VT] = vt
            pushed = True
            break
        if pushed:
            ST[ply, F_I] = i
            ST[ply, F_A] = a
            ST[ply, F_B] = b
            ST[ply, F_BEST] = best
            ST[ply, F_BM] = bm
            ply += 1
            descend = True
            continue
        idx = ST[ply, F_IDX]
        if idx >= 0:
            tt_store(TT, t, idx, ST[ply, F_KEY], stamp, best, ST[ply, F_ALPHA], ST[ply, F_BETA], bm)
        ret = best
        if ply == root:
            C[t, NODES] += nodes
            return ret
        ply -= 1
        descend = False


@njit(cache=True, _nrt=False)
def boundary_search(
    C: Any,
    t: int,
    TAB: Any,
    TT: Any,
    MV: Any,
    ST: Any,
    hands: Any,
    leader: int,
    pit: int,
    alpha: int,
    beta: int,
    ply: int,
) -> int:
    """zsearch at a trick boundary (leader to lead, pit state ``pit``)."""
    z = hands[0] * 0
    m1 = z - 1
    set_state(ST, ply, z, m1, z, z, m1, leader, leader, m1, m1, pit)
    return zsearch(C, t, TAB, TT, MV, ST, hands, ply, alpha, beta)


@njit(cache=True, _nrt=False, nogil=True)
def after(
    C: Any,
    t: int,
    TAB: Any,
    TT: Any,
    MV: Any,
    ST: Any,
    hands: Any,
    c: int,
    n: int,
    led: int,
    tmask: int,
    tpts: int,
    first: int,
    leader: int,
    turn: int,
    win: int,
    wseat: int,
    pit: int,
    alpha: int,
    beta: int,
    ply: int,
) -> int:
    """Value (for the position before ``c``'s trick, so counting that whole trick) after ``turn`` plays ``c``;
    with ``c`` = -1 the value of the position itself."""
    if c < 0:
        set_state(ST, ply + 1, n, led, tmask, tpts, first, leader, turn, win, wseat, pit)
        return zsearch(C, t, TAB, TT, MV, ST, hands, ply + 1, alpha, beta)
    hands[turn] ^= 1 << c
    w2, ws2, led2, first2 = joins(C, t, TAB, c, n, led, first, turn, win, wseat)
    tm2 = tmask | (1 << c)
    tp2 = tpts + TAB[O_PTS + c]
    if n < 3:
        set_state(ST, ply + 1, n + 1, led2, tm2, tp2, first2, leader, (turn + C[t, STEP]) & 3, w2, ws2, pit)
        v = zsearch(C, t, TAB, TT, MV, ST, hands, ply + 1, alpha, beta)
    else:
        wt = ws2 & 1
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        if rest == 0:
            v = _trick_value(C, t, TAB, tm2, first2, tp2 + C[t, LAST], wt, pit, True)
        else:
            vt = _trick_value(C, t, TAB, tm2, first2, tp2, wt, pit, False)
            v = vt + boundary_search(C, t, TAB, TT, MV, ST, hands, ws2, pit & (1 << wt), alpha - vt, beta - vt, ply + 1)
    hands[turn] ^= 1 << c
    return v


@njit(cache=True, _nrt=False)
def _align_up(x: int, unit: int, res: int) -> int:
    """The least value >= x that is res modulo unit (x itself for the infinities)."""
    if x <= -INF or x >= INF:
        return x
    return x + (res - x) % unit


@njit(cache=True, _nrt=False)
def _align_down(x: int, unit: int, res: int) -> int:
    if x <= -INF or x >= INF:
        return x
    return x - (x - res) % unit


@njit(cache=True, _nrt=False, nogil=True)
def mtdf(
    C: Any,
    t: int,
    TAB: Any,
    TT: Any,
    MV: Any,
    ST: Any,
    hands: Any,
    c: int,
    n: int,
    led: int,
    tmask: int,
    tpts: int,
    first: int,
    leader: int,
    turn: int,
    win: int,
    wseat: int,
    pit: int,
    guess: int,
    unit: int,
    res: int,
    stop: int,
    stop_dir: int,
) -> int:
    """Exact value after ``c`` (of the position itself for ``c`` = -1) by zero-window searches
    converging on it (MTD(f)).

    Every value is ``res`` modulo ``unit`` (e.g. NS minus EW points has the parity of the points
    left; roem comes in tens), so each test asks about the next such value only.  Card points
    make the values fine-grained, so plain MTD(f) (next test at the value just returned) can
    crawl a few points per search: the step doubles while the searches keep failing the same
    way, and once the value is bracketed the tests bisect the bracket.

    With ``stop_dir`` 1 a first test asks whether the value is at least ``stop``, and if not that
    bound (< stop) is returned at once; with -1 likewise for a value >= stop.  The real objective
    only needs to know that the makers go nat, not by how much."""
    lo = -INF
    hi = INF
    # The nat question is asked first, unless the guess is on the escaping side: then the first test
    # is at the guess, and when it fails that way too it settles the question as well (a fifth fewer
    # nat tests, measured).
    nat = stop_dir != 0
    at_guess_first = nat and ((stop_dir > 0 and guess >= stop) or (stop_dir < 0 and guess < stop))
    beta = guess
    step = unit
    up = 0
    while lo < hi:
        if nat and not (at_guess_first and lo == -INF and hi == INF):
            nat = False
            if stop_dir > 0 and hi < stop:
                return hi
            if stop_dir < 0 and lo >= stop:
                return lo
            if (stop_dir > 0 and lo < stop) or (stop_dir < 0 and hi >= stop):  # still open: ask it
                g = after(C, t, TAB, TT, MV, ST, hands, c, n, led, tmask, tpts, first, leader, turn, win, wseat,
                          pit, stop - 1, stop, 0)
                if g >= stop:
                    if stop_dir < 0:
                        return g
                    lo = max(lo, _align_up(g, unit, res))
                else:
                    if stop_dir > 0:
                        return g
                    hi = min(hi, _align_down(g, unit, res))
                continue
        if lo > -INF and hi < INF:
            beta = (lo + hi + 1) // 2
        beta = _align_up(max(lo + 1, min(beta, hi)), unit, res)
        if beta > hi:
            beta = hi
        g = after(C, t, TAB, TT, MV, ST, hands, c, n, led, tmask, tpts, first, leader, turn, win, wseat, pit,
                  beta - 1, beta, 0)
        if g >= beta:
            lo = _align_up(g, unit, res)
            step = step * 2 if up > 0 else unit
            up = 1
            beta = lo + step
        else:
            hi = _align_down(g, unit, res)
            step = step * 2 if up < 0 else unit
            up = -1
            beta = hi - step + 1
    return lo


@njit(cache=True, _nrt=False)
def root_cards(
    C: Any,
    t: int,
    TAB: Any,
    MV: Any,
    hands: Any,
    n: int,
    led: int,
    tmask: int,
    tpts: int,
    turn: int,
    win: int,
    wseat: int,
) -> int:
    """The cards to search at the root, strongest of each equivalent group, best guess first, in
    MV[0, :k]; returns k."""
    z = hands[0] * 0  # typed constants: see dual
    return gen_moves(C, t, TAB, MV, z, hands, n, led, tmask, tpts, turn, win, wseat, z - 1)


@njit(cache=True, _nrt=False)
def _escapes(
    C: Any, TAB: Any, TT: Any, MV: Any, ST: Any, hands: Any, leader: int, pit: int, makers: int, need: int, ply: int
) -> bool:
    """At a trick boundary: can the makers still gain ``need`` more than the defenders (row 0, NS view)?"""
    z = hands[0] * 0  # typed zero: see dual
    if makers == 0:
        return boundary_search(C, z, TAB, TT, MV, ST, hands, leader, pit, need - 1, need, ply) >= need
    return boundary_search(C, z, TAB, TT, MV, ST, hands, leader, pit, -need, -need + 1, ply) <= -need


@njit(DUAL_SIG, cache=True, _nrt=False, nogil=True)
def dual(
    C: Any,
    TAB: Any,
    TT: Any,
    DT: Any,
    MV: Any,
    ST: Any,
    hands: Any,
    n: int,
    led: int,
    tmask: int,
    tpts: int,
    first: int,
    leader: int,
    turn: int,
    win: int,
    wseat: int,
    pit: int,
    makers: int,
    need: int,
    allow: int,
    ply: int,
) -> bool:
    """Can the makers force (their future points-plus-roem lead >= ``need``) or (future roem of both
    teams, with the pit, <= ``allow``)?  The question behind the value of a deal the makers lose (nat),
    where only the roem the defenders collect still matters.  ``n = -1`` is a trick boundary
    whose quick tests already failed.  Row 0 of C is the NS points objective
    and row 1 the total roem (maximised by the defenders); their tables prune this search."""
    # Typed zero and minus one: literal constants would make numba compile (and cache) extra
    # specialisations of the recursive functions, which breaks loading them from the cache.
    z = hands[0] * 0
    m1 = z - 1
    if n == 0:
        live = hands[0] | hands[1] | hands[2] | hands[3]
        if live == 0:
            return need <= 0 or allow >= 0
        if allow < 0:  # only escaping nat helps: a plain points test
            return _escapes(C, TAB, TT, MV, ST, hands, leader, pit, makers, need, ply)
        need = max(min(need, 2000), -2000)  # beyond any deal's points: keeps the key in range
        live = canon(C, z, live)
        key = live | (leader << 32) | (pit << 34) | ((need + 2048) << 36) | ((allow // 10 + 512) << 48)
        idx = tt_index(live ^ (need * 7919) ^ (allow * 104729), leader, pit, DT.shape[0] - 1)
        if DT[idx, 0] == key and DT[idx, 1] == C[0, STAMP]:
            return DT[idx, 2] != 0
        # Either test alone may settle it; only when both fail must the two be searched together.  The
        # roem test first: 1-2% less time than escaping first (measured).
        if (boundary_search(C, z + 1, TAB, TT, MV, ST, hands, leader, pit, allow, allow + 1, ply) <= allow
                or _escapes(C, TAB, TT, MV, ST, hands, leader, pit, makers, need, ply)):
            res = True
        else:
            res = dual(
                C,
                TAB,
                TT,
                DT,
                MV,
                ST,
                hands,
                m1,
                led,
                tmask,
                tpts,
                first,
                leader,
                turn,
                win,
                wseat,
                pit,
                makers,
                need,
                allow,
                ply,
            )
        DT[idx, 0] = key
        DT[idx, 1] = C[0, STAMP]
        DT[idx, 2] = 1 if res else 0
        return res
    if n < 0:  # a trick boundary whose table look-ups did not settle it: search its cards
        n = 0
    k = gen_moves(C, z, TAB, MV, ply, hands, n, led, tmask, tpts, turn, win, wseat, m1)
    mover_is_maker = (turn & 1) == makers
    for i in range(k):
        c = MV[ply, i]
        hands[turn] ^= 1 << c
        w2, ws2, led2, first2 = joins(C, 0, TAB, c, n, led, first, turn, win, wseat)
        tm2 = tmask | (1 << c)
        tp2 = tpts + TAB[O_PTS + c]
        if n < 3:
            r = dual(
                C,
                TAB,
                TT,
                DT,
                MV,
                ST,
                hands,
                n + 1,
                led2,
                tm2,
                tp2,
                first2,
                leader,
                (turn + C[0, STEP]) & 3,
                w2,
                ws2,
                pit,
                makers,
                need,
                allow,
                ply + 1,
            )
        else:
            wt = ws2 & 1
            last = (hands[0] | hands[1] | hands[2] | hands[3]) == 0
            pts = tp2 + (C[0, LAST] if last else 0)
            roem = trick_roem(C, 0, TAB, tm2, first2) if C[0, ROEMON] != 0 else 0
            if last and ((pit >> wt) & 1) != 0:
                roem += C[0, PITB]
            g = pts + roem if wt == makers else -(pts + roem)
            r = dual(
                C,
                TAB,
                TT,
                DT,
                MV,
                ST,
                hands,
                z,
                m1,
                z,
                z,
                m1,
                ws2,
                ws2,
                m1,
                m1,
                pit & (1 << wt),
                makers,
                need - g,
                allow - roem,
                ply + 1,
            )
        hands[turn] ^= 1 << c
        if r == mover_is_maker:
            return r
    return not mover_is_maker
