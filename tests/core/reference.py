"""A slow, obvious reference for the rules of docs/rules.md, written apart from the engine.

Nothing here imports ``klaverjas``: cards are small objects with a rank and a suit letter,
hands are Python sets, and the legal-play rules are transcribed row by row from the table of
docs/rules.md §3 for each variant.  The tests compare the engine's masks against these sets.
Only :func:`to_int` / :func:`from_int` know the engine's numbering (suit * 8 + rank), so that
both can be fed the same positions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SUIT_LETTERS = ("C", "D", "H", "S")
RANK_LETTERS = ("7", "8", "9", "T", "J", "Q", "K", "A")  # the natural order, used for runs

# docs/rules.md §2, high to low.
ORDERS = {
    "dutch": {"trump": "J 9 A T K Q 8 7".split(), "plain": "A T K Q J 9 8 7".split()},
    "sa": {"trump": "J 9 A K Q T 8 7".split(), "plain": "A K Q J T 9 8 7".split()},
}
POINTS = {
    "dutch": {"trump": {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3},
              "plain": {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}},
    "sa": {"trump": {"J": 20, "9": 14, "A": 11, "K": 3, "Q": 2, "T": 10},
           "plain": {"A": 11, "K": 3, "Q": 2, "J": 1, "T": 10}},
}
LAST_TRICK = {"dutch": 10, "sa": 5}

# docs/rules.md §8: what the reference needs of each preset.
PRESET_FACTS = {
    "amsterdam": {"play": "amsterdam", "values": "dutch", "direction": "clockwise"},
    "rotterdam": {"play": "rotterdam", "values": "dutch", "direction": "clockwise"},
    "sa": {"play": "sa", "values": "sa", "direction": "anticlockwise"},
    "strict": {"play": "strict", "values": "dutch", "direction": "anticlockwise"},
}


@dataclass(frozen=True)
class RCard:
    rank: str
    suit: str

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def natural(self) -> int:
        return RANK_LETTERS.index(self.rank)


def card(text: str) -> RCard:
    text = text.upper().replace("10", "T")
    return RCard(text[0], text[1])


def cards(text: str) -> list[RCard]:
    return [card(t) for t in text.split()]


def to_int(c: RCard) -> int:
    return SUIT_LETTERS.index(c.suit) * 8 + RANK_LETTERS.index(c.rank)


def from_int(n: int) -> RCard:
    return RCard(RANK_LETTERS[n % 8], SUIT_LETTERS[n // 8])


def to_mask(cs: Iterable[RCard]) -> int:
    total = 0
    for c in cs:
        total += 2 ** to_int(c)
    return total


def from_mask(mask: int) -> set[RCard]:
    return {from_int(n) for n in range(32) if mask // 2**n % 2 == 1}


def strength(c: RCard, trump: str, values: str) -> int:
    """Higher is stronger; trumps beat every plain card."""
    if c.suit == trump:
        order = ORDERS[values]["trump"]
        return 100 + (len(order) - order.index(c.rank))
    order = ORDERS[values]["plain"]
    return len(order) - order.index(c.rank)


def points(c: RCard, trump: str, values: str) -> int:
    table = POINTS[values]["trump" if c.suit == trump else "plain"]
    return table.get(c.rank, 0)


def winner_index(trick: list[RCard], trump: str, values: str) -> int:
    """Index of the card heading the trick: the highest trump, else the highest card of the led suit."""
    led = trick[0].suit
    best = 0
    for i, c in enumerate(trick):
        b = trick[best]
        if c.suit == b.suit:
            if strength(c, trump, values) > strength(b, trump, values):
                best = i
        elif c.suit == trump:
            best = i
        # a card of any other suit cannot head the trick
    assert trick[best].suit in (led, trump)
    return best


def legal_cards(play: str, values: str, trump: str, held: Iterable[RCard], trick: list[RCard],
                rotterdam_undertrump: bool = True) -> set[RCard]:
    """The table of docs/rules.md §3, one row at a time."""
    hand = set(held)
    if not trick:
        return hand
    led = trick[0].suit
    follow = {c for c in hand if c.suit == led}
    trumps = {c for c in hand if c.suit == trump}
    non_trumps = hand - trumps
    win = winner_index(trick, trump, values)
    # The mover plays at position len(trick); his partner played two cards earlier.
    partner_winning = win == len(trick) - 2
    trumps_in_trick = [c for c in trick if c.suit == trump]
    trump_in_trick = bool(trumps_in_trick)
    higher_trumps = {c for c in trumps
                     if all(strength(c, trump, values) > strength(t, trump, values) for t in trumps_in_trick)}

    if play == "sa":
        # "a player may always follow suit or play a trump; when void he may play any card"
        if follow:
            return follow | trumps
        return hand

    if led == trump:
        # "Trump led, holds trump: a higher trump if he has one (also over his partner), else any trump"
        if trumps:
            return higher_trumps if higher_trumps else trumps
        return hand

    if follow:
        # "Plain suit led, holds that suit: any card of that suit"
        if play == "strict" and not trump_in_trick:
            # strict: head the trick if he can, even over his partner, while no trump is in the trick
            top = max(strength(c, trump, values) for c in trick if c.suit == led)
            beating = {c for c in follow if strength(c, trump, values) > top}
            if beating:
                return beating
        return follow

    if not trumps:
        # "Void in the led suit, no trump in hand: any card"
        return hand

    if play == "amsterdam":
        if not partner_winning:
            if not trump_in_trick:
                return trumps  # any trump
            if higher_trumps:
                return higher_trumps
            if non_trumps:
                return non_trumps  # else any non-trump
            return trumps  # a lower trump only if he holds nothing else
        if not trump_in_trick:
            return hand  # partner winning, no trump in the trick: any card
        allowed = non_trumps | higher_trumps
        if allowed:
            return allowed
        return hand  # only lower trumps left

    assert play in ("rotterdam", "strict")
    if not trump_in_trick:
        return trumps  # any trump, also when the partner is winning
    if higher_trumps:
        return higher_trumps
    if not partner_winning and not rotterdam_undertrump:
        return non_trumps if non_trumps else trumps
    return trumps  # undertrumping is compulsory


# --- a position and its play, for perft ----------------------------------------------------


@dataclass(frozen=True)
class Position:
    play: str
    values: str
    direction: str
    trump: str
    hands: tuple[frozenset[RCard], ...]  # indexed by seat N E S W = 0..3
    trick: tuple[tuple[int, RCard], ...]  # (seat, card) in play order
    turn: int

    def step(self) -> int:
        return 1 if self.direction == "clockwise" else -1

    def moves(self) -> set[RCard]:
        return legal_cards(self.play, self.values, self.trump, self.hands[self.turn], [c for _, c in self.trick])

    def after(self, c: RCard) -> Position:
        hands = list(self.hands)
        hands[self.turn] = self.hands[self.turn] - {c}
        trick = self.trick + ((self.turn, c),)
        if len(trick) == 4:
            w = winner_index([x for _, x in trick], self.trump, self.values)
            return Position(self.play, self.values, self.direction, self.trump, tuple(hands), (), trick[w][0])
        return Position(self.play, self.values, self.direction, self.trump, tuple(hands), trick,
                        (self.turn + self.step()) % 4)


def perft(pos: Position, depth: int) -> int:
    """Number of distinct legal card sequences of ``depth`` cards from ``pos``."""
    if depth == 0:
        return 1
    if not any(pos.hands):
        return 1
    return sum(perft(pos.after(c), depth - 1) for c in pos.moves())


def deal_from_deck(deck: list[int], dealer: int, direction: str, batches: tuple[int, ...]) -> list[set[RCard]]:
    """Deal a shuffled deck of card numbers in batches, starting after the dealer."""
    step = 1 if direction == "clockwise" else -1
    hands: list[set[RCard]] = [set(), set(), set(), set()]
    pos = 0
    for size in batches:
        for k in range(1, 5):
            seat = (dealer + k * step) % 4
            for _ in range(size):
                hands[seat].add(from_int(deck[pos]))
                pos += 1
    return hands


# --- roem -------------------------------------------------------------------------------------


def trick_roem(trick: list[RCard], trump: str, quartets: str = "all", four_low_ranks: int = 0) -> int:
    """docs/rules.md §5, Dutch trick roem, counted the slow way."""
    total = 0
    for suit in SUIT_LETTERS:
        ranks = sorted(c.natural for c in trick if c.suit == suit)
        longest = run = 0
        for i, r in enumerate(ranks):
            run = run + 1 if i and r == ranks[i - 1] + 1 else 1
            longest = max(longest, run)
        if longest == 3:
            total += 20
        elif longest >= 4:
            total += 50
    if RCard("K", trump) in trick and RCard("Q", trump) in trick:
        total += 20
    if len({c.rank for c in trick}) == 1 and len(trick) == 4:
        rank = trick[0].rank
        if quartets == "qka":
            total += 100 if rank in "QKA" else 0
        elif rank == "J":
            total += 200
        elif rank in "TQKA":
            total += 100
        else:
            total += four_low_ranks
    return total
