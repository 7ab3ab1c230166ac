"""Playouts whose players follow a card policy fitted on recorded play, instead of the greedy rules.

The greedy rules of ``klaverjas.solver.playouts`` pick the card strong itself picks in under half of its
decisions (self-play, every decision with a choice).  Here every seat of a playout scores each legal card
by a linear function of the card's features as its own seat sees them (its hand, the cards still out, the
trick so far; never another hand), one weight vector for each place in the trick, and plays the best
(a random card at rate ``epsilon``, as the greedy playouts do), or one drawn by the fitted odds.  The
deciding seat's team and the other team may play by different weights (e.g. the opponents' own).  ``fit``
is a conditional logit over the recorded choices of ``tools/play_data.py`` logs, its features from the same
compiled function the playouts use, so the fitted player and the played one are the same (docs/bots.md).
``OnlinePolicies`` fits the same logits over a match, from what a seat sees at each deal's last trick.

    .venv/bin/python benchmarks/learned_playouts.py fit SP91.jsonl --test SP92.jsonl --out W.npy
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # as benchmarks.* (numba's cache) and tools.*

from klaverjas.solver.engine import lowbit_index, njit, popcount  # noqa: E402
from klaverjas.solver.playouts import (  # noqa: E402
    O_PTS,
    O_STR,
    P_MAKERS,
    P_TRUMP,
    S_N,
    S_TRICK,
    S_WON,
    beats,
    determinize,
    heading,
    heuristic_card,
    legal_now,
    over,
    play,
    random_card,
    score,
    trick_roem,
    turn_of,
)

NF = 26  # features a card


@njit(cache=True)
def card_features(P: Any, S: Any, lm: int, c: int, out: Any) -> None:
    """The features of playing ``c`` now, as the seat to move sees it (``out[0:NF]``)."""
    turn = turn_of(P, S)
    hand = S[turn]
    n = S[S_N]
    trump = P[P_TRUMP]
    left = S[0] | S[1] | S[2] | S[3]
    others = left & ~hand
    s = c >> 3
    smask = 0xFF << (8 * s)
    is_t = 1.0 if s == trump else 0.0
    pts = P[O_PTS + c]
    rank = P[O_STR + c] & 7
    higher_out = 0
    lower_own = 0
    higher_own = 0
    x = left & smask
    while x:
        d = lowbit_index(x)
        x &= x - 1
        if d == c:
            continue
        rd = P[O_STR + d] & 7
        if (others >> d) & 1:
            if rd > rank:
                higher_out += 1
        elif rd < rank:
            lower_own += 1
        else:
            higher_own += 1
    own_in_suit = popcount(hand & smask)
    out_in_suit = popcount(others & smask)
    tmask = 0xFF << (8 * trump)
    own_trumps = popcount(hand & tmask)
    trumps_out = popcount(others & tmask)
    makers = 1.0 if P[P_MAKERS] == (turn & 1) else 0.0
    done = (S[S_WON] + S[S_WON + 1]) / 8.0
    top = 1.0 if higher_out == 0 else 0.0
    for i in range(NF):
        out[i] = 0.0
    out[0] = is_t
    out[1] = pts / 10.0
    out[2] = rank / 7.0
    out[3] = top
    out[4] = 1.0 if higher_out == 1 else 0.0
    out[5] = 1.0 if lower_own == 0 else 0.0
    out[6] = 1.0 if higher_own == 0 else 0.0
    out[7] = own_in_suit / 8.0
    out[8] = out_in_suit / 8.0
    out[9] = 1.0 if (own_in_suit == 1 and is_t == 0.0) else 0.0
    out[10] = is_t * makers
    out[11] = is_t * own_trumps / 8.0
    out[12] = is_t * (1.0 if trumps_out == 0 else 0.0)
    out[13] = is_t * done
    out[14] = top * pts / 10.0
    out[15] = (1.0 - is_t) * (1.0 if out_in_suit == 0 else 0.0)
    if n == 0:
        out[16] = top * (1.0 - is_t) * makers
        out[17] = (1.0 - is_t) * (1.0 if trumps_out > 0 else 0.0) * top
        return
    win, pos = heading(P, S)
    led = S[S_TRICK] >> 3
    partner = pos == n - 2
    b = beats(P, c, win)
    tp = 0
    for i in range(n):
        tp += P[O_PTS + S[S_TRICK + i]]
    follows = s == led
    out[16] = 1.0 if follows else 0.0
    out[17] = 1.0 if (not follows and is_t == 1.0) else 0.0
    out[18] = 1.0 if b else 0.0
    out[19] = 1.0 if partner else 0.0
    out[20] = (pts / 10.0) if partner else 0.0
    out[21] = ((pts + tp) / 10.0) if b else 0.0
    # the cheapest card that takes the lead of the trick
    if b:
        cheapest = True
        m = lm
        while m:
            d = lowbit_index(m)
            m &= m - 1
            if d != c and beats(P, d, win) and P[O_STR + d] < P[O_STR + c]:
                cheapest = False
                break
        out[22] = 1.0 if cheapest else 0.0
    if n == 3:
        mask = 1 << c
        for i in range(3):
            mask |= 1 << S[S_TRICK + i]
        r = trick_roem(P, mask, S[S_TRICK] & 7)
        ours = partner or b
        out[23] = (r if ours else -r) / 10.0
        out[24] = (1.0 if ours else -1.0) * (pts + tp) / 10.0
    else:
        out[25] = (1.0 if partner else 0.0) * (1.0 if n == 2 else 0.0) * pts / 10.0


@njit(cache=True)
def learned_card(P: Any, S: Any, lm: int, W: Any, feats: Any, scores: Any, cards: Any, sample: bool) -> int:
    """The legal card of ``lm`` the fitted weights ``W[place in the trick]`` score highest, or one drawn
    in proportion to exp(score) (the fitted logit's own odds) when ``sample``; ``feats``, ``scores`` and
    ``cards`` are the caller's scratch (no allocation in the playouts' inner loop)."""
    n = S[S_N]
    best, best_score = -1, -1e300
    k = 0
    m = lm
    while m:
        c = lowbit_index(m)
        m &= m - 1
        card_features(P, S, lm, c, feats)
        v = 0.0
        for i in range(NF):
            v += W[n, i] * feats[i]
        scores[k] = v
        cards[k] = c
        k += 1
        if v > best_score:
            best, best_score = c, v
    if not sample:
        return best
    total = 0.0
    for i in range(k):
        scores[i] = np.exp(scores[i] - best_score)
        total += scores[i]
    r = np.random.random() * total
    for i in range(k):
        r -= scores[i]
        if r <= 0.0:
            return int(cards[i])
    return best


@njit(cache=True)
def learned_playout(P: Any, S: Any, team: int, LW: Any, greedy: int, epsilon: float, sample: bool, feats: Any,
                    scores: Any, cards: Any) -> None:
    """Play ``S`` out: the seats of ``team`` by ``LW[0]``, the others by ``LW[1]``; a side whose bit is set in
    ``greedy`` (1 ``team``, 2 the others) by the greedy rules instead."""
    while not over(S):
        lm = legal_now(P, S)
        if lm & (lm - 1) == 0:
            c = lowbit_index(lm)
        elif np.random.random() < epsilon:
            c = random_card(lm)
        else:
            side = 0 if (turn_of(P, S) & 1) == team else 1
            if (greedy >> side) & 1:
                c = heuristic_card(P, S, lm)
            else:
                c = learned_card(P, S, lm, LW[side], feats, scores, cards, sample)
        play(P, S, c)


@njit(cache=True)
def learned_flat_mc(P: Any, S: Any, seat: int, allowed: Any, need: Any, lm: int, worlds: int, LW: Any,
                    greedy: int, epsilon: float, sample: bool, sums: Any) -> int:
    """``klaverjas.solver.playouts.flat_mc`` with the deciding seat's team playing by the fitted weights
    ``LW[0]`` and the other team by ``LW[1]`` (the greedy rules for a side whose bit is set in ``greedy``)."""
    cards = np.zeros(32, dtype=np.int64)
    order = np.zeros(32, dtype=np.int64)
    keys = np.zeros(32, dtype=np.float64)
    feats = np.zeros(NF, dtype=np.float64)
    scores = np.zeros(8, dtype=np.float64)
    legal_cards = np.zeros(8, dtype=np.int64)
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
            learned_playout(P, W, team, LW, greedy, epsilon, sample, feats, scores, legal_cards)
            ns, ew = score(P, W)
            sums[c] += (ns - ew) if team == 0 else (ew - ns)
    return done


def decisions(paths: list[str]) -> list[tuple[int, np.ndarray, int, int]]:
    """Every recorded card decision with a choice: (place in the trick, features of each legal card,
    index of the card played, deal index)."""
    from tools.fit_play import replay

    out = []
    for path in paths:
        with open(path) as lines:
            records = [json.loads(line) for line in lines]
        for rec in records:
            for deal, card in replay(rec):
                found = choice_features(deal, card)
                if found is not None:
                    out.append((*found, rec["index"]))
    return out


def choice_features(deal: Any, card: int) -> tuple[int, np.ndarray, int] | None:
    """The decision of the seat to play in ``deal`` (every hand known) that played ``card``: its place in the
    trick, the features of each legal card and the index of ``card`` among them; None without a choice."""
    from klaverjas.bots import View
    from klaverjas.bots.strong import playout_rules, playout_state

    view = View.of(deal, deal.turn)
    lm = int(view.legal)
    if not lm & (lm - 1):
        return None
    P = playout_rules(view)
    S = playout_state(view, [int(h) for h in deal.hands])
    cards = [c for c in range(32) if (lm >> c) & 1]
    X = np.zeros((len(cards), NF))
    feats = np.zeros(NF)
    for i, c in enumerate(cards):
        card_features(P, S, lm, c, feats)
        X[i] = feats
    return int(S[S_N]), X, cards.index(card)


def fit_place(rows: list[tuple[np.ndarray, int]], l2: float = 1e-3, iters: int = 30,
              start: np.ndarray | None = None, weights: np.ndarray | None = None) -> np.ndarray:
    """Conditional logit by Newton's method: the weights that make the played cards likeliest (from
    ``start``, e.g. the last fit when rows were added; each decision counted ``weights[i]`` times)."""
    X = np.concatenate([x for x, _ in rows])
    sizes = np.array([len(x) for x, _ in rows])
    firsts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    wt = np.ones(len(rows)) if weights is None else np.asarray(weights, dtype=np.float64)
    chosen = wt @ X[firsts + np.array([y for _, y in rows])]
    w = np.zeros(NF) if start is None else start.copy()
    for _ in range(iters):
        z = X @ w
        p = np.exp(z - np.repeat(np.maximum.reduceat(z, firsts), sizes))
        p /= np.repeat(np.add.reduceat(p, firsts), sizes)
        mu = np.add.reduceat(X * p[:, None], firsts)  # each decision's expected features
        pw = p * np.repeat(wt, sizes)
        g = chosen - wt @ mu - l2 * w
        H = -(X.T @ (X * pw[:, None]) - mu.T @ (mu * wt[:, None])) - l2 * np.eye(NF)
        step = np.linalg.solve(H, g)
        w -= step
        if np.abs(step).max() < 1e-6:
            break
    return w


def deal_decisions(view: Any, most_worlds: int = 6) -> list[tuple[int, int, np.ndarray, int, float]] | None:
    """At a deal's last trick, as ``view``'s seat knows it: every earlier card decision with a choice, as (seat,
    place in the trick, features of each legal card, index of the card played, weight).  The last cards may
    still lie more than one way: a seat whose hand is certain counts once, another once in each way (at most
    ``most_worlds``, else not at all) with weight one over their number.  None before the last trick."""
    from klaverjas.bots.sampling import all_hidden
    from klaverjas.core.state import Deal

    if view.phase != "play" or len(view.tricks) != 7:
        return None
    every = all_hidden(view, 24)
    if not every:
        return None
    played = view.played_by
    starts = [tuple(hands[s] | played[s] for s in range(4)) for hands in every]
    certain = [all(st[s] == starts[0][s] for st in starts) for s in range(4)]
    cards_played = [c for t in view.tricks for c in t.cards] + list(view.trick)
    every_way = len(starts) <= most_worlds
    out = []
    for i, start in enumerate(starts if every_way else starts[:1]):
        # the certain seats from the first way alone, the others from each way
        counted = [(i == 0) if certain[s] else every_way for s in range(4)]
        deal = Deal(view.rules, view.dealer, list(start), view.proposed)
        for _, action in view.bids:
            deal.choose_trump(action)
        for card in cards_played:
            seat = deal.turn
            found = choice_features(deal, card) if counted[seat] else None
            if found is not None:
                out.append((seat, *found, 1.0 if certain[seat] else 1 / len(starts)))
            deal.play(card)
    return out


class OnlinePolicies:
    """The card policies of both teams learned over a match, as the seat that plays with them sees the play.

    At each deal's last trick the seat knows (nearly) every hand, so every decision of the deal can be
    replayed with the hand the player held then; the decisions of the seat's own team and of the other team
    each fit a conditional logit (:func:`fit_place`, pulled towards no preference by ``l2``).  Until each team
    has shown ``least`` decisions with a choice the weights are None (the caller plays the greedy rules)."""

    def __init__(self, least: int = 300, l2: float = 1.0) -> None:
        self.least, self.l2 = least, l2
        self.rows: list[list[list[tuple[np.ndarray, int]]]] = [[[] for _ in range(4)] for _ in range(2)]
        self.weights_of: list[list[list[float]]] = [[[] for _ in range(4)] for _ in range(2)]
        self.seen: list[tuple[object, ...]] = []
        self.weights: np.ndarray | None = None

    def count(self, side: int) -> int:
        return round(sum(sum(w) for w in self.weights_of[side]))

    def observe(self, view: Any) -> bool:
        """Learn from ``view`` if it is at its deal's last trick (and the deal not counted yet); whether it did."""
        key = (view.seat, view.dealer, view.bids, tuple(t.cards for t in view.tricks))
        if key in self.seen:
            return False
        found = deal_decisions(view)
        if found is None:
            return False
        self.seen = [*self.seen[-3:], key]
        for seat, place, X, y, weight in found:
            side = 0 if (seat & 1) == (view.seat & 1) else 1
            self.rows[side][place].append((X, y))
            self.weights_of[side][place].append(weight)
        if min(self.count(0), self.count(1)) >= self.least:
            LW = np.zeros((2, 4, NF))
            for side in range(2):
                for place in range(4):
                    if self.rows[side][place]:
                        before = None if self.weights is None else self.weights[side, place]
                        LW[side, place] = fit_place(self.rows[side][place], self.l2, 10, before,
                                                    np.array(self.weights_of[side][place]))
            self.weights = LW
        return True


def agreement(data: list[tuple[int, np.ndarray, int, int]], LW: np.ndarray) -> dict[int, float]:
    hit: dict[int, list[int]] = {}
    for place, X, y, _ in data:
        hit.setdefault(place, []).append(int(np.argmax(X @ LW[place]) == y))
    return {p: float(np.mean(v)) for p, v in sorted(hit.items())}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit")
    f.add_argument("logs", nargs="+")
    f.add_argument("--test", nargs="*", default=[])
    f.add_argument("--out", required=True)
    args = ap.parse_args()
    train = decisions(args.logs)
    LW = np.zeros((4, NF))
    for place in range(4):
        LW[place] = fit_place([(X, y) for p, X, y, _ in train if p == place])
    print("train agreement by place:", agreement(train, LW))
    if args.test:
        test = decisions(args.test)
        print("held-out agreement by place:", agreement(test, LW),
              f"all {np.mean([int(np.argmax(X @ LW[p]) == y) for p, X, y, _ in test]):.3f}")
    np.save(args.out, LW)
    return 0


if __name__ == "__main__":
    sys.exit(main())
