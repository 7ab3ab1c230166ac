"""Fit the strong player's trump model from ``tools/bidding_data.py``'s double-dummy data.

    .venv/bin/python tools/fit_bidding.py data/bidding.jsonl

Every deal gives 16 rows: each seat as maker with each suit as trump.  The target is the
makers' result under double-dummy play: the ``points`` margin when it is positive, else nat
(-162: the makers score nothing and the defenders everything; roem is left out).  A ridge
least-squares fit of :func:`klaverjas.bots.bidding.features`; the coefficients and the
per-place thresholds are written to ``src/klaverjas/bots/bidding_model.json``.  With
``--playout-weight W`` (data from ``tools/bidding_data.py --playouts N``) the target is that share of the
greedy playouts' result (players who guess) and the rest of the double-dummy one (players who see all).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from klaverjas.bots.bidding import FEATURES, features, inputs, parse_model, place_of  # noqa: E402
from klaverjas.core import Rules  # noqa: E402


def rows(paths: list[Path], playout_weight: float = 0.0
         ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[tuple[int, int, int]], int, str]:
    """The linear features, the network's inputs, the targets and the double-dummy targets alone (the same
    without ``playout_weight``) of every (deal, seat, suit)."""
    xs, zs, ys, dds, keys = [], [], [], [], []
    deals = 0
    preset = ""
    for path in paths:
        for line in path.open():
            d = json.loads(line)
            preset = d["rules"]
            # Nat: the makers score nothing and the defenders every card point (roem left out).
            nat = -Rules.parse(preset).total
            deals += 1
            for seat in range(4):
                place = place_of(seat, d["leader"], d["step"])
                for suit in range(4):
                    sign = 1 if seat % 2 == 0 else -1
                    margin = d["points_ns"][suit] * sign
                    dd = float(margin if margin > 0 else nat)
                    target = dd
                    if playout_weight:
                        guessed = d["playouts_ns"][suit][seat % 2] * sign
                        target = (1 - playout_weight) * dd + playout_weight * guessed
                    xs.append(features(d["hands"][seat], suit, place))
                    zs.append(inputs(d["hands"][seat], suit, place))
                    ys.append(target)
                    dds.append(dd)
                    keys.append((d["hands"][seat], suit, place))
    return np.array(xs), np.array(zs), np.array(ys, dtype=float), np.array(dds), keys, deals, preset


def report_decisions(name: str, est: np.ndarray, y: np.ndarray, zs: np.ndarray, threshold: float,
                     dd: np.ndarray) -> None:
    """How the estimates decide on held-out rows (four per hand, one per suit): the suit each hand
    would take (best estimate above the threshold), its double-dummy nat rate per trump count (from the
    double-dummy targets ``dd``), and the decision's worth: the taken suit's target ``y``, or the
    threshold for a pass."""
    e, t, t_dd = est.reshape(-1, 4), y.reshape(-1, 4), dd.reshape(-1, 4)
    counts = zs[:, :8].sum(1).reshape(-1, 4).astype(int)
    best = e.argmax(1)
    idx = np.arange(len(e))
    takes = e[idx, best] > threshold
    nat = t_dd[idx, best] == t_dd.min()
    worth = np.where(takes, t[idx, best], threshold).mean()
    regret = (t.max(1) - t[idx, best])[takes].mean()
    print(f"{name}: takes {takes.mean():.1%} of the hands, nat {nat[takes].mean():.1%}, worth {worth:.1f} a hand, "
          f"regret against the best suit {regret:.1f}")
    for n in range(1, 7):
        sel = takes & (counts[idx, best] == n)
        if sel.any():
            print(f"   {n} trumps: {sel.sum():5d} taken, nat {nat[sel].mean():.1%}")


def fit_network(x: np.ndarray, y: np.ndarray, hidden: int, epochs: int, seed: int) -> dict[str, np.ndarray]:
    """One hidden layer of rectified units, squared error, Adam over minibatches (targets in hundreds)."""
    rng = np.random.default_rng(seed)
    k = x.shape[1]
    p = {"w1": rng.normal(0, 1 / np.sqrt(k), (k, hidden)), "b1": np.zeros(hidden),
         "out": rng.normal(0, 1 / np.sqrt(hidden), hidden), "b0": np.array(float(y.mean()) / 100)}
    m = {n: np.zeros_like(v) for n, v in p.items()}
    v2 = {n: np.zeros_like(v) for n, v in p.items()}
    step, lr, decay = 0, 0.003, 1e-4
    t = y / 100
    for _ in range(epochs):
        order = rng.permutation(len(t))
        for i in range(0, len(t), 256):
            b = order[i:i + 256]
            xb, tb = x[b], t[b]
            pre = xb @ p["w1"] + p["b1"]
            h = np.maximum(pre, 0)
            err = (h @ p["out"] + p["b0"] - tb) / len(b)
            dh = np.outer(err, p["out"]) * (pre > 0)
            g = {"w1": xb.T @ dh + decay * p["w1"], "b1": dh.sum(0), "out": h.T @ err + decay * p["out"],
                 "b0": np.array(err.sum())}
            step += 1
            for n in p:
                m[n] = 0.9 * m[n] + 0.1 * g[n]
                v2[n] = 0.999 * v2[n] + 0.001 * g[n] ** 2
                p[n] = p[n] - lr * (m[n] / (1 - 0.9 ** step)) / (np.sqrt(v2[n] / (1 - 0.999 ** step)) + 1e-8)
    # Back to points.
    return {"w1": p["w1"], "b1": p["b1"], "out": p["out"] * 100, "b0": p["b0"] * 100}


def predict(net: dict[str, np.ndarray], x: np.ndarray) -> np.ndarray:
    return np.asarray(np.maximum(x @ net["w1"] + net["b1"], 0) @ net["out"] + net["b0"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", type=Path, nargs="+")
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--hidden", type=int, default=0, help="hidden units of a network (0: the linear model)")
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--baseline", type=Path, default=None, help="a model JSON to report beside the new fit")
    ap.add_argument("--threshold", type=float, nargs=4, default=(0.0, 0.0, 0.0, 0.0),
                    help="per place (0 = the first lead seat): play a suit whose estimate is above this")
    ap.add_argument("--out", type=Path, default=ROOT / "src/klaverjas/bots/bidding_model.json")
    ap.add_argument("--playout-weight", type=float, default=0.0,
                    help="share of the greedy playouts' result in the target (the rest double-dummy)")
    args = ap.parse_args()
    x, z, y, y_dd, keys, deals, preset = rows(args.data, args.playout_weight)
    # Half the deals fit, half check, then the model is refitted on all of them.
    half = (deals // 2) * 16
    k = x.shape[1]

    def fit(xa: np.ndarray, ya: np.ndarray) -> np.ndarray:
        return np.linalg.solve(xa.T @ xa + args.ridge * np.eye(k), xa.T @ ya)

    if args.baseline is not None:
        old = parse_model(args.baseline.read_text())
        est = np.array([old.estimate(h, s, p) for h, s, p in keys[half:]])
        report_decisions(f"{args.baseline.name}", est, y[half:], z[half:], args.threshold[0], y_dd[half:])
    w = fit(x[:half], y[:half])
    test_rmse = float(np.sqrt(np.mean((x[half:] @ w - y[half:]) ** 2)))
    report_decisions("linear", x[half:] @ w, y[half:], z[half:], args.threshold[0], y_dd[half:])
    if args.playout_weight:
        report_decisions("linear, judged double-dummy", x[half:] @ w, y_dd[half:], z[half:], args.threshold[0],
                         y_dd[half:])
    w = fit(x, y)
    rmse = float(np.sqrt(np.mean((x @ w - y) ** 2)))
    print(f"{deals} deals, {len(y)} rows; rmse {rmse:.1f} (held-out half: {test_rmse:.1f}); target sd {y.std():.1f}")
    for name, c in zip(FEATURES, w, strict=True):
        print(f"  {name:20s} {c:+8.1f}")
    model: dict[str, object] = {
        "rules": preset, "values": Rules.parse(preset).values, "features": list(FEATURES),
        "coef": [round(float(c), 3) for c in w], "threshold": list(args.threshold), "deals": deals,
        "rmse": round(rmse, 1)}
    if args.hidden:
        net = fit_network(z[:half], y[:half], args.hidden, args.epochs, 1)
        test_rmse = float(np.sqrt(np.mean((predict(net, z[half:]) - y[half:]) ** 2)))
        report_decisions("network", predict(net, z[half:]), y[half:], z[half:], args.threshold[0],
                         y_dd[half:])
        net = fit_network(z, y, args.hidden, args.epochs, 1)
        rmse = float(np.sqrt(np.mean((predict(net, z) - y) ** 2)))
        print(f"network, {args.hidden} hidden units: rmse {rmse:.1f} (held-out half: {test_rmse:.1f})")
        model["rmse"] = round(rmse, 1)
        model["network"] = {n: np.round(v, 4).tolist() for n, v in net.items()}
    args.out.write_text(json.dumps(model, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
