"""The search kernel: alpha-beta on card masks, compiled by numba when it is installed.

Everything here works on plain ints and numpy arrays so that numba can compile it
(``cache=True``: the compiled code is kept in ``__pycache__`` and later processes only
load it).  Without numba the same functions run as ordinary, much slower, Python.

Values are *future* values from the point of view of the team ``C[t, MAXT]``: what that
team still gains minus what the other team gains from the start of the current trick on,
weighted by the objective row ``t`` of ``C`` (see :mod:`klaverjas.solver.search`).  Because
they do not depend on the tricks already played, a transposition table keyed on the
remaining cards at trick boundaries is shared by every line that reaches them.
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
USE_TT, USE_MERGE, USE_ORDER, STUKM, HISTMODE, USE_TWO, USE_MIDTT = range(16, 23)
NCOLS = 23
# One table array per trump (fewer arrays per call: numba passes each array as many words).
O_ABOVE = 0  # [card]: same-suit cards that beat the card
O_PTS = 32  # [card]: card points
O_PTSB = 64  # [256 * suit + byte]: points of those cards of the suit
O_RUNR = 64 + 1024  # [byte]: run roem of those cards of one suit
O_QUART = O_RUNR + 256  # [rank]: four of a kind roem
O_SORD = O_QUART + 8  # [8 * suit + i]: the suit's cards from weak to strong
O_SPOS = O_SORD + 32  # [card]: its place in that order
TAB_SIZE = O_SPOS + 32
HIST_ROW = -1  # MV[HIST_ROW, card]: history heuristic counts (cut-offs weighted by depth)

# Explicit signatures for the two recursive functions: numba's cache is only safe for a
# recursive function compiled for exactly one signature (numba issues 6061, 6713).
_A1, _A2, _A3 = "int64[::1]", "int64[:, ::1]", "int64[:, :, ::1]"
_TABLE_ARGS = f"{_A2}, int64, {_A1}, {_A3}"
SEARCH_SIG = f"int64({_TABLE_ARGS}, {_A2}, {_A1}, " + ", ".join(["int64"] * 13) + ")"
DUAL_SIG = f"boolean({_A2}, {_A1}, {_A3}, {_A2}, {_A2}, {_A1}, " + ", ".join(["int64"] * 14) + ")"

# Objective rows.
ROW_POINTS, ROW_ROEM = 0, 1

_RANK_MASK0 = 0x01010101


@njit(cache=True, _nrt=False)
def popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True, _nrt=False)
def lowbit_index(x: int) -> int:
    """Index of the lowest set bit of a non-zero 32-bit mask."""
    return popcount((x & -x) - 1)


@njit(cache=True, _nrt=False)
def legal(C: Any, t: int, TAB: Any, hand: int, led: int, win: int, partner_winning: bool) -> int:
    """klaverjas.core.play.legal_mask, step for step (tests compare the two exhaustively)."""
    if led < 0:
        return hand
    trump = C[t, TRUMP]
    follow = hand & (0xFF << (8 * led))
    if led == trump:
        if follow != 0 and C[t, HTL] != 0:
            higher = follow & TAB[O_ABOVE + win]
            return higher if higher != 0 else follow
        return follow if follow != 0 else hand
    tmask = 0xFF << (8 * trump)
    trumps = hand & tmask
    trump_in = (win >> 3) == trump
    if follow != 0:
        if C[t, HP] != 0 and not trump_in:
            higher = follow & TAB[O_ABOVE + win]
            if higher != 0:
                follow = higher
        if C[t, TIF] != 0:
            return follow | trumps
        return follow
    if trumps == 0:
        return hand
    vt = C[t, VT]
    must = vt == 2 or (vt == 1 and not partner_winning)
    if not trump_in:
        return trumps if must else hand
    higher = trumps & TAB[O_ABOVE + win]
    if must:
        if higher != 0:
            return higher
        if C[t, UF] != 0:
            return trumps
        plain = hand & ~tmask
        return plain if plain != 0 else trumps
    if vt == 0:
        return hand
    allowed = (hand & ~tmask) | higher
    return allowed if allowed != 0 else hand


@njit(cache=True, _nrt=False)
def beats(C: Any, t: int, TAB: Any, card: int, win: int) -> bool:
    trump = C[t, TRUMP]
    return ((TAB[O_ABOVE + win] >> card) & 1) != 0 or ((card >> 3) == trump and (win >> 3) != trump)


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def _roem_possible(C: Any, t: int, TAB: Any, x: int, others: int) -> bool:
    """Whether card ``x`` could take part in roem together with cards of ``others``."""
    s = x >> 3
    r = x & 7
    o = (others >> (8 * s)) & 255
    lo1 = r >= 1 and ((o >> (r - 1)) & 1) != 0
    lo2 = r >= 2 and ((o >> (r - 2)) & 1) != 0
    hi1 = r <= 6 and ((o >> (r + 1)) & 1) != 0
    hi2 = r <= 5 and ((o >> (r + 2)) & 1) != 0
    if (lo1 and lo2) or (lo1 and hi1) or (hi1 and hi2):
        return True
    if ((C[t, STUKM] >> x) & 1) != 0:
        return True
    rmask = _RANK_MASK0 << r
    return TAB[O_QUART + r] != 0 and ((others | (1 << x)) & rmask) == rmask


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def merged_away(C: Any, t: int, TAB: Any, c: int, lm: int, hand: int, live: int) -> bool:
    """True when the next stronger live card of the suit is in the same legal set and is
    equivalent to ``c`` (same points, no card in between, no roem either could make), so only
    the stronger one needs searching."""
    d = next_live(TAB, c, live)
    if d < 0 or ((lm >> d) & 1) == 0 or TAB[O_PTS + d] != TAB[O_PTS + c]:
        return False
    if C[t, ROEMON] != 0:
        others = live & ~hand
        if _roem_possible(C, t, TAB, c, others) or _roem_possible(C, t, TAB, d, others):
            return False
    return True


@njit(cache=True, _nrt=False)
def tt_index(live: int, leader: int, pit: int, size_mask: int) -> int:
    x = live & 0xFFFFFFFF
    h = ((x >> 16) ^ x) * 0x45D9F3B  # < 2**59: no overflow in int64 nor numpy scalars
    return ((h >> 16) ^ h ^ (leader << 5) ^ (pit << 9)) & size_mask


@njit(cache=True, _nrt=False)
def no_roem_left(C: Any, t: int, TAB: Any, hands: Any) -> bool:
    """True when no trick roem can be made any more at a trick boundary: a trick holds one card
    of each hand, so a run, stuk or four of a kind needs its cards in different hands."""
    if C[t, ROEMON] == 0:
        return True
    live = hands[0] | hands[1] | hands[2] | hands[3]
    # Runs of three starting at rank r (r <= 5 in every suit), blocked when one hand holds
    # two of the three cards.
    starts = live & (live >> 1) & (live >> 2) & 0x3F3F3F3F
    if starts != 0:
        blocked = 0
        for p in range(4):
            h = hands[p]
            a1 = h & (h >> 1)
            blocked |= a1 | (a1 >> 1) | (h & (h >> 2))
        if (starts & ~blocked) != 0:
            return False
    stuk = C[t, STUKM]
    if (live & stuk) == stuk:
        for p in range(4):
            if (hands[p] & stuk) == stuk:
                break
        else:
            return False
    for r in range(8):
        rmask = _RANK_MASK0 << r
        if TAB[O_QUART + r] != 0 and (live & rmask) == rmask:
            ok = True
            for p in range(4):
                h = hands[p] & rmask
                if (h & (h - 1)) != 0:
                    ok = False
            if ok:
                return False
    return True


@njit(cache=True, _nrt=False)
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
    """Exact value of the last two tricks by plain nested loops: at most 16 lines, far cheaper
    than recursing through them (most nodes of a search are this close to the end)."""
    step = C[t, STEP]
    maxt = C[t, MAXT]
    p0 = leader
    p1 = (p0 + step) & 3
    p2 = (p1 + step) & 3
    p3 = (p2 + step) & 3
    max0 = (p0 & 1) == maxt
    best0 = -INF if max0 else INF
    m0 = hands[p0]
    while m0 != 0:
        c0 = lowbit_index(m0)
        m0 &= m0 - 1
        led = c0 >> 3
        hands[p0] ^= 1 << c0
        best1 = INF if max0 else -INF  # p1 is on the other team
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
            best2 = -INF if max0 else INF
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
                best3 = INF if max0 else -INF
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
                    best3 = min(best3, v) if max0 else max(best3, v)
                hands[p2] ^= 1 << c2
                best2 = max(best2, best3) if max0 else min(best2, best3)
            hands[p1] ^= 1 << c1
            best1 = min(best1, best2) if max0 else max(best1, best2)
        hands[p0] ^= 1 << c0
        best0 = max(best0, best1) if max0 else min(best0, best1)
    return best0


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
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
        if (TAB[O_ABOVE + c] & live) == 0:  # the boss card of its suit
            return 60 + TAB[O_PTS + c] + (20 if is_trump else 0)
        return -TAB[O_PTS + c] - (15 if is_trump else 0)
    partner = wseat == (turn ^ 2)
    if n == 3:  # the last card: the trick's outcome is known, keep trumps back when it costs nothing
        spare = 8 if is_trump and led != trump else 0
        if beats(C, t, TAB, c, win) or partner:
            return 100 + tpts + TAB[O_PTS + c] - spare
        return -TAB[O_PTS + c] - spare
    if beats(C, t, TAB, c, win):
        safe = (TAB[O_ABOVE + c] & live & ~hands[turn]) == 0
        return 40 + (40 if safe else 0) + TAB[O_PTS + c] - (8 if is_trump else 0)
    if partner:
        return TAB[O_PTS + c] - (12 if is_trump else 0)
    return -TAB[O_PTS + c] - (12 if is_trump else 0)


@njit(cache=True, _nrt=False)
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
        if merge and TAB[O_PTS + c] == 0 and merged_away(C, t, TAB, c, lm, hand, live):
            continue
        sc = 0
        if C[t, USE_ORDER] != 0:
            sc = _order_score(C, t, TAB, hands, c, n, led, tpts, live, win, wseat, turn)
            hm = C[t, HISTMODE]
            if hm == 1:  # heuristic first, history breaks ties
                sc = sc * 4096 + min(MV[HIST_ROW, c], 4095)
            elif hm == 2:  # history first
                sc = MV[HIST_ROW, c] * 256 + sc
            if c == first:
                sc = 1 << 60
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


@njit(SEARCH_SIG, cache=True, _nrt=False)
def search(
    C: Any,
    t: int,
    TAB: Any,
    TT: Any,
    MV: Any,
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
    alpha: int,
    beta: int,
    ply: int,
) -> int:
    """Fail-soft alpha-beta.  ``n`` cards of the trick are on the table (mask ``tmask``, points
    ``tpts``, first card ``first``, heading card ``win`` of ``wseat``); ``pit`` has bit ``team`` set
    while that team has won every trick so far."""
    # Typed zero and minus one: literal constants would make numba compile (and cache) extra
    # specialisations of the recursive functions, which breaks loading them from the cache.
    z = hands[0] * 0
    m1 = z - 1
    C[t, NODES] += 1
    idx = -1
    best_move = -1
    if n == 0:
        if (hands[leader] & (hands[leader] - 1)) == 0:
            return _last_trick(C, t, TAB, hands, leader, pit)
        if C[t, USE_TWO] != 0 and popcount(hands[leader]) == 2:
            return _two_tricks(C, t, TAB, hands, leader, pit)
        if C[t, USE_TT] != 0:
            live = hands[0] | hands[1] | hands[2] | hands[3]
            # Quick bound: without roem to come the side can at most win every point left.
            if no_roem_left(C, t, TAB, hands):
                cap = C[t, WP] * (
                    TAB[O_PTSB + (live & 255)]
                    + TAB[O_PTSB + 256 + ((live >> 8) & 255)]
                    + TAB[O_PTSB + 512 + ((live >> 16) & 255)]
                    + TAB[O_PTSB + 768 + ((live >> 24) & 255)]
                    + C[t, LAST]
                )
                if pit != 0:
                    cap += C[t, PITB]
                if cap <= alpha:
                    return cap
                if -cap >= beta:
                    return -cap
    key = -1
    if C[t, USE_TT] != 0 and (n == 0 or C[t, USE_MIDTT] != 0):
        # Within one solve the cards' owners are fixed, so the cards in play, the cards on the
        # table and the leader (with the pit state) are the whole position.
        live = hands[0] | hands[1] | hands[2] | hands[3] | tmask
        key = live | (leader << 32) | (pit << 34) | (n << 36)
        m = tmask
        sh = 38
        while m != 0:
            key |= lowbit_index(m) << sh
            m &= m - 1
            sh += 5
        idx = tt_index(live ^ (tmask << 7) ^ (tmask >> 5), leader, pit + 4 * n, TT.shape[1] - 1)
        if TT[t, idx, 1] == C[t, STAMP] and TT[t, idx, 0] == key:
            lo = TT[t, idx, 2]
            hi = TT[t, idx, 3]
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha = max(alpha, lo)
            beta = min(beta, hi)
            best_move = TT[t, idx, 4]
        else:
            TT[t, idx, 0] = key
            TT[t, idx, 1] = C[t, STAMP]
            TT[t, idx, 2] = -INF
            TT[t, idx, 3] = INF
            TT[t, idx, 4] = -1
    k = gen_moves(C, t, TAB, MV, ply, hands, n, led, tmask, tpts, turn, win, wseat, best_move)
    maximizing = (turn & 1) == C[t, MAXT]
    best = -INF if maximizing else INF
    a = alpha
    b = beta
    bm = -1
    for i in range(k):
        c = MV[ply, i]
        # Play c (inline: see SEARCH_SIG) and search on.
        hands[turn] ^= 1 << c
        if n == 0:
            w2 = c
            ws2 = turn
            led2 = c >> 3
            first2 = c
        else:
            led2 = led
            first2 = first
            if beats(C, t, TAB, c, win):
                w2 = c
                ws2 = turn
            else:
                w2 = win
                ws2 = wseat
        tm2 = tmask | (1 << c)
        tp2 = tpts + TAB[O_PTS + c]
        if n < 3:
            v = search(
                C,
                t,
                TAB,
                TT,
                MV,
                hands,
                n + 1,
                led2,
                tm2,
                tp2,
                first2,
                leader,
                (turn + C[t, STEP]) & 3,
                w2,
                ws2,
                pit,
                a,
                b,
                ply + 1,
            )
        else:
            wt = ws2 & 1
            if (hands[0] | hands[1] | hands[2] | hands[3]) == 0:
                v = _trick_value(C, t, TAB, tm2, first2, tp2 + C[t, LAST], wt, pit, True)
            else:
                vt = _trick_value(C, t, TAB, tm2, first2, tp2, wt, pit, False)
                v = vt + search(
                    C,
                    t,
                    TAB,
                    TT,
                    MV,
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
                    a - vt,
                    b - vt,
                    ply + 1,
                )
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
            if C[t, HISTMODE] != 0:
                cnt = popcount(hands[turn])
                MV[HIST_ROW, c] += cnt * cnt
            break
    if idx >= 0:
        # The slot may have been taken over by a deeper position meanwhile: re-check the key.
        if TT[t, idx, 0] != key or TT[t, idx, 1] != C[t, STAMP]:
            TT[t, idx, 0] = key
            TT[t, idx, 1] = C[t, STAMP]
            TT[t, idx, 2] = -INF
            TT[t, idx, 3] = INF
        if best <= alpha:
            TT[t, idx, 3] = min(TT[t, idx, 3], best)
        elif best >= beta:
            TT[t, idx, 2] = max(TT[t, idx, 2], best)
        else:
            TT[t, idx, 2] = best
            TT[t, idx, 3] = best
        TT[t, idx, 4] = bm
    return best


@njit(cache=True, _nrt=False)
def after(
    C: Any,
    t: int,
    TAB: Any,
    TT: Any,
    MV: Any,
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
    """Value (for the position before ``c``'s trick, so counting that whole trick) after ``turn`` plays ``c``."""
    # Typed zero and minus one: literal constants would make numba compile (and cache) extra
    # specialisations of the recursive functions, which breaks loading them from the cache.
    z = hands[0] * 0
    m1 = z - 1
    hands[turn] ^= 1 << c
    if n == 0:
        w2 = c
        ws2 = turn
        led2 = c >> 3
        first2 = c
    else:
        led2 = led
        first2 = first
        if beats(C, t, TAB, c, win):
            w2 = c
            ws2 = turn
        else:
            w2 = win
            ws2 = wseat
    tm2 = tmask | (1 << c)
    tp2 = tpts + TAB[O_PTS + c]
    if n < 3:
        v = search(
            C,
            t,
            TAB,
            TT,
            MV,
            hands,
            n + 1,
            led2,
            tm2,
            tp2,
            first2,
            leader,
            (turn + C[t, STEP]) & 3,
            w2,
            ws2,
            pit,
            alpha,
            beta,
            ply + 1,
        )
    else:
        wt = ws2 & 1
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        if rest == 0:
            v = _trick_value(C, t, TAB, tm2, first2, tp2 + C[t, LAST], wt, pit, True)
        else:
            vt = _trick_value(C, t, TAB, tm2, first2, tp2, wt, pit, False)
            v = vt + search(
                C,
                t,
                TAB,
                TT,
                MV,
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
                alpha - vt,
                beta - vt,
                ply + 1,
            )
    hands[turn] ^= 1 << c
    return v


@njit(cache=True, _nrt=False)
def mtdf(
    C: Any,
    t: int,
    TAB: Any,
    TT: Any,
    MV: Any,
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
) -> int:
    """Exact value after ``c`` by zero-window searches converging on it (MTD(f)).

    Card points make the values fine-grained, so plain MTD(f) (next test at the value just
    returned) can crawl a few points per search; the step doubles while the searches keep
    failing the same way, and shrinks again when they turn."""
    lo = -INF
    hi = INF
    beta = guess
    step = 1
    up = 0
    g = guess
    z = hands[0] * 0  # a typed zero: see search
    while lo < hi:
        beta = max(lo + 1, min(beta, hi))
        g = after(
            C, t, TAB, TT, MV, hands, c, n, led, tmask, tpts, first, leader, turn, win, wseat, pit, beta - 1, beta, z
        )
        if g >= beta:
            lo = g
            step = step * 2 if up > 0 else 1
            up = 1
            beta = lo + step
        else:
            hi = g
            step = step * 2 if up < 0 else 1
            up = -1
            beta = hi - step + 1
    return g


@njit(cache=True)
def root_values(
    C: Any,
    t: int,
    TAB: Any,
    TT: Any,
    MV: Any,
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
    mtd: bool,
    out: Any,
) -> int:
    """Value after every legal card of the player to move: out[card] (others untouched).
    Returns the legal mask.  Equivalent cards get the value of the stronger one."""
    hand = hands[turn]
    lm = legal(C, t, TAB, hand, led, win, wseat == (turn ^ 2))
    live = hands[0] | hands[1] | hands[2] | hands[3] | tmask
    # Strongest first, so a merged card finds its representative's value already there.
    z = hands[0] * 0  # typed constants: see search
    k = gen_moves(C, t, TAB, MV, z, hands, n, led, tmask, tpts, turn, win, wseat, z - 1)
    cards = MV[0, :k].copy()
    guess = 0
    for i in range(k):
        c = cards[i]
        if mtd:
            v = mtdf(C, t, TAB, TT, MV, hands, c, n, led, tmask, tpts, first, leader, turn, win, wseat, pit, guess)
        else:
            v = after(
                C,
                t,
                TAB,
                TT,
                MV,
                hands,
                c,
                n,
                led,
                tmask,
                tpts,
                first,
                leader,
                turn,
                win,
                wseat,
                pit,
                z - INF,
                z + INF,
                z + 1,
            )
        out[c] = v
        guess = v
    # Cards merged away take the value of the next stronger live card of their suit.
    for s in range(4):
        for p in range(6, -1, -1):
            c = TAB[O_SORD + 8 * s + p]
            if ((lm >> c) & 1) == 0 or out[c] != -INF - 1:
                continue
            d = next_live(TAB, c, live)
            out[c] = out[d]
    return lm


@njit(cache=True, _nrt=False)
def _escapes(
    C: Any, TAB: Any, TT: Any, MV: Any, hands: Any, leader: int, pit: int, makers: int, need: int, ply: int
) -> bool:
    """At a trick boundary: can the makers still gain ``need`` more than the defenders (row 0, NS view)?"""
    # Typed zero and minus one: literal constants would make numba compile (and cache) extra
    # specialisations of the recursive functions, which breaks loading them from the cache.
    z = hands[0] * 0
    m1 = z - 1
    if makers == 0:
        v = search(C, z, TAB, TT, MV, hands, z, m1, z, z, m1, leader, leader, m1, m1, pit, need - 1, need, ply)
        return v >= need
    v = search(C, z, TAB, TT, MV, hands, z, m1, z, z, m1, leader, leader, m1, m1, pit, -need, -need + 1, ply)
    return v <= -need


@njit(DUAL_SIG, cache=True, _nrt=False)
def dual(
    C: Any,
    TAB: Any,
    TT: Any,
    DT: Any,
    MV: Any,
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
            return _escapes(C, TAB, TT, MV, hands, leader, pit, makers, need, ply)
        need = max(min(need, 2000), -2000)  # beyond any deal's points: keeps the key in range
        key = live | (leader << 32) | (pit << 34) | ((need + 2048) << 36) | ((allow // 10 + 512) << 48)
        idx = tt_index(live ^ (need * 7919) ^ (allow * 104729), leader, pit, DT.shape[0] - 1)
        if DT[idx, 0] == key and DT[idx, 1] == C[0, STAMP]:
            return DT[idx, 2] != 0
        # Either test alone may settle it; only when both fail must the two be searched together.
        if _escapes(C, TAB, TT, MV, hands, leader, pit, makers, need, ply):
            res = True
        else:
            vr = search(
                C, z + 1, TAB, TT, MV, hands, z, m1, z, z, m1, leader, leader, m1, m1, pit, allow, allow + 1, ply
            )
            if vr <= allow:
                res = True
            else:
                res = dual(
                    C,
                    TAB,
                    TT,
                    DT,
                    MV,
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
        if n == 0:
            w2 = c
            ws2 = turn
            led2 = c >> 3
            first2 = c
        else:
            led2 = led
            first2 = first
            if beats(C, 0, TAB, c, win):
                w2 = c
                ws2 = turn
            else:
                w2 = win
                ws2 = wseat
        tm2 = tmask | (1 << c)
        tp2 = tpts + TAB[O_PTS + c]
        if n < 3:
            r = dual(
                C,
                TAB,
                TT,
                DT,
                MV,
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
