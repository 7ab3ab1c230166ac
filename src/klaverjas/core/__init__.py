"""The rules core: pure Python, no I/O, no third-party imports.

Everything else in klaverjas (solver, bots, CLI, web) builds on these modules, and everything
here is exported from ``klaverjas`` too.  Cards, suits, ranks and seats are small ints with
named constants (``HEARTS``, ``JACK``, ``NORTH``), a set of cards is an int mask
(:mod:`klaverjas.core.cards`), the variant is a frozen :class:`Rules` value, and one deal is a
:class:`Deal` that chooses trump, plays, undoes and scores:

>>> import random
>>> from klaverjas import HEARTS, NORTH, Deal, Rules, lowest_card
>>> deal = Deal.new(Rules.parse("amsterdam"), dealer=NORTH, seed=1)
>>> deal.set_trump(HEARTS, maker=NORTH)
>>> deal.play(lowest_card(deal.legal()))
>>> before = deal.copy()
>>> deal.playout(random.Random(2))
>>> len(deal.tricks), len(before.tricks), len(before.plays)
(8, 0, 1)

Modules: :mod:`~klaverjas.core.cards` (cards and masks), :mod:`~klaverjas.core.seats`,
:mod:`~klaverjas.core.rules` (variants), :mod:`~klaverjas.core.trump` (choosing trump),
:mod:`~klaverjas.core.play` (legal cards and refusals), :mod:`~klaverjas.core.roem`,
:mod:`~klaverjas.core.scoring`, :mod:`~klaverjas.core.state` (:class:`Deal`),
:mod:`~klaverjas.core.match` (deal after deal), :mod:`~klaverjas.core.record` (JSON game records),
:mod:`~klaverjas.core.tables` (per-trump lookup tables) and :mod:`~klaverjas.core.reasons`
(the words of refusals).  The rules themselves are specified in docs/rules.md.
"""

from .cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    EIGHT,
    FULL_DECK,
    HEARTS,
    JACK,
    KING,
    NINE,
    QUEEN,
    RANKS,
    SEVEN,
    SPADES,
    SUIT_MASKS,
    SUITS,
    TEN,
    Card,
    CardError,
    CardSet,
    card_name,
    card_symbol,
    cards_of,
    cards_text,
    iter_cards,
    lowest_card,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
    parse_hand,
    parse_suit,
    rank_of,
    suit_of,
)
from .match import MatchPlay
from .play import PlayRules, Refusal, legal_for, legal_mask, refusal, trick_view
from .reasons import card_label, card_words
from .roem import hand_roemtes, scoring_roemtes, trick_roem
from .rules import PRESETS, Rules, RulesError
from .scoring import DealScore, Match, ScoreError, going_on, score_deal
from .seats import (
    EAST,
    EW,
    NORTH,
    NS,
    SEATS,
    SOUTH,
    TEAMS,
    WEST,
    Seat,
    SeatError,
    Team,
    first_lead,
    next_dealer,
    next_seat,
    parse_seat,
    parse_team,
    partner_of,
    team_of,
)
from .state import Deal, IllegalCard, PlayError, Trick, deal_hands, hands_from_deck
from .tables import TABLES
from .trump import PASS, PLAY, TrumpAction, TrumpError, TrumpSelection, choose

__all__ = [
    "CLUBS", "DIAMONDS", "HEARTS", "SPADES", "SEVEN", "EIGHT", "NINE", "TEN", "JACK", "QUEEN", "KING", "ACE",
    "NORTH", "EAST", "SOUTH", "WEST", "Seat", "Team", "iter_cards", "lowest_card", "make_card", "rank_of", "suit_of",
    "FULL_DECK", "RANKS", "SUIT_MASKS", "SUITS", "Card", "CardError", "CardSet", "card_name", "card_symbol",
    "cards_of", "cards_text", "mask_of", "parse_card", "parse_cards", "parse_hand", "parse_suit",
    "MatchPlay", "PlayRules", "Refusal", "legal_for", "legal_mask", "refusal", "trick_view", "card_label", "card_words",
    "hand_roemtes", "scoring_roemtes", "trick_roem", "PRESETS", "Rules", "RulesError", "DealScore", "Match",
    "ScoreError", "going_on", "score_deal", "EW", "NS", "SEATS", "TEAMS", "SeatError", "first_lead",
    "next_dealer", "next_seat", "parse_seat", "parse_team", "partner_of", "team_of", "Deal", "IllegalCard",
    "PlayError", "Trick", "deal_hands", "hands_from_deck", "TABLES", "PASS", "PLAY", "TrumpAction",
    "TrumpError", "TrumpSelection", "choose",
]
