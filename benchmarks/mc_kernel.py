"""The compiled game model of the Monte Carlo reference opponents (flatmc_bot.py, ismcts_bot.py).

A deal in play is one int64 array (``S_*`` below: the four hands, the trick, the points, roem
and tricks each team took); a rule set and trump are another (``P_*``: the legal-play flags and the
card tables).  On them: the legal cards (klaverjas.core.play.legal_mask, step for step), playing a
card, the deal's score (nat, roem, pit), a playout policy, the determinization of the hidden cards
under the hard constraints of the view (as klaverjas.bots.sampling.deal_hidden draws them), and the
two searches: flat Monte Carlo and single-observer ISMCTS.  Compiled with numba (cached next to
this file); the Dutch games only (roem in tricks).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from klaverjas.bots.base import Bot
from klaverjas.bots.basic import BasicBot
from klaverjas.bots.view import View
from klaverjas.core import TABLES, PlayRules, TrumpAction, cards_of
from klaverjas.core.roem import RUN_ROEM, STUK, quartet_values
from klaverjas.solver.engine import lowbit_index, njit, popcount

# The rules row P.
P_TRUMP, P_HTL, P_HP, P_TIF, P_VT, P_UF, P_STEP, P_LAST, P_PITB, P_STUK, P_MAKERS, P_TOTAL = range(12)
O_ABOVE, O_PTS, O_STR, O_RUN, O_QUART = 16, 48, 80, 112, 368
P_SIZE = O_QUART + 8
# The state S: hands 0..3, the trick's leader and card count, its cards, points, roem, tricks per team.
S_LEADER, S_N, S_TRICK, S_PTS, S_ROEM, S_WON = 4, 5, 6, 10, 12, 14
S_SIZE = 16
RANDOM, HEURISTIC = 0, 1  # playout policies
POLICIES = {"heuristic": HEURISTIC, "random": RANDOM}


def rules_row(view: View) -> np.ndarray:
    """The P array of the view's rules and trump."""
    rules, trump = view.rules, view.trump
    t = TABLES[rules.values]
    pr = PlayRules.of(rules)
    p = np.zeros(P_SIZE, dtype=np.int64)
    p[P_TRUMP], p[P_HTL], p[P_HP], p[P_TIF] = trump, pr.head_trump_lead, pr.head_plain, pr.trump_instead_of_following
    p[P_VT], p[P_UF], p[P_STEP] = pr.void_trump, pr.undertrump_forced, view.step % 4
    p[P_LAST], p[P_PITB], p[P_STUK] = t.last_trick, rules.pit_bonus, STUK[trump]
    p[P_MAKERS] = -1 if view.makers is None else view.makers
    p[P_TOTAL] = rules.total
    p[O_ABOVE:O_ABOVE + 32] = t.above[trump]
    p[O_PTS:O_PTS + 32] = t.points[trump]
    p[O_STR:O_STR + 32] = t.strength[trump]
    p[O_RUN:O_RUN + 256] = RUN_ROEM
    p[O_QUART:O_QUART + 8] = quartet_values(rules)
    return p


def state_row(view: View, hands: tuple[int, int, int, int]) -> np.ndarray:
    """The S array of the view's moment with every seat's cards ``hands`` (unknown hands may be 0)."""
    s = np.zeros(S_SIZE, dtype=np.int64)
    s[0:4] = hands
    s[S_LEADER], s[S_N] = view.leader, len(view.trick)
    for i, c in enumerate(view.trick):
        s[S_TRICK + i] = c
    s[S_PTS], s[S_PTS + 1] = view.points
    s[S_ROEM], s[S_ROEM + 1] = view.roem
    for t in view.tricks:
        s[S_WON + (t.winner & 1)] += 1
    return s


def hidden_row(view: View) -> tuple[np.ndarray, np.ndarray]:
    """Per seat, the cards it may hold (its hand for the viewer) and how many it holds."""
    allowed = np.array([view.may_hold(s) for s in range(4)], dtype=np.int64)
    need = np.array([view.hand_size(s) for s in range(4)], dtype=np.int64)
    return allowed, need


@njit(cache=True)
def seed(n: int) -> None:
    """Seed the kernels' random numbers (numba keeps its own generator)."""
    np.random.seed(n)


@njit(cache=True, inline="always")
def beats(P: Any, card: int, win: int) -> bool:
    trump = P[P_TRUMP]
    return bool(((P[O_ABOVE + win] >> card) & 1) != 0 or ((card >> 3) == trump and (win >> 3) != trump))


@njit(cache=True, inline="always")
def _legal(P: Any, hand: int, led: int, win: int, partner_winning: bool) -> Any:
    if led < 0:
        return hand
    trump = P[P_TRUMP]
    follow = hand & (0xFF << (8 * led))
    if led == trump:
        if follow != 0 and P[P_HTL] != 0:
            higher = follow & P[O_ABOVE + win]
            return higher if higher != 0 else follow
        return follow if follow != 0 else hand
    tmask = 0xFF << (8 * trump)
    trumps = hand & tmask
    trump_in = (win >> 3) == trump
    if follow != 0:
        if P[P_HP] != 0 and not trump_in:
            higher = follow & P[O_ABOVE + win]
            if higher != 0:
                follow = higher
        if P[P_TIF] != 0:
            return follow | trumps
        return follow
    if trumps == 0:
        return hand
    vt = P[P_VT]
    must = vt == 2 or (vt == 1 and not partner_winning)
    if not trump_in:
        return trumps if must else hand
    higher = trumps & P[O_ABOVE + win]
    if must:
        if higher != 0:
            return higher
        if P[P_UF] != 0:
            return trumps
        plain = hand & ~tmask
        return plain if plain != 0 else trumps
    if vt == 0:
        return hand
    allowed = (hand & ~tmask) | higher
    return allowed if allowed != 0 else hand


@njit(cache=True, inline="always")
def legal(P: Any, hand: int, led: int, win: int, partner_winning: bool) -> int:
    """klaverjas.core.play.legal_mask, step for step."""
    return int(_legal(P, hand, led, win, partner_winning))


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
    roem = P[O_RUN + (mask & 255)] + P[O_RUN + ((mask >> 8) & 255)] + P[O_RUN + ((mask >> 16) & 255)] \
        + P[O_RUN + ((mask >> 24) & 255)]
    stuk = P[P_STUK]
    if (mask & stuk) == stuk:
        roem += 20
    rank = S[S_TRICK] & 7
    rmask = 0x01010101 << rank
    if (mask & rmask) == rmask:
        roem += P[O_QUART + rank]
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


@njit(cache=True)
def playout(P: Any, S: Any, policy: int, epsilon: float) -> None:
    """Play ``S`` to the end: random cards, or the heuristic card with a random one at rate ``epsilon``."""
    while not over(S):
        lm = legal_now(P, S)
        if lm & (lm - 1) == 0:
            c = lowbit_index(lm)
        elif policy == RANDOM or np.random.random() < epsilon:
            c = random_card(lm)
        else:
            c = heuristic_card(P, S, lm)
        play(P, S, c)


@njit(cache=True)
def determinize(S: Any, seat: int, allowed: Any, need: Any, cards: Any, order: Any, keys: Any,
                tries: int) -> bool:
    """Deal the hidden cards into S's other hands under the hard constraints (``allowed``, ``need``):
    most constrained cards first, each to a seat that may hold it chosen by the room it has left, as
    klaverjas.bots.sampling.deal_hidden does.  False when ``tries`` attempts all failed."""
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


@njit(cache=True)
def flat_mc(P: Any, S: Any, seat: int, allowed: Any, need: Any, lm: int, worlds: int, policy: int,
            epsilon: float, sums: Any) -> int:
    """Flat Monte Carlo: in each of ``worlds`` determinizations every legal card is played out once;
    ``sums[c]``: the seat's team's score minus the other's, summed.  Returns the worlds drawn."""
    cards = np.zeros(32, dtype=np.int64)
    order = np.zeros(32, dtype=np.int64)
    keys = np.zeros(32, dtype=np.float64)
    D = S.copy()
    W = S.copy()
    team = seat & 1
    done = 0
    for _ in range(worlds):
        if not determinize(D, seat, allowed, need, cards, order, keys, 200):
            break
        done += 1
        m = lm
        while m:
            c = lowbit_index(m)
            m &= m - 1
            W[:] = D
            play(P, W, c)
            playout(P, W, policy, epsilon)
            ns, ew = score(P, W)
            sums[c] += (ns - ew) if team == 0 else (ew - ns)
    return done


@njit(cache=True)
def ismcts(P: Any, S: Any, seat: int, allowed: Any, need: Any, iterations: int, exploration: float,
           policy: int, epsilon: float, visits_out: Any) -> int:
    """Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): each iteration draws a
    determinization, walks the one tree down the cards legal in it (UCB1 with availability counts),
    adds a node, plays out and scores each node by its team's share of the deal's points.
    ``visits_out[c]``: the root's visits per card.  Returns the iterations run."""
    size = iterations + 1
    child = np.full(size * 32, -1, dtype=np.int32)
    visits = np.zeros(size, dtype=np.float64)
    avail = np.zeros(size, dtype=np.float64)
    reward = np.zeros(size, dtype=np.float64)
    team = np.zeros(size, dtype=np.int64)
    path = np.zeros(40, dtype=np.int64)
    cards = np.zeros(32, dtype=np.int64)
    order = np.zeros(32, dtype=np.int64)
    keys = np.zeros(32, dtype=np.float64)
    D = S.copy()
    W = S.copy()
    nodes = 1
    done = 0
    for _ in range(iterations):
        if not determinize(D, seat, allowed, need, cards, order, keys, 200):
            break
        done += 1
        W[:] = D
        node = 0
        plen = 0
        while not over(W):
            lm = legal_now(P, W)
            mover = turn_of(P, W) & 1
            untried = 0
            m = lm
            while m:
                c = lowbit_index(m)
                m &= m - 1
                ch = child[node * 32 + c]
                if ch < 0:
                    untried |= 1 << c
                else:
                    avail[ch] += 1
            if untried:
                c = random_card(untried)
                new = nodes
                nodes += 1
                child[node * 32 + c] = new
                team[new] = mover
                avail[new] = 1
                play(P, W, c)
                path[plen] = new
                plen += 1
                break
            best, best_val = -1, -1e300
            m = lm
            while m:
                c = lowbit_index(m)
                m &= m - 1
                ch = child[node * 32 + c]
                val = reward[ch] / visits[ch] + exploration * math.sqrt(math.log(avail[ch]) / visits[ch])
                if val > best_val:
                    best, best_val = c, val
            node = child[node * 32 + best]
            play(P, W, best)
            path[plen] = node
            plen += 1
        playout(P, W, policy, epsilon)
        ns, ew = score(P, W)
        total = max(1, ns + ew)
        share0 = ns / total
        for i in range(plen):
            n = path[i]
            visits[n] += 1
            reward[n] += share0 if team[n] == 0 else 1.0 - share0
    for c in range(32):
        ch = child[c]
        visits_out[c] = visits[ch] if ch >= 0 else 0.0
    return done


def warm() -> None:
    """Compile (or load from numba's cache) every kernel on a small deal, before the first decision."""
    from klaverjas.core import Deal, Rules

    deal = Deal.new(Rules.parse("rotterdam"), 0, __import__("random").Random(0))
    deal.set_trump(0, 0)
    view = View.of(deal, deal.turn)
    p, s = rules_row(view), state_row(view, (0, 0, 0, 0))
    s[view.seat] = view.hand
    allowed, need = hidden_row(view)
    flat_mc(p, s, view.seat, allowed, need, view.legal, 2, HEURISTIC, 0.1, np.zeros(32))
    ismcts(p, s, view.seat, allowed, need, 4, 0.7, HEURISTIC, 0.1, np.zeros(32))


def best_of(values: np.ndarray, legal_mask: int) -> int:
    """The legal card with the highest value (ties: the first in card order)."""
    return max(cards_of(legal_mask), key=lambda c: float(values[c]))


class KernelBot(Bot):
    """What the kernel's players share: trump by the rules of thumb (``basic``), the kernel's own random
    numbers, its warm-up, the rows a search starts from, and the card with the best of :meth:`scores`."""

    def __init__(self, playout: str, epsilon: float, seed_number: int | None) -> None:
        self.policy, self.epsilon = POLICIES[playout], epsilon
        self.basic = BasicBot()
        if seed_number is not None:
            seed(seed_number)

    def reseed(self, seed_number: int) -> None:
        seed(seed_number)

    def prepare(self) -> None:
        warm()

    def trump(self, view: View) -> TrumpAction:
        return self.basic.trump(view)

    def start(self, view: View) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The rules row, the state row with only the viewer's hand, and the hidden cards' rows."""
        hands = [0, 0, 0, 0]
        hands[view.seat] = view.hand
        allowed, need = hidden_row(view)
        return rules_row(view), state_row(view, (hands[0], hands[1], hands[2], hands[3])), allowed, need

    def scores(self, view: View) -> np.ndarray:
        """Per card, how good the search finds it (higher is better)."""
        raise NotImplementedError

    def card(self, view: View) -> int:
        legal = view.legal
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        if view.rules.roem != "trick":  # a stand-in for the Dutch games only
            return self.basic.card(view)
        return best_of(self.scores(view), legal)
