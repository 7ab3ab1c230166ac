"""The strong level's trump decisions: the fitted estimate, its use in every selection mode, its words."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from klaverjas.bots import BasicBot, View
from klaverjas.bots.basic import trump_options
from klaverjas.bots.bidding import FEATURES, features, model, place_of
from klaverjas.bots.strong import StrongBot
from klaverjas.core import Deal, Rules, TrumpAction, parse_hand
from klaverjas.core.seats import step_of
from klaverjas.core.trump import PASS, PLAY

from .helpers import RULE_SETS, walk

ROOT = Path(__file__).resolve().parents[2]
DEAL = ("JH 9H AH TH KH AS AC 7D", "7H 8H 7C 8C 8D 9D 7S 9S", "QH TC KC QC JC 9C KD QD", "TD JD AD 8S TS JS QS KS")


def test_features_describe_the_hand_for_the_suit_and_the_place() -> None:
    hand = parse_hand("JH 9H AH 7H AS TS TC 8D")
    f = dict(zip(FEATURES, features(hand, 2, 1), strict=True))
    assert len(f) == len(FEATURES)
    assert (f["trump_J"], f["trump_9"], f["trump_A"], f["trump_T"], f["trump_7"]) == (1, 1, 1, 0, 1)
    assert (f["trumps_ge4"], f["trumps_ge5"], f["jack_and_nel"]) == (1, 0, 1)
    assert (f["side_aces"], f["side_tens_with_ace"], f["side_tens_bare"], f["singletons"]) == (1, 1, 1, 2)
    assert (f["seat0"], f["seat1"], f["leads_x_trumps"]) == (0, 1, 0)
    assert features(hand, 2, 0)[FEATURES.index("leads_x_trumps")] == 4
    # Places count from the first lead seat in the direction of play: clockwise N E S W, anticlockwise N W S E.
    assert [place_of(seat, 1, 1) for seat in range(4)] == [3, 0, 1, 2]
    assert [place_of(seat, 1, 3) for seat in range(4)] == [1, 0, 3, 2]


def test_the_model_ranks_strong_trumps_above_weak_ones() -> None:
    m = model()
    assert m.values == "dutch" and m.deals >= 1000 and len(m.coef) == len(FEATURES)
    strong = parse_hand("JH 9H AH TH KH AS AC 7D")
    weak = parse_hand("7H 8H 7C 8C 7D 8D 7S 9S")
    for place in range(4):
        assert m.estimate(strong, 2, place) > 60 > m.threshold[place] > m.estimate(weak, 2, place)
        # The same cards are worth less with another suit as trump.
        assert m.estimate(strong, 0, place) < m.estimate(strong, 2, place)


def test_every_trump_decision_follows_the_estimate_and_says_so() -> None:
    m = model()
    bot = StrongBot()
    seen: set[str] = set()
    for rules in RULE_SETS:
        for seed in range(6):
            for _, view in walk(rules, seed):
                if view.phase != "trump":
                    continue
                options = bot.advise(view)
                assert {o.action for o in options} == set(view.options)
                assert options[0].action == bot.trump(view)
                if view.rules.values != m.values:
                    assert options == trump_options(view)
                    continue
                place = place_of(view.seat, view.leader, step_of(view.rules.direction))
                basic = {o.action: o.why for o in trump_options(view)}
                for o in options:
                    action = o.action
                    assert isinstance(action, TrumpAction)
                    en, nl = o.why["en"], o.why["nl"]
                    assert en.endswith("Rule of thumb: " + basic[action]["en"])
                    assert nl.endswith("Vuistregel: " + basic[action]["nl"])
                    # Where a suit is on offer, taking it is what a pass is weighed against.
                    offered = view.proposed if PLAY in view.options else None
                    pass_value = m.pass_value(view.hand, place, view.rules.trump_selection, offered=offered)
                    if action == PASS:
                        assert o.score == pass_value
                        seen.add("pass")
                        continue
                    suit = view.proposed if action == PLAY else action.suit
                    assert suit is not None
                    est = m.estimate(view.hand, suit, place)
                    assert o.score == est
                    told = re.search(r"finish (level with|(\d+) points (ahead of|behind))", en)
                    assert told is not None, en
                    figure = 0 if told.group(1) == "level with" else int(told.group(2))
                    assert figure == abs(round(est)) and (figure == 0 or (told.group(3) == "behind") == (est < 0))
                    if PASS in view.options:
                        good = est > pass_value
                        assert en.startswith(("Play", "Choose")) == good, en
                        seen.add("play" if good else "weak")
                    else:
                        assert en.startswith("Choose") and "must name a suit" in en
                        seen.add("forced")
    assert seen == {"pass", "play", "weak", "forced"}


def test_trump_decisions_differ_from_the_basic_rules_where_the_estimate_says_so() -> None:
    bot, basic = StrongBot(), BasicBot()
    differ = 0
    for seed in range(40):
        for _, view in walk("rotterdam", seed):
            if view.phase == "trump" and bot.trump(view) != basic.trump(view):
                differ += 1
    assert differ >= 3


def test_the_fitter_writes_a_model_for_the_shared_features(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    lines = []
    for i in range(8):
        hands = [parse_hand(h) for h in DEAL]
        lines.append(json.dumps({"rules": "rotterdam", "hands": hands, "leader": i % 4, "step": 1,
                                 "points_ns": [10, -40, 120 + i, 0]}))
    data.write_text("\n".join(lines) + "\n")
    out = tmp_path / "m.json"
    run = subprocess.run([sys.executable, str(ROOT / "tools/fit_bidding.py"), str(data), "--out", str(out),
                          "--threshold", "5", "6", "7", "8"], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    fitted = json.loads(out.read_text())
    assert fitted["features"] == list(FEATURES) and fitted["deals"] == 8 and fitted["threshold"] == [5, 6, 7, 8]
    assert fitted["values"] == "dutch" and len(fitted["coef"]) == len(FEATURES)


def test_the_data_may_hold_the_guessing_players_results_and_the_fitter_blends_them_in(tmp_path: Path) -> None:
    # tools/bidding_data.py --playouts: per suit and makers' team the greedy playouts' result beside the
    # double-dummy one; tools/fit_bidding.py --playout-weight W takes W of it into every row's target.
    data = tmp_path / "d.jsonl"
    run = subprocess.run([sys.executable, str(ROOT / "tools/bidding_data.py"), "--deals", "2", "--playouts", "20",
                          "--out", str(data)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in data.read_text().splitlines()]
    assert len(lines) == 2
    for line in lines:
        guessed = line["playouts_ns"]
        assert len(guessed) == 4 and all(len(pair) == 2 for pair in guessed)
        # NS making trump can only do worse for NS than EW making it: the makers' nat is theirs to lose.
        assert all(ns_makers <= ew_makers for ns_makers, ew_makers in guessed)
    spec = importlib.util.spec_from_file_location("fit_bidding", ROOT / "tools/fit_bidding.py")
    assert spec is not None and spec.loader is not None
    fitter = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fitter)
    dd = fitter.rows([data])[2]
    blended, dd_beside = fitter.rows([data], 0.25)[2:4]
    assert list(dd_beside) == list(dd)  # the double-dummy targets, given beside the blend
    first = lines[0]
    for seat in range(4):
        for suit in range(4):
            sign = 1 if seat % 2 == 0 else -1
            guessed = first["playouts_ns"][suit][seat % 2] * sign
            row = seat * 4 + suit
            assert blended[row] == pytest.approx(0.75 * dd[row] + 0.25 * guessed)


def test_the_data_holds_the_suit_proposed_where_the_rules_propose_one(tmp_path: Path) -> None:
    # benchmarks/trump_duel.py plays Amsterdam's selection from it: the suit Deal.new proposed for that deal.
    rows = {}
    for rules in ("amsterdam", "rotterdam"):
        data = tmp_path / f"{rules}.jsonl"
        run = subprocess.run([sys.executable, str(ROOT / "tools/bidding_data.py"), "--deals", "3", "--rules", rules,
                              "--seed", "5", "--out", str(data)], capture_output=True, text=True, check=False)
        assert run.returncode == 0, run.stderr
        rows[rules] = [json.loads(line) for line in data.read_text().splitlines()]
    amsterdam = Rules.parse("amsterdam")
    for i, row in enumerate(rows["amsterdam"]):
        rng = random.Random(5 * 1_000_003 + i)  # the tool's deal i of seed 5
        deal = Deal.new(amsterdam, rng.randrange(4), seed=rng.randrange(1 << 30))
        assert row["hands"] == list(deal.hands) and row["proposed"] == deal.selection.proposed
    assert all("proposed" not in row for row in rows["rotterdam"])


@pytest.mark.parametrize("mode", ["proposed", "free", "utrecht", "turned"])
def test_a_strong_hand_takes_its_suit_in_every_mode(mode: str) -> None:

    hands = [parse_hand(h) for h in DEAL]
    deal = Deal(Rules.parse(f"rotterdam(trump_selection={mode})"), 3, hands, proposed=2)
    first = StrongBot().trump(View.of(deal, 0))
    assert first in (PLAY, TrumpAction("choose", 2))
