"""Monte Carlo playouts of a deal in play, compiled: the card values of flat Monte Carlo search.

For a card decision, deal the hidden cards many times under the hard constraints of what the player
has seen (voids, no trump when one had to trump, no higher trump when one had to overtrump), play
every legal card out once in each deal by a greedy policy that sees only the cards of its own seat in
that deal (lead a card that is the highest left of its suit, take a trick as cheaply as possible unless
partner heads it, give points to partner's trick, else throw the cheapest card; a random card at rate
``epsilon``), and average each card's final deal score (nat, roem and pit included).  Where the
double-dummy solver lets every later player see every card, these playouts let nobody see any: the
strong player blends the two (docs/bots.md).

A deal in play is one int64 array (``S_*``: the four hands, the trick, the points, roem and tricks each
team took); a rule set and trump another (``P_*``: the legal-play flags and the card tables).  On them:
the legal cards (klaverjas.core.play.legal_mask, step for step), playing a card, the deal's score, the
policy and the determinization of the hidden cards (every deal under the hard constraints alike likely, as
klaverjas.bots.sampling.deal_hidden draws them; the reference opponents' own way in :func:`determinize`).
Roem in tricks (the Dutch games) is scored; roem from the hand (the South African roemtes) is not: it
follows from the dealt hands alone, whatever is played, so it adds the same to every card's value and
the playouts score such deals by their card points.  The benchmarks' reference opponents (flat Monte Carlo and
ISMCTS, benchmarks/mc_kernel.py) are built on the same model.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core import TABLES, PlayRules, Rules
from ..core.roem import RUN_ROEM, STUK, quartet_values
from .engine import legal_with, lowbit_index, njit, popcount

# The rules row P.
P_TRUMP, P_HTL, P_HP, P_TIF, P_VT, P_UF, P_STEP, P_LAST, P_PITB, P_STUK, P_MAKERS, P_TOTAL = range(12)
O_ABOVE, O_PTS, O_STR, O_RUN, O_QUART = 16, 48, 80, 112, 368
P_SIZE = O_QUART + 8
# The state S: hands 0..3, the trick's leader and card count, its cards, points, roem, tricks per team.
S_LEADER, S_N, S_TRICK, S_PTS, S_ROEM, S_WON = 4, 5, 6, 10, 12, 14
S_SIZE = 16
RANDOM, HEURISTIC, SHARP = 0, 1, 2  # playout policies
# Sharp for the deciding seat's team, heuristic for the other: the deciding player expects to play well
# later, the opponents as greedy as most players.
OWN_SHARP = 3
POLICIES = {"heuristic": HEURISTIC, "random": RANDOM, "sharp": SHARP, "own-sharp": OWN_SHARP}



@njit(cache=True)
def seed(n: int) -> None:
    """Seed the kernels' random numbers (numba keeps its own generator)."""
    np.random.seed(n)


@njit(cache=True, inline="always")
def beats(P: Any, card: int, win: int) -> bool:
    trump = P[P_TRUMP]
    return bool(((P[O_ABOVE + win] >> card) & 1) != 0 or ((card >> 3) == trump and (win >> 3) != trump))


@njit(cache=True, inline="always")
def legal(P: Any, hand: int, led: int, win: int, partner_winning: bool) -> int:
    """klaverjas.core.play.legal_mask, step for step (the solver's :func:`.engine.legal_with`)."""
    if led < 0:
        return hand
    return int(legal_with(hand, led, win, partner_winning, P[P_TRUMP], P[O_ABOVE + win], P[P_HTL], P[P_HP],
                          P[P_TIF], P[P_VT], P[P_UF]))


@njit(cache=True, inline="always")
def turn_of(P: Any, S: Any) -> int:
    return int((S[S_LEADER] + S[S_N] * P[P_STEP]) % 4)


@njit(cache=True, inline="always")
def heading(P: Any, S: Any) -> tuple[int, int]:
    """The card heading the current trick and its place in it (-1, -1 before the lead)."""
    n = S[S_N]
    if n == 0:
        return -1, -1
    win, pos = S[S_TRICK], 0
    for i in range(1, n):
        c = S[S_TRICK + i]
        if beats(P, c, win):
            win, pos = c, i
    return win, pos


@njit(cache=True)
def legal_now(P: Any, S: Any) -> int:
    """The legal cards of the seat to move."""
    hand = int(S[turn_of(P, S)])
    n = S[S_N]
    if n == 0:
        return hand
    win, pos = heading(P, S)
    return legal(P, hand, int(S[S_TRICK] >> 3), win, pos == n - 2)


@njit(cache=True, inline="always")
def trick_roem(P: Any, mask: int, lead_rank: int) -> int:
    """The roem of the four cards ``mask`` (runs, stuk, four of a kind of the led card's rank)."""
    roem = P[O_RUN + (mask & 255)] + P[O_RUN + ((mask >> 8) & 255)] + P[O_RUN + ((mask >> 16) & 255)] \
        + P[O_RUN + ((mask >> 24) & 255)]
    stuk = P[P_STUK]
    if (mask & stuk) == stuk:
        roem += 20
    rmask = 0x01010101 << lead_rank
    if (mask & rmask) == rmask:
        roem += P[O_QUART + lead_rank]
    return int(roem)


@njit(cache=True)
def play(P: Any, S: Any, card: int) -> None:
    turn = turn_of(P, S)
    S[turn] ^= 1 << card
    n = S[S_N]
    S[S_TRICK + n] = card
    S[S_N] = n + 1
    if n < 3:
        return
    win, pos = heading(P, S)
    winner = (S[S_LEADER] + pos * P[P_STEP]) % 4
    team = winner & 1
    mask = 0
    pts = 0
    for i in range(4):
        c = S[S_TRICK + i]
        mask |= 1 << c
        pts += P[O_PTS + c]
    if S[S_WON] + S[S_WON + 1] == 7:
        pts += P[P_LAST]
    roem = trick_roem(P, mask, S[S_TRICK] & 7)
    S[S_PTS + team] += pts
    S[S_ROEM + team] += roem
    S[S_WON + team] += 1
    S[S_LEADER] = winner
    S[S_N] = 0


@njit(cache=True, inline="always")
def over(S: Any) -> bool:
    return bool(S[S_WON] + S[S_WON + 1] == 8)


@njit(cache=True)
def score(P: Any, S: Any) -> tuple[int, int]:
    """The finished deal's score (klaverjas.core.scoring.score_deal: pit, then nat)."""
    r0, r1 = S[S_ROEM], S[S_ROEM + 1]
    if S[S_WON + 1] == 0:
        r0 += P[P_PITB]
    elif S[S_WON] == 0:
        r1 += P[P_PITB]
    t0, t1 = S[S_PTS] + r0, S[S_PTS + 1] + r1
    m = P[P_MAKERS]
    if m == 0 and t0 <= t1:
        return 0, P[P_TOTAL] + r0 + r1
    if m == 1 and t1 <= t0:
        return P[P_TOTAL] + r0 + r1, 0
    return t0, t1


@njit(cache=True)
def random_card(mask: int) -> int:
    k = np.random.randint(popcount(mask))
    for _ in range(k):
        mask &= mask - 1
    return int(lowbit_index(mask))


@njit(cache=True)
def heuristic_card(P: Any, S: Any, lm: int) -> int:
    """A greedy card (as benchmarks/simple_bot.py plays, from the sampled deal's hands): lead a card that
    is the highest left of its suit, else the cheapest card; take a trick as cheaply as possible unless partner
    heads it; last on partner's trick give the most points; else the cheapest card."""
    n = S[S_N]
    if n == 0:
        left = S[0] | S[1] | S[2] | S[3]
        best, best_key = -1, -1
        m = lm
        while m:
            c = lowbit_index(m)
            m &= m - 1
            suit_left = left & (0xFF << (8 * (c >> 3)))
            top = True
            x = suit_left & ~(1 << c)
            while x:
                d = lowbit_index(x)
                x &= x - 1
                if P[O_STR + d] > P[O_STR + c]:
                    top = False
                    break
            if top:
                key = P[O_PTS + c] + (0 if (c >> 3) == P[P_TRUMP] else 100)
                if key > best_key:
                    best, best_key = c, key
        if best >= 0:
            return best
        win, pos = -1, -1
    else:
        win, pos = heading(P, S)
    partner = n > 0 and pos == n - 2
    best, best_key = -1, 1 << 30
    m = lm
    while m:
        c = lowbit_index(m)
        m &= m - 1
        if partner:
            key = P[O_PTS + c] * 64 + P[O_STR + c]
            if n == 3:
                key = -P[O_PTS + c] * 64 + P[O_STR + c]
        elif n > 0 and beats(P, c, win):
            key = P[O_STR + c] * 64 + P[O_PTS + c] - (1 << 20)
        else:
            key = P[O_PTS + c] * 64 + P[O_STR + c]
        if key < best_key:
            best, best_key = c, key
    return int(best)


@njit(cache=True, inline="always")
def top_left(P: Any, left: int, suit: int) -> int:
    """The strongest card of ``suit`` among ``left`` (-1 if none)."""
    x = left & (0xFF << (8 * suit))
    best, best_strength = -1, -1
    while x:
        d = lowbit_index(x)
        x &= x - 1
        if P[O_STR + d] > best_strength:
            best, best_strength = d, P[O_STR + d]
    return best


@njit(cache=True)
def sharp_card(P: Any, S: Any, lm: int) -> int:
    """The greedy card, sharpened where the greedy rules lose most (benchmarks/playout_policies.py):
    a maker holding the highest trump left leads it while other hands may hold trumps (drawing
    them), and the last hand of a trick plays the card worth most to its team in that trick (its
    points, roem and the last trick's bonus, to whichever side takes it), the weakest of equals."""
    n = S[S_N]
    turn = turn_of(P, S)
    hand = S[turn]
    trump = P[P_TRUMP]
    if n == 0:
        left = S[0] | S[1] | S[2] | S[3]
        top = top_left(P, left, trump)
        if P[P_MAKERS] == (turn & 1) and top >= 0 and (hand >> top) & 1 \
                and (left & ~hand & (0xFF << (8 * trump))) != 0:
            return top
        return heuristic_card(P, S, lm)
    if n < 3:
        return heuristic_card(P, S, lm)
    win, pos = heading(P, S)
    partner_heads = pos == 1
    base, pts = 0, 0
    for i in range(3):
        base |= 1 << S[S_TRICK + i]
        pts += P[O_PTS + S[S_TRICK + i]]
    if S[S_WON] + S[S_WON + 1] == 7:
        pts += P[P_LAST]
    best, best_key = -1, -(1 << 40)
    m = lm
    while m:
        c = lowbit_index(m)
        m &= m - 1
        worth = pts + P[O_PTS + c] + trick_roem(P, base | (1 << c), S[S_TRICK] & 7)
        ours = partner_heads or beats(P, c, win)
        key = (worth if ours else -worth) * 64 - P[O_STR + c]
        if key > best_key:
            best, best_key = c, key
    return int(best)


@njit(cache=True)
def playout(P: Any, S: Any, policy: int, epsilon: float) -> None:
    """Play ``S`` to the end: random cards, or the heuristic (or sharp) card with a random one at rate
    ``epsilon``."""
    playout_by_team(P, S, policy, policy, epsilon)


@njit(cache=True)
def playout_by_team(P: Any, S: Any, policy0: int, policy1: int, epsilon: float) -> None:
    """:func:`playout` with one policy for the seats 0 and 2 and another for 1 and 3."""
    while not over(S):
        lm = legal_now(P, S)
        policy = policy0 if (turn_of(P, S) & 1) == 0 else policy1
        if lm & (lm - 1) == 0:
            c = lowbit_index(lm)
        elif policy == RANDOM or np.random.random() < epsilon:
            c = random_card(lm)
        elif policy == SHARP:
            c = sharp_card(P, S, lm)
        else:
            c = heuristic_card(P, S, lm)
        play(P, S, c)


@njit(cache=True)
def determinize(S: Any, seat: int, allowed: Any, need: Any, cards: Any, order: Any, keys: Any,
                tries: int) -> bool:
    """Deal the hidden cards into S's other hands under the hard constraints (``allowed``, ``need``):
    most constrained cards first, each to a seat that may hold it chosen by the room it has left, as the
    benchmarks' reference opponents deal them (not every deal alike likely once the seats' options
    overlap: :func:`determinize_uniform`).  False when ``tries`` attempts all failed."""
    unseen = 0
    for s in range(4):
        if s != seat:
            unseen |= allowed[s]
    k = 0
    m = unseen
    while m:
        cards[k] = lowbit_index(m)
        m &= m - 1
        k += 1
    left = np.zeros(4, dtype=np.int64)
    for _ in range(tries):
        for i in range(k):
            c = cards[i]
            opts = 0
            for s in range(4):
                if s != seat and (allowed[s] >> c) & 1:
                    opts += 1
            keys[i] = opts + np.random.random()
        order[:k] = np.argsort(keys[:k])
        for s in range(4):
            left[s] = need[s] if s != seat else 0
            if s != seat:
                S[s] = 0
        ok = True
        for j in range(k):
            c = cards[order[j]]
            room = 0
            for s in range(4):
                if (allowed[s] >> c) & 1 and s != seat:
                    room += left[s]
            if room == 0:
                ok = False
                break
            r = np.random.randint(room)
            for s in range(4):
                if (allowed[s] >> c) & 1 and s != seat:
                    if r < left[s]:
                        S[s] |= 1 << c
                        left[s] -= 1
                        break
                    r -= left[s]
        if ok:
            return True
    return False


# The counting table of :func:`uniform_table`: F[i, r0, r1, r2] for the hidden cards' groups i.. and the
# cards r0..r2 the three other seats still need; GS[i] the seats (bits 0..2) group i may go to, its cards in
# GC[i, :GN[i]].
_MAX_GROUPS = 7
_BINOMIAL = np.array([[math.comb(n, k) for k in range(33)] for n in range(33)], dtype=np.float64)


@njit(cache=True)
def uniform_space() -> tuple[Any, Any, Any, Any]:
    """Empty arrays F, GS, GN, GC for :func:`uniform_table` (the most groups and cards any view can have)."""
    return (np.zeros((_MAX_GROUPS + 1, 9, 9, 9)), np.zeros(_MAX_GROUPS, dtype=np.int64),
            np.zeros(_MAX_GROUPS, dtype=np.int64), np.zeros((_MAX_GROUPS, 32), dtype=np.int64))


@njit(cache=True)
def uniform_table(seat: int, allowed: Any, need: Any, F: Any, GS: Any, GN: Any, GC: Any) -> int:
    """Count the deals of the hidden cards under the hard constraints by groups of cards that the same seats
    may hold (klaverjas.bots.sampling.HiddenDeals, compiled): fills F, GS, GN, GC; returns the groups."""
    other = np.zeros(3, dtype=np.int64)
    k = 0
    for s in range(4):
        if s != seat:
            other[k] = s
            k += 1
    unseen = allowed[other[0]] | allowed[other[1]] | allowed[other[2]]
    index = np.full(8, -1, dtype=np.int64)
    g = 0
    for option in range(1, 8):
        m = unseen
        while m:
            c = lowbit_index(m)
            m &= m - 1
            mine = 0
            for j in range(3):
                if (allowed[other[j]] >> c) & 1:
                    mine |= 1 << j
            if mine == option:
                if index[option] < 0:
                    index[option] = g
                    GS[g] = option
                    GN[g] = 0
                    g += 1
                i = index[option]
                GC[i, GN[i]] = c
                GN[i] += 1
    F[:] = 0.0
    F[g, 0, 0, 0] = 1.0
    n0, n1, n2 = need[other[0]], need[other[1]], need[other[2]]
    rest = 0  # the cards of groups i..: only needs adding up to them have deals
    for i in range(g - 1, -1, -1):
        m = GN[i]
        rest += m
        for r0 in range(min(n0, rest) + 1):
            for r1 in range(min(n1, rest - r0) + 1):
                r2 = rest - r0 - r1
                if r2 > n2:
                    continue
                total = 0.0
                for a0 in range(min(m, r0) + 1 if GS[i] & 1 else 1):
                    for a1 in range(min(m - a0, r1) + 1 if GS[i] & 2 else 1):
                        a2 = m - a0 - a1
                        if a2 > r2 or (a2 > 0 and not GS[i] & 4):
                            continue
                        total += _BINOMIAL[m, a0] * _BINOMIAL[m - a0, a1] * F[i + 1, r0 - a0, r1 - a1, r2 - a2]
                F[i, r0, r1, r2] = total
    return g


@njit(cache=True)
def determinize_uniform(S: Any, seat: int, need: Any, F: Any, GS: Any, GN: Any, GC: Any, groups: int) -> bool:
    """Deal the hidden cards into S's other hands, every deal under the hard constraints alike likely (by
    :func:`uniform_table`'s counts: each group's split in proportion to the deals it leaves for the rest).
    False when there is no such deal."""
    other = np.zeros(3, dtype=np.int64)
    k = 0
    for s in range(4):
        if s != seat:
            other[k] = s
            S[s] = 0
            k += 1
    r0, r1, r2 = need[other[0]], need[other[1]], need[other[2]]
    if F[0, r0, r1, r2] <= 0.0:
        return False
    for i in range(groups):
        m = GN[i]
        u = np.random.random() * F[i, r0, r1, r2]
        b0 = b1 = -1
        for a0 in range(min(m, r0) + 1 if GS[i] & 1 else 1):
            for a1 in range(min(m - a0, r1) + 1 if GS[i] & 2 else 1):
                a2 = m - a0 - a1
                if a2 > r2 or (a2 > 0 and not GS[i] & 4):
                    continue
                w = _BINOMIAL[m, a0] * _BINOMIAL[m - a0, a1] * F[i + 1, r0 - a0, r1 - a1, r2 - a2]
                if w > 0.0:
                    b0, b1 = a0, a1  # the last split with deals left, should rounding pass them all
                    if u < w:
                        break
                    u -= w
            else:
                continue
            break
        b2 = m - b0 - b1
        # The group's cards in a random order: the first b0 to the first seat, and so on.
        for j in range(m - 1, 0, -1):
            x = np.random.randint(j + 1)
            GC[i, j], GC[i, x] = GC[i, x], GC[i, j]
        for j in range(m):
            c = GC[i, j]
            to = other[0] if j < b0 else (other[1] if j < b0 + b1 else other[2])
            S[to] |= 1 << c
        r0, r1, r2 = r0 - b0, r1 - b1, r2 - b2
    return True


@njit(cache=True, inline="always")
def team_policies(policy: int, team: int) -> tuple[int, int]:
    """The policies of the seats 0 and 2 and of 1 and 3 when ``team`` decides (OWN_SHARP: sharp for it)."""
    if policy == OWN_SHARP:
        return (SHARP, HEURISTIC) if team == 0 else (HEURISTIC, SHARP)
    return policy, policy


@njit(cache=True, inline="always")
def play_out_each_card(P: Any, D: Any, W: Any, lm: int, team: int, policy0: int, policy1: int, epsilon: float,
                       weight: float, sums: Any) -> None:
    """From the deal ``D``, play every card of ``lm`` once and out (in the scratch row ``W``); ``sums[c]``
    gains ``weight`` times ``team``'s final score minus the other's."""
    m = lm
    while m:
        c = lowbit_index(m)
        m &= m - 1
        W[:] = D
        play(P, W, c)
        playout_by_team(P, W, policy0, policy1, epsilon)
        ns, ew = score(P, W)
        sums[c] += weight * ((ns - ew) if team == 0 else (ew - ns))


@njit(cache=True)
def weighted_mc(P: Any, S: Any, seat: int, deals: Any, weights: Any, lm: int, reps: int, policy: int,
                epsilon: float, sums: Any) -> float:
    """:func:`flat_mc` over given deals of every hand (``deals[i, 0:4]``) with their weights: every legal
    card is played out ``reps`` times in each; ``sums[c]`` the weighted sum.  Returns the weights' sum."""
    W = S.copy()
    team = seat & 1
    policy0, policy1 = team_policies(policy, team)
    D = S.copy()
    total = 0.0
    for i in range(deals.shape[0]):
        D[0:4] = deals[i, 0:4]
        for _ in range(reps):
            total += weights[i]
            play_out_each_card(P, D, W, lm, team, policy0, policy1, epsilon, weights[i], sums)
    return total


@njit(cache=True)
def flat_mc(P: Any, S: Any, seat: int, allowed: Any, need: Any, lm: int, worlds: int, policy: int,
            epsilon: float, sums: Any, uniform: bool = False) -> int:
    """Flat Monte Carlo: in each of ``worlds`` determinizations every legal card is played out once;
    ``sums[c]``: the seat's team's score minus the other's, summed.  Returns the worlds drawn.  ``uniform``:
    every deal under the hard constraints alike likely (:func:`determinize_uniform`); else dealt as
    :func:`determinize` does, as the benchmarks' reference opponents draw."""
    cards = np.zeros(32, dtype=np.int64)
    order = np.zeros(32, dtype=np.int64)
    keys = np.zeros(32, dtype=np.float64)
    F, GS, GN, GC = uniform_space()
    groups = uniform_table(seat, allowed, need, F, GS, GN, GC) if uniform else 0
    D = S.copy()
    W = S.copy()
    team = seat & 1
    policy0, policy1 = team_policies(policy, team)
    done = 0
    for _ in range(worlds):
        if uniform:
            if not determinize_uniform(D, seat, need, F, GS, GN, GC, groups):
                break
        elif not determinize(D, seat, allowed, need, cards, order, keys, 200):
            break
        done += 1
        play_out_each_card(P, D, W, lm, team, policy0, policy1, epsilon, 1.0, sums)
    return done


def rules_row(rules: Rules, trump: int, step: int, makers: int | None) -> np.ndarray:
    """The P array of a rule set, trump, the direction of play and the makers' team (None: no makers)."""
    t = TABLES[rules.values]
    pr = PlayRules.of(rules)
    p = np.zeros(P_SIZE, dtype=np.int64)
    p[P_TRUMP], p[P_HTL], p[P_HP], p[P_TIF] = trump, pr.head_trump_lead, pr.head_plain, pr.trump_instead_of_following
    p[P_VT], p[P_UF], p[P_STEP] = pr.void_trump, pr.undertrump_forced, step % 4
    p[P_LAST], p[P_PITB] = t.last_trick, rules.pit_bonus
    p[P_MAKERS] = -1 if makers is None else makers
    p[P_TOTAL] = rules.total
    p[O_ABOVE:O_ABOVE + 32] = t.above[trump]
    p[O_PTS:O_PTS + 32] = t.points[trump]
    p[O_STR:O_STR + 32] = t.strength[trump]
    if rules.roem == "trick":
        p[P_STUK] = STUK[trump]
        p[O_RUN:O_RUN + 256] = RUN_ROEM
        p[O_QUART:O_QUART + 8] = quartet_values(rules)
    else:  # roem from the hand: none in the tricks (a stuk of every card is in no trick of four)
        p[P_STUK] = (1 << 32) - 1
    return p


def state_row(hands: Sequence[int], leader: int, trick: Sequence[int], points: Sequence[int],
              roem: Sequence[int], won: Sequence[int]) -> np.ndarray:
    """The S array of a moment of a deal: every seat's cards (unknown ones may be 0), the trick so far
    from ``leader``, and per team the points, roem and tricks taken."""
    s = np.zeros(S_SIZE, dtype=np.int64)
    s[0:4] = hands
    s[S_LEADER], s[S_N] = leader, len(trick)
    for i, c in enumerate(trick):
        s[S_TRICK + i] = c
    s[S_PTS], s[S_PTS + 1] = points
    s[S_ROEM], s[S_ROEM + 1] = roem
    s[S_WON], s[S_WON + 1] = won
    return s


def card_values(p: np.ndarray, s: np.ndarray, seat: int, allowed: Sequence[int], need: Sequence[int],
                legal: int, worlds: int, epsilon: float = 0.1, seed_number: int | None = None,
                policy: int = HEURISTIC, uniform: bool = True) -> list[float]:
    """Per card (32 entries; only the legal ones mean anything), the mean over ``worlds`` deals of the
    hidden cards of ``seat``'s team's final score minus the other's after that card and greedy
    playouts.  ``allowed``/``need``: per seat the cards it may hold (the seat's own hand for itself) and
    how many it holds.  ``seed_number`` seeds the kernel's random numbers first (a bot's own seed);
    ``policy``: HEURISTIC (the greedy rules) or SHARP (:func:`sharp_card`); ``uniform``: the deals drawn
    by :func:`determinize_uniform` (else :func:`determinize`)."""
    if seed_number is not None:
        seed(seed_number)
    sums = np.zeros(32)
    done = flat_mc(p, s, seat, np.array(allowed, dtype=np.int64), np.array(need, dtype=np.int64), legal, worlds,
                   policy, epsilon, sums, uniform)
    return [float(x) for x in sums / max(1, done)]


def weighted_card_values(p: np.ndarray, s: np.ndarray, seat: int, deals: Sequence[Sequence[int]],
                         weights: Sequence[float], legal: int, reps: int, epsilon: float = 0.1,
                         seed_number: int | None = None, policy: int = HEURISTIC) -> list[float]:
    """:func:`card_values` over the given deals of every hand (drawn by the caller, e.g. weighed by the
    evidence), each played out ``reps`` times a card, their means weighed by ``weights``."""
    if seed_number is not None:
        seed(seed_number)
    sums = np.zeros(32)
    total = weighted_mc(p, s, seat, np.array(deals, dtype=np.int64).reshape(-1, 4),
                        np.array(weights, dtype=np.float64), legal, reps, policy, epsilon, sums)
    return [float(x) for x in sums / total] if total > 0 else [0.0] * 32


def warm() -> None:
    """Compile (or load from numba's cache) the kernels on a small deal."""
    import random

    from ..core import Deal

    rules = Rules.parse("rotterdam")
    deal = Deal.new(rules, 0, random.Random(0))
    deal.set_trump(0, 0)
    seat = deal.turn
    hands = [0, 0, 0, 0]
    hands[seat] = deal.hands[seat]
    others = sum(deal.hands) & ~deal.hands[seat]
    allowed = [others if s != seat else deal.hands[s] for s in range(4)]
    p, s = rules_row(rules, 0, 1, 0), state_row(hands, seat, (), (0, 0), (0, 0), (0, 0))
    card_values(p, s, seat, allowed, [8, 8, 8, 8], deal.hands[seat], 2, seed_number=0)
    weighted_card_values(p, s, seat, [deal.hands], [1.0], deal.hands[seat], 1, seed_number=0)


