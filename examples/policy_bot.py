"""The policy trained by ``train_policy.py`` as a computer player over the bot protocol (docs/bot-protocol.md).

    klaverjas arena --bot 'cmd:python examples/policy_bot.py examples/policy.npz' --bot basic --deals 200

Each request's view becomes the environment's observation (``klaverjas.env.encode``) and its legal actions
the action mask; the bot plays the policy's most likely legal action.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from numpy_policy import Policy  # noqa: E402 - the sibling module, found through the line above

from klaverjas.bots import Bot, View  # noqa: E402
from klaverjas.bots.base import last_trick_roem  # noqa: E402
from klaverjas.bots.protocol import serve  # noqa: E402
from klaverjas.core import TrumpAction, cards_of  # noqa: E402
from klaverjas.env import N_ACTIONS, encode  # noqa: E402
from klaverjas.env.encoding import CLAIM_ACTION, NO_CLAIM_ACTION, trump_action_id, trump_action_of  # noqa: E402


class PolicyBot(Bot):
    name = "policy"

    def __init__(self, policy: Policy):
        self.policy = policy

    def _best(self, view: View, legal: list[int]) -> int:
        mask = np.zeros(N_ACTIONS, dtype=np.int8)
        mask[legal] = 1
        return self.policy.best(encode(view), mask)

    def trump(self, view: View) -> TrumpAction:
        return trump_action_of(self._best(view, [trump_action_id(a) for a in view.options]))

    def card(self, view: View) -> int:
        return self._best(view, cards_of(view.legal))

    def claim(self, view: View) -> int:
        claims = self._best(view, [NO_CLAIM_ACTION, CLAIM_ACTION]) == CLAIM_ACTION
        return last_trick_roem(view) if claims else 0


def main() -> int:
    weights = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "policy.npz"
    if not weights.exists():
        sys.stderr.write(f"policy_bot: no weights at {weights}: run examples/train_policy.py first\n")
        return 2
    return serve(PolicyBot(Policy.load(weights)), sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
