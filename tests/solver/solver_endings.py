"""Seeded position generators shared by the solver tests."""

from __future__ import annotations

import random

from klaverjas.core import Deal, Rules
from klaverjas.core.tables import TABLES
from klaverjas.solver import Position

RULE_SETS = ["amsterdam", "rotterdam", "sa", "strict", "rotterdam(rotterdam_undertrump=false)",
             "amsterdam(four_low_ranks=100)", "amsterdam(trump_selection=last_card)"]


def played_ending(seed: int, rules_text: str, max_left: int = 12) -> Position:
    """An ending reached by random legal play of a random deal (at most ``max_left`` cards left)."""
    rng = random.Random(seed)
    rules = Rules.parse(rules_text)
    deal = Deal.new(rules, rng.randrange(4), seed=rng.randrange(1 << 30))
    deal.set_trump(rng.randrange(4), rng.randrange(4))
    for _ in range(rng.randrange(32 - max_left, 32)):
        legal = deal.legal()
        deal.play(rng.choice([c for c in range(32) if legal >> c & 1]))
    return Position.from_deal(deal)


def mid_deal(rules_text: str, seed: int, cards: int) -> Position:
    """A random deal (trump and makers random where the rules do not deal them) after ``cards`` random
    legal cards."""
    rules = Rules.parse(rules_text)
    rng = random.Random(seed)
    deal = Deal.new(rules, rng.randrange(4), seed=rng.randrange(1 << 30))
    if deal.trump < 0:
        deal.set_trump(rng.randrange(4), rng.randrange(4))
    for _ in range(cards):
        legal = deal.legal()
        deal.play(rng.choice([c for c in range(32) if legal >> c & 1]))
    return Position.from_deal(deal)


def synthetic_ending(seed: int, rules_text: str, max_tricks_left: int = 3) -> Position:
    """Any consistent ending: random remaining cards and random figures for the tricks already won,
    biased towards the cases that matter for the real objective (pit still possible, totals near nat)."""
    rng = random.Random(seed)
    rules = Rules.parse(rules_text)
    left = rng.randint(1, max_tricks_left)
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[4 * left * 0 + s * left:(s + 1) * left]) for s in range(4)]
    gone = deck[4 * left:]
    trump = rng.randrange(4)
    done = 8 - left
    pts = sum(TABLES[rules.values].points[trump][c] for c in gone)
    r = rng.random()
    ns_tricks = done if r < 0.2 else 0 if r < 0.4 else rng.randint(1, done - 1)
    ns_points = pts if ns_tricks == done else 0 if ns_tricks == 0 else rng.randint(0, pts)
    roem = [rng.choice([0, 0, 0, 20, 40, 50, 100]) for _ in range(2)]
    if ns_tricks == 0:
        roem[0] = 0
    if ns_tricks == done:
        roem[1] = 0
    leader = rng.randrange(4)
    makers = rng.randrange(2) if rules.has_makers else None
    pos = Position(rules, trump, makers, (hands[0], hands[1], hands[2], hands[3]), leader, (),
                   (ns_points, pts - ns_points), (roem[0], roem[1]), (ns_tricks, done - ns_tricks))
    for _ in range(rng.randrange(4)):  # a few cards into the trick, by legal play
        legal = pos.legal()
        pos = pos.play(rng.choice([c for c in range(32) if legal >> c & 1]))
        if pos.trick == ():
            break
    return pos
