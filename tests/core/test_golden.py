"""Golden games: the South African account's sample game, the Dutch rules page's example and the worked
examples of docs/rules.md."""

from __future__ import annotations

import pytest
from core_helpers import c, h

from klaverjas.core import EAST as E
from klaverjas.core import HEARTS, SPADES, Deal, Match, Rules, going_on, next_dealer, parse_cards
from klaverjas.core import NORTH as N
from klaverjas.core import SOUTH as S
from klaverjas.core import WEST as W
from klaverjas.core.tables import TABLES

SA = Rules.parse("sa")

SA_SAMPLE_HANDS = {
    N: "K♥ J♠ 10♦ Q♦ A♦ 8♠ A♠ J♦",  # Anzio, dealer
    W: "8♦ 7♠ Q♥ 9♥ 10♣ 9♦ Q♠ K♦",  # Michael, leads
    S: "A♣ K♠ A♥ K♣ 7♥ 8♣ 7♣ 9♠",  # Colin
    E: "8♥ 10♥ J♣ 9♣ Q♣ 10♠ 7♦ J♥",  # Pat
}
# (cards leader first, winner, points)
SA_SAMPLE_TRICKS = [
    ("8♦ A♣ 8♥ K♥", N, 14),
    ("J♠ 7♠ K♠ 10♥", E, 14),
    ("J♣ 10♦ Q♥ A♥", S, 24),
    ("K♣ 9♣ Q♦ 9♥", W, 19),
    ("10♣ 7♥ Q♣ A♦", S, 23),
    ("8♣ 10♠ 8♠ 9♦", S, 10),
    ("7♣ 7♦ A♠ Q♠", S, 13),
    ("9♠ J♥ J♦ K♦", E, 24 + 5),
]


def south_african_sample_deal() -> Deal:
    deal = Deal(SA, N, [h(SA_SAMPLE_HANDS[s]) for s in range(4)], proposed=HEARTS)
    return deal


def test_south_african_sample_setup() -> None:
    deal = south_african_sample_deal()
    assert deal.trump == HEARTS and deal.makers is None and deal.phase == "play"
    assert deal.turn == W  # anticlockwise: Michael (W) leads
    assert deal.initial[N] >> c("KH") & 1  # the dealer's face-up K♥


def test_south_african_sample_game_trick_by_trick() -> None:
    deal = south_african_sample_deal()
    running = []
    for i, (cards, winner, points) in enumerate(SA_SAMPLE_TRICKS):
        for card in parse_cards(cards):
            deal.play(card)  # every card is legal under the sa rules
        t = deal.tricks[i]
        assert (t.winner, t.points) == (winner, points), i
        running.append(deal.running_totals)
    assert deal.points == [84, 62] and sum(deal.points) == 146
    # automatic roemtes: Anzio's 10-J-Q of diamonds, 20 for N/S from the end of the first trick
    assert deal.roem == [20, 0]
    assert running[0] == (34, 0)
    assert running[5] == (91, 33)  # after trick 6
    assert running[6] == (104, 33)  # after trick 7
    assert deal.went_on == (0, 2, 6)  # N/S go on at trick 7 (index 6) with two strokes
    assert deal.score().scores == (104, 62)


def test_south_african_sample_undo_of_the_going_on_trick() -> None:
    deal = south_african_sample_deal()
    for cards, _, _ in SA_SAMPLE_TRICKS[:7]:
        for card in parse_cards(cards):
            deal.play(card)
    assert deal.went_on == (0, 2, 6)
    deal.undo()
    assert deal.went_on is None and deal.running_totals == (91, 33)
    deal.play(c("Q♠"))
    assert deal.went_on == (0, 2, 6)


def test_south_african_sample_as_the_table_scored_it_ou_jol_then_one_stroke() -> None:
    # N/S 84, E/W 62 + Michael's false 20 = 82: nobody has 100, ou jol.
    assert going_on(SA, (84, 62 + 20)) is None
    # Next deal, spades trump: N/S win J♠ Q♠ A♣ 8♠ = 20 + 2 + 11 + 0 = 33.
    pts = TABLES["sa"].points[SPADES]
    first = sum(pts[x] for x in parse_cards("J♠ Q♠ A♣ 8♠"))
    assert first == 33
    assert going_on(SA, (84 + first, 82)) == (0, 1)  # 117: one stroke, E/W have 82
    match = Match(SA)
    match.add_game(0, 1, (117, 82))
    assert match.strokes == [1, 0] and not match.is_over and match.carry == [0, 0]


def test_south_african_sample_next_deal_goes_on_after_the_first_trick() -> None:
    dealer = next_dealer(N, "anticlockwise")
    assert dealer == W
    hands = {N: "A♣ 7♣ K♣ 8♦ 9♦ A♦ 10♥ J♥", E: "8♣ 9♣ 10♦ J♦ Q♥ K♥ Q♠ 9♠",
             S: "10♣ J♣ Q♦ K♦ A♥ 7♥ J♠ 7♠", W: "Q♣ 7♦ 8♥ 9♥ 8♠ K♠ 10♠ A♠"}  # no roemte anywhere
    deal = Deal(SA, dealer, [h(hands[s]) for s in range(4)], proposed=SPADES, carry=(84, 82))
    assert deal.turn == S
    for card in parse_cards("J♠ Q♠ A♣ 8♠"):
        deal.play(card)
    assert deal.tricks[0].winner == S and deal.tricks[0].points == 33 and deal.roem == [0, 0]
    assert deal.running_totals == (117, 82)
    assert deal.went_on == (0, 1, 0)


# --- the Dutch rules page's worked example (docs/rules.md §3) --------------------------------

WORKED_HANDS = [h("7S 8S AC TC 9S JS KS 8D"), h("QH 9C 7D TD AD KH 9D QD"),
              h("7H JH 8C KD 8H 7C JC QC"), h("AS TS QS TH JD AH 9H KC")]


@pytest.mark.parametrize(("preset", "hand_s", "expected"), [
    ("amsterdam", "7H JH 8C KD", {"JH"}),
    ("rotterdam", "7H JH 8C KD", {"JH"}),
    ("amsterdam", "7H 8C KC", {"8C", "KC"}),
    ("rotterdam", "7H 8C KC", {"7H"}),
])
def test_the_dutch_rules_pages_example(preset: str, hand_s: str, expected: set[str]) -> None:
    from klaverjas.core import legal_for
    from klaverjas.core.cards import card_name, cards_of

    got = legal_for(Rules.parse(preset), HEARTS, h(hand_s), parse_cards("AS 7S QH"))
    assert {card_name(x) for x in cards_of(got)} == expected


# --- docs/rules.md §6, through a whole deal ---------------------------------------------


def test_pit_with_40_roem_through_a_deal() -> None:
    # N holds every heart and leads them; the others discard.  Two tricks hold a run of three.
    hands = {N: "JH 9H AH TH KH QH 8H 7H", E: "7C 7D TC TD JC JD 9S TS",
             S: "8C 8D QC QD KC KD JS QS", W: "9C 9D AC AD 7S 8S KS AS"}
    deal = Deal(Rules(), W, [h(hands[s]) for s in range(4)], proposed=HEARTS)
    from klaverjas.core import PLAY

    deal.choose_trump(PLAY)  # N, the first lead seat, takes the proposed hearts
    assert deal.makers == 0 and deal.turn == N
    plays = ["JH 7C 8C 9C", "9H 7D 8D 9D", "AH TC QC AC", "TH TD QD AD",
             "KH JC KC 7S", "QH JD KD 8S", "8H 9S JS KS", "7H TS QS AS"]
    for trick in plays:
        for card in parse_cards(trick):
            deal.play(card)
    assert [t.roem for t in deal.tricks] == [20, 20, 0, 0, 0, 0, 0, 0]
    assert deal.points == [162, 0] and deal.roem == [40, 0] and deal.pit == 0
    s = deal.score()
    assert s.scores == (302, 0) and s.pit == 0 and not s.nat


def test_nat_through_a_deal_defenders_get_162_plus_all_roem() -> None:
    # Same cards, but E/W chose trump (free selection) and N/S take everything.
    hands = {N: "JH 9H AH TH KH QH 8H 7H", E: "7C 7D TC TD JC JD 9S TS",
             S: "8C 8D QC QD KC KD JS QS", W: "9C 9D AC AD 7S 8S KS AS"}
    from klaverjas.core import PASS, choose

    deal = Deal(Rules.parse("rotterdam"), W, [h(hands[s]) for s in range(4)])
    deal.choose_trump(PASS)  # N
    deal.choose_trump(choose(HEARTS))  # E makes hearts
    assert deal.makers == 1
    plays = ["JH 7C 8C 9C", "9H 7D 8D 9D", "AH TC QC AC", "TH TD QD AD",
             "KH JC KC 7S", "QH JD KD 8S", "8H 9S JS KS", "7H TS QS AS"]
    for trick in plays:
        for card in parse_cards(trick):
            deal.play(card)
    s = deal.score()
    assert s.nat and s.scores == (162 + 40 + 100, 0)
