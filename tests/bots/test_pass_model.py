"""The pass model: what a pass is worth to a hand (klaverjas.bots.bidding), and tools/fit_pass.py, which fits it on
each way of choosing trump played out seat by seat here (free, a proposed suit, bidding with the dealer forced)."""

from __future__ import annotations

import importlib.util
import json
import math
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

from klaverjas.bots import sampling
from klaverjas.bots.basic import BasicBot
from klaverjas.bots.bidding import PASS_FEATURES, PassModel, model, parse_model, pass_features
from klaverjas.bots.sampling import MODEL_BID_SCALE, bid_likelihoods
from klaverjas.bots.strong import estimate_options
from klaverjas.bots.view import View
from klaverjas.core import PASS, Deal, Rules, TrumpAction, parse_hand
from klaverjas.core.seats import step_of

ROOT = Path(__file__).resolve().parents[2]
HAND = parse_hand("JH 9H AH TH KH AS AC 7D")


def hands_of_deal(deal: Deal) -> tuple[int, int, int, int]:
    return deal.hands[0], deal.hands[1], deal.hands[2], deal.hands[3]


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
    parsed = Rules.parse(rules)
    for _ in range(n):
        deal = Deal.new(parsed, rng.randrange(4), seed=rng.randrange(1 << 30))
        d: dict[str, object] = {"rules": rules, "hands": list(deal.hands), "leader": deal.leader,
                                "step": step_of(parsed.direction),
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
    # A suit on offer is the one taking means; the two best of the others follow it.
    assert pass_features(HAND, [30.0, 120.0, -50.0, 10.0], offered=2)[:4] == [1.0, -0.5, 1.2, 0.3]
    assert pass_features(parse_hand("7H 8H 9H TH JH QH KH AH"), [0.0] * 4)[-2:] == [3.0, 8.0]


def test_a_pass_is_worth_the_threshold_unless_a_pass_model_was_fitted_for_the_selection_and_place() -> None:
    plain = replace(model(), passing=())
    coef = tuple(tuple(float(i + place) / 10 for i in range(len(PASS_FEATURES))) for place in range(4))
    bid = (coef[0], coef[1], coef[2], None)  # the dealer never may pass in the bidding
    fitted = replace(plain, passing=(PassModel("free", coef), PassModel("bid", bid)))
    for place in range(4):
        assert plain.pass_value(HAND, place, "free") == plain.threshold[place]
        assert fitted.pass_value(HAND, place, "proposed", offered=1) == plain.threshold[place]
        estimates = [plain.estimate(HAND, s, place) for s in range(4)]
        advantage = sum(c * x for c, x in zip(coef[place], pass_features(HAND, estimates), strict=True))
        assert fitted.pass_value(HAND, place, "free") == pytest.approx(max(estimates) - advantage)
        on_offer = sum(c * x for c, x in zip(coef[place], pass_features(HAND, estimates, 3), strict=True))
        assert fitted.pass_value(HAND, place, "free", offered=3) == pytest.approx(estimates[3] - on_offer)
        expected = plain.threshold[place] if place == 3 else max(estimates) - advantage
        assert fitted.pass_value(HAND, place, "bid") == pytest.approx(expected)
    with pytest.raises(ValueError, match="never may pass"):
        fitted.passing[1].advantage(HAND, 3, [0.0] * 4)


def test_a_model_file_with_pass_parts_is_read_and_other_features_or_forms_are_refused() -> None:
    text = (ROOT / "src/klaverjas/bots/bidding_model.json").read_text()
    data = json.loads(text)
    coef: list[list[float] | None] = [[0.5] * len(PASS_FEATURES) for _ in range(4)]
    data["pass"] = [{"selection": "free", "features": list(PASS_FEATURES), "coef": coef},
                    {"selection": "bid", "features": list(PASS_FEATURES), "coef": [*coef[:3], None]}]
    read = parse_model(json.dumps(data))
    row = tuple([0.5] * len(PASS_FEATURES))
    assert read.passing == (PassModel("free", (row,) * 4), PassModel("bid", (row, row, row, None)))
    data["pass"][1]["features"] = ["bias", "best"]
    with pytest.raises(ValueError, match="pass model was fitted for other features"):
        parse_model(json.dumps(data))
    data["pass"] = data["pass"][0]  # one selection's part on its own, the form before there were several
    with pytest.raises(ValueError, match="older form"):
        parse_model(json.dumps(data))


def test_the_released_model_has_a_pass_model_for_each_selection_with_choices() -> None:
    fitted = {p.selection: p for p in model().passing}
    assert set(fitted) == {"free", "proposed", "bid"}
    assert all(c is not None for c in fitted["free"].coef) and all(c is not None for c in fitted["proposed"].coef)
    assert fitted["bid"].coef[3] is None and all(c is not None for c in fitted["bid"].coef[:3])


def team_result(d: dict[str, object], trump: int, makers: int, seat: int, weight: float) -> float:
    """The contract's result for ``seat``'s team, ``weight`` of the playouts' and the rest double-dummy."""
    ns_points = d["points_ns"][trump]  # type: ignore[index]
    margin = ns_points if makers == 0 else -ns_points
    dd = float(ns_points) if margin > 0 else (-162.0 if makers == 0 else 162.0)
    ns = (1 - weight) * dd + weight * float(d["playouts_ns"][trump][makers])  # type: ignore[index]
    return ns if seat % 2 == 0 else -ns


@pytest.mark.parametrize(("rules", "selection"), [("rotterdam", "free"), ("amsterdam", "proposed"),
                                                   ("strict", "bid")])
def test_the_fitted_targets_are_taking_less_passing_in_each_selection_played_here(rules: str, selection: str) -> None:
    # Seat by seat in the direction of play from the first lead seat each takes a suit when its estimate beats
    # its place's threshold: its best suit, or in the proposed selection the suit on offer.  When every seat
    # that may pass has passed, one must name a suit: in the free selection the first lead seat its best, in the
    # proposed one the first lead seat its best of the other three, in the bidding the dealer (the fourth place)
    # its best.  A row: every seat before passed, and the seat's team's result when it takes less the result
    # when it passes and the others go on deciding so.
    assert Rules.parse(rules).trump_selection == selection
    deals = records(40, 1, rules)
    mdl = replace(model(), passing=())
    weight = 0.25
    free_places = 3 if selection == "bid" else 4

    def estimates(hand: int, place: int) -> list[float]:
        return [mdl.estimate(hand, s, place) for s in range(4)]

    expected: list[list[float]] = [[], [], [], []]
    for d in deals:
        hands, leader, step, offered = d["hands"], d["leader"], d["step"], d.get("proposed")
        assert isinstance(hands, list) and isinstance(leader, int) and isinstance(step, int)
        seats = [(leader + step * place) % 4 for place in range(4)]

        def choice(place: int, hands: list[int] = hands, seats: list[int] = seats,
                   offered: object = offered) -> tuple[int, float]:
            est = estimates(hands[seats[place]], place)
            suit = offered if isinstance(offered, int) else max(range(4), key=lambda s: est[s])
            return suit, est[suit]

        def forced(hands: list[int] = hands, seats: list[int] = seats, offered: object = offered) -> tuple[int, int]:
            place = 3 if selection == "bid" else 0
            est = estimates(hands[seats[place]], place)
            return max((s for s in range(4) if s != offered), key=lambda s: est[s]), seats[place] % 2

        def contract(passer: int, seats: list[int] = seats) -> tuple[int, int]:
            for place in range(free_places):
                suit, value = choice(place)
                if seats[place] != passer and value > mdl.threshold[place]:
                    return suit, seats[place] % 2
            return forced()

        for place in range(free_places):
            seat = seats[place]
            suit, value = choice(place)
            take = team_result(d, suit, seat % 2, seat, weight)
            expected[place].append(take - team_result(d, *contract(seat), seat, weight))
            if value > mdl.threshold[place]:
                break  # this seat takes: the seats after it face no choice
    got = fitter().rows(deals, mdl, weight)
    for place in range(4):
        assert got[place][1] == pytest.approx(expected[place])
        assert len(got[place][0]) == len(expected[place])
    assert len(expected[free_places - 1]) > 0
    assert (len(expected[3]) > 0) == (selection != "bid")


def test_the_rows_against_opponents_who_bid_by_the_rules_of_thumb() -> None:
    # Rotterdam's free selection played out here: the row's team takes its best suit when the estimate beats the
    # place's threshold (at the first lead seat after four passes it must), the other team decides as BasicBot
    # does; a row for every choice a seat of the row's team faces, both teams in turn.
    deals = records(40, 7)
    mdl = replace(model(), passing=())
    weight = 0.4
    basic = BasicBot()

    def decide(deal: Deal, team: int, passer: int | None) -> TrumpAction:
        seat = deal.selection.to_move
        assert seat is not None
        view = View.of(deal, seat)
        if seat == passer and PASS in view.options:
            return PASS
        if seat % 2 != team:
            return basic.trump(view)
        place = len(deal.selection.events)
        est = [mdl.estimate(deal.hands[seat], s, place % 4) for s in range(4)]
        best = max(range(4), key=lambda s: est[s])
        if PASS in view.options and est[best] <= mdl.threshold[place % 4]:
            return PASS
        return next(a for a in view.options if a.suit == best)

    def fresh(d: dict[str, object]) -> Deal:
        hands, leader, step = d["hands"], d["leader"], d["step"]
        assert isinstance(hands, list) and isinstance(leader, int) and isinstance(step, int)
        return Deal(Rules.parse("rotterdam"), (leader - step) % 4, hands)

    def contract(d: dict[str, object], team: int, passer: int) -> tuple[int, int]:
        deal = fresh(d)
        while not deal.selection.done:
            deal.choose_trump(decide(deal, team, passer))
        assert deal.makers is not None
        return deal.trump, deal.makers

    expected: list[list[float]] = [[], [], [], []]
    for d in deals:
        for team in (0, 1):
            deal = fresh(d)
            while not deal.selection.done:
                seat = deal.selection.to_move
                assert seat is not None
                place = len(deal.selection.events)
                if seat % 2 == team and place < 4:
                    est = [mdl.estimate(deal.hands[seat], s, place) for s in range(4)]
                    take = team_result(d, max(range(4), key=lambda s: est[s]), seat % 2, seat, weight)
                    expected[place].append(take - team_result(d, *contract(d, team, seat), seat, weight))
                action = decide(deal, team, None)
                deal.choose_trump(action)
                if action != PASS:
                    break
    tool = fitter()
    got = tool.rows(deals, mdl, weight, "basic")
    for place in range(4):
        assert got[place][1] == pytest.approx(expected[place])
    assert sum(map(len, expected)) > 60
    # The mixture: a row of each kind of opponent, no more.
    by_model, mixed = tool.rows(deals, mdl, weight), tool.rows(deals, mdl, weight, "mix")
    for place in range(4):
        assert sorted(mixed[place][1]) == pytest.approx(sorted(by_model[place][1] + got[place][1]))
    assert any(sorted(got[p][1]) != pytest.approx(sorted(by_model[p][1])) for p in range(4))


def test_the_fitter_writes_the_pass_part_and_refuses_what_it_cannot_fit(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(d) + "\n" for d in records(300, 2)))
    out = tmp_path / "m.json"
    tool = [sys.executable, str(ROOT / "tools/fit_pass.py")]
    run = subprocess.run([*tool, str(data), "--weight", "0.5", "--out", str(out)], capture_output=True, text=True,
                         check=False)
    assert run.returncode == 0, run.stderr
    written = json.loads(out.read_text())
    released = json.loads((ROOT / "src/klaverjas/bots/bidding_model.json").read_text())
    # The free part is replaced; the parts of the other selections are kept as they were.
    assert [p["selection"] for p in written["pass"]] == [*(p["selection"] for p in released["pass"]
                                                          if p["selection"] != "free"), "free"]
    free = written["pass"][-1]
    assert free["features"] == list(PASS_FEATURES) and free["deals"] == 300
    assert len(free["coef"]) == 4 and all(len(c) == len(PASS_FEATURES) for c in free["coef"])
    assert free["coef"] != next(p for p in released["pass"] if p["selection"] == "free")["coef"]
    assert written["coef"] == released["coef"]
    assert [p for p in written["pass"] if p["selection"] != "free"] == [p for p in released["pass"]
                                                                       if p["selection"] != "free"]
    assert len(parse_model(out.read_text()).passing) == len(released["pass"])
    assert "opponents" not in free
    # Fitted against the rules of thumb as well: the part says so, and the player reads it as any other.
    run = subprocess.run([*tool, str(data), "--weight", "0.5", "--opponents", "mix", "--out", str(out)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    fitted_mix = json.loads(out.read_text())["pass"][-1]
    assert fitted_mix["opponents"] == "mix" and fitted_mix["coef"] != free["coef"]
    assert len(parse_model(out.read_text()).passing) == len(released["pass"])
    # The bidding: the dealer never may pass, so the fourth place gets no part.
    strict = tmp_path / "s.jsonl"
    strict.write_text("".join(json.dumps(d) + "\n" for d in records(300, 5, "strict")))
    run = subprocess.run([*tool, str(strict), "--weight", "0.5", "--out", str(out)], capture_output=True,
                         text=True, check=False)
    assert run.returncode == 0, run.stderr
    bid = next(p for p in json.loads(out.read_text())["pass"] if p["selection"] == "bid")
    assert bid["coef"][3] is None and all(len(c) == len(PASS_FEATURES) for c in bid["coef"][:3])
    no_playouts = tmp_path / "dd.jsonl"
    no_playouts.write_text("".join(json.dumps({k: v for k, v in d.items() if k != "playouts_ns"}) + "\n"
                                   for d in records(3, 3)))
    mixed = tmp_path / "a.jsonl"
    mixed.write_text("".join(json.dumps(d) + "\n" for d in records(3, 4, "amsterdam") + records(3, 4)))
    utrecht = tmp_path / "u.jsonl"
    utrecht.write_text("".join(json.dumps(d) + "\n" for d in records(30, 6, "amsterdam(trump_selection=utrecht)")))
    for args, says in [([str(data), "--weight", "2"], "--weight must be between 0 and 1"),
                       ([str(no_playouts)], "needs the playouts' results"),
                       ([str(mixed)], "choose trump in several ways"),
                       ([str(utrecht), "--weight", "0"], "nobody may pass"),
                       ([str(tmp_path / "missing.jsonl")], "cannot read"),
                       ([str(no_playouts), "--weight", "0"], "too few choices")]:
        run = subprocess.run([*tool, *args, "--out", str(tmp_path / "x.json")], capture_output=True, text=True,
                             check=False)
        assert run.returncode == 2 and says in run.stderr and "Traceback" not in run.stderr, (args, run.stderr)


@pytest.mark.parametrize("rules", ["amsterdam", "strict"])
def test_the_bids_are_read_by_the_pass_model_of_their_selection(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The first two seats pass and the third takes a suit (Amsterdam: plays the suit on offer; strict: names its
    # best).  Read by the released model, a pass is as likely as the logistic curve of what passing is worth over
    # taking, -advantage; taking as likely as that of +advantage, where the advantage is the fitted one of the
    # selection's pass model for that seat's hand and place; the dealer's own view counts nobody's bids twice.
    parsed = Rules.parse(rules)
    mdl = model()
    coef = next(p for p in mdl.passing if p.selection == parsed.trump_selection).coef
    deal = Deal.new(parsed, 0, seed=11)
    offered = deal.selection.proposed if parsed.offers_suit else None
    step = step_of(parsed.direction)
    seats = [(deal.leader + step * place) % 4 for place in range(4)]
    hands = hands_of_deal(deal)
    estimates = [[mdl.estimate(hands[seats[place]], s, place) for s in range(4)] for place in range(4)]
    taken = offered if offered is not None else max(range(4), key=lambda s: estimates[2][s])
    deal.choose_trump(TrumpAction("pass"))
    deal.choose_trump(TrumpAction("pass"))
    deal.choose_trump(TrumpAction("play") if offered is not None else TrumpAction("choose", taken))
    view = View.of(deal, 0)
    assert deal.makers == seats[2] % 2 and deal.trump == taken and seats[3] == 0

    def advantage(place: int) -> float:
        row = coef[place]
        assert row is not None
        return sum(c * x for c, x in zip(row, pass_features(hands[seats[place]], estimates[place], offered),
                                         strict=True))

    _, _, modelled = bid_likelihoods(view, hands, mdl, [False] * 4, [True] * 4)
    logistic = [1 / (1 + math.exp(-x / MODEL_BID_SCALE)) for x in (-advantage(0), -advantage(1), advantage(2))]
    assert modelled[seats[0]] == pytest.approx(logistic[0])
    assert modelled[seats[1]] == pytest.approx(logistic[1])
    assert modelled[seats[2]] == pytest.approx(logistic[2])
    assert modelled[0] == 1.0
    # Partner (seats[1], across from the viewer) is read by a curve of its own width; the opponents' stay.
    monkeypatch.setattr(sampling, "PARTNER_BID_SCALE", 5.0)
    _, _, narrow = bid_likelihoods(view, hands, mdl, [False] * 4, [True] * 4)
    assert seats[1] == view.partner
    assert narrow[seats[1]] == pytest.approx(1 / (1 + math.exp(advantage(1) / 5.0)))
    assert narrow[seats[0]] == pytest.approx(logistic[0]) and narrow[seats[2]] == pytest.approx(logistic[2])


def test_the_strong_player_plays_the_suit_on_offer_when_the_fitted_advantage_says_so() -> None:
    # Amsterdam, each seat in turn facing the suit on offer over 40 deals: the strong player's pass is worth the
    # offered suit's estimate less the proposed pass model's advantage for that hand and place, and it plays the
    # suit exactly when that advantage is positive; both seen in its options' scores and its choice.
    parsed = Rules.parse("amsterdam")
    mdl = model()
    coef = next(p for p in mdl.passing if p.selection == "proposed").coef
    played = passed = 0
    for seed in range(40):
        deal = Deal.new(parsed, seed % 4, seed=seed)
        offered = deal.selection.proposed
        assert offered is not None
        for place in range(4):
            seat = deal.selection.to_move
            assert seat is not None
            view = View.of(deal, seat)
            hand = deal.hands[seat]
            estimates = [mdl.estimate(hand, s, place) for s in range(4)]
            row = coef[place]
            assert row is not None
            advantage = sum(c * x for c, x in zip(row, pass_features(hand, estimates, offered), strict=True))
            ranked = estimate_options(view, mdl)
            options = {o.action: o.score for o in ranked}
            assert options[TrumpAction("pass")] == pytest.approx(estimates[offered] - advantage)
            assert options[TrumpAction("play")] == pytest.approx(estimates[offered])
            takes = advantage > 0
            assert ranked[0].action == (TrumpAction("play") if takes else TrumpAction("pass"))
            deal.choose_trump(TrumpAction("play") if takes else TrumpAction("pass"))
            played += takes
            passed += not takes
            if takes:
                break
    assert played > 5 and passed > 40
