"""A Gymnasium single-agent view of the deal: one learner seat, our bots at the other three."""

from __future__ import annotations

import random
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from ..bots import Bot, View
from ..bots.arena import make_bot
from ..bots.base import last_trick_roem
from ..core import Rules, TrumpAction, parse_seat
from .aec import AGENTS, Observation, raw_env
from .encoding import CLAIM_ACTION, NO_CLAIM_ACTION, trump_action_id


def _seat(seat: int | str) -> int:
    if isinstance(seat, int):
        if seat not in range(4):
            raise ValueError(f"seat={seat!r}: expected 0..3, N E S W or player_0..player_3")
        return seat
    if seat in AGENTS:
        return AGENTS.index(seat)
    return parse_seat(seat)


def bot_action(bot: Bot, view: View) -> int:
    """A bot's answer as an action id; a claim naming the wrong amount is no claim (the engine refuses it)."""
    answer = bot.decide(view)
    if isinstance(answer, TrumpAction):
        return trump_action_id(answer)
    if view.phase == "claim":
        return CLAIM_ACTION if answer > 0 and answer == last_trick_roem(view) else NO_CLAIM_ACTION
    return int(answer)


class SingleAgentEnv(gymnasium.Env[Observation, int]):
    """The learner plays ``seat``; ``opponents`` (random, basic, strong) play the other three seats,
    the partner included.  Observation, action mask and actions are those of :class:`raw_env`; the
    reward comes once, at the end of the deal.  An action the mask forbids ends the episode with
    ``illegal_reward`` (default: minus the deal's card points, below any legal outcome of a ``score`` reward)
    and ``info["illegal_action"]``, as PettingZoo's TerminateIllegalWrapper does."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, rules: str | Rules = "amsterdam", opponents: str = "basic", seat: int | str = 0,
                 dealer: int | None = None, reward: str = "score", render_mode: str | None = None,
                 illegal_reward: float | None = None):
        if opponents.startswith("cmd:"):
            raise ValueError("opponents: expected a built-in level (random, basic, strong), not an external program")
        self.seat = _seat(seat)
        self.aec = raw_env(rules, dealer, reward, render_mode)
        self.render_mode = render_mode
        self.bots = [make_bot(opponents) for _ in range(4)]
        self.opponents = opponents
        self.illegal_reward = -float(self.aec.rules.total) if illegal_reward is None else illegal_reward
        self._over = True
        self.observation_space = self.aec.observation_space(AGENTS[self.seat])
        self.action_space = self.aec.action_space(AGENTS[self.seat])

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        # The deal and the bots' choices both follow from the seed (through the generator gymnasium keeps).
        deal_seed = int(self.np_random.integers(2**62))
        self.aec.reset(seed=deal_seed)
        rng = random.Random(deal_seed)
        for bot in self.bots:
            bot.reseed(rng.randrange(2**62))
        self._over = False
        self._advance()
        return self.aec.observe(AGENTS[self.seat]), {}

    def _advance(self) -> None:
        """Let the bots decide until the learner must, or the deal is over."""
        aec = self.aec
        while not aec.terminations[AGENTS[self.seat]] and aec.to_act != self.seat:
            actor = aec.to_act
            aec.step(bot_action(self.bots[actor], aec.view(actor)))

    def step(self, action: int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        agent = AGENTS[self.seat]
        if self._over or self.aec.terminations[agent]:
            raise ValueError("the deal is over: call reset()")
        if int(action) not in self.aec.legal_actions(self.seat):
            self._over = True
            return self.aec.observe(agent), self.illegal_reward, True, False, {"illegal_action": True}
        self.aec.step(int(action))
        self._advance()
        done = self.aec.terminations[agent]
        reward = self.aec._cumulative_rewards[agent] if done else 0.0
        info = dict(self.aec.infos[agent])
        return self.aec.observe(agent), float(reward), done, False, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal actions now (the name sb3-contrib's maskable algorithms look for)."""
        return self.aec.observe(AGENTS[self.seat])["action_mask"]

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        for bot in self.bots:
            bot.close()


def single_agent(rules: str | Rules = "amsterdam", opponents: str = "basic", seat: int | str = 0,
                 dealer: int | None = None, reward: str = "score", render_mode: str | None = None,
                 illegal_reward: float | None = None) -> SingleAgentEnv:
    """``klaverjas.env.single_agent(rules="rotterdam", opponents="basic", seat="S")``."""
    return SingleAgentEnv(rules, opponents, seat, dealer, reward, render_mode, illegal_reward)


__all__ = ["SingleAgentEnv", "single_agent", "bot_action"]
