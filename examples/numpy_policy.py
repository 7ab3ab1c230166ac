"""A small numpy policy over ``klaverjas.env``'s observation: one hidden layer, a softmax over the legal actions.

Shared by ``train_policy.py`` (which trains it and saves its weights) and ``policy_bot.py`` (which plays it
over the bot protocol).  Needs numpy alone; the observation comes from ``klaverjas.env.encode``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from klaverjas.env.encoding import N_ACTIONS, OBS_SIZE, SLICES

Array = NDArray[np.float64]

# The score blocks count points (0..162, roem more): scaled to about 0..1 like the rest of the vector.
_SCALE = np.ones(OBS_SIZE)
_SCALE[SLICES["points"].start:SLICES["roem"].stop] = 1 / 162


def features(observation: NDArray[Any]) -> Array:
    return np.asarray(observation, dtype=np.float64) * _SCALE


@dataclass
class Policy:
    """``logits = W2 · relu(W1 · x + b1) + b2``; illegal actions get probability zero."""

    w1: Array
    b1: Array
    w2: Array
    b2: Array

    @classmethod
    def new(cls, hidden: int, rng: np.random.Generator) -> Policy:
        return cls(rng.normal(0, 1 / np.sqrt(OBS_SIZE), (hidden, OBS_SIZE)), np.zeros(hidden),
                   np.zeros((N_ACTIONS, hidden)), np.zeros(N_ACTIONS))

    def params(self) -> list[Array]:
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, x: Array, mask: NDArray[Any]) -> tuple[Array, Array]:
        """The hidden layer and the action probabilities (zero where ``mask`` is 0)."""
        hidden = np.maximum(self.w1 @ x + self.b1, 0.0)
        logits = self.w2 @ hidden + self.b2
        logits = np.where(mask > 0, logits, -np.inf)
        probs = np.exp(logits - logits.max())
        return hidden, probs / probs.sum()

    def grad_log_prob(self, x: Array, mask: NDArray[Any], action: int) -> tuple[list[Array], Array]:
        """The gradient of ``log π(action | x)`` for each parameter, and the probabilities."""
        hidden, probs = self.forward(x, mask)
        d_logits = -probs
        d_logits[action] += 1.0
        d_hidden = (self.w2.T @ d_logits) * (hidden > 0)
        return [np.outer(d_hidden, x), d_hidden, np.outer(d_logits, hidden), d_logits], probs

    def grad_cross_entropy(self, xs: Array, masks: NDArray[Any], targets: Array) -> tuple[list[Array], float]:
        """For a batch: the gradient of the mean ``sum(target * log π)`` (a soft target per row), and its value."""
        hidden = np.maximum(xs @ self.w1.T + self.b1, 0.0)
        logits = np.where(masks > 0, hidden @ self.w2.T + self.b2, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        log_probs = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
        d_logits = (targets - np.exp(log_probs)) / len(xs)
        d_hidden = (d_logits @ self.w2) * (hidden > 0)
        value = float(np.sum(np.where(targets > 0, log_probs, 0.0) * targets) / len(xs))
        return [d_hidden.T @ xs, d_hidden.sum(axis=0), d_logits.T @ hidden, d_logits.sum(axis=0)], value

    def best(self, observation: NDArray[Any], mask: NDArray[Any]) -> int:
        """The most likely legal action (how the trained policy plays)."""
        return int(np.argmax(self.forward(features(observation), mask)[1]))

    def save(self, path: Path) -> None:
        np.savez(path, w1=self.w1, b1=self.b1, w2=self.w2, b2=self.b2)

    @classmethod
    def load(cls, path: Path) -> Policy:
        with np.load(path) as data:
            return cls(data["w1"], data["b1"], data["w2"], data["b2"])
