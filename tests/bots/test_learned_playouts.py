"""benchmarks/learned_playouts.py: the features a playout player scores a card by, the conditional logit that
fits them to recorded choices, and playouts played by the fitted weights; strong_hybrid_bot.py's
--learned-policy, which values cards by such playouts."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from klaverjas.bots import View
from klaverjas.bots.arena import run_arena
from klaverjas.bots.strong import playout_rules, playout_state
from klaverjas.core import Deal, Rules, parse_card

from .helpers import BENCHMARKS, make_deal

# By its package name, as strong_hybrid_bot.py imports it: numba's cache of its kernels then serves both.
sys.path.insert(0, str(BENCHMARKS.parent))
from benchmarks import learned_playouts as LP  # noqa: E402


def features(deal: Deal, card: str) -> np.ndarray:
    view = View.of(deal, deal.turn)
    out = np.zeros(LP.NF)
    LP.card_features(playout_rules(view), playout_state(view, [int(h) for h in deal.hands]), int(view.legal),
                     parse_card(card), out)
    return out


def test_the_features_of_a_card_as_its_seat_sees_them() -> None:
    # Hearts trump, N (the makers' side) to lead; N holds JH 9H and AS KS 7S, spades 10S QS 8S 9S are out.
    deal = make_deal({"N": "JH 9H AS KS 7S AC 7D 8D", "E": "10S QS 7H 8H AD KD QD JD",
                      "S": "8S 9S AH 10H KC QC JC 10C", "W": "KH QH 9C 8C 7C 10D 9D JS"}, "H", "N",
                     rules="rotterdam", dealer="W")
    lead_as = features(deal, "AS")
    assert lead_as[0] == 0.0 and lead_as[1] == 1.1 and lead_as[2] == 1.0  # no trump, 11 points, the ace
    assert lead_as[3] == 1.0 and lead_as[4] == 0.0  # no spade out beats it
    assert lead_as[5] == 0.0 and lead_as[6] == 1.0  # N's highest spade, not its lowest
    assert lead_as[7] == 3 / 8 and lead_as[8] == 5 / 8  # three spades held, five out
    assert lead_as[16] == 1.0 and lead_as[17] == 1.0  # a side winner of the makers, trumps still out
    lead_jh = features(deal, "JH")
    assert lead_jh[0] == 1.0 and lead_jh[1] == 2.0 and lead_jh[3] == 1.0
    assert lead_jh[10] == 1.0 and lead_jh[11] == 2 / 8  # a makers' trump, two trumps held
    deal.play(parse_card("7S"))  # N leads the seven of spades; E may follow with 10S or QS
    follow_q = features(deal, "QS")
    assert follow_q[16] == 1.0 and follow_q[17] == 0.0 and follow_q[18] == 1.0  # follows and heads the trick
    assert follow_q[21] == 0.3 and follow_q[22] == 1.0  # its 3 points to the trick; the cheapest card that heads it
    assert features(deal, "10S")[22] == 0.0  # the ten ranks above the queen


def test_the_fit_recovers_the_weights_that_made_the_choices() -> None:
    rng = np.random.default_rng(5)
    truth = rng.normal(0, 1, LP.NF)
    rows = []
    for _ in range(3000):
        k = int(rng.integers(2, 8))
        x = rng.normal(0, 1, (k, LP.NF))
        p = np.exp(x @ truth)
        rows.append((x, int(rng.choice(k, p=p / p.sum()))))
    fitted = LP.fit_place(rows, l2=1e-6)
    assert np.abs(fitted - truth).max() < 0.25
    assert np.corrcoef(fitted, truth)[0, 1] > 0.98


def test_playouts_of_an_open_last_trick_give_its_exact_score() -> None:
    # Every hand known and one card each: each of the leader's cards has exactly the deal's final score.
    rules = Rules.parse("rotterdam")
    rng = random.Random(3)
    for _ in range(20):
        deal = Deal.new(rules, rng.randrange(4), rng)
        deal.set_trump(rng.randrange(4), rng.randrange(4))
        while sum(int(h).bit_count() for h in deal.hands) > 4:
            deal.play(rng.choice([c for c in range(32) if deal.legal() >> c & 1]))
        view = View.of(deal, deal.turn)
        hands = [int(h) for h in deal.hands]
        sums = np.zeros(32)
        weights = np.stack([np.ones((4, LP.NF)), np.zeros((4, LP.NF))])
        done = LP.learned_flat_mc(playout_rules(view), playout_state(view), view.seat,
                                  np.array(hands, dtype=np.int64), np.array([1, 1, 1, 1], dtype=np.int64),
                                  int(view.legal), 5, weights, 0, 0.0, False, sums)
        assert done == 5
        card = int(view.legal).bit_length() - 1
        deal.play(card)
        while not deal.is_over:
            deal.play(int(deal.legal()).bit_length() - 1)
        ns, ew = deal.score().scores
        expected = (ns - ew) if view.seat % 2 == 0 else (ew - ns)
        assert sums[card] == 5 * expected


def test_the_hybrid_bot_plays_by_learned_playouts(tmp_path: Path) -> None:
    weights = tmp_path / "w.npy"
    np.save(weights, np.zeros((4, LP.NF)))
    script = BENCHMARKS / "strong_hybrid_bot.py"
    bot = f"cmd:{sys.executable} {script} --budget 20 --worlds 30 --learned-policy {weights},{weights} --learned-sample"
    rep = run_arena(bot, "basic", "rotterdam", 1, seed=4, progress=False)
    assert rep["deals"] == 1 and rep["timing"]["a"]["play"]["n"] == 32  # its cards of both games
    for bad, why in ((tmp_path / "none.npy", "cannot read"), (tmp_path / "short.npy", "weights of shape")):
        if bad.name == "short.npy":
            np.save(bad, np.zeros((3, LP.NF)))
        refused = subprocess.run([sys.executable, str(script), "--learned-policy", str(bad)], capture_output=True,
                                 text=True, stdin=subprocess.DEVNULL, timeout=120)
        assert refused.returncode == 2 and why in refused.stderr and "Traceback" not in refused.stderr
    refused = subprocess.run([sys.executable, str(script), "--learn-policies", "-1"], capture_output=True, text=True,
                             stdin=subprocess.DEVNULL, timeout=120)
    assert refused.returncode == 2 and "--learn-policies must be at least 0" in refused.stderr


def _basic_deals(rng: random.Random, n: int) -> list[tuple[View, list[tuple[int, int, np.ndarray, int]]]]:
    """Deals of basic in every seat up to their last trick: the view of the seat to lead it, and each card
    decision with a choice as it was made (seat, place in the trick, features of each legal card from the true
    hands, the played card's index among them)."""
    from klaverjas.bots.basic import BasicBot
    from klaverjas.core import card_name

    rules, bot, out = Rules.parse("rotterdam"), BasicBot(), []
    for _ in range(n):
        deal = Deal.new(rules, rng.randrange(4), rng)
        while (speaker := deal.selection.to_move) is not None:
            deal.choose_trump(bot.trump(View.of(deal, speaker)))
        made = []
        while len(deal.tricks) < 7:
            seat, legal = deal.turn, int(deal.legal())
            card = bot.card(View.of(deal, seat))
            if legal & (legal - 1):
                cards = [c for c in range(32) if legal >> c & 1]
                X = np.array([features(deal, card_name(c)) for c in cards])
                made.append((seat, len(deal.trick), X, cards.index(card)))
            deal.play(card)
        out.append((View.of(deal, deal.turn), made))
    return out


def test_a_deals_decisions_are_replayed_from_its_last_trick() -> None:
    # The seat leading the last trick knows its own hand for certain: its decisions come back exactly as made,
    # the others' once in each way the last cards can lie, weighed so each decision counts once.
    for view, made in _basic_deals(random.Random(8), 6):
        found = LP.deal_decisions(view)
        assert found is not None
        own = [(place, X, y, w) for seat, place, X, y, w in found if seat == view.seat]
        truth = [(place, X, y) for seat, place, X, y in made if seat == view.seat]
        assert len(own) == len(truth)
        for (place, X, y, w), (place2, X2, y2) in zip(own, truth, strict=True):
            assert (place, y, w) == (place2, y2, 1.0) and np.array_equal(X, X2)
        assert sum(w for *_, w in found) == pytest.approx(len(made), abs=3)
    assert LP.deal_decisions(View.of(Deal.new(Rules.parse("rotterdam"), 0, 1), 1)) is None  # not at the last trick


def test_policies_learned_over_a_match_pick_the_rules_of_thumb_card() -> None:
    rng = random.Random(1)
    learner = LP.OnlinePolicies(least=150)
    for view, _ in _basic_deals(rng, 25):
        assert learner.observe(view) and not learner.observe(view)  # a deal counts once
    assert learner.weights is not None and min(learner.count(0), learner.count(1)) >= 150
    hits, chance = [], []
    for view, made in _basic_deals(rng, 10):
        for seat, place, X, y in made:
            side = 0 if (seat & 1) == (view.seat & 1) else 1
            hits.append(int(np.argmax(X @ learner.weights[side, place]) == y))
            chance.append(1 / len(X))
    assert np.mean(hits) > 0.65 and np.mean(hits) > 1.8 * np.mean(chance)  # 81% against 33% by chance when written


def test_sides_marked_greedy_play_the_released_playouts() -> None:
    # With both sides on the greedy rules the learned kernel draws and plays exactly as the released flat_mc.
    from klaverjas.solver import playouts

    rng = random.Random(6)
    for _ in range(5):
        deal = Deal.new(Rules.parse("rotterdam"), rng.randrange(4), rng)
        deal.set_trump(rng.randrange(4), rng.randrange(4))
        for _ in range(rng.randrange(12)):
            deal.play(rng.choice([c for c in range(32) if deal.legal() >> c & 1]))
        view = View.of(deal, deal.turn)
        args = (playout_rules(view), playout_state(view), view.seat,
                np.array([view.may_hold(s) for s in range(4)], dtype=np.int64),
                np.array([view.hand_size(s) for s in range(4)], dtype=np.int64), int(view.legal), 50)
        playouts.seed(11)
        released = np.zeros(32)
        playouts.flat_mc(*args, playouts.HEURISTIC, 0.1, released)
        playouts.seed(11)
        learned = np.zeros(32)
        LP.learned_flat_mc(*args, np.zeros((2, 4, LP.NF)), 3, 0.1, False, learned)
        assert np.array_equal(released, learned) and released.any()
