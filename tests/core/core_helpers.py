"""Small helpers shared by the core tests."""

from __future__ import annotations

import random

from klaverjas.core import Deal, Rules, cards_of, parse_card, parse_hand

PRESET_NAMES = ("amsterdam", "rotterdam", "sa", "strict")


def c(text: str) -> int:
    return parse_card(text)


def h(text: str) -> int:
    return parse_hand(text)


def names(mask: int) -> set[str]:
    """A mask as a set of canonical names, for readable assertions."""
    from klaverjas.core import card_name

    return {card_name(x) for x in cards_of(mask)}


def pick_trump(deal: Deal, rng: random.Random) -> None:
    """Run the trump selection with random allowed actions until trump is known."""
    while not deal.selection.done:
        deal.choose_trump(rng.choice(deal.selection.options()))


def random_deal(preset: str, seed: int, rules: Rules | None = None) -> tuple[Deal, random.Random]:
    rules = rules or Rules.parse(preset)
    rng = random.Random(seed)
    deal = Deal.new(rules, rng.randrange(4), seed)
    pick_trump(deal, rng)
    return deal, rng


def engine_perft(deal: Deal, depth: int) -> int:
    """Distinct legal card sequences of ``depth`` cards, on the engine's own legal/play/undo."""
    if depth == 0 or deal.is_over:
        return 1
    total = 0
    for card in cards_of(deal.legal()):
        deal.play_unchecked(card)
        total += engine_perft(deal, depth - 1)
        deal.undo()
    return total
