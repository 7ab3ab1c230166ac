"""The deal an environment plays, replayed through klaverjas.core alone: the tests' independent reference."""

from __future__ import annotations

from klaverjas.core import Deal, TrumpAction, cards_of
from klaverjas.env import raw_env


def copy_of_start(raw: raw_env) -> Deal:
    """A fresh core deal with the same cards, dealer and suit on offer as the one the environment dealt."""
    deal = raw.deal
    return Deal(deal.rules, deal.dealer, deal.initial, deal.selection.proposed)


def trump_id(action: TrumpAction) -> int:
    """Written out here, not taken from the environment: pass 32, play 33, choose C D H S 34..37."""
    return {"pass": 32, "play": 33}.get(action.kind, 34 + (action.suit or 0))


class Replay:
    """Follows the environment's decisions on a core deal and says what the engine allows next."""

    def __init__(self, deal: Deal):
        self.deal = deal
        self.claimed = deal.rules.roem_claim == "claimed" and deal.rules.roem == "trick"
        self.claiming = False

    def actor(self) -> int:
        deal = self.deal
        if not deal.selection.done:
            assert deal.selection.to_move is not None
            return deal.selection.to_move
        return deal.tricks[-1].winner if self.claiming else deal.turn

    def legal(self) -> set[int]:
        deal = self.deal
        if not deal.selection.done:
            return {trump_id(a) for a in deal.selection.options()}
        if self.claiming:
            return {38, 39}
        return set(cards_of(deal.legal()))

    def apply(self, action: int) -> None:
        deal = self.deal
        if not deal.selection.done:
            (chosen,) = [a for a in deal.selection.options() if trump_id(a) == action]
            deal.choose_trump(chosen)
        elif self.claiming:
            pending = deal.pending_roem
            assert pending is not None
            if action == 39:
                deal.claim_roem(self.actor(), pending[1])
            self.claiming = False
        else:
            deal.play(action)
            self.claiming = self.claimed and not deal.trick and deal.pending_roem is not None

    @property
    def over(self) -> bool:
        return self.deal.is_over and not self.claiming
