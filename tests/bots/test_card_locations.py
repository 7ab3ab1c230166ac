"""benchmarks/card_locations.py: a view's inputs with the suits renamed, the samples' shares of each hidden
card, the tilt of the weighed samples towards a network's shares, and strong_hybrid_bot.py's --locations."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path

import numpy as np

from klaverjas.bots.strong import StrongBot

from .helpers import BENCHMARKS, load_benchmark, played_by_basic

LOCATIONS = load_benchmark("card_locations")


def mid_deal_view(seed: str, index: int = 13):  # type: ignore[no-untyped-def]
    return played_by_basic("rotterdam", 1, random.Random(seed))[1][index]


def test_the_inputs_rename_the_suits_trump_first_and_say_who_may_hold_what() -> None:
    view = mid_deal_view("features")
    x, may, index = LOCATIONS.view_features(view)
    assert x.shape == (LOCATIONS.N_VIEW,)
    assert sorted(int(index[c]) for c in range(32) if c // 8 == view.trump) == list(range(8))
    assert sorted(index.tolist()) == list(range(32))
    for r in range(3):
        seat = (view.seat + 1 + r) % 4
        assert {int(index[c]) for c in range(32) if view.may_hold(seat) >> c & 1} == set(np.flatnonzero(may[:, r]))
    assert {int(index[c]) for c in range(32) if view.hand >> c & 1} == set(np.flatnonzero(x[:32]))


def test_the_samples_shares_of_every_hidden_card_add_up_to_one_over_the_seats_that_may_hold_it() -> None:
    view = mid_deal_view("shares")
    _, may, index = LOCATIONS.view_features(view)
    bot = StrongBot(seed=3)
    share = LOCATIONS.shares(view, bot.draw(view, 40, bot.evidence(view)), index)
    hidden = [int(index[c]) for c in range(32) if view.unseen >> c & 1]
    for s in share:
        assert np.allclose(s[hidden].sum(-1), 1.0)
        assert not (s * (may == 0)).any()
        assert not np.delete(s, hidden, axis=0).any()


def test_the_tilt_multiplies_each_sample_by_the_network_over_the_samples_for_the_seat_it_gives_a_card() -> None:
    view = mid_deal_view("tilt")
    bot = StrongBot(seed=5)
    worlds = bot.draw(view, 50, bot.evidence(view))
    rng = np.random.default_rng(0)
    params = {"w1": rng.normal(size=(LOCATIONS.N_VIEW, 4)), "b1": np.zeros(4), "w2": np.zeros((4, 96)),
              "b2": np.zeros(96)}
    # A network that adds nothing leaves the weights as they were.
    still = LOCATIONS.LocationModel(params, smooth=0.0).tilt(view, worlds)
    top = max(w.weight for w in worlds)
    assert all(math.isclose(a.weight, b.weight / top * still[0].weight / (worlds[0].weight / top))
               for a, b in zip(still, worlds, strict=True))
    # One that raises one hidden card's odds of being partner's by e^2.
    card = next(c for c in range(32) if view.unseen >> c & 1 and view.may_hold(view.seat ^ 2) >> c & 1
                and any(w.hands[view.seat ^ 2] >> c & 1 for w in worlds)
                and not all(w.hands[view.seat ^ 2] >> c & 1 for w in worlds))
    index = LOCATIONS.renamed(view.trump)
    params["b2"] = np.zeros(96)
    params["b2"][int(index[card]) * 3 + 1] = 2.0
    tilted = LOCATIONS.LocationModel(params, smooth=0.0, alpha=0.5).tilt(view, worlds)
    total = sum(w.weight for w in worlds)
    seats = [(view.seat + 1 + r) % 4 for r in range(3)]
    share = [sum(w.weight for w in worlds if w.hands[s] >> card & 1) / total for s in seats]
    raised = [p * (math.e ** 2 if r == 1 else 1.0) for r, p in enumerate(share)]
    factor = [math.sqrt(q / sum(raised) / p) if p > 0 else 1.0 for q, p in zip(raised, share, strict=True)]
    expected = [w.weight * next(factor[r] for r, s in enumerate(seats) if w.hands[s] >> card & 1) for w in worlds]
    scale = tilted[0].weight / expected[0]
    assert all(math.isclose(t.weight, e * scale, rel_tol=1e-9) for t, e in zip(tilted, expected, strict=True))
    others = [f for r, f in enumerate(factor) if r != 1 and share[r] > 0]
    assert factor[1] > 1 and others and all(f < 1 for f in others)


def test_the_hybrid_bot_refuses_a_missing_network_and_an_empty_pool(tmp_path: Path) -> None:
    script = BENCHMARKS / "strong_hybrid_bot.py"
    missing = subprocess.run([sys.executable, str(script), "--locations", str(tmp_path / "none.npz")],
                             capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert missing.returncode == 2 and "--locations: cannot read" in missing.stderr
    net = tmp_path / "net.npz"
    np.savez(net, w1=np.zeros((LOCATIONS.N_VIEW, 2)), b1=np.zeros(2), w2=np.zeros((2, 96)), b2=np.zeros(96),
             smooth=np.array(0.3))
    empty = subprocess.run([sys.executable, str(script), "--locations", str(net), "--location-pool", "0"],
                           capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert empty.returncode == 2 and "--location-pool must be at least 1, not 0" in empty.stderr
