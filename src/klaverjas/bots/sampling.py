"""Sampling the hidden hands from a view, consistently with everything it shows.

Hard constraints: the cards still unseen go to the three other seats, each gets
exactly as many as it still holds, and no seat gets a card it has shown it
cannot hold (:attr:`View.excluded`: voids, no trump when it had to trump, no
higher trump when it had to overtrump); every deal meeting them is drawn alike
often (:class:`HiddenDeals`).  Soft evidence becomes a weight per
sample: the trump choice and the passes (did the hand meet the rule of thumb
for the suit?) and the same-suit signals (does the signaller hold the card it
signalled?), and the opponents' cards: a card that the rules of thumb would
not have played from the hand a sample gives that opponent makes the sample less
likely (:class:`PlayEvidence`; most players follow those rules most of the
time, and the basic level always does); or, as an option, by the probability a
fitted card-play model gives each card played from that hand (:mod:`.play_model`).
Only the view is read, so sampling cannot see a hidden card.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..core import SUIT_MASKS, Deal, cards_of, first_lead, legal_for
from .bidding import BiddingModel, model, place_of, taken_suit
from .play_model import PlayModel, softmax
from .view import View

# How much less likely a hand is when it contradicts a bid or a signal (soft, never zero).
BID_MISMATCH = 0.3
SIGNAL_MISMATCH = 0.35
PLAY_MISMATCH = 0.3
# With the card-play model: the least probability a card played counts with, so that a player the model
# reads badly (a card it finds very unlikely) only makes the samples less sharp.
PLAY_FLOOR = 0.05
# Points of the trump model's estimate over which a bid judged by the model turns from unlikely to likely;
# partner's bids have their own width (a partner who bids by the model exactly is read by a narrower one).
MODEL_BID_SCALE = 25.0
PARTNER_BID_SCALE = MODEL_BID_SCALE
# How the opponents' bids can be read (:func:`weight_of`; ``learn`` as the strong level learns it, :class:`BidLearner`).
BID_READINGS = ("rule", "model", "mix", "learn")
# The least share of the mixture either explanation of the opponents' bids keeps when learned.
LEARN_FLOOR = 0.05


def check_bid_reading(reading: str) -> str:
    """``reading`` if it names a way to read the opponents' bids (:data:`BID_READINGS`), else ValueError."""
    if reading not in BID_READINGS:
        raise ValueError(f"opponent_bids must be one of {', '.join(BID_READINGS)}, got {reading!r}")
    return reading


@dataclass(frozen=True)
class World:
    hands: tuple[int, int, int, int]  # every seat's cards now
    weight: float


class HiddenDeals:
    """Every assignment of the unseen cards meeting the hard constraints, counted, so that one can be drawn
    with the same chance as any other.

    The cards fall into groups by the seats that may hold them (at most seven groups of three seats); an
    assignment is, per group, how many of its cards each of its seats gets and which ones.  ``ways(i, need)``
    counts the assignments of groups ``i`` onwards that fill ``need``, so each group's split can be drawn in
    proportion to the assignments it leaves for the rest.  (Dealing the most constrained cards first, each to
    a seat by the room it has left, is uniform only while the seats' options nest: late in a deal, with
    several voids known, such draws put a card at a seat up to 0.19 more or less often than uniform:
    benchmarks/sampler_bias.py.)"""

    def __init__(self, others: Sequence[int], need: Sequence[int], allowed: Sequence[int], unseen: int):
        self.others = tuple(others)
        by_seats: dict[int, list[int]] = {}
        for c in cards_of(unseen):
            seats = sum(1 << k for k in range(len(self.others)) if allowed[k] >> c & 1)
            by_seats.setdefault(seats, []).append(c)
        self.groups = [(tuple(by_seats[g]), tuple(k for k in range(len(self.others)) if g >> k & 1))
                       for g in sorted(by_seats)]
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._splits: dict[tuple[int, tuple[int, ...]], list[tuple[int, tuple[int, ...]]]] = {}
        self.need = tuple(need)
        self.total = self.ways(0, self.need)

    def splits(self, i: int, need: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        """Group ``i``'s splits that leave a way to fill ``need``: (assignments with it, the need left), each
        split being the count that each of the group's seats takes, in the group's order of seats."""
        key = (i, need)
        out = self._splits.get(key)
        if out is not None:
            return out
        cards, seats = self.groups[i]
        out = []

        def split(j: int, left: int, rest: list[int], ways: int) -> None:
            k = seats[j]
            if j == len(seats) - 1:
                if left <= rest[k]:
                    rest[k] -= left
                    after = tuple(rest)
                    rest[k] += left
                    n = ways * self.ways(i + 1, after)
                    if n:
                        out.append((n, after))
                return
            for a in range(min(left, rest[k]) + 1):
                rest[k] -= a
                split(j + 1, left - a, rest, ways * math.comb(left, a))
                rest[k] += a

        if seats:
            split(0, len(cards), list(need), 1)
        self._splits[key] = out
        return out

    def ways(self, i: int, need: tuple[int, ...]) -> int:
        if i == len(self.groups):
            return 1 if not any(need) else 0
        key = (i, need)
        n = self._ways.get(key)
        if n is None:
            n = self._ways[key] = sum(w for w, _ in self.splits(i, need))
        return n

    def draw(self, rng: random.Random) -> list[int]:
        """One assignment, every one alike likely: per seat of ``others`` its cards."""
        hands = [0] * len(self.others)
        need = self.need
        for i, (cards, _seats) in enumerate(self.groups):
            options = self.splits(i, need)
            r = rng.randrange(self.ways(i, need))
            j = 0
            while r >= options[j][0]:
                r -= options[j][0]
                j += 1
            after = options[j][1]
            shuffled = rng.sample(cards, len(cards))
            at = 0
            for k, (was, now) in enumerate(zip(need, after, strict=True)):
                for c in shuffled[at:at + was - now]:
                    hands[k] |= 1 << c
                at += was - now
            need = after
        return hands


@lru_cache(maxsize=64)  # a decision draws many deals from one view
def _hidden_deals(others: tuple[int, ...], need: tuple[int, ...], allowed: tuple[int, ...],
                  unseen: int) -> HiddenDeals:
    return HiddenDeals(others, need, allowed, unseen)


def hidden_deals(view: View) -> HiddenDeals:
    """The :class:`HiddenDeals` of the view's unseen cards."""
    others = tuple(s for s in range(4) if s != view.seat)
    need = tuple(view.hand_size(s) for s in others)
    if sum(need) != view.unseen.bit_count():
        raise ValueError("the view's card counts do not add up")
    return _hidden_deals(others, need, tuple(view.may_hold(s) for s in others), view.unseen)


def deal_hidden(view: View, rng: random.Random) -> tuple[int, int, int, int] | None:
    """One assignment of the unseen cards meeting the hard constraints, each such assignment alike likely
    (:class:`HiddenDeals`), or None if there is none."""
    deals = hidden_deals(view)
    if deals.total == 0:
        return None
    hands = [0, 0, 0, 0]
    hands[view.seat] = view.hand
    for s, h in zip(deals.others, deals.draw(rng), strict=True):
        hands[s] = h
    return (hands[0], hands[1], hands[2], hands[3])


def bid_model(view: View) -> BiddingModel | None:
    """The strong level's trump model for the view's card values, or None if it has none for them."""
    mdl = model(view.rules.values)
    return mdl if mdl.values == view.rules.values else None


def bid_likelihoods(view: View, start: Sequence[int], mdl: BiddingModel | None, by_rules: Sequence[bool],
                    by_model: Sequence[bool]) -> tuple[list[float], list[float], list[float]]:
    """Per seat, how likely its bids are from the hand ``start`` gives it as dealt: by the rules of thumb (a
    factor of :data:`BID_MISMATCH` for each bid that does not fit the hand; times the seat's normalizer, a
    probability: 1 / 1.3 a bid that fits, 0.3 / 1.3 one that does not) for the seats marked in ``by_rules``,
    and by the trump model (a logistic curve across its pass value, :data:`MODEL_BID_SCALE` points wide) for
    those marked in ``by_model`` (none without ``mdl``).  The viewer's own bids and the bids a seat had to
    make tell nothing and count 1."""
    from .basic import trump_fit

    values = view.rules.values
    first = first_lead(view.dealer, view.rules.direction)
    rule = [1.0] * 4
    rule_norm = [1.0] * 4
    modelled = [1.0] * 4
    passes = 0
    for seat, action in view.bids:
        forced = action.kind != "pass" and (view.mode == "utrecht" or passes == (3 if view.mode == "bid" else 4))
        if action.kind == "pass":
            passes += 1
        if seat == view.seat or forced:
            continue
        if mdl is not None and by_model[seat]:
            place = place_of(seat, first, view.step)
            estimates = [mdl.estimate(start[seat], s, place) for s in range(4)]
            if action.kind == "pass":
                offered = view.proposed if view.rules.offers_suit else None
                take = estimates[taken_suit(estimates, offered)]
                over = mdl.pass_value(start[seat], place, view.rules.trump_selection, estimates, offered) - take
            elif view.trump >= 0:
                # The bid took the suit on offer ("play") or named one; either is read against that suit.
                offered = view.trump if action.kind == "play" else None
                over = estimates[view.trump] - mdl.pass_value(start[seat], place, view.rules.trump_selection,
                                                              estimates, offered)
            else:
                over = 0.0
            scale = PARTNER_BID_SCALE if seat == view.partner else MODEL_BID_SCALE
            modelled[seat] *= 1 / (1 + math.exp(-over / scale))
        if by_rules[seat]:
            if action.kind == "pass":
                if view.rules.offers_suit and view.proposed is not None:
                    fits = not trump_fit(start[seat], view.proposed, values).code
                else:
                    fits = not any(trump_fit(start[seat], s, values).code for s in range(4))
            else:
                fits = view.trump < 0 or bool(trump_fit(start[seat], view.trump, values).code)
            rule[seat] *= 1.0 if fits else BID_MISMATCH
            rule_norm[seat] /= 1.0 + BID_MISMATCH
    return rule, rule_norm, modelled


@dataclass
class BidLearner:
    """Which explanation of the opponents' bids fits them, learned over a match.

    At each deal's last trick the seat knows (nearly) every hand as dealt: the cards played, its own, and
    the few still to come, which it tries every way the hard constraints allow.  The opponents' free bids
    then have a likelihood under the rules of thumb and one under the trump model; their logarithms add
    up over the deals, and the rules' share of the mixture is their posterior (an even prior), kept within
    :data:`LEARN_FLOOR` of 0 and 1 so that a player who changes his way of bidding is still read."""

    log_rule: float = 0.0
    log_model: float = 0.0
    deals: int = 0  # deals that said something
    # The last deals counted (both partners of one bot see the same deal's end; it counts once).
    seen: list[tuple[object, ...]] = field(default_factory=list)

    def rule_share(self) -> float:
        gap = max(-50.0, min(50.0, self.log_model - self.log_rule))
        return min(1 - LEARN_FLOOR, max(LEARN_FLOOR, 1 / (1 + math.exp(gap))))

    def observe(self, view: View) -> bool:
        """Learn from ``view`` if it is at its deal's last trick (and the deal not counted yet); whether it did."""
        if view.phase != "play" or len(view.tricks) != 7 or not view.bids:
            return False
        key = (view.dealer, view.bids, tuple(t.cards for t in view.tricks))
        if key in self.seen:
            return False
        mdl = bid_model(view)
        every = all_hidden(view, 24) if mdl is not None else None
        if mdl is None or not every:
            return False
        self.seen = [*self.seen[-3:], key]
        opponents = [(view.seat + 1) & 3, (view.seat + 3) & 3]
        marks = [s in opponents for s in range(4)]
        p_rule = p_model = 0.0
        for hands in every:
            start = [hands[s] | view.played_by[s] for s in range(4)]
            rule, norm, modelled = bid_likelihoods(view, start, mdl, marks, marks)
            p_rule += math.prod(rule[s] * norm[s] for s in opponents)
            p_model += math.prod(modelled[s] for s in opponents)
        if p_rule == p_model:
            return False  # no free bid of theirs (or none that tells the two apart)
        self.log_rule += math.log(p_rule / len(every))
        self.log_model += math.log(p_model / len(every))
        self.deals += 1
        return True


# How often partner is taken to give the rules of thumb's signal where they give one, before any deal is seen:
# a uniform prior on that rate, learned over a match (:class:`SignalLearner`), kept within LEARN_FLOOR of 0 and 1.
SIGNAL_PRIOR = (1.0, 1.0)


@dataclass
class SignalLearner:
    """How often partner gives the same-suit signals, learned over a match.

    At each deal's last trick the seat knows (nearly) every hand: for each discard or ruff partner made on a
    trick where the rules of thumb would have signalled from partner's hand then (:func:`.basic.signal_choice`,
    the same in every way the last hidden cards can lie), partner either gave that signal or not.  The rate at
    which it does (:meth:`kept`, the mean of a beta posterior from :data:`SIGNAL_PRIOR`) says how partner's
    signals are read (:class:`PlayEvidence` with ``signal_kept``): a partner who gives them as often as chance
    would (one legal card in so many) is not read at all, one who always does is read sharply."""

    kept_count: int = 0
    events: int = 0
    seen: list[tuple[object, ...]] = field(default_factory=list)

    def kept(self) -> float:
        yes, no = SIGNAL_PRIOR
        rate = (self.kept_count + yes) / (self.events + yes + no)
        return min(1 - LEARN_FLOOR, max(LEARN_FLOOR, rate))

    def observe(self, view: View) -> bool:
        """Learn from ``view`` if it is at its deal's last trick (and not counted yet); whether it did."""
        if view.phase != "play" or len(view.tricks) != 7 or view.trump < 0:
            return False
        key = (view.seat, view.dealer, view.bids, tuple(t.cards for t in view.tricks))
        if key in self.seen:
            return False
        every = all_hidden(view, 24)
        if not every:
            return False
        self.seen = [*self.seen[-3:], key]
        evidence = PlayEvidence(view, every[0], signal_kept=0.5)
        outcomes = [evidence.signal_events(hands) for hands in every]
        learned = False
        for i, (signal, card, _) in enumerate(outcomes[0]):
            if signal is None or any(o[i][:2] != (signal, card) for o in outcomes):
                continue  # no signal there, or it depends on where the last cards lie
            self.kept_count += signal == card
            self.events += 1
            learned = True
        return learned


def weight_of(view: View, hands: tuple[int, int, int, int], partner_bids_by_model: bool = False,
              opponent_bids: str = "rule", rule_share: float = 0.5, signals: bool = True) -> float:
    """Soft evidence: the bids and the signals under the rules of thumb every level announces.

    With ``partner_bids_by_model`` partner's bids are judged by the strong level's own trump model
    instead (a partner that bids like this bot: it takes a suit when the model's estimate beats the
    pass value), each as a likelihood falling smoothly across the pass value.  ``opponent_bids`` says how
    the opponents' bids are judged: by the rules of thumb (``"rule"``), by that model (``"model"``: they
    bid like this bot), or by a mixture of the two explanations of each opponent's bids (``"mix"`` and
    ``"learn"``: whichever fits the hand better counts more), the rules' explanation with ``rule_share``
    of it (even for ``"mix"``; for ``"learn"`` the caller's :class:`BidLearner` says).  Without ``signals``
    the discards on partner's trick are not read as same-suit signals here (:class:`PlayEvidence` may read
    partner's by the convention instead)."""
    check_bid_reading(opponent_bids)
    w = 1.0
    mdl = bid_model(view) if partner_bids_by_model or opponent_bids != "rule" else None
    reading = ["rule"] * 4
    if mdl is not None:
        reading[view.partner] = "model" if partner_bids_by_model else "rule"
        reading[(view.seat + 1) & 3] = reading[(view.seat + 3) & 3] = opponent_bids
    if opponent_bids == "mix":
        rule_share = 0.5
    start = [hands[s] | view.played_by[s] for s in range(4)]  # the hands as dealt
    by_rule, rule_norm, by_model = bid_likelihoods(view, start, mdl, [r != "model" for r in reading],
                                                   [r != "rule" for r in reading])
    for seat in range(4):
        if reading[seat] == "rule":
            w *= by_rule[seat]
        elif reading[seat] == "model":
            w *= by_model[seat]
        else:
            w *= rule_share * by_rule[seat] * rule_norm[seat] + (1 - rule_share) * by_model[seat]
    for sig in view.signals if signals else ():
        if sig.seat == view.seat:
            continue
        suit = sig.card >> 3
        top = view.highest_left(suit)
        if top < 0 or view.hand >> top & 1:
            continue
        holds = bool(hands[sig.seat] >> top & 1)
        if holds != (sig.kind in ("ace", "second")):  # a stop signal denies the top card
            w *= SIGNAL_MISMATCH
    return w


# What the rules of thumb play at one past decision from one hand: (plays before it, hand) -> card; with
# the card-play model, the probability of the card played there instead.
ChoiceCache = dict[tuple[tuple[int, ...], int], int]
LikelihoodCache = dict[tuple[tuple[int, ...], int], float]
# The same-suit signal the rules of thumb give at one past decision from one hand (None: none there).
SignalCache = dict[tuple[tuple[int, ...], int], int | None]
# A past decision of another seat: (the table as that seat saw it, its seat, the card it chose, the cards it
# played from then on, the plays before it).
Decision = tuple[View, int, int, int, tuple[int, ...]]


class PlayEvidence:
    """The opponents' past card decisions of a view, to weigh samples by.

    For each card an opponent chose among several legal ones, a sample gives that opponent a
    hand at that moment (its cards now plus those it played since); if the rules of thumb
    (:func:`.basic.card_choice`) would have played another card from it, the sample's weight is
    multiplied by ``mismatch``.  Each past decision is seen from the opponent's side: the public
    table of that moment with the sample's hand (:meth:`View.with_hand`).  The choices are
    cached by the plays before the decision and the hand, so a deal's later decisions reuse them
    (a cache serves one deal: pass a new one for the next).

    With a card-play ``model`` the factor of each such decision is instead the model's probability
    of the card played, from the sample's hand (at least ``floor``): the likelihood of the
    opponents' cards under the model, cached alike in ``likelihoods``.  A ``partner_model`` reads
    partner's cards the same way (a model of how this player itself chooses: partner plays like it).
    """

    def __init__(self, view: View, hands: tuple[int, int, int, int], cache: ChoiceCache | None = None,
                 mismatch: float = PLAY_MISMATCH, model: PlayModel | None = None,
                 likelihoods: LikelihoodCache | None = None, floor: float = PLAY_FLOOR,
                 partner_mismatch: float | None = None, partner_model: PlayModel | None = None,
                 partner_values: Callable[[View], Sequence[float]] | None = None,
                 partner_temperature: float = 10.0, partner_plays: int = 32, partner_leads: bool = False,
                 opponent_values: Callable[[View], Sequence[float]] | None = None,
                 opponent_temperature: float = 10.0, opponent_plays: int = 32,
                 signal_kept: float | None = None, signals: SignalCache | None = None):
        """``hands``: any sample consistent with the view (the public table is replayed with it).
        ``partner_mismatch``: partner's cards are read by the rules of thumb too, with this factor (None: not);
        ``partner_model``: read by that model instead; ``partner_values``: read by how partner, playing as
        this player does, would have valued its cards from the sample's hand (per card of the table it is
        given; partner's card then has the probability of a softmax of those values over its legal cards,
        ``partner_temperature`` points to a factor e, at least ``floor``), for partner's cards (with
        ``partner_leads`` only its leads) among the first ``partner_plays`` of the deal.  ``opponent_values``
        reads the opponents' cards among the deal's first ``opponent_plays`` the same way (a search player's
        values of its cards, ``opponent_temperature``), their later cards as before.  ``signal_kept``: where
        partner's cards are not read otherwise, its discards and ruffs on a trick are read by the same-suit
        signal convention, partner giving the rules of thumb's signal (:func:`.basic.signal_choice`) with this
        probability where they give one, else any other of its k legal cards alike; where they give none, any
        of the k alike.  So a card counts ``signal_kept * k`` where it is the signal of the sample's hand,
        ``(1 - signal_kept) * k / (k - 1)`` where the hand had another signal, and 1 where it had none (the
        signals cached in ``signals``)."""
        self.mismatch = mismatch
        self.partner_mismatch = partner_mismatch
        self.partner_model = partner_model
        self.partner_values = partner_values
        self.partner_temperature = partner_temperature
        self.opponent_values = opponent_values
        self.opponent_temperature = opponent_temperature
        self.opponent_plays = opponent_plays
        self.signal_kept = signal_kept
        self.signals: SignalCache = {} if signals is None else signals
        reads_partner = partner_mismatch is not None or partner_model is not None or partner_values is not None
        self.team = view.team
        self.cache: ChoiceCache = {} if cache is None else cache
        self.model = model
        self.likelihoods: LikelihoodCache = {} if likelihoods is None else likelihoods
        self.floor = floor
        # (the table as that opponent saw it, its seat, the card it chose, the cards it played from then on,
        # the plays before it)
        self.decisions: list[Decision] = []
        # Partner's cards read only as same-suit signals (with ``signal_kept``).
        self.signal_decisions: list[Decision] = []
        if view.phase != "play" or view.trump < 0:
            return
        deal = Deal(view.rules, view.dealer, [hands[s] | view.played_by[s] for s in range(4)], view.proposed,
                    view.carry)
        for _, action in view.bids:
            deal.choose_trump(action)
        if not deal.selection.done:  # trump set without a selection (a record, a test)
            deal.set_trump(view.trump, view.maker)
        plays = [card for _, card, _ in view.history]
        later = list(view.played_by)
        for i, card in enumerate(plays):
            seat = deal.turn
            if seat & 1 != view.team:
                read = True  # an opponent's card
            elif seat == view.seat:
                read = False
            elif partner_values is not None:
                read = i < partner_plays and not (partner_leads and deal.trick)
            else:
                read = reads_partner
            if read:
                self.decisions.append((View.of(deal, seat), seat, card, later[seat], tuple(plays[:i])))
            elif signal_kept is not None and seat == view.partner and deal.trick \
                    and card >> 3 != deal.trick[0] >> 3:
                self.signal_decisions.append((View.of(deal, seat), seat, card, later[seat], tuple(plays[:i])))
            later[seat] &= ~(1 << card)  # from here on: the cards it plays after this one
            deal.play_unchecked(card)

    def weight(self, hands: tuple[int, int, int, int]) -> float:
        from .basic import card_choice

        w = 1.0
        for table, seat, card, later, before in self.decisions:
            hand = hands[seat] | later
            legal = legal_for(table.rules, table.trump, hand, table.trick)
            if not legal & (legal - 1):
                continue
            key = (before, hand)
            opponent = seat & 1 != self.team
            if opponent and self.opponent_values is not None and len(before) < self.opponent_plays:
                values, temperature = self.opponent_values, self.opponent_temperature
            elif not opponent and self.partner_values is not None:
                values, temperature = self.partner_values, self.partner_temperature
            else:
                values = None
            if values is not None:
                p = self.likelihoods.get(key)
                if p is None:
                    seen = table.with_hand(hand, legal)
                    p = self.likelihoods[key] = max(self.floor, simulated(values(seen), seen.legal, card, temperature))
                w *= p
                continue
            model = self.model if opponent else self.partner_model
            if model is not None:
                # The key's plays before the decision name the seat, so opponents' and partner's
                # likelihoods share the cache without meeting.
                p = self.likelihoods.get(key)
                if p is None:
                    seen = table.with_hand(hand, legal)
                    p = self.likelihoods[key] = max(self.floor, model.probabilities(seen, card_choice(seen))[card])
                w *= p
                continue
            choice = self.cache.get(key)
            if choice is None:
                choice = self.cache[key] = card_choice(table.with_hand(hand, legal))
            if choice != card:
                w *= self.mismatch if opponent or self.partner_mismatch is None else self.partner_mismatch
        if self.signal_kept is not None:
            kept = self.signal_kept
            for signal, card, legal in self.signal_events(hands):
                if signal is not None:
                    w *= kept * legal if signal == card else (1 - kept) * legal / (legal - 1)
        return w

    def signal_events(self, hands: tuple[int, int, int, int]) -> list[tuple[int | None, int, int]]:
        """For each of partner's cards read as a signal (:attr:`signal_decisions`, in order): the signal the
        rules of thumb give from the hand ``hands`` gives partner then (None: none there, as where it had
        one legal card), the card partner played, and how many legal cards it had."""
        from .basic import signal_choice

        out: list[tuple[int | None, int, int]] = []
        for table, seat, card, later, before in self.signal_decisions:
            hand = hands[seat] | later
            legal = legal_for(table.rules, table.trump, hand, table.trick)
            key = (before, hand)
            if key not in self.signals:
                self.signals[key] = signal_choice(table.with_hand(hand, legal))
            out.append((self.signals[key], card, legal.bit_count()))
        return out


def simulated(values: Sequence[float], legal: int, card: int, temperature: float) -> float:
    """The probability of ``card`` by a softmax of a player's ``values`` over its ``legal`` cards."""
    return softmax({c: values[c] for c in cards_of(legal)}, temperature)[card]


def sample_worlds(view: View, n: int, rng: random.Random, evidence: PlayEvidence | None = None,
                  partner_bids_by_model: bool = False, opponent_bids: str = "rule",
                  rule_share: float = 0.5, signals: bool = True) -> list[World]:
    """Up to ``n`` samples of every seat's hand with their weights (with the play evidence if given; the
    bids and signals weighed as :func:`weight_of` says)."""
    worlds = []
    for _ in range(n):
        hands = deal_hidden(view, rng)
        if hands is None:
            break
        w = weight_of(view, hands, partner_bids_by_model, opponent_bids, rule_share, signals)
        if evidence is not None:
            w *= evidence.weight(hands)
        worlds.append(World(hands, w))
    return worlds


def all_hidden(view: View, limit: int) -> list[tuple[int, int, int, int]] | None:
    """Every assignment of the unseen cards meeting the hard constraints, or None if there are more
    than ``limit`` (late in a deal there are few: at most 90 with two tricks left)."""
    others = [s for s in range(4) if s != view.seat]
    need = [view.hand_size(s) for s in others]
    allowed = [view.may_hold(s) for s in others]
    cards = sorted(cards_of(view.unseen), key=lambda c: sum(a >> c & 1 for a in allowed))
    out: list[tuple[int, int, int, int]] = []
    hands = [0, 0, 0]

    def place(i: int) -> bool:
        if i == len(cards):
            full = [0, 0, 0, 0]
            full[view.seat] = view.hand
            for s, h in zip(others, hands, strict=True):
                full[s] = h
            out.append((full[0], full[1], full[2], full[3]))
            return len(out) <= limit
        c = cards[i]
        for k in range(3):
            if need[k] and allowed[k] >> c & 1:
                need[k] -= 1
                hands[k] |= 1 << c
                ok = place(i + 1)
                hands[k] &= ~(1 << c)
                need[k] += 1
                if not ok:
                    return False
        return True

    return out if place(0) else None


def suit_counts(hands: tuple[int, int, int, int]) -> list[list[int]]:
    return [[(h & SUIT_MASKS[s]).bit_count() for s in range(4)] for h in hands]
