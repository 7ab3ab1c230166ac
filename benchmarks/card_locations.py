"""Where the hidden cards are: the strong player's weighed samples against a network fitted on recorded deals.

strong reads the hidden hands by drawing deals under the hard constraints and weighing each by the evidence
(bids, the opponents' cards under a fitted card-play model, partner's signals).  Here the same question is
asked of a network fitted directly on the answer: for every card the player to move cannot see, at which of
the other three seats it is, given everything that player has seen.  Three networks: from the view alone
(suits renamed so that trump comes first); the ``view over the samples``, the view its input and the samples'
own log-shares its starting point, so that it learns what the weighing gets wrong (the one that places cards
best); and ``corrected``, given those shares as inputs as well.  Each outputs a probability over the seats
that may still hold the card.  They and the samples are scored on held-out deals against the truth: the mean
log-loss per hidden card and the share of hidden cards whose most likely seat is right, by trick.

    .venv/bin/python tools/play_data.py --kinds strong,flatmc --mixed --deals 1200 --seed 701 --out P.jsonl
    .venv/bin/python benchmarks/card_locations.py extract P.jsonl --out P.npz --samples 120
    .venv/bin/python benchmarks/card_locations.py fit P.npz --hold 4 --keep 'view over the samples' --out W.npz
    .venv/bin/python benchmarks/card_locations.py check P.jsonl --model W.npz --deals 40 --alpha 1 --alpha 0.5

``check`` tilts the samples of held-out decisions towards a network as
``strong_hybrid_bot.py --locations`` does and scores them again.  The figures are in docs/bots.md.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from klaverjas.bots.sampling import World  # noqa: E402
from klaverjas.bots.strong import StrongBot  # noqa: E402
from klaverjas.bots.view import View, parse_action  # noqa: E402
from klaverjas.core import Deal, Rules, cards_of  # noqa: E402

# Floor of a share before its logarithm is taken (a card the samples never put at a seat that may hold it).
FLOOR = 1e-3
N_VIEW = 32 + 4 * 32 + 32 + 3 * 32 + 3 + 4 + 4 + 8 + 4 + 4


def renamed(trump: int) -> np.ndarray:
    """Per card, its index with the suits renamed: trump first, the others in their order."""
    order = [trump] + [s for s in range(4) if s != trump]
    index = np.empty(32, dtype=np.int64)
    for new, suit in enumerate(order):
        for rank in range(8):
            index[suit * 8 + rank] = new * 8 + rank
    return index


def bits(mask: int, index: np.ndarray) -> np.ndarray:
    out = np.zeros(32, dtype=np.float32)
    for c in cards_of(mask):
        out[index[c]] = 1.0
    return out


def view_features(view: View) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The view's inputs, which of the other seats (left, partner, right) may hold each renamed card, and
    the renamed index of every card."""
    index = renamed(view.trump)
    me = view.seat
    others = [(me + r) % 4 for r in (1, 2, 3)]
    in_trick = 0
    for card in view.trick:
        in_trick |= 1 << card
    passed = [0.0] * 4
    for seat, action in view.bids:
        if action.as_json().get("action") == "pass":
            passed[(seat - me) % 4] = 1.0
    maker = [0.0] * 4
    if view.maker is not None:
        maker[(view.maker - me) % 4] = 1.0
    dealer = [0.0] * 4
    dealer[(view.dealer - me) % 4] = 1.0
    trick_no = [0.0] * 8
    trick_no[min(len(view.tricks), 7)] = 1.0
    place = [0.0] * 4
    place[len(view.trick)] = 1.0
    may = np.stack([bits(view.may_hold(s), index) for s in others])
    x = np.concatenate([bits(view.hand, index)]
                       + [bits(view.played_by[(me + r) % 4], index) for r in range(4)]
                       + [bits(in_trick, index), may.ravel(),
                          np.array([view.hand_size(s) / 8 for s in others], dtype=np.float32),
                          np.array(passed + maker + trick_no + place + dealer, dtype=np.float32)])
    return x.astype(np.float32), may.T.copy(), index


def views(rec: dict[str, Any]) -> Iterator[tuple[View, tuple[int, ...]]]:
    """Each decision of a strong seat in a recorded deal with more than one legal card: its view and the
    hands then."""
    deal = Deal(Rules.parse(rec["rules"]), rec["dealer"], rec["hands"])
    for _, action in rec["bids"]:
        deal.choose_trump(parse_action(action))
    for card in rec["plays"]:
        seat = deal.turn
        if rec["kinds"][seat] == "strong":
            view = View.of(deal, seat)
            if view.legal.bit_count() > 1:
                yield view, tuple(int(h) for h in deal.hands)
        deal.play(card)


def placed(view: View, hands: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Each hidden card with the other seat (0 left, 1 partner, 2 right) that ``hands`` give it."""
    for r in range(3):
        for c in cards_of(hands[(view.seat + 1 + r) % 4] & view.unseen):
            yield c, r


def truth(view: View, hands: Sequence[int], index: np.ndarray) -> np.ndarray:
    """Per renamed card, the other seat (0 left, 1 partner, 2 right) that holds it, or -1 if it is not hidden."""
    label = np.full(32, -1, dtype=np.int64)
    for c, r in placed(view, hands):
        label[index[c]] = r
    return label


def shares(view: View, worlds: Sequence[World], index: np.ndarray) -> np.ndarray:
    """Per renamed card and other seat (left, partner, right): the samples' weighed share, then their plain one."""
    out = np.zeros((2, 32, 3))
    total = sum(w.weight for w in worlds)
    if not worlds or total <= 0:
        return out
    for w in worlds:
        for c, r in placed(view, w.hands):
            out[0, index[c], r] += w.weight / total
            out[1, index[c], r] += 1 / len(worlds)
    return out


def extract(paths: list[Path], out: Path, samples: int, seed: int) -> None:
    xs, mays, labels, weighed, plain, deals, tricks = [], [], [], [], [], [], []
    bot = StrongBot()
    records = [json.loads(line) for p in paths for line in p.open()]
    for rec in tqdm(records):
        bot.reseed(zlib.crc32(f"{seed}:{rec['index']}".encode()))
        for view, hands in views(rec):
            x, may, index = view_features(view)
            label = truth(view, hands, index)
            share = shares(view, bot.draw(view, samples, bot.evidence(view)), index)
            xs.append(x)
            mays.append(may)
            labels.append(label)
            weighed.append(share[0])
            plain.append(share[1])
            deals.append(rec["index"])
            tricks.append(len(view.tricks))
    np.savez_compressed(out, x=np.array(xs), may=np.array(mays), label=np.array(labels),
                        weighed=np.array(weighed, dtype=np.float32), plain=np.array(plain, dtype=np.float32),
                        deal=np.array(deals), trick=np.array(tricks))


def log_shares(p: np.ndarray, may: np.ndarray, smooth: float = 0.0) -> np.ndarray:
    """Log-probabilities from shares over the seats that may hold each card: a share ``smooth`` of them even
    over those seats, the rest as given (floored, renormalized)."""
    even = may / np.maximum(may.sum(-1, keepdims=True), 1)
    q = np.where(may > 0, np.maximum((1 - smooth) * p + smooth * even, FLOOR), 0.0)
    q = q / np.maximum(q.sum(-1, keepdims=True), 1e-12)
    return np.asarray(np.log(np.maximum(q, 1e-30)))


def scores(logp: np.ndarray, label: np.ndarray) -> tuple[float, float]:
    """Mean log-loss per hidden card and the share of hidden cards whose most likely seat is right."""
    hidden = label >= 0
    picked = np.take_along_axis(logp, np.maximum(label, 0)[..., None], -1)[..., 0]
    right = logp.argmax(-1) == label
    return float(-picked[hidden].mean()), float(right[hidden].mean())


def corrected_inputs(x: np.ndarray, weighed: np.ndarray, plain: np.ndarray) -> np.ndarray:
    """The ``corrected`` network's inputs: the view's, then the samples' weighed and plain log-shares, scaled."""
    n = len(x)
    return np.concatenate([x, weighed.reshape(n, -1) / 7, plain.reshape(n, -1) / 7], 1)


class Net:
    """One hidden layer of rectified units; the logits of each card's seats, plus a fixed offset."""

    def __init__(self, n_in: int, hidden: int, rng: np.random.Generator):
        self.p = {"w1": rng.normal(0, math.sqrt(2 / n_in), (n_in, hidden)), "b1": np.zeros(hidden),
                  "w2": np.zeros((hidden, 96)), "b2": np.zeros(96)}

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.maximum(x @ self.p["w1"] + self.p["b1"], 0)
        return h, (h @ self.p["w2"] + self.p["b2"]).reshape(-1, 32, 3)


def log_softmax(z: np.ndarray, may: np.ndarray) -> np.ndarray:
    z = np.where(may > 0, z, -1e9)
    z = z - z.max(-1, keepdims=True)
    return np.asarray(z - np.log(np.exp(z).sum(-1, keepdims=True)))


def train(net: Net, data: tuple[np.ndarray, ...], valid: tuple[np.ndarray, ...], epochs: int,
          rng: np.random.Generator, l2: float, lr: float = 1e-3, batch: int = 256) -> list[float]:
    """Adam on the mean log-loss of the hidden cards of ``data`` (inputs, offsets, seats allowed, labels);
    the parameters kept are those of the epoch with the least log-loss on ``valid``.  The losses by epoch."""
    x, offset, may, label = data
    m = {k: np.zeros_like(v) for k, v in net.p.items()}
    v = {k: np.zeros_like(v) for k, v in net.p.items()}
    step = 0

    def valid_loss() -> float:
        return scores(log_softmax(net.forward(valid[0])[1] + valid[1], valid[2]), valid[3])[0]

    best = (valid_loss(), {k: p.copy() for k, p in net.p.items()})
    losses = [best[0]]
    for _ in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            i = order[start:start + batch]
            h, z = net.forward(x[i])
            logp = log_softmax(z + offset[i], may[i])
            hidden = (label[i] >= 0).astype(np.float64)
            onehot = np.zeros_like(logp)
            np.put_along_axis(onehot, np.maximum(label[i], 0)[..., None], 1.0, -1)
            dz = (np.exp(logp) - onehot) * hidden[..., None] / max(hidden.sum(), 1)
            dz = dz.reshape(len(i), 96)
            dh = (dz @ net.p["w2"].T) * (h > 0)
            grads = {"w2": h.T @ dz + l2 * net.p["w2"], "b2": dz.sum(0),
                     "w1": x[i].T @ dh + l2 * net.p["w1"], "b1": dh.sum(0)}
            step += 1
            for k, g in grads.items():
                m[k] = 0.9 * m[k] + 0.1 * g
                v[k] = 0.999 * v[k] + 0.001 * g * g
                net.p[k] -= lr * (m[k] / (1 - 0.9 ** step)) / (np.sqrt(v[k] / (1 - 0.999 ** step)) + 1e-8)
        loss = valid_loss()
        losses.append(loss)
        if loss < best[0]:
            best = (loss, {k: p.copy() for k, p in net.p.items()})
    net.p = best[1]
    return losses


class LocationModel:
    """A fitted network at play time: the weighed samples of a decision tilted towards its shares.

    Each sample's weight is multiplied by the product, over the hidden cards, of (the network's probability
    of the seat the sample gives the card / the samples' own weighed share of it, smoothed as in fitting)
    to the power ``alpha``: the first step of fitting the samples' distribution to the network's shares
    (1: the whole step)."""

    def __init__(self, params: dict[str, np.ndarray], smooth: float, alpha: float = 1.0):
        self.net = Net(1, 1, np.random.default_rng(0))
        self.net.p = {k: np.asarray(v, dtype=np.float64) for k, v in params.items()}
        self.smooth = smooth
        self.alpha = alpha

    @classmethod
    def load(cls, path: Path, alpha: float = 1.0) -> LocationModel:
        with np.load(path) as f:
            return cls({k: f[k] for k in ("w1", "b1", "w2", "b2")}, float(f["smooth"]), alpha)

    def log_probabilities(self, view: View, worlds: Sequence[World]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The network's and the samples' log-probabilities per renamed card and seat, and the renaming."""
        x, may, index = view_features(view)
        share = shares(view, worlds, index)
        weighed, plain = log_shares(share[0], may, self.smooth), log_shares(share[1], may, self.smooth)
        # The network reads the view alone, or the view and the samples' shares ("corrected").
        inputs = x[None] if self.net.p["w1"].shape[0] == N_VIEW else corrected_inputs(x[None], weighed, plain)
        return log_softmax(self.net.forward(inputs)[1][0] + weighed, may), weighed, index

    def tilt(self, view: View, worlds: Sequence[World]) -> list[World]:
        if not worlds:
            return []
        net, weighed, index = self.log_probabilities(view, worlds)
        step = self.alpha * np.where(net > -1e8, net - weighed, 0.0)
        logs = [sum(float(step[index[c], r]) for c, r in placed(view, w.hands)) for w in worlds]
        top = max(logs)
        return [World(w.hands, w.weight * math.exp(g - top)) for w, g in zip(worlds, logs, strict=True)]


def fit(paths: list[Path], hold: int, hidden: int, epochs: int, l2: float, smooth: float, out: Path | None,
        keep: str = "view over the samples") -> None:
    data = [np.load(p) for p in paths]
    get = {k: np.concatenate([d[k] for d in data]) for k in ("x", "may", "label", "weighed", "plain", "deal", "trick")}
    may, label = get["may"], get["label"]
    test = get["deal"] % hold == 0
    valid = get["deal"] % hold == 1
    fitted = ~test & ~valid
    weighed = log_shares(get["weighed"], may, smooth)
    plain = log_shares(get["plain"], may, smooth)
    uniform = log_shares(np.ones_like(may), may)
    rng = np.random.default_rng(1)
    inputs = {"view": get["x"], "corrected": corrected_inputs(get["x"], weighed, plain),
              "view over the samples": get["x"]}
    offsets = {"view": np.zeros_like(weighed), "corrected": weighed, "view over the samples": weighed}
    results = {"uniform under the hard constraints": uniform, "the samples unweighed": plain,
               "the samples weighed (strong)": weighed}
    nets = {}
    for name, x in inputs.items():
        net = Net(x.shape[1], hidden, rng)
        losses = train(net, (x[fitted], offsets[name][fitted], may[fitted], label[fitted]),
                       (x[valid], offsets[name][valid], may[valid], label[valid]), epochs, rng, l2)
        print(f"{name}: validation log-loss by epoch {' '.join(f'{v:.4f}' for v in losses)}")
        results[f"network: {name}"] = log_softmax(net.forward(x)[1] + offsets[name], may)
        nets[name] = net
    print(f"{fitted.sum()} decisions fitted, {valid.sum()} to stop on, {test.sum()} held out; "
          f"shares smoothed {smooth:g}")
    print("| reading | log-loss per hidden card | right seat | by trick: right seat |")
    print("|---|---|---|---|")
    for name, logp in results.items():
        loss, right = scores(logp[test], label[test])
        by_trick = [scores(logp[test & (get["trick"] == t)], label[test & (get["trick"] == t)])[1] for t in range(7)]
        print(f"| {name} | {loss:.4f} | {right:.1%} | {' '.join(f'{r:.1%}' for r in by_trick)} |")
    if out is not None:
        np.savez(out, **(nets[keep].p | {"smooth": np.array(smooth)}))


def effective(worlds: Sequence[World]) -> float:
    """The samples' effective number: (sum of weights)^2 / sum of squared weights."""
    total = sum(w.weight for w in worlds)
    return total * total / max(sum(w.weight ** 2 for w in worlds), 1e-300)


def check(paths: list[Path], model_path: Path, hold: int, deals: int, pool: int, alphas: list[float]) -> None:
    """On held-out deals, the weighed samples' shares before and after the tilt: log-loss, right seat, and the
    samples' effective number."""
    models = [LocationModel.load(model_path, a) for a in alphas]
    bot = StrongBot()
    records = [json.loads(line) for p in paths for line in p.open()]
    records = [r for r in records if r["index"] % hold == 0][:deals]
    rows: dict[str, list[tuple[float, float, float]]] = {"weighed": []}
    rows.update({f"tilted, alpha {a:g}": [] for a in alphas})
    for rec in tqdm(records):
        bot.reseed(zlib.crc32(f"check:{rec['index']}".encode()))
        for view, hands in views(rec):
            worlds = bot.draw(view, pool, bot.evidence(view))
            _, may, index = view_features(view)
            label = truth(view, hands, index)
            for name, ws in [("weighed", worlds)] + [(f"tilted, alpha {m.alpha:g}", m.tilt(view, worlds))
                                                      for m in models]:
                loss, right = scores(log_shares(shares(view, ws, index)[0], may)[None], label[None])
                rows[name].append((loss, right, effective(ws)))
    print(f"{len(records)} held-out deals, {len(rows['weighed'])} decisions, pools of {pool}")
    print("| samples | log-loss per hidden card | right seat | effective samples (median) |")
    print("|---|---|---|---|")
    for name, got in rows.items():
        a = np.array(got)
        print(f"| {name} | {a[:, 0].mean():.4f} | {a[:, 1].mean():.1%} | {np.median(a[:, 2]):.1f} |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("extract")
    ex.add_argument("data", type=Path, nargs="+")
    ex.add_argument("--out", type=Path, required=True)
    ex.add_argument("--samples", type=int, default=120)
    ex.add_argument("--seed", type=int, default=1)
    ft = sub.add_parser("fit")
    ft.add_argument("data", type=Path, nargs="+")
    ft.add_argument("--hold", type=int, default=4, help="deals whose index is a multiple of this are held out")
    ft.add_argument("--hidden", type=int, default=256)
    ft.add_argument("--epochs", type=int, default=8)
    ft.add_argument("--l2", type=float, default=1e-3)
    ft.add_argument("--smooth", type=float, default=0.2, help="share of the samples' shares spread evenly")
    ft.add_argument("--out", type=Path)
    ft.add_argument("--keep", choices=("corrected", "view over the samples"), default="view over the samples",
                    help="which network --out writes")
    ck = sub.add_parser("check")
    ck.add_argument("data", type=Path, nargs="+")
    ck.add_argument("--model", type=Path, required=True)
    ck.add_argument("--hold", type=int, default=4)
    ck.add_argument("--deals", type=int, default=50)
    ck.add_argument("--pool", type=int, default=120)
    ck.add_argument("--alpha", type=float, action="append", default=[])
    args = ap.parse_args()
    if args.command == "check":
        check(args.data, args.model, args.hold, args.deals, args.pool, args.alpha or [1.0])
    elif args.command == "extract":
        extract(args.data, args.out, args.samples, args.seed)
    else:
        fit(args.data, args.hold, args.hidden, args.epochs, args.l2, args.smooth, args.out, args.keep)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
