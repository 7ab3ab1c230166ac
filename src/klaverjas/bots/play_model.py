"""A fitted model of how players choose their cards, for reading the opponents' hands.

``P(card | the table as the player saw it, the hand it held)``: a softmax over the legal cards of a
linear score of each card's features in its situation (:func:`card_features`: is it the basic
level's choice, its points, does it win the trick now, is it the highest or lowest legal card of its
suit, ...).  Features that are alike for every card of a decision (the position in the trick, the
trick's points) enter only through their products with card features, since a softmax ignores what
all its options share.  Fitted by tools/fit_play.py on play logs of several kinds of players
(tools/play_data.py); the weights live in ``play_model.json``.  Pure Python at play time.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..core import SUIT_MASKS, TABLES, cards_of, trick_view
from .view import View

FEATURES = (
    # leads
    "lead_basic",  # the basic level's choice
    "lead_points",  # card points / 10
    "lead_trump",
    "lead_trump_ours",  # a trump led by the makers' side
    "lead_boss",  # the highest card of its suit still out
    "lead_high",  # the highest card the hand holds of its suit
    "lead_low",  # the lowest card the hand holds of its suit (and not the highest)
    "lead_length",  # cards of its suit in the hand / 8
    "lead_bare_ten",  # a ten whose ace is still out
    "lead_boss_trump",  # the highest trump still out
    # follows
    "follow_basic",
    "follow_points",
    "follow_trump",  # a trump (the led suit or not)
    "follow_ruff",  # a trump on a plain suit led
    "wins",  # heads the trick once played
    "wins_last",  # heads it as the last card: the trick is won
    "wins_partner",  # takes the trick over from partner
    "wins_trick_points",  # heads it: the trick's points so far / 10
    "partner_points",  # partner heads the trick: card points / 10 (smearing)
    "opponent_points",  # an opponent heads and this card does not beat it: card points / 10
    "follow_high",  # the highest legal card of its suit
    "follow_low",  # the lowest legal card of its suit (and not the highest)
    "follow_boss",  # the highest card of its suit still out
    "discard",  # neither the led suit nor trump
    "roem",  # roem the trick holds once played / 20, more than without it
    "wins_points",  # heads the trick: card points / 10
)


def card_features(view: View, choice: int) -> dict[int, list[float]]:
    """Per legal card of ``view`` (a seat to play with its hand), its features; ``choice``: the
    basic level's card for that view (:func:`.basic.card_choice`)."""
    from .basic import Table

    legal = cards_of(view.legal)
    tab = TABLES[view.rules.values]
    t = Table(view)
    trump = view.trump
    st, pts = t.st, t.pts
    played = view.played
    hand = view.hand
    out: dict[int, list[float]] = {}
    if not view.trick:
        ours = view.makers == view.team
        for c in legal:
            suit = c >> 3
            in_suit = hand & SUIT_MASKS[suit]
            mine = cards_of(in_suit)
            high = all(st[c] >= st[x] for x in mine)
            low = not high and all(st[c] <= st[x] for x in mine)
            left = SUIT_MASKS[suit] & ~played & ~hand
            boss = all(st[c] > st[x] for x in cards_of(left))
            is_trump = suit == trump
            ten_open = False
            if not is_trump and pts[c] == 10:
                # A plain ten whose ace is neither played nor in the hand.
                ace = next((x for x in cards_of(SUIT_MASKS[suit]) if pts[x] == 11), -1)
                ten_open = ace >= 0 and not (played | hand) >> ace & 1
            f = [0.0] * len(FEATURES)
            f[0] = float(c == choice)
            f[1] = pts[c] / 10
            f[2] = float(is_trump)
            f[3] = float(is_trump and ours)
            f[4] = float(boss)
            f[5] = float(high)
            f[6] = float(low)
            f[7] = in_suit.bit_count() / 8
            f[8] = float(ten_open)
            f[9] = float(boss and is_trump)
            out[c] = f
        return out
    tv = trick_view(view.trick, trump, tab)
    last = len(view.trick) == 3
    trick_pts = sum(pts[x] for x in view.trick) / 10
    roem_before = t.roem(view.trick)
    # Per suit, the strongest and weakest legal cards.
    by_suit: dict[int, list[int]] = {}
    for c in legal:
        by_suit.setdefault(c >> 3, []).append(c)
    for c in legal:
        suit = c >> 3
        same = by_suit[suit]
        high = all(st[c] >= st[x] for x in same)
        low = not high and all(st[c] <= st[x] for x in same)
        left = SUIT_MASKS[suit] & ~played & ~hand
        boss = all(st[c] > st[x] for x in cards_of(left))
        wins = t.beats(c, tv.win)
        is_trump = suit == trump
        p = pts[c] / 10
        f = [0.0] * len(FEATURES)
        f[10] = float(c == choice)
        f[11] = p
        f[12] = float(is_trump)
        f[13] = float(is_trump and tv.led != trump)
        f[14] = float(wins)
        f[15] = float(wins and last)
        f[16] = float(wins and tv.partner_winning)
        f[17] = trick_pts if wins else 0.0
        f[18] = p if tv.partner_winning and not wins else 0.0
        f[19] = p if not tv.partner_winning and not wins else 0.0
        f[20] = float(high)
        f[21] = float(low)
        f[22] = float(boss)
        f[23] = float(suit != tv.led and not is_trump)
        f[24] = max(0, t.roem((*view.trick, c)) - roem_before) / 20
        f[25] = p if wins else 0.0
        out[c] = f
    return out


@dataclass(frozen=True)
class PlayModel:
    coef: tuple[float, ...]  # per feature of FEATURES
    rules: str  # the preset of the data it was fitted on
    decisions: int  # decisions in the fitting data

    def probabilities(self, view: View, choice: int) -> dict[int, float]:
        """Per legal card of ``view``, the model's probability that the seat plays it."""
        feats = card_features(view, choice)
        return softmax({c: sum(w * x for w, x in zip(self.coef, f, strict=True) if x) for c, f in feats.items()})


def softmax(scores: dict[int, float], scale: float = 1.0) -> dict[int, float]:
    """Per card, the probability of a softmax of ``scores`` (``scale`` of a score to a factor e)."""
    top = max(scores.values())
    odds = {c: math.exp((s - top) / scale) for c, s in scores.items()}
    total = sum(odds.values())
    return {c: o / total for c, o in odds.items()}


def parse_model(text: str) -> PlayModel:
    """A model from its JSON form (as tools/fit_play.py writes it)."""
    data = json.loads(text)
    if tuple(data["features"]) != FEATURES:
        raise ValueError("the card-play model was fitted for other features: run tools/fit_play.py")
    return PlayModel(tuple(float(x) for x in data["coef"]), data["rules"], int(data["decisions"]))


@cache
def model() -> PlayModel:
    """The fitted card-play model (``play_model.json`` beside this module)."""
    return parse_model(resources.files(__package__).joinpath("play_model.json").read_text())
