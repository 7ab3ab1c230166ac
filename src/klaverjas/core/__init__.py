"""The rules core: pure Python, no I/O, no third-party imports.

Everything else in klaverjas (solver, bots, CLI, web) builds on these modules.
"""

from .cards import (
    FULL_DECK,
    RANKS,
    SUIT_MASKS,
    SUITS,
    Card,
    CardError,
    CardSet,
    card_name,
    card_symbol,
    cards_of,
    cards_text,
    mask_of,
    parse_card,
    parse_cards,
    parse_hand,
    parse_suit,
)
from .match import MatchPlay
from .play import PlayRules, Refusal, legal_for, legal_mask, refusal, trick_view
from .reasons import card_label, card_words
from .roem import hand_roemtes, scoring_roemtes, trick_roem
from .rules import PRESETS, Rules, RulesError
from .scoring import DealScore, Match, ScoreError, going_on, score_deal
from .seats import (
    EW,
    NS,
    SEATS,
    TEAMS,
    SeatError,
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
    "FULL_DECK", "RANKS", "SUIT_MASKS", "SUITS", "Card", "CardError", "CardSet", "card_name", "card_symbol",
    "cards_of", "cards_text", "mask_of", "parse_card", "parse_cards", "parse_hand", "parse_suit",
    "MatchPlay", "PlayRules", "Refusal", "legal_for", "legal_mask", "refusal", "trick_view", "card_label", "card_words",
    "hand_roemtes", "scoring_roemtes", "trick_roem", "PRESETS", "Rules", "RulesError", "DealScore", "Match",
    "ScoreError", "going_on", "score_deal", "EW", "NS", "SEATS", "TEAMS", "SeatError", "first_lead",
    "next_dealer", "next_seat", "parse_seat", "parse_team", "partner_of", "team_of", "Deal", "IllegalCard",
    "PlayError", "Trick", "deal_hands", "hands_from_deck", "TABLES", "PASS", "PLAY", "TrumpAction",
    "TrumpError", "TrumpSelection", "choose",
]
