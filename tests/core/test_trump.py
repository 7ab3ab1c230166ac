"""trump.py and Deal.choose_trump: the six modes of docs/rules.md §4."""

from __future__ import annotations

import pytest

from klaverjas.core import CLUBS as C
from klaverjas.core import DIAMONDS as D
from klaverjas.core import EAST as E
from klaverjas.core import HEARTS as H
from klaverjas.core import NORTH as N
from klaverjas.core import PASS, PLAY, Deal, PlayError, Rules, TrumpError, TrumpSelection, choose
from klaverjas.core import SOUTH as S
from klaverjas.core import SPADES as SP
from klaverjas.core import WEST as W


def sel(mode: str, dealer: int = N, proposed: int | None = None, direction: str = "clockwise") -> TrumpSelection:
    rules = Rules().with_options(trump_selection=mode, direction=direction)
    return TrumpSelection(rules, dealer, proposed)


def outcome(s: TrumpSelection) -> tuple[bool, int | None, int | None, int | None]:
    """Done, trump, maker and who is to move (read afresh: no narrowing from earlier asserts)."""
    return s.done, s.trump, s.maker, s.to_move


def test_free_first_lead_seat_speaks_first_and_anyone_may_choose() -> None:
    s = sel("free", dealer=N)
    assert s.to_move == E
    assert list(s.options()) == [PASS, choose(C), choose(D), choose(H), choose(SP)]
    s.act(PASS)
    assert s.to_move == S
    s.act(choose(D))
    assert outcome(s) == (True, D, S, None)
    assert s.events == [(E, PASS), (S, choose(D))]


def test_free_four_passes_force_the_first_lead_seat() -> None:
    s = sel("free", dealer=W)  # first lead N
    for seat in (N, E, S, W):
        assert s.to_move == seat and not s.forced
        s.act(PASS)
    assert s.to_move == N and s.forced
    assert list(s.options()) == [choose(C), choose(D), choose(H), choose(SP)]
    with pytest.raises(TrumpError, match="must choose"):
        s.act(PASS)
    s.act(choose(H))
    assert (s.trump, s.maker) == (H, N)


def test_free_play_is_not_an_option() -> None:
    s = sel("free")
    with pytest.raises(TrumpError, match="no suit on offer"):
        s.act(PLAY)


def test_utrecht_first_lead_must_name_any_suit() -> None:
    s = sel("utrecht", dealer=S)  # first lead W
    assert s.to_move == W and s.forced
    assert list(s.options()) == [choose(x) for x in range(4)]
    with pytest.raises(TrumpError):
        s.act(PASS)
    s.act(choose(C))
    assert (s.trump, s.maker) == (C, W)


@pytest.mark.parametrize("mode", ["proposed", "turned"])
def test_offered_suit_taken_by_first_to_say_play(mode: str) -> None:
    s = sel(mode, dealer=N, proposed=H)
    assert s.to_move == E
    assert list(s.options()) == [PLAY, PASS]
    s.act(PASS)
    s.act(PASS)
    assert s.to_move == W
    s.act(PLAY)
    assert (s.trump, s.maker) == (H, W)


@pytest.mark.parametrize("mode", ["proposed", "turned"])
def test_offered_suit_all_pass_leader_must_choose_a_different_suit(mode: str) -> None:
    s = sel(mode, dealer=E, proposed=SP)  # first lead S
    for _ in range(4):
        s.act(PASS)
    assert s.to_move == S and s.forced and s.excluded == SP
    assert list(s.options()) == [choose(C), choose(D), choose(H)]
    with pytest.raises(TrumpError, match="different suit") as refused:
        s.act(choose(SP))
    assert refused.value.text == {"en": "everyone passed on spades: a different suit must be chosen",
                                  "nl": "iedereen heeft op schoppen gepast: er moet een andere kleur gekozen worden"}
    with pytest.raises(TrumpError) as refused:
        s.act(PLAY)
    assert refused.value.text == {"en": "South must name a suit now other than spades",
                                  "nl": "Zuid moet nu een andere kleur dan schoppen noemen"}
    with pytest.raises(TrumpError) as refused:
        s.act(PASS)
    assert refused.value.text is not None and refused.value.text["nl"].startswith("Zuid moet nu een kleur kiezen")
    s.act(choose(D))
    assert (s.trump, s.maker) == (D, S)


@pytest.mark.parametrize("mode", ["proposed", "turned"])
def test_offered_suit_cannot_name_a_suit_before_everyone_passed(mode: str) -> None:
    s = sel(mode, proposed=C)
    with pytest.raises(TrumpError, match="say play or pass"):
        s.act(choose(D))


@pytest.mark.parametrize("mode", ["proposed", "turned", "last_card"])
def test_modes_with_a_face_up_suit_need_it(mode: str) -> None:
    with pytest.raises(TrumpError):
        sel(mode, proposed=None)


def test_last_card_no_one_chooses() -> None:
    s = sel("last_card", dealer=N, proposed=H, direction="anticlockwise")
    assert s.done and s.trump == H and s.maker is None
    assert list(s.options()) == []
    with pytest.raises(TrumpError):
        s.act(PASS)


def test_bid_dealer_forced_after_three_passes() -> None:
    s = sel("bid", dealer=N, direction="anticlockwise")  # order W S E, then N the dealer
    for seat in (W, S, E):
        assert s.to_move == seat and not s.forced
        s.act(PASS)
    assert s.to_move == N and s.forced
    assert list(s.options()) == [choose(x) for x in range(4)]
    with pytest.raises(TrumpError):
        s.act(PASS)
    s.act(choose(SP))
    assert (s.trump, s.maker) == (SP, N)


def test_bid_earlier_seat_may_name() -> None:
    s = sel("bid", dealer=E, direction="anticlockwise")  # N speaks first
    assert s.to_move == N
    s.act(choose(C))
    assert (s.trump, s.maker) == (C, N)


def test_selection_undo() -> None:
    s = sel("proposed", proposed=D)
    s.act(PASS)
    s.act(PLAY)
    assert s.maker == S
    s.undo()
    assert (s.done, s.to_move, s.passes) == (False, S, 1)
    s.undo()
    assert (s.to_move, s.passes, s.events) == (E, 0, [])
    with pytest.raises(TrumpError):
        s.undo()


def test_already_chosen() -> None:
    s = sel("free")
    s.act(choose(H))
    assert s.why_not(PASS) == "trump has already been chosen"
    with pytest.raises(TrumpError):
        s.act(PASS)


@pytest.mark.parametrize("preset", ["amsterdam", "rotterdam", "sa", "strict"])
def test_deal_new_sets_up_the_mode_of_the_preset(preset: str) -> None:
    rules = Rules.parse(preset)
    deal = Deal.new(rules, dealer=N, seed=7)
    if preset == "sa":
        # the dealer's face-up last card fixes trump, no makers
        assert deal.phase == "play" and deal.makers is None
        assert deal.initial[N] >> (deal.trump * 8) & 0xFF
    else:
        assert deal.phase == "trump"
        with pytest.raises(PlayError, match="not been chosen"):
            deal.play(0)
    if preset == "amsterdam":
        assert deal.selection.proposed in range(4)


def test_deal_choose_trump_makers_and_first_lead_independent_of_maker() -> None:
    deal = Deal.new(Rules.parse("rotterdam"), dealer=S, seed=3)
    assert deal.turn == W
    deal.choose_trump(PASS)  # W
    deal.choose_trump(choose(H))  # N
    assert deal.trump == H and deal.makers == 0 and deal.phase == "play"
    assert deal.turn == W  # the first lead does not depend on who chose trump
    with pytest.raises(PlayError):
        deal.choose_trump(PASS)


def test_turned_face_up_card_is_never_one_of_the_32() -> None:
    deal = Deal.new(Rules().with_options(trump_selection="turned"), dealer=N, seed=11)
    face = deal.face_up
    proposed = deal.selection.proposed
    assert face is not None and proposed is not None and face[0] in "23456" and face[1] == "CDHS"[proposed]


@pytest.mark.parametrize(("mode", "passes"), [("proposed", 4), ("turned", 4), ("utrecht", 0), ("free", 4)])
def test_forced_play_reason_does_not_suggest_passing(mode: str, passes: int) -> None:
    s = sel(mode, proposed=H if mode in ("proposed", "turned") else None)
    for _ in range(passes):
        s.act(PASS)
    assert s.forced
    reason = s.why_not(PLAY)
    assert reason is not None and "pass" not in reason.replace("passed", "")
