"""The strong player's trump decisions: an estimate of what a suit is worth as trump.

A linear model, fitted by ``tools/fit_bidding.py`` on double-dummy solutions of seeded deals
(``tools/bidding_data.py``), predicts the deal result for the makers' team (their final score
minus the defenders', nat counted as losing everything) from the hand and the maker's place
at the table.  The coefficients live in ``bidding_model.json`` beside this file; the features
are computed here, so the fitter and the player share them.  The rules of thumb of the
``basic`` level stay the explanation's anchor; the estimate is the figure.
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
    f += [float(place == p) for p in range(4)]
    return f


@dataclass(frozen=True)
class BiddingModel:
    rules: str  # the preset the data came from
    values: str  # card values the model applies to
    coef: tuple[float, ...]
    threshold: tuple[float, ...]  # per place: play a suit when its estimate is above this
    deals: int  # deals in the fitting data
    rmse: float

    def estimate(self, hand: int, suit: int, place: int) -> float:
        """Expected makers' result (makers' score minus defenders', nat included) with this trump."""
        return sum(c * x for c, x in zip(self.coef, features(hand, suit, place), strict=True))


@cache
def model() -> BiddingModel:
    data = json.loads(resources.files(__package__).joinpath("bidding_model.json").read_text())
    if tuple(data["features"]) != FEATURES:
        raise ValueError("bidding_model.json was fitted for other features: run tools/fit_bidding.py")
    return BiddingModel(data["rules"], data["values"], tuple(data["coef"]), tuple(data["threshold"]),
                        data["deals"], data["rmse"])
