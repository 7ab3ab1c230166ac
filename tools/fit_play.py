"""Fit the card-play model of the strong player's inference from ``tools/play_data.py``'s logs.

    .venv/bin/python tools/fit_play.py data/play.jsonl
    .venv/bin/python tools/fit_play.py data/play.jsonl --placement 40

Every card decision with more than one legal card, replayed with the player's true hand, is one row:
the features of each legal card (:func:`klaverjas.bots.play_model.card_features`) and the card played.
A multinomial logit (softmax over the legal cards of a linear score), fitted by Newton's method on the
log-likelihood with an L2 penalty, on the deals whose index is not a multiple of ``--hold``; the others
are held out.  Reported on them, per kind of player: the mean log-likelihood per decision and the share
of decisions whose most likely card was played, for the model, for the rule the sampler used before
(basic's card weight 1, every other legal card ``PLAY_MISMATCH``, normalized) and for the best such
rule (the basic feature alone).  ``--write`` puts the coefficients in
``src/klaverjas/bots/play_model.json``.  ``--placement N`` also measures, on N held-out deals, how well
the strong player's samples place the unseen cards (after three and after six tricks, from the view of
the seat to lead) with no play evidence, the rule and the model.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from klaverjas.bots.basic import card_choice  # noqa: E402
from klaverjas.bots.play_model import FEATURES, PlayModel, card_features  # noqa: E402
from klaverjas.bots.sampling import PLAY_MISMATCH, PlayEvidence, deal_hidden, weight_of  # noqa: E402
from klaverjas.bots.strong import StrongBot  # noqa: E402
from klaverjas.bots.view import View, parse_action  # noqa: E402
from klaverjas.core import Deal, Rules  # noqa: E402

MODEL_PATH = ROOT / "src" / "klaverjas" / "bots" / "play_model.json"


def replay(rec: dict[str, Any]) -> Iterator[tuple[Deal, int]]:
    """The deal of a record before each of its cards, with the card played there."""
    deal = Deal(Rules.parse(rec["rules"]), rec["dealer"], rec["hands"])
    for _, action in rec["bids"]:
        deal.choose_trump(parse_action(action))
    for card in rec["plays"]:
        yield deal, card
        deal.play(card)


class Row:
    """One decision: the legal cards' features, which was played, which basic would play."""

    def __init__(self, x: np.ndarray, played: int, basic: int, kind: str, deal: int):
        self.x, self.played, self.basic, self.kind, self.deal = x, played, basic, kind, deal


def rows(paths: list[Path]) -> tuple[list[Row], list[dict[str, Any]]]:
    out: list[Row] = []
    records = []
    for path in paths:
        for line in path.open():
            rec = json.loads(line)
            records.append(rec)
            for deal, card in replay(rec):
                seat = deal.turn
                view = View.of(deal, seat)
                if not view.legal & (view.legal - 1):
                    continue
                choice = card_choice(view)
                feats = card_features(view, choice)
                cards = list(feats)
                out.append(Row(np.array([feats[c] for c in cards]), cards.index(card), cards.index(choice),
                               rec["kinds"][seat], rec["index"]))
    return out, records


def stack(data: list[Row]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """All cards' features in one matrix, the decision of each card, each decision's played card's row,
    and each decision's first row."""
    x = np.concatenate([r.x for r in data])
    group = np.concatenate([np.full(len(r.x), i) for i, r in enumerate(data)])
    starts = np.cumsum([0] + [len(r.x) for r in data[:-1]])
    played = starts + np.array([r.played for r in data])
    return x, group, played, starts


def probabilities(x: np.ndarray, group: np.ndarray, n: int, w: np.ndarray) -> np.ndarray:
    s = x @ w
    top = np.full(n, -np.inf)
    np.maximum.at(top, group, s)
    e = np.exp(s - top[group])
    total = np.zeros(n)
    np.add.at(total, group, e)
    p: np.ndarray = e / total[group]
    return p


def fit(data: list[Row], l2: float, cols: list[int] | None = None, iterations: int = 30) -> np.ndarray:
    """Newton's method on the multinomial log-likelihood with penalty ``l2 * |w|^2 / 2``."""
    x, group, played, _ = stack(data)
    if cols is not None:
        x = x[:, cols]
    n, k = len(data), x.shape[1]
    w = np.zeros(k)
    for _ in range(iterations):
        p = probabilities(x, group, n, w)
        mean = np.zeros((n, k))
        np.add.at(mean, group, p[:, None] * x)
        grad = x[played].sum(0) - mean.sum(0) - l2 * w
        hess = (x * p[:, None]).T @ x - mean.T @ mean + l2 * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-8:
            break
    full = np.zeros(len(FEATURES))
    full[cols if cols is not None else slice(None)] = w
    return full


def scores(data: list[Row], w: np.ndarray) -> tuple[float, float]:
    """Mean log-likelihood per decision and the share of decisions whose most likely card was played."""
    x, group, played, starts = stack(data)
    p = probabilities(x, group, len(data), w)
    hits = [int(np.argmax(p[s:s + len(r.x)]) == r.played) for s, r in zip(starts, data, strict=True)]
    return float(np.log(p[played]).mean()), float(np.mean(hits))


def uniform_score(data: list[Row]) -> float:
    return float(np.mean([-math.log(len(r.x)) for r in data]))


def rule_scores(data: list[Row], mismatch: float) -> tuple[float, float]:
    ll = [math.log((1.0 if r.played == r.basic else mismatch) / (1 + mismatch * (len(r.x) - 1))) for r in data]
    return float(np.mean(ll)), float(np.mean([r.played == r.basic for r in data]))


def placement(records: list[dict[str, Any]], model: PlayModel, samples: int, seed: int,
              partner: bool = False, playouts: tuple[float, int, int] | None = None,
              ) -> dict[tuple[str, int], dict[str, list[float]]]:
    """Per opponents' kind (and ``all``), after three and after six tricks: per view (the seat to lead),
    the weighted share of the unseen cards the samples put at their true seat, without play evidence,
    with the rule and with the model (the same samples for the three).  With ``partner`` the model reads
    partner's cards (the opponents' by the rule, as without it) and the share is of partner's cards.
    With ``playouts`` (T, deals, plays) also the opponents' cards read as the strong player's playouts value
    them from the hand a sample gives them (``StrongBot(opponent_playouts=...)``)."""
    reader = StrongBot(opponent_playouts=playouts) if playouts is not None else None
    modes = ("none", "rule", "model") + (("playouts",) if reader is not None else ())
    out: dict[tuple[str, int], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for rec in records:
        for deal, _ in replay(rec):
            done = len(deal.tricks)
            if deal.trick or done not in (3, 6):
                continue
            seat = deal.turn
            view = View.of(deal, seat)
            truth = [int(h) for h in deal.hands]
            unseen = view.unseen.bit_count()
            for mode in modes:
                rng = random.Random(f"{seed}:{rec['index']}:{done}")
                base = deal_hidden(view, rng)
                assert base is not None
                reading = model if mode == "model" else None
                evidence = None if mode == "none" else PlayEvidence(
                    view, base, model=None if partner else reading, partner_model=reading if partner else None)
                if mode == "playouts":
                    assert reader is not None
                    evidence = reader.evidence(view)
                total = right = 0.0
                for _ in range(samples):
                    hands = deal_hidden(view, rng)
                    if hands is None:
                        break
                    w = weight_of(view, hands, True) * (evidence.weight(hands) if evidence is not None else 1.0)
                    if partner:
                        hits = (hands[seat ^ 2] & truth[seat ^ 2]).bit_count() / truth[seat ^ 2].bit_count()
                    else:
                        hits = sum((hands[s] & truth[s]).bit_count() for s in range(4) if s != seat) / unseen
                    total += w
                    right += w * hits
                for kind in (rec["kinds"][(seat + 1) % 4], "all"):
                    out[(kind, done)][mode].append(right / total)
    return dict(out)


def mean_and_halfwidth(xs: list[float]) -> tuple[float, float]:
    """The mean and its 95% half-width (normal approximation)."""
    a = np.array(xs)
    return float(a.mean()), float(1.96 * a.std(ddof=1) / math.sqrt(len(a))) if len(a) > 1 else math.nan


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", type=Path, nargs="+")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--hold", type=int, default=5, help="hold out the deals whose index is a multiple of this")
    ap.add_argument("--write", action="store_true", help="write the model to src/klaverjas/bots/play_model.json")
    ap.add_argument("--placement", type=int, default=0, help="held-out deals to measure the placement on")
    ap.add_argument("--samples", type=int, default=60, help="samples a decision for --placement")
    ap.add_argument("--partner", action="store_true",
                    help="--placement of partner's cards, read by the model (a model of the player's own choices)")
    ap.add_argument("--opponent-playouts", default=None, metavar="T,DEALS,PLAYS",
                    help="--placement also with the opponents' cards read by the strong player's playouts (as "
                         "benchmarks/strong_hybrid_bot.py --opponent-playouts)")
    ap.add_argument("--out", type=Path, default=None, help="write the model to this file")
    args = ap.parse_args()
    playouts = None
    if args.opponent_playouts is not None:
        try:
            t, deals, plays = args.opponent_playouts.split(",")
            playouts = (float(t), int(deals), int(plays))
        except ValueError:
            ap.error(f"--opponent-playouts: expected T,DEALS,PLAYS (e.g. 10,32,16), got {args.opponent_playouts!r}")
    data, records = rows(args.data)
    train = [r for r in data if r.deal % args.hold]
    test = [r for r in data if not r.deal % args.hold]
    if not train or not test:
        print("too few deals to hold some out", file=sys.stderr)
        return 2
    print(f"{len(records)} deals, {len(train)} decisions to fit, {len(test)} held out")
    w = fit(train, args.l2)
    basic_cols = [FEATURES.index("lead_basic"), FEATURES.index("follow_basic")]
    wb = fit(train, args.l2, basic_cols)
    print("coefficients: " + ", ".join(f"{n} {c:+.2f}" for n, c in zip(FEATURES, w, strict=True)))
    print(f"the basic feature alone: basic's card e^{wb[basic_cols[0]]:.2f} (leads), "
          f"e^{wb[basic_cols[1]]:.2f} (follows) times likelier than another (factors "
          f"{math.exp(-wb[basic_cols[0]]):.2f}, {math.exp(-wb[basic_cols[1]]):.2f})")
    kinds = sorted({r.kind for r in test})
    print(f"{'held out':<10} {'decisions':>9} | log-likelihood a decision: {'uniform':>8} {'rule 0.3':>8} "
          f"{'basic fit':>9} {'model':>7} | card predicted: {'basic':>6} {'model':>6}")
    for kind in [*kinds, "all"]:
        part = [r for r in test if kind in ("all", r.kind)]
        rl, ra = rule_scores(part, PLAY_MISMATCH)
        bl, _ = scores(part, wb)
        ml, ma = scores(part, w)
        print(f"{kind:<10} {len(part):>9} | {'':>26} {uniform_score(part):>8.3f} {rl:>8.3f} {bl:>9.3f} {ml:>7.3f} | "
              f"{'':>15} {ra:>6.1%} {ma:>6.1%}")
    text = json.dumps({"rules": records[0]["rules"], "features": list(FEATURES),
                       "coef": [round(float(c), 4) for c in w], "decisions": len(train), "l2": args.l2}, indent=1)
    if args.write:
        MODEL_PATH.write_text(text + "\n")
        print(f"wrote {MODEL_PATH.relative_to(ROOT)}")
    if args.out is not None:
        args.out.write_text(text + "\n")
        print(f"wrote {args.out}")
    if args.placement:
        model = PlayModel(tuple(float(c) for c in w), records[0]["rules"], len(train))
        held = [rec for rec in records if not rec["index"] % args.hold][:args.placement]
        whose = "partner's cards" if args.partner else "the unseen cards"
        print(f"placement: share of {whose} at their true seat, {args.samples} samples, "
              f"{len(held)} held-out deals, by the opponents' kind")
        extra = "playouts" if playouts is not None else "model"
        print(f"{'opponents':<10} {'tricks':>6} {'views':>5} | {'none':>6} {'rule':>6} {'model':>6} "
              f"{'playouts' if playouts is not None else '':>8} | {extra} minus rule (95%)")
        for (kind, done), m in sorted(placement(held, model, args.samples, 1, args.partner, playouts).items()):
            gain, half = mean_and_halfwidth([a - b for a, b in zip(m[extra], m["rule"], strict=True)])
            shown = f"{np.mean(m['playouts']):>8.1%}" if playouts is not None else f"{'':>8}"
            print(f"{kind:<10} {done:>6} {len(m['none']):>5} | {np.mean(m['none']):>6.1%} {np.mean(m['rule']):>6.1%} "
                  f"{np.mean(m['model']):>6.1%} {shown} | {gain:+.1%} +- {half:.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
