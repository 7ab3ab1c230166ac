"""The pass model: what a pass is worth to a hand (klaverjas.bots.bidding), and tools/fit_pass.py, which fits it on
the free selection played out seat by seat here."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

from klaverjas.bots.bidding import PASS_FEATURES, PassModel, model, parse_model, pass_features
from klaverjas.core import Deal, Rules, parse_hand

ROOT = Path(__file__).resolve().parents[2]
HAND = parse_hand("JH 9H AH TH KH AS AC 7D")


def fitter() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fit_pass", ROOT / "tools/fit_pass.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def records(n: int, seed: int, rules: str = "rotterdam") -> list[dict[str, object]]:
    """Deals in tools/bidding_data.py's form with made-up results (the fitter reads them, it does not check them)."""
    rng = random.Random(seed)
    out: list[dict[str, object]] = []
    for _ in range(n):
        deal = Deal.new(Rules.parse(rules), rng.randrange(4), seed=rng.randrange(1 << 30))
        d: dict[str, object] = {"rules": rules, "hands": list(deal.hands), "leader": deal.leader, "step": 1,
                                "points_ns": [rng.randrange(-150, 151, 2) for _ in range(4)],
                                "playouts_ns": [[rng.uniform(-200, 200), rng.uniform(-200, 200)] for _ in range(4)]}
        if deal.selection.proposed is not None:
            d["proposed"] = deal.selection.proposed
        out.append(d)
    return out


def test_the_pass_features_count_the_hand_by_rank_and_shape() -> None:
    # JH 9H AH TH KH AS AC 7D: one seven, no eight, a nine, a ten, a jack, no queen, a king, three aces;
    # hearts five long, no void.
    assert PASS_FEATURES[4:12] == ("sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces")
    assert pass_features(HAND, [30.0, 120.0, -50.0, 10.0]) == [1.0, 1.2, 0.3, 0.1, 1, 0, 1, 1, 1, 0, 1, 3, 0, 5]
    assert pass_features(parse_hand("7H 8H 9H TH JH QH KH AH"), [0.0] * 4)[-2:] == [3.0, 8.0]


def test_a_pass_is_worth_the_threshold_unless_a_pass_model_was_fitted_for_the_selection() -> None:
    plain = replace(model(), passing=None)
    coef = tuple(tuple(float(i + place) / 10 for i in range(len(PASS_FEATURES))) for place in range(4))
    fitted = replace(plain, passing=PassModel("free", coef))
    for place in range(4):
        assert plain.pass_value(HAND, place, "free") == plain.threshold[place]
        assert fitted.pass_value(HAND, place, "proposed") == plain.threshold[place]
        estimates = [plain.estimate(HAND, s, place) for s in range(4)]
        advantage = sum(c * x for c, x in zip(coef[place], pass_features(HAND, estimates), strict=True))
        assert fitted.pass_value(HAND, place, "free") == pytest.approx(max(estimates) - advantage)


def test_a_model_file_with_a_pass_part_is_read_and_other_features_are_refused() -> None:
    text = (ROOT / "src/klaverjas/bots/bidding_model.json").read_text()
    data = json.loads(text)
    coef = [[0.5] * len(PASS_FEATURES) for _ in range(4)]
    data["pass"] = {"selection": "free", "features": list(PASS_FEATURES), "coef": coef}
    read = parse_model(json.dumps(data))
    assert read.passing == PassModel("free", tuple(tuple(c) for c in coef))
    data["pass"]["features"] = ["bias", "best"]
    with pytest.raises(ValueError, match="pass model was fitted for other features"):
        parse_model(json.dumps(data))


def team_result(d: dict[str, object], trump: int, makers: int, seat: int, weight: float) -> float:
    """The contract's result for ``seat``'s team, ``weight`` of the playouts' and the rest double-dummy."""
    ns_points = d["points_ns"][trump]  # type: ignore[index]
    margin = ns_points if makers == 0 else -ns_points
    dd = float(ns_points) if margin > 0 else (-162.0 if makers == 0 else 162.0)
    ns = (1 - weight) * dd + weight * float(d["playouts_ns"][trump][makers])  # type: ignore[index]
    return ns if seat % 2 == 0 else -ns


def test_the_fitted_targets_are_taking_less_passing_in_the_free_selection_played_here() -> None:
    # Seat by seat from the first lead seat each takes its best suit when the estimate beats its place's threshold;
    # after four passes the first lead seat names its best suit.  A row: every seat before passed, and the seat's
    # team's result when it takes less the result when it passes and the others go on deciding so.
    deals = records(30, 1)
    mdl = replace(model(), passing=None)
    weight = 0.25

    def best(hand: int, place: int) -> tuple[int, float]:
        est = [mdl.estimate(hand, s, place) for s in range(4)]
        return max(range(4), key=lambda s: est[s]), max(est)

    expected: list[list[float]] = [[], [], [], []]
    for d in deals:
        hands, leader = d["hands"], d["leader"]
        assert isinstance(hands, list) and isinstance(leader, int)

        def contract(passer: int | None, hands: list[int] = hands, leader: int = leader) -> tuple[int, int]:
            for place in range(4):
                seat = (leader + place) % 4
                suit, value = best(hands[seat], place)
                if seat != passer and value > mdl.threshold[place]:
                    return suit, seat % 2
            return best(hands[leader], 0)[0], leader % 2

        for place in range(4):
            seat = (leader + place) % 4
            suit, _ = best(hands[seat], place)
            take = team_result(d, suit, seat % 2, seat, weight)
            expected[place].append(take - team_result(d, *contract(seat), seat, weight))
            if best(hands[seat], place)[1] > mdl.threshold[place]:
                break  # this seat takes: the seats after it face no choice
    got = fitter().rows(deals, mdl, weight)
    for place in range(4):
        assert got[place][1] == pytest.approx(expected[place])
        assert len(got[place][0]) == len(expected[place])
    assert len(expected[3]) > 0


def test_the_fitter_writes_the_pass_part_and_refuses_what_it_cannot_fit(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(d) + "\n" for d in records(300, 2)))
    out = tmp_path / "m.json"
    tool = [sys.executable, str(ROOT / "tools/fit_pass.py")]
    run = subprocess.run([*tool, str(data), "--weight", "0.5", "--out", str(out)], capture_output=True, text=True,
                         check=False)
    assert run.returncode == 0, run.stderr
    written = json.loads(out.read_text())
    assert written["pass"]["features"] == list(PASS_FEATURES) and written["pass"]["selection"] == "free"
    assert len(written["pass"]["coef"]) == 4 and all(len(c) == len(PASS_FEATURES) for c in written["pass"]["coef"])
    assert written["coef"] == json.loads((ROOT / "src/klaverjas/bots/bidding_model.json").read_text())["coef"]
    assert parse_model(out.read_text()).passing is not None
    no_playouts = tmp_path / "dd.jsonl"
    no_playouts.write_text("".join(json.dumps({k: v for k, v in d.items() if k != "playouts_ns"}) + "\n"
                                   for d in records(3, 3)))
    amsterdam = tmp_path / "a.jsonl"
    amsterdam.write_text("".join(json.dumps(d) + "\n" for d in records(3, 4, "amsterdam")))
    for args, says in [([str(data), "--weight", "2"], "--weight must be between 0 and 1"),
                       ([str(no_playouts)], "needs the playouts' results"),
                       ([str(amsterdam)], "free trump selection"),
                       ([str(tmp_path / "missing.jsonl")], "cannot read"),
                       ([str(no_playouts), "--weight", "0"], "too few choices")]:
        run = subprocess.run([*tool, *args, "--out", str(tmp_path / "x.json")], capture_output=True, text=True,
                             check=False)
        assert run.returncode == 2 and says in run.stderr and "Traceback" not in run.stderr, (args, run.stderr)
