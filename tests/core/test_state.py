"""state.py: Deal errors, claimed roem, verzaken (docs/rules.md §5 and §6)."""

from __future__ import annotations

import pytest
from core_helpers import c, h

from klaverjas.core import EAST as E
from klaverjas.core import HEARTS, PLAY, Deal, IllegalCard, PlayError, Rules, parse_cards
from klaverjas.core import NORTH as N
from klaverjas.core import SOUTH as S
from klaverjas.core import WEST as W

# N holds every heart and leads them; the first two tricks hold a run of three (20 each).
PIT_HANDS = [h("JH 9H AH TH KH QH 8H 7H"), h("7C 7D TC TD JC JD 9S TS"),
             h("8C 8D QC QD KC KD JS QS"), h("9C 9D AC AD 7S 8S KS AS")]
PIT_PLAYS = ["JH 7C 8C 9C", "9H 7D 8D 9D", "AH TC QC AC", "TH TD QD AD",
             "KH JC KC 7S", "QH JD KD 8S", "8H 9S JS KS", "7H TS QS AS"]
# The Dutch rules page's worked example: dealer S, W leads AS, N 7S, E QH; S must overtrump with JH.
WORKED_HANDS = [h("7S 8S AC TC 9S JS KS 8D"), h("QH 9C 7D TD AD KH 9D QD"),
              h("7H JH 8C KD 8H 7C JC QC"), h("AS TS QS TH JD AH 9H KC")]


def pit_deal(rules: Rules) -> Deal:
    deal = Deal(rules, W, PIT_HANDS, proposed=HEARTS)
    deal.choose_trump(PLAY)
    return deal


def play_trick(deal: Deal, text: str) -> None:
    for card in parse_cards(text):
        deal.play(card)


def test_construction_errors() -> None:
    with pytest.raises(PlayError, match="4 hands"):
        Deal(Rules(), N, PIT_HANDS[:3], proposed=0)
    with pytest.raises(PlayError, match="7 cards"):
        Deal(Rules(), N, [PIT_HANDS[0] & ~(1 << c("JH")), *PIT_HANDS[1:]], proposed=0)
    with pytest.raises(PlayError, match="twice"):
        Deal(Rules(), N, [PIT_HANDS[0], PIT_HANDS[0], PIT_HANDS[2], PIT_HANDS[3]], proposed=0)


def test_play_errors() -> None:
    deal = pit_deal(Rules())
    with pytest.raises(PlayError, match="does not hold"):
        deal.play(c("7C"))  # N does not hold it
    with pytest.raises(PlayError):
        deal.score()
    with pytest.raises(PlayError, match="no card"):
        deal.undo()
    for trick in PIT_PLAYS:
        play_trick(deal, trick)
    assert deal.phase == "done"
    with pytest.raises(PlayError, match="over"):
        deal.play(c("7H"))


def test_illegal_card_is_refused_and_state_unchanged() -> None:
    deal = Deal(Rules(), S, WORKED_HANDS, proposed=HEARTS)
    deal.set_trump(HEARTS, W)
    play_trick(deal, "AS 7S QH")
    before = (list(deal.hands), list(deal.trick), deal.turn)
    with pytest.raises(IllegalCard) as info:
        deal.play(c("7H"))
    assert info.value.refusal.code == "must_overtrump"
    assert "S may not play 7H" in str(info.value)
    assert (list(deal.hands), list(deal.trick), deal.turn) == before
    assert deal.illegal_plays == []


def test_auto_roem_cannot_be_claimed() -> None:
    deal = pit_deal(Rules())
    play_trick(deal, PIT_PLAYS[0])
    assert deal.roem == [20, 0] and deal.pending_roem is None
    with pytest.raises(PlayError, match="automatically"):
        deal.claim_roem(N, 20)


def test_claimed_roem() -> None:
    deal = pit_deal(Rules(roem_claim="claimed"))
    play_trick(deal, PIT_PLAYS[0])
    assert deal.roem == [0, 0] and deal.pending_roem == (0, 20)
    with pytest.raises(PlayError, match="belongs to North-South") as refused:
        deal.claim_roem(E, 20)
    assert refused.value.text is not None and refused.value.text["nl"] == "de roem is van Noord-Zuid, die de slag won"
    with pytest.raises(PlayError, match="holds 20 roem, not 50"):
        deal.claim_roem(S, 50)
    deal.claim_roem(S, 20)
    assert deal.roem == [20, 0] and deal.pending_roem is None
    # second trick: roem not claimed before the next card is played is lost
    play_trick(deal, PIT_PLAYS[1])
    assert deal.pending_roem == (0, 20)
    deal.play(c("AH"))
    assert deal.pending_roem is None
    with pytest.raises(PlayError, match="no longer"):
        deal.claim_roem(N, 20)
    # undoing the card brings the claim back
    deal.undo()
    assert deal.pending_roem == (0, 20)
    deal.play(c("AH"))
    play_trick(deal, "TC QC AC")
    with pytest.raises(PlayError, match="no roem"):
        deal.claim_roem(N, 0)
    for trick in PIT_PLAYS[3:]:
        play_trick(deal, trick)
    assert deal.roem == [20, 0]
    assert deal.score().scores == (162 + 20 + 100, 0)


def test_undo_takes_back_a_claim() -> None:
    deal = pit_deal(Rules(roem_claim="claimed"))
    play_trick(deal, PIT_PLAYS[0])
    deal.claim_roem(N, 20)
    assert deal.claims == [(4, N, 20)]
    deal.undo()
    assert deal.roem == [0, 0] and deal.claims == [] and deal.pending_roem is None
    deal.play(c("9C"))
    assert deal.pending_roem == (0, 20) and deal.roem == [0, 0]


def allow_deal() -> Deal:
    deal = Deal(Rules(illegal_cards="allow"), S, WORKED_HANDS, proposed=HEARTS)
    deal.set_trump(HEARTS, W)
    play_trick(deal, "AS 7S QH")
    return deal


def test_verzaakt_called_and_scored() -> None:
    deal = allow_deal()
    deal.play(c("8C"))  # S should overtrump with JH
    assert deal.illegal_plays == [(3, S, c("8C"))]
    assert deal.tricks[0].winner == E
    with pytest.raises(PlayError, match="no renege by East-West") as refused:
        deal.call_verzaakt(N)
    assert refused.value.text == {"en": "no renege by East-West in this deal",
                                  "nl": "Oost-West heeft in dit spel niet verzaakt"}
    assert deal.call_verzaakt(W) == 0
    assert deal.is_over and deal.verzaakt == 0
    s = deal.score()
    assert s.scores == (0, 162 + 100) and s.verzaakt == 0
    with pytest.raises(PlayError):
        deal.call_verzaakt(E)
    with pytest.raises(PlayError):
        deal.play(c("JH"))


def test_verzaakt_includes_all_roem() -> None:
    # W holds the 7 of hearts but discards 9C on N's trump lead: a renege by E/W in a trick with 20 roem.
    hands = [h("JH 9H AH TH KH QH 8H 7S"), PIT_HANDS[1], PIT_HANDS[2], h("9C 9D AC AD 7H 8S KS AS")]
    deal = Deal(Rules(illegal_cards="allow"), W, hands, proposed=HEARTS)
    deal.choose_trump(PLAY)
    play_trick(deal, "JH 7C 8C 9C")
    assert deal.illegal_plays == [(3, W, c("9C"))]
    assert deal.roem == [20, 0]
    assert deal.call_verzaakt(N) == 1
    assert deal.score().scores == (162 + 20 + 100, 0)


def test_undo_removes_an_illegal_play() -> None:
    deal = allow_deal()
    deal.play(c("8C"))
    deal.undo()
    assert deal.illegal_plays == []
    with pytest.raises(PlayError):
        deal.call_verzaakt(E)


def test_refuse_rules_nobody_can_renege() -> None:
    deal = Deal(Rules(), S, WORKED_HANDS, proposed=HEARTS)
    deal.set_trump(HEARTS, W)
    with pytest.raises(PlayError, match="refused"):
        deal.call_verzaakt(N)


def test_trick_as_json() -> None:
    deal = pit_deal(Rules())
    play_trick(deal, PIT_PLAYS[0])
    assert deal.tricks[0].as_json() == {"leader": "N", "cards": ["JH", "7C", "8C", "9C"], "winner": "N",
                                        "points": 20, "roem": 20}


def test_construction_refuses_a_non_card() -> None:
    hands = [*PIT_HANDS[:3], (PIT_HANDS[3] & ~(1 << c("AS"))) | 1 << 40]
    with pytest.raises(PlayError):
        Deal(Rules(), N, hands, proposed=0)
