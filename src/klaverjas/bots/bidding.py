"""The strong player's trump decisions: an estimate of what a suit is worth as trump.

A linear model, fitted by ``tools/fit_bidding.py`` on double-dummy solutions of seeded deals
(``tools/bidding_data.py``), predicts the deal result for the makers' team (their final score
minus the defenders', nat counted as losing everything) from the hand and the maker's place
at the table.  The coefficients live in ``bidding_model.json`` beside this file; the features
are computed here, so the fitter and the player share them.  The rules of thumb of the
``basic`` level stay the explanation's anchor; the estimate is the figure.

A suit is taken when its estimate beats what a pass is worth: a fixed value per place, or, for each selection a
pass model was fitted for (``tools/fit_pass.py``: Rotterdam's free one, Amsterdam's proposed suit, the bidding of
``strict``), the estimate of the suit it would take (the best one, or the one on offer) less the fitted advantage
of taking it, which follows the hand (aces and tens defend, and the seats after it decide too).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

# Ranks as in klaverjas.core.cards: 7 8 9 T J Q K A = 0..7.
_SEVEN, _EIGHT, _NINE, _TEN, _JACK, _QUEEN, _KING, _ACE = range(8)

FEATURES = (
    "trump_J", "trump_9", "trump_A", "trump_T", "trump_K", "trump_Q", "trump_8", "trump_7",
    "trumps_ge4", "trumps_ge5", "trumps_ge6", "jack_and_nel",
    "side_aces", "side_tens_with_ace", "side_tens_covered", "side_tens_bare", "side_kings",
    "voids", "singletons", "leads_x_trumps",
    # Shape: few trumps with high ones go nat far more often than their cards' points say (a bare jack
    # over a long strong side suit), and voids ruff only with trumps to ruff.
    "trumps_1", "trumps_2", "trumps_3", "jack_short", "nel_short", "top_trumps", "side_long_ace",
    "side_long_ace_short_trumps", "voids_x_trumps", "side_aces_short_trumps",
    "seat0", "seat1", "seat2", "seat3",
)


def place_of(seat: int, first_leader: int, step: int) -> int:
    """A seat's place counted in the direction of play (``step`` 1 or 3) from the first lead seat."""
    return ((seat - first_leader) * step) % 4


def features(hand: int, suit: int, place: int) -> list[float]:
    """The model's inputs for ``hand`` with ``suit`` as trump; ``place`` is the maker's seat counted
    in the direction of play from the first lead seat (0 = the maker leads the first trick)."""
    trumps = (hand >> (8 * suit)) & 0xFF
    n = trumps.bit_count()
    f = [float(trumps >> r & 1) for r in (_JACK, _NINE, _ACE, _TEN, _KING, _QUEEN, _EIGHT, _SEVEN)]
    f += [float(n >= 4), float(n >= 5), float(n >= 6), float(trumps >> _JACK & trumps >> _NINE & 1)]
    aces = tens_ace = tens_cov = tens_bare = kings = voids = singles = 0
    for s in range(4):
        if s == suit:
            continue
        cards = (hand >> (8 * s)) & 0xFF
        length = cards.bit_count()
        ace, ten = cards >> _ACE & 1, cards >> _TEN & 1
        aces += ace
        kings += cards >> _KING & 1
        if ten:
            if ace:
                tens_ace += 1
            elif length >= 2:
                tens_cov += 1
            else:
                tens_bare += 1
        voids += length == 0
        singles += length == 1 and not ace
    f += [float(aces), float(tens_ace), float(tens_cov), float(tens_bare), float(kings), float(voids),
          float(singles), float(n if place == 0 else 0)]
    short = n <= 2
    top = 0
    for r in (_JACK, _NINE, _ACE, _TEN, _KING, _QUEEN, _EIGHT, _SEVEN):
        if not trumps >> r & 1:
            break
        top += 1
    # The longest side suit headed by its ace: the suit a hand with it would rather make trump.
    long_ace = max((((hand >> (8 * s)) & 0xFF).bit_count() for s in range(4)
                    if s != suit and hand >> (8 * s + _ACE) & 1), default=0)
    f += [float(n == 1), float(n == 2), float(n == 3), float(short and trumps >> _JACK & 1),
          float(short and trumps >> _NINE & 1), float(top), float(long_ace), float(long_ace if short else 0),
          float(voids * n), float(aces if short else 0)]
    f += [float(place == p) for p in range(4)]
    return f


def inputs(hand: int, suit: int, place: int) -> list[float]:
    """The network's inputs: the trump suit's eight cards, the three side suits' cards (longest and
    strongest first, so equal shapes look alike), and the linear model's features (place included)."""
    trumps = (hand >> (8 * suit)) & 0xFF
    sides = sorted(((hand >> (8 * s)) & 0xFF for s in range(4) if s != suit),
                   key=lambda c: (c.bit_count(), c), reverse=True)
    bits = [float(trumps >> r & 1) for r in range(8)]
    for cards in sides:
        bits += [float(cards >> r & 1) for r in range(8)]
    return bits + features(hand, suit, place)


@dataclass(frozen=True)
class Network:
    """One hidden layer of rectified units: ``out . relu(w1 x + b1) + b0`` (fitted by tools/fit_bidding.py)."""
    w1: tuple[tuple[float, ...], ...]  # per input, its weight to every hidden unit
    b1: tuple[float, ...]
    out: tuple[float, ...]
    b0: float

    def __call__(self, x: list[float]) -> float:
        h = list(self.b1)
        for xi, row in zip(x, self.w1, strict=True):
            if xi:
                for j, wij in enumerate(row):
                    h[j] += xi * wij
        return self.b0 + sum(o * v for o, v in zip(self.out, h, strict=True) if v > 0)


PASS_FEATURES = (
    "bias", "take", "other1", "other2",
    "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces",
    "voids", "longest",
)


def taken_suit(estimates: list[float], offered: int | None) -> int:
    """The suit taking means: the one on offer (``offered``), or else the best estimate's."""
    return max(range(4), key=lambda s: estimates[s]) if offered is None else offered


def pass_features(hand: int, estimates: list[float], offered: int | None = None) -> list[float]:
    """The pass model's inputs: the estimate of the suit taking means (:func:`taken_suit`) and the two best of
    the others (in hundreds, best first), the hand's cards of each rank and its shape."""
    take = taken_suit(estimates, offered)
    others = sorted((estimates[s] for s in range(4) if s != take), reverse=True)
    lengths = [((hand >> (8 * s)) & 0xFF).bit_count() for s in range(4)]
    ranks = [float(sum(hand >> (8 * s + r) & 1 for s in range(4))) for r in range(8)]
    return [1.0, estimates[take] / 100, others[0] / 100, others[1] / 100, *ranks, float(lengths.count(0)),
            float(max(lengths))]


@dataclass(frozen=True)
class PassModel:
    """Whether taking a suit beats passing, by place: fitted (``tools/fit_pass.py``) on what the deal comes to
    when the seat passes and the others decide by the model, for one way of choosing trump."""

    selection: str  # the rules' trump selection it was fitted for
    coef: tuple[tuple[float, ...] | None, ...]  # per place, over PASS_FEATURES (None: that place never may pass)

    def advantage(self, hand: int, place: int, estimates: list[float], offered: int | None = None) -> float:
        """The expected gain of taking the suit (``offered``, or the best) over passing."""
        coef = self.coef[place]
        if coef is None:
            raise ValueError(f"the {self.selection} pass model has nothing for place {place}, which never may pass")
        return sum(c * x for c, x in zip(coef, pass_features(hand, estimates, offered), strict=True))


@dataclass(frozen=True)
class BiddingModel:
    rules: str  # the preset the data came from
    values: str  # card values the model applies to
    coef: tuple[float, ...]
    threshold: tuple[float, ...]  # per place: play a suit when its estimate is above this
    deals: int  # deals in the fitting data
    rmse: float
    network: Network | None = None  # when given, the estimate is the network's (coef is then unused)
    pick: tuple[int, ...] | None = None  # the positions in FEATURES of coef's features (None: all, in order)
    passing: tuple[PassModel, ...] = ()  # a pass value by hand, per trump selection (others: the place's threshold)

    def estimate(self, hand: int, suit: int, place: int) -> float:
        """Expected makers' result (makers' score minus defenders', nat included) with this trump."""
        if self.network is not None:
            return self.network(inputs(hand, suit, place))
        f = features(hand, suit, place)
        if self.pick is not None:
            f = [f[i] for i in self.pick]
        return sum(c * x for c, x in zip(self.coef, f, strict=True))

    def pass_value(self, hand: int, place: int, selection: str, estimates: list[float] | None = None,
                   offered: int | None = None) -> float:
        """What a pass is worth to this hand: the place's threshold, or where a pass model was fitted for this
        trump selection and place, the estimate of the suit taking means (``offered``, the suit on offer, or
        the best) less the advantage of taking it (``estimates``: the four suits', when the caller has them)."""
        fitted = next((p for p in self.passing if p.selection == selection and p.coef[place] is not None), None)
        if fitted is None:
            return self.threshold[place]
        if estimates is None:
            estimates = [self.estimate(hand, s, place) for s in range(4)]
        return estimates[taken_suit(estimates, offered)] - fitted.advantage(hand, place, estimates, offered)


def parse_model(text: str) -> BiddingModel:
    """A model from its JSON form (as tools/fit_bidding.py writes it)."""
    data = json.loads(text)
    names = tuple(data["features"])
    net = data.get("network")
    if not set(names) <= set(FEATURES) or (net is not None and names != FEATURES):
        raise ValueError("the trump model was fitted for other features: run tools/fit_bidding.py")
    pick = None if names == FEATURES else tuple(FEATURES.index(n) for n in names)
    network = None if net is None else Network(tuple(tuple(r) for r in net["w1"]), tuple(net["b1"]),
                                                 tuple(net["out"]), float(net["b0"]))
    passing = []
    if not isinstance(data.get("pass", []), list):
        raise ValueError("the pass model is in an older form: run tools/fit_pass.py")
    for part in data.get("pass", []):
        if tuple(part["features"]) != PASS_FEATURES:
            raise ValueError("the pass model was fitted for other features: run tools/fit_pass.py")
        passing.append(PassModel(part["selection"], tuple(None if c is None else tuple(c) for c in part["coef"])))
    return BiddingModel(data["rules"], data["values"], tuple(data["coef"]), tuple(data["threshold"]),
                        data["deals"], data["rmse"], network, pick, tuple(passing))


# One model per card values: Dutch (bidding_model.json) and South African (bidding_model_sa.json).
MODEL_FILES = {"dutch": "bidding_model.json", "sa": "bidding_model_sa.json"}


@cache
def model(values: str = "dutch") -> BiddingModel:
    """The trump model for these card values (the Dutch one when there is none for them)."""
    name = MODEL_FILES.get(values, MODEL_FILES["dutch"])
    path = resources.files(__package__).joinpath(name)
    if not path.is_file():
        path = resources.files(__package__).joinpath(MODEL_FILES["dutch"])
    return parse_model(path.read_text())
