"""benchmarks/strong_hybrid_bot.py's settings by kind of decision: the playouts' share (--class-mix) and the
bonus of a trump lead (--trump-lead-bonus), each where it applies and nowhere else; partner's cards read by a
model of the player's own choices (--read-partner-model); the opponents' bids read by the rules of thumb, the
trump model or both (--opponent-bids)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from klaverjas.bots import View, strong
from klaverjas.bots.play_model import FEATURES
from klaverjas.bots.sampling import weight_of
from klaverjas.bots.strong import CardFigures, StrongBot
from klaverjas.core import SUIT_MASKS, TABLES

from .helpers import BENCHMARKS, load_benchmark, played_by_basic

HYBRID = load_benchmark("strong_hybrid_bot")


def views_of_a_deal(seed: str) -> list[View]:
    """Every card decision of a deal played by the rules of thumb, as the seat to play saw it."""
    return played_by_basic("rotterdam", 0, random.Random(seed))[1]


def test_the_kinds_of_a_decision_and_the_playouts_share_of_each() -> None:
    bot = HYBRID.TunedBot()
    bot.class_mix = {"defenders-1-follow": 1.0, "makers-0": 0.0}
    kinds_seen = set()
    for view in views_of_a_deal("kinds"):
        side = "makers" if view.makers == view.seat % 2 else "defenders"
        kinds = HYBRID.decision_kinds(view)
        assert kinds[0] == f"{side}-{len(view.trick)}"
        if view.trick:
            holds = view.hand & SUIT_MASKS[view.trick[0] >> 3] != 0
            assert kinds[1:] == [f"{kinds[0]}-{'follow' if holds else 'void'}"]
        else:
            assert kinds[1:] == []
        kinds_seen.add(kinds[-1])
        own = HYBRID.StrongBot.playout_weight(bot, view)
        expected = 1.0 if kinds[-1] == "defenders-1-follow" else 0.0 if kinds[0] == "makers-0" else own
        assert bot.playout_weight(view) == expected
    assert {"defenders-1-follow", "makers-0"} <= kinds_seen


def test_the_playouts_share_moves_with_the_samples_disagreement() -> None:
    bot = HYBRID.TunedBot()
    view = views_of_a_deal("adaptive")[0]
    a, b = [c for c in range(32) if view.hand >> c & 1][:2]
    sign = 1 if view.team == 0 else -1
    # a best on the mean (and in three samples of four); b best in one.
    bot._sample_values = [{a: sign * 30, b: sign * 10}] * 3 + [{a: sign * 10, b: sign * 20}]
    assert bot.disagreement(view) == 0.25
    own = HYBRID.StrongBot.playout_weight(bot, view)
    assert bot.playout_weight(view) == own  # gain 0: off
    bot.adaptive_gain, bot.adaptive_centre = 2.0, 0.15
    assert bot.playout_weight(view) == pytest.approx(min(1.0, own + 2.0 * (0.25 - 0.15)))
    bot._sample_values = [{a: sign * 30, b: sign * 10}] * 4  # every sample agrees
    assert bot.playout_weight(view) == pytest.approx(max(0.0, own - 2.0 * 0.15))
    bot._sample_values = []
    assert bot.disagreement(view) is None and bot.playout_weight(view) == own


def test_a_trump_lead_bonus_only_for_the_side_and_tricks_given() -> None:
    bot = HYBRID.TunedBot()
    bot.trump_lead_bonus, bot.trump_lead_tricks, bot.trump_lead_side = 50.0, 4, "makers"
    changed = 0
    for view in views_of_a_deal("leads"):
        figs = [CardFigures(c, float(i), 0, 1) for i, c in enumerate(sorted(
            (c for c in range(32) if view.legal >> c & 1), key=lambda c: -(c >> 3 == view.trump)))]
        figs.sort(key=lambda f: -f.mean)
        out = bot.trump_leads(view, figs)
        applies = not view.trick and len(view.tricks) < 4 and view.makers == view.seat % 2
        for before, after in zip(sorted(figs, key=lambda f: f.card), sorted(out, key=lambda f: f.card), strict=True):
            bonus = 50.0 if applies and before.card >> 3 == view.trump else 0.0
            assert after.mean == before.mean + bonus
            changed += bonus > 0
        assert [f.mean for f in out] == sorted((f.mean for f in out), reverse=True)
    assert changed > 0


def test_drawing_trumps_puts_the_best_trump_first_exactly_where_the_rule_holds() -> None:
    # --draw-trumps N: a maker on lead holding the highest trump not yet played and at least N trumps, while an
    # opponent may still hold one, leads a trump (the best-valued one); every other decision keeps its order.
    bot = HYBRID.TunedBot()
    bot.draw_trumps = 2
    strength = TABLES["dutch"].strength
    applied = kept = 0
    for seed in ("draw-1", "draw-2", "draw-3", "draw-4", "draw-5", "draw-6"):
        for view in views_of_a_deal(seed):
            plain_first = sorted((c for c in range(32) if view.legal >> c & 1), key=lambda c: c >> 3 == view.trump)
            figs = [CardFigures(c, float(-i), 0, 1) for i, c in enumerate(plain_first)]
            out = bot.trump_leads(view, figs)
            trumps = [c for c in range(8 * view.trump, 8 * view.trump + 8) if not view.played >> c & 1]
            top = max(trumps, key=lambda c: strength[view.trump][c]) if trumps else -1
            opponents_may = any(view.may_hold(s) & SUIT_MASKS[view.trump] for s in (view.seat ^ 1, view.seat ^ 3))
            held = sum(1 for c in trumps if view.hand >> c & 1)
            rule = (not view.trick and view.makers == view.seat % 2 and top >= 0 and bool(view.hand >> top & 1)
                    and held >= 2 and opponents_may)
            if rule:
                ours = [f for f in figs if f.card >> 3 == view.trump]
                assert out == ours + [f for f in figs if f.card >> 3 != view.trump]
                applied += len(ours) < len(figs)
            else:
                assert out == figs
                kept += 1
    assert applied > 0 and kept > 0


def test_partner_read_by_a_model_from_the_command_line(tmp_path: Path) -> None:
    script = BENCHMARKS / "strong_hybrid_bot.py"
    missing = subprocess.run([sys.executable, str(script), "--read-partner-model", str(tmp_path / "none.json")],
                             capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert missing.returncode == 2
    assert "--read-partner-model" in missing.stderr and "Traceback" not in missing.stderr
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"features": ["x"], "coef": [1.0], "rules": "rotterdam", "decisions": 1}))
    refused = subprocess.run([sys.executable, str(script), "--read-partner-model", str(wrong)],
                             capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert refused.returncode == 2 and "fitted for other features" in refused.stderr
    # The strong player hands the model to its evidence, which then reads partner's cards.
    model = HYBRID.parse_play_model(json.dumps({"features": list(FEATURES), "coef": [0.5] * len(FEATURES),
                                                "rules": "rotterdam", "decisions": 1}))
    views = [v for v in views_of_a_deal("partner-model") if len(v.history) >= 8]
    bot = StrongBot(samples=4, seed=1, partner_model=model)
    evidence = bot.evidence(views[0])
    assert evidence is not None and evidence.partner_model is model
    partner = views[0].seat ^ 2
    assert any(seat == partner for _, seat, _, _, _ in evidence.decisions)


def test_the_solver_from_an_earlier_sa_trick_and_bad_tricks_refused() -> None:
    script = BENCHMARKS / "strong_hybrid_bot.py"
    for bad in ("-1", "8"):
        refused = subprocess.run([sys.executable, str(script), "--sa-search-from", bad], capture_output=True,
                                 text=True, stdin=subprocess.DEVNULL, timeout=120)
        assert refused.returncode == 2 and "--sa-search-from" in refused.stderr
    # The player asks the solver in a sa deal's second trick exactly when told to start there.
    second = played_by_basic("sa", 0, random.Random("sa-search"))[1][4]
    assert len(second.tricks) == 1 and not second.trick
    bot = StrongBot(samples=4, seed=1)
    before = strong.SA_SEARCH_FROM
    try:
        assert not bot.solves(second)
        strong.SA_SEARCH_FROM = 1
        assert bot.solves(second)
    finally:
        strong.SA_SEARCH_FROM = before


def test_the_opponents_bids_read_as_told_and_bad_readings_refused() -> None:
    script = BENCHMARKS / "strong_hybrid_bot.py"
    refused = subprocess.run([sys.executable, str(script), "--opponent-bids", "guess"], capture_output=True,
                             text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert refused.returncode == 2 and "--opponent-bids" in refused.stderr
    # Every sample the player draws is weighed by the reading it was given.
    view = views_of_a_deal("opponent-bids")[6]
    assert view.bids
    for reading in ("model", "mix"):
        bot = StrongBot(samples=4, seed=1, opponent_bids=reading)
        evidence = bot.evidence(view)
        assert evidence is not None
        worlds = list(bot.weighed_worlds(view, evidence))
        assert len(worlds) == 4
        for world in worlds:
            expected = weight_of(view, world.hands, True, reading) * evidence.weight(world.hands)
            assert world.weight == pytest.approx(expected, rel=1e-12)
        assert any(weight_of(view, w.hands, True, reading) != weight_of(view, w.hands, True, "rule") for w in worlds)


def test_a_basic_partner_and_the_signal_reading_from_the_command_line() -> None:
    from klaverjas.bots.basic import card_choice

    script = BENCHMARKS / "strong_hybrid_bot.py"
    refused = subprocess.run([sys.executable, str(script), "--signal-reading", "guess"], capture_output=True,
                             text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert refused.returncode == 2 and "--signal-reading" in refused.stderr
    bot = HYBRID.TunedBot(samples=4, seed=1, signals="learn")
    bot.basic_partner = True
    bot.reseed(1)
    for view in views_of_a_deal("basic-partner"):
        if view.seat >= 2:
            assert bot.card(view) == card_choice(view)
    # Partner's signals are read by the convention alone: none of the rank reading in the samples' weights.
    view = views_of_a_deal("signals")[12]
    evidence = bot.evidence(view)
    assert evidence is not None and evidence.signal_kept == 0.5
    for world in bot.weighed_worlds(view, evidence):
        expected = weight_of(view, world.hands, True, "mix", signals=False) * evidence.weight(world.hands)
        assert world.weight == pytest.approx(expected, rel=1e-12)


def test_the_postponement_from_the_command_line_refuses_a_trick_out_of_range() -> None:
    script = BENCHMARKS / "strong_hybrid_bot.py"
    refused = subprocess.run([sys.executable, str(script), "--postpone-from", "8"], capture_output=True,
                             text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert refused.returncode == 2 and "--postpone-from: a trick from 0 to 7, not 8" in refused.stderr


def test_a_negative_resampling_pool_is_refused() -> None:
    script = BENCHMARKS / "strong_hybrid_bot.py"
    refused = subprocess.run([sys.executable, str(script), "--resample-pool", "-5"], capture_output=True,
                             text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert refused.returncode == 2 and "--resample-pool must be at least 0, not -5" in refused.stderr


@pytest.mark.parametrize(("args", "reason"), [
    (["--samples", "0"], "--samples and --min-samples must be at least 1, not 0 and 6"),
    (["--min-samples", "0"], "--samples and --min-samples must be at least 1, not 60 and 0"),
    (["--race", "-1"], "--race must be at least 0 and --race-margin above 0, not -1.0 and 2.0"),
    (["--race", "2", "--race-margin", "0"], "--race must be at least 0 and --race-margin above 0, not 2.0 and 0.0"),
    (["--partner-bid-scale", "0"], "--partner-bid-scale must be above 0, not 0.0"),
    (["--bid-mismatch", "0"], "--bid-mismatch must be above 0 and at most 1, not 0.0"),
    (["--lead-samples", "0"], "--lead-samples must be at least 1, not 0"),
    (["--lead-budget", "-5"], "--lead-budget must be above 0 ms, not -5.0"),
    (["--tree", "four"], "--tree: expected DEPTH[:EXPLORE[:FROM]] (e.g. 4:20:0), got 'four'"),
    (["--tree", "4:20:0:1"], "--tree: expected DEPTH[:EXPLORE[:FROM]] (e.g. 4:20:0), got '4:20:0:1'"),
    (["--tree", "0"], "--tree: DEPTH at least 1, EXPLORE at least 0, FROM a trick from 0 to 7; got '0'"),
    (["--tree", "4:20:8"], "--tree: DEPTH at least 1, EXPLORE at least 0, FROM a trick from 0 to 7; got '4:20:8'"),
])
def test_bad_sample_limits_and_races_are_refused(args: list[str], reason: str) -> None:
    script = BENCHMARKS / "strong_hybrid_bot.py"
    refused = subprocess.run([sys.executable, str(script), *args], capture_output=True,
                             text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert refused.returncode == 2 and reason in refused.stderr


def test_a_salt_draws_other_samples_and_leads_have_their_own_cap() -> None:
    views = [v for v in views_of_a_deal("salt") if 3 <= len(v.tricks) <= 5 and v.legal.bit_count() > 1]

    def figures(salt: str, lead_samples: int | None = None) -> list[list[CardFigures]]:
        bot = HYBRID.TunedBot(samples=8, budget_ms=60_000, playout_mix=0.0)
        bot.salt = salt
        bot.lead_samples = lead_samples
        bot.reseed(7)
        return [bot.figures(view) for view in views]

    plain = figures("")
    assert figures("") == plain  # the same player on the same deals draws the same samples
    assert figures("1") != plain
    capped = figures("", lead_samples=3)
    for view, figs in zip(views, capped, strict=True):
        assert {f.samples for f in figs} == ({3} if not view.trick else {8})
    assert any(not view.trick for view in views) and any(view.trick for view in views)


def test_a_pass_shift_makes_every_pass_worth_that_much_less(monkeypatch: pytest.MonkeyPatch) -> None:
    from klaverjas.bots import bidding, sampling

    # use_bidding_model replaces the model where the player, its reading of bids and the module look it up.
    for module, name in ((bidding, "model"), (strong, "bidding_model"), (sampling, "model")):
        monkeypatch.setattr(module, name, getattr(module, name))
    before = bidding.model("dutch")
    HYBRID.use_bidding_model(None, None, 12.5)
    after = bidding.model("dutch")
    assert strong.__dict__["bidding_model"]("dutch") is after and sampling.__dict__["model"]("dutch") is after
    rng = random.Random(3)
    for _ in range(40):
        hand = sum(1 << c for c in rng.sample(range(32), 8))
        for place in range(4):
            for selection in ("free", "proposed", "bid", "turned"):
                if selection == "bid" and place == 3:
                    continue  # the dealer never may pass in the bidding
                offered = rng.randrange(4) if selection == "proposed" else None
                assert after.pass_value(hand, place, selection, offered=offered) == pytest.approx(
                    before.pass_value(hand, place, selection, offered=offered) - 12.5)
    assert after.estimate(0xFF, 0, 0) == before.estimate(0xFF, 0, 0)


@pytest.mark.parametrize("spec", ["0", "x", "400:rules"])
def test_a_bad_simulation_of_trump_decisions_is_refused(spec: str) -> None:
    script = BENCHMARKS / "strong_hybrid_bot.py"
    refused = subprocess.run([sys.executable, str(script), "--trump-sim", spec], capture_output=True,
                             text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert refused.returncode == 2 and f"--trump-sim: expected N[:model|:basic] with N at least 1, got {spec!r}" in \
        refused.stderr
