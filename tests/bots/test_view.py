"""The view holds one seat's knowledge only; what it infers about other hands is never wrong."""

from __future__ import annotations

import gc
import json
import types

import pytest

from klaverjas.bots import BasicBot, RandomBot, View
from klaverjas.core import FULL_DECK, SUIT_MASKS, Deal, card_name, cards_of

from .helpers import RULE_SETS, walk


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through instance data (not through classes or modules)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType, types.FunctionType)):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return list(seen.values())


@pytest.mark.parametrize("rules", ["amsterdam", "sa", "amsterdam(roem_claim=claimed)"])
def test_a_view_cannot_reach_the_deal_or_another_hand(rules: str) -> None:
    checked = 0
    for deal, view in walk(rules, seed=11):
        hidden = {deal.hands[s] for s in range(4) if s != view.seat} | {
            deal.initial[s] for s in range(4) if s != view.seat}
        fresh = View.of(deal, view.seat, claim=view.phase == "claim")
        objects = _reachable(fresh)
        assert not any(isinstance(o, Deal) for o in objects)
        assert not any(o is deal.hands or o is deal.trick or o is deal.plays for o in objects)
        # No stored int is another seat's hand, now or as dealt.
        assert not any(isinstance(o, int) and o in hidden and o.bit_count() >= 2 for o in objects)
        # The JSON a protocol bot receives names no unplayed card of another hand.
        text = json.dumps(fresh.as_json())
        for s in range(4):
            if s != view.seat:
                for c in cards_of(deal.hands[s]):
                    assert f'"{card_name(c)}"' not in text
        checked += 1
    assert checked > 30


def test_the_view_travels_as_json_unchanged() -> None:
    for rules in RULE_SETS:
        for _, view in walk(rules, seed=5):
            again = View.from_json(json.loads(json.dumps(view.as_json())))
            assert again == view


def test_inferred_exclusions_never_exclude_a_held_card() -> None:
    voids = 0
    for rules in RULE_SETS:
        for seed in range(6):
            bots = [RandomBot(seed), RandomBot(seed + 1), BasicBot(), RandomBot(seed + 2)]
            for deal, view in walk(rules, seed, bots):
                if view.trump < 0:
                    continue
                for s in range(4):
                    if s != view.seat:
                        assert view.excluded[s] & deal.hands[s] == 0, (rules, seed, s)
                        assert view.hand_size(s) == deal.hands[s].bit_count()
                # A seat that did not follow a plain suit led is known to be void in it.
                for seat, card, before in view.history:
                    if before and card >> 3 != before[0] >> 3 and view.rules.play != "sa" and seat != view.seat:
                        assert view.void(seat, before[0] >> 3)
                        voids += 1
    assert voids > 50


def test_signals_are_read_from_discards_under_partner() -> None:
    found = 0
    for seed in range(20):
        for _, view in walk("amsterdam", seed, [BasicBot()] * 4):
            for sig in view.signals:
                assert sig.kind in ("ace", "stop", "second")
                assert sig.card >> 3 != view.trump
                if sig.kind == "ace":
                    assert sig.card & 7 <= 2
                found += 1
    assert found > 0


def test_may_hold_is_the_unseen_cards_minus_exclusions() -> None:
    for _, view in walk("rotterdam", seed=3):
        if view.trump < 0:
            continue
        union = 0
        for s in range(4):
            if s != view.seat:
                assert view.may_hold(s) & ~view.unseen == 0
                union |= view.may_hold(s)
        assert union == view.unseen
        for suit in range(4):
            assert view.void(view.seat, suit) == (not view.hand & SUIT_MASKS[suit])


def _twin(deal: Deal, view: View, hands: tuple[int, int, int, int]) -> Deal:
    """The same deal so far, with other cards in the hidden hands: same bids, same plays, same claims."""
    start = [hands[s] | view.played_by[s] for s in range(4)]
    twin = Deal(deal.rules, deal.dealer, start, deal.selection.proposed, deal.carry)
    twin.turned_rank = deal.turned_rank
    for _, action in deal.selection.events:
        twin.choose_trump(action)
    claims = {index: (seat, roem) for index, seat, roem in deal.claims}
    for i, (_, card) in enumerate(deal.plays):
        twin.play(card)
        if i + 1 in claims:
            twin.claim_roem(*claims[i + 1])
    return twin


def test_decisions_depend_on_the_view_alone() -> None:
    # Redeal the hidden cards in every way the view allows: the view and every bot's answer stay the same.
    import random

    from klaverjas.bots.sampling import deal_hidden

    rng = random.Random(4)
    checked = 0
    for rules in ("amsterdam", "rotterdam(trump_selection=turned)", "amsterdam(roem_claim=claimed)"):
        for deal, view in walk(rules, seed=9):
            if view.trump < 0:
                continue
            hands = deal_hidden(view, rng)
            assert hands is not None
            twin = _twin(deal, view, hands)
            twin_view = View.of(twin, view.seat, claim=view.phase == "claim")
            assert twin_view == view
            for make in (BasicBot, lambda: RandomBot(3)):
                assert make().decide(view) == make().decide(twin_view)
            checked += 1
    assert checked > 60



def test_with_hand_keeps_the_public_facts_and_rederives_the_rest() -> None:
    # The sampler sees another seat's past decision as the public table with a hand of its choosing.
    for rules in RULE_SETS[:4]:
        for seed in range(3):
            for deal, view in walk(rules, seed):
                if view.phase != "play" or not view.history:
                    continue
                assert view.with_hand(view.hand, view.legal) == view
                hand = int(deal.hands[view.seat ^ 1])  # another seat's cards in this seat's place
                other = view.with_hand(hand, 0)
                assert other.hand == hand and other.unseen == FULL_DECK & ~hand & ~view.played
                assert other.excluded == view.excluded and other.signals == view.signals
                assert other.may_hold(view.seat) == hand
                for s in range(4):
                    if s != view.seat:
                        assert other.may_hold(s) == other.unseen & ~view.excluded[s]
