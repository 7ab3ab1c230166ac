"""The PettingZoo AEC environment: one deal of Klaverjas under any rules, four agents.

Agents are ``player_0`` .. ``player_3`` as in PettingZoo's classic card games; ``player_i`` sits at seat
``i`` of klaverjas.core (North, East, South, West), so ``player_0`` and ``player_2`` are the NS team.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..bots import View
from ..core import SEATS, Deal, Rules, card_name, cards_of
from .encoding import (
    CLAIM_ACTION,
    N_ACTIONS,
    N_CARDS,
    NO_CLAIM_ACTION,
    OBS_HIGH,
    OBS_SIZE,
    encode,
    trump_action_id,
    trump_action_of,
)

AGENTS = tuple(f"player_{seat}" for seat in range(4))
REWARDS = ("score", "difference")

Observation = dict[str, NDArray[Any]]


def seat_of(agent: str) -> int:
    if agent not in AGENTS:
        raise ValueError(f"unknown agent {agent!r}: expected one of {', '.join(AGENTS)}")
    return AGENTS.index(agent)


def _rules(rules: str | Rules) -> Rules:
    return rules if isinstance(rules, Rules) else Rules.parse(rules)


# PettingZoo has no type information, so its base class is Any to mypy.
class raw_env(AECEnv[str, Observation, int]):  # type: ignore[misc]  # noqa: N801 - PettingZoo's name for it
    """One deal per episode: trump selection, the eight tricks and (under ``roem_claim=claimed``) the claims.

    ``rules``: a preset or any text :meth:`Rules.parse` accepts.  ``dealer``: a fixed seat 0..3, or
    ``None`` to draw it with the deal.  ``reward``: ``"score"`` (what the agent's team writes on the sheet
    for the deal, nat, pit and roem included) or ``"difference"`` (that minus the other team's: zero-sum).
    Illegal cards are never offered, so under ``illegal_cards=allow`` nobody reneges and no renege is called.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "klaverjas_v0", "is_parallelizable": False}

    def __init__(self, rules: str | Rules = "amsterdam", dealer: int | None = None, reward: str = "score",
                 render_mode: str | None = None):
        super().__init__()
        self.rules = _rules(rules)
        if dealer is not None and dealer not in range(4):
            raise ValueError(f"dealer={dealer!r}: expected a seat 0..3 or None")
        if reward not in REWARDS:
            raise ValueError(f"reward={reward!r}: expected {' or '.join(REWARDS)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: expected human, ansi or None")
        self.fixed_dealer = dealer
        self.reward_kind = reward
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        space = spaces.Dict({
            "observation": spaces.Box(0.0, OBS_HIGH, shape=(OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(N_ACTIONS,), dtype=np.int8),
        })
        self.observation_spaces = {agent: space for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(N_ACTIONS) for agent in AGENTS}
        self._claimed = self.rules.roem_claim == "claimed" and self.rules.roem == "trick"
        self._rng = random.Random()
        self.deal = Deal.new(self.rules, 0, self._rng)
        self.claiming = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the deal --------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new deal: from ``seed`` when given, else from the generator the last seed started."""
        if seed is not None:
            self._rng = random.Random(seed)
        dealer = self._rng.randrange(4) if self.fixed_dealer is None else self.fixed_dealer
        self.deal = Deal.new(self.rules, dealer, self._rng)
        self.claiming = False
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0.0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self.to_act]

    @property
    def to_act(self) -> int:
        """The seat whose decision the deal waits for."""
        deal = self.deal
        if not deal.selection.done:
            assert deal.selection.to_move is not None
            return deal.selection.to_move
        if self.claiming:
            return deal.tricks[-1].winner
        return deal.turn

    def view(self, seat: int) -> View:
        """What ``seat`` may know now (the bots' view; the observation is built from it alone)."""
        return View.of(self.deal, seat, claim=self.claiming)

    def legal_actions(self, seat: int) -> list[int]:
        deal = self.deal
        if self.terminations[AGENTS[seat]] or seat != self.to_act:
            return []
        if not deal.selection.done:
            return sorted(trump_action_id(a) for a in deal.selection.options())
        if self.claiming:
            return [NO_CLAIM_ACTION, CLAIM_ACTION]
        return cards_of(deal.legal())

    def observe(self, agent: str) -> Observation:
        seat = seat_of(agent)
        mask = np.zeros(N_ACTIONS, dtype=np.int8)
        mask[self.legal_actions(seat)] = 1
        return {"observation": encode(self.view(seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = seat_of(agent)
        if action is None or int(action) not in self.legal_actions(seat):
            raise ValueError(f"{agent} ({SEATS[seat]}) may not take action {action!r} now: "
                             f"legal are {self.legal_actions(seat)}")
        self._apply(seat, int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in AGENTS}
        if self.deal.is_over and not self.claiming:
            scores = self.deal.score().scores
            for a in AGENTS:
                team = seat_of(a) & 1
                own = scores[team]
                self.rewards[a] = float(own - scores[1 - team] if self.reward_kind == "difference" else own)
                self.terminations[a] = True
            self.infos = {a: {"score": scores} for a in AGENTS}
        else:
            self.agent_selection = AGENTS[self.to_act]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _apply(self, seat: int, action: int) -> None:
        deal = self.deal
        if not deal.selection.done:
            deal.choose_trump(trump_action_of(action))
        elif self.claiming:
            pending = deal.pending_roem
            assert pending is not None
            if action == CLAIM_ACTION:
                deal.claim_roem(seat, pending[1])
            self.claiming = False
        else:
            deal.play(action)
            # Claimed roem: the trick's winner decides before the next card (the roem in it is public).
            self.claiming = self._claimed and not deal.trick and deal.pending_roem is not None

    # --- showing it -------------------------------------------------------
    def render(self) -> str | None:
        """The whole table (every hand: rendering is for a person watching, not for an agent)."""
        if self.render_mode is None:
            return None
        deal = self.deal
        trump = "?" if deal.trump < 0 else "CDHS"[deal.trump]
        lines = [f"{self.rules}  dealer {SEATS[deal.dealer]}  trump {trump}  "
                 f"points NS {deal.points[0]} EW {deal.points[1]}  roem NS {deal.roem[0]} EW {deal.roem[1]}"]
        for seat in range(4):
            lines.append(f"  {SEATS[seat]}: {' '.join(card_name(c) for c in cards_of(deal.hands[seat]))}")
        if deal.trick:
            lines.append("  trick: " + " ".join(card_name(c) for c in deal.trick))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(rules: str | Rules = "amsterdam", dealer: int | None = None, reward: str = "score",
        render_mode: str | None = None) -> AECEnv[str, Observation, int]:
    """The environment with PettingZoo's checks on top: actions in range, calls in order."""
    wrapped: AECEnv[str, Observation, int] = raw_env(rules, dealer, reward, render_mode)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


__all__ = ["AGENTS", "N_CARDS", "env", "raw_env", "seat_of"]
