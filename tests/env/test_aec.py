"""The AEC environment: PettingZoo's own API and seed tests, and random play checked against the core engine."""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from klaverjas.core import RulesError
from klaverjas.env import AGENTS, N_ACTIONS, env, raw_env

from .reference import Replay, copy_of_start

PRESETS = ["amsterdam", "rotterdam", "sa", "strict"]
# Every trump selection mode, claimed roem and renege-allowing tables, beside the presets.
VARIANTS = [*PRESETS, "amsterdam(roem_claim=claimed)", "amsterdam(trump_selection=utrecht)",
            "amsterdam(trump_selection=turned,illegal_cards=allow)",
            "rotterdam(trump_selection=bid,direction=anticlockwise)"]


# PettingZoo warns about every Dict observation, its classic games' masked layout included.
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.parametrize("rules", VARIANTS)
def test_pettingzoo_api_test_passes(rules: str) -> None:
    api_test(env(rules=rules), num_cycles=300)


@pytest.mark.parametrize("rules", ["rotterdam", "sa"])
def test_pettingzoo_seed_test_passes(rules: str) -> None:
    seed_test(functools.partial(env, rules=rules), num_cycles=200)


def play_random(rules: str, seed: int, reward: str = "score") -> tuple[raw_env, Replay, list[int]]:
    """One seeded deal of random masked play; at each step the mask must be the engine's legal set."""
    wrapped = env(rules=rules, reward=reward)
    wrapped.reset(seed=seed)
    raw = wrapped.unwrapped
    assert isinstance(raw, raw_env)
    replay = Replay(copy_of_start(raw))
    rng = random.Random(seed)
    actions: list[int] = []
    while not replay.over:
        agent = wrapped.agent_selection
        assert agent == AGENTS[replay.actor()]
        for other in AGENTS:
            mask = wrapped.observe(other)["action_mask"]
            expected = replay.legal() if other == agent else set()
            assert set(np.flatnonzero(mask).tolist()) == expected, (other, mask)
        action = rng.choice(sorted(replay.legal()))
        wrapped.step(action)
        replay.apply(action)
        actions.append(action)
    assert all(raw.terminations.values())
    return raw, replay, actions


@pytest.mark.parametrize("rules", VARIANTS)
def test_random_play_rewards_are_the_engines_deal_score(rules: str) -> None:
    for seed in range(60):
        raw, replay, _ = play_random(rules, seed)
        scores = replay.deal.score().scores
        assert raw.deal.plays == replay.deal.plays
        for seat, agent in enumerate(AGENTS):
            assert raw.rewards[agent] == scores[seat & 1]
            assert raw._cumulative_rewards[agent] == scores[seat & 1]


def test_difference_rewards_are_zero_sum_and_match_the_engine() -> None:
    for seed in range(40):
        raw, replay, _ = play_random("rotterdam(roem_claim=claimed)", seed, reward="difference")
        ns, ew = replay.deal.score().scores
        assert [raw.rewards[a] for a in AGENTS] == [ns - ew, ew - ns, ns - ew, ew - ns]


def test_claims_are_decisions_when_the_rules_want_them() -> None:
    claims = 0
    for seed in range(60):
        raw, replay, actions = play_random("amsterdam(roem_claim=claimed)", seed)
        claims += sum(a in (38, 39) for a in actions)
        assert len(raw.deal.claims) == actions.count(39)
    assert claims > 0


def test_same_seed_same_deal_and_a_new_deal_on_each_reset() -> None:
    a, b = env(rules="strict"), env(rules="strict")
    a.reset(seed=7)
    b.reset(seed=7)
    first = a.unwrapped.deal.initial
    assert first == b.unwrapped.deal.initial
    a.reset()
    assert a.unwrapped.deal.initial != first
    b.reset()
    assert a.unwrapped.deal.initial == b.unwrapped.deal.initial


def test_bad_input_is_named() -> None:
    with pytest.raises(RulesError, match="unknown preset 'bogus'"):
        env(rules="bogus")
    with pytest.raises(ValueError, match="reward='points'"):
        env(reward="points")
    with pytest.raises(ValueError, match="dealer=4"):
        env(dealer=4)
    e = raw_env("amsterdam", dealer=0)
    e.reset(seed=1)
    legal = e.legal_actions(1)
    illegal = next(a for a in range(N_ACTIONS) if a not in legal)
    with pytest.raises(ValueError, match=f"player_1 \\(E\\) may not take action {illegal}"):
        e.step(illegal)


def test_fixed_dealer_and_render() -> None:
    e = raw_env("sa", dealer=2, render_mode="ansi")
    e.reset(seed=3)
    assert e.deal.dealer == 2
    text = e.render()
    assert text is not None and text.startswith("sa  dealer S")
