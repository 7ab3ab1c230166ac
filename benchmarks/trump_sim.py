"""Trump decisions by simulation: the hidden hands dealt many times, every contract played out by the greedy rules.

GIB bids by dealing the hidden hands and solving each deal; here each deal is played out by the greedy playouts of
:mod:`klaverjas.solver.playouts` (players who guess, the valuation the pass model was fitted to), which costs
microseconds a deal, so hundreds of deals fit in a decision.  For the seat to decide (Rotterdam's free selection,
Amsterdam's proposed suit, the bidding of ``strict``):

- deal the other 24 cards ``samples`` times, keeping the deals in which every earlier bid is what that seat would
  have said: partner by the trump model (:mod:`klaverjas.bots.bidding`, pass models included), the other team by
  the model or, with ``opponents="basic"``, by the rules of thumb;
- each suit it may take, its team the makers: the mean of the team's result over the deals;
- a pass: in each deal the seats to come decide the same way until a contract is reached, and that is played out;
- take the option with the best mean.

    .venv/bin/python benchmarks/trump_duel.py data/p9.jsonl --a sim:400:basic --b model --facing basic

Level with the model head to head and in play (docs/bots.md, "Trump decisions by simulated deals").
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.basic import trump_options  # noqa: E402
from klaverjas.bots.bidding import BiddingModel, place_of  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import FULL_DECK, TrumpAction, cards_of  # noqa: E402
from klaverjas.core.seats import step_of  # noqa: E402
from klaverjas.core.trump import TrumpSelection  # noqa: E402
from klaverjas.solver import playouts as po  # noqa: E402
from klaverjas.solver.engine import njit  # noqa: E402

PASS = TrumpAction("pass")


@njit(cache=True)
def play_deals(P: Any, deals: Any, leader: int, policy: int, epsilon: float, out: Any) -> None:
    """Each deal (``deals[i, 0:4]``) played out from the opening lead; ``out[i]``: North-South's score less
    East-West's."""
    S = np.zeros(po.S_SIZE, dtype=np.int64)
    for i in range(deals.shape[0]):
        S[:] = 0
        S[0:4] = deals[i, 0:4]
        S[po.S_LEADER] = leader
        po.playout(P, S, policy, epsilon)
        ns, ew = po.score(P, S)
        out[i] = ns - ew


class SimPolicy:
    """Trump decisions by ``samples`` simulated deals (see the module's doc): Rotterdam's free selection,
    Amsterdam's proposed suit and the bidding of ``strict``."""

    MODES = ("free", "proposed", "bid")

    def __init__(self, model: BiddingModel, samples: int = 400, policy: int = po.HEURISTIC, epsilon: float = 0.0,
                 opponents: str = "model") -> None:
        self.model = model
        self.samples = samples
        self.policy = policy
        self.epsilon = epsilon
        self.opponents = opponents  # how the other team bids: "model" or "basic" (the rules of thumb)
        self.rng = random.Random()  # seeded by each decision (:meth:`_deals`)
        self._rows: dict[tuple[str, int, int, int], np.ndarray] = {}

    def _row(self, view: View, trump: int, makers: int) -> np.ndarray:
        step = step_of(view.rules.direction)
        key = (str(view.rules), trump, step, makers)
        if key not in self._rows:
            self._rows[key] = po.rules_row(view.rules, trump, step, makers)
        return self._rows[key]

    def _decide(self, view: View, sel: TrumpSelection, hand: int) -> TrumpAction:
        """What the seat to move in ``sel`` does with ``hand``: by the rules of thumb when it is of the other team
        and ``opponents`` says so, else by the model (as :func:`klaverjas.bots.strong.estimate_options`)."""
        seat = sel.to_move
        assert seat is not None
        options = sel.options()
        if self.opponents == "basic" and (seat & 1) != view.team:
            action = trump_options(replace(view, seat=seat, hand=hand, options=options))[0].action
            assert isinstance(action, TrumpAction)
            return action
        place = place_of(seat, sel.first, step_of(view.rules.direction))
        suits = [self.model.estimate(hand, s, place) for s in range(4)]
        takes = [(a, sel.proposed if a.kind == "play" else a.suit) for a in options if a.kind != "pass"]
        best, suit = max(takes, key=lambda t: suits[t[1] or 0])
        if PASS in options:
            offered = sel.proposed if any(a.kind == "play" for a in options) else None
            if suits[suit or 0] <= self.model.pass_value(hand, place, view.rules.trump_selection, suits, offered):
                return PASS
        return best

    def _deals(self, view: View) -> list[tuple[int, int, int, int]]:
        """The hidden cards dealt ``samples`` times, each deal one in which every earlier bid is what that seat
        would have said (the last half of the tries without that condition, so a decision always has deals)."""
        seat = view.seat
        others = [s for s in range(4) if s != seat]
        hidden = cards_of(FULL_DECK & ~view.hand)
        self.rng.seed(view.hand * 64 + view.dealer * 8 + len(view.bids))
        deals: list[tuple[int, int, int, int]] = []
        tries = 0
        while len(deals) < self.samples and tries < self.samples * 50:
            tries += 1
            self.rng.shuffle(hidden)
            hands = [0, 0, 0, 0]
            hands[seat] = view.hand
            for k, s in enumerate(others):
                m = 0
                for c in hidden[8 * k:8 * k + 8]:
                    m |= 1 << c
                hands[s] = m
            if tries <= self.samples * 25:
                sel = TrumpSelection(view.rules, view.dealer, view.proposed)
                fits = True
                for s, action in view.bids:
                    if self._decide(view, sel, hands[s]) != action:
                        fits = False
                        break
                    sel.act(action)
                if not fits:
                    continue
            deals.append((hands[0], hands[1], hands[2], hands[3]))
        return deals

    def _played(self, view: View, arr: np.ndarray, contract: tuple[int, int], first: int) -> np.ndarray:
        out = np.zeros(arr.shape[0])
        play_deals(self._row(view, *contract), arr, first, self.policy, self.epsilon, out)
        return out

    def values(self, view: View) -> dict[TrumpAction, float]:
        """Each option's mean result for the seat's team over the simulated deals."""
        deals = self._deals(view)
        arr = np.array(deals, dtype=np.int64).reshape(-1, 4)
        sign = 1.0 if view.team == 0 else -1.0
        sel = TrumpSelection(view.rules, view.dealer, view.proposed)
        for _, action in view.bids:
            sel.act(action)
        first = sel.first
        out: dict[TrumpAction, float] = {}
        for action in view.options:
            if action.kind == "pass":
                continue
            suit = view.proposed if action.kind == "play" else action.suit
            assert suit is not None
            out[action] = sign * float(self._played(view, arr, (suit, view.team), first).mean())
        if PASS in view.options:
            groups: dict[tuple[int, int], list[int]] = {}
            for i, hands in enumerate(deals):
                after = sel.copy()
                after.act(PASS)
                while not after.done:
                    mover = after.to_move
                    assert mover is not None
                    after.act(self._decide(view, after, hands[mover]))
                assert after.trump is not None and after.maker is not None
                groups.setdefault((after.trump, after.maker & 1), []).append(i)
            total = 0.0
            for contract, idx in groups.items():
                total += float(self._played(view, arr[idx], contract, first).sum())
            out[PASS] = sign * total / len(deals)
        return out

    def trump(self, view: View) -> TrumpAction:
        if view.rules.trump_selection not in self.MODES:
            raise ValueError(f"the simulation decides in the {', '.join(self.MODES)} selections only")
        values = self.values(view)
        return max(values, key=lambda a: values[a])


def from_spec(spec: str, model: BiddingModel) -> SimPolicy:
    """``N``, ``N:model`` or ``N:basic``: a :class:`SimPolicy` of N deals a decision (the other team read as
    bidding by the model or by the rules of thumb); ValueError naming what is wrong otherwise."""
    n, _, opponents = spec.partition(":")
    if not n.isdigit() or int(n) < 1 or opponents not in ("", "model", "basic"):
        raise ValueError(f"expected N[:model|:basic] with N at least 1, got {spec!r}")
    return SimPolicy(model, samples=int(n), opponents=opponents or "model")
