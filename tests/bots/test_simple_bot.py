"""benchmarks/simple_bot.py, the yardstick of the open-source players: its rules, and full games over the protocol."""

from __future__ import annotations

import sys

from klaverjas.bots import View
from klaverjas.bots.arena import run_arena
from klaverjas.core import card_name, parse_card

from .helpers import BENCHMARKS, load_benchmark, make_deal

SCRIPT = BENCHMARKS / "simple_bot.py"
HANDS = {"N": "AS 7S KC 8H JH QD 7D 8D", "E": "TS 9S 8C 7C 9H TD KD AD",
         "S": "KS QS AC TC 7H QH 9D JD", "W": "JS 8S JC QC 9C AH TH KH"}


def _card(cards: str) -> str:
    """The simple bot's card after ``cards`` are played in a deal with HANDS, hearts trump, N to lead."""
    deal = make_deal(HANDS, "H", "N", "rotterdam", dealer="W")
    for c in cards.split():
        deal.play(parse_card(c))
    bot = load_benchmark("simple_bot").SimpleBot()
    return card_name(bot.card(View.of(deal, deal.turn)))


def test_it_leads_a_side_suit_card_that_is_highest_left() -> None:
    # N holds two cards that are highest of their suit (AS and JH): the side suit's ace first.
    assert _card("") == "AS"


def test_it_takes_a_trick_as_cheaply_as_it_can_and_else_throws_its_cheapest_card() -> None:
    # E must follow under the ace of spades: no winner, so the cheapest spade (9S, not TS).
    assert _card("AS") == "9S"
    # N leads 7S: both of E's spades win it, and E takes it with the cheaper one.
    assert _card("7S") == "9S"


def test_last_to_play_on_partners_trick_it_gives_its_most_points() -> None:
    # Partner N heads the trick with AS, but S is not last: its cheapest spade (QS, not KS).
    assert _card("AS 9S") == "QS"
    # Partner E heads with TS and W is last: its most points (JS, not 8S).
    assert _card("7S TS QS") == "JS"


def test_it_plays_whole_deals_over_the_protocol() -> None:
    rep = run_arena(f"cmd:{sys.executable} {SCRIPT}", "basic", "rotterdam", 2, seed=3, progress=False)
    assert rep["deals"] == 2 and rep["timing"]["a"]["play"]["n"] == 2 * 2 * 16
