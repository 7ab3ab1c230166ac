"""benchmarks/trump_duel.py: two ways of making trump decisions against each other on solved deals, checked
against the free selection played out seat by seat here and the contracts' results read from the data."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from klaverjas.bots import BasicBot, View
from klaverjas.bots.strong import StrongBot
from klaverjas.core import Deal, Rules
from klaverjas.core.trump import PASS

from .helpers import BENCHMARKS, load_benchmark

DUEL = load_benchmark("trump_duel")
ROTTERDAM = Rules.parse("rotterdam")
AMSTERDAM = Rules.parse("amsterdam")


def records(n: int, seed: int) -> list[dict[str, object]]:
    """Deals in tools/bidding_data.py's form with made-up results (the duel reads them, it does not check them)."""
    rng = random.Random(seed)
    out: list[dict[str, object]] = []
    for _ in range(n):
        deal = Deal.new(ROTTERDAM, rng.randrange(4), seed=rng.randrange(1 << 30))
        out.append({"rules": "rotterdam", "hands": list(deal.hands), "leader": deal.leader, "step": 1,
                    "points_ns": [rng.randrange(-150, 151, 2) for _ in range(4)],
                    "playouts_ns": [[rng.uniform(-200, 200), rng.uniform(-200, 200)] for _ in range(4)]})
    return out


def reached(d: dict[str, object], deciders: list[object]) -> tuple[int, int]:
    """Free selection seat by seat from the first lead seat: the first suit named, else the first lead seat's
    forced choice after four passes."""
    hands = d["hands"]
    assert isinstance(hands, list)
    leader = d["leader"]
    assert isinstance(leader, int)
    deal = Deal(ROTTERDAM, (leader - 1) % 4, hands)
    for place in range(4):
        seat = (leader + place) % 4
        action = deciders[seat].trump(View.of(deal, seat))  # type: ignore[attr-defined]
        if action != PASS:
            return action.suit, seat % 2
        deal.choose_trump(PASS)
    forced = deciders[leader].trump(View.of(deal, leader))  # type: ignore[attr-defined]
    return forced.suit, leader % 2


def ns_result(d: dict[str, object], trump: int, makers: int, way: str) -> float:
    if way == "playouts":
        return d["playouts_ns"][trump][makers]  # type: ignore[index, no-any-return]
    ns = d["points_ns"][trump]  # type: ignore[index]
    makers_margin = ns if makers == 0 else -ns
    if makers_margin > 0:
        return float(ns)
    return -162.0 if makers == 0 else 162.0


def test_the_model_against_the_rules_of_thumb_game_by_game() -> None:
    deals = records(24, 1)
    strong, basic = StrongBot(), BasicBot()
    results = {d.way: d for d in DUEL.duel(deals, DUEL.policy("model"), DUEL.policy("basic"))}
    assert set(results) == {"double-dummy", "playouts"}
    changed = 0
    for i, d in enumerate(deals):
        first = reached(d, [strong, basic, strong, basic])
        second = reached(d, [basic, strong, basic, strong])
        changed += first != second
        for way, duel in results.items():
            expected = (ns_result(d, *first, way) - ns_result(d, *second, way)) / 2
            assert duel.diffs[i] == pytest.approx(expected)
    assert all(duel.changed == changed for duel in results.values())
    assert changed > 0


def test_a_policy_against_itself_is_even_and_pass_values_change_the_contracts() -> None:
    deals = records(12, 2)
    for duel in DUEL.duel(deals, DUEL.policy("model"), DUEL.policy("model")):
        assert duel.diffs == [0.0] * len(deals) and duel.changed == 0
    # Nothing beats a pass value of 1000: every seat passes and the first lead seat must name its best suit.
    never = DUEL.policy("model@1000,1000,1000,1000")
    strong = StrongBot()
    for d in deals:
        leader = d["leader"]
        assert isinstance(leader, int)
        deal = Deal(ROTTERDAM, (leader - 1) % 4, d["hands"])  # type: ignore[arg-type]
        for _ in range(4):
            deal.choose_trump(PASS)
        forced = strong.trump(View.of(deal, leader))
        assert DUEL.contract(d, ROTTERDAM, [never] * 4) == (forced.suit, leader % 2)


def test_data_without_playouts_is_valued_double_dummy_only() -> None:
    deals = records(4, 3)
    for d in deals:
        del d["playouts_ns"]
    assert [duel.way for duel in DUEL.duel(deals, DUEL.policy("model"), DUEL.policy("basic"))] == ["double-dummy"]


@pytest.mark.parametrize(("args", "says"), [
    (["--a", "strongest"], "unknown policy 'strongest'"),
    (["--a", "model@10,20"], "give 4 pass values after @"),
    (["--b", "model:missing.json"], "cannot read the model 'missing.json'"),
])
def test_bad_policies_are_refused_with_exit_2(tmp_path: Path, args: list[str], says: str) -> None:
    data = tmp_path / "deals.jsonl"
    data.write_text("".join(json.dumps(d) + "\n" for d in records(2, 4)))
    run = subprocess.run([sys.executable, str(BENCHMARKS / "trump_duel.py"), str(data), *args],
                         capture_output=True, text=True, check=False, cwd=tmp_path)
    assert run.returncode == 2 and says in run.stderr and "Traceback" not in run.stderr


def test_bad_data_is_refused_with_exit_2(tmp_path: Path) -> None:
    amsterdam = records(1, 5)[0] | {"rules": "amsterdam"}
    south_african = records(1, 5)[0] | {"rules": "sa", "proposed": 0}
    for name, text, says in [("missing.jsonl", None, "cannot read"), ("empty.jsonl", "", "no deals"),
                             ("broken.jsonl", "{not json\n", "not a line of tools/bidding_data.py"),
                             ("proposed.jsonl", json.dumps(amsterdam) + "\n", "needs the suit proposed"),
                             ("sa.jsonl", json.dumps(south_african) + "\n", "nobody chooses trump")]:
        path = tmp_path / name
        if text is not None:
            path.write_text(text)
        run = subprocess.run([sys.executable, str(BENCHMARKS / "trump_duel.py"), str(path)],
                             capture_output=True, text=True, check=False)
        assert run.returncode == 2 and says in run.stderr and "Traceback" not in run.stderr, (name, run.stderr)


def test_the_duel_prints_both_ways(tmp_path: Path) -> None:
    data = tmp_path / "deals.jsonl"
    data.write_text("".join(json.dumps(d) + "\n" for d in records(6, 6)))
    run = subprocess.run([sys.executable, str(BENCHMARKS / "trump_duel.py"), str(data), "--a", "model@20,20,20,20"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("double-dummy: model@20,20,20,20 minus basic ")
    assert lines[1].startswith("playouts: model@20,20,20,20 minus basic ") and "6 deals" in lines[1]


def test_amsterdam_deals_are_played_with_the_suit_proposed() -> None:
    # The proposed suit is played or passed seat by seat from the first lead seat; after four passes the first
    # lead seat must name another suit.
    rng = random.Random(7)
    deals = []
    for _ in range(16):
        deal = Deal.new(AMSTERDAM, rng.randrange(4), seed=rng.randrange(1 << 30))
        assert deal.selection.proposed is not None
        deals.append({"rules": "amsterdam", "hands": list(deal.hands), "leader": deal.leader, "step": 1,
                      "points_ns": [rng.randrange(-150, 151, 2) for _ in range(4)],
                      "proposed": deal.selection.proposed})
    strong, basic = StrongBot(), BasicBot()
    never = DUEL.policy("model@1000,1000,1000,1000")
    for d in deals:
        leader, proposed = d["leader"], d["proposed"]
        assert isinstance(leader, int) and isinstance(proposed, int)
        deal = Deal(AMSTERDAM, (leader - 1) % 4, d["hands"], proposed)  # type: ignore[arg-type]
        expected: tuple[int, int] | None = None
        for place in range(4):
            seat = (leader + place) % 4
            if (strong if seat % 2 == 0 else basic).trump(View.of(deal, seat)) != PASS:
                expected = (proposed, seat % 2)
                break
            deal.choose_trump(PASS)
        if expected is None:
            forced = (strong if leader % 2 == 0 else basic).trump(View.of(deal, leader))
            assert forced.suit is not None and forced.suit != proposed
            expected = (forced.suit, leader % 2)
        assert DUEL.contract(d, AMSTERDAM, [DUEL.policy("model"), basic] * 2) == expected
        # Nobody plays the suit on offer: the first lead seat names another, its best by the model.
        trump, makers = DUEL.contract(d, AMSTERDAM, [never] * 4)
        assert trump != proposed and makers == leader % 2
    assert [duel.way for duel in DUEL.duel(deals, DUEL.policy("model"), DUEL.policy("model"))] == ["double-dummy"]


def test_two_policies_facing_a_third_are_compared_deal_by_deal(tmp_path: Path) -> None:
    deals = records(8, 7)
    data = tmp_path / "deals.jsonl"
    data.write_text("".join(json.dumps(d) + "\n" for d in deals))
    run = subprocess.run([sys.executable, str(BENCHMARKS / "trump_duel.py"), str(data), "--a", "model@20,20,20,20",
                          "--b", "model", "--facing", "basic"], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    low = DUEL.duel(deals, DUEL.policy("model@20,20,20,20"), DUEL.policy("basic"))
    released = DUEL.duel(deals, DUEL.policy("model"), DUEL.policy("basic"))
    for line, x, y in zip(run.stdout.splitlines(), low, released, strict=True):
        paired = [p - q for p, q in zip(x.diffs, y.diffs, strict=True)]
        assert line.startswith(f"{x.way}: model@20,20,20,20 minus model, each facing basic: ")
        assert f"{sum(paired) / len(paired):+.1f} (95%" in line and "8 deals" in line
        assert f"over it {sum(x.diffs) / 8:+.1f} and {sum(y.diffs) / 8:+.1f}" in line
    same = subprocess.run([sys.executable, str(BENCHMARKS / "trump_duel.py"), str(data), "--a", "model", "--b", "model",
                           "--facing", "basic"], capture_output=True, text=True, check=False)
    assert same.returncode == 0 and all(": +0.0 (95% +0.0 .. +0.0)" in line for line in same.stdout.splitlines())
    bad = subprocess.run([sys.executable, str(BENCHMARKS / "trump_duel.py"), str(data), "--facing", "strongest"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "unknown policy 'strongest'" in bad.stderr and "Traceback" not in bad.stderr
