"""Cards as ints 0..31 and card sets as 32-bit masks.

A card is ``suit * 8 + rank`` with suits ``CLUBS DIAMONDS HEARTS SPADES`` (0..3) and
ranks in the natural order ``SEVEN EIGHT NINE TEN JACK QUEEN KING ACE`` (0..7), so a
suit is one byte of a mask and roem runs are consecutive bits.  Strength in play
depends on trump and lives in :mod:`klaverjas.core.tables`.

A :data:`CardSet` is a plain ``int`` (bit ``card`` set for each card it holds), so set
operations are ``|``, ``&``, ``^`` and ``~`` and the hot paths stay on ints.  Walk one with
:func:`iter_cards` (or :func:`cards_of` for a list):

>>> hand = parse_hand("JH 9H 7C")
>>> [card_name(c) for c in iter_cards(hand)], card_name(lowest_card(hand))
(['7C', '9H', 'JH'], '7C')
>>> hand & SUIT_MASKS[HEARTS] == parse_hand("9H JH"), make_card(JACK, HEARTS) == parse_card("JH")
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

Card = int
"""A card: ``suit * 8 + rank``, 0..31."""
CardSet = int
"""A set of cards: a 32-bit mask with bit ``card`` set for each card in it."""

SUITS = "CDHS"
RANKS = "789TJQKA"
SUIT_SYMBOLS = "♣♦♥♠"
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

FULL_DECK: CardSet = (1 << 32) - 1
SUIT_MASKS: tuple[CardSet, ...] = tuple(0xFF << (8 * s) for s in range(4))
RANK_MASKS: tuple[CardSet, ...] = tuple(
    sum(1 << (8 * s + r) for s in range(4)) for r in range(8)
)

_SUIT_INPUT = {"C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3,
               "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_RANK_INPUT = {r: i for i, r in enumerate(RANKS)}
_RANK_INPUT["10"] = TEN


class CardError(ValueError):
    """Text that is not a card or not a valid set of cards; the message names the token."""


def make_card(rank: int, suit: int) -> Card:
    """The card of a rank (``SEVEN`` .. ``ACE``) and a suit (``CLUBS`` .. ``SPADES``)."""
    return suit * 8 + rank


def suit_of(card: Card) -> int:
    """The suit of a card, 0..3 (``CLUBS`` .. ``SPADES``)."""
    return card >> 3


def rank_of(card: Card) -> int:
    """The rank of a card, 0..7 (``SEVEN`` .. ``ACE``)."""
    return card & 7


def parse_card(text: str) -> Card:
    """Parse ``JH``, ``TD``, ``10♦``, ``j♥`` into a card int.

    >>> card_name(parse_card("10♦"))
    'TD'
    """
    token = text.strip()
    up = token.upper()
    if len(up) >= 2 and up[-1] in _SUIT_INPUT and up[:-1] in _RANK_INPUT:
        return _RANK_INPUT[up[:-1]] + 8 * _SUIT_INPUT[up[-1]]
    raise CardError(f"unknown card {text!r}: expected rank 7 8 9 T J Q K A (or 10) and suit C D H S")


def card_name(card: Card) -> str:
    """The canonical text form: ``JH``."""
    if not 0 <= card < 32:
        raise CardError(f"card index {card} is outside 0..31")
    return RANKS[card & 7] + SUITS[card >> 3]


def card_symbol(card: Card) -> str:
    """Display form with the suit symbol and ``10``: ``10♦``."""
    rank = "10" if card & 7 == TEN else RANKS[card & 7]
    return rank + SUIT_SYMBOLS[card >> 3]


def parse_suit(text: str) -> int:
    """A suit from ``C D H S``, a suit symbol, or its English or Dutch name (``hearts``, ``harten``)."""
    up = text.strip().upper()
    if up in _SUIT_INPUT:
        return _SUIT_INPUT[up]
    words = {"CLUBS": 0, "DIAMONDS": 1, "HEARTS": 2, "SPADES": 3,
             "KLAVEREN": 0, "RUITEN": 1, "HARTEN": 2, "SCHOPPEN": 3}
    if up in words:
        return words[up]
    raise CardError(f"unknown suit {text!r}: expected C D H S")


def suit_name(suit: int) -> str:
    """The letter of a suit: ``C D H S``."""
    return SUITS[suit]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse whitespace- or comma-separated cards, refusing duplicates."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards: list[Card] = []
    seen = 0
    for token in tokens:
        card = parse_card(token)
        if seen >> card & 1:
            raise CardError(f"duplicate card {token!r}")
        seen |= 1 << card
        cards.append(card)
    return cards


def parse_hand(text: str | Iterable[str]) -> CardSet:
    """Like :func:`parse_cards`, as a mask."""
    return mask_of(parse_cards(text))


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The mask of some card ints."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


# Cards of each byte value, so a mask becomes a list with four lookups.
_BYTE_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(8 * s + r for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4)
)


def cards_of(mask: CardSet) -> list[Card]:
    """The cards of a mask as a list in index order (clubs 7 first)."""
    b = _BYTE_CARDS
    return [*b[0][mask & 255], *b[1][mask >> 8 & 255], *b[2][mask >> 16 & 255], *b[3][mask >> 24 & 255]]


def iter_cards(mask: CardSet) -> Iterator[Card]:
    """The cards of a mask one by one in index order (clubs 7 first), without building a list."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lowest_card(mask: CardSet) -> Card:
    """The card of a non-empty mask with the lowest index (the first of :func:`iter_cards`)."""
    if not mask:
        raise CardError("an empty set of cards has no lowest card")
    return (mask & -mask).bit_length() - 1


def cards_text(cards: CardSet | Iterable[Card]) -> str:
    """Space-separated canonical names; a mask is printed in index order."""
    seq = cards_of(cards) if isinstance(cards, int) else cards
    return " ".join(card_name(c) for c in seq)


def count(mask: CardSet) -> int:
    """The number of cards in a mask."""
    return mask.bit_count()


def random_card(mask: CardSet, random: Callable[[], float]) -> Card:
    """A uniformly random card of a non-empty mask, drawn with one call of ``random()``."""
    for _ in range(int(random() * mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
