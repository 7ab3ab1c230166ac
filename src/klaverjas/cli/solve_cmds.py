"""Solver commands: ``solve`` (the JSON-lines contract of docs/cli.md) and ``analyse``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from klaverjas.core.cards import card_name
from klaverjas.core.seats import SEATS

from .main import CliError
from .plumbing import emit, jsonl, load_object, read_text

if TYPE_CHECKING:
    from klaverjas.solver import Solver


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("solve", help="exact double-dummy value of a position and of each legal card")
    p.add_argument("file", nargs="?", help="a JSON file with one position (or - for stdin)")
    p.add_argument("--jsonl", action="store_true", help="read one position per stdin line, answer one per line")
    p.add_argument("--objective", default="real", choices=("real", "points"),
                   help="real: final NS score minus EW score, with nat (default); points: NS minus EW points "
                        "and roem still to be won")
    p.add_argument("--value-only", action="store_true",
                   help="answer only the position's value (faster: the cards are not each valued)")
    _threads_option(p)
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("analyse", help="what each card of a game record cost against the best card")
    p.add_argument("record", help="a JSON game record file (or - for stdin)")
    p.add_argument("--format", default="json", choices=("json", "table"))
    p.add_argument("--objective", default="real", choices=("real", "points"))
    _threads_option(p)
    p.set_defaults(func=cmd_analyse)


def _threads_option(p: argparse.ArgumentParser) -> None:
    default = min(2, os.cpu_count() or 1)
    p.add_argument("--threads", type=int, default=default,
                   help=f"search the cards to play side by side in this many threads (default {default})")


def _solver(args: argparse.Namespace) -> Solver:
    from klaverjas.solver import Solver

    if args.threads < 1:
        raise CliError(f"--threads must be at least 1, not {args.threads}")
    return Solver(threads=args.threads)


def solve_answer(obj: Mapping[str, Any], objective: str = "real", value_only: bool = False,
                 solver: Solver | None = None) -> dict[str, Any]:
    from klaverjas.solver import Position
    from klaverjas.solver.search import default_solver

    solver = solver or default_solver()
    pos = Position.from_json(obj)
    if value_only:
        return {"value": solver.value(pos, objective)}
    result = solver.solve(pos, objective)
    return {"value": result.value, "cards": {card_name(c): v for c, v in result.cards.items()}}


def cmd_solve(args: argparse.Namespace) -> int:
    solver = _solver(args)
    if args.jsonl:
        if args.file not in (None, "-"):
            raise CliError("--jsonl reads stdin; give no FILE")
        return jsonl(lambda obj: solve_answer(obj, args.objective, args.value_only, solver))
    if args.file is None:
        raise CliError("give a position FILE (or - for stdin), or --jsonl")
    emit(solve_answer(load_object(read_text(args.file), ""), args.objective, args.value_only, solver))
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    from klaverjas.core.cards import parse_card
    from klaverjas.core.record import start_deal
    from klaverjas.solver.analyse import analyse_deal, summary

    data = load_object(read_text(args.record), "record: ")
    plays_text = data.get("plays")
    if not isinstance(plays_text, list):
        raise CliError("record: missing field 'plays' (a list of cards)")
    from klaverjas.core.record import replay

    deal = start_deal(data)  # checks the record's set-up and gives a clear message if it is wrong
    replay(data)  # checks every play against the rules (on its own deal: ``deal`` stays at the start)
    plays = [parse_card(str(t)) for t in plays_text]
    reviews = analyse_deal(deal, plays, args.objective, _solver(args).solve)
    players = summary(reviews)
    if args.format == "json":
        emit({"objective": args.objective, "plays": [r.as_json() for r in reviews], "players": players})
        return 0
    lines = [f"{'#':>2} {'trick':>5} {'seat':>4} {'card':>4} {'value':>6} {'best':>9} {'loss':>5}"]
    for r in reviews:
        value = "-" if r.value is None else str(r.value)
        best = "/".join(card_name(c) for c in r.best)
        lines.append(f"{r.index + 1:>2} {r.trick:>5} {SEATS[r.seat]:>4} {card_name(r.card):>4} {value:>6} "
                     f"{best:>9} {r.loss:>5}")
    lines.append("")
    for seat in SEATS:
        entry = players[seat]
        lines.append(f"{seat}: {entry['cards']} cards, {entry['mistakes']} lost value, {entry['lost']} points lost")
        for r in reviews:
            if SEATS[r.seat] == seat and (r.loss > 0 or r.value is None):
                lines.append(f"  {r.sentence()}")
    sys.stdout.write("\n".join(lines) + "\n")
    return 0
