"""Fit the strong player's trump model from ``tools/bidding_data.py``'s double-dummy data.

    .venv/bin/python tools/fit_bidding.py data/bidding.jsonl

Every deal gives 16 rows: each seat as maker with each suit as trump.  The target is the
makers' result under double-dummy play: the ``points`` margin when it is positive, else nat
(-162: the makers score nothing and the defenders everything; roem is left out).  A ridge
least-squares fit of :func:`klaverjas.bots.bidding.features`; the coefficients and the
per-place thresholds are written to ``src/klaverjas/bots/bidding_model.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from klaverjas.bots.bidding import FEATURES, features, place_of  # noqa: E402
from klaverjas.core import Rules  # noqa: E402

NAT = -162


def rows(path: Path) -> tuple[np.ndarray, np.ndarray, int, str]:
    xs, ys = [], []
    deals = 0
    preset = ""
    for line in path.open():
        d = json.loads(line)
        preset = d["rules"]
        deals += 1
        for seat in range(4):
            place = place_of(seat, d["leader"], d["step"])
            for suit in range(4):
                margin = d["points_ns"][suit] * (1 if seat % 2 == 0 else -1)
                xs.append(features(d["hands"][seat], suit, place))
                ys.append(margin if margin > 0 else NAT)
    return np.array(xs), np.array(ys, dtype=float), deals, preset


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", type=Path)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--threshold", type=float, nargs=4, default=(0.0, 0.0, 0.0, 0.0),
                    help="per place (0 = the first lead seat): play a suit whose estimate is above this")
    ap.add_argument("--out", type=Path, default=ROOT / "src/klaverjas/bots/bidding_model.json")
    args = ap.parse_args()
    x, y, deals, preset = rows(args.data)
    # Half the deals fit, half check, then the model is refitted on all of them.
    half = (deals // 2) * 16
    k = x.shape[1]

    def fit(xa: np.ndarray, ya: np.ndarray) -> np.ndarray:
        return np.linalg.solve(xa.T @ xa + args.ridge * np.eye(k), xa.T @ ya)

    w = fit(x[:half], y[:half])
    test_rmse = float(np.sqrt(np.mean((x[half:] @ w - y[half:]) ** 2)))
    w = fit(x, y)
    rmse = float(np.sqrt(np.mean((x @ w - y) ** 2)))
    print(f"{deals} deals, {len(y)} rows; rmse {rmse:.1f} (held-out half: {test_rmse:.1f}); target sd {y.std():.1f}")
    for name, c in zip(FEATURES, w, strict=True):
        print(f"  {name:20s} {c:+8.1f}")
    model = {"rules": preset, "values": Rules.parse(preset).values, "features": list(FEATURES),
             "coef": [round(float(c), 3) for c in w], "threshold": list(args.threshold), "deals": deals,
             "rmse": round(rmse, 1)}
    args.out.write_text(json.dumps(model, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
