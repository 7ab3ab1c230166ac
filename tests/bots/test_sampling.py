"""Sampled hidden hands agree with everything the view shows."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import numpy as np
import pytest

from klaverjas.bots import BasicBot, Bot, RandomBot, View
from klaverjas.bots.basic import SIGNAL_CODES, card_options, signal_choice
from klaverjas.bots.play_model import FEATURES, PlayModel
from klaverjas.bots.sampling import (
    BID_MISMATCH,
    PLAY_MISMATCH,
    SIGNAL_MISMATCH,
    BidLearner,
    PlayEvidence,
    SignalLearner,
    all_hidden,
    deal_hidden,
    sample_worlds,
    weight_of,
)
from klaverjas.bots.strong import StrongBot
from klaverjas.core import FULL_DECK, Deal, Rules, TrumpAction, cards_of, legal_for, parse_card, parse_hand
from klaverjas.solver import playouts

from .helpers import RULE_SETS, hands_of, make_deal, walk


def test_every_sample_could_have_produced_the_play_so_far() -> None:
    rng = random.Random(1)
    checked = 0
    for rules in RULE_SETS[:6]:
        for seed in range(3):
            bots: list[Bot] = [RandomBot(seed), RandomBot(seed + 7), RandomBot(seed + 8), RandomBot(seed + 9)]
            for deal, view in walk(rules, seed, bots):
                if view.phase != "play" or len(view.history) % 3:
                    continue
                for world in sample_worlds(view, 3, rng):
                    hands = world.hands
                    assert hands[view.seat] == view.hand
                    assert sum(h.bit_count() for h in hands) + view.played.bit_count() == 32
                    union = 0
                    for s in range(4):
                        assert hands[s].bit_count() == deal.hands[s].bit_count()
                        union |= hands[s]
                    assert union | view.played == FULL_DECK
                    # Replay: with these hands every card played so far was legal.
                    held = [hands[s] | view.played_by[s] for s in range(4)]
                    for seat, card, before in view.history:
                        assert legal_for(view.rules, view.trump, held[seat], before) >> card & 1
                        held[seat] ^= 1 << card
                    assert 0 < world.weight <= 1
                    checked += 1
    assert checked > 100


def test_a_void_seat_never_gets_the_suit() -> None:
    rng = random.Random(2)
    for seed in range(5):
        for _, view in walk("amsterdam", seed):
            if view.phase != "play":
                continue
            hands = deal_hidden(view, rng)
            assert hands is not None
            for s in range(4):
                if s != view.seat:
                    assert hands[s] & view.excluded[s] == 0


def _compiled_draws(view: View) -> Callable[[], tuple[int, int, int, int]]:
    """The playouts' draw of the hidden hands (compiled), as a function of no arguments."""
    allowed = np.array([view.may_hold(s) for s in range(4)], dtype=np.int64)
    need = np.array([view.hand_size(s) for s in range(4)], dtype=np.int64)
    table = playouts.uniform_space()
    groups = playouts.uniform_table(view.seat, allowed, need, *table)
    state = np.zeros(playouts.S_SIZE, dtype=np.int64)
    state[view.seat] = view.hand

    def draw() -> tuple[int, int, int, int]:
        assert playouts.determinize_uniform(state, view.seat, need, *table, groups)
        return (int(state[0]), int(state[1]), int(state[2]), int(state[3]))

    return draw


@pytest.mark.parametrize("way", ["deal_hidden", "compiled"])
def test_every_deal_meeting_the_hard_constraints_is_drawn_alike_often(way: str) -> None:
    """Against the enumeration of every such deal: late in a deal, with several voids known, dealing the most
    constrained cards first by the room each seat has left favours some deals (that way this test fails)."""
    rng = random.Random(3)
    playouts.seed(3)
    tested = 0
    for seed in range(6):
        for _, view in walk("rotterdam", seed):
            if view.phase != "play" or len(view.tricks) < 4:
                continue
            every = all_hidden(view, 120)
            if every is None or len(every) < 3:
                continue
            draw = _compiled_draws(view) if way == "compiled" else lambda v=view: deal_hidden(v, rng)
            per_deal = 60
            counts = Counter(draw() for _ in range(per_deal * len(every)))
            assert set(counts) <= set(every)
            # Pearson's statistic, chi-square with k - 1 degrees of freedom: mean k - 1, sd sqrt(2 (k - 1)).
            k = len(every)
            chi2 = sum((counts[h] - per_deal) ** 2 / per_deal for h in every)
            assert chi2 < k - 1 + 5 * math.sqrt(2 * (k - 1)), (seed, len(view.tricks), k, chi2)
            tested += 1
    assert tested >= 20


def test_the_true_deal_is_weighted_like_any_other_consistent_deal() -> None:
    # Soft evidence only lowers weights: the real hands never get weight zero.
    for seed in range(5):
        for deal, view in walk("amsterdam", seed):
            if view.phase == "play":
                assert weight_of(view, hands_of(deal)) > 0


def _basic_walks() -> Iterator[tuple[Deal, View]]:
    """Decisions of deals played by four basic bots in several rule sets."""
    for rules in ("amsterdam", "rotterdam", "sa", "rotterdam(trump_selection=turned)"):
        for seed in range(4):
            yield from walk(rules, seed, [BasicBot(), BasicBot(), BasicBot(), BasicBot()])


def test_the_true_hands_agree_with_every_play_of_basic_opponents() -> None:
    # Opponents playing by the rules of thumb: the real deal never contradicts their cards,
    # while samples drawn from the view often do (so the evidence tells deals apart).
    rng = random.Random(3)
    cache: dict[tuple[tuple[int, ...], int], int] = {}
    decisions = lowered = 0
    for deal, view in _basic_walks():
        if view.phase != "play" or len(view.history) < 8:
            continue
        if len(view.history) == 8:
            cache = {}  # a cache serves one deal
        truth = hands_of(deal)
        evidence = PlayEvidence(view, truth, cache)
        assert evidence.decisions
        assert evidence.weight(truth) == 1.0
        for world in sample_worlds(view, 4, rng, evidence):
            assert 0 < world.weight <= 1
            lowered += world.weight < weight_of(view, world.hands)
        decisions += 1
    assert decisions > 100
    assert lowered > decisions  # of 4 samples per decision, more than one on average


def test_a_card_the_rules_of_thumb_would_not_play_lowers_the_weight() -> None:
    # West, who named hearts, leads the ace of spades; with the trumps it holds the rules of thumb draw
    # trumps with the jack first.
    deal = make_deal({"N": "7H 8H 9H TC JC QC KC AC", "E": "7S 8S 9S TS JS QS KS 7D",
                      "S": "8D 9D TD JD QD KD AD 7C", "W": "AS JH QH KH AH TH 8C 9C"}, "H", "W", "rotterdam",
                     dealer="S")
    assert deal.turn == 3
    deal.play(parse_card("AS"))  # not what basic plays from W's hand: it draws trumps with the jack
    view = View.of(deal, 0)
    evidence = PlayEvidence(view, hands_of(deal))
    assert [(seat, card) for _, seat, card, _, _ in evidence.decisions] == [(3, parse_card("AS"))]
    assert evidence.weight(hands_of(deal)) == PLAY_MISMATCH
    # The same lead from a hand without trumps to draw (they are East's here) is what the rules of thumb
    # play: cash the ace.
    swap = parse_hand("JH QH KH AH TH 7S 8S 9S TS JS")
    other = (deal.hands[0], deal.hands[1] ^ swap, deal.hands[2], deal.hands[3] ^ swap)
    assert evidence.weight(other) == 1.0


def test_partner_cards_are_read_only_when_asked_with_their_own_factor() -> None:
    # The deal above seen by East, West's partner: West's lead is partner's card.
    deal = make_deal({"N": "7H 8H 9H TC JC QC KC AC", "E": "7S 8S 9S TS JS QS KS 7D",
                      "S": "8D 9D TD JD QD KD AD 7C", "W": "AS JH QH KH AH TH 8C 9C"}, "H", "W", "rotterdam",
                     dealer="S")
    deal.play(parse_card("AS"))
    view = View.of(deal, 2)  # South, an opponent of West: West's lead is read as before
    assert PlayEvidence(view, hands_of(deal)).weight(hands_of(deal)) == PLAY_MISMATCH
    east = View.of(deal, 1)
    assert PlayEvidence(east, hands_of(deal)).decisions == []
    read = PlayEvidence(east, hands_of(deal), partner_mismatch=0.5)
    assert [(seat, card) for _, seat, card, _, _ in read.decisions] == [(3, parse_card("AS"))]
    assert read.weight(hands_of(deal)) == 0.5


def test_partner_cards_read_by_a_model_of_ones_own_choices() -> None:
    # The same lead seen by East with a model that weighs a lead by its points alone: West's ace of
    # spades is then as likely as e^(11/10) among the e^(points/10) of West's eight cards (hearts trump:
    # the jack 20, the ace and ace 11, the ten 10, the king 4, the queen 3, the clubs nothing).
    deal = make_deal({"N": "7H 8H 9H TC JC QC KC AC", "E": "7S 8S 9S TS JS QS KS 7D",
                      "S": "8D 9D TD JD QD KD AD 7C", "W": "AS JH QH KH AH TH 8C 9C"}, "H", "W", "rotterdam",
                     dealer="S")
    deal.play(parse_card("AS"))
    by_points = PlayModel(tuple(1.0 if name == "lead_points" else 0.0 for name in FEATURES), "rotterdam", 0)
    east = View.of(deal, 1)
    read = PlayEvidence(east, hands_of(deal), partner_model=by_points)
    assert [(seat, card) for _, seat, card, _, _ in read.decisions] == [(3, parse_card("AS"))]
    expected = math.exp(1.1) / sum(math.exp(p / 10) for p in (11, 20, 3, 4, 11, 10, 0, 0))
    assert read.weight(hands_of(deal)) == pytest.approx(expected)
    # The floor holds for a card the model finds unlikely; the opponents' reading stays the rule's.
    assert PlayEvidence(east, hands_of(deal), partner_model=by_points, floor=0.5).weight(hands_of(deal)) == 0.5
    south = View.of(deal, 2)
    assert PlayEvidence(south, hands_of(deal), partner_model=by_points).weight(hands_of(deal)) == PLAY_MISMATCH


def test_the_cache_changes_nothing() -> None:
    rng = random.Random(4)
    shared: dict[tuple[tuple[int, ...], int], int] = {}
    for _, view in walk("rotterdam", 5, [BasicBot(), BasicBot(), BasicBot(), BasicBot()]):
        if view.phase != "play" or len(view.history) < 4:
            continue
        hands = deal_hidden(view, rng)
        assert hands is not None
        cached = PlayEvidence(view, hands, shared)
        fresh = PlayEvidence(view, hands)
        for _ in range(5):
            world = deal_hidden(view, rng)
            assert world is not None
            assert cached.weight(world) == fresh.weight(world)


# A hand full of hearts, a weak one, North's, and the rest (West's) for the bid-reading tests.
STRONG_HAND = parse_hand("JH 9H AH TH KH QH AS AD")
WEAK_HAND = parse_hand("7S 8S 7D 8D 7C 8C 9C 9S")
NORTH_HAND = parse_hand("JS QS KS TC JC QC KC AC")
REST_HAND = FULL_DECK & ~NORTH_HAND & ~STRONG_HAND & ~WEAK_HAND


def passed_to_north(first: int) -> View:
    """North's view of a Rotterdam deal (East weak, South strong, West the rest) in which every seat from
    ``first`` on passed until North is to speak."""
    rules = Rules.parse("rotterdam")
    for dealer in range(4):
        deal = Deal(rules, dealer, [NORTH_HAND, WEAK_HAND, STRONG_HAND, REST_HAND])
        if deal.selection.to_move == first:
            break
    while deal.selection.to_move != 0:
        deal.choose_trump(TrumpAction("pass"))
    return View.of(deal, 0)


def test_partner_bids_judged_by_the_trump_model() -> None:
    # Rotterdam, free choice: South (North's partner) speaks first and passes.  Judged by the strong
    # level's trump model, a pass is likely from a weak hand and unlikely from a hand full of
    # trumps; judged by the rules of thumb both meet or miss the rule alike.  (The pass model says a
    # first lead seat's pass tells less of a weak hand: after four passes it must name a suit anyway.)
    view = passed_to_north(2)
    assert [seat for seat, _ in view.bids] == [2, 3]
    as_dealt = (NORTH_HAND, WEAK_HAND, STRONG_HAND, REST_HAND)
    swapped = (NORTH_HAND, STRONG_HAND, WEAK_HAND, REST_HAND)  # South holds the weak hand
    by_model = [weight_of(view, h, partner_bids_by_model=True) for h in (as_dealt, swapped)]
    assert by_model[0] < 0.05 < 0.5 < by_model[1]
    assert [weight_of(view, h) for h in (as_dealt, swapped)] == [BID_MISMATCH, 1.0]


def test_opponent_bids_read_by_the_rules_the_model_or_both() -> None:
    # Rotterdam, free choice: East, South and West pass before North.  East and South swap a hand full
    # of hearts and a weak one.  By the rules of thumb the two deals are alike (one of the two passes
    # misses the rule either way); by the trump model East's pass from the strong hand is unlikely, so a
    # reading of the opponents by the model, or by both explanations, puts the strong hand with South.
    view = passed_to_north(1)
    assert [seat for seat, _ in view.bids] == [1, 2, 3]
    east_strong = (NORTH_HAND, STRONG_HAND, WEAK_HAND, REST_HAND)
    south_strong = (NORTH_HAND, WEAK_HAND, STRONG_HAND, REST_HAND)

    def ratio(reading: str) -> float:
        return weight_of(view, east_strong, False, reading) / weight_of(view, south_strong, False, reading)

    assert ratio("rule") == 1.0
    assert ratio("model") < 0.2
    assert ratio("model") < ratio("mix") < 1.0
    with pytest.raises(ValueError, match="opponent_bids"):
        weight_of(view, east_strong, False, "bids")
    with pytest.raises(ValueError, match="opponent_bids"):
        StrongBot(opponent_bids="bids")


def test_a_learned_mixture_weighs_the_two_readings_by_its_share() -> None:
    # The rules' share 1 is the rules alone as a probability (1 / 1.3 a bid that fits, 0.3 / 1.3 one that
    # does not: East's and West's passes here), share 0 the model alone; "mix" keeps its even shares.
    view = passed_to_north(1)
    hands = (NORTH_HAND, STRONG_HAND, WEAK_HAND, REST_HAND)
    assert weight_of(view, hands, False, "learn", 0.0) == pytest.approx(weight_of(view, hands, False, "model"))
    assert weight_of(view, hands, False, "learn", 1.0) == pytest.approx(weight_of(view, hands, False, "rule") / 1.3**2)
    assert weight_of(view, hands, False, "mix", 0.9) == weight_of(view, hands, False, "mix")
    assert weight_of(view, hands, False, "learn", 0.5) == pytest.approx(weight_of(view, hands, False, "mix"))


class ModelBidder(BasicBot):
    """Cards by the rules of thumb, trump decisions by the strong level's model."""

    def trump(self, view: View) -> TrumpAction:
        return StrongBot().trump(view)


def last_trick_views(rules: str, seed: int, bots: list[Bot]) -> tuple[list[View], tuple[int, int, int, int]]:
    """Every seat's view at its card of a deal's last trick, and the hands as dealt."""
    views = []
    dealt = None
    for deal, view in walk(rules, seed, bots):
        if dealt is None:
            dealt = hands_of(deal)
        if view.phase == "play" and len(view.tricks) == 7:
            views.append(view)
    assert dealt is not None and len(views) == 4
    return views, dealt


def test_the_learner_finds_how_the_opponents_bid() -> None:
    by_rules: list[Bot] = [BasicBot(), BasicBot(), BasicBot(), BasicBot()]
    by_model: list[Bot] = [ModelBidder(), ModelBidder(), ModelBidder(), ModelBidder()]
    for bots, rules_fit in ((by_rules, True), (by_model, False)):
        learner = BidLearner()
        for seed in range(16):
            views, _ = last_trick_views("rotterdam", seed, bots)
            # Both partners see the same deal's end; it counts once.
            counted = [learner.observe(v) for v in views if v.seat in (0, 2)]
            assert counted.count(True) <= 1
        assert learner.deals >= 8
        share = learner.rule_share()
        assert share > 0.8 if rules_fit else share < 0.2


def test_the_learner_counts_the_likelihoods_weight_of_gives() -> None:
    # Where the seat plays last in the last trick every hand is known: the learner's two log-likelihoods
    # are those of the true hands, whose ratio weight_of gives (its rules' factor not normalized: 1.3 a bid).
    checked = 0
    for seed in range(12):
        views, dealt = last_trick_views("rotterdam", seed, [ModelBidder(), BasicBot(), ModelBidder(), BasicBot()])
        view = views[-1]
        bids = [(seat, action) for seat, action in view.bids if seat & 1 != view.seat & 1]
        if len(view.bids) == 5 or not bids:
            continue  # a forced choice, or no bid of the opponents': nothing to check
        learner = BidLearner()
        assert learner.observe(view)
        now = dealt_now(view, dealt)
        by_rule = weight_of(view, now, False, "rule")
        by_model = weight_of(view, now, False, "model")
        assert learner.log_rule - learner.log_model == pytest.approx(
            math.log(by_rule / 1.3 ** len(bids)) - math.log(by_model))
        checked += 1
    assert checked >= 5


def dealt_now(view: View, dealt: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Every seat's cards now, from the hands as dealt and the view's plays."""
    now = [dealt[s] & ~view.played_by[s] for s in range(4)]
    return (now[0], now[1], now[2], now[3])


def test_strong_learns_the_opponents_bids_from_its_last_cards() -> None:
    learning, mixing = StrongBot(opponent_bids="learn"), StrongBot(opponent_bids="mix")
    for seed in range(16):
        views, _ = last_trick_views("rotterdam", seed, [ModelBidder(), ModelBidder(), ModelBidder(), ModelBidder()])
        for view in views:
            if view.seat in (0, 2):
                assert learning.card(view) == mixing.card(view) == cards_of(view.hand)[0]
    assert learning.bid_learner.deals >= 8 and learning.bid_learner.rule_share() < 0.2
    assert mixing.bid_learner.deals == 0


def test_partner_read_by_its_simulated_values() -> None:
    # Partner's leads among the first twelve plays are read by a softmax of the values a function gives
    # them from partner's view; the opponents' cards count nothing here (factor 1): the weight of the
    # true hands is the product of those softmax probabilities, replayed independently from the deal.
    def values(seen: View) -> list[float]:
        return [float((c * 7 + seen.hand.bit_count()) % 11) * 3 for c in range(32)]

    checked = 0
    for seed in range(6):
        bots: list[Bot] = [BasicBot(), BasicBot(), BasicBot(), BasicBot()]
        for deal, view in walk("rotterdam", seed, bots):
            if view.phase != "play" or view.seat != 0 or len(view.history) < 14:
                continue
            true = hands_of(deal)
            evidence = PlayEvidence(view, true, mismatch=1.0, partner_values=values, partner_temperature=6.0,
                                    partner_plays=12, partner_leads=True)
            replay = Deal(view.rules, view.dealer, [true[s] | view.played_by[s] for s in range(4)], view.proposed)
            for _, action in view.bids:
                replay.choose_trump(action)
            expected = 1.0
            for i, (seat, card, _) in enumerate(view.history):
                if seat == 2 and i < 12 and not replay.trick and replay.legal().bit_count() > 1:
                    seen = View.of(replay, 2)
                    odds = {c: math.exp(values(seen)[c] / 6.0) for c in cards_of(seen.legal)}
                    expected *= max(0.05, odds[card] / sum(odds.values()))
                    checked += 1
                replay.play_unchecked(card)
            assert evidence.weight(true) == pytest.approx(expected)
            break
    assert checked >= 4


def replayed_weight(view: View, true: tuple[int, int, int, int], reads: Callable[[int, int, Deal], bool],
                    values: Callable[[View], Sequence[float]], temperature: float) -> tuple[float, int]:
    """The product, over the past cards ``reads(i, seat, deal)`` picks among several legal ones, of the softmax
    probability of the card played under ``values`` from the true hand (at least 0.05), replayed from the deal."""
    replay = Deal(view.rules, view.dealer, [true[s] | view.played_by[s] for s in range(4)], view.proposed)
    for _, action in view.bids:
        replay.choose_trump(action)
    expected, read = 1.0, 0
    for i, (seat, card, _) in enumerate(view.history):
        if reads(i, seat, replay) and replay.legal().bit_count() > 1:
            seen = View.of(replay, seat)
            odds = {c: math.exp(values(seen)[c] / temperature) for c in cards_of(seen.legal)}
            expected *= max(0.05, odds[card] / sum(odds.values()))
            read += 1
        replay.play_unchecked(card)
    return expected, read


def test_opponents_read_by_their_simulated_values_then_by_the_rule() -> None:
    # The opponents' cards among the first ten plays are read by a softmax of the values a function gives
    # them from the opponent's view; their later cards and partner's count nothing (factors 1).
    def values(seen: View) -> list[float]:
        return [float((c * 5 + seen.hand.bit_count() + seen.seat) % 13) * 2 for c in range(32)]

    checked = 0
    for seed in range(6):
        bots: list[Bot] = [BasicBot(), BasicBot(), BasicBot(), BasicBot()]
        for deal, view in walk("rotterdam", seed, bots):
            if view.phase != "play" or view.seat != 0 or len(view.history) < 14:
                continue
            true = hands_of(deal)
            evidence = PlayEvidence(view, true, mismatch=1.0, opponent_values=values, opponent_temperature=5.0,
                                    opponent_plays=10)
            expected, read = replayed_weight(view, true, lambda i, seat, _: seat & 1 == 1 and i < 10, values, 5.0)
            assert evidence.weight(true) == pytest.approx(expected)
            checked += read
            break
    assert checked >= 10


def test_strong_reads_the_opponents_by_its_own_playouts() -> None:
    # StrongBot(opponent_playouts=(T, deals, plays)): before the plays run out, the evidence on the true hands
    # is the product of the softmax of its own playouts' values from each opponent's view (partner unread).
    bot = StrongBot(seed=5, opponent_playouts=(8.0, 24, 12))
    deal, view = next((d, v) for d, v in walk("rotterdam", 4, [BasicBot(), BasicBot(), BasicBot(), BasicBot()])
                      if v.phase == "play" and v.seat == 0 and 8 <= len(v.history) <= 12)
    true = hands_of(deal)
    evidence = bot.evidence(view)
    assert evidence is not None
    expected, read = replayed_weight(view, true, lambda i, seat, _: seat & 1 == 1,
                                     lambda seen: bot.simulated_values(seen, 24), 8.0)
    assert read >= 2 and evidence.weight(true) == pytest.approx(expected)


def test_simulated_partner_values_are_the_playouts_seeded_by_the_view() -> None:
    bot = StrongBot(seed=3, partner_playouts=(10.0, 64, 16, True))
    view = next(v for _, v in walk("rotterdam", 2, [BasicBot(), BasicBot(), BasicBot(), BasicBot()])
                if v.phase == "play" and len(v.history) == 4)
    state = bot.rng.getstate()
    values = bot.simulated_values(view, 64)
    assert bot.rng.getstate() == state  # reading partner draws none of the bot's random numbers
    assert bot.simulated_values(view, 64) == values
    legal = cards_of(view.legal)
    assert len(legal) > 1 and len({round(values[c], 6) for c in legal}) > 1
    # A team's final score minus the other's: within a deal's points and roem, whoever goes nat.
    assert all(-600 < values[c] < 600 for c in legal)


def test_the_signal_choice_is_the_rules_of_thumb_card_where_they_signal() -> None:
    # North's ace of spades heads the trick and South plays last, void in spades (Amsterdam: no duty to trump
    # partner's trick). South holds the highest diamond with low ones: the rules of thumb signal it with the
    # lowest diamond.
    deal = make_deal({"N": "AS KS JH 9H KD QD AC KC", "E": "7S 9S AH TH JD 9D TC JC",
                      "S": "AD 7D 8D QC 8C 7C 7H 8H", "W": "8S TS JS QS KH QH TD 9C"}, "H", "N", "amsterdam",
                     dealer="S")
    for card in ("8S", "AS", "7S"):
        deal.play(parse_card(card))
    south = View.of(deal, 2)
    assert signal_choice(south) == parse_card("7D")
    assert card_options(south)[0].code == "signal_ace"
    # Over whole deals: a signal exactly where the rules of thumb's best card is one, and that card.
    signals = 0
    for rules in ("amsterdam", "rotterdam"):
        for seed in range(12):
            for _, view in walk(rules, seed):
                if view.phase != "play":
                    continue
                top = card_options(view)[0]
                choice = signal_choice(view)
                assert choice == (top.action if top.code in SIGNAL_CODES else None)
                signals += choice is not None
    assert signals >= 5


def play_reading_partner(rules: str, seed: int, bots: list[Bot], kept: float) -> int:
    """Play a deal with ``bots``; at each of North's decisions the weight PlayEvidence gives the true hands,
    reading only South's signals kept at the rate ``kept``, must be the product over South's cards so far
    where the rules of thumb signal from South's true hand (k legal cards) of ``kept * k`` if South gave
    that signal, else ``(1 - kept) * k / (k - 1)`` (found here as the deal is played). The number of South's
    decisions where they give a signal."""
    rng = random.Random(seed)
    deal = Deal.new(Rules.parse(rules), rng.randrange(4), rng)
    while not deal.selection.done:
        seat = deal.selection.to_move
        assert seat is not None
        deal.choose_trump(bots[seat].trump(View.of(deal, seat)))
    expected = 1.0
    signalled = 0
    while not deal.is_over:
        seat = deal.turn
        view = View.of(deal, seat)
        card = bots[seat].card(view)
        if seat == 2:
            signal = signal_choice(view)
            k = view.legal.bit_count()
            if signal is not None:
                signalled += 1
                expected *= kept * k if signal == card else (1 - kept) * k / (k - 1)
        elif seat == 0:
            evidence = PlayEvidence(view, hands_of(deal), mismatch=1.0, signal_kept=kept)
            assert evidence.weight(hands_of(deal)) == pytest.approx(expected)
        deal.play(card)
    return signalled


def test_partner_signals_read_by_the_convention() -> None:
    # A partner who signals (basic) is never contradicted; one who plays at random often is.
    signalled = 0
    for seed in range(16):
        signalled += play_reading_partner("amsterdam", seed, [BasicBot(), RandomBot(seed), BasicBot(),
                                                              RandomBot(seed + 1)], 0.8)
        play_reading_partner("amsterdam", seed, [BasicBot(), RandomBot(seed), RandomBot(seed + 2),
                                                 RandomBot(seed + 1)], 0.3)
    assert signalled >= 3
    # Without a rate partner's cards are not read at all.
    deal = make_deal({"N": "AS KS JH 9H KD QD AC KC", "E": "7S 9S AH TH JD 9D TC JC",
                      "S": "AD 7D 8D QC 8C 7C 7H 8H", "W": "8S TS JS QS KH QH TD 9C"}, "H", "N", "amsterdam",
                     dealer="S")
    for card in ("8S", "AS", "7S", "AD"):  # South smears its ace instead of signalling
        deal.play(parse_card(card))
    north = View.of(deal, 0)
    assert PlayEvidence(north, hands_of(deal), mismatch=1.0).weight(hands_of(deal)) == 1.0
    read = PlayEvidence(north, hands_of(deal), mismatch=1.0, signal_kept=0.8)
    assert [(seat, card) for _, seat, card, _, _ in read.signal_decisions] == [(2, parse_card("AD"))]
    assert read.weight(hands_of(deal)) == pytest.approx(0.2 * 8 / 7)  # the seven was the signal, of 8 cards
    # From a hand with the ten of diamonds too (East's jack and West's ten for South's seven and eight) the ace
    # is the signal itself: "I hold the two highest".
    east, west = parse_hand("JD 7D"), parse_hand("TD 8D")
    other = (deal.hands[0], deal.hands[1] ^ east, deal.hands[2] ^ east ^ west, deal.hands[3] ^ west)
    assert read.weight(other) == pytest.approx(0.8 * 8)
    # From a hand with nothing to signal (the ace its only diamond, no face card of clubs) it says nothing.
    bare = make_deal({"N": "AS KS JH QC KD QD AC KC", "E": "7S 9S AH TH JD 9D 7D JC",
                      "S": "AD TC 9C 8C 7C 7H 8H 9H", "W": "8S TS JS QS KH QH TD 8D"}, "H", "N", "amsterdam",
                     dealer="S")
    for card in ("8S", "AS", "7S"):
        bare.play(parse_card(card))
    assert signal_choice(View.of(bare, 2)) is None
    bare.play(parse_card("AD"))
    assert PlayEvidence(View.of(bare, 0), hands_of(bare), mismatch=1.0, signal_kept=0.8).weight(hands_of(bare)) == 1


def test_the_signal_learner_finds_who_signals() -> None:
    signalling: list[Bot] = [BasicBot(), RandomBot(1), BasicBot(), RandomBot(2)]
    at_random: list[Bot] = [BasicBot(), RandomBot(1), RandomBot(3), RandomBot(2)]
    for bots, signals in ((signalling, True), (at_random, False)):
        learner = SignalLearner()
        assert learner.kept() == 0.5
        for seed in range(24):
            views, _ = last_trick_views("amsterdam", seed, bots)
            north = next(v for v in views if v.seat == 0)
            learner.observe(north)
            assert not learner.observe(north)  # a deal counts once
        assert learner.events >= 4
        assert learner.kept() == pytest.approx((learner.kept_count + 1) / (learner.events + 2))
        assert learner.kept() > 0.8 if signals else learner.kept() < 0.4


def test_weight_of_reads_the_signals_only_when_asked() -> None:
    deal = make_deal({"N": "AS KS JH 9H KD QD AC KC", "E": "7S 9S AH TH JD 9D TC JC",
                      "S": "AD 7D 8D QC 8C 7C 7H 8H", "W": "8S TS JS QS KH QH TD 9C"}, "H", "N", "amsterdam",
                     dealer="S")
    for card in ("8S", "AS", "7S", "QC"):  # a face card of clubs on partner's trick: "I do not hold the ace"
        deal.play(parse_card(card))
    west = View.of(deal, 3)
    assert [(s.seat, s.kind) for s in west.signals] == [(2, "stop")]
    true = hands_of(deal)
    assert weight_of(west, true) == weight_of(west, true, signals=False)
    # A sample giving South the ace of clubs (and North a low diamond of South's) contradicts the signal.
    swap = parse_hand("AC 7D")
    other = (true[0] ^ swap, true[1], true[2] ^ swap, true[3])
    assert weight_of(west, other) == pytest.approx(SIGNAL_MISMATCH * weight_of(west, other, signals=False))


def test_strong_learns_whether_partner_signals_from_its_last_cards() -> None:
    learning, reading = StrongBot(signals="learn"), StrongBot()
    for seed in range(24):
        views, _ = last_trick_views("amsterdam", seed, [BasicBot(), RandomBot(1), BasicBot(), RandomBot(2)])
        for view in views:
            if view.seat == 0:
                assert learning.card(view) == reading.card(view) == cards_of(view.hand)[0]
    assert learning.signal_learner.events >= 4 and learning.signal_learner.kept() > 0.8
    assert reading.signal_learner.events == 0
