"""Legal play (docs/rules.md §3): the worked example, every row of the table in every preset,
and refusal reasons."""

from __future__ import annotations

import random

import pytest
from core_helpers import PRESET_NAMES, c, h, names, random_deal
from hypothesis import given, settings
from hypothesis import strategies as st

from klaverjas.core import (
    HEARTS,
    Deal,
    IllegalCard,
    Refusal,
    Rules,
    card_words,
    cards_of,
    legal_for,
    parse_cards,
    refusal,
)

AMS = Rules.parse("amsterdam")
ROT = Rules.parse("rotterdam")


# --- the worked example of docs/rules.md §3 -----------------------------------------------
# Hearts trump; W leads AS, N 7S, E QH; S has no spades.


@pytest.mark.parametrize("rules", [AMS, ROT, Rules.parse("strict")], ids=str)
def test_dutch_rules_page_must_overtrump_with_jack(rules: Rules) -> None:
    trick = parse_cards("AS 7S QH")
    assert names(legal_for(rules, HEARTS, h("7H JH 8C KD"), trick)) == {"JH"}


def test_dutch_rules_page_no_higher_trump_amsterdam_discards() -> None:
    assert names(legal_for(AMS, HEARTS, h("7H 8C KC"), parse_cards("AS 7S QH"))) == {"8C", "KC"}


def test_dutch_rules_page_no_higher_trump_rotterdam_undertrumps() -> None:
    assert names(legal_for(ROT, HEARTS, h("7H 8C KC"), parse_cards("AS 7S QH"))) == {"7H"}


def test_dutch_rules_page_rotterdam_without_compulsory_undertrump() -> None:
    rules = Rules.parse("rotterdam(rotterdam_undertrump=false)")
    assert names(legal_for(rules, HEARTS, h("7H 8C KC"), parse_cards("AS 7S QH"))) == {"8C", "KC"}
    assert names(legal_for(rules, HEARTS, h("7H JH 8C KD"), parse_cards("AS 7S QH"))) == {"JH"}


def test_dutch_rules_page_in_a_real_deal_with_reasons() -> None:
    # Dealer S, so W leads (clockwise).  Full hands around the example.
    hands = [h("7S 8S AC TC 9S JS KS 8D"),  # N
             h("QH 9C 7D TD AD KH 9D QD"),  # E: no spades either
             h("7H JH 8C KD 8H 7C JC QC"),  # S: no spades
             h("AS TS QS TH JD AH 9H KC")]  # W
    deal = Deal(AMS, 2, hands, proposed=HEARTS)
    deal.set_trump(HEARTS, 3)
    for name in ("AS", "7S", "QH"):
        deal.play(c(name))
    assert deal.turn == 2
    assert names(deal.legal()) == {"JH"}
    why = deal.why_not(c("7H"))
    assert why is not None and why.code == "must_overtrump" and why.win == c("QH") and why.win_seat == 1
    assert "East" in why.text("en") and "queen of hearts" in why.text("en")
    assert "Oost" in why.text("nl") and "harten vrouw" in why.text("nl")
    assert "jack of hearts" in why.text("en")  # what is allowed
    with pytest.raises(IllegalCard) as info:
        deal.play(c("8C"))
    assert info.value.refusal.code == "must_overtrump" and info.value.seat == 2
    assert deal.why_not(c("JH")) is None
    deal.play(c("JH"))
    assert deal.tricks[-1].winner == 2


# --- every row of the table, every preset ---------------------------------------------------
# (row, trick so far, hand, expected per preset).  Hearts trump.  The mover plays at position
# len(trick); his partner played position len(trick) - 2.

ROWS = [
    ("plain led, holds suit", "AS", "7S KS 7H JH 8C",
     {"amsterdam": "7S KS", "rotterdam": "7S KS", "strict": "7S KS", "sa": "7S KS 7H JH"}),
    ("plain led, holds suit, partner winning", "TS 7S", "AS 8S 9H 7C",
     {"amsterdam": "AS 8S", "rotterdam": "AS 8S", "strict": "AS", "sa": "AS 8S 9H"}),
    ("plain led, holds suit, can beat opponent", "KS", "AS TS QS 7S 7H",
     {"amsterdam": "AS TS QS 7S", "rotterdam": "AS TS QS 7S", "strict": "AS TS", "sa": "AS TS QS 7S 7H"}),
    ("plain led, holds suit, trump in trick", "KS QH", "AS 8S 7C",
     {"amsterdam": "AS 8S", "rotterdam": "AS 8S", "strict": "AS 8S", "sa": "AS 8S"}),
    ("plain led, no trump in hand, can't head", "AS", "KS 7S 8C",
     {"amsterdam": "KS 7S", "rotterdam": "KS 7S", "strict": "KS 7S", "sa": "KS 7S"}),
    ("trump led, holds higher trump", "9H", "7H JH AH 8C",
     {"amsterdam": "JH", "rotterdam": "JH", "strict": "JH", "sa": "7H JH AH"}),
    ("trump led, over partner", "9H 7H", "JH 8H AS",
     {"amsterdam": "JH", "rotterdam": "JH", "strict": "JH", "sa": "JH 8H"}),
    ("trump led, no higher trump", "JH", "7H AH 8C",
     {"amsterdam": "7H AH", "rotterdam": "7H AH", "strict": "7H AH", "sa": "7H AH"}),
    ("trump led, higher than the highest trump in the trick", "7H 9H QH", "AH JH 8C",
     {"amsterdam": "JH", "rotterdam": "JH", "strict": "JH", "sa": "AH JH"}),
    ("trump led, no trump", "9H", "8C AS KD",
     {"amsterdam": "8C AS KD", "rotterdam": "8C AS KD", "strict": "8C AS KD", "sa": "8C AS KD"}),
    ("void, no trump in hand", "AS 7S", "8C KD QC",
     {"amsterdam": "8C KD QC", "rotterdam": "8C KD QC", "strict": "8C KD QC", "sa": "8C KD QC"}),
    ("void, no trump in hand, trump in trick", "AS 7H", "8C KD QC",
     {"amsterdam": "8C KD QC", "rotterdam": "8C KD QC", "strict": "8C KD QC", "sa": "8C KD QC"}),
    ("void, opponent winning, no trump in trick", "AS", "7H JH 8C KD",
     {"amsterdam": "7H JH", "rotterdam": "7H JH", "strict": "7H JH", "sa": "7H JH 8C KD"}),
    ("void, opponent winning (3rd seat), no trump in trick", "KS AS", "7H 8C",
     {"amsterdam": "7H", "rotterdam": "7H", "strict": "7H", "sa": "7H 8C"}),
    ("void, opponent winning with trump, holds higher", "AS 7S QH", "7H JH 8C KD",
     {"amsterdam": "JH", "rotterdam": "JH", "strict": "JH", "sa": "7H JH 8C KD"}),
    ("void, opponent winning with trump, only lower", "AS 7S QH", "7H 8C KC",
     {"amsterdam": "8C KC", "rotterdam": "7H", "strict": "7H", "sa": "7H 8C KC"}),
    ("void, opponent winning with trump, only lower trumps held", "AS 7S QH", "7H 8H",
     {"amsterdam": "7H 8H", "rotterdam": "7H 8H", "strict": "7H 8H", "sa": "7H 8H"}),
    ("void, opponent overtrumped partner", "7S 8H KH", "QH AH 8C",
     {"amsterdam": "AH", "rotterdam": "AH", "strict": "AH", "sa": "QH AH 8C"}),
    ("void, opponent overtrumped partner, only lower", "7S 8H KH", "QH 9C",
     {"amsterdam": "9C", "rotterdam": "QH", "strict": "QH", "sa": "QH 9C"}),
    ("void, opponent winning with trump, Dutch trump order", "AS 7S 9H", "AH TH JH 8C",
     {"amsterdam": "JH", "rotterdam": "JH", "strict": "JH", "sa": "AH TH JH 8C"}),
    ("void, partner winning, no trump in trick", "AS 7S", "7H JH 8C KD",
     {"amsterdam": "7H JH 8C KD", "rotterdam": "7H JH", "strict": "7H JH", "sa": "7H JH 8C KD"}),
    ("void, partner winning (2nd card), no trump", "7S AS 8S", "7H 8C",
     {"amsterdam": "7H 8C", "rotterdam": "7H", "strict": "7H", "sa": "7H 8C"}),
    ("void, partner winning with trump, holds higher", "7S QH 8S", "7H JH 8C KD",
     {"amsterdam": "JH 8C KD", "rotterdam": "JH", "strict": "JH", "sa": "7H JH 8C KD"}),
    ("void, partner winning with trump, only lower", "7S QH 8S", "7H 8C KD",
     {"amsterdam": "8C KD", "rotterdam": "7H", "strict": "7H", "sa": "7H 8C KD"}),
    ("void, partner winning with trump, only lower trumps held", "7S QH 8S", "7H 8H",
     {"amsterdam": "7H 8H", "rotterdam": "7H 8H", "strict": "7H 8H", "sa": "7H 8H"}),
    ("void, partner winning with trump, only trumps, one higher", "7S QH 8S", "7H JH",
     {"amsterdam": "JH", "rotterdam": "JH", "strict": "JH", "sa": "7H JH"}),
    ("void, partner winning with trump (2nd card), opp follows", "7S QH", "7H 8C",
     {"amsterdam": "7H 8C", "rotterdam": "7H 8C", "strict": "7H 8C", "sa": "7H 8C"}),
]
# The last row: the mover is at position 2; the partner led 7S, the opponent (position 1)
# trumped with QH, so the opponent wins with a trump and the mover has no higher trump:
# Amsterdam discards 8C (or undertrumps? no: a non-trump is held, so only 8C).
ROWS[-1] = ("void, opponent winning with trump (2nd seat)", "7S QH", "7H 8C",
            {"amsterdam": "8C", "rotterdam": "7H", "strict": "7H", "sa": "7H 8C"})


def rotate(text: str, k: int) -> str:
    """Shift every suit by k (hearts trump becomes suit (2 + k) % 4)."""
    out = []
    for t in text.split():
        out.append(t[0] + "CDHS"[("CDHS".index(t[1]) + k) % 4])
    return " ".join(out)


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_table_row(row: tuple[str, str, str, dict[str, str]], preset: str) -> None:
    _, trick, hand, expected = row
    rules = Rules.parse(preset)
    for k in range(4):  # the same situation with every suit as trump
        got = legal_for(rules, (HEARTS + k) % 4, h(rotate(hand, k)), parse_cards(rotate(trick, k)))
        assert names(got) == set(rotate(expected[preset], k).split()), (k, names(got))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_leader_may_play_anything(preset: str) -> None:
    hand = h("7H JH 8C KD AS")
    assert legal_for(Rules.parse(preset), HEARTS, hand, []) == hand


def test_sa_uses_its_own_orders_for_the_winner() -> None:
    # SA trump order J 9 A K Q 10: the 10 of trumps is low, so KH heads over TH.
    sa = Rules.parse("sa")
    deal = Deal(sa, 0, [h("TH 7C 8C 9C TC JC QC KC"), h("AC 7D 8D 9D TD JD QD KD"),
                        h("KH AD 7H 8H 9H JH QH AH"), h("7S 8S 9S TS JS QS KS AS")], proposed=HEARTS)
    assert deal.turn == 3  # anticlockwise: W leads
    for name in ("7S", "KH", "AC", "TH"):  # W, S, E, N
        deal.play(c(name))
    assert deal.tricks[0].winner == 2 and deal.tricks[0].points == 0 + 3 + 11 + 10


# --- refusals ------------------------------------------------------------------------------


def check_refusals(rules: Rules, trump: int, hand: int, trick: list[int]) -> None:
    """Every card of the hand: None when legal, else a reason in two different languages.
    Cards not in the hand get the not_in_hand code."""
    legal = legal_for(rules, trump, hand, trick)
    assert legal and legal & hand == legal
    for card in range(32):
        r = refusal(rules, trump, hand, trick, card)
        if hand >> card & 1 and legal >> card & 1:
            assert r is None
            continue
        assert isinstance(r, Refusal)
        assert r.card == card
        if not hand >> card & 1:
            assert r.code == "not_in_hand"
            continue
        assert r.code != "not_in_hand"
        assert r.allowed == legal
        en, nl = r.text("en"), r.text("nl")
        assert en and nl and en != nl
        for allowed in cards_of(legal):  # the reason ends with what may be played
            assert card_words(allowed, "en") in en and card_words(allowed, "nl") in nl


def test_refusal_text_for_a_card_not_in_hand() -> None:
    r = refusal(AMS, HEARTS, h("7H 8C"), parse_cards("AS"), c("AH"))
    assert r is not None and r.code == "not_in_hand"
    assert r.text("en") == "You do not hold the ace of hearts."
    assert r.text("nl") == "Je hebt harten aas niet."


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_refusals_on_table_rows(row: tuple[str, str, str, dict[str, str]], preset: str) -> None:
    _, trick, hand, _ = row
    check_refusals(Rules.parse(preset), HEARTS, h(hand), parse_cards(trick))


@pytest.mark.parametrize(("preset", "trick", "hand", "card", "code"), [
    ("amsterdam", "AS", "7S 7H 8C", "8C", "follow_suit"),
    ("amsterdam", "AS", "7S 7H 8C", "7H", "follow_suit"),
    ("sa", "AS", "7S 7H 8C", "8C", "follow_or_trump"),
    ("strict", "KS", "AS 7S", "7S", "head_plain"),
    ("amsterdam", "9H", "7H JH 8C", "7H", "trump_led_go_higher"),
    ("amsterdam", "9H", "7H JH 8C", "8C", "trump_led_follow"),
    ("amsterdam", "AS", "7H 8C", "8C", "must_trump"),
    ("rotterdam", "AS 7S", "7H 8C", "8C", "must_trump_partner"),
    ("amsterdam", "AS 7S QH", "7H JH 8C", "8C", "must_overtrump"),
    ("rotterdam", "7S QH 8S", "7H JH 8C", "8C", "must_overtrump_partner"),
    ("rotterdam", "AS 7S QH", "7H 8C", "8C", "must_undertrump"),
    ("amsterdam", "AS 7S QH", "7H 8C", "7H", "no_undertrump"),
    ("amsterdam", "7S QH 8S", "7H 8C", "7H", "no_undertrump_partner"),
])
def test_refusal_codes(preset: str, trick: str, hand: str, card: str, code: str) -> None:
    r = refusal(Rules.parse(preset), HEARTS, h(hand), parse_cards(trick), c(card))
    assert r is not None and r.code == code
    assert r.text("en") != r.text("nl")
    with pytest.raises(ValueError):
        r.text("fr")


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(PRESET_NAMES), seed=st.integers(0, 2**31), stop=st.integers(0, 31))
def test_refusal_agrees_with_legal_on_random_positions(preset: str, seed: int, stop: int) -> None:
    deal, rng = random_deal(preset, seed)
    for _ in range(stop):
        deal.play(rng.choice(cards_of(deal.legal())))
    legal = deal.legal()
    hand = deal.hands[deal.turn]
    check_refusals(deal.rules, deal.trump, hand, list(deal.trick))
    for card in range(32):
        r = deal.why_not(card)
        assert (r is None) == bool(legal >> card & 1)


def test_refusal_agrees_with_legal_exhaustively_on_small_random_sample() -> None:
    rng = random.Random(99)
    for preset in PRESET_NAMES:
        rules = Rules.parse(preset)
        for _ in range(300):
            cards = rng.sample(range(32), 4 + rng.randrange(8))
            n_trick = rng.randrange(4)
            trick, hand = cards[:n_trick], sum(1 << x for x in cards[n_trick:])
            check_refusals(rules, rng.randrange(4), hand, trick)


def test_card_words() -> None:
    from klaverjas.core import card_label, card_words

    assert card_words(c("QH")) == "the queen of hearts"
    assert card_words(c("QH"), "nl") == "harten vrouw"
    assert card_label(c("JH")) == "Jack of hearts"
    assert card_label(c("JH"), "nl") == "Harten boer"
    assert card_label(c("TS"), "nl") == "Schoppen tien"


def test_dutch_reason_does_not_capitalise_mid_sentence() -> None:
    r = refusal(ROT, HEARTS, h("7H JH 8C"), parse_cards("7S QH 8S"), c("8C"), [3, 0, 1])
    assert r is not None and r.code == "must_overtrump_partner"
    assert "; je maat Noord ligt hoog" in r.text("nl")
