"""Legal play (docs/rules.md §3) as mask operations, and the reasons for refusals.

The four rule sets differ only in the flags of :class:`PlayRules`; the one
function :func:`legal_mask` reads them.  :func:`refusal` walks the same steps
and records why a card is refused, as a chain a player can follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import SUIT_MASKS, Card, CardSet
from .rules import Rules
from .tables import TABLES, ValueTables

NEVER, OPPONENT, ALWAYS = 0, 1, 2


@dataclass(frozen=True)
class PlayRules:
    """The flags that tell the four legal-play rule sets apart (docs/rules.md §3)."""

    head_trump_lead: bool  # trump led: play a higher trump if you can
    head_plain: bool  # plain suit led, no trump in the trick: beat the highest card if you can
    trump_instead_of_following: bool  # may trump while holding the led suit
    void_trump: int  # when void in a plain suit: NEVER, OPPONENT (when an opponent wins) or ALWAYS
    undertrump_forced: bool  # unable to overtrump: must still play a (lower) trump

    @staticmethod
    def of(rules: Rules) -> PlayRules:
        """The flags of a :class:`~klaverjas.core.rules.Rules` value."""
        base = PLAY_RULES[rules.play]
        if base.undertrump_forced and not rules.rotterdam_undertrump:
            return PlayRules(base.head_trump_lead, base.head_plain, base.trump_instead_of_following,
                             base.void_trump, False)
        return base


PLAY_RULES = {
    "amsterdam": PlayRules(True, False, False, OPPONENT, False),
    "rotterdam": PlayRules(True, False, False, ALWAYS, True),
    "strict": PlayRules(True, True, False, ALWAYS, True),
    "sa": PlayRules(False, False, True, NEVER, False),
}


def legal_mask(hand: CardSet, led: int, win: Card, partner_winning: bool, trump: int,
               above: Sequence[int], pr: PlayRules) -> CardSet:
    """Cards of ``hand`` that may be played.

    ``led`` is the suit led (-1 when leading), ``win`` the card heading the
    trick and ``above`` the table of same-suit cards beating each card for
    this trump.
    """
    if led < 0:
        return hand
    follow = hand & SUIT_MASKS[led]
    if led == trump:
        if follow and pr.head_trump_lead:
            return follow & above[win] or follow
        return follow or hand
    trump_mask = SUIT_MASKS[trump]
    trumps = hand & trump_mask
    trump_in = win >> 3 == trump
    if follow:
        if pr.head_plain and not trump_in:
            follow = follow & above[win] or follow
        if pr.trump_instead_of_following:
            return follow | trumps
        return follow
    if not trumps:
        return hand
    must = pr.void_trump == ALWAYS or (pr.void_trump == OPPONENT and not partner_winning)
    if not trump_in:
        return trumps if must else hand
    higher = trumps & above[win]
    if must:
        if higher:
            return higher
        if pr.undertrump_forced:
            return trumps
        return hand & ~trump_mask or trumps
    if pr.void_trump == NEVER:
        return hand
    return (hand & ~trump_mask) | higher or hand


@dataclass(frozen=True)
class TrickView:
    """The situation of the player to move, derived from the cards in the trick."""

    led: int
    win: Card
    win_pos: int  # index in the trick of the heading card
    partner_winning: bool


def trick_view(trick: Sequence[Card], trump: int, tables: ValueTables) -> TrickView:
    """The led suit, the heading card and where it lies, for the cards of a trick so far."""
    if not trick:
        return TrickView(-1, -1, -1, False)
    beaten_by = tables.beaten_by[trump]
    win, win_pos = trick[0], 0
    for pos in range(1, len(trick)):
        card = trick[pos]
        if beaten_by[win] >> card & 1:
            win, win_pos = card, pos
    # The mover's partner played two cards before the mover.
    partner_winning = len(trick) >= 2 and win_pos == len(trick) - 2
    return TrickView(trick[0] >> 3, win, win_pos, partner_winning)


def legal_for(rules: Rules, trump: int, hand: CardSet, trick: Sequence[Card]) -> CardSet:
    """Convenience form: legal cards given the cards of the trick in order."""
    tables = TABLES[rules.values]
    view = trick_view(trick, trump, tables)
    return legal_mask(hand, view.led, view.win, view.partner_winning, trump,
                      tables.above[trump], PlayRules.of(rules))


@dataclass(frozen=True)
class Refusal:
    """Why a card may not be played: a reason code with its facts, rendered per language."""

    code: str
    card: Card
    led: int
    trump: int
    win: Card
    win_seat: int  # -1 when unknown
    partner_winning: bool
    allowed: CardSet

    def text(self, lang: str = "en") -> str:
        """The refusal as a sentence in ``en`` or ``nl``."""
        from .reasons import render
        return render(self, lang)


def refusal(rules: Rules, trump: int, hand: CardSet, trick: Sequence[Card], card: Card,
            trick_seats: Sequence[int] | None = None) -> Refusal | None:
    """Why ``card`` is refused, or ``None`` if it is legal.

    Mirrors :func:`legal_mask` step by step; the tests check that the two agree
    on every card.  ``trick_seats`` names who played each trick card.
    """
    if not hand >> card & 1:
        return _ref("not_in_hand", card, -1, trump, -1, -1, False, 0)
    tables = TABLES[rules.values]
    pr = PlayRules.of(rules)
    view = trick_view(trick, trump, tables)
    allowed = legal_mask(hand, view.led, view.win, view.partner_winning, trump, tables.above[trump], pr)
    if allowed >> card & 1:
        return None
    led, win = view.led, view.win
    seat = trick_seats[view.win_pos] if trick_seats is not None else -1
    above = tables.above[trump]

    def make(code: str) -> Refusal:
        return _ref(code, card, led, trump, win, seat, view.partner_winning, allowed)

    follow = hand & SUIT_MASKS[led]
    card_is_trump = card >> 3 == trump
    if led == trump:
        if follow and card_is_trump:
            return make("trump_led_go_higher")
        return make("trump_led_follow")
    trump_in = win >> 3 == trump
    if follow:
        if card >> 3 == led or (pr.trump_instead_of_following and card_is_trump):
            return make("head_plain")
        return make("follow_or_trump" if pr.trump_instead_of_following else "follow_suit")
    must = pr.void_trump == ALWAYS or (pr.void_trump == OPPONENT and not view.partner_winning)
    if not trump_in:
        return make("must_trump_partner" if view.partner_winning else "must_trump")
    higher = hand & SUIT_MASKS[trump] & above[win]
    if must:
        if higher:
            return make("must_overtrump_partner" if view.partner_winning else "must_overtrump")
        if pr.undertrump_forced:
            return make("must_undertrump")
        return make("no_undertrump")
    return make("no_undertrump_partner")


def _ref(code: str, card: Card, led: int, trump: int, win: Card, seat: int, partner: bool,
         allowed: CardSet) -> Refusal:
    return Refusal(code, card, led, trump, win, seat, partner, allowed)
