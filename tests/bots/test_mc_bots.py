"""benchmarks/flatmc_bot.py and ismcts_bot.py, the Monte Carlo reference opponents: their compiled game
model (benchmarks/mc_kernel.py) against the rules engine, their determinizations, their play, the protocol."""

from __future__ import annotations

import random
import statistics
import sys

import numpy as np
import pytest

from klaverjas.bots import BasicBot, RandomBot, View
from klaverjas.bots.arena import play_pairs, run_arena
from klaverjas.core import SUIT_MASKS, TABLES, Deal, Rules, cards_of, trick_view
from klaverjas.core.roem import quartet_values, trick_roem
from klaverjas.solver import playouts

from .helpers import BENCHMARKS, load_benchmark, walk

FLATMC = load_benchmark("flatmc_bot")
ISMCTS = load_benchmark("ismcts_bot")
K = FLATMC.K  # benchmarks/mc_kernel.py, as the bots import it
SIMPLE = load_benchmark("simple_bot")


def _random_moment(rules: Rules, rng: random.Random) -> Deal:
    deal = Deal.new(rules, rng.randrange(4), rng)
    deal.set_trump(rng.randrange(4), rng.randrange(4))
    for _ in range(rng.randrange(31)):
        deal.play(rng.choice(cards_of(View.of(deal, deal.turn).legal)))
    return deal


@pytest.mark.parametrize("rules_text", ["rotterdam", "amsterdam", "strict", "rotterdam(rotterdam_undertrump=false)",
                                        "amsterdam(pit_bonus=0)", "sa", "sa(match_end=deals:16)"])
def test_its_game_model_follows_the_rules_engine(rules_text: str) -> None:
    # From a random moment of a random deal to its end: the same legal cards at every turn, the same score.
    rules = Rules.parse(rules_text)
    for seed in range(80):
        rng = random.Random(seed)
        deal = _random_moment(rules, rng)
        view = View.of(deal, deal.turn)
        p, s = K.rules_row(view), K.state_row(view, tuple(int(h) for h in deal.hands))
        while not deal.is_over:
            legal = View.of(deal, deal.turn).legal
            assert K.legal_now(p, s) == legal
            card = rng.choice(cards_of(legal))
            deal.play(card)
            K.play(p, s, card)
        assert K.over(s)
        if rules.roem == "trick":
            assert K.score(p, s) == deal.score().scores
        else:  # roemtes come from the dealt hands whatever is played: the playouts add card points to the
            # roem already on the sheet at the start
            ns, ew = K.score(p, s)
            assert (ns - view.roem[0], ew - view.roem[1]) == deal.score().points


@pytest.mark.parametrize("rules_text", ["rotterdam", "amsterdam"])
def test_its_determinizations_meet_every_hard_constraint(rules_text: str) -> None:
    # At every card decision of basic/random deals: the own hand kept, every other seat exactly as many
    # cards as it holds, none it has shown it cannot hold (View.excluded), every unseen card dealt once.
    cards, order, keys = np.zeros(32, dtype=np.int64), np.zeros(32, dtype=np.int64), np.zeros(32)
    K.seed(3)
    checked = 0
    for seed in range(6):
        for deal, view in walk(rules_text, seed):
            if view.phase != "play":
                continue
            s = K.state_row(view, (0, 0, 0, 0))
            s[view.seat] = view.hand
            allowed, need = K.hidden_row(view)
            for _ in range(5):
                assert K.determinize(s, view.seat, allowed, need, cards, order, keys, 200)
                hands = [int(h) for h in s[:4]]
                assert hands[view.seat] == view.hand
                dealt = 0
                for seat in range(4):
                    if seat == view.seat:
                        continue
                    assert hands[seat].bit_count() == view.hand_size(seat) == int(deal.hands[seat]).bit_count()
                    assert hands[seat] & view.excluded[seat] == 0 and hands[seat] & ~view.unseen == 0
                    assert dealt & hands[seat] == 0
                    dealt |= hands[seat]
                assert dealt == view.unseen
                checked += 1
    assert checked > 300


def test_a_void_shown_is_respected() -> None:
    # Once a seat has not followed a suit, no determinization gives it a card of that suit.
    cards, order, keys = np.zeros(32, dtype=np.int64), np.zeros(32, dtype=np.int64), np.zeros(32)
    seen = 0
    for seed in range(20):
        for _, view in walk("rotterdam", seed):
            if view.phase != "play":
                continue
            voids = [(s, suit) for s in range(4) for suit in range(4) if s != view.seat and view.void(s, suit)]
            if not voids:
                continue
            s = K.state_row(view, (0, 0, 0, 0))
            s[view.seat] = view.hand
            allowed, need = K.hidden_row(view)
            assert K.determinize(s, view.seat, allowed, need, cards, order, keys, 200)
            for seat, suit in voids:
                assert int(s[seat]) >> (8 * suit) & 0xFF == 0
            seen += 1
    assert seen > 50


def test_both_beat_random_play_by_far() -> None:
    for bot in (FLATMC.FlatMcBot(worlds=100), ISMCTS.IsmctsBot(iterations=200)):
        results, _, _ = play_pairs(bot.name, "random", "rotterdam", 5, range(4), bots=(bot, RandomBot()))
        assert statistics.fmean(r.diff for r in results) > 40


def _pinned_playouts(deal: Deal, view: View, policy: int) -> np.ndarray:
    """Flat Monte Carlo sums of one world, the true hands, with no random cards: one playout per card."""
    hands = tuple(int(h) for h in deal.hands)
    sums = np.zeros(32)
    done = K.flat_mc(K.rules_row(view), K.state_row(view, hands), view.seat, np.array(hands, dtype=np.int64),
                     np.array([h.bit_count() for h in hands], dtype=np.int64), view.legal, 1, policy, 0.0, sums)
    assert done == 1
    return sums


@pytest.mark.parametrize("rules_text", ["rotterdam", "amsterdam"])
def test_greedy_playouts_play_as_the_simple_bot_and_flat_mc_adds_them_up(rules_text: str) -> None:
    # With the hidden hands pinned to the true ones and no random cards, a flat Monte Carlo value is one
    # greedy playout per card: the same as the rules engine playing benchmarks/simple_bot.py at every seat.
    simple = SIMPLE.SimpleBot()
    rules = Rules.parse(rules_text)
    for seed in range(25):
        deal = _random_moment(rules, random.Random(seed))
        view = View.of(deal, deal.turn)
        sums = _pinned_playouts(deal, view, K.HEURISTIC)
        for card in cards_of(view.legal):
            game = deal.copy()
            game.play(card)
            while not game.is_over:
                game.play(simple.card(View.of(game, game.turn)))
            ns, ew = game.score().scores
            assert sums[card] == (ns - ew if view.team == 0 else ew - ns)


def _sharp_reference(view: View) -> int:
    """The sharp playout rules (klaverjas.solver.playouts.sharp_card), from the rules engine's tables."""
    tables = TABLES[view.rules.values]
    trump = view.trump
    if not view.trick:
        top = view.highest_left(trump)
        others_hold_trumps = SUIT_MASKS[trump] & ~view.played & ~view.hand
        if view.makers == view.team and top >= 0 and view.hand >> top & 1 and others_hold_trumps:
            return top
        return int(SIMPLE.SimpleBot().card(view))
    if len(view.trick) < 3:
        return int(SIMPLE.SimpleBot().card(view))
    quartets = quartet_values(view.rules)

    def worth(card: int) -> tuple[int, int]:
        trick = (*view.trick, card)
        points = sum(tables.points[trump][c] for c in trick) + trick_roem(trick, trump, quartets)
        if len(view.tricks) == 7:
            points += tables.last_trick
        ours = trick_view(trick, trump, tables).win_pos in (1, 3)
        return (points if ours else -points), -tables.strength[trump][card]

    return max(cards_of(view.legal), key=worth)


@pytest.mark.parametrize("rules_text", ["rotterdam", "amsterdam", "strict"])
def test_sharp_playouts_draw_trumps_and_play_the_last_card_for_the_trick(rules_text: str) -> None:
    # At random moments: the compiled sharp policy's card is the reference's, and the cases it changes
    # from the greedy rules (a maker's trump lead, a last card worth more to its team) both occur.
    rules = Rules.parse(rules_text)
    leads = lasts = 0
    for seed in range(400):
        deal = _random_moment(rules, random.Random(seed))
        view = View.of(deal, deal.turn)
        if view.legal.bit_count() < 2:
            continue
        p, s = K.rules_row(view), K.state_row(view, tuple(int(h) for h in deal.hands))
        card = playouts.sharp_card(p, s, view.legal)
        assert card == _sharp_reference(view), (seed, deal.trick)
        if card != playouts.heuristic_card(p, s, view.legal):
            leads += not view.trick
            lasts += len(view.trick) == 3
    assert leads >= 3 and lasts >= 3, (leads, lasts)


def _played_out(deal: Deal, card: int, team: int, sharp_team: int | None = None) -> int:
    """``team``'s final score minus the other's after ``card``, the rest played by the engine with
    benchmarks/simple_bot.py at every seat (the sharp rules' reference at ``sharp_team``'s)."""
    simple = SIMPLE.SimpleBot()
    game = deal.copy()
    game.play(card)
    while not game.is_over:
        view = View.of(game, game.turn)
        game.play(_sharp_reference(view) if view.team == sharp_team else simple.card(view))
    ns, ew = game.score().scores
    return ns - ew if team == 0 else ew - ns


@pytest.mark.parametrize("rules_text", ["rotterdam", "amsterdam"])
def test_weighted_playouts_are_the_weighted_mean_of_each_deals_playout(rules_text: str) -> None:
    # Two deals of the hidden cards (the true one and one with two of them swapped), weighed 1 and 3, no
    # random cards: each card's value is the weighted mean of the two greedy playouts the engine plays.
    rules = Rules.parse(rules_text)
    checked = 0
    for seed in range(30):
        deal = _random_moment(rules, random.Random(seed))
        view = View.of(deal, deal.turn)
        holders = [s for s in range(4) if s != view.seat and deal.hands[s]]
        if len(holders) < 2:
            continue
        a, b = holders[:2]
        other = deal.copy()
        ca, cb = cards_of(deal.hands[a])[0], cards_of(deal.hands[b])[0]
        other.hands[a] ^= (1 << ca) | (1 << cb)
        other.hands[b] ^= (1 << ca) | (1 << cb)
        worlds = [tuple(int(h) for h in d.hands) for d in (deal, other)]
        values = playouts.weighted_card_values(K.rules_row(view), K.state_row(view, worlds[0]), view.seat, worlds,
                                               [1.0, 3.0], view.legal, 2, epsilon=0.0)
        for card in cards_of(view.legal):
            want = (_played_out(deal, card, view.team) + 3 * _played_out(other, card, view.team)) / 4
            assert values[card] == pytest.approx(want), (seed, card)
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("rules_text", ["rotterdam", "strict"])
def test_own_sharp_playouts_play_the_sharp_rules_for_the_deciding_team_only(rules_text: str) -> None:
    # With the hidden hands pinned and no random cards: the deciding seat's team plays the sharp rules,
    # the other the greedy ones, as the engine does with the two references; the policy changes some values.
    rules = Rules.parse(rules_text)
    changed = 0
    for seed in range(100):
        deal = _random_moment(rules, random.Random(seed))
        view = View.of(deal, deal.turn)
        sums = _pinned_playouts(deal, view, playouts.OWN_SHARP)
        for card in cards_of(view.legal):
            value = _played_out(deal, card, view.team, sharp_team=view.team)
            assert sums[card] == value, (seed, card)
            changed += value != _played_out(deal, card, view.team)
    assert changed >= 3


@pytest.mark.parametrize("script", ["flatmc_bot.py --worlds 20", "ismcts_bot.py --iterations 20"])
def test_they_play_whole_deals_over_the_protocol(script: str) -> None:
    rep = run_arena(f"cmd:{sys.executable} {BENCHMARKS / script}", "basic", "rotterdam", 1, seed=2, progress=False)
    assert rep["deals"] == 1 and rep["timing"]["a"]["play"]["n"] == 2 * 16


def test_in_south_african_deals_they_play_their_search_s_card() -> None:
    # Every preset: in sa (a trump always allowed, roemtes from the hand) the card is the best of the search's
    # scores, drawn again alike, and not the rules of thumb's, which differ at some decision.
    basic = BasicBot()
    for bot in (FLATMC.FlatMcBot(worlds=200), ISMCTS.IsmctsBot(iterations=200)):
        searched = differs = 0
        for seed in range(2):
            for _deal, view in walk("sa", seed):
                if view.phase != "play" or not view.legal & (view.legal - 1):
                    continue
                bot.reseed(seed * 100 + len(view.history))
                card = bot.card(view)
                bot.reseed(seed * 100 + len(view.history))
                assert card == K.best_of(bot.scores(view), view.legal)
                searched += 1
                differs += card != basic.card(view)
        assert searched > 10 and differs > 0


def test_they_play_south_african_deals_over_the_protocol() -> None:
    rep = run_arena(f"cmd:{sys.executable} {BENCHMARKS / 'flatmc_bot.py'} --worlds 20", "basic", "sa", 1, seed=2,
                    progress=False)
    assert rep["deals"] == 1 and rep["timing"]["a"]["play"]["n"] == 2 * 16
