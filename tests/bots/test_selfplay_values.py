"""benchmarks/selfplay_values.py: the rows of a logged deal (the true deal's values by the solver, the outcome
from the mover's side, the player's two values of every legal card) and the fit of the playouts' share;
benchmarks/strong_hybrid_bot.py's --mix-by-trick, which plays such a share."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from klaverjas.bots.strong import StrongBot
from klaverjas.bots.view import View
from klaverjas.core.cards import cards_of
from klaverjas.solver import Position, solve

from .helpers import BENCHMARKS, load_benchmark, played_by_basic

VALUES = load_benchmark("selfplay_values")
HYBRID = load_benchmark("strong_hybrid_bot")


def test_the_rows_of_a_logged_deal() -> None:
    played, views = played_by_basic("rotterdam", 1, random.Random("selfplay"))
    record: dict[str, Any] = {"rules": "rotterdam", "index": 0, "dealer": played.dealer, "kinds": ["basic"] * 4,
              "hands": [int(h) for h in played.initial],
              "bids": [[seat, action.as_json()] for seat, action in played.selection.events],
              "plays": [card for t in played.tricks for card in t.cards]}
    bot = StrongBot(samples=4, budget_ms=math.inf, seed=1, playout_mix=0.0, playout_worlds=50)
    rows = VALUES.decisions(record, 7, bot, "test")
    assert len(rows) == sum(v.legal.bit_count() > 1 for v in views) > 0
    ns, ew = played.score().scores
    left = iter(rows)
    for deal, card in VALUES.replay(record):
        if deal.legal().bit_count() > 1:
            row, view = next(left), View.of(deal, deal.turn)
            sign = 1 if view.seat % 2 == 0 else -1
            legal = {str(c) for c in cards_of(view.legal)}
            assert row["deal"] == 7 and row["trick"] == len(view.tricks) and row["place"] == len(view.trick)
            assert row["maker"] == int(view.makers == view.seat % 2) and row["card"] == card
            assert set(row["dd"]) == set(row["po"]) == set(row["true"]) == legal
            assert row["outcome"] == sign * (ns - ew)
            true = solve(Position.from_deal(deal), "real").cards
            assert row["true"] == {str(c): sign * true[c] for c in cards_of(view.legal)}
            assert row["samples"] == 4
    assert next(left, None) is None


def test_the_fit_finds_the_share_the_outcomes_were_made_with() -> None:
    rng = np.random.default_rng(3)
    rows = []
    for deal in range(400):
        base = rng.normal(0, 60)
        for _ in range(8):
            dd = {str(c): base + rng.normal(0, 30) for c in range(4)}
            po = {str(c): base + rng.normal(0, 30) for c in range(4)}
            card = int(rng.integers(0, 4))
            outcome = 0.4 * dd[str(card)] + 0.6 * po[str(card)] + 0.5 * base + rng.normal(0, 5)
            rows.append({"file": "f", "deal": deal, "maker": int(rng.integers(0, 2)), "card": card, "dd": dd,
                         "po": po, "outcome": outcome})
    share, lo, hi = VALUES.share_fit(rows, np.random.default_rng(0), rounds=50)
    assert share == pytest.approx(0.6, abs=0.02)
    assert lo < share < hi and hi - lo < 0.1


def test_the_playouts_share_by_trick_and_side_from_the_command_line() -> None:
    script = BENCHMARKS / "strong_hybrid_bot.py"
    for bad in ("0.5,0.5", "partners=" + ",".join(["0.5"] * 8), ",".join(["1.5"] * 8)):
        refused = subprocess.run([sys.executable, str(script), "--mix-by-trick", bad], capture_output=True,
                                 text=True, stdin=subprocess.DEVNULL, timeout=120)
        assert refused.returncode == 2 and "--mix-by-trick" in refused.stderr
    bot = HYBRID.TunedBot()
    shares = tuple(k / 10 for k in range(8))
    bot.mix_by_trick = {"defenders": shares}
    sides = set()
    for view in played_by_basic("rotterdam", 2, random.Random("by-trick"))[1]:
        defends = view.makers != view.seat % 2
        sides.add(defends)
        own = HYBRID.StrongBot.playout_weight(bot, view)
        assert bot.playout_weight(view) == (shares[len(view.tricks)] if defends else own)
    assert sides == {True, False}
