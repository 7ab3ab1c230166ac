"""Playouts whose players guess by searching: imperfect-information Monte Carlo (Furtak and Buro, 2013).

The strong player's playouts (``klaverjas.solver.playouts``) let every later player choose by greedy rules
that see only its own cards.  Here every later decision with more than one legal card is itself a small
flat Monte Carlo search from that player's own knowledge: its hand, the cards played, and what the play so
far showed of every hand (the same public deductions as ``View.excluded``: a seat that played ``c`` holds no
card whose presence would have made ``c`` illegal), over ``inner`` deals of the cards it cannot see, each
legal card played out by the greedy rules.  So the players of a playout neither see every card (the
double-dummy solver) nor play by rules alone: they guess, as real players do.

``nested_card_values(view, worlds, inner)``: per legal card, the mean of its team's final score minus the
other's over ``worlds`` deals of the hidden cards (hard constraints only), each card played out once.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.strong import playout_rules, playout_state  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.solver.engine import lowbit_index, njit, popcount  # noqa: E402
from klaverjas.solver.playouts import (  # noqa: E402
    HEURISTIC,
    S_N,
    S_TRICK,
    determinize,
    heading,
    heuristic_card,
    legal,
    legal_now,
    over,
    play,
    play_out_each_card,
    random_card,
    score,
    seed,
    turn_of,
)


@njit(cache=True)
def deduce(P: Any, S: Any, seat: int, card: int, excluded: Any) -> None:
    """Before ``seat`` plays ``card`` in ``S``: the cards still out whose presence in its hand would have made
    ``card`` illegal join ``excluded[seat]``."""
    n = S[S_N]
    if n == 0:
        return
    win, pos = heading(P, S)
    led = int(S[S_TRICK] >> 3)
    partner = pos == n - 2
    m = (S[0] | S[1] | S[2] | S[3]) & ~(1 << card)
    while m:
        x = lowbit_index(m)
        m &= m - 1
        if not (legal(P, (1 << card) | (1 << x), led, win, partner) >> card) & 1:
            excluded[seat] |= 1 << x


@njit(cache=True)
def guessed_card(P: Any, S: Any, lm: int, excluded: Any, inner: int, epsilon: float, V: Any, W: Any,
                 sums: Any, allowed: Any, need: Any, cards: Any, order: Any, keys: Any) -> int:
    """The card of the seat to move by flat Monte Carlo over ``inner`` deals of what it cannot see."""
    seat = turn_of(P, S)
    others = (S[0] | S[1] | S[2] | S[3]) & ~S[seat]
    for s in range(4):
        allowed[s] = S[seat] if s == seat else others & ~excluded[s]
        need[s] = popcount(S[s])
    sums[:] = 0.0
    V[:] = S
    done = 0
    for _ in range(inner):
        if not determinize(V, seat, allowed, need, cards, order, keys, 50):
            break
        done += 1
        play_out_each_card(P, V, W, lm, seat & 1, HEURISTIC, HEURISTIC, epsilon, 1.0, sums)
    if done == 0:
        return int(heuristic_card(P, S, lm))
    best, best_value = -1, -1e18
    m = lm
    while m:
        c = lowbit_index(m)
        m &= m - 1
        if sums[c] > best_value:
            best, best_value = c, sums[c]
    return int(best)


@njit(cache=True)
def nested_values(P: Any, S: Any, seat: int, allowed0: Any, need0: Any, excluded0: Any, lm: int, worlds: int,
                  inner: int, epsilon: float, sums: Any, depth: int = 0) -> int:
    """Per legal card of ``seat``, ``sums[c]``: its team's score minus the other's summed over ``worlds`` deals,
    the card played and the deal played out by players who guess (:func:`guessed_card`): the next ``depth``
    cards (0: all), the later ones by the greedy rules."""
    cards = np.zeros(32, dtype=np.int64)
    order = np.zeros(32, dtype=np.int64)
    keys = np.zeros(32, dtype=np.float64)
    allowed = np.zeros(4, dtype=np.int64)
    need = np.zeros(4, dtype=np.int64)
    excluded = np.zeros(4, dtype=np.int64)
    inner_sums = np.zeros(32)
    D = S.copy()
    G = S.copy()
    V = S.copy()
    W = S.copy()
    team = seat & 1
    done = 0
    for _ in range(worlds):
        if not determinize(D, seat, allowed0, need0, cards, order, keys, 200):
            break
        done += 1
        m = lm
        while m:
            c = lowbit_index(m)
            m &= m - 1
            G[:] = D
            excluded[:] = excluded0
            deduce(P, G, seat, c, excluded)
            play(P, G, c)
            played = 0
            while not over(G):
                lg = legal_now(P, G)
                played += 1
                if lg & (lg - 1) == 0:
                    card = lowbit_index(lg)
                elif depth > 0 and played > depth:
                    card = heuristic_card(P, G, lg)
                elif np.random.random() < epsilon:
                    card = random_card(lg)
                else:
                    card = guessed_card(P, G, lg, excluded, inner, epsilon, V, W, inner_sums, allowed, need, cards,
                                        order, keys)
                deduce(P, G, turn_of(P, G), card, excluded)
                play(P, G, card)
            ns, ew = score(P, G)
            sums[c] += (ns - ew) if team == 0 else (ew - ns)
    return done


def nested_card_values(view: View, worlds: int, inner: int, epsilon: float = 0.1,
                       seed_number: int | None = None, depth: int = 0) -> list[float]:
    """Per card (32 entries, the legal ones meaningful): its mean over ``worlds`` playouts by guessing players."""
    if seed_number is not None:
        seed(seed_number)
    p, s = playout_rules(view), playout_state(view)
    allowed = np.array([view.may_hold(x) for x in range(4)], dtype=np.int64)
    need = np.array([view.hand_size(x) for x in range(4)], dtype=np.int64)
    excluded = np.array(view.excluded, dtype=np.int64)
    sums = np.zeros(32)
    done = nested_values(p, s, view.seat, allowed, need, excluded, view.legal, worlds, inner, epsilon, sums,
                         depth)
    return [float(x) for x in sums / max(1, done)]
