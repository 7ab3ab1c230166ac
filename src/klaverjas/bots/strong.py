"""The ``strong`` level: sample the hidden hands, solve each sample double-dummy, vote.

For a card decision it draws deals consistent with the view (:mod:`.sampling`),
weighs them by the evidence (bids, signals, and the opponents' cards judged by
the rules of thumb: :class:`.sampling.PlayEvidence`), asks the solver
(:func:`klaverjas.solver.solve`, objective ``real``: the final deal score
difference with nat) for the value of every legal card in each, and plays the
card with the best weighted mean for its team, within a time budget (at least
``min_samples`` deals, so the opening lead, whose samples are whole deals, takes
longer than the budget).  Trump decisions use a model fitted on double-dummy
solutions (:mod:`.bidding`); roem claims the basic level's rule.
"""

from __future__ import annotations

import importlib.util
import random
import time
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import accumulate
from typing import Any

from ..core import SUIT_MASKS, TABLES, TrumpAction, cards_of, legal_for, trick_view
from ..core.seats import step_of
from ..core.texts import Text
from ..core.trump import PASS, PLAY
from .base import Action, Bot, Option, with_rule
from .basic import SIGNAL_CODES, BasicBot, card_options, signal_choice, suit_names, trump_options
from .bidding import BiddingModel, place_of
from .bidding import model as bidding_model
from .play_model import PlayModel
from .sampling import (
    PLAY_MISMATCH,
    BidLearner,
    ChoiceCache,
    LikelihoodCache,
    PlayEvidence,
    SignalCache,
    SignalLearner,
    World,
    all_hidden,
    check_bid_reading,
    deal_hidden,
    sample_worlds,
    weight_of,
)
from .texts import both, lead_words
from .view import View

# Set to False to take the strong level out of every list of levels (the CLI, the arena, the web app).
ENABLED = True


def available() -> bool:
    """Whether ``strong`` can play: enabled, and the solver and numpy are installed.

    Nothing is imported here: the solver compiles on first use, and every CLI start lists the levels.
    """
    return (ENABLED and importlib.util.find_spec("klaverjas.solver") is not None
            and importlib.util.find_spec("numpy") is not None)


# Under the sa play rules (a trump is always allowed) a whole deal takes the solver seconds, not tens of
# milliseconds (1.5 to 21 s from the opening lead, 0.2 to 0.5 s after one trick, 15 to 40 ms after two;
# three seeded deals, 2026-12-01): the first two tricks there are valued by the playouts alone.
SA_SEARCH_FROM = 2

# A card's value is the double-dummy mean blended with greedy playouts' (klaverjas.solver.playouts): the
# solver lets every later player see every card, the playouts let nobody see any.  The playouts' weight
# goes from 0.7 at the first trick, where the double-dummy samples are fewest and what later players
# would have to guess is most, to 0.3 at the last, in even steps: +4.5 a deal over half each throughout
# against the flat Monte Carlo stand-in, which was +9.8 over none (docs/bots.md).
PLAYOUT_MIX = (0.7, 0.3)
PLAYOUT_WORLDS = 1000
PLAYOUT_POLICY = "heuristic"  # klaverjas.solver.playouts.POLICIES
PLAYOUT_EPSILON = 0.1  # the playouts' share of random cards

# The opponents' bids are read by an even mixture of two explanations, the rules of thumb and this level's
# own trump model, so that opponents who bid either way are read: against the flat Monte Carlo stand-in, card
# play alone under strong's trump decisions, +1.7 a deal (+0.2 .. +3.1, 1,000 deals) over the rules alone, and
# -0.1 (-1.9 .. +1.7, 608 deals) where the stand-in bids by the rules of thumb; learning over a match which of
# the two fits ("learn") finds the right one and plays as the mixture does (docs/bots.md).
OPPONENT_BIDS = "mix"

# How the discards on a trick partner heads are read: every seat's as the same-suit signals their rank
# suggests ("rule"), partner's by the convention with a share of signalling partners learned over the match
# ("learn", :class:`.sampling.SignalLearner`), or not at all ("none").
SIGNAL_READINGS = ("rule", "learn", "none")
SIGNALS = "rule"
# With a race, how many points another card may be better than the one chosen when the search stops.
RACE_MARGIN = 2.0
# The least samples a card: a vote over one or two deals follows their accidents.
MIN_SAMPLES = 6

# The value of every legal card of a position: the final NS minus EW deal score.
SolveFn = Callable[[Any], dict[int, int]]


def solver_values(position: Any) -> dict[int, int]:
    """The double-dummy solver (``klaverjas.solver.solve``, objective ``real``), docs/solver.md."""
    from ..solver import solve

    return dict(solve(position, "real").cards)


class SolverWorkClock:
    """A clock that runs on the solver's work instead of time, for measurements that must play again alike.

    Given as a strong player's ``clock`` with :meth:`values` as its ``solve_fn``, the budget is counted in
    the general search's nodes (``nodes_per_ms`` of them a millisecond): the samples a decision then depend
    on the position and the seed alone, not on the machine or its load, so two runs of one match (the arena
    reseeds its bots) are the same game for game.
    """

    def __init__(self, nodes_per_ms: float) -> None:
        if not nodes_per_ms > 0:
            raise ValueError(f"nodes_per_ms must be above 0, got {nodes_per_ms}")
        self.nodes_per_ms = nodes_per_ms
        self.nodes = 0

    def __call__(self) -> float:
        return self.nodes / self.nodes_per_ms / 1000

    def solve(self, position: Any) -> Any:
        """``klaverjas.solver.solve(position, "real")``, counting the nodes searched."""
        from ..solver import solve

        result = solve(position, "real")
        self.nodes += result.nodes
        return result

    def values(self, position: Any) -> dict[int, int]:
        """:func:`solver_values`, counting the nodes searched."""
        return dict(self.solve(position).cards)


class Race:
    """When a decision's samples have said enough: the weighted moments of each legal card's sample values.

    The card chosen is the best by ``(1 - mix)`` times the samples' weighted mean plus ``mix`` times the
    playouts' value (``played_out``, taken as known: more samples do not change it).  The decision is settled
    once, for every other card, the best card's lead over it plus ``margin`` exceeds ``z`` standard errors of
    the samples' part of that lead (the variance of the paired per-sample differences over the effective
    number of weighted samples): then that card is, at that confidence, at most ``margin`` points better.
    Cards equal in every sample are settled at once.  The bookkeeping is a sum a card and a sum a pair of
    cards, so the test costs little beside a solve (sequential testing as in racing algorithms for choosing
    among noisy options)."""

    def __init__(self, cards: Sequence[int], z: float, margin: float, mix: float) -> None:
        self.cards = list(cards)
        self.z = z
        self.margin = margin
        self.mix = mix
        self.played_out: Sequence[float] | None = None
        self.weight = 0.0
        self.weight_sq = 0.0
        self.sums = dict.fromkeys(self.cards, 0.0)
        self.products = {(a, b): 0.0 for i, a in enumerate(self.cards) for b in self.cards[i:]}

    def add(self, weight: float, values: dict[int, float]) -> None:
        """One sample's values of the cards for the deciding team, with its weight."""
        self.weight += weight
        self.weight_sq += weight * weight
        for c in self.cards:
            self.sums[c] += weight * values[c]
        for a, b in self.products:
            self.products[a, b] += weight * values[a] * values[b]

    def settled(self) -> bool:
        w = self.weight
        if w <= 0 or self.weight_sq <= 0:
            return False
        effective = w * w / self.weight_sq
        if effective < 2:
            return False
        mean = {c: self.sums[c] / w for c in self.cards}
        known = self.played_out
        share = self.mix if known is not None else 0.0
        chosen = {c: (1 - share) * mean[c] + (share * known[c] if known is not None else 0.0) for c in self.cards}
        best = max(self.cards, key=lambda c: chosen[c])
        for c in self.cards:
            if c == best:
                continue
            a, b = (best, c) if (best, c) in self.products else (c, best)
            square = (self.products[best, best] - 2 * self.products[a, b] + self.products[c, c]) / w
            gap = mean[best] - mean[c]
            variance = max(0.0, square - gap * gap) * effective / (effective - 1)
            error = (1 - share) * (variance / effective) ** 0.5
            if chosen[best] - chosen[c] + self.margin <= self.z * error:
                return False
        return True


@dataclass
class CardFigures:
    card: int
    mean: float  # mean final score difference for the bot's team, weighted over samples
    holds: int  # samples in which, after this card, the bot's side is sure of the trick (:func:`holds_trick`)
    samples: int


def position_of(view: View, hands: tuple[int, int, int, int]) -> Any:
    """The solver position for one sampled world."""
    from ..solver import Position

    won = [0, 0]
    for t in view.tricks:
        won[t.winner & 1] += 1
    return Position(view.rules, view.trump, view.makers, hands, view.leader, view.trick, view.points, view.roem,
                    (won[0], won[1]))


def holds_trick(view: View, card: int, hands: tuple[int, int, int, int]) -> bool:
    """In this world, after ``card``, the bot's side heads the trick (this card or partner's) and no
    opponent still to play has a legal card beating the head: the trick is sure for the side."""
    trick = (*view.trick, card)
    tab = TABLES[view.rules.values]
    tv = trick_view(trick, view.trump, tab)
    if view.seat_at(view.leader, tv.win_pos) & 1 != view.team:
        return False
    head = tv.win
    beaters = tab.above[view.trump][head] | (SUIT_MASKS[view.trump] if head >> 3 != view.trump else 0)
    for pos in range(len(trick), 4):
        seat = view.seat_at(view.leader, pos)
        if seat & 1 != view.team and legal_for(view.rules, view.trump, hands[seat], trick) & beaters:
            return False
    return True


def playout_rules(view: View) -> Any:
    """The playouts' rules row (:func:`klaverjas.solver.playouts.rules_row`) of the view's rules and trump."""
    from ..solver import playouts

    return playouts.rules_row(view.rules, view.trump, view.step, view.makers)


def playout_state(view: View, hands: Sequence[int] | None = None) -> Any:
    """The playouts' state row (:func:`klaverjas.solver.playouts.state_row`) of the view's moment with
    every seat's cards ``hands`` (None: the viewer's own hand only, the others to be dealt)."""
    from ..solver import playouts

    if hands is None:
        hands = [view.hand if seat == view.seat else 0 for seat in range(4)]
    won = [0, 0]
    for t in view.tricks:
        won[t.winner & 1] += 1
    return playouts.state_row(hands, view.leader, view.trick, view.points, view.roem, won)


class StrongBot(Bot):
    name = "strong"

    def __init__(self, samples: int = 60, budget_ms: float = 150.0, seed: int | None = None,
                 solve_fn: SolveFn | None = None, search_from: int = 0, min_samples: int = MIN_SAMPLES,
                 play_mismatch: float | None = PLAY_MISMATCH, partner_bids_by_model: bool = True,
                 soft_evidence: bool = True, trump_by_model: bool = True, enumerate_up_to: int = 0,
                 play_by_model: bool = False, playout_mix: float | tuple[float, float] = PLAYOUT_MIX,
                 playout_worlds: int = PLAYOUT_WORLDS, playout_policy: str = PLAYOUT_POLICY,
                 playout_epsilon: float = PLAYOUT_EPSILON, playout_evidence: int = 0,
                 partner_mismatch: float | None = None, partner_model: PlayModel | None = None,
                 opponent_bids: str = OPPONENT_BIDS, partner_playouts: tuple[float, int, int, bool] | None = None,
                 opponent_playouts: tuple[float, int, int] | None = None,
                 signals: str = SIGNALS, signal_margin: float = 0.0, postpone_from: int | None = None,
                 resample_pool: int = 0, race: float = 0.0, race_margin: float = RACE_MARGIN,
                 race_budget_ms: float | None = None, clock: Callable[[], float] = time.perf_counter):
        self.solve_fn = solve_fn or solver_values
        self.samples = samples
        # The budget is overrun until this many are searched (MIN_SAMPLES).
        self.min_samples = min(min_samples, samples)
        # Tricks before this one are played by the rules of thumb (searching the first trick measured
        # +8.7 per deal against basic over starting at the third, 200 duplicate deals).
        self.search_from = search_from
        self.budget_ms = budget_ms
        # What the budget is measured on: the wall clock (what a player waits), or for measurements the
        # thread's processor time, so that the samples a card do not depend on what else the machine runs.
        self.clock = clock
        self.rng = random.Random(seed)
        self.basic = BasicBot()
        self.searched: list[tuple[float, int]] = []  # (ms, samples) of every search, for the benchmark
        # Samples are weighed by the opponents' plays under the rules of thumb (None: not at all), and
        # partner's bids by this level's own trump model (a partner bidding like this bot) rather than by
        # the rules of thumb.
        self.play_mismatch = play_mismatch
        # Partner's cards read by the rules of thumb too, with this factor (None: not read).
        self.partner_mismatch = partner_mismatch
        # Or by a fitted model of this player's own card choices (None: not).
        self.partner_model = partner_model
        # Or by this player's own playouts from the hand a sample gives partner: (points to a factor e in a
        # softmax of their values, deals a decision, partner's cards among the deal's first this many plays, its
        # leads only).
        self.partner_playouts = partner_playouts
        # The opponents' cards among the deal's first plays read alike, as a flat Monte Carlo player over the
        # same playouts would have chosen them from the hand a sample gives it: (points to a factor e, deals a
        # decision, plays); their later cards by the rules of thumb (or the model) as before.
        self.opponent_playouts = opponent_playouts
        if signals not in SIGNAL_READINGS:
            raise ValueError(f"signals must be one of {', '.join(SIGNAL_READINGS)}, got {signals!r}")
        self.signals = signals
        self.signal_learner = SignalLearner()
        # The rules of thumb's same-suit signal is played whenever its value is within this many points of
        # the best card's (0: only where the search cannot tell them apart), so that a partner reading the
        # convention reads it right.
        self.signal_margin = signal_margin
        # From this trick on (counted from 0; None: never) the player's own next card is one card in all the
        # samples that look alike to it by then (:meth:`postponed_totals`), not the best card of each.
        self.postpone_from = postpone_from
        # With a pool (N > 0) the samples to search are drawn from N weighed deals of the hidden cards in
        # proportion to their weights, each then counting alike (sampling importance resampling: the solver's
        # work goes to the likely deals, not to deals the evidence all but rules out); 0: searched as drawn,
        # each with its weight.
        if resample_pool < 0:
            raise ValueError(f"resample_pool must be at least 0, got {resample_pool}")
        self.resample_pool = resample_pool
        # A race (race > 0, in standard errors): the search stops as soon as no other card could beat the best
        # by more than ``race_margin`` points at that confidence (:class:`Race`), and a decision still open
        # may search on up to ``race_budget_ms``: the work goes where the cards are close.  0: the budget alone.
        if race < 0 or race_margin < 0:
            raise ValueError(f"race and race_margin must be at least 0, got {race} and {race_margin}")
        self.race = race
        self.race_margin = race_margin
        self.race_budget_ms = budget_ms if race_budget_ms is None else race_budget_ms
        self.partner_bids_by_model = partner_bids_by_model
        # The opponents' bids read by the rules of thumb, by the trump model, or by both (:func:`.sampling.weight_of`).
        self.opponent_bids = check_bid_reading(opponent_bids)
        # With "learn", which of the two explanations fits them, from the hands seen at each deal's end.
        self.bid_learner = BidLearner()
        # The opponents' cards read by the fitted card-play model (:mod:`.play_model`) instead of the factor.
        self.play_by_model = play_by_model
        # Without soft evidence every sample meeting the hard constraints counts alike, and without the
        # trump model the rules of thumb decide trump: together a plain flat Monte Carlo player, the
        # reference opponent of benchmarks/pimc_bot.py.
        self.soft_evidence = soft_evidence
        self.trump_by_model = trump_by_model
        # Late in a deal, when at most this many deals of the hidden cards remain, every one of them is
        # searched (weighed by the evidence) instead of a sample: the exact expectation (0: never).
        self.enumerate_up_to = enumerate_up_to
        # The playouts' weight in a card's value (0: the double-dummy mean alone), at the first and the last
        # trick (a number: the same at every trick), and their deals a decision.
        first, last = playout_mix if isinstance(playout_mix, tuple) else (playout_mix, playout_mix)
        self.playout_mix = (float(first), float(last))
        self.playout_worlds = playout_worlds
        self.playout_policy = playout_policy
        self.playout_epsilon = playout_epsilon
        # Playouts over this many deals drawn and weighed as the double-dummy samples are (those samples and
        # more), instead of deals under the hard constraints alone (0).
        self.playout_evidence = playout_evidence
        self._choices: ChoiceCache = {}
        self._likelihoods: LikelihoodCache = {}
        self._signals: SignalCache = {}
        self._deal_key: tuple[int, int] = (-1, -1)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def prepare(self) -> None:
        """Load the solver's compiled kernel (or compile it, on a fresh install without the cache)."""
        if self.solve_fn is solver_values or isinstance(self.clock, SolverWorkClock):
            from ..solver.warm import warm

            warm()  # the playouts' kernels too

    def trump(self, view: View) -> TrumpAction:
        if not self.trump_by_model:
            return self.basic.trump(view)
        action = estimate_options(view)[0].action
        assert isinstance(action, TrumpAction)
        return action

    def figures(self, view: View) -> list[CardFigures]:
        """Per legal card, its figures over the samples searched within the budget; best first."""
        legal = cards_of(view.legal)
        start = self.clock()
        deadline = start + (self.race_budget_ms if self.race else self.budget_ms) / 1000
        totals = dict.fromkeys(legal, 0.0)
        holds = dict.fromkeys(legal, 0)
        weight = 0.0
        n = 0
        sign = 1 if view.team == 0 else -1
        # Before the solver takes over (sa's first tricks) the deals drawn only count the sure tricks, and
        # the playouts alone give the values.
        solves = self.solves(view)
        evidence = self.evidence(view)
        drawn: list[World] = []
        solved: list[dict[int, int]] = []
        # A deal drawn again from the resampled pool is solved once.
        known: dict[tuple[int, int, int, int], dict[int, int]] = {}
        race = None
        played_out = None
        if self.race and solves and len(legal) > 1:
            # The race compares the cards as they will be chosen, so it needs the playouts' values first.
            race = Race(legal, self.race, self.race_margin, self.playout_weight(view))
            if race.mix > 0 and not self.playout_evidence:
                played_out = race.played_out = self.playout_values(view, drawn, evidence)
        for w in self.weighed_worlds(view, evidence):
            if n >= self.min_samples and (self.clock() >= deadline or not solves
                                          or (race is not None and race.settled())):
                break
            values = None
            if solves:
                values = known.get(w.hands)
                if values is None:
                    values = self.solve_fn(position_of(view, w.hands))
                    if self.resample_pool > 0:
                        known[w.hands] = values
            for c in legal:
                if values is not None:
                    totals[c] += w.weight * sign * values[c]
                holds[c] += holds_trick(view, c, w.hands)
            weight += w.weight
            n += 1
            drawn.append(w)
            if values is not None:
                solved.append(values)
                if race is not None:
                    race.add(w.weight, {c: sign * values[c] for c in legal})
        if self.postpone_from is not None and len(view.tricks) >= self.postpone_from and solved:
            totals = self.postponed_totals(view, drawn, solved)
        self.searched.append(((self.clock() - start) * 1000, n))
        if not n or weight <= 0:
            return [CardFigures(c, 0.0, 0, 0) for c in legal]
        figs = [CardFigures(c, totals[c] / weight, holds[c], n) for c in legal]
        # With a race, the share its test judged the cards by (asked once: a share may depend on the samples).
        mix = race.mix if race is not None else self.playout_weight(view) if solves else 1.0
        return self.blended(view, figs, mix, drawn, evidence, played_out)

    def blended(self, view: View, figs: list[CardFigures], mix: float, drawn: Sequence[World],
                evidence: PlayEvidence | None, played_out: list[float] | None = None) -> list[CardFigures]:
        """``figs`` (the searched means) with the playouts' values given the share ``mix``, best first (cards
        the means cannot tell apart by the rules of thumb), and the same-suit signal put first where it may be."""
        if played_out is None and mix > 0:
            played_out = self.playout_values(view, drawn, evidence)
        if played_out is not None:
            figs = [replace(f, mean=(1 - mix) * f.mean + mix * played_out[f.card]) for f in figs]
        # Cards the samples cannot tell apart are ranked by the rules of thumb (keep winners, play low).
        rank = {o.action: i for i, o in enumerate(card_options(view))}
        figs.sort(key=lambda f: (-round(f.mean, 6), rank[f.card]))
        return self.signalled(view, figs)

    def postponed_totals(self, view: View, drawn: Sequence[World],
                         solved: Sequence[dict[int, int]]) -> dict[int, float]:
        """Per legal card, the weighted sum over the samples of its value for the player's team when its own
        next card is chosen once for all the samples that look alike to it by then.

        Each sample's value is its double-dummy value (``solved``, from the samples' own solves) but for
        that next card: after this card the other seats play the solver's card in each sample (the lowest
        of equal ones) up to the player's next turn, and the samples in which the same cards were played
        in between are one situation to the player, in which it plays the card best over them all.  The
        double-dummy mean lets the player play each sample's best card then, as if it saw the hidden
        hands; this takes that guess back for its next card (postponing the perfect information by one of
        its own decisions, as extended PIMC searches do)."""
        sign = 1 if view.team == 0 else -1
        roots = [position_of(view, w.hands) for w in drawn]
        totals: dict[int, float] = {}
        for c in cards_of(view.legal):
            settled = 0.0
            alike: dict[tuple[int, ...], dict[int, float]] = {}
            for w, root, values in zip(drawn, roots, solved, strict=True):
                pos = root.play(c)
                value = values[c]
                between: list[int] = []
                while not pos.is_over and pos.turn != view.seat:
                    replies = self.solve_fn(pos)
                    side = 1 if pos.turn & 1 == 0 else -1
                    reply = min(replies, key=lambda k: (-side * replies[k], k))
                    value = replies[reply]
                    between.append(reply)
                    pos = pos.play(reply)
                if pos.is_over:
                    settled += w.weight * sign * value
                    continue
                nexts = self.solve_fn(pos)
                sums = alike.setdefault(tuple(between), dict.fromkeys(nexts, 0.0))
                for k, v in nexts.items():
                    sums[k] += w.weight * sign * v
            totals[c] = settled + sum(max(sums.values()) for sums in alike.values())
        return totals

    def signalled(self, view: View, figs: list[CardFigures]) -> list[CardFigures]:
        """``figs`` with the rules of thumb's same-suit signal first where it costs at most ``signal_margin``."""
        if self.signal_margin <= 0 or len(figs) < 2:
            return figs
        signal = signal_choice(view)
        at = next((i for i, f in enumerate(figs) if f.card == signal), 0)
        if at == 0 or figs[at].mean < figs[0].mean - self.signal_margin:
            return figs
        return [figs[at], *figs[:at], *figs[at + 1:]]

    def playout_weight(self, view: View) -> float:
        """The playouts' share of a card's value at this decision (the double-dummy mean has the rest)."""
        first, last = self.playout_mix
        return first + (last - first) * len(view.tricks) / 7

    def playout_values(self, view: View, drawn: Sequence[World] = (),
                       evidence: PlayEvidence | None = None) -> list[float] | None:
        """Per card, its team's mean final score minus the other's over greedy playouts of deals of the
        hidden cards (:func:`klaverjas.solver.playouts.card_values`; roem from the hand, the same whatever
        is played, left out); None without numba (plain Python would take seconds a card)."""
        if not self.playouts_available():
            return None
        if self.playout_evidence > 0:
            return self.evidence_playout_values(view, drawn, evidence)
        return self.policy_values(view, self.playout_policy)

    def policy_values(self, view: View, policy: str) -> list[float]:
        """Per card, its playouts' mean over ``playout_worlds`` deals under the hard constraints, every hand
        playing by ``policy`` (a name of ``klaverjas.solver.playouts.POLICIES``)."""
        from ..solver import playouts

        return playouts.card_values(playout_rules(view), playout_state(view), view.seat,
                                    [view.may_hold(s) for s in range(4)],
                                    [view.hand_size(s) for s in range(4)], view.legal, self.playout_worlds,
                                    epsilon=self.playout_epsilon, seed_number=self.rng.getrandbits(31),
                                    policy=playouts.POLICIES[policy])

    def evidence_playout_values(self, view: View, drawn: Sequence[World],
                                evidence: PlayEvidence | None) -> list[float]:
        """:meth:`playout_values` over ``drawn`` and more deals drawn alike (weighed by ``evidence``, the
        play evidence ``drawn`` was weighed by), up to ``playout_evidence`` of them (within 40 ms), each
        played out often enough to make ``playout_worlds`` in all."""
        from ..solver import playouts

        worlds = list(drawn)
        deadline = self.clock() + 0.04
        while len(worlds) < self.playout_evidence and self.clock() < deadline:
            new = self.draw(view, 1, evidence)
            if not new:
                break
            worlds.append(new[0])
        if not worlds:
            return [0.0] * 32
        reps = max(1, round(self.playout_worlds / len(worlds)))
        return playouts.weighted_card_values(playout_rules(view), playout_state(view), view.seat,
                                             [w.hands for w in worlds],
                                             [w.weight if self.soft_evidence else 1.0 for w in worlds],
                                             view.legal, reps, epsilon=self.playout_epsilon,
                                             seed_number=self.rng.getrandbits(31),
                                             policy=playouts.POLICIES[self.playout_policy])

    def worlds(self, view: View) -> Iterator[World]:
        """Up to ``samples`` deals of the hidden cards, weighed by the evidence (all alike without it),
        or every one of them when there are at most ``enumerate_up_to``."""
        return self.weighed_worlds(view, self.evidence(view))

    def weighed_worlds(self, view: View, evidence: PlayEvidence | None) -> Iterator[World]:
        """:meth:`worlds` with the play evidence of :meth:`evidence` given."""
        every = all_hidden(view, self.enumerate_up_to) if self.enumerate_up_to > 0 else None
        share = self.bid_learner.rule_share()
        if every is not None:
            for hands in every:
                w = weight_of(view, hands, self.partner_bids_by_model, self.opponent_bids, share,
                              self.signals == "rule") if self.soft_evidence else 1.0
                if evidence is not None:
                    w *= evidence.weight(hands)
                yield World(hands, w)
            return
        if self.resample_pool > 0 and self.soft_evidence:
            pool = self.draw(view, self.resample_pool, evidence)
            ends = list(accumulate(w.weight for w in pool))
            if ends and ends[-1] > 0:
                # Drawn one by one, so that the samples searched before the budget runs out are a fair draw.
                for _ in range(self.samples):
                    i = min(bisect_right(ends, self.rng.random() * ends[-1]), len(pool) - 1)
                    yield World(pool[i].hands, 1.0)
                return
        for _ in range(self.samples):
            new = self.draw(view, 1, evidence)
            if not new:
                return
            yield new[0] if self.soft_evidence else World(new[0].hands, 1.0)

    def draw(self, view: View, n: int, evidence: PlayEvidence | None) -> list[World]:
        """Up to ``n`` deals of the hidden cards under the hard constraints, each weighed by the evidence as
        this player reads it (:func:`.sampling.sample_worlds`)."""
        return sample_worlds(view, n, self.rng, evidence, self.partner_bids_by_model, self.opponent_bids,
                             self.bid_learner.rule_share(), self.signals == "rule")

    def evidence(self, view: View) -> PlayEvidence | None:
        """The opponents' plays so far as evidence on the hidden hands (see :class:`.sampling.PlayEvidence`)."""
        if self.play_mismatch is None or not self.soft_evidence or view.phase != "play":
            return None
        # The choices cached for this deal; a new deal (other dealer or own starting hand) starts afresh.
        key = (view.dealer, view.hand | view.played_by[view.seat])
        if key != self._deal_key:
            self._deal_key = key
            self._choices.clear()
            self._likelihoods.clear()
            self._signals.clear()
        hands = deal_hidden(view, self.rng)
        if hands is None:
            return None
        from .play_model import model

        by_playouts: dict[str, Any] = {}
        if self.partner_playouts is not None:
            temperature, deals, plays, leads = self.partner_playouts
            by_playouts |= {"partner_values": partial(self.simulated_values, deals=deals),
                            "partner_temperature": temperature, "partner_plays": plays, "partner_leads": leads}
        if self.opponent_playouts is not None:
            temperature, deals, plays = self.opponent_playouts
            by_playouts |= {"opponent_values": partial(self.simulated_values, deals=deals),
                            "opponent_temperature": temperature, "opponent_plays": plays}
        if self.signals == "learn":
            by_playouts |= {"signal_kept": self.signal_learner.kept(), "signals": self._signals}
        return PlayEvidence(view, hands, self._choices, self.play_mismatch, model() if self.play_by_model else None,
                            self._likelihoods, partner_mismatch=self.partner_mismatch,
                            partner_model=self.partner_model, **by_playouts)

    def simulated_values(self, seen: View, deals: int) -> list[float]:
        """Per card, how this player's playouts value it from ``seen`` (another seat's view at a past decision,
        with a sample's hand), over ``deals`` deals; seeded by the view alone, so reading another seat draws
        none of this player's random numbers."""
        from ..solver import playouts

        return playouts.card_values(playout_rules(seen), playout_state(seen), seen.seat,
                                    [seen.may_hold(s) for s in range(4)], [seen.hand_size(s) for s in range(4)],
                                    seen.legal, deals, epsilon=self.playout_epsilon,
                                    seed_number=hash((seen.hand, seen.played)) & 0x7FFFFFFF,
                                    policy=playouts.POLICIES[self.playout_policy])

    def searches(self, view: View) -> bool:
        """Whether this card is chosen by the figures (else by the rules of thumb)."""
        if len(view.tricks) < self.search_from or view.legal.bit_count() < 2:
            return False
        return self.solves(view) or self.playouts_available()

    def solves(self, view: View) -> bool:
        """Whether the solver values this card's samples (not in sa's first tricks: too slow there)."""
        return view.rules.play != "sa" or len(view.tricks) >= SA_SEARCH_FROM

    def playouts_available(self) -> bool:
        """Whether the playouts run compiled (without numba plain Python would take seconds a card)."""
        from ..solver import engine

        return engine.HAVE_NUMBA

    def learn(self, view: View) -> None:
        """Learn the opponents' way of bidding at a deal's end (with ``opponent_bids="learn"``)."""
        if self.opponent_bids == "learn":
            self.bid_learner.observe(view)
        if self.signals == "learn":
            self.signal_learner.observe(view)

    def card(self, view: View) -> int:
        self.learn(view)
        if not self.searches(view):
            return self.basic.card(view)
        return self.figures(view)[0].card

    def advise(self, view: View) -> list[Option]:
        if view.phase == "trump":
            return estimate_options(view) if self.trump_by_model else self.basic.advise(view)
        if view.phase != "play" or not self.searches(view):
            return self.basic.advise(view)
        figs = self.figures(view)
        rules = {o.action: o for o in card_options(view)}
        return [search_option(figs, i, rules[f.card]) for i, f in enumerate(figs)]

    def explain(self, view: View) -> tuple[Action, Text]:
        """The card of the one search :meth:`card` makes, explained by its figures (no second search)."""
        self.learn(view)
        if view.phase == "play" and self.searches(view):
            figs = self.figures(view)
            best = figs[0].card
            rule = next(o for o in card_options(view) if o.action == best)
            return best, search_option(figs, 0, rule).why
        if view.phase == "trump" and self.trump_by_model:
            top = estimate_options(view)[0]
            return top.action, top.why
        return self.basic.explain(view)


# Rules of thumb that say the trick is the side's for sure, or that it cannot be won: appended to a search
# figure only when the samples agree, so a hint never says "sure in 0 of 6 deals" beside "you win the trick".
SURE_CODES = frozenset({"win_sure", "smear", "smear_none", "roem_ours", "signal_ace", "signal_second", "signal_stop",
                        "keep_trump"})
LOST_CODES = frozenset({"low"})


def search_option(figs: list[CardFigures], i: int, rule: Option) -> Option:
    """Option ``i`` of the search figures (best first), with the rule of thumb where it agrees with them."""
    f, best = figs[i], figs[0]
    if i == 0 and rule.code in SIGNAL_CODES and f.mean < figs[1].mean:
        # A signal played for a little less than the best value (:meth:`StrongBot.signalled`).
        other = max(figs[1:], key=lambda g: g.mean)
        why = both("search_signal", c_card=f.card, wins=f.holds, n=f.samples, x_diff=other.mean - f.mean,
                   c_best=other.card)
    else:
        # The best card is told against the next best; a card passed over for a signal against the one
        # played; any other against the best.
        other = figs[1] if i == 0 else best
        diff = f.mean - other.mean
        if abs(diff) < 0.05:  # shown as 0.0: say that they score alike
            why = both("search_even", c_card=f.card, wins=f.holds, n=f.samples, c_other=other.card)
        elif diff > 0:
            why = both("search_best", c_card=f.card, wins=f.holds, n=f.samples, x_diff=diff, c_next=other.card)
        else:
            why = both("search_other", c_card=f.card, wins=f.holds, n=f.samples, x_diff=-diff, c_best=other.card)
    agrees = not ((rule.code in SURE_CODES and f.holds < f.samples) or (rule.code in LOST_CODES and f.holds > 0))
    if agrees:
        why = with_rule(why, rule.why)
    return Option(f.card, f.mean, why, "search")


def estimate_options(view: View, model: BiddingModel | None = None) -> list[Option]:
    """Trump options ranked by the fitted estimate of the deal's result for the bot's team
    (:mod:`.bidding`; ``model``: another than the player's own), each with the basic level's rule of
    thumb; the basic level's own ranking when the model was fitted for other card values."""
    if model is None:
        model = bidding_model(view.rules.values)
    basic = trump_options(view)
    if view.rules.values != model.values:
        return basic
    rule = {o.action: o.why for o in basic}
    place = place_of(view.seat, view.leader, step_of(view.rules.direction))
    # Each way of taking a suit: accept the one on offer, or name one.
    takes = [(a, view.proposed if a == PLAY else a.suit) for a in view.options if a != PASS]
    suits = [model.estimate(view.hand, suit, place) for suit in range(4)]
    estimates = {a: suits[suit] for a, suit in takes if suit is not None}
    pass_value = model.pass_value(view.hand, place, view.rules.trump_selection, suits,
                                  view.proposed if PLAY in view.options else None)
    t = _signed(pass_value)
    out: list[Option] = []
    for action, suit in takes:
        assert suit is not None
        v = estimates[action]
        if PASS not in view.options:
            why = both("estimate_forced", s_suit=suit, **lead_words(v))
        else:
            good = v > pass_value
            if action == PLAY:
                verb = ("Play", "Spelen") if good else ("Do not play", "Niet spelen")
            else:
                name_en, name_nl = suit_names(suit)
                verb = (f"Choose {name_en}", f"Kies {name_nl}") if good else (f"Do not choose {name_en}",
                                                                              f"Kies geen {name_nl}")
            why = both("estimate_play" if good else "estimate_weak", verb_en=verb[0], verb_nl=verb[1],
                       s_suit=suit, t=t, **lead_words(v))
        out.append(Option(action, v, why, "estimate"))
    if PASS in view.options:
        best, best_suit = max(takes, key=lambda take: estimates[take[0]])
        code = "estimate_forgo" if estimates[best] > pass_value else "estimate_pass"
        out.append(Option(PASS, pass_value, both(code, s_best=best_suit, v=_signed(estimates[best]), t=t),
                          "estimate"))
    out.sort(key=lambda o: -o.score)
    return [replace(o, why=with_rule(o.why, rule[o.action])) if o.action in rule else o for o in out]


def _signed(x: float) -> str:
    return f"{x:+.0f}"
