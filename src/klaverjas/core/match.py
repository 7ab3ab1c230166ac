"""A match played deal after deal: dealer rotation, the South African carry-over (ou jol) and the result."""

from __future__ import annotations

import random

from .rules import Rules
from .scoring import Match, ScoreError
from .seats import step_of
from .state import Deal


class MatchPlay:
    """Creates each deal with the right dealer (and carried-over totals in ``strokes`` matches) and
    records its result in a :class:`Match`."""

    def __init__(self, rules: Rules, first_dealer: int = 0, seed: int | None = None):
        self.rules = rules
        self.match = Match(rules)
        self.dealer = first_dealer
        self.rng = random.Random(seed)
        self.deal: Deal | None = None
        self.deals_played = 0

    @property
    def is_over(self) -> bool:
        """The match has ended (see :attr:`Match.is_over`)."""
        return self.match.is_over

    def new_deal(self, rng: random.Random | None = None) -> Deal:
        """Deal the next deal (from ``rng``, else the match's own generator)."""
        if self.match.is_over:
            raise ScoreError("the match is over")
        if self.deal is not None and not self.deal.is_over:
            raise ScoreError("the current deal is not finished")
        self.deal = Deal.new(self.rules, self.dealer, rng or self.rng, carry=self.match.carry)
        return self.deal

    def adopt(self, deal: Deal) -> None:
        """Continue with a deal rebuilt elsewhere (from a stored record)."""
        if deal.dealer != self.dealer:
            raise ScoreError(f"the deal's dealer is {deal.dealer}, expected {self.dealer}")
        self.deal = deal

    @property
    def deal_finished(self) -> bool:
        """The current deal is over: all tricks played, a renege called, or (South African strokes) a team went on."""
        deal = self.deal
        return deal is not None and (deal.is_over or deal.went_on is not None)

    def finish_deal(self) -> None:
        """Record the finished deal and pass the deal one seat on."""
        deal = self.deal
        if deal is None or not self.deal_finished:
            raise ScoreError("no finished deal to record")
        if self.rules.match_end_kind[0] == "strokes":
            if deal.went_on is not None:
                team, strokes, _ = deal.went_on
                assert deal.went_on_totals is not None
                self.match.add_game(team, strokes, deal.went_on_totals)
            else:
                # Nobody reached 100: ou jol, the totals carry over into a new deal.
                self.match.carry = list(deal.running_totals)
        else:
            self.match.add_deal(deal.score())
        self.deals_played += 1
        self.dealer = (self.dealer + step_of(self.rules.direction)) % 4
        self.deal = None

