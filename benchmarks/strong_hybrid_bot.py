"""``strong`` with another weight of the greedy playouts in its card values, over the bot protocol.

The strong player values a card by the mean of its double-dummy solutions blended with the mean of
greedy playouts (``klaverjas.solver.playouts``), the playouts' weight going from 0.7 at the first trick to
0.3 at the last (``PLAYOUT_MIX`` in bots/strong.py).  This
serves the same player with another weight, to measure it: ``--mix 0`` is the double-dummy mean alone,
the strong player before the playouts; ``--budget inf`` searches all 60 samples whatever the load;
``--policy sharp`` plays the playouts by the sharper rules; ``--sa-before`` plays South African deals as
before the playouts took them up; ``--work-clock 3000`` counts the budget in the solver's nodes, so a run
is played again alike and two arms beside each other draw the same samples where they decide alike;
``--bidding-model FILE`` and ``--pass-value V`` change its trump decisions (and its reading of partner's bids);
``--read-partner F`` reads partner's cards by the rules of thumb too, ``--signals``, ``--signal-reading`` and
``--signal-margin`` change which same-suit signals it reads, how, and when it gives them; ``--postpone-from T``
chooses its own next card once for the samples that look alike (docs/bots.md); ``--sees-partner
SEED:DEALS`` shows it partner's cards, to measure what they are worth (benchmarks/oracle_bot.py finds them from the
arena's seed; ``--sees-partner-cards`` which of them, or only whether it holds a trump); ``--trump-lead-bonus P``
adds P points to the makers' trump leads, ``--draw-trumps N`` makes a maker holding the highest trump left and N
trumps lead one while an opponent may hold a trump, ``--class-mix KIND=W`` gives the playouts another share at
one kind of decision, and ``--learned-policy OWN.npy[,OTHER.npy]`` plays the playouts by card policies fitted on
recorded play (benchmarks/learned_playouts.py) instead of the greedy rules; ``--learn-policies N`` learns them over
the match (``--learn-sides others``: only the other team's); ``--resample-pool N`` draws the samples it searches from N
weighed ones in proportion to their weights; ``--locations W.npz`` tilts its weighed samples towards a network's odds
of where each hidden card is (benchmarks/card_locations.py); ``--race Z`` stops each card's search once its best card
is settled and lets a close one search on (``--samples``, ``--race-budget``, ``--race-margin``; StrongBot's ``race``);
``--trump-sim N[:basic]`` makes its trump decisions by N simulated deals played out by the greedy rules
(benchmarks/trump_sim.py; ``basic``: the other team bids by the rules of thumb, as the stand-ins do); ``--tree
DEPTH[:EXPLORE[:FROM]]`` values its cards by a tree search over what it sees with double-dummy leaves
(benchmarks/ismcts_dd.py) instead of each sample's double-dummy values.

    klaverjas arena --bot 'cmd:.venv/bin/python benchmarks/strong_hybrid_bot.py --mix 0' \\
        --bot 'cmd:.venv/bin/python benchmarks/flatmc_bot.py' --trump-by strong --deals 300 --rules rotterdam
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
# The playouts by guessing players by their package name, as every benchmark imports its siblings.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.card_locations import LocationModel  # noqa: E402
from benchmarks.ismcts_dd import tree_figures  # noqa: E402
from benchmarks.oracle_bot import OracleBot  # noqa: E402
from benchmarks.trump_sim import SimPolicy, from_spec  # noqa: E402

from klaverjas.bots import bidding, sampling, strong  # noqa: E402
from klaverjas.bots.basic import card_options  # noqa: E402
from klaverjas.bots.bidding import BiddingModel, parse_model  # noqa: E402
from klaverjas.bots.play_model import parse_model as parse_play_model  # noqa: E402
from klaverjas.bots.protocol import serve  # noqa: E402
from klaverjas.bots.sampling import PLAY_MISMATCH, PlayEvidence, World  # noqa: E402
from klaverjas.bots.strong import (  # noqa: E402
    PLAYOUT_EPSILON,
    PLAYOUT_MIX,
    PLAYOUT_POLICY,
    PLAYOUT_WORLDS,
    SA_SEARCH_FROM,
    CardFigures,
    SolverWorkClock,
    StrongBot,
    solver_values,
)
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import FULL_DECK, SUIT_MASKS, TABLES, TrumpAction  # noqa: E402


class TunedBot(StrongBot):
    """The strong player with two more settings to measure: another budget at the first trick (its samples are
    whole deals, the fewest of the deal), and the playouts' values averaged with those of a second policy."""

    first_budget_ms: float | None = None
    # Another budget and sample cap for the player's own leads (two thirds of its loss double-dummy is there).
    lead_budget_ms: float | None = None
    lead_samples: int | None = None
    second_policy: str | None = None
    second_weight = 0.5
    game_seed = 0
    # Mixed into every decision's seed (empty: none): the same player on the same deals with other samples (a
    # second run of the player as it is shows how far a run's own draws move its result).
    salt = ""
    # Playouts by players who guess (benchmarks/iimc.py): each later decision a flat Monte Carlo search of
    # this many deals from the player's own knowledge (0: the greedy rules), over ``nested_worlds`` deals.
    nested_inner = 0
    nested_worlds = 100
    nested_depth = 0  # the guessing players' cards after the bot's (0: all), the later ones by the greedy rules

    # Cards valued by a tree over what is seen with double-dummy leaves (benchmarks/ismcts_dd.py): (plays deep,
    # exploration in points, from this trick on); None: the double-dummy mean of each sample.
    tree: tuple[int, float, int] | None = None

    # Trump decisions by simulated deals (benchmarks/trump_sim.py) in the selections it can simulate (None: the model).
    trump_sim: SimPolicy | None = None

    def trump(self, view: View) -> TrumpAction:
        if self.trump_sim is not None and view.rules.trump_selection in self.trump_sim.MODES and self.trump_by_model:
            return self.trump_sim.trump(view)
        return super().trump(view)

    # The share of a card's double-dummy value taken instead with the rest of its trick played blind: the
    # later hands of the trick play by the playouts' greedy rules from their own cards (no hand sees another),
    # and the solver values the position once the trick is complete.
    blind_weight = 0.0

    # For a measurement of what partner's cards are worth: the arena's deals (benchmarks/oracle_bot.py), by
    # which this player is shown its partner's hand (None: it plays fair).
    partner_shown: OracleBot | None = None
    # Which of partner's cards it is shown: all, its trumps, or its cards of 10 points or more.
    partner_shown_cards = "all"
    partner_has_trump: bool | None = None  # told "any-trump": whether partner holds one now
    # Whose discards on partner's trick are read as same-suit signals: everyone's, partner's alone, nobody's.
    signals_read = "all"
    # The rules of thumb's card whenever its value is within this many points of the best card's.
    rule_margin = 0.0
    # Points added to a trump lead's value by the makers' side in the first ``trump_lead_tricks`` tricks: do
    # the samples undervalue drawing trumps (seeing partner's cards turns plain leads into trump leads)?
    trump_lead_bonus = 0.0
    trump_lead_tricks = 8
    trump_lead_side = "makers"
    # Drawing trumps: a maker on lead holding the highest trump still out and at least this many trumps, while an
    # opponent may still hold one, leads a trump (the best-valued one); 0: off.
    draw_trumps = 0
    # The playouts' share by kind of decision ("defenders-1-follow": a defender second in the trick holding the
    # led suit; "makers-0": a maker's lead), where given; the others by the trick (playout_mix).
    class_mix: dict[str, float] = {}
    # The playouts' share at each of the eight tricks for the makers' side or the defenders', where given
    # (instead of playout_mix's even steps).
    mix_by_trick: dict[str, tuple[float, ...]] = {}
    # The team's second seat (South or West) plays by the rules of thumb, as a club player who signals would:
    # strong as the partner of such a player (its cards only; trump decisions as the arena says).
    basic_partner = False
    # The playouts' share moved by how much the samples disagree on the best card (strategy fusion matters
    # where the worlds need different continuations): share + gain * (disagreement - centre), within 0..1;
    # gain 0: off.  ``disagreement_log``: a file each decision's disagreement is appended to.
    adaptive_gain = 0.0
    adaptive_centre = 0.3
    disagreement_log: Path | None = None
    # The weighed samples tilted towards a network's shares of each hidden card at each seat
    # (benchmarks/card_locations.py; None: as drawn), the shares taken over a pool of ``location_pool`` deals
    # (instead of the resampling pool or the enumeration of the last deals).
    locations: LocationModel | None = None
    location_pool = 120
    _sample_values: list[dict[int, int]] = []
    inner_solve: Callable[[Any], dict[int, int]]

    def record_values(self, position: Any) -> dict[int, int]:
        values = self.inner_solve(position)
        self._sample_values.append(values)
        return values

    def disagreement(self, view: View) -> float | None:
        """The share of the samples searched at this decision in which the card best on their mean is not
        among the best (None without samples)."""
        samples = self._sample_values
        if not samples:
            return None
        sign = 1 if view.team == 0 else -1
        legal = list(samples[0])
        mean = {c: sum(sign * v[c] for v in samples) for c in legal}
        choice = max(legal, key=lambda c: mean[c])
        return sum(sign * v[choice] < max(sign * v[c] for c in legal) for v in samples) / len(samples)

    def reseed(self, seed: int) -> None:
        self.game_seed = seed
        super().reseed(seed)

    def card(self, view: View) -> int:
        if self.basic_partner and view.seat >= 2:
            return self.basic.card(view)
        if self.partner_shown is not None and view.trump >= 0:
            self.show_partner(view)
        if self.signals_read != "all":
            # Which discards on partner's trick are read as same-suit signals (View.signals).
            keep = view.partner if self.signals_read == "partner" else -1
            view.__dict__["signals"] = tuple(s for s in view.signals if s.seat == keep)
        return super().card(view)

    def show_partner(self, view: View) -> None:
        """Partner's cards (those of ``partner_shown_cards``) placed for the samplers: the unseen cards of
        that kind partner does not hold are barred from its hand, and those it holds from the opponents'
        (the deductions the samplers read, View.excluded)."""
        assert self.partner_shown is not None
        partner = view.seat ^ 2
        kind = self.partner_shown_cards
        true_hand = self.partner_shown.true_hands(view)[partner]
        barred = list(view.excluded)
        self.partner_has_trump = None
        if kind == "any-trump":
            # Told only whether partner still holds a trump: none bars every trump from its hand; some makes
            # weighed_worlds redraw the samples that give it none (the playouts' deals then do not know it).
            trumps = view.unseen & SUIT_MASKS[view.trump]
            self.partner_has_trump = bool(true_hand & trumps)
            if not self.partner_has_trump:
                barred[partner] |= trumps
        else:
            points = TABLES[view.rules.values].points[view.trump]
            told = FULL_DECK if kind == "all" else SUIT_MASKS[view.trump] if kind == "trumps" else \
                sum(1 << c for c in range(32) if points[c] >= 10)
            shown = true_hand & told
            for seat in range(4):
                if seat == partner:
                    barred[seat] |= view.unseen & told & ~shown
                elif seat != view.seat:
                    barred[seat] |= shown
        view.__dict__["excluded"] = (barred[0], barred[1], barred[2], barred[3])

    def weighed_worlds(self, view: View, evidence: PlayEvidence | None) -> Iterator[World]:
        if self.locations is not None and view.trump >= 0:
            # The first ``samples`` of a pool of weighed deals, their weights tilted to the network's shares.
            pool = self.draw(view, max(self.location_pool, self.samples), evidence)
            yield from self.locations.tilt(view, pool)[:self.samples]
            return
        worlds = super().weighed_worlds(view, evidence)
        if not self.partner_has_trump or view.trump < 0:
            yield from worlds
            return
        trumps = SUIT_MASKS[view.trump]
        partner = view.seat ^ 2
        for world in worlds:
            # Redrawn (a few times) while the sample gives partner no trump, which it is known to hold.
            for _ in range(20):
                if world.hands[partner] & trumps:
                    break
                again = self.draw(view, 1, evidence)
                if not again:
                    break
                world = again[0]
            yield world

    def solve_blended(self, position: Any) -> dict[int, int]:
        """The solver's card values, each blended with its value after the trick is completed blind."""
        values = self.double_dummy(position)
        if self.blind_weight <= 0 or len(position.trick) == 3 or position.rules.roem != "trick":
            return values  # the last hand completes the trick itself: nothing is played blind
        from klaverjas.solver import Position, playouts

        rules_row = playouts.rules_row(position.rules, position.trump, position.step, position.makers)
        start = playouts.state_row(list(position.hands), position.leader, position.trick, position.points,
                                   position.roem, position.tricks)
        w = self.blind_weight
        out = {}
        for card, value in values.items():
            state = start.copy()
            playouts.play(rules_row, state, card)
            while state[playouts.S_N] != 0:
                playouts.play(rules_row, state, playouts.heuristic_card(rules_row, state,
                                                                         playouts.legal_now(rules_row, state)))
            hands = (int(state[0]), int(state[1]), int(state[2]), int(state[3]))
            after = Position(position.rules, position.trump, position.makers, hands, int(state[playouts.S_LEADER]),
                             (), (int(state[playouts.S_PTS]), int(state[playouts.S_PTS + 1])),
                             (int(state[playouts.S_ROEM]), int(state[playouts.S_ROEM + 1])),
                             (int(state[playouts.S_WON]), int(state[playouts.S_WON + 1])))
            out[card] = round((1 - w) * value + w * self.boundary_value(after))
        return out

    def double_dummy(self, position: Any) -> dict[int, int]:
        """The solver's card values, counted on the work clock when the budget runs on one."""
        return self.clock.values(position) if isinstance(self.clock, SolverWorkClock) else solver_values(position)

    def boundary_value(self, position: Any) -> int:
        from klaverjas.solver import solve

        return int((self.clock.solve if isinstance(self.clock, SolverWorkClock) else solve)(position).value)

    def figures(self, view: View) -> list[CardFigures]:
        # Each decision draws from the game's seed and its place in the deal, not from what earlier decisions
        # drew: two arms that differ in one setting then draw the same deals at every decision, even after one
        # of them searched more samples or played another card.
        salted = f"{self.salt}:" if self.salt else ""
        self.rng.seed(f"{salted}{self.game_seed}:{len(view.tricks)}:{len(view.trick)}")
        self._sample_values = []
        budget, samples = self.budget_ms, self.samples
        if self.first_budget_ms is not None and not view.tricks:
            self.budget_ms = self.first_budget_ms
        if not view.trick:
            self.budget_ms = self.lead_budget_ms if self.lead_budget_ms is not None else self.budget_ms
            self.samples = self.lead_samples if self.lead_samples is not None else self.samples
        try:
            tree = self.tree
            if tree is not None and self.solves(view) and len(view.tricks) >= tree[2] and view.legal.bit_count() > 1:
                figs = tree_figures(self, view, tree[0], tree[1])
            else:
                figs = super().figures(view)
            return self.trump_leads(view, self.rule_first(view, figs))
        finally:
            self.budget_ms, self.samples = budget, samples

    def playout_weight(self, view: View) -> float:
        side = "makers" if view.makers == view.seat % 2 else "defenders"
        share = self.mix_by_trick[side][len(view.tricks)] if side in self.mix_by_trick else super().playout_weight(view)
        for key in reversed(decision_kinds(view)):
            if key in self.class_mix:
                share = self.class_mix[key]
                break
        if self.adaptive_gain or self.disagreement_log is not None:
            d = self.disagreement(view)
            if d is not None and self.disagreement_log is not None:
                with self.disagreement_log.open("a") as log:
                    log.write(f"{len(view.tricks)} {len(view.trick)} {len(self._sample_values)} {d:.4f}\n")
            if d is not None and self.adaptive_gain:
                share = min(1.0, max(0.0, share + self.adaptive_gain * (d - self.adaptive_centre)))
        return share

    def trump_leads(self, view: View, figs: list[CardFigures]) -> list[CardFigures]:
        """``figs`` with ``trump_lead_bonus`` added to every trump lead's value, at the leads it applies to."""
        makers = view.makers == view.seat % 2
        if self.draw_trumps and makers and not view.trick and draws_trumps(view, self.draw_trumps):
            figs = sorted(figs, key=lambda f: f.card >> 3 != view.trump)  # stable: the best trump first
        side = {"makers": makers, "defenders": not makers, "both": True}[self.trump_lead_side]
        if self.trump_lead_bonus == 0 or view.trick or len(view.tricks) >= self.trump_lead_tricks or not side:
            return figs
        bonus = self.trump_lead_bonus
        out = [replace(f, mean=f.mean + bonus) if f.card >> 3 == view.trump else f for f in figs]
        return sorted(out, key=lambda f: -f.mean)

    def rule_first(self, view: View, figs: list[CardFigures]) -> list[CardFigures]:
        """``figs`` with the rules of thumb's card first when it costs at most ``rule_margin`` (a partner
        reading the cards by them reads more); the signals the player gives are its own (``signal_margin``)."""
        if self.rule_margin <= 0:
            return figs
        return self.first_within(figs, card_options(view)[0].action, self.rule_margin)

    @staticmethod
    def first_within(figs: list[CardFigures], card: object, margin: float) -> list[CardFigures]:
        at = next((i for i, f in enumerate(figs) if f.card == card), None)
        if at is None or at == 0 or figs[at].mean < figs[0].mean - margin:
            return figs
        return [figs[at], *figs[:at], *figs[at + 1:]]

    learned_weights: Any = None
    learned_sample = False
    learned_greedy = 0  # sides playing the greedy rules in the learned playouts: 1 its team, 2 the others
    online: Any = None  # benchmarks.learned_playouts.OnlinePolicies, with --learn-policies

    def learn(self, view: View) -> None:
        super().learn(view)
        if self.online is not None and self.online.observe(view) and self.online.weights is not None:
            self.learned_weights = self.online.weights

    def learned_values(self, view: View) -> list[float]:
        """The playouts' card values with the seats of the deciding team playing by the first fitted card policy
        and the others by the second."""
        import numpy as np
        from benchmarks.learned_playouts import learned_flat_mc

        from klaverjas.bots.strong import playout_rules, playout_state
        from klaverjas.solver import playouts

        playouts.seed(self.rng.getrandbits(31))
        sums = np.zeros(32)
        done = learned_flat_mc(playout_rules(view), playout_state(view), view.seat,
                               np.array([view.may_hold(s) for s in range(4)], dtype=np.int64),
                               np.array([view.hand_size(s) for s in range(4)], dtype=np.int64), view.legal,
                               self.playout_worlds, self.learned_weights, self.learned_greedy, self.playout_epsilon,
                               self.learned_sample, sums)
        return [float(x) for x in sums / max(1, done)]

    def playout_values(self, view: View, drawn: Sequence[World] = (), evidence: PlayEvidence | None = None) -> Any:
        if self.nested_inner > 0:
            from benchmarks.iimc import nested_card_values

            return nested_card_values(view, self.nested_worlds, self.nested_inner, self.playout_epsilon,
                                      self.rng.getrandbits(31), self.nested_depth)
        if self.learned_weights is not None and self.playouts_available():
            return self.learned_values(view)
        values = super().playout_values(view, drawn, evidence)
        if values is None or self.second_policy is None:
            return values
        other = self.policy_values(view, self.second_policy)
        w = self.second_weight
        return [(1 - w) * a + w * b for a, b in zip(values, other, strict=True)]


def decision_kinds(view: View) -> list[str]:
    """The kinds a decision belongs to, broadest first: the side and place ("makers-0"), then for a follower
    whether it holds the led suit ("defenders-1-follow", "defenders-1-void")."""
    side = "makers" if view.makers == view.seat % 2 else "defenders"
    kinds = [f"{side}-{len(view.trick)}"]
    if view.trick:
        holds = view.hand & SUIT_MASKS[view.trick[0] >> 3]
        kinds.append(f"{kinds[0]}-{'follow' if holds else 'void'}")
    return kinds


def draws_trumps(view: View, least: int) -> bool:
    """Whether the seat to lead holds the highest trump still out and at least ``least`` trumps, and an opponent
    may still hold a trump."""
    trumps = SUIT_MASKS[view.trump]
    top = view.highest_left(view.trump)
    if top < 0 or not view.hand >> top & 1 or (view.hand & trumps).bit_count() < least:
        return False
    return any(view.may_hold(seat) & trumps for seat in (view.seat ^ 1, view.seat ^ 3))


class SaBeforeBot(TunedBot):
    """The strong player's South African play before the playouts took it up: the first tricks by the
    rules of thumb, the later ones by the double-dummy means alone."""

    def searches(self, view: View) -> bool:
        if view.rules.play == "sa" and len(view.tricks) < SA_SEARCH_FROM:
            return False
        return super().searches(view)

    def playout_values(self, view: View, drawn: Sequence[World] = (), evidence: PlayEvidence | None = None) -> Any:
        return None if view.rules.roem != "trick" else super().playout_values(view, drawn, evidence)


def use_bidding_model(path: Path | None, pass_value: float | None, pass_shift: float = 0.0) -> None:
    """Trump decisions (and partner's bids read) by the model in ``path`` (None: the player's own), every
    place's pass value ``pass_value`` (None: the model's), less ``pass_shift`` points (a suit taken more often)."""
    own = bidding.model

    @cache
    def chosen(values: str = "dutch") -> BiddingModel:
        mdl = parse_model(path.read_text()) if path is not None and values == "dutch" else own(values)
        if pass_value is not None:
            mdl = replace(mdl, threshold=(pass_value,) * len(mdl.threshold), passing=())
        if pass_shift:  # the pass models' first term, their bias, adds to the advantage of taking in points
            passing = tuple(replace(p, coef=tuple(None if c is None else (c[0] + pass_shift, *c[1:])
                                                    for c in p.coef)) for p in mdl.passing)
            mdl = replace(mdl, threshold=tuple(t - pass_shift for t in mdl.threshold), passing=passing)
        return mdl

    # The trump decisions and the reading of the bids take the model from these three names.
    bidding.model = chosen
    strong.__dict__["bidding_model"] = chosen
    sampling.__dict__["model"] = chosen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mix", type=float, default=None,
                    help="weight of the playouts' mean (0: none; at every trick unless --mix-last is given); "
                    f"without it the player's own, {PLAYOUT_MIX[0]:g} at the first trick to {PLAYOUT_MIX[1]:g} "
                    "at the last")
    ap.add_argument("--worlds", type=int, default=PLAYOUT_WORLDS, help="playout deals a decision")
    ap.add_argument("--budget", type=float, default=150.0, help="ms a card for the double-dummy samples")
    ap.add_argument("--samples", type=int, default=60, help="double-dummy samples a card at most")
    ap.add_argument("--min-samples", type=int, default=strong.MIN_SAMPLES,
                    help="double-dummy samples a card at least, whatever the budget or the race says")
    ap.add_argument("--race", type=float, default=0.0, metavar="Z",
                    help="stop a card's search once no other card may be better by --race-margin points at Z "
                         "standard errors, and search a close one up to --race-budget ms (0: the budget alone)")
    ap.add_argument("--race-margin", type=float, default=strong.RACE_MARGIN, metavar="POINTS")
    ap.add_argument("--race-budget", type=float, default=None, metavar="MS",
                    help="ms a card for a decision the race has not settled (default: --budget)")
    ap.add_argument("--policy", choices=("heuristic", "sharp", "own-sharp"), default=PLAYOUT_POLICY,
                    help="the playouts' rules (klaverjas.solver.playouts)")
    ap.add_argument("--learned-policy", default=None,
                    help="OWN.npy[,OTHER.npy]: weights of benchmarks/learned_playouts.py fit; the playouts' seats "
                    "of the deciding team play by OWN, the others by OTHER (default OWN)")
    ap.add_argument("--learn-policies", type=int, default=0, metavar="N",
                    help="learn both teams' card policies over the match from each deal's end (as "
                         "--learned-policy plays them), once each team has shown N decisions with a choice; the "
                         "greedy rules until then")
    ap.add_argument("--learn-sides", choices=("both", "others"), default="both",
                    help="with --learn-policies: both teams play the learned policies in the playouts, or only the "
                         "other team (its own team the greedy rules)")
    ap.add_argument("--learned-sample", action="store_true",
                    help="the learned playouts draw each card by the fitted odds instead of the best one")
    ap.add_argument("--epsilon", type=float, default=PLAYOUT_EPSILON, help="the playouts' share of random cards")
    ap.add_argument("--evidence", type=int, default=0,
                    help="playouts over this many deals weighed by the evidence (0: hard constraints only)")
    ap.add_argument("--cpu-clock", action="store_true",
                    help="measure the budget in the thread's processor time, not by the wall clock: the samples a "
                    "card then do not depend on the machine's load, so arms run side by side compare fairly")
    ap.add_argument("--mix-last", type=float, default=None,
                    help="the playouts' weight at the last trick, in even steps from --mix at the first")
    ap.add_argument("--mix-by-trick", action="append", default=[], metavar="[SIDE=]W0,...,W7",
                    help="the playouts' weight at each of the eight tricks, for the makers, the defenders or both "
                    "(no SIDE); e.g. as benchmarks/selfplay_values.py fits it on the outcomes of self-play")
    ap.add_argument("--sa-before", action="store_true",
                    help="South African deals as before the playouts: the first tricks by the rules of thumb, "
                    "no playouts later")
    ap.add_argument("--sa-search-from", type=int, default=None, metavar="TRICK",
                    help=f"in sa the solver values cards from this trick on (0: the first; the player's own: "
                    f"{strong.SA_SEARCH_FROM}), the playouts alone before it")
    ap.add_argument("--work-clock", type=float, default=None, metavar="NODES_PER_MS",
                    help="measure the budget in the solver's nodes, this many a millisecond (about 3000 on the "
                    "development machine early in a deal): the samples a card then depend on the seed alone, so "
                    "a run played again, or beside an arm that differs only in its options, draws the same")
    ap.add_argument("--budget-first", type=float, default=None, help="ms a card at the first trick (else --budget)")
    ap.add_argument("--salt", default="", help="mixed into every decision's seed: the same player drawing other "
                    "samples (empty: the player's own draws)")
    ap.add_argument("--lead-budget", type=float, default=None, help="ms a card when the player leads (else --budget)")
    ap.add_argument("--lead-samples", type=int, default=None,
                    help="double-dummy samples a card at most when the player leads (else --samples)")
    ap.add_argument("--second-policy", choices=("heuristic", "sharp", "own-sharp"), default=None,
                    help="also play out every card by these rules and average the two policies' values")
    ap.add_argument("--second-weight", type=float, default=0.5, help="the second policy's share of the playouts")
    ap.add_argument("--blind", type=float, default=0.0,
                    help="the share of a card's double-dummy value taken with the rest of its trick played blind "
                    "(by the playouts' greedy rules) before the solver takes over")
    ap.add_argument("--play-model", action="store_true",
                    help="read the opponents' cards by the fitted card-play model (klaverjas.bots.play_model) "
                    "instead of the rules of thumb")
    ap.add_argument("--nested", type=int, default=0, metavar="INNER",
                    help="playouts by players who guess: every later decision a flat Monte Carlo search over this "
                    "many deals of what the player cannot see (benchmarks/iimc.py; 0: the greedy rules)")
    ap.add_argument("--nested-worlds", type=int, default=100, help="deals of the playouts by guessing players")
    ap.add_argument("--nested-depth", type=int, default=0,
                    help="cards after the bot's played by guessing players (0: all), later ones by the greedy rules")
    ap.add_argument("--play-mismatch", type=float, default=PLAY_MISMATCH,
                    help="a sample's factor for each opponent's card the rules of thumb would not have played")
    ap.add_argument("--bidding-model", type=Path, default=None,
                    help="a trump model for the Dutch card values, as tools/fit_bidding.py writes it")
    ap.add_argument("--pass-value", type=float, default=None, help="the trump model's pass value at every place")
    ap.add_argument("--pass-shift", type=float, default=0.0, metavar="POINTS",
                    help="a pass worth POINTS less to the trump decisions (and the bids read): a suit taken more often")
    ap.add_argument("--trump-sim", default=None, metavar="N[:basic]",
                    help="trump decisions in the free selection by N simulated deals played out by the greedy rules "
                         "(benchmarks/trump_sim.py; basic: the other team bids by the rules of thumb)")
    ap.add_argument("--sees-partner", default=None, metavar="SEED:DEALS",
                    help="for a measurement: shown partner's cards, from the arena's seed and deals")
    ap.add_argument("--sees-partner-cards", choices=("all", "trumps", "points", "any-trump"), default="all",
                    help="which of partner's cards --sees-partner shows: all, its trumps, or its cards of 10 "
                    "points or more (aces, tens, the jack and nine of trumps); any-trump: only whether it holds "
                    "a trump")
    ap.add_argument("--read-partner", type=float, default=None, metavar="FACTOR",
                    help="read partner's cards by the rules of thumb too: a sample's factor for each card of "
                    "partner's they would not have played")
    ap.add_argument("--partner-bid-scale", type=float, default=sampling.PARTNER_BID_SCALE, metavar="POINTS",
                    help="the width of the logistic curve by which partner's bids are read by the trump model")
    ap.add_argument("--bid-mismatch", type=float, default=sampling.BID_MISMATCH, metavar="FACTOR",
                    help="a sample's factor for each bid the rules of thumb would not have made from its hand")
    ap.add_argument("--opponent-bids", choices=sampling.BID_READINGS, default=strong.OPPONENT_BIDS,
                    help="the opponents' bids read by the rules of thumb, the trump model, an even mixture, or a "
                         f"mixture learned over the match (the player's: {strong.OPPONENT_BIDS})")
    ap.add_argument("--partner-playouts", default=None, metavar="T,DEALS,PLAYS[,leads]",
                    help="read partner's cards by this player's own playouts from the hand a sample gives partner: "
                         "a softmax of their values, T points to a factor e, over DEALS deals a decision, for "
                         "partner's cards (with 'leads' only its leads) among the deal's first PLAYS plays")
    ap.add_argument("--opponent-playouts", default=None, metavar="T,DEALS,PLAYS",
                    help="read the opponents' cards among the deal's first PLAYS plays as a flat Monte Carlo player "
                         "over this player's playouts would have chosen them from the hand a sample gives it: a "
                         "softmax of their values, T points to a factor e, over DEALS deals a decision")
    ap.add_argument("--read-partner-model", type=Path, default=None, metavar="FILE",
                    help="read partner's cards by a card-play model of this player's own choices, as "
                    "tools/fit_play.py writes it")
    ap.add_argument("--signals", choices=("all", "partner", "none"), default="all",
                    help="whose discards on partner's trick are read as same-suit signals")
    ap.add_argument("--signal-mismatch", type=float, default=None,
                    help="a sample's factor for each signal it contradicts (else the player's own)")
    ap.add_argument("--signal-margin", type=float, default=0.0,
                    help="give the rules of thumb's signal whenever it costs at most this many points a deal")
    ap.add_argument("--basic-partner", action="store_true",
                    help="the team's second seat (South or West) plays its cards by the rules of thumb")
    ap.add_argument("--signal-reading", choices=strong.SIGNAL_READINGS, default=strong.SIGNALS,
                    help="the discards on partner's trick read as signals by their rank (rule), partner's by the "
                         "convention as far as it is learned to keep it (learn), or not at all (none)")
    ap.add_argument("--resample-pool", type=int, default=0, metavar="N",
                    help="draw the searched samples from a pool of N weighed deals in proportion to their weights")
    ap.add_argument("--postpone-from", type=int, default=None, metavar="T",
                    help="from trick T (counted from 0) choose the player's own next card once for the samples that "
                    "look alike to it by then (StrongBot.postponed_totals)")
    ap.add_argument("--tree", default=None, metavar="DEPTH[:EXPLORE[:FROM]]",
                    help="value the cards by a tree search over what is seen, DEPTH plays deep with double-dummy "
                    "leaves, UCB1 with EXPLORE points (default 20), from trick FROM (default 0) on "
                    "(benchmarks/ismcts_dd.py)")
    ap.add_argument("--rule-margin", type=float, default=0.0,
                    help="play the rules of thumb's card whenever it costs at most this many points a deal")
    ap.add_argument("--trump-lead-bonus", type=float, default=0.0,
                    help="points added to the value of a trump lead (by --trump-lead-side, in the first "
                    "--trump-lead-tricks tricks)")
    ap.add_argument("--trump-lead-tricks", type=int, default=8)
    ap.add_argument("--draw-trumps", type=int, default=0, metavar="N",
                    help="a maker on lead with the highest trump still out and at least N trumps leads a trump while "
                    "an opponent may hold one (0: never forced)")
    ap.add_argument("--trump-lead-side", choices=("makers", "defenders", "both"), default="makers")
    ap.add_argument("--adaptive-mix", type=float, default=0.0, metavar="GAIN",
                    help="move the playouts' share by GAIN times (the share of samples disagreeing with the chosen "
                    "card's being best, less --adaptive-centre)")
    ap.add_argument("--adaptive-centre", type=float, default=0.3)
    ap.add_argument("--disagreement-log", type=Path, default=None, metavar="FILE")
    ap.add_argument("--class-mix", action="append", default=[], metavar="KIND=W",
                    help="the playouts' share W at decisions of KIND (e.g. defenders-1-follow, makers-0); repeatable")
    ap.add_argument("--locations", type=Path, default=None, metavar="W.npz",
                    help="tilt the weighed samples towards a network's card locations (benchmarks/card_locations.py)")
    ap.add_argument("--location-pool", type=int, default=120, metavar="N",
                    help="deals drawn to tilt, of which the first are searched")
    ap.add_argument("--location-alpha", type=float, default=1.0, help="the power of the tilt (1: the whole step)")
    args = ap.parse_args()
    class_mix = {}
    for item in args.class_mix:
        kind, _, weight = item.partition("=")
        try:
            class_mix[kind] = float(weight)
        except ValueError:
            ap.error(f"--class-mix: expected KIND=WEIGHT, got {item!r}")
    if args.sa_search_from is not None:
        if not 0 <= args.sa_search_from <= 7:
            ap.error(f"--sa-search-from: a trick from 0 to 7, not {args.sa_search_from}")
        strong.SA_SEARCH_FROM = args.sa_search_from
    if args.resample_pool < 0:
        ap.error(f"--resample-pool must be at least 0, not {args.resample_pool}")
    if args.samples < 1 or args.min_samples < 1:
        ap.error(f"--samples and --min-samples must be at least 1, not {args.samples} and {args.min_samples}")
    if args.race < 0 or args.race_margin <= 0:
        ap.error(f"--race must be at least 0 and --race-margin above 0, not {args.race} and {args.race_margin}")
    if args.postpone_from is not None and not 0 <= args.postpone_from <= 7:
        ap.error(f"--postpone-from: a trick from 0 to 7, not {args.postpone_from}")
    tree = None
    if args.tree is not None:
        parts = args.tree.split(":")
        try:
            if len(parts) > 3:
                raise ValueError(parts)
            tree = (int(parts[0]), float(parts[1]) if len(parts) > 1 else 20.0, int(parts[2]) if len(parts) > 2 else 0)
        except ValueError:
            ap.error(f"--tree: expected DEPTH[:EXPLORE[:FROM]] (e.g. 4:20:0), got {args.tree!r}")
        if tree[0] < 1 or not tree[1] >= 0 or not 0 <= tree[2] <= 7:
            ap.error(f"--tree: DEPTH at least 1, EXPLORE at least 0, FROM a trick from 0 to 7; got {args.tree!r}")
    if args.signal_mismatch is not None:
        sampling.SIGNAL_MISMATCH = args.signal_mismatch
    if args.partner_bid_scale <= 0:
        ap.error(f"--partner-bid-scale must be above 0, not {args.partner_bid_scale}")
    sampling.PARTNER_BID_SCALE = args.partner_bid_scale
    if not 0 < args.bid_mismatch <= 1:
        ap.error(f"--bid-mismatch must be above 0 and at most 1, not {args.bid_mismatch}")
    sampling.BID_MISMATCH = args.bid_mismatch
    if args.bidding_model is not None or args.pass_value is not None or args.pass_shift:
        use_bidding_model(args.bidding_model, args.pass_value, args.pass_shift)
    if args.work_clock is not None and args.cpu_clock:
        ap.error("--work-clock and --cpu-clock are two clocks: give one")
    partner_model = None
    partner_playouts = None
    if args.partner_playouts is not None:
        try:
            t, deals, plays, *leads = args.partner_playouts.split(",")
            if leads not in ([], ["leads"]):
                raise ValueError(leads)
            partner_playouts = (float(t), int(deals), int(plays), bool(leads))
        except ValueError:
            ap.error(f"--partner-playouts: expected T,DEALS,PLAYS[,leads] (e.g. 10,64,16,leads), got "
                     f"{args.partner_playouts!r}")
        if partner_playouts[0] <= 0 or partner_playouts[1] < 1 or partner_playouts[2] < 1:
            ap.error("--partner-playouts: T must be positive, DEALS and PLAYS at least 1")
    opponent_playouts = None
    if args.opponent_playouts is not None:
        try:
            t, deals, plays = args.opponent_playouts.split(",")
            opponent_playouts = (float(t), int(deals), int(plays))
        except ValueError:
            ap.error(f"--opponent-playouts: expected T,DEALS,PLAYS (e.g. 10,32,16), got {args.opponent_playouts!r}")
        if opponent_playouts[0] <= 0 or opponent_playouts[1] < 1 or opponent_playouts[2] < 1:
            ap.error("--opponent-playouts: T must be positive, DEALS and PLAYS at least 1")
    if args.read_partner_model is not None:
        try:
            partner_model = parse_play_model(args.read_partner_model.read_text())
        except (OSError, ValueError, KeyError) as exc:
            ap.error(f"--read-partner-model: {exc}")
    kind = SaBeforeBot if args.sa_before else TunedBot
    clock: Callable[[], float] = time.thread_time if args.cpu_clock else time.perf_counter
    solve_fn = None
    if args.work_clock is not None:
        try:
            clock = work = SolverWorkClock(args.work_clock)
        except ValueError as exc:
            ap.error(f"--work-clock: {exc}")
        solve_fn = work.values
    first = PLAYOUT_MIX[0] if args.mix is None else args.mix
    last = (PLAYOUT_MIX[1] if args.mix is None else args.mix) if args.mix_last is None else args.mix_last
    bot = kind(budget_ms=args.budget, playout_mix=(first, last), playout_worlds=args.worlds,
               playout_policy=args.policy, playout_epsilon=args.epsilon, playout_evidence=args.evidence,
               play_by_model=args.play_model, play_mismatch=args.play_mismatch, clock=clock, solve_fn=solve_fn,
               partner_mismatch=args.read_partner, partner_model=partner_model, opponent_bids=args.opponent_bids,
               partner_playouts=partner_playouts, opponent_playouts=opponent_playouts,
               signals=args.signal_reading, signal_margin=args.signal_margin, postpone_from=args.postpone_from,
               resample_pool=args.resample_pool, samples=args.samples, min_samples=args.min_samples, race=args.race,
               race_margin=args.race_margin, race_budget_ms=args.race_budget)
    if args.locations is not None:
        try:
            bot.locations = LocationModel.load(args.locations, args.location_alpha)
        except (OSError, ValueError, KeyError) as exc:
            ap.error(f"--locations: cannot read {args.locations}: {exc}")
        if args.location_pool < 1:
            ap.error(f"--location-pool must be at least 1, not {args.location_pool}")
        bot.location_pool = args.location_pool
    bot.signals_read = args.signals
    bot.tree = tree
    if args.trump_sim is not None:
        try:
            bot.trump_sim = from_spec(args.trump_sim, bidding.model("dutch"))
        except ValueError as exc:
            ap.error(f"--trump-sim: {exc}")
    bot.basic_partner = args.basic_partner
    bot.rule_margin = args.rule_margin
    bot.class_mix = class_mix
    bot.mix_by_trick = {}
    for item in args.mix_by_trick:
        side, _, weights = item.rpartition("=")
        try:
            shares = tuple(float(x) for x in weights.split(","))
        except ValueError:
            shares = ()
        if side not in ("", "makers", "defenders") or len(shares) != 8 or not all(0 <= w <= 1 for w in shares):
            ap.error(f"--mix-by-trick: expected [makers= or defenders=] and eight weights from 0 to 1, got {item!r}")
        for name in ("makers", "defenders") if side == "" else (side,):
            bot.mix_by_trick[name] = shares
    bot.adaptive_gain = args.adaptive_mix
    bot.adaptive_centre = args.adaptive_centre
    bot.disagreement_log = args.disagreement_log
    bot.trump_lead_bonus = args.trump_lead_bonus
    bot.trump_lead_tricks = args.trump_lead_tricks
    bot.trump_lead_side = args.trump_lead_side
    bot.draw_trumps = args.draw_trumps
    bot.blind_weight = args.blind
    if args.blind > 0:
        bot.solve_fn = bot.solve_blended
    if args.adaptive_mix or args.disagreement_log is not None:  # records whichever values the samples get
        bot.inner_solve = bot.solve_fn
        bot.solve_fn = bot.record_values
    bot.first_budget_ms = args.budget_first
    bot.lead_budget_ms = args.lead_budget
    bot.salt = args.salt
    if args.lead_samples is not None and args.lead_samples < 1:
        ap.error(f"--lead-samples must be at least 1, not {args.lead_samples}")
    if args.lead_budget is not None and args.lead_budget <= 0:
        ap.error(f"--lead-budget must be above 0 ms, not {args.lead_budget}")
    bot.lead_samples = args.lead_samples
    bot.second_policy = args.second_policy
    if args.learned_policy is not None:
        import numpy as np
        from benchmarks.learned_playouts import NF

        own, _, other = args.learned_policy.partition(",")
        sides = []
        for path in (own, other or own):
            try:
                w = np.load(path)
            except (OSError, ValueError) as e:
                ap.error(f"--learned-policy: cannot read {path}: {e}")
            if w.shape != (4, NF):
                ap.error(f"--learned-policy: {path} holds weights of shape {w.shape}, not (4, {NF})")
            sides.append(w)
        bot.learned_weights = np.stack(sides)
    if args.learn_policies < 0:
        ap.error(f"--learn-policies must be at least 0, not {args.learn_policies}")
    if args.learn_policies > 0:
        from benchmarks.learned_playouts import OnlinePolicies

        bot.online = OnlinePolicies(args.learn_policies)
        bot.learned_greedy = 1 if args.learn_sides == "others" else 0
    bot.learned_sample = args.learned_sample
    bot.second_weight = args.second_weight
    bot.nested_inner = args.nested
    bot.nested_worlds = args.nested_worlds
    bot.nested_depth = args.nested_depth
    if args.sees_partner is not None:
        seed, _, deals = args.sees_partner.partition(":")
        bot.partner_shown = OracleBot(int(seed), int(deals))
        bot.partner_shown_cards = args.sees_partner_cards
    bot.name = (f"strong-mix-{first:g}-{last:g}-{args.policy}" + ("-sa-before" if args.sa_before else "")
                + ("-play-model" if args.play_model else ""))
    return serve(bot, sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
