"""The card-play model of the strong player's inference: its fit (tools/fit_play.py), its features, and
the weights it gives samples (:class:`klaverjas.bots.sampling.PlayEvidence` with a model)."""

from __future__ import annotations

import importlib.util
import math
import random
from pathlib import Path
from types import ModuleType

import numpy as np

from klaverjas.bots import BasicBot, View
from klaverjas.bots.basic import card_choice
from klaverjas.bots.play_model import FEATURES, PlayModel, card_features, model
from klaverjas.bots.sampling import PLAY_FLOOR, PlayEvidence, deal_hidden
from klaverjas.bots.strong import StrongBot
from klaverjas.core import Deal, cards_of, parse_card, parse_hand

from .helpers import hands_of, make_deal, played_by_basic, walk


def _load_fit() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "fit_play.py"
    spec = importlib.util.spec_from_file_location("fit_play", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FIT = _load_fit()


def _only(**coef: float) -> PlayModel:
    return PlayModel(tuple(coef.get(name, 0.0) for name in FEATURES), "rotterdam", 0)


def test_the_fit_recovers_a_known_model() -> None:
    rng = np.random.default_rng(3)
    truth = rng.normal(0, 1, len(FEATURES))
    rows = []
    for i in range(6000):
        k = int(rng.integers(2, 7))
        x = rng.normal(0, 1, (k, len(FEATURES)))
        s = x @ truth
        p = np.exp(s - s.max())
        played = int(rng.choice(k, p=p / p.sum()))
        rows.append(FIT.Row(x, played, int(rng.integers(k)), "synthetic", i))
    w = FIT.fit(rows, l2=0.1)
    assert np.abs(w - truth).max() < 0.15
    # The fitted model explains held-out draws from the same model about as well as the truth does.
    held = rows[:500]
    assert FIT.scores(held, w)[0] > FIT.scores(held, truth)[0] - 0.01
    assert FIT.scores(held, w)[0] > FIT.uniform_score(held) + 0.3


def test_probabilities_are_a_softmax_over_the_legal_cards() -> None:
    checked = 0
    mdl = _only(lead_basic=1.5, follow_basic=1.0, wins=0.7, follow_points=-0.3, lead_boss=0.4)
    for _, view in walk("rotterdam", 2, [BasicBot(), BasicBot(), BasicBot(), BasicBot()]):
        if view.phase != "play" or not view.legal & (view.legal - 1):
            continue
        choice = card_choice(view)
        probs = mdl.probabilities(view, choice)
        assert set(probs) == set(cards_of(view.legal))
        assert math.isclose(sum(probs.values()), 1.0)
        feats = card_features(view, choice)
        # The basic level's card carries the basic feature and no other card does.
        basic = "follow_basic" if view.trick else "lead_basic"
        assert [c for c, f in feats.items() if f[FEATURES.index(basic)]] == [choice]
        # Odds between two cards: the exponential of their score difference.
        a, b = cards_of(view.legal)[:2]
        diff = sum(w * (x - y) for w, x, y in zip(mdl.coef, feats[a], feats[b], strict=True))
        assert math.isclose(probs[a] / probs[b], math.exp(diff))
        checked += 1
    assert checked > 10


def test_the_weight_is_the_models_probability_of_the_card_played() -> None:
    # West, who named hearts, leads the ace of spades; with the trumps it holds the rules of thumb draw
    # trumps with the jack first, so under a model that only knows basic's choice the lead is unlikely.
    deal = make_deal({"N": "7H 8H 9H TC JC QC KC AC", "E": "7S 8S 9S TS JS QS KS 7D",
                      "S": "8D 9D TD JD QD KD AD 7C", "W": "AS JH QH KH AH TH 8C 9C"}, "H", "W", "rotterdam",
                     dealer="S")
    deal.play(parse_card("AS"))
    view = View.of(deal, 0)
    evidence = PlayEvidence(view, hands_of(deal), model=_only(lead_basic=2.0))
    odds = math.exp(2.0)
    # Eight legal cards, the one played not basic's: 1 / (e^2 + 7).
    assert math.isclose(evidence.weight(hands_of(deal)), 1 / (odds + 7))
    # The same lead from a hand without trumps to draw (they are East's there) is basic's: e^2 / (e^2 + 7).
    swap = parse_hand("JH QH KH AH TH 7S 8S 9S TS JS")
    other = (deal.hands[0], deal.hands[1] ^ swap, deal.hands[2], deal.hands[3] ^ swap)
    assert math.isclose(evidence.weight(other), odds / (odds + 7))
    # A model sure of basic's card still leaves a sample that contradicts it the floor, not zero.
    sure = PlayEvidence(view, hands_of(deal), model=_only(lead_basic=50.0))
    assert sure.weight(hands_of(deal)) == PLAY_FLOOR
    assert math.isclose(sure.weight(other), 1.0)


def _replayed_likelihood(view: View, hands: tuple[int, int, int, int], mdl: PlayModel) -> float:
    """The product over the opponents' past decisions with several legal cards of the model's probability of
    the card played, each decision replayed from the hands as dealt in this sample (independently of
    PlayEvidence's own bookkeeping)."""
    dealt = [hands[s] | view.played_by[s] for s in range(4)]
    deal = Deal(view.rules, view.dealer, dealt, view.proposed)
    for _, action in view.bids:
        deal.choose_trump(action)
    w = 1.0
    for seat, card, _ in view.history:
        assert deal.turn == seat
        seen = View.of(deal, seat)
        if seat & 1 != view.team and seen.legal & (seen.legal - 1):
            w *= max(PLAY_FLOOR, mdl.probabilities(seen, card_choice(seen))[card])
        deal.play(card)
    return w


def test_weights_match_a_replay_and_favour_the_true_hands() -> None:
    rng = random.Random(5)
    mdl = model()
    checked = 0
    truth_above = 0.0
    for seed in range(4):
        for deal, view in walk("rotterdam", seed, [BasicBot(), BasicBot(), BasicBot(), BasicBot()]):
            if view.phase != "play" or len(view.history) not in (13, 22):
                continue
            evidence = PlayEvidence(view, hands_of(deal), model=mdl)
            truth = evidence.weight(hands_of(deal))
            samples = []
            for _ in range(20):
                hands = deal_hidden(view, rng)
                assert hands is not None
                w = evidence.weight(hands)
                assert 0 < w <= 1
                assert math.isclose(w, _replayed_likelihood(view, hands, mdl))
                samples.append(w)
            # Basic players: the true hands explain their cards better than most samples do.
            truth_above += sum(truth >= w for w in samples) / len(samples)
            checked += 1
    assert checked == 8
    assert truth_above / checked > 0.75  # the mean share of samples the true hands match or beat


def test_strong_reads_the_opponents_by_the_model_when_asked() -> None:
    values: list[int] = []

    def fake_solve(position: object) -> dict[int, int]:
        values.append(1)
        return {c: 0 for c in range(32)}

    bot = StrongBot(samples=4, budget_ms=math.inf, seed=1, solve_fn=fake_solve, play_by_model=True)
    plain = StrongBot(samples=4, budget_ms=math.inf, seed=1, solve_fn=fake_solve)
    seen = 0
    for _, view in walk("rotterdam", 3, [BasicBot(), BasicBot(), BasicBot(), BasicBot()]):
        if view.phase != "play" or len(view.history) < 6 or not view.legal & (view.legal - 1):
            continue
        evidence, rule = bot.evidence(view), plain.evidence(view)
        assert evidence is not None and evidence.model is model()
        assert rule is not None and rule.model is None
        assert bot.card(view) in cards_of(view.legal)
        seen += 1
    assert seen > 3
    assert bot._likelihoods and values


def test_partner_placement_reads_a_partner_who_plays_like_the_model() -> None:
    # Deals played by the rules of thumb throughout, recorded as tools/play_data.py writes them: a model that
    # expects partner to play the rules' card places partner's cards better than no reading of partner.
    records = []
    for index in range(6):
        deal, _ = played_by_basic("rotterdam", index % 4, random.Random(f"partner-placement:{index}"))
        records.append({"rules": "rotterdam", "index": index, "dealer": deal.dealer, "kinds": ["basic"] * 4,
                        "hands": [int(h) for h in deal.initial],
                        "bids": [[s, a.as_json()] for s, a in deal.selection.events],
                        "plays": [card for t in deal.tricks for card in t.cards]})
    follows_the_rules = _only(lead_basic=8.0, follow_basic=8.0)
    out = FIT.placement(records, follows_the_rules, 40, 1, partner=True)
    for done in (3, 6):
        shares = out[("all", done)]
        assert len(shares["none"]) == len(shares["model"]) == 6
        assert all(0.0 <= x <= 1.0 for mode in shares.values() for x in mode)
        assert np.mean(shares["model"]) > np.mean(shares["none"]) + 0.02
