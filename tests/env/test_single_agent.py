"""The Gymnasium single-agent wrapper: Gymnasium's checker, seeding, the bots at the other seats, rewards."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from klaverjas.bots import BasicBot
from klaverjas.bots.view import View
from klaverjas.env import AGENTS, single_agent
from klaverjas.env.single import SingleAgentEnv

from .reference import Replay, copy_of_start, trump_id


# The checker cannot try other render modes without a gymnasium.make spec, and says so.
@pytest.mark.filterwarnings("ignore:.*not having a spec:UserWarning")
@pytest.mark.parametrize(("rules", "opponents", "seat"),
                         [("amsterdam", "random", "N"), ("rotterdam", "basic", "S"), ("sa", "basic", 1),
                          ("strict", "random", "player_3"), ("amsterdam(roem_claim=claimed)", "basic", "E")])
def test_gymnasium_check_env_passes(rules: str, opponents: str, seat: str | int) -> None:
    check_env(single_agent(rules=rules, opponents=opponents, seat=seat))


def play_first_legal(environment: SingleAgentEnv, seed: int) -> tuple[list[int], float, list[np.ndarray]]:
    obs, _ = environment.reset(seed=seed)
    seen, actions, done, reward = [obs["observation"]], [], False, 0.0
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[-1])
        actions.append(action)
        obs, r, done, _, _ = environment.step(action)
        reward = float(r)
        seen.append(obs["observation"])
    return actions, reward, seen


def test_seeded_episodes_repeat_exactly() -> None:
    a = single_agent(rules="rotterdam", opponents="random", seat="W")
    b = single_agent(rules="rotterdam", opponents="random", seat="W")
    for seed in (0, 1, 2):
        first, second = play_first_legal(a, seed), play_first_legal(b, seed)
        assert first[0] == second[0] and first[1] == second[1]
        assert all(np.array_equal(x, y) for x, y in zip(first[2], second[2], strict=True))
    assert play_first_legal(a, 0)[2][0].tolist() != play_first_legal(a, 1)[2][0].tolist()


def test_the_other_seats_are_the_chosen_bot_and_the_reward_is_the_deal_score() -> None:
    environment = single_agent(rules="amsterdam", opponents="basic", seat="S")
    for seed in range(8):
        _, reward, _ = play_first_legal(environment, seed)
        deal = environment.aec.deal
        # Replay the finished deal on core: every decision not South's is what BasicBot answers from its view.
        replay, bot = Replay(copy_of_start(environment.aec)), BasicBot()
        events = [trump_id(a) for _, a in deal.selection.events] + [c for _, c in deal.plays]
        for action in events:
            seat = replay.actor()
            if seat != 2:
                answer = bot.decide(View.of(replay.deal, seat))
                assert (trump_id(answer) if not isinstance(answer, int) else answer) == action
            replay.apply(action)
        assert replay.over
        assert reward == replay.deal.score().scores[0]


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    environment = single_agent(rules="amsterdam", opponents="random", seat=0)
    obs, _ = environment.reset(seed=4)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, truncated, info = environment.step(illegal)
    assert (reward, done, truncated, info) == (-162.0, True, False, {"illegal_action": True})
    with pytest.raises(ValueError, match="call reset"):
        environment.step(0)


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="unknown bot 'grandmaster'"):
        single_agent(opponents="grandmaster")
    with pytest.raises(ValueError, match="seat=7"):
        single_agent(seat=7)
    with pytest.raises(ValueError, match="unknown seat 'X'"):
        single_agent(seat="X")
    assert AGENTS[single_agent(seat="player_2").seat] == "player_2"
