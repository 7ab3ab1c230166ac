"""``klaverjas dataset``: seeded deals with the double-dummy value of every legal card at every card decision.

One JSON object per line and per deal (docs/rl.md, "Data for learning"): the deal's game record (what
``klaverjas replay`` and ``klaverjas analyse`` read) and, for each card of ``plays``, the value of every
card the player could have played there.
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from typing import Any

from klaverjas.core import Rules, card_name, cards_of
from klaverjas.core.record import replay, to_record
from klaverjas.core.rules import RulesError

from .main import CliError

FORMAT = 1  # the line format's version: a change that breaks readers raises it


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from klaverjas.bots.arena import levels

    p = sub.add_parser("dataset", help="seeded deals with the double-dummy value of every legal card, as JSON lines",
                       description="Deal seeded deals, play them with a bot level at every seat, and write each "
                                   "deal's record with the solver's value of every legal card before each card "
                                   "played (one JSON object per line).")
    p.add_argument("--deals", type=int, required=True, help="number of deals")
    p.add_argument("--rules", default="amsterdam", help="preset or preset(field=value,...) (default amsterdam)")
    p.add_argument("--out", required=True, help="the JSON-lines file to write (- for stdout)")
    p.add_argument("--seed", type=int, default=1, help="deal i is dealt from the seed text 'SEED:i' (default 1)")
    p.add_argument("--players", default="basic",
                   help=f"the level playing all four seats: {', '.join(levels())} (default basic)")
    p.add_argument("--objective", default="real", choices=("real", "points"),
                   help="real: final NS score minus EW score, with nat (default); points: NS minus EW points and "
                        "roem still to be won")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.set_defaults(func=cmd_dataset)


def deal_line(rules: Rules, index: int, seed: int, players: str, objective: str, solve: Any) -> dict[str, Any]:
    """Play deal ``index`` and value every legal card before each card played (NS minus EW)."""
    from klaverjas.bots.arena import make_bot, pair_seed, play_deal
    from klaverjas.solver import Position

    bots = [make_bot(players) for _ in range(4)]
    deal_seed = pair_seed(seed, index)
    for seat, bot in enumerate(bots):
        bot.reseed(zlib.crc32(f"{deal_seed}:{seat}".encode()))
    try:
        played = play_deal(rules, index % 4, deal_seed, bots)
    finally:
        for bot in bots:
            bot.close()
    record = to_record(played)
    values = []
    for k in range(len(record["plays"])):
        # The deal just before card k, claims made so far included (the record's own replay).
        before = replay({**record, "plays": record["plays"][:k]})
        result = solve(Position.from_deal(before), objective)
        values.append({card_name(c): result.cards[c] for c in cards_of(before.legal())})
    scores = played.score().scores
    return {"format": FORMAT, "deal": index, "seed": deal_seed, "players": players, "objective": objective,
            "record": record, "values": values, "score": {"NS": scores[0], "EW": scores[1]}}


def cmd_dataset(args: argparse.Namespace) -> int:
    from tqdm import tqdm  # type: ignore[import-untyped]

    from klaverjas.bots.arena import levels
    from klaverjas.solver.search import default_solver

    if args.deals < 1:
        raise CliError(f"--deals must be at least 1, not {args.deals}")
    try:
        rules = Rules.parse(args.rules)
    except RulesError as exc:
        raise CliError(f"--rules: {exc}") from None
    known = levels()
    if args.players not in known:
        raise CliError(f"--players: unknown level {args.players!r}: expected {', '.join(known)}")
    solve = default_solver().solve
    try:
        out = open(args.out, "w", encoding="utf-8") if args.out != "-" else None  # noqa: SIM115 - closed below
    except OSError as exc:
        raise CliError(f"cannot write {args.out}: {exc.strerror}") from None
    stream = out or sys.stdout
    try:
        for index in tqdm(range(args.deals), unit="deal", disable=args.no_progress, leave=False, desc="dataset"):
            line = deal_line(rules, index, args.seed, args.players, args.objective, solve)
            stream.write(json.dumps(line, separators=(",", ":")) + "\n")
            stream.flush()
    finally:
        if out is not None:
            out.close()
    return 0
