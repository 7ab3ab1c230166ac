"""The strong level's sampling and voting, with the solver's plain reference minimax on late positions."""

from __future__ import annotations

import re

import pytest
from tests.solver import minimax as reference

from klaverjas.bots import BasicBot, View, strong
from klaverjas.bots.basic import card_options
from klaverjas.bots.sampling import World
from klaverjas.core import TABLES, cards_of, trick_view

from .helpers import hands_of, walk


def _late_views(seed: int, rules: str = "rotterdam"):  # type: ignore[no-untyped-def]
    for _, view in walk(rules, seed):
        if view.phase == "play" and len(view.tricks) >= 5 and view.legal.bit_count() >= 2:
            yield view


def test_strong_plays_the_best_card_on_average_over_its_samples() -> None:
    bot = strong.StrongBot(samples=6, budget_ms=60_000, seed=1, solve_fn=reference.minimax_cards)
    checked = 0
    for seed in range(4):
        for view in _late_views(seed):
            figs = bot.figures(view)
            assert {f.card for f in figs} == set(cards_of(view.legal))
            assert [f.mean for f in figs] == sorted((f.mean for f in figs), reverse=True)
            assert all(f.samples == 6 and 0 <= f.holds <= 6 for f in figs)
            assert view.legal >> bot.card(view) & 1
            checked += 1
    assert checked >= 4


def test_strong_advice_gives_its_figures_and_the_nearest_rule_of_thumb() -> None:
    bot = strong.StrongBot(samples=5, budget_ms=60_000, seed=2, solve_fn=reference.minimax_cards)
    view = next(_late_views(5))
    options = bot.advise(view)
    rules = {o.action: o.why for o in card_options(view)}
    assert {o.action for o in options} == set(cards_of(view.legal))
    for i, o in enumerate(options):
        m = re.search(r"in (\d+) of (\d+) likely deals?", o.why["en"])
        assert m and int(m.group(2)) == 5 and int(m.group(1)) <= 5
        assert re.search(r"in \d+ van de 5 waarschijnlijke verdelingen", o.why["nl"])
        # The rule of thumb closes the reason unless it contradicts the figure (see the next test).
        if "Rule of thumb" in o.why["en"]:
            assert o.why["en"].endswith("Rule of thumb: " + rules[o.action]["en"])
            assert o.why["nl"].endswith("Vuistregel: " + rules[o.action]["nl"])
        assert ("more on average" in o.why["en"]) == (i == 0)
    # Claims follow the basic rules (trump decisions: test_bidding).
    claim_view = next(v for _, v in walk("amsterdam(roem_claim=claimed)", 1) if v.phase == "claim")
    assert bot.claim(claim_view) == BasicBot().claim(claim_view)


def test_flat_monte_carlo_counts_every_sample_alike_and_takes_trump_by_the_rules_of_thumb() -> None:
    seen: list[dict[int, int]] = []

    def recording(position):  # type: ignore[no-untyped-def]
        values = reference.minimax_cards(position)
        seen.append(values)
        return values

    bot = strong.StrongBot(samples=5, budget_ms=60_000, seed=3, solve_fn=recording, play_mismatch=None,
                           partner_bids_by_model=False, soft_evidence=False, trump_by_model=False, playout_mix=0.0)
    checked = 0
    for seed in range(3):
        for view in _late_views(seed):
            seen.clear()
            figs = bot.figures(view)
            sign = 1 if view.team == 0 else -1
            assert len(seen) == 5
            for f in figs:  # the plain mean: no sample weighs more than another
                assert f.mean == pytest.approx(sum(sign * v[f.card] for v in seen) / 5)
            checked += 1
    assert checked >= 3
    basic = BasicBot()
    trumps = 0
    for seed in range(6):
        for _, view in walk("rotterdam", seed):
            if view.phase == "trump":
                assert bot.trump(view) == basic.trump(view)
                assert [o.action for o in bot.advise(view)] == [o.action for o in basic.advise(view)]
                trumps += 1
    assert trumps >= 6


def trick_is_sure_by_brute_force(view: View, card: int, hands: tuple[int, int, int, int]) -> bool:
    """Every way the seats still to play may follow (their legal cards) leaves the trick with the bot's side."""
    from klaverjas.core import TABLES, legal_for, trick_view

    def rest(trick: tuple[int, ...]) -> bool:
        if len(trick) == 4:
            tv = trick_view(trick, view.trump, TABLES[view.rules.values])
            return bool(view.seat_at(view.leader, tv.win_pos) & 1 == view.team)
        seat = view.seat_at(view.leader, len(trick))
        return all(rest((*trick, c)) for c in cards_of(legal_for(view.rules, view.trump, hands[seat], trick)))

    return rest((*view.trick, card))


def test_a_trick_is_sure_for_the_side_exactly_when_no_reply_takes_it() -> None:
    # The count behind "this trick is sure for your side in k of n deals": the bot's side heads the trick
    # (its own card or partner's) and no opponent still to play can beat it.
    from tests.bots.helpers import hands_of

    checked = last = partner = 0
    for seed in range(6):
        for deal, view in walk("amsterdam", seed):
            if view.phase != "play" or not view.trick:
                continue
            hands = hands_of(deal)
            for card in cards_of(view.legal):
                sure = strong.holds_trick(view, card, hands)
                exact = trick_is_sure_by_brute_force(view, card, hands)
                assert not sure or exact  # sure implies no reply can take it
                if len(view.trick) == 3:  # the last to play: nobody replies, the two agree exactly
                    assert sure == exact
                    last += 1
                if sure and trick_view((*view.trick, card), view.trump, TABLES[view.rules.values]).win != card:
                    partner += 1  # partner's card takes it: counted for the side
                checked += 1
    assert checked > 100 and last > 20 and partner > 0


def test_a_search_reason_never_contradicts_its_rule_of_thumb() -> None:
    bot = strong.StrongBot(samples=5, budget_ms=60_000, seed=4, solve_fn=reference.minimax_cards)
    seen = 0
    for seed in range(3):
        for view in _late_views(seed, "amsterdam"):
            rules = {o.action: o for o in card_options(view)}
            for o in bot.advise(view):
                m = re.search(r"in (\d+) of (\d+) likely deals?", o.why["en"])
                assert m
                wins, n = int(m.group(1)), int(m.group(2))
                rule = rules[o.action]
                told = "Rule of thumb" in o.why["en"]
                if rule.code in strong.SURE_CODES:
                    assert told == (wins == n), o.why["en"]
                elif rule.code in strong.LOST_CODES:
                    assert told == (wins == 0), o.why["en"]
                else:
                    assert told
                seen += 1
    assert seen > 20


@pytest.mark.parametrize("mix", [0.5, (0.7, 0.3), strong.PLAYOUT_MIX])
def test_strong_blends_the_double_dummy_mean_with_the_playouts_mean(mix: float | tuple[float, float]) -> None:
    """A card's value is (1 - m) times its weighted double-dummy mean plus m times its greedy playouts'
    mean, m going in even steps from the first trick's weight to the last's; the player without playouts,
    seeded alike, draws the same samples (the playouts' seed comes from the bot's random numbers after
    them)."""
    first, last = mix if isinstance(mix, tuple) else (mix, mix)
    from klaverjas.solver import playouts

    checked = 0
    for seed in range(3):
        for view in _late_views(seed):
            blended = strong.StrongBot(samples=5, budget_ms=60_000, seed=seed, solve_fn=reference.minimax_cards,
                                       playout_mix=mix, playout_worlds=300)
            alone = strong.StrongBot(samples=5, budget_ms=60_000, seed=seed, solve_fn=reference.minimax_cards,
                                     playout_mix=0.0)
            ranked = blended.figures(view)
            figs = {f.card: f for f in ranked}
            solved = {f.card: f for f in alone.figures(view)}
            played = playouts.card_values(
                strong.playout_rules(view), strong.playout_state(view), view.seat,
                [view.may_hold(s) for s in range(4)], [view.hand_size(s) for s in range(4)], view.legal, 300,
                seed_number=alone.rng.getrandbits(31))
            assert set(figs) == set(solved) == set(cards_of(view.legal))
            m = first + (last - first) * len(view.tricks) / 7
            for card, f in figs.items():
                assert f.mean == pytest.approx((1 - m) * solved[card].mean + m * played[card])
                assert (f.holds, f.samples) == (solved[card].holds, solved[card].samples)
            assert [f.mean for f in ranked] == sorted((f.mean for f in ranked), reverse=True)  # best first
            checked += 1
    assert checked >= 3


def test_south_african_first_tricks_are_valued_by_the_playouts_alone() -> None:
    """Under the sa play rules the solver starts at the third trick (SA_SEARCH_FROM); before it a card's
    value is its playouts' mean (card points: the roemtes come from the dealt hands whatever is played),
    the deals drawn count the sure tricks only, and the solver is never asked."""
    from klaverjas.solver import playouts

    def no_solver(position: object) -> dict[int, int]:
        raise AssertionError("the solver was asked before the third trick of a sa deal")

    checked = 0
    for seed in range(4):
        for _, view in walk("sa", seed):
            if view.phase != "play" or len(view.tricks) >= strong.SA_SEARCH_FROM or view.legal.bit_count() < 2:
                continue
            bot = strong.StrongBot(samples=8, min_samples=4, seed=seed, solve_fn=no_solver, playout_worlds=200)
            mirror = strong.StrongBot(samples=8, min_samples=4, seed=seed)
            assert bot.searches(view) and not bot.solves(view)
            figs = bot.figures(view)
            drawn = mirror.worlds(view)
            for _ in range(mirror.min_samples + 1):  # the loop draws one more deal than it counts
                next(drawn)
            played = playouts.card_values(
                strong.playout_rules(view), strong.playout_state(view), view.seat,
                [view.may_hold(s) for s in range(4)], [view.hand_size(s) for s in range(4)], view.legal,
                200, seed_number=mirror.rng.getrandbits(31))
            assert {f.card: f.mean for f in figs} == pytest.approx({c: played[c] for c in cards_of(view.legal)})
            assert all(f.samples == 4 for f in figs)
            checked += 1
    assert checked >= 4




class _Clock:
    """A clock that moves only when read: ``step`` seconds a reading."""

    def __init__(self, step: float):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize(("step", "searched"), [(0.0, 20), (10.0, 4)])
def test_the_budget_is_read_on_the_clock_the_player_is_given(step: float, searched: int) -> None:
    # A clock that stands still never ends the search before the sample limit; one that jumps past the
    # budget at every reading ends it at the least number of samples.
    for view in list(_late_views(2))[:3]:
        bot = strong.StrongBot(samples=20, budget_ms=150, min_samples=4, seed=3, solve_fn=reference.minimax_cards,
                               playout_mix=0.0, clock=_Clock(step))
        assert {f.samples for f in bot.figures(view)} == {searched}
        assert bot.searched[-1][1] == searched


def test_a_budget_of_solver_work_searches_the_same_samples_for_the_same_seed() -> None:
    # Counted in the general search's nodes, the budget ends the search where the nodes run out: two
    # players of one seed search alike whatever else the machine does, and a larger budget searches more.
    from klaverjas.bots.arena import play_deal
    from klaverjas.core import Rules

    runs = []
    for budget in (2.0, 2.0, 200.0):
        clock = strong.SolverWorkClock(3000)
        bot = strong.StrongBot(samples=12, budget_ms=budget, min_samples=2, playout_mix=0.0, clock=clock,
                               solve_fn=clock.values, seed=5)
        deal = play_deal(Rules.parse("rotterdam"), 0, "work-clock", [bot, BasicBot(), bot, BasicBot()])
        runs.append(([n for _, n in bot.searched], [c for t in deal.tricks for c in t.cards], clock.nodes))
    assert runs[0] == runs[1]
    assert runs[0][2] > 0
    assert runs[0][0][0] < runs[2][0][0] == 12  # the first trick: nearly whole deals, the budget binds there
    assert sum(runs[0][0]) < sum(runs[2][0])
    with pytest.raises(ValueError, match="above 0"):
        strong.SolverWorkClock(0)


def test_evidence_playouts_play_out_the_samples_weighed_as_the_double_dummy_ones() -> None:
    # With as many playout deals as double-dummy samples, the playouts' deals are those samples with their
    # weights: the blended value is the kernel's weighted mean over exactly them.
    from klaverjas.solver import playouts

    checked = 0
    for seed in range(3):
        for view in _late_views(seed):
            bot = strong.StrongBot(samples=5, budget_ms=60_000, seed=seed, solve_fn=reference.minimax_cards,
                                   playout_mix=1.0, playout_evidence=5, playout_worlds=20, playout_epsilon=0.0)
            twin = strong.StrongBot(samples=5, budget_ms=60_000, seed=seed, solve_fn=reference.minimax_cards,
                                    playout_mix=0.0)
            figs = {f.card: f.mean for f in bot.figures(view)}
            drawn = list(twin.worlds(view))
            want = playouts.weighted_card_values(strong.playout_rules(view), strong.playout_state(view), view.seat,
                                                 [w.hands for w in drawn], [w.weight for w in drawn], view.legal, 4,
                                                 epsilon=0.0)
            assert len(drawn) == 5
            for card, mean in figs.items():
                assert mean == pytest.approx(want[card]), (seed, card)
            checked += 1
    assert checked >= 3


def _signal_position() -> View:
    """North's ace of spades heads the trick; South, last and void in spades (Amsterdam), holds the highest
    diamond and low ones: the rules of thumb signal with the seven of diamonds."""
    from klaverjas.core import parse_card

    from .helpers import make_deal

    deal = make_deal({"N": "AS KS JH 9H KD QD AC KC", "E": "7S 9S AH TH JD 9D TC JC",
                      "S": "AD 7D 8D QC 8C 7C 7H 8H", "W": "8S TS JS QS KH QH TD 9C"}, "H", "N", "amsterdam",
                     dealer="S")
    for card in ("8S", "AS", "7S"):
        deal.play(parse_card(card))
    return View.of(deal, 2)


@pytest.mark.parametrize(("margin", "plays"), [(0.0, "AD"), (1.5, "7D"), (0.5, "AD")])
def test_strong_gives_the_signal_when_it_costs_at_most_its_margin(margin: float, plays: str) -> None:
    from klaverjas.core import parse_card

    # Values set by hand (the search itself is tested above): smearing the ace is worth 10 points a deal, the
    # signal 9, every other card nothing.
    def values(position: object) -> dict[int, int]:
        return {c: 10 if c == parse_card("AD") else 9 if c == parse_card("7D") else 0 for c in range(32)}

    view = _signal_position()
    bot = strong.StrongBot(samples=4, budget_ms=60_000, seed=1, solve_fn=values, playout_mix=0.0,
                           signal_margin=margin)
    card, why = bot.explain(view)
    assert card == parse_card(plays)
    codes = [code for code, _ in why.parts]  # type: ignore[attr-defined]
    if plays == "7D":
        assert codes[0] == "search_signal" and "signal_ace" in codes
        assert "1.0 points less on average than the ace of diamonds" in why["en"]
        assert "1,0 punten minder op dan ruiten aas" in why["nl"]  # a Dutch figure has a decimal comma
        ranked = bot.advise(view)
        assert [o.action for o in ranked[:2]] == [parse_card("7D"), parse_card("AD")]
        assert "1.0 points more on average than the seven of diamonds" in ranked[1].why["en"]
    else:
        assert codes[0] == "search_best"


def test_search_figures_say_more_less_or_alike_in_both_languages() -> None:
    from klaverjas.bots.base import Option

    rule = Option(9, 0.0, {"en": "A rule.", "nl": "Een regel."}, "no_reason")
    figs = [strong.CardFigures(31, 12.25, 3, 6), strong.CardFigures(9, 4.63, 0, 6), strong.CardFigures(8, 4.61, 0, 6)]
    best, second, third = (strong.search_option(figs, i, rule) for i in range(3))
    assert "the ace of spades keeps 7.6 points more on average than the eight of diamonds" in best.why["en"]
    assert "schoppen aas levert gemiddeld 7,6 punten meer op dan ruiten acht" in best.why["nl"]
    assert "the eight of diamonds scores 7.6 points less on average than the ace of spades" in second.why["en"]
    assert "ruiten acht levert gemiddeld 7,6 punten minder op dan schoppen aas" in second.why["nl"]
    tied = [strong.CardFigures(9, 4.63, 0, 6), strong.CardFigures(8, 4.61, 0, 6)]
    first = strong.search_option(tied, 0, rule)
    assert [code for code, _ in first.why.parts][0] == "search_even"  # type: ignore[attr-defined]
    assert "the eight of diamonds scores as much on average as the seven of diamonds" in first.why["en"]
    assert "ruiten acht levert gemiddeld evenveel op als ruiten zeven" in first.why["nl"]
    big = [strong.CardFigures(31, 40.4, 6, 6), strong.CardFigures(9, 12.0, 0, 6)]
    assert "keeps 28 points more" in strong.search_option(big, 0, rule).why["en"]


@pytest.mark.parametrize(("v", "en", "nl"), [(176.2, "176 points ahead of", "176 punten voor op"),
                                             (-57.6, "58 points behind", "58 punten achter op"),
                                             (0.8, "1 point ahead of", "1 punt voor op"),
                                             (0.3, "level with", "gelijk met")])
def test_a_trump_estimate_is_told_as_a_lead_or_a_deficit(v: float, en: str, nl: str) -> None:
    from klaverjas.bots.texts import both, lead_words

    why = both("estimate_play", verb_en="Choose hearts", verb_nl="Kies harten", s_suit=2, t="-64", **lead_words(v))
    assert f"your team is estimated to finish {en} the other team" in why["en"]
    assert f"eindigt jullie team naar schatting {nl} de tegenpartij" in why["nl"]
    assert "-" not in why["en"].split("finish")[1].split("the other team")[0]


def test_strong_checks_how_it_reads_signals() -> None:
    with pytest.raises(ValueError, match="signals must be one of rule, learn, none"):
        strong.StrongBot(signals="all")


def test_the_own_next_card_postponed_is_one_card_for_the_samples_that_look_alike() -> None:
    bot = strong.StrongBot(samples=16, budget_ms=60_000, seed=3, solve_fn=reference.minimax_cards)
    strict = 0
    for seed in range(8):
        for deal, view in walk("rotterdam", seed):
            if view.phase != "play" or len(view.tricks) < 5 or view.legal.bit_count() < 2:
                continue
            sign = 1 if view.team == 0 else -1
            legal = cards_of(view.legal)
            # One sample, the true deal: the player's next card is that deal's best, as double-dummy.
            truth = hands_of(deal)
            solved = reference.minimax_cards(strong.position_of(view, truth))
            alone = bot.postponed_totals(view, [World(truth, 2.0)], [solved])
            assert alone == {c: 2.0 * sign * solved[c] for c in legal}
            # Several: never more than each sample's best next card, and less where the samples disagree.
            worlds = list(bot.worlds(view))
            values = [reference.minimax_cards(strong.position_of(view, w.hands)) for w in worlds]
            postponed = bot.postponed_totals(view, worlds, values)
            for c in legal:
                pimc = sum(w.weight * sign * v[c] for w, v in zip(worlds, values, strict=True))
                assert postponed[c] <= pimc + 1e-9
                strict += postponed[c] < pimc - 1e-9
    assert strict >= 3, strict
    # As an option it plays from the given trick on, a legal card, its figures ranked.
    late = strong.StrongBot(samples=6, budget_ms=60_000, seed=4, solve_fn=reference.minimax_cards, postpone_from=5)
    view = next(_late_views(2))
    figs = late.figures(view)
    assert [f.mean for f in figs] == sorted((f.mean for f in figs), reverse=True)
    assert view.legal >> late.card(view) & 1


def test_samples_resampled_from_a_weighed_pool_follow_the_weights() -> None:
    # Partner named trump, so the bids say it holds more trumps than a deal under the hard constraints alone
    # gives it.  Drawn from a pool in proportion to their weights, the samples count alike and agree with the
    # weighted mean of another large draw, not with the plain one.
    import random

    from klaverjas.bots.sampling import sample_worlds
    from klaverjas.core import SUIT_MASKS

    view = next(v for _, v in walk("rotterdam", 5) if v.phase == "play" and v.maker == v.partner)
    trumps = SUIT_MASKS[view.trump]
    bot = strong.StrongBot(seed=1)
    drawn = sample_worlds(view, 3000, random.Random(2), bot.evidence(view), True, bot.opponent_bids)
    counts = [(w.hands[view.partner] & trumps).bit_count() for w in drawn]
    weighted = sum(w.weight * n for w, n in zip(drawn, counts, strict=True)) / sum(w.weight for w in drawn)
    plain = sum(counts) / len(counts)
    resampling = strong.StrongBot(seed=3, samples=2000, resample_pool=3000)
    worlds = list(resampling.weighed_worlds(view, resampling.evidence(view)))
    assert len(worlds) == 2000 and {w.weight for w in worlds} == {1.0}
    assert all(w.hands[view.seat] == view.hand for w in worlds)
    resampled = sum((w.hands[view.partner] & trumps).bit_count() for w in worlds) / len(worlds)
    assert weighted - plain > 0.5
    assert resampled == pytest.approx(weighted, abs=0.15)
    with pytest.raises(ValueError, match="resample_pool"):
        strong.StrongBot(resample_pool=-1)


def test_a_deal_resampled_twice_is_solved_once() -> None:
    # Late in a deal few deals of the hidden cards remain, so a pool of 20 resampled into 40 samples repeats
    # some: each is solved once and counted as often as it was drawn.
    solved: list[tuple[int, ...]] = []

    def solve(position):  # type: ignore[no-untyped-def]
        solved.append(tuple(position.hands))
        return reference.minimax_cards(position)

    view = next(_late_views(3))
    bot = strong.StrongBot(samples=40, budget_ms=60_000, seed=4, solve_fn=solve, resample_pool=20, playout_mix=0.0)
    figs = bot.figures(view)
    assert all(f.samples == 40 for f in figs)
    assert len(solved) == len(set(solved)) < 40
    # The same seed draws the same 40 samples: each card's figure is their plain mean, repeats included.
    twin = strong.StrongBot(samples=40, seed=4, resample_pool=20)
    worlds = list(twin.weighed_worlds(view, twin.evidence(view)))
    sign = 1 if view.team == 0 else -1
    values = [reference.minimax_cards(strong.position_of(view, w.hands)) for w in worlds]
    for f in figs:
        assert f.mean == pytest.approx(sum(sign * v[f.card] for v in values) / 40)


def _settled_directly(samples: list[tuple[float, dict[int, float]]], z: float, margin: float,
                      mix: float = 0.0, played_out: list[float] | None = None) -> bool:
    """The race's test computed from the samples themselves: paired differences, weighted."""
    cards = list(samples[0][1])
    total = sum(w for w, _ in samples)
    effective = total ** 2 / sum(w * w for w, _ in samples)
    if effective < 2:
        return False
    mean = {c: sum(w * v[c] for w, v in samples) / total for c in cards}
    chosen = {c: (1 - mix) * mean[c] + mix * played_out[c] if played_out else mean[c] for c in cards}
    best = max(cards, key=lambda c: chosen[c])
    for c in cards:
        if c == best:
            continue
        diffs = [(w, v[best] - v[c]) for w, v in samples]
        gap = sum(w * d for w, d in diffs) / total
        variance = sum(w * (d - gap) ** 2 for w, d in diffs) / total * effective / (effective - 1)
        if chosen[best] - chosen[c] + margin <= z * (1 - mix) * (variance / effective) ** 0.5:
            return False
    return True


def test_the_race_is_settled_exactly_when_no_other_card_may_beat_the_best_by_its_margin() -> None:
    import random

    rng = random.Random(7)
    outcomes = set()
    for case in range(400):
        cards = rng.sample(range(32), rng.randint(2, 5))
        spread = rng.choice([0, 2, 10, 40])
        base = {c: rng.uniform(-30, 30) for c in cards}
        played_out = [rng.uniform(-20, 20) for _ in range(32)] if case % 2 else None
        mix = 0.6 if played_out else 0.0
        race = strong.Race(cards, 2.0, 2.0, mix)
        race.played_out = played_out
        samples = []
        for _ in range(rng.randint(1, 30)):
            w = rng.choice([1.0, rng.uniform(0.01, 2.0)])
            values = {c: base[c] + rng.gauss(0, spread) for c in cards}
            samples.append((w, values))
            race.add(w, values)
            expected = _settled_directly(samples, 2.0, 2.0, mix, played_out)
            assert race.settled() == expected
            outcomes.add(expected)
    assert outcomes == {True, False}
    # Cards equal in every sample are settled at once; the same cards with any spread between them are not.
    twin = strong.Race([3, 4], 2.0, 2.0, 0.0)
    open_race = strong.Race([3, 4], 2.0, 2.0, 0.0)
    for v in (10.0, -50.0, 90.0):
        twin.add(1.0, {3: v, 4: v})
        open_race.add(1.0, {3: v, 4: -v})
    assert twin.settled() and not open_race.settled()


def test_a_race_stops_at_the_first_sample_that_settles_it_or_at_the_limit() -> None:
    # Without playouts the samples are those a twin of the same seed draws; each decision's search stops at the
    # first count from the least on at which the test on those samples, computed directly, settles it.
    for view in list(_late_views(4))[:6]:
        twin = strong.StrongBot(samples=30, seed=9, playout_mix=0.0)
        worlds = list(twin.weighed_worlds(view, twin.evidence(view)))
        sign = 1 if view.team == 0 else -1
        samples = [(w.weight, {c: float(sign * v) for c, v in reference.minimax_cards(
            strong.position_of(view, w.hands)).items()}) for w in worlds]
        for z, margin in ((2.0, 2.0), (1e9, 1e-9), (1e-9, 1e9)):
            bot = strong.StrongBot(samples=30, budget_ms=60_000, min_samples=4, seed=9, playout_mix=0.0,
                                   solve_fn=reference.minimax_cards, race=z, race_margin=margin)
            figs = bot.figures(view)
            n = bot.searched[-1][1]
            expected = next((k for k in range(4, len(samples)) if _settled_directly(samples[:k], z, margin)),
                            len(samples))
            assert n == expected and {f.samples for f in figs} == {n}
            if margin > 1e6:
                # Every card settled as soon as the least samples are in and weigh as two alike at least.
                weighs_two = next(k for k in range(4, len(samples) + 1)
                                  if sum(w for w, _ in samples[:k]) ** 2 >= 2 * sum(w * w for w, _ in samples[:k]))
                assert n == weighs_two
    with pytest.raises(ValueError, match="race"):
        strong.StrongBot(race=-1)
