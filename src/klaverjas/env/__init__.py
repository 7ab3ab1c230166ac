"""Klaverjas for reinforcement learning: a PettingZoo AEC environment and a Gymnasium single-agent wrapper.

``from klaverjas.env import env; env(rules="rotterdam")`` gives the four-agent environment (PettingZoo's
convention, with ``raw_env`` the class without wrappers); ``single_agent(rules=..., opponents="basic",
seat=...)`` one seat against our bots.  Needs the ``rl`` extra (pettingzoo, gymnasium); see docs/rl.md.

May import :mod:`klaverjas.core` and :mod:`klaverjas.bots` only.
"""

from .aec import AGENTS, env, raw_env, seat_of
from .encoding import BLOCKS, N_ACTIONS, OBS_SIZE, SLICES, Decoded, decode, encode
from .single import SingleAgentEnv, single_agent

__all__ = ["AGENTS", "env", "raw_env", "seat_of", "BLOCKS", "N_ACTIONS", "OBS_SIZE", "SLICES", "Decoded", "decode",
           "encode", "SingleAgentEnv", "single_agent"]
