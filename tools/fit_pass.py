"""Fit the strong player's pass model: when taking a suit beats passing, by the hand and its place.

    .venv/bin/python tools/bidding_data.py --deals 12000 --seed 101 --playouts 200 --out data/t101.jsonl  # ~8 min
    .venv/bin/python tools/bidding_data.py --deals 12000 --seed 102 --playouts 200 --out data/t102.jsonl
    .venv/bin/python tools/fit_pass.py data/t101.jsonl data/t102.jsonl --weight 0.85
    # the same with --rules amsterdam (a proposed suit) and --rules strict (bidding, the dealer forced)

The trump model (``tools/fit_bidding.py``) estimates what a suit is worth as trump; a pass was worth a fixed 40
at every place.  But a pass is worth what the others then make of the deal, which depends on the hand: a seat
that passes with aces and tens defends well, one with nothing does not.  So, on the deals of
``tools/bidding_data.py --playouts`` (one way of choosing trump: Rotterdam's free one, Amsterdam's proposed
suit, the bidding of ``strict``), at every seat that may pass with every seat before it passing under the
model's own decisions, the row's target is the seat's team's result when it takes a suit (the one on offer, or
the model's best) less its result when it passes and the others decide by the model, each
valued as ``--weight`` of the greedy playouts' result and the rest of the double-dummy one
(``benchmarks/trump_duel.py``'s two ways).  A ridge least-squares fit per place over
:data:`klaverjas.bots.bidding.PASS_FEATURES` is written into the model (``--model``, default the player's own)
as the ``pass`` part for that selection (replacing one it had: the rows always follow the estimate and the
thresholds; a place that never may pass gets none), in ``--out`` (default: the player's model file); the player
then takes the suit when the fitted advantage is positive and reads the other seats' bids the same way.

``--opponents basic`` fits the rows with the other team deciding by the rules of thumb (as ``basic`` and the
stand-ins in ``benchmarks/`` do) instead of by the model, ``mix`` with a row of each kind, and the part says so
(``"opponents"``); the released model is fitted against the model (docs/bots.md, "The pass model against opponents
who bid by the rules of thumb").
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))  # benchmarks.trump_duel, whose way of reaching and valuing a contract is the one fitted

from benchmarks.trump_duel import ModelPolicy, Policy, contract, read_deals, result  # noqa: E402

from klaverjas.bots.basic import BasicBot  # noqa: E402
from klaverjas.bots.bidding import (  # noqa: E402
    PASS_FEATURES,
    BiddingModel,
    parse_model,
    pass_features,
    place_of,
    taken_suit,
)
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import PASS, Deal, Rules, TrumpAction  # noqa: E402

Record = dict[str, Any]


class PassFirst:
    """Another policy's decisions, except that ``seat`` passes at its first free choice."""

    def __init__(self, base: Policy, seat: int) -> None:
        self.base, self.seat, self.passed = base, seat, False

    def trump(self, view: View) -> TrumpAction:
        if view.seat == self.seat and not self.passed and PASS in view.options:
            self.passed = True
            return PASS
        return self.base.trump(view)


def team_result(d: Record, rules: Rules, trump: int, makers: int, seat: int, weight: float) -> float:
    """The contract's result for ``seat``'s team: ``weight`` of the playouts' and the rest double-dummy."""
    ns = (1 - weight) * result(d, rules.total, trump, makers, "double-dummy")
    if weight:
        ns += weight * result(d, rules.total, trump, makers, "playouts")
    return ns if seat % 2 == 0 else -ns


def rows(deals: list[Record], mdl: BiddingModel, weight: float, opponents: str = "model"
         ) -> list[tuple[list[list[float]], list[float]]]:
    """Per place, the features and targets (taking a suit less passing) of every choice to pass the selection
    reaches with every seat before it passing: the seat's team deciding by the model, the other team by the
    model, by the rules of thumb (``basic``, as :class:`klaverjas.bots.basic.BasicBot` and the stand-ins in
    ``benchmarks/`` decide) or each way in turn (``mix``: a row of each)."""
    own: Policy = ModelPolicy(mdl)
    rules_of_thumb: Policy = BasicBot()
    # Each walk: who decides at each seat, and the seats whose choices give rows.
    Walk = tuple[list[Policy], tuple[int, ...]]
    everyone: Walk = ([own] * 4, (0, 1, 2, 3))
    against_basic: list[Walk] = [([own if s % 2 == team else rules_of_thumb for s in range(4)], (team, team + 2))
                     for team in (0, 1)]
    walks: list[Walk] = {"model": [everyone], "basic": against_basic, "mix": [everyone, *against_basic]}[opponents]
    out: list[tuple[list[list[float]], list[float]]] = [([], []) for _ in range(4)]
    for d in deals:
        rules = Rules.parse(d["rules"])
        offered = d.get("proposed") if rules.offers_suit else None
        for base, rowed in walks:
            deal = Deal(rules, (d["leader"] - d["step"]) % 4, d["hands"], offered)
            while not deal.selection.done:
                seat = deal.selection.to_move
                assert seat is not None
                view = View.of(deal, seat)
                if PASS in view.options and seat in rowed:
                    place = place_of(seat, d["leader"], d["step"])
                    hand = d["hands"][seat]
                    estimates = [mdl.estimate(hand, s, place) for s in range(4)]
                    suit = taken_suit(estimates, offered)
                    take = team_result(d, rules, suit, seat % 2, seat, weight)
                    deciders: list[Policy] = [PassFirst(base[s], s) if s == seat else base[s] for s in range(4)]
                    passed = team_result(d, rules, *contract(d, rules, deciders), seat, weight)
                    out[place][0].append(pass_features(hand, estimates, offered))
                    out[place][1].append(take - passed)
                action = base[seat].trump(view)
                deal.choose_trump(action)
                if action != PASS:
                    break
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", type=Path, nargs="+", help="files of tools/bidding_data.py --playouts N, one selection")
    ap.add_argument("--weight", type=float, default=0.85, help="the playouts' share of the valuation (0 to 1)")
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--opponents", choices=("model", "basic", "mix"), default="model",
                    help="how the other team decides in the rows: the model, the rules of thumb, or each in turn")
    ap.add_argument("--model", type=Path, default=ROOT / "src/klaverjas/bots/bidding_model.json")
    ap.add_argument("--out", type=Path, default=ROOT / "src/klaverjas/bots/bidding_model.json")
    args = ap.parse_args()
    if not 0 <= args.weight <= 1:
        ap.error("--weight must be between 0 and 1")
    try:
        text = args.model.read_text()
        deals = read_deals(args.data)
        selections = {Rules.parse(d["rules"]).trump_selection for d in deals}
        if len(selections) > 1:
            raise ValueError(f"the deals choose trump in several ways ({', '.join(sorted(selections))}): "
                             "fit one at a time")
        selection = selections.pop()
        # The choices of the estimate and the thresholds, whatever a pass model for this selection said.
        mdl = parse_model(text)
        mdl = replace(mdl, passing=tuple(p for p in mdl.passing if p.selection != selection))
    except (OSError, ValueError) as exc:
        ap.error(str(exc))
    if args.weight and not all("playouts_ns" in d for d in deals):
        ap.error("--weight above 0 needs the playouts' results (tools/bidding_data.py --playouts N)")
    coef: list[list[float] | None] = []
    for place, (x, y) in enumerate(rows(deals, mdl, args.weight, args.opponents)):
        if not y:
            print(f"place {place}: never may pass in the {selection} selection")
            coef.append(None)
            continue
        if len(y) < len(PASS_FEATURES):
            ap.error(f"too few choices at place {place} to fit ({len(y)}): give more deals")
        xa, ya = np.array(x), np.array(y)
        c = np.linalg.solve(xa.T @ xa + args.ridge * np.eye(xa.shape[1]), xa.T @ ya)
        took = float((xa[:, PASS_FEATURES.index("take")] * 100 > mdl.threshold[place]).mean())
        print(f"place {place}: {len(ya)} choices, taking the suit worth {ya.mean():+.1f} over passing; "
              f"taken by the pass value {took:.0%}, by the fit {float((xa @ c > 0).mean()):.0%}")
        coef.append([round(float(v), 3) for v in c])
    if all(c is None for c in coef):
        ap.error(f"nobody may pass in the {selection} selection: there is no pass to fit")
    data = json.loads(text)
    part = {"selection": selection, "features": list(PASS_FEATURES), "coef": coef, "deals": len(deals),
            "weight": args.weight}
    if args.opponents != "model":
        part["opponents"] = args.opponents  # fitted against other bidders than the player's own
    data["pass"] = [p for p in data.get("pass", []) if p["selection"] != selection] + [part]
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
