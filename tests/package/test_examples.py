"""The learning example's parts: its gradients against finite differences, and its bot in the arena."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
sys.path.insert(0, str(EXAMPLES))
from numpy_policy import Policy  # noqa: E402 - the example's module, found through the line above

from klaverjas.env import N_ACTIONS, OBS_SIZE  # noqa: E402


def _small_policy(seed: int) -> Policy:
    rng = np.random.default_rng(seed)
    policy = Policy.new(8, rng)
    policy.w2 = rng.normal(0, 0.5, policy.w2.shape)  # not the zero start: every path of the gradient counts
    policy.b2 = rng.normal(0, 0.5, policy.b2.shape)
    return policy


def _numeric(value: Callable[[], float], param: NDArray[np.float64], index: tuple[int, ...]) -> float:
    eps = 1e-6
    old = param[index]
    param[index] = old + eps
    up = value()
    param[index] = old - eps
    down = value()
    param[index] = old
    return (up - down) / (2 * eps)


def test_log_prob_gradient_matches_finite_differences() -> None:
    rng = np.random.default_rng(1)
    policy = _small_policy(2)
    x = rng.random(OBS_SIZE)
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    mask[[3, 7, 20, 33]] = 1
    grads, probs = policy.grad_log_prob(x, mask, 20)
    assert probs[mask == 0].sum() == 0 and abs(probs.sum() - 1) < 1e-12

    def log_prob() -> float:
        return float(np.log(policy.forward(x, mask)[1][20]))

    for param, grad in zip(policy.params(), grads, strict=True):
        for _ in range(5):
            index = tuple(int(rng.integers(n)) for n in param.shape)
            assert abs(_numeric(log_prob, param, index) - grad[index]) < 1e-5


def test_cross_entropy_gradient_matches_finite_differences() -> None:
    rng = np.random.default_rng(3)
    policy = _small_policy(4)
    xs = rng.random((5, OBS_SIZE))
    masks = (rng.random((5, N_ACTIONS)) < 0.3).astype(np.int8)
    masks[:, 0] = 1
    targets = rng.random((5, N_ACTIONS)) * masks
    targets /= targets.sum(axis=1, keepdims=True)
    grads, _ = policy.grad_cross_entropy(xs, masks, targets)

    def value() -> float:
        return policy.grad_cross_entropy(xs, masks, targets)[1]

    for param, grad in zip(policy.params(), grads, strict=True):
        for _ in range(5):
            index = tuple(int(rng.integers(n)) for n in param.shape)
            assert abs(_numeric(value, param, index) - grad[index]) < 1e-5


def test_policy_bot_plays_a_legal_match(tmp_path: Path) -> None:
    weights = tmp_path / "policy.npz"
    _small_policy(5).save(weights)
    bot = f"cmd:{sys.executable} {EXAMPLES / 'policy_bot.py'} {weights}"
    # Claimed roem: the bot answers all three kinds of decision; any illegal answer would end the arena with 2.
    done = subprocess.run([sys.executable, "-m", "klaverjas.cli.main", "arena", "--bot", bot, "--bot", "random",
                           "--deals", "3", "--rules", "amsterdam(roem_claim=claimed)", "--json", "--no-progress"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["deals"] == 3
