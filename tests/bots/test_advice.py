"""Advice: every option of every decision is ranked and explained in both languages, truthfully."""

from __future__ import annotations

import re

from klaverjas.bots import BasicBot, Option, View
from klaverjas.bots.base import last_trick_roem
from klaverjas.bots.basic import trump_fit
from klaverjas.core import SUIT_MASKS, TABLES, TrumpAction, card_words, cards_of, trick_view
from klaverjas.core.cards import JACK, NINE

from .helpers import RULE_SETS, walk

BOT = BasicBot()


def _number(pattern: str, text: str) -> int:
    m = re.search(pattern, text)
    assert m, (pattern, text)
    return int(m.group(1))


def check_card_option(view: View, o: Option) -> None:
    """The facts each explanation states, checked against the position."""
    card = o.action
    assert isinstance(card, int) and view.legal >> card & 1
    en, nl = o.why["en"], o.why["nl"]
    assert card_words(card, "en") in en.lower() and card_words(card, "nl") in nl.lower()
    tab = TABLES[view.rules.values]
    st, pts, above = tab.strength[view.trump], tab.points[view.trump], tab.above[view.trump]
    suit = card >> 3
    code = o.code
    if code in ("cash", "cash_shortest", "cash_longer", "cash_ruffed", "keep_winner"):
        assert card == view.highest_left(suit)
    if code == "cash_shortest":
        lengths = [(view.hand & SUIT_MASKS[s]).bit_count() for s in range(4) if s != view.trump]
        assert (view.hand & SUIT_MASKS[suit]).bit_count() == min(n for n in lengths if n)
    if code in ("draw_top", "draw_low"):
        assert suit == view.trump and view.makers == view.team and not view.trick
        assert _number(r"(\d+) trumps? (?:is|are) still out", en) == (view.unseen & SUIT_MASKS[view.trump]).bit_count()
    if code == "draw_top":
        assert card == view.highest_left(view.trump)
    if code == "draw_low":
        assert not view.hand >> view.highest_left(view.trump) & 1
    if code == "lead_exposed":
        assert view.unseen & above[card]
    if code in ("lead_low", "lead_other", "low", "gives", "smear", "low_partner", "signal_second", "signal_stop"):
        assert str(pts[card]) in en
    if view.trick:
        tv = trick_view(view.trick, view.trump, tab)
        beats = bool(above[tv.win] >> card & 1) or (suit == view.trump and tv.win >> 3 != view.trump)
        head_seat = view.seat_at(view.leader, tv.win_pos)
        if code == "low":  # "you cannot win this trick": no legal card beats the head
            assert not any(above[tv.win] >> c & 1 or (c >> 3 == view.trump and tv.win >> 3 != view.trump)
                           for c in cards_of(view.legal))
        if code in ("win_sure", "trump_in", "win_unsure"):
            assert beats and head_seat != view.partner
        if code == "win_sure":
            later = [view.seat_at(view.leader, k) for k in range(len(view.trick) + 1, 4)]
            for s in later:
                if s & 1 != view.team:
                    assert not view.may_hold(s) & above[card]
            if "you play last" in en:
                assert len(view.trick) == 3
        if code == "smear_none":
            assert pts[card] == 0 and "adds no points" in en
        if code in ("smear", "smear_none", "signal_ace", "signal_second", "signal_stop", "roem_ours", "low_partner"):
            assert head_seat == view.partner and not beats
        if code.startswith("signal"):
            assert not view.hand & SUIT_MASKS[view.trick[0] >> 3] and suit != view.trump
        if code == "signal_ace":
            assert card & 7 <= 2 and view.hand >> view.highest_left(suit) & 1
        if code == "signal_second":
            assert card == view.highest_left(suit)
        if code == "signal_stop":
            assert 4 <= card & 7 <= 6 and not view.hand >> view.highest_left(suit) & 1
        if code == "overtake":
            assert head_seat == view.partner and beats
    elif code not in ("only",):
        assert code in ("draw_top", "draw_low", "cash", "cash_shortest", "cash_longer", "cash_ruffed", "to_partner",
                        "lead_low", "lead_exposed", "partner_stop", "trump_defending", "trump_keep", "lead_other")
    if code == "only":
        assert view.legal == 1 << card
    assert st[card] >= 0


def check_trump_option(view: View, o: Option) -> None:
    assert isinstance(o.action, TrumpAction) and o.action in view.options
    code = o.code
    suit = o.action.suit if o.action.suit is not None else view.proposed
    if code in ("trump_jack_nel_ace", "trump_jack_ace_four", "trump_six"):
        assert suit is not None and trump_fit(view.hand, suit, view.rules.values).code == code
        if code != "trump_six":
            assert view.hand >> (8 * suit + JACK) & 1
        if code == "trump_jack_nel_ace":
            assert view.hand >> (8 * suit + NINE) & 1
    if code == "trump_weak":
        assert suit is not None and trump_fit(view.hand, suit, view.rules.values).code is None
    if code == "pass_weak":
        assert all(trump_fit(view.hand, s, view.rules.values).code is None for s in range(4))
    if code == "forced_best":
        n = _number(r"with (\d+) cards", o.why["en"]) if "with" in o.why["en"] else None
        assert o.action.suit is not None
        assert n is None or n == (view.hand & SUIT_MASKS[o.action.suit]).bit_count()


def test_every_option_of_every_decision_is_explained_truthfully() -> None:
    codes: set[str] = set()
    phases: set[str] = set()
    for rules in RULE_SETS:
        for seed in range(4):
            for _, view in walk(rules, seed):
                options = BOT.advise(view)
                assert options, view.phase
                scores = [o.score for o in options]
                assert scores == sorted(scores, reverse=True)
                assert options[0].action == BOT.decide(view)
                for o in options:
                    assert set(o.why) == {"en", "nl"} and o.why["en"] and o.why["nl"] and o.why["en"] != o.why["nl"]
                    assert "{" not in o.why["en"] + o.why["nl"]
                    codes.add(o.code)
                    if view.phase == "play":
                        check_card_option(view, o)
                    elif view.phase == "trump":
                        check_trump_option(view, o)
                    else:
                        assert o.action in (0, last_trick_roem(view))
                phases.add(view.phase)
                if view.phase == "play":
                    assert {o.action for o in options} == set(cards_of(view.legal))
                if view.phase == "trump":
                    assert {o.action for o in options} == set(view.options)
    assert phases == {"trump", "play", "claim"}
    # The main rules all came up.
    assert {"draw_top", "cash_shortest", "low", "win_sure", "smear", "forced_best",
            "claim"} <= codes, codes


def test_the_claim_advice_names_the_roem() -> None:
    seen = 0
    for seed in range(30):
        for _, view in walk("amsterdam(roem_claim=claimed)", seed):
            if view.phase == "claim" and last_trick_roem(view):
                top = BOT.advise(view)[0]
                assert top.action == last_trick_roem(view) and f"Claim {top.action} roem" in top.why["en"]
                assert f"Roem {top.action}" in top.why["nl"]
                seen += 1
    assert seen > 0


ONE_IN_THE_PLURAL = re.compile(r"\b1 (points|trumps|cards|likely deals|punten|troeven|kaarten|waarschijnlijke "
                               r"verdelingen)\b")


def test_a_count_of_one_is_never_said_in_the_plural() -> None:
    # South African deals have cards of one point (the jack of a plain suit), late deals one trump left.
    said = 0
    for rules in ("sa", "rotterdam"):
        for seed in range(6):
            for _, view in walk(rules, seed):
                if view.phase in ("play", "trump"):
                    for o in BOT.advise(view):
                        for lang in ("en", "nl"):
                            assert not ONE_IN_THE_PLURAL.search(o.why[lang]), o.why[lang]
                            said += "1 point" in o.why[lang] or "1 punt " in o.why[lang]
    assert said > 0  # the walk reaches counts of one
