"""The basic level follows the rules of thumb of the Dutch rules page (docs/rules.md, Sources)."""

from __future__ import annotations

import pytest

from klaverjas.bots import BasicBot, View
from klaverjas.bots.arena import play_deal, run_arena
from klaverjas.bots.basic import trump_fit
from klaverjas.core import PASS, PLAY, Deal, Rules, card_name, choose, parse_card, parse_hand, parse_suit

from .helpers import RULE_SETS, make_deal

BOT = BasicBot()


def _choice(deal: Deal, seat: int) -> str:
    return card_name(BOT.card(View.of(deal, seat)))


@pytest.mark.parametrize(("hand", "suit", "code"), [
    ("JH 9H 7H AS 7S 8C 9C 7D", "H", "trump_jack_nel_ace"),
    ("JH 8H 7H QH AS 7S 8C 7D", "H", "trump_jack_ace_four"),
    ("JH AH 7H QH 9S 7S 8C 7D", "H", "trump_jack_ace_four"),
    ("7H 8H TH QH KH AH 8C 7D", "H", "trump_six"),
    ("JH 9H 7H KS 7S 8C 9C 7D", "H", None),
    ("JH AH 7H QS AS 7S 8C 7D", "H", None),
])
def test_the_trump_rule(hand: str, suit: str, code: str | None) -> None:
    assert trump_fit(parse_hand(hand), parse_suit(suit)).code == code


def test_accepts_or_passes_a_proposed_trump_by_the_rule() -> None:
    others = ["AH KH QH TH 8H 7S 8S 9S", "7C 8C TC JC QC KC AC JS", "7D 8D TD JD QD KD AD TS"]
    strong = Deal(Rules.parse("amsterdam"), 3, [parse_hand(h) for h in ["JH 9H AS QS KS 9C 9D 7H", *others]],
                  proposed=parse_suit("H"))
    view = View.of(strong, 0)
    assert BOT.trump(view) == PLAY
    assert "the jack of hearts" in BOT.advise(view)[0].why["en"]
    weak = Deal(Rules.parse("amsterdam"), 3, [parse_hand(h) for h in ["JH 9H KS QS AS 9C 9D 7H", *others]],
                proposed=parse_suit("C"))
    assert BOT.trump(View.of(weak, 0)) == PASS


def test_forced_chooser_names_its_longest_suit() -> None:
    hands = ["7C 8C TC JC 9H 7S 8S 9S", "AH KH QH TH 8H QC KC AC", "JH 7H 9C JS QS 7D 8D 9D", "TD JD QD KD AD TS KS AS"]
    deal = Deal(Rules.parse("amsterdam(trump_selection=utrecht)"), 3, [parse_hand(h) for h in hands])
    view = View.of(deal, 0)
    assert BOT.trump(view) == choose(parse_suit("C"))
    assert BOT.advise(view)[0].code == "forced_best"


def test_draws_trumps_with_the_jack_when_its_team_plays() -> None:
    deal = make_deal({"N": "JH 9H 7H AS 7S 8C 9C 7D", "E": "8H TH 8S 9S AC TC KC 8D",
                      "S": "QH KH TS JS QS 7C 9D TD", "W": "AH KS JC QC JD QD KD AD"}, "H", "N")
    view = View.of(deal, 0)
    assert _choice(deal, 0) == "JH"
    top = BOT.advise(view)[0]
    assert top.code == "draw_top" and "5 trumps are still out" in top.why["en"]
    assert "nog 5 troeven buiten" in top.why["nl"]


def test_draws_with_a_low_trump_without_the_jack() -> None:
    deal = make_deal({"N": "AH 8H 7H AS 7S 8C 9C 7D", "E": "JH TH 8S 9S AC TC KC 8D",
                      "S": "QH KH TS JS QS 7C 9D TD", "W": "9H KS JC QC JD QD KD AD"}, "H", "S")
    assert _choice(deal, 0) == "7H"


def test_defender_cashes_the_top_card_of_its_shortest_suit() -> None:
    deal = make_deal({"N": "AS KS AC TC 7C 8D 9D 7H", "E": "JH 9H AH 8H TH 7S 8S 9S",
                      "S": "QH KH TS JS QS 8C 9C TD", "W": "JC QC KC 7D JD QD KD AD"}, "H", "E")
    assert _choice(deal, 0) == "AS"
    assert BOT.advise(View.of(deal, 0))[0].why["en"] == (
        "Lead the ace of spades: it is the highest card of spades left and spades is your shortest suit.")


def test_plays_low_when_it_cannot_win() -> None:
    deal = make_deal({"N": "7C 8D 9D 7H 8H 9H TH JH", "E": "AC AS KS TC QC 9S 8S 7S",
                      "S": "8C KC TS JS QS 7D TD QH", "W": "9C JC JD QD KD AD AH KH"}, "H", "N")
    deal.play(parse_card("7C"))
    deal.play(parse_card("AC"))
    assert _choice(deal, 2) == "8C"
    assert BOT.advise(View.of(deal, 2))[0].code == "low"


def test_takes_the_trick_with_its_cheapest_sure_winner_when_last() -> None:
    deal = make_deal({"N": "7C 8D 9D 7H 8H 9H TH JH", "E": "8C AS KS TC QC 9S 8S 7S",
                      "S": "KC 9C TS JS QS 7D TD QH", "W": "AC JC JD QD KD AD AH KH"}, "H", "N")
    for c in ("7C", "8C", "KC"):
        deal.play(parse_card(c))
    assert _choice(deal, 3) == "AC"
    top = BOT.advise(View.of(deal, 3))[0]
    assert top.code == "win_sure" and "you play last" in top.why["en"]


def test_signals_the_ace_with_a_low_card_and_partner_reads_it() -> None:
    deal = make_deal({"N": "AC 7S 9D 7H 8H 9H TH JH", "E": "7C TC KS QC 9S TS 8D JC",
                      "S": "AS 8S 7D TD QD QH KH AH", "W": "8C 9C KC JS QS JD KD AD"}, "H", "E")
    deal.play(parse_card("AC"))
    deal.play(parse_card("7C"))
    view = View.of(deal, 2)
    assert _choice(deal, 2) == "8S"
    assert BOT.advise(view)[0].code == "signal_ace"
    deal.play(parse_card("8S"))
    deal.play(parse_card("8C"))
    north = View.of(deal, 0)
    assert [(s.seat, card_name(s.card), s.kind) for s in north.signals] == [(2, "8S", "ace")]
    assert _choice(deal, 0) == "7S"
    assert BOT.advise(north)[0].code == "to_partner"


def test_makes_roem_in_its_own_trick_and_avoids_it_in_theirs() -> None:
    deal = make_deal({"N": "AC 7S 9D 7H 8H 9H TH JH", "E": "QC TC KS 9S TS 8D JS 8S",
                      "S": "KC 8C 7D TD QD QH KH AH", "W": "7C 9C AS JC QS JD KD AD"}, "H", "E")
    deal.play(parse_card("AC"))
    deal.play(parse_card("QC"))
    top = BOT.advise(View.of(deal, 2))[0]
    assert isinstance(top.action, int)  # in the play, advice is a card
    assert (card_name(top.action), top.code) == ("KC", "roem_ours")  # ace, king, queen of clubs: 20
    assert "20 roem" in top.why["en"]
    # Here the opponents head the trick with the ace: the king would give them A-K-Q roem.
    theirs = make_deal({"N": "QC 7S 9D 7H 8H 9H TH JH", "E": "AC TC KS 9S TS 8D JS 8S",
                        "S": "KC 7C 7D TD QD QH KH AH", "W": "8C 9C AS JC QS JD KD AD"}, "H", "E")
    theirs.play(parse_card("QC"))
    theirs.play(parse_card("AC"))
    assert _choice(theirs, 2) == "7C"


@pytest.mark.parametrize("rules", RULE_SETS)
def test_plays_legal_answers_in_every_variant(rules: str) -> None:
    r = Rules.parse(rules)
    for seed in range(3):
        deal = play_deal(r, seed % 4, f"v{seed}", [BOT, BOT, BOT, BOT])
        assert deal.is_over and deal.score().scores


def test_basic_beats_random_by_a_wide_margin() -> None:
    rep = run_arena("basic", "random", "rotterdam", 24, seed=7, progress=False)
    assert rep["diff_per_deal"] > 50
    assert rep["ci95"][0] > 0


def test_demo_players_are_basic_bots_on_views() -> None:
    from klaverjas.bots.demo import DemoPlayers

    rules = Rules.parse("rotterdam")
    deal = Deal.new(rules, 0, 3)
    players = DemoPlayers(rules, 3)
    while not deal.selection.done:
        seat = deal.selection.to_move
        assert seat is not None
        action, why = players.trump(deal, seat)
        assert action == BOT.trump(View.of(deal, seat)) and why
        deal.choose_trump(action)
    while not deal.is_over:
        view = View.of(deal, deal.turn)
        card, why = players.card(deal, deal.turn)
        assert card == BOT.card(view) and why
        deal.play(card)


def test_a_card_asked_of_a_seat_not_to_play_is_refused_by_name() -> None:
    deal = make_deal({"N": "7H 8H 9H TC JC QC KC AC", "E": "7S 8S 9S TS JS QS KS 7D",
                      "S": "8D 9D TD JD QD KD AD 7C", "W": "AS JH QH KH AH TH 8C 9C"}, "H", "W", dealer="S")
    waiting = View.of(deal, 0)  # West leads; North has no legal card yet
    with pytest.raises(ValueError, match="no card to play"):
        BasicBot().card(waiting)


def test_counts_no_trick_roem_where_roemtes_come_from_the_hand() -> None:
    """South African rules declare roemtes from the dealt hands: a run made in a trick is worth nothing there, so
    it is never the reason for a card (in Amsterdam the king makes ace, king, queen: 20, above)."""
    # Play goes anticlockwise there: East deals, North leads the ace, West follows with the queen, then South.
    hands = {"N": "AC 7S 9D 7H 8H 9H TH JH", "W": "QC TC KS 9S TS 8D JS 8S",
             "S": "KC 8C 7D TD QD QH KH AH", "E": "7C 9C AS JC QS JD KD AD"}
    deal = make_deal(hands, "H", "E", rules="sa", dealer="E")
    deal.play(parse_card("AC"))
    deal.play(parse_card("QC"))
    advice = BOT.advise(View.of(deal, 2))
    assert [o.code for o in advice if o.code == "roem_ours"] == []
    assert all("roem" not in o.why["en"] for o in advice), [o.why["en"] for o in advice]
