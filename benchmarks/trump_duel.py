"""Two ways of making trump decisions played against each other offline, on solved deals.

    .venv/bin/python benchmarks/trump_duel.py data/bidding.jsonl --a model --b basic
    .venv/bin/python benchmarks/trump_duel.py data/bidding.jsonl --a 'model@30,20,20,60' --b model

Reads the deals of ``tools/bidding_data.py`` and plays every deal twice, as the arena does: A's team at
North-South and B's at East-West, then the other way round, the trump selection of the data's rules (docs/rules.md
§4: Rotterdam's free selection, where each names a suit or passes and after four passes the first lead seat must
name one; Amsterdam's proposed suit, which each plays or passes and after four passes the first lead seat must
name another; the bidding of ``strict``, where after three passes the dealer must name one).  Each seat makes
its own trump decision; the deal's result is then read from the data instead of played, two ways:

- double-dummy: the solver's points for the contract reached (nat: the makers lose every card point), the
  players who see every card that ``tools/fit_bidding.py`` fits the trump model to;
- greedy playouts (data made with ``--playouts``): the real score when the first lead seat plays the card its
  playouts of the deal score best and every card after it is played by the greedy rules, players who guess.

Prints per way A's result minus B's a game (the arena's figure per deal) with its 95% interval, and in how
many deals the two games reached different contracts.  With ``--facing C`` A and B each play C instead of each other,
and the difference of their results is taken deal by deal (how two models fare against bidders of another kind:
``--a model:FILE --b model --facing basic``).  Card play in the arena lies between the two ways:
the trump model's decisions are worth +26.5 a game over the rules of thumb double-dummy, +9.3 with the
playouts and about +12 in the arena (docs/bots.md, "Trump decisions offline").

A policy is ``basic`` (the rules of thumb), ``model`` (the strong player's trump model) or ``model:FILE`` (a
model that ``tools/fit_bidding.py`` wrote), each model with ``@T0,T1,T2,T3`` for other pass values by place
(0: the first lead seat), which replace the model's pass models where it has them; or ``sim:N[:basic]``, decisions
by N simulated deals played out by the greedy rules (benchmarks/trump_sim.py; ``basic``: it takes the other team
for players who bid by the rules of thumb).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the siblings by their package name

from benchmarks.paired import interval  # noqa: E402
from benchmarks.trump_sim import from_spec  # noqa: E402

from klaverjas.bots.basic import BasicBot  # noqa: E402
from klaverjas.bots.bidding import BiddingModel, parse_model  # noqa: E402
from klaverjas.bots.bidding import model as own_model  # noqa: E402
from klaverjas.bots.strong import estimate_options  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import Deal, Rules, TrumpAction  # noqa: E402

Record = dict[str, Any]


class Policy(Protocol):
    """Trump decisions of one kind of player (a bot's ``trump``)."""

    def trump(self, view: View) -> TrumpAction: ...


class ModelPolicy:
    """The strong player's trump decisions by another model (:func:`klaverjas.bots.strong.estimate_options`)."""

    def __init__(self, model: BiddingModel) -> None:
        self.model = model

    def trump(self, view: View) -> TrumpAction:
        action = estimate_options(view, self.model)[0].action
        assert isinstance(action, TrumpAction)
        return action


def policy(spec: str) -> Policy:
    """``basic``, ``model`` or ``model:FILE``, a model with ``@T0,T1,T2,T3`` pass values by place."""
    if spec == "basic":
        return BasicBot()
    if spec.startswith("sim:"):
        try:
            return from_spec(spec[len("sim:"):], own_model("dutch"))
        except ValueError as exc:
            raise ValueError(f"{spec!r}: {exc}") from None
    name, _, passes = spec.partition("@")
    if name == "model":
        mdl = own_model("dutch")
    elif name.startswith("model:"):
        path = Path(name[len("model:"):])
        try:
            mdl = parse_model(path.read_text())
        except OSError as exc:
            raise ValueError(f"cannot read the model {str(path)!r}: {exc.strerror}") from exc
        except (ValueError, KeyError) as exc:
            raise ValueError(f"{str(path)!r} is not a trump model: {exc}") from exc
    else:
        raise ValueError(f"unknown policy {spec!r}: expected basic, model or model:FILE (with @T0,T1,T2,T3), "
                         "or sim:N[:basic]")
    if passes:
        try:
            values = tuple(float(x) for x in passes.split(","))
        except ValueError:
            values = ()
        if len(values) != len(mdl.threshold):
            raise ValueError(f"{spec!r}: give {len(mdl.threshold)} pass values after @, one a place")
        mdl = replace(mdl, threshold=values, passing=())  # fixed pass values, whatever the hand
    return ModelPolicy(mdl)


def read_deals(paths: list[Path]) -> list[Record]:
    """The deals of ``tools/bidding_data.py`` files; the rules must choose trump freely."""
    deals = []
    for path in paths:
        try:
            lines = path.read_text().splitlines()
        except OSError as exc:
            raise ValueError(f"cannot read {str(path)!r}: {exc.strerror}") from exc
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                d = json.loads(line)
                rules = Rules.parse(d["rules"])
                if len(d["hands"]) != 4 or len(d["points_ns"]) != 4:
                    raise ValueError("a deal needs four hands and four suits' values")
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"{path}:{n}: not a line of tools/bidding_data.py ({exc})") from exc
            if not rules.has_makers:
                raise ValueError(f"{path}:{n}: nobody chooses trump in {rules.trump_selection!r} selection")
            if rules.offers_suit and not isinstance(d.get("proposed"), int):
                raise ValueError(f"{path}:{n}: {rules.trump_selection!r} selection needs the suit proposed "
                                 "(tools/bidding_data.py writes it)")
            deals.append(d)
    if not deals:
        raise ValueError("no deals in the data")
    return deals


def contract(d: Record, rules: Rules, policies: list[Policy]) -> tuple[int, int]:
    """The trump and the makers' team the seats reach, ``policies[seat]`` deciding for each seat."""
    proposed = d.get("proposed") if rules.offers_suit else None
    deal = Deal(rules, (d["leader"] - d["step"]) % 4, d["hands"], proposed)
    while not deal.selection.done:
        seat = deal.selection.to_move
        assert seat is not None
        deal.choose_trump(policies[seat].trump(View.of(deal, seat)))
    assert deal.makers is not None
    return deal.trump, deal.makers


def result(d: Record, total: int, trump: int, makers: int, way: str) -> float:
    """North-South's result of the contract: ``double-dummy`` (nat: the makers lose all ``total`` card points)
    or ``playouts`` (see the module's doc)."""
    if way == "playouts":
        return float(d["playouts_ns"][trump][makers])
    ns = d["points_ns"][trump]
    sign = 1 if makers == 0 else -1
    if sign * ns > 0:
        return float(ns)
    return float(-sign * total)


class Duel:
    def __init__(self, way: str) -> None:
        self.way = way
        self.diffs: list[float] = []  # per deal, A's result minus B's a game
        self.changed = 0  # deals whose two games reached different contracts


def duel(deals: list[Record], a: Policy, b: Policy) -> list[Duel]:
    """A against B on every deal: one :class:`Duel` per way of valuing the contracts the data allows."""
    ways = ["double-dummy"] + (["playouts"] if all("playouts_ns" in d for d in deals) else [])
    out = {way: Duel(way) for way in ways}
    for d in deals:
        rules = Rules.parse(d["rules"])
        first = contract(d, rules, [a, b, a, b])
        second = contract(d, rules, [b, a, b, a])
        for way in ways:
            out[way].diffs.append((result(d, rules.total, *first, way) - result(d, rules.total, *second, way)) / 2)
            out[way].changed += first != second
    return list(out.values())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", type=Path, nargs="+", help="files of tools/bidding_data.py")
    ap.add_argument("--a", default="model", help="the first policy (default: the strong player's model)")
    ap.add_argument("--b", default="basic", help="the second policy (default: the rules of thumb)")
    ap.add_argument("--facing", default=None,
                    help="a third policy that A and B each face instead of each other, compared deal by deal")
    args = ap.parse_args()
    try:
        a, b = policy(args.a), policy(args.b)
        facing = None if args.facing is None else policy(args.facing)
        deals = read_deals(args.data)
    except ValueError as exc:
        ap.error(str(exc))
    if facing is not None:
        for da, db in zip(duel(deals, a, facing), duel(deals, b, facing), strict=True):
            paired = [x - y for x, y in zip(da.diffs, db.diffs, strict=True)]
            over_a, over_b = statistics.fmean(da.diffs), statistics.fmean(db.diffs)
            print(f"{da.way}: {args.a} minus {args.b}, each facing {args.facing}: {interval(paired)} a game, "
                  f"{len(paired)} deals; over it {over_a:+.1f} and {over_b:+.1f}")
        return 0
    for d in duel(deals, a, b):
        print(f"{d.way}: {args.a} minus {args.b} {interval(d.diffs)} a game, {len(d.diffs)} deals, "
              f"{d.changed} reached other contracts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
