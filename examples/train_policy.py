"""Train a small numpy policy on ``klaverjas.env``: imitation of double-dummy cards, then REINFORCE.

1. *Imitation.* ``klaverjas dataset`` gives seeded deals with the double-dummy value of every legal card
   before each card played.  Each decision becomes the observation of the seat to play (``klaverjas.env``'s
   encoding of that seat's view, so nothing hidden) and a soft target over its legal cards, the better
   cards for its team the likelier; the policy learns them by cross-entropy.
2. *REINFORCE* with a learned baseline.  The learner plays one seat of the Gymnasium wrapper and our
   ``basic`` bot the other three (its partner too).  Each deal is one episode whose return is the learner's
   team score minus the other team's; every decision of the deal (trump, cards, claims) is pushed towards
   the actions of deals that went better than the baseline predicted.  Only this stage trains the trump
   decisions, which the dataset does not value (docs/rl.md says how far it gets).

The greedy policy is measured on fixed deals against ``random`` and ``basic`` tables as it learns, and the
learning curve is written as an SVG with no plotting library.

    python examples/train_policy.py --out examples/policy.npz --curve docs/rl-curve.svg

Then play it through the bot protocol:
``klaverjas arena --bot 'cmd:python examples/policy_bot.py examples/policy.npz' --bot basic --deals 200``.
Needs ``pip install 'klaverjas[rl,solver]'`` (the solver writes the dataset).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

sys.path.insert(0, str(Path(__file__).resolve().parent))
from numpy_policy import Array, Policy, features  # noqa: E402 - the sibling module, found through the line above

from klaverjas.bots import View  # noqa: E402
from klaverjas.bots.arena import make_bot  # noqa: E402
from klaverjas.core import parse_card, parse_seat  # noqa: E402
from klaverjas.core.record import start_deal  # noqa: E402
from klaverjas.env import N_ACTIONS, OBS_SIZE, encode, single_agent  # noqa: E402
from klaverjas.env.single import SingleAgentEnv, bot_action  # noqa: E402

RETURN_SCALE = 100.0  # score differences run to about ±250: scaled so the gradients stay near 1


class Adam:
    """Adam on a list of arrays, stepping *up* the gradient (a policy gradient is ascended)."""

    def __init__(self, params: list[Array], lr: float, beta1: float = 0.9, beta2: float = 0.999):
        self.params, self.lr, self.beta1, self.beta2 = params, lr, beta1, beta2
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def ascend(self, grads: list[Array]) -> None:
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= self.beta1
            m += (1 - self.beta1) * g
            v *= self.beta2
            v += (1 - self.beta2) * g * g
            m_hat = m / (1 - self.beta1 ** self.t)
            v_hat = v / (1 - self.beta2 ** self.t)
            p += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


@dataclass
class Curve:
    deals: list[int] = field(default_factory=list)
    against: dict[str, list[float]] = field(default_factory=dict)

    def add(self, deals: int, results: dict[str, float]) -> None:
        self.deals.append(deals)
        for name, value in results.items():
            self.against.setdefault(name, []).append(value)


def make_dataset(path: Path, deals: int, rules: str, seed: int) -> None:
    """``klaverjas dataset``, run as the command (its progress bar shows on stderr)."""
    subprocess.run([sys.executable, "-m", "klaverjas.cli.main", "dataset", "--deals", str(deals), "--rules", rules,
                    "--seed", str(seed), "--out", str(path)], check=True)


def imitation_examples(path: Path, temperature: float) -> tuple[Array, NDArray[np.int8], Array]:
    """Every card decision of the dataset: the mover's features, its legal cards, and the soft target
    ``exp(value / temperature)`` over them, value seen from the mover's team."""
    xs, masks, targets = [], [], []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            item = json.loads(line)
            record = item["record"]
            claims = {c["after"]: c for c in record.get("claims", [])}
            deal = start_deal(record)
            for k, values in enumerate(item["values"]):
                if k in claims:
                    deal.claim_roem(parse_seat(claims[k]["seat"]), claims[k]["roem"])
                seat = deal.turn
                cards = [parse_card(name) for name in values]
                sign = 1.0 if seat % 2 == 0 else -1.0  # values are NS minus EW
                score = sign * np.array(list(values.values()), dtype=np.float64)
                weights = np.exp((score - score.max()) / temperature)
                target = np.zeros(N_ACTIONS)
                target[cards] = weights / weights.sum()
                mask = np.zeros(N_ACTIONS, dtype=np.int8)
                mask[cards] = 1
                xs.append(features(encode(View.of(deal, seat))))
                masks.append(mask)
                targets.append(target)
                deal.play(parse_card(record["plays"][k]))
    return np.array(xs), np.array(masks), np.array(targets)


def play_episode(table: SingleAgentEnv, policy: Policy, seed: int, rng: np.random.Generator | None
                 ) -> tuple[list[tuple[Array, NDArray[Any], int]], float]:
    """One deal: the learner's decisions (features, mask, action) and its return.

    With ``rng`` actions are drawn from the policy (training); without, the most likely one is played."""
    obs, _ = table.reset(seed=seed)
    steps = []
    done, reward = False, 0.0
    while not done:
        x, mask = features(obs["observation"]), obs["action_mask"]
        if rng is None:
            action = policy.best(obs["observation"], mask)
        else:
            probs = policy.forward(x, mask)[1]
            action = int(rng.choice(len(probs), p=probs))
        steps.append((x, mask, action))
        obs, r, done, _, _ = table.step(action)
        reward = float(r)
    return steps, reward


def evaluate(tables: dict[str, SingleAgentEnv], policy: Policy, seeds: range) -> dict[str, float]:
    """Mean score difference per deal of the greedy policy at each table, on the same deals each time."""
    return {name: float(np.mean([play_episode(table, policy, s, None)[1] for s in seeds]))
            for name, table in tables.items()}


def reference(tables: dict[str, SingleAgentEnv], level: str, seeds: range) -> dict[str, float]:
    """The same measure with one of our bots in the learner's seat."""
    out = {}
    for name, table in tables.items():
        bot, total = make_bot(level), 0.0
        for s in seeds:
            table.reset(seed=s)
            bot.reseed(s)
            done, reward = False, 0.0
            while not done:
                _, r, done, _, _ = table.step(bot_action(bot, table.aec.view(table.seat)))
                reward = float(r)
            total += reward
        out[name] = total / len(seeds)
    return out


def train(args: argparse.Namespace) -> tuple[Policy, Curve, dict[str, dict[str, float]], int]:
    rng = np.random.default_rng(args.seed)
    policy = Policy.new(args.hidden, rng)
    tables = {name: single_agent(rules=args.rules, opponents=name, seat=0, reward="difference")
              for name in ("random", "basic")}
    eval_seeds = range(10**6, 10**6 + args.eval_deals)  # never trained on
    refs = {level: reference(tables, level, eval_seeds) for level in ("random", "basic")}
    print(json.dumps({"reference": refs}), flush=True)
    curve = Curve()
    curve.add(0, evaluate(tables, policy, eval_seeds))
    start = time.monotonic()

    def report(stage: str, deals: int) -> None:
        curve.add(deals, evaluate(tables, policy, eval_seeds))
        print(json.dumps({"stage": stage, "deals": deals, "seconds": round(time.monotonic() - start),
                          **{f"vs_{name}": round(vals[-1], 1) for name, vals in curve.against.items()}}), flush=True)

    # 1. Imitation of the double-dummy values.
    if not args.dataset.exists():
        make_dataset(args.dataset, args.dataset_deals, args.rules, args.seed + 1)
    xs, masks, targets = imitation_examples(args.dataset, args.temperature)
    with args.dataset.open(encoding="utf-8") as fh:
        dataset_deals = sum(1 for _ in fh)
    imitator = Adam(policy.params(), args.imitation_lr)
    deals = 0
    for epoch in range(args.epochs):
        order = rng.permutation(len(xs))
        for lo in range(0, len(xs), 256):
            batch = order[lo:lo + 256]
            grads, _ = policy.grad_cross_entropy(xs[batch], masks[batch], targets[batch])
            imitator.ascend(grads)
        deals += dataset_deals
        if (epoch + 1) % args.eval_epochs == 0 or epoch + 1 == args.epochs:
            report("imitation", deals)
    switch = deals

    # 2. REINFORCE against basic.
    actor = Adam(policy.params(), args.lr)
    critic = np.zeros(OBS_SIZE + 1)  # the baseline: a linear guess of the return from each decision's features
    learner = single_agent(rules=args.rules, opponents="basic", seat=0, reward="difference")
    rl_start, update = time.monotonic(), 0
    while time.monotonic() - rl_start < args.minutes * 60:
        grads = [np.zeros_like(p) for p in policy.params()]
        critic_grad = np.zeros_like(critic)
        n_steps = 0
        for _ in range(args.batch):
            steps, reward = play_episode(learner, policy, int(rng.integers(10**6)), rng)
            deals += 1
            ret = reward / RETURN_SCALE
            for x, mask, action in steps:
                advantage = ret - float(critic[:-1] @ x + critic[-1])
                step_grads, _ = policy.grad_log_prob(x, mask, action)
                for g, sg in zip(grads, step_grads, strict=True):
                    g += advantage * sg
                critic_grad[:-1] += advantage * x
                critic_grad[-1] += advantage
                n_steps += 1
        actor.ascend([g / n_steps for g in grads])
        critic += args.critic_lr * critic_grad / n_steps
        update += 1
        if update % args.eval_every == 0:
            report("reinforce", deals)
    if curve.deals[-1] != deals:
        report("reinforce", deals)
    return policy, curve, refs, switch


def svg(curve: Curve, refs: dict[str, dict[str, float]], switch: int, title: str) -> str:
    """The learning curve: greedy policy's mean score difference per deal against training deals."""
    width, height, left, right, top, bottom = 640, 360, 60, 150, 30, 45
    colours = {"random": "#1f77b4", "basic": "#d62728"}
    values = [v for vals in curve.against.values() for v in vals] + [v for r in refs.values() for v in r.values()]
    low, high = min(values + [0.0]), max(values + [0.0])
    pad = (high - low) * 0.08 or 1.0
    low, high = low - pad, high + pad
    x_max = max(curve.deals[-1], 1)

    def px(deals: float) -> float:
        return left + (width - left - right) * deals / x_max

    def py(value: float) -> float:
        return top + (height - top - bottom) * (high - value) / (high - low)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{left}" y="18" font-size="14">{title}</text>',
             f'<line x1="{left}" y1="{py(0):.1f}" x2="{width - right}" y2="{py(0):.1f}" stroke="#999"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="#333"/>',
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}" stroke="#333"/>']
    for i in range(6):
        value = low + (high - low) * i / 5
        parts.append(f'<text x="{left - 6}" y="{py(value) + 4:.1f}" text-anchor="end">{value:.0f}</text>')
        deals = x_max * i / 5
        parts.append(f'<text x="{px(deals):.1f}" y="{height - bottom + 16}" text-anchor="middle">{deals:.0f}</text>')
    parts.append(f'<text x="{(left + width - right) / 2}" y="{height - 8}" text-anchor="middle">training deals</text>')
    parts.append(f'<text x="14" y="{(top + height - bottom) / 2}" text-anchor="middle" '
                 f'transform="rotate(-90 14 {(top + height - bottom) / 2})">score difference per deal</text>')
    parts.append(f'<line x1="{px(switch):.1f}" y1="{top}" x2="{px(switch):.1f}" y2="{height - bottom}" '
                 f'stroke="#999" stroke-dasharray="1 2"/>')
    parts.append(f'<text x="{px(switch) + 4:.1f}" y="{height - bottom - 6}" fill="#666">REINFORCE from here</text>')
    legend_y = top + 10
    for name, vals in curve.against.items():
        colour = colours.get(name, "#333")
        points = " ".join(f"{px(d):.1f},{py(v):.1f}" for d, v in zip(curve.deals, vals, strict=True))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for level, dash in (("basic", "6 3"), ("random", "2 3")):
            ref = refs[level][name]
            parts.append(f'<line x1="{left}" y1="{py(ref):.1f}" x2="{width - right}" y2="{py(ref):.1f}" '
                         f'stroke="{colour}" stroke-dasharray="{dash}" stroke-width="1"/>')
        parts.append(f'<line x1="{width - right + 10}" y1="{legend_y}" x2="{width - right + 30}" y2="{legend_y}" '
                     f'stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<text x="{width - right + 35}" y="{legend_y + 4}">policy, {name} table</text>')
        legend_y += 18
    for level, dash in (("basic", "6 3"), ("random", "2 3")):
        parts.append(f'<line x1="{width - right + 10}" y1="{legend_y}" x2="{width - right + 30}" y2="{legend_y}" '
                     f'stroke="#333" stroke-dasharray="{dash}"/>')
        parts.append(f'<text x="{width - right + 35}" y="{legend_y + 4}">{level} in its seat</text>')
        legend_y += 18
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rules", default="amsterdam")
    parser.add_argument("--hidden", type=int, default=64, help="units in the hidden layer")
    parser.add_argument("--dataset", type=Path, default=Path("data/dd-amsterdam.jsonl"),
                        help="a `klaverjas dataset` file, made first if it is not there")
    parser.add_argument("--dataset-deals", type=int, default=1500, help="deals of the dataset it makes")
    parser.add_argument("--temperature", type=float, default=4.0,
                        help="points of double-dummy value that make a card e times likelier in the target")
    parser.add_argument("--epochs", type=int, default=12, help="passes over the dataset")
    parser.add_argument("--eval-epochs", type=int, default=3, help="epochs between two measurements")
    parser.add_argument("--imitation-lr", type=float, default=1e-3)
    parser.add_argument("--minutes", type=float, default=3.0, help="REINFORCE time (the measurements come on top)")
    parser.add_argument("--batch", type=int, default=32, help="deals per REINFORCE update")
    parser.add_argument("--lr", type=float, default=5e-4)
    parser.add_argument("--critic-lr", type=float, default=0.05)
    parser.add_argument("--eval-every", type=int, default=40, help="REINFORCE updates between two measurements")
    parser.add_argument("--eval-deals", type=int, default=200, help="fixed deals of each measurement")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("examples/policy.npz"), help="where the weights go")
    parser.add_argument("--curve", type=Path, default=Path("docs/rl-curve.svg"), help="where the SVG goes")
    args = parser.parse_args()
    args.dataset.parent.mkdir(parents=True, exist_ok=True)
    policy, curve, refs, switch = train(args)
    policy.save(args.out)
    args.curve.write_text(svg(curve, refs, switch, f"Greedy policy on {args.eval_deals} fixed deals ({args.rules}): "
                                                   f"imitation, then REINFORCE"), encoding="utf-8")
    print(json.dumps({"weights": str(args.out), "curve": str(args.curve), "deals": curve.deals[-1],
                      "final": {k: v[-1] for k, v in curve.against.items()}, "reference": refs}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
