"""roem.py: trick roem (docs/rules.md §5, Dutch) and hand roemtes (the South African account, §5)."""

from __future__ import annotations

import itertools
import random

import pytest
import reference as ref
from core_helpers import c, h

from klaverjas.core import CLUBS as C
from klaverjas.core import DIAMONDS as D
from klaverjas.core import EAST as E
from klaverjas.core import HEARTS as H
from klaverjas.core import NORTH as N
from klaverjas.core import SOUTH as SO
from klaverjas.core import SPADES as S
from klaverjas.core import WEST as W
from klaverjas.core import Rules, cards_of, parse_cards
from klaverjas.core.roem import Roemte, hand_roemtes, quartet_values, scoring_roemtes, trick_roem

ALL = quartet_values(Rules())
LOW100 = quartet_values(Rules(four_low_ranks=100))
QKA = quartet_values(Rules.parse("strict"))


def roem(text: str, trump: int, quartets: tuple[int, ...] = ALL) -> int:
    return trick_roem(parse_cards(text), trump, quartets)


@pytest.mark.parametrize(("trick", "trump", "value"), [
    ("7C 8C 9C AD", H, 20),  # run of three
    ("9C 7C AD 8C", H, 20),  # order in the trick does not matter
    ("7C 8C 9C TC", H, 50),  # run of four
    ("JD QD KD AD", C, 50),
    ("7C 8C TC JC", H, 0),  # gap
    ("TC JC QC AH", H, 20),  # natural order: 10 J Q is a run (not trump order)
    ("9H TH JH 7C", H, 20),  # a run in trumps uses the natural order too
    ("AC 7C 8C 9D", H, 0),  # no wrap-around A-7
    ("KH QH 7C 8D", H, 20),  # stuk
    ("KH QH 7C 8D", S, 0),  # K+Q of a plain suit are not stuk
    ("JH QH KH 7C", H, 40),  # J-Q-K of trumps: 20 + stuk
    ("TH JH QH KH", H, 70),  # 10-J-Q-K of trumps: 50 + stuk
    ("JH QH KH AH", H, 70),  # J-Q-K-A of trumps: 50 + stuk
    ("QH KH AH 7C", H, 40),
    ("9H QH KH AH", H, 40),  # Q-K-A run plus stuk (9 is not adjacent)
    ("JC JD JH JS", H, 200),
    ("AC AD AH AS", H, 100),
    ("KC KD KH KS", H, 100),  # four kings; the king of trumps alone is no stuk
    ("QC QD QH QS", C, 100),
    ("TC TD TH TS", D, 100),
    ("9C 9D 9H 9S", D, 0),
    ("8C 8D 8H 8S", D, 0),
    ("7C 7D 7H 7S", D, 0),
    ("7C 9D JH KS", D, 0),
])
def test_trick_roem_default(trick: str, trump: int, value: int) -> None:
    assert roem(trick, trump) == value


def test_four_low_ranks_option() -> None:
    for rank in "789":
        cards = " ".join(rank + s for s in "CDHS")
        assert roem(cards, H, ALL) == 0
        assert roem(cards, H, LOW100) == 100
    assert roem("JC JD JH JS", H, LOW100) == 200


def test_strict_quartets_only_queens_kings_aces() -> None:
    assert [roem(" ".join(r + s for s in "CDHS"), D, QKA) for r in "789TJQKA"] == [0, 0, 0, 0, 0, 100, 100, 100]
    # runs and stuk are the same trick roem
    assert roem("TH JH QH KH", H, QKA) == 70


def test_trick_roem_matches_the_reference_on_random_tricks() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        trick = rng.sample(range(32), 4)
        trump = rng.randrange(4)
        rc = [ref.from_int(x) for x in trick]
        t = "CDHS"[trump]
        assert trick_roem(trick, trump, ALL) == ref.trick_roem(rc, t)
        assert trick_roem(trick, trump, LOW100) == ref.trick_roem(rc, t, four_low_ranks=100)
        assert trick_roem(trick, trump, QKA) == ref.trick_roem(rc, t, quartets="qka")


# --- hand roemtes (South African) ---------------------------------------------------------


def summary(rs: list[Roemte]) -> list[tuple[int, int, str, int]]:
    return sorted((r.value, r.seat, r.kind, r.top_rank) for r in rs)


def test_hand_runs_and_quartets() -> None:
    assert summary(hand_roemtes(h("7C 8C 9C AD KD 7H 9H JS"), N, 0, H)) == [(20, N, "run", 2)]
    assert summary(hand_roemtes(h("7C 8C 9C TC AD KD 7H 9H"), N, 0, H)) == [(50, N, "run", 3)]
    assert summary(hand_roemtes(h("7C 8C 9C TC JC KD 7H 9H"), N, 0, H)) == [(100, N, "run", 4)]
    assert summary(hand_roemtes(h("7C 8C 9C TC JC QC KC AC"), N, 0, H)) == [(100, N, "run", 7)]
    # two twenties in one hand
    assert summary(hand_roemtes(h("7C 8C 9C JD QD KD 7H 9H"), E, 0, H)) == [(20, E, "run", 2), (20, E, "run", 6)]
    assert summary(hand_roemtes(h("JC JD JH JS 7C 8D 9H 7S"), W, 0, H)) == [(200, W, "four", 4)]
    assert summary(hand_roemtes(h("AC AD AH AS 7C 8D 9H 7S"), W, 0, H)) == [(100, W, "four", 7)]
    assert summary(hand_roemtes(h("7C 7D 7H 7S AC KD 9H QS"), W, 0, H)) == [(100, W, "four", 0)]
    assert hand_roemtes(h("7C 9C JC KD AD 8H TH QS"), N, 0, H) == []
    # Sturk alone is not a roemte (it always counts for its holder)
    assert hand_roemtes(h("KH QH 7C 9C JD 8S TS AS"), N, 0, H) == []


def seats_scoring(hands: dict[int, str], trump: int, order: list[int]) -> set[int]:
    """Seats whose roemtes score; each hand is given as just its roemte cards."""
    hs = [0, 0, 0, 0]
    for seat, text in hands.items():
        hs[seat] = h(text)
    return {r.seat for r in scoring_roemtes(hs, order, trump)}


def test_sizing_value_first() -> None:
    # E's fifty beats N's ace-high twenty; only E/W score, W's twenty too.
    hands = {N: "QC KC AC", E: "7S 8S 9S TS", SO: "JD QD KD", W: "7H 8H 9H"}
    assert seats_scoring(hands, S, [W, SO, E, N]) == {E, W}
    rs = scoring_roemtes([h(hands[s]) for s in range(4)], [W, SO, E, N], S)
    assert summary(rs) == [(20, W, "run", 2), (50, E, "run", 3)]


def test_sizing_higher_top_card() -> None:
    hands = {N: "7C 8C 9C", E: "JH QH KH", SO: "7D 8D 9D"}
    assert seats_scoring(hands, C, [N, E, SO, W]) == {E}  # king-high beats nine-high, even a trump run


def test_sizing_equal_top_card_trump_run_is_better() -> None:
    hands = {N: "7C 8C 9C", E: "7D 8D 9D"}
    assert seats_scoring(hands, D, [N, E, SO, W]) == {E}
    assert seats_scoring(hands, C, [E, SO, W, N]) == {N}


def test_sizing_equal_roemtes_earlier_declarer_keeps_it() -> None:
    hands = {N: "7C 8C 9C", E: "7D 8D 9D"}
    assert seats_scoring(hands, H, [N, E, SO, W]) == {N}
    assert seats_scoring(hands, H, [E, SO, W, N]) == {E}


def test_four_jacks_beat_a_fifty_and_the_winners_keep_all_theirs() -> None:
    hands = {N: "JC JD JH JS", E: "7S 8S 9S TS", SO: "7H 8H 9H"}  # 200 beats 50; S has twenty
    rs = scoring_roemtes([h(hands.get(s, "")) for s in range(4)], [N, E, SO, W], H)
    assert {r.seat for r in rs} == {N, SO}
    assert sum(r.value for r in rs) == 220


def test_every_pair_of_single_runs_sizes_by_value_top_trump_order() -> None:
    # Exhaustive over two runs in different suits held by E and N.
    runs = [(suit, length, top) for suit in range(4) for length in (3, 4, 5) for top in range(length - 1, 8)]
    for (s1, l1, t1), (s2, l2, t2) in itertools.product(runs, repeat=2):
        if s1 == s2:
            continue
        a = sum(1 << (8 * s1 + r) for r in range(t1 - l1 + 1, t1 + 1))
        b = sum(1 << (8 * s2 + r) for r in range(t2 - l2 + 1, t2 + 1))
        trump = 0
        value = {3: 20, 4: 50, 5: 100}
        key_a = (value[l1], t1, s1 == trump, 1)  # N declares first
        key_b = (value[l2], t2, s2 == trump, 0)
        hands = [a, b, 0, 0]
        best = {r.seat for r in scoring_roemtes(hands, [N, E, SO, W], trump)}
        assert best == ({N} if key_a > key_b else {E}), (cards_of(a), cards_of(b))


def test_two_runs_in_one_suit() -> None:
    rs = hand_roemtes(h("7C 8C 9C JC QC KC AC 7D"), N, 0, H)
    assert summary(rs) == [(20, N, "run", 2), (50, N, "run", 7)]


def test_trick_roem_parts_add_up() -> None:
    from klaverjas.core.roem import trick_roem_parts

    assert trick_roem_parts(parse_cards("TH JH QH KH"), H, ALL) == [("run", 50), ("stuk", 20)]
    assert trick_roem_parts(parse_cards("JC JD JH JS"), H, ALL) == [("four", 200)]
    assert trick_roem_parts(parse_cards("7C 7D 7H 7S"), H, ALL) == []
    rng = random.Random(8)
    for _ in range(2000):
        trick, trump = rng.sample(range(32), 4), rng.randrange(4)
        for q in (ALL, LOW100, QKA):
            assert sum(v for _, v in trick_roem_parts(trick, trump, q)) == trick_roem(trick, trump, q)


def test_sturk_helper() -> None:
    from klaverjas.core.roem import has_sturk

    assert has_sturk(h("KH QH 7C"), H) and not has_sturk(h("KH QH 7C"), C) and not has_sturk(h("KH 7C"), H)
    assert c("KH") in cards_of(h("KH QH"))
