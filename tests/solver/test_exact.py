"""The solver against a plain minimax of the core rules, on thousands of seeded endings."""

from __future__ import annotations

import random

import numpy as np
import pytest
from tests.solver.minimax import minimax, minimax_cards
from tests.solver.solver_endings import RULE_SETS, mid_deal, played_ending, synthetic_ending

from klaverjas.core import Deal, Rules
from klaverjas.core.cards import cards_of
from klaverjas.core.play import PlayRules, legal_mask, trick_view
from klaverjas.core.roem import RUN_ROEM, quartet_values
from klaverjas.core.tables import TABLES
from klaverjas.solver import Position, Solver, solve
from klaverjas.solver import engine as E
from klaverjas.solver.search import roem_totals


@pytest.mark.parametrize("rules_text", RULE_SETS)
def test_solver_matches_minimax_on_played_endings(rules_text: str) -> None:
    checked = 0
    for seed in range(80):
        pos = played_ending(seed, rules_text)
        for objective in ("real", "points"):
            result = solve(pos, objective)
            assert result.cards == minimax_cards(pos, objective), (seed, objective, pos.to_json())
            best = max if pos.turn & 1 == 0 else min
            assert result.value == best(result.cards.values())
            checked += 1
    assert checked == 160


@pytest.mark.parametrize("rules_text", RULE_SETS)
def test_solver_matches_minimax_on_synthetic_endings(rules_text: str) -> None:
    nat_seen = 0
    for seed in range(120):
        pos = synthetic_ending(seed, rules_text)
        for objective in ("real", "points"):
            result = solve(pos, objective)
            assert result.cards == minimax_cards(pos, objective), (seed, objective, pos.to_json())
            if objective == "real" and pos.rules.has_makers and result.value * (1 if pos.makers == 0 else -1) < 0:
                nat_seen += 1
    if Rules.parse(rules_text).has_makers:
        assert nat_seen > 10  # the nat branch of the real objective is really exercised


def test_unsearched_options_give_the_same_values() -> None:
    plain = Solver(tt_bits=12)
    plain.options.tt = plain.options.merge = plain.options.order = plain.options.mtd = False
    for seed in range(60):
        pos = synthetic_ending(seed, RULE_SETS[seed % len(RULE_SETS)])
        assert plain.solve(pos).cards == solve(pos).cards


@pytest.mark.parametrize("option", ["tt", "merge", "order", "mtd", "ranks"])
def test_each_search_option_alone_off_is_exact_too(option: str) -> None:
    solver = Solver(tt_bits=14)
    setattr(solver.options, option, False)
    for seed in range(40):
        pos = synthetic_ending(seed + 1000, RULE_SETS[seed % len(RULE_SETS)])
        assert solver.solve(pos).cards == solve(pos).cards
        assert solver.solve(pos, "points").cards == solve(pos, "points").cards


def test_every_legal_card_is_reported_even_when_merged() -> None:
    # N holds 7C 8C 9C (equivalent: same points, adjacent, no roem possible): all three are reported.
    rules = Rules.parse("amsterdam")
    pos = Position.from_json({"rules": "amsterdam", "trump": "H", "makers": "NS", "leader": "N",
                              "hands": {"N": "7C 8C 9C", "E": "AD KD QD", "S": "AS KS QS", "W": "AH KH QH"},
                              "won": {"NS": {"points": 96, "roem": 0, "tricks": 3},
                                      "EW": {"points": 2, "roem": 0, "tricks": 2}}})
    assert pos.rules == rules
    result = solve(pos)
    assert set(result.cards) == set(cards_of(pos.legal()))
    assert len(set(result.cards.values())) == 1
    assert result.value == minimax(pos)


def test_kernel_legal_moves_equal_core_legal_mask() -> None:
    rng = random.Random(7)
    import numpy as np
    for rules_text in RULE_SETS:
        rules = Rules.parse(rules_text)
        pr = PlayRules.of(rules)
        tables = TABLES[rules.values]
        for _ in range(1500):
            trump = rng.randrange(4)
            deck = list(range(32))
            rng.shuffle(deck)
            n = rng.randrange(4)
            trick = deck[:n]
            hand = sum(1 << c for c in deck[n:n + rng.randint(1, 8)])
            view = trick_view(trick, trump, tables)
            C = np.zeros((1, E.NCOLS), dtype=np.int64)
            C[0, E.TRUMP], C[0, E.HTL], C[0, E.HP], C[0, E.TIF] = trump, pr.head_trump_lead, pr.head_plain, \
                pr.trump_instead_of_following
            C[0, E.VT], C[0, E.UF] = pr.void_trump, pr.undertrump_forced
            above = np.array(tables.above[trump], dtype=np.int64)
            for partner in (False, True):
                want = legal_mask(hand, view.led, view.win, partner, trump, tables.above[trump], pr)
                got = E.legal(C, 0, above, hand, view.led, view.win, partner)
                assert int(got) == want, (rules_text, trump, trick, hand, partner)


@pytest.mark.skipif(not E.HAVE_NUMBA, reason="full deals need the compiled kernel to be quick")
def test_full_deal_values_are_consistent_along_the_best_line() -> None:
    rules = Rules.parse("amsterdam")
    deal = Deal.new(rules, 3, seed=11)
    deal.set_trump(2, 0)
    pos = Position.from_deal(deal)
    value = solve(pos).value
    for _ in range(32):
        result = solve(pos)
        assert result.value == value
        pos = pos.play(result.best[0])
    assert pos.final_value("real", pos) == value


@pytest.mark.skipif(not E.HAVE_NUMBA, reason="24-card positions need the compiled kernel to be quick")
@pytest.mark.parametrize("rules_text", ["amsterdam", "rotterdam"])
def test_fast_search_matches_plain_alpha_betamid_deal(rules_text: str) -> None:
    """Seeded deals after nine to twelve cards: every card's value by the default
    search (iterative zero-window search, MTD(f) in the values' units with the nat test first,
    quick bounds, exact two-trick endings, killer leads) equals plain alpha-beta's."""
    plain = Solver(tt_bits=4)
    plain.options.tt = plain.options.merge = plain.options.order = plain.options.mtd = False
    fast = Solver()
    for seed in range(8):
        pos = mid_deal(rules_text, seed, 9 + seed % 4)
        for objective in ("real", "points"):
            assert fast.solve(pos, objective).cards == plain.solve(pos, objective).cards, (seed, objective)


@pytest.mark.skipif(not E.HAVE_NUMBA, reason="24-card positions need the compiled kernel to be quick")
@pytest.mark.parametrize("rules_text", ["sa", "amsterdam", "amsterdam(four_low_ranks=100)"])
def test_relative_ranks_in_the_table_keys_keep_the_values(rules_text: str) -> None:
    """The table's keys describe the cards by their relative ranks, so positions that differ in
    which cards worth nothing are gone share an entry (with roem in tricks only where no run can
    tell them apart, and never when four of a kind of such cards scores): every card's value on
    seeded deals after eight to ten cards equals plain alpha-beta's and that of the search with
    the cards' own names as keys, and the shared entries do save nodes."""
    plain = Solver(tt_bits=4)
    plain.options.tt = plain.options.merge = plain.options.order = plain.options.mtd = False
    fast, named = Solver(), Solver()
    named.options.ranks = False
    nodes_fast = nodes_named = 0
    for seed in range(8):
        pos = mid_deal(rules_text, seed, 8 + seed % 3)
        for objective in ("real", "points"):
            got, without = fast.solve(pos, objective), named.solve(pos, objective)
            assert got.cards == plain.solve(pos, objective).cards == without.cards, (seed, objective)
            nodes_fast += got.nodes
            nodes_named += without.nodes
    if "four_low_ranks=100" in rules_text:
        assert nodes_fast == nodes_named  # the same search: four nines, eights or sevens score
    else:
        assert nodes_fast < nodes_named


def test_stamp_wrap_clears_the_tables() -> None:
    solver = Solver(tt_bits=12)
    solver._stamp = E.MAX_STAMP - 1
    for seed in range(4):
        pos = synthetic_ending(seed + 500, "amsterdam")
        assert solver.solve(pos).cards == solve(pos).cards


@pytest.mark.parametrize("rules_text", RULE_SETS)
def test_value_alone_equals_the_value_of_solve(rules_text: str) -> None:
    solver, other = Solver(tt_bits=14), Solver(tt_bits=14)
    nat_seen = 0
    for seed in range(60):
        pos = played_ending(seed, rules_text) if seed % 2 else synthetic_ending(seed, rules_text)
        for objective in ("real", "points"):
            value = solver.value(pos, objective)
            assert value == other.solve(pos, objective).value, (seed, objective, pos.to_json())
            nat_seen += objective == "real" and pos.makers is not None and value * (1 if pos.makers == 0 else -1) < 0
    if Rules.parse(rules_text).has_makers:
        assert nat_seen > 3  # the roem search of a position the makers lose is exercised


@pytest.mark.skipif(not E.HAVE_NUMBA, reason="full deals need the compiled kernel to be quick")
def test_value_alone_of_full_deals_from_the_opening_lead() -> None:
    solver, other = Solver(), Solver()
    nat_seen = 0
    for seed in range(12):
        pos = mid_deal(("amsterdam", "rotterdam", "sa")[seed % 3], seed, 0)
        for objective in ("real", "points"):
            value = solver.value(pos, objective)
            assert value == other.solve(pos, objective).value, (seed, objective)
            nat_seen += objective == "real" and pos.makers is not None and value * (1 if pos.makers == 0 else -1) < 0
    assert nat_seen >= 2  # whole deals the makers lose, whose roem is searched from the opening lead


@pytest.mark.parametrize("rules_text", RULE_SETS)
def test_plain_alpha_beta_baseline_agrees_with_the_solver(rules_text: str) -> None:
    from benchmarks.plain_alphabeta import plain_values

    for seed in range(30):
        pos = played_ending(seed, rules_text) if seed % 2 else synthetic_ending(seed, rules_text)
        for objective in ("real", "points"):
            cards, nodes = plain_values(pos, objective)
            assert cards == solve(pos, objective).cards, (seed, objective, pos.to_json())
            assert nodes >= len(cards)


@pytest.mark.skipif(not E.HAVE_NUMBA, reason="20-card positions need the compiled kernel to be quick")
@pytest.mark.parametrize("rules_text", ["amsterdam", "rotterdam", "sa"])
def test_two_threads_sharing_the_table_give_the_same_values(rules_text: str) -> None:
    """The root's cards (and the nat searches of the cards the makers lose on) shared out among two
    threads with one lockless table: every card's value as with one thread."""
    one, two = Solver(), Solver(threads=2)
    nat_cards = 0
    for seed in range(10):
        pos = mid_deal(rules_text, seed, 12 + seed % 4)
        for objective in ("real", "points"):
            expected = one.solve(pos, objective).cards
            assert two.solve(pos, objective).cards == expected, (seed, objective)
            if objective == "real" and pos.makers is not None:
                sgn = 1 if pos.makers == 0 else -1
                nat_cards += sum(sgn * v < 0 for v in expected.values())
    if Rules.parse(rules_text).has_makers:
        assert nat_cards > 5  # the shared-out nat searches are exercised


def test_threads_must_be_positive() -> None:
    with pytest.raises(ValueError, match="threads must be at least 1"):
        Solver(threads=0)


@pytest.mark.skipif(not E.HAVE_NUMBA, reason="20-card positions need the compiled kernel to be quick")
def test_wide_window_search_with_the_table_is_exact() -> None:
    """Without MTD(f) each root card is searched with an infinite window: a table entry holding an
    exact value inside a narrower window must settle the node (narrowing would empty the window)."""
    wide, default = Solver(), Solver()
    wide.options.mtd = False
    for seed in range(12):
        pos = mid_deal(("amsterdam", "rotterdam")[seed % 2], seed + 40, 8 + seed % 4)
        assert wide.solve(pos, "points").cards == default.solve(pos, "points").cards, seed


@pytest.mark.skipif(not E.HAVE_NUMBA, reason="20-card positions need the compiled kernel to be quick")
def test_callers_in_several_threads_get_a_lone_callers_values() -> None:
    """The kernel releases the GIL, and the web app asks for values from several threads at once (bots
    at different tables, advice): one shared solver and the module's solve() must each answer every
    caller as if it were alone."""
    from concurrent.futures import ThreadPoolExecutor

    positions = [mid_deal(("amsterdam", "rotterdam")[i % 2], i + 70, 12 + i % 3) for i in range(8)]
    expected = [Solver().solve(pos).cards for pos in positions]
    shared = Solver()

    def both(i: int) -> tuple[dict[int, int], dict[int, int]]:
        return shared.solve(positions[i]).cards, solve(positions[i]).cards

    for _ in range(3):
        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(both, range(len(positions))))
        for (mine, module), want in zip(answers, expected, strict=True):
            assert mine == want and module == want


@pytest.mark.skipif(not E.HAVE_NUMBA, reason="20-card positions need the compiled kernel to be quick")
def test_one_solver_across_rule_sets_of_different_table_sizes() -> None:
    """The table's size follows the rules (larger where a player may trump instead of following): a
    solver switching between such rule sets replaces its table and still gives every card the value
    of a solver of a fixed size, and of the plain search without table on the smaller positions."""
    switching = Solver()
    fixed = Solver(tt_bits=16)
    assert switching.table_bits(Rules.parse("sa")) > switching.table_bits(Rules.parse("amsterdam"))
    assert fixed.table_bits(Rules.parse("sa")) == 16
    plain = Solver(tt_bits=4)
    plain.options.tt = plain.options.merge = plain.options.order = plain.options.mtd = False
    for seed in range(8):
        pos = mid_deal(("amsterdam", "sa")[seed % 2], seed + 90, 18 + seed % 2)
        for objective in ("real", "points"):
            got = switching.solve(pos, objective).cards
            assert got == fixed.solve(pos, objective).cards, (seed, objective)
            if seed < 4:
                assert got == plain.solve(pos, objective).cards, (seed, objective)


@pytest.mark.parametrize(("hands", "run_possible"), [
    ({"N": "7H 8H AS", "E": "9H KD 7S", "S": "TH AD 8S", "W": "QH KS QD"}, False),  # 7-8-9 in two hands
    ({"N": "7H AS KS", "E": "8H KD 7S", "S": "9H AD 8S", "W": "QH TH QD"}, True),  # 7-8-9 in three hands
])
def test_a_run_needs_three_hands(hands: dict[str, str], run_possible: bool) -> None:
    # A trick holds one card of each hand, so the seven, eight and nine of hearts make a run only when three
    # hands hold them: otherwise the suit's cards share table entries and merge as cards without roem do
    # (docs/solver.md, "How it searches").  The values stay those of the plain minimax either way.
    pos = Position.from_json({"rules": "amsterdam", "trump": "C", "makers": "NS", "leader": "W", "hands": hands,
                              "won": {"NS": {"points": 70, "roem": 0, "tricks": 3},
                                      "EW": {"points": 36, "roem": 0, "tricks": 2}}})
    for objective in ("real", "points"):
        assert solve(pos, objective).cards == minimax_cards(pos, objective)
    masks = np.array(pos.hands, dtype=np.int64)
    assert (E._run_starts(masks, 0b111 << 16) != 0) is run_possible  # hearts: suit 2, the seven to the nine


@pytest.mark.parametrize("rules_text", ["amsterdam", "rotterdam", "strict", "amsterdam(roem=hand)"])
def test_roem_totals_hold_every_sum_of_roem_amounts(rules_text: str) -> None:
    """The nat search asks only these totals of the roem to come: each sum of up to four amounts must be
    among them, and with runs of 20 and 50 nothing but 10 and 30 is left out."""
    rules = Rules.parse(rules_text)
    amounts = {rules.pit_bonus} | ({*RUN_ROEM, 20, *quartet_values(rules)} if rules.roem == "trick" else set())
    amounts.discard(0)
    totals = set(roem_totals(rules))
    sums = {0}
    for _ in range(4):
        sums |= {s + a for s in sums for a in amounts}
    assert {s // 10 for s in sums} <= totals
    if rules.roem == "trick":
        assert set(range(40)) - totals == {1, 3}
    else:
        assert sorted(totals)[:3] == [0, 10, 20]
