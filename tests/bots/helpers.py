"""Building deals and walking them to decision points for the bot tests."""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from klaverjas.bots import BasicBot, Bot, RandomBot, View
from klaverjas.bots.base import last_trick_roem
from klaverjas.core import Deal, Rules, parse_hand, parse_seat, parse_suit

RULE_SETS = [
    "amsterdam", "rotterdam", "sa", "strict", "amsterdam(roem_claim=claimed)", "amsterdam(trump_selection=utrecht)",
    "rotterdam(trump_selection=turned)", "amsterdam(trump_selection=free)", "rotterdam(rotterdam_undertrump=false)",
    "amsterdam(illegal_cards=allow)",
]


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def played_by_basic(rules: str, dealer: int, rng: random.Random) -> tuple[Deal, list[View]]:
    """A deal dealt by ``rng`` and played to the end by the rules of thumb in every seat, with every card
    decision as the seat to play saw it."""
    deal = Deal.new(Rules.parse(rules), dealer, rng)
    basic = BasicBot()
    while not deal.selection.done:
        seat = deal.selection.to_move
        assert seat is not None
        deal.choose_trump(basic.trump(View.of(deal, seat)))
    views = []
    while not deal.is_over:
        view = View.of(deal, deal.turn)
        views.append(view)
        deal.play(basic.card(view))
    return deal, views


def load_benchmark(name: str) -> ModuleType:
    """A script of benchmarks/ (the reference opponents) as a module."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_deal(hands: dict[str, str], trump: str, maker: str, rules: str = "amsterdam", dealer: str = "W") -> Deal:
    """A deal with the given hands (seat letter -> cards) and trump already chosen."""
    masks = [parse_hand(hands[s]) for s in "NESW"]
    deal = Deal(Rules.parse(rules), parse_seat(dealer), masks, proposed=parse_suit(trump))
    if not deal.selection.done:
        deal.set_trump(parse_suit(trump), parse_seat(maker))
    return deal


def hands_of(deal: Deal) -> tuple[int, int, int, int]:
    """The four hands of ``deal`` as the samplers take them."""
    north, east, south, west = deal.hands
    return north, east, south, west


def walk(rules: str, seed: int, bots: list[Bot] | None = None) -> Iterator[tuple[Deal, View]]:
    """Play a deal with ``bots`` (basic by default), yielding the deal and the mover's view at every decision."""
    rng = random.Random(seed)
    seats = bots or [BasicBot(), RandomBot(seed), BasicBot(), RandomBot(seed + 1)]
    deal = Deal.new(Rules.parse(rules), rng.randrange(4), rng)
    while not deal.selection.done:
        seat = deal.selection.to_move
        assert seat is not None
        view = View.of(deal, seat)
        yield deal, view
        deal.choose_trump(seats[seat].trump(view))
    while not deal.is_over:
        seat = deal.turn
        view = View.of(deal, seat)
        yield deal, view
        deal.play(seats[seat].card(view))
        if deal.rules.roem_claim == "claimed" and not deal.trick:
            winner = deal.tricks[-1].winner
            cview = View.of(deal, winner, claim=True)
            yield deal, cview
            amount = last_trick_roem(cview)
            if amount:
                deal.claim_roem(winner, amount)
