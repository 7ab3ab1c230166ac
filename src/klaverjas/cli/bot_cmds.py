"""``klaverjas bot`` (serve a level over the bot protocol) and ``klaverjas arena`` (duplicate matches)."""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import sys
from typing import Any


def register(subparsers: Any) -> None:
    from klaverjas.bots.arena import levels

    names = ", ".join(levels())
    bot = subparsers.add_parser(
        "bot", help="play as a computer player over the bot protocol (JSON lines on stdin/stdout)",
        description="Speak the bot protocol of docs/bot-protocol.md on stdin/stdout.")
    bot.add_argument("--level", default="basic", help=f"playing level: {names}")
    bot.add_argument("--seed", type=int, default=None, help="seed for levels that draw random numbers")
    bot.set_defaults(func=run_bot)

    arena = subparsers.add_parser(
        "arena", help="play bots against each other over duplicate deals",
        description="Each deal is played twice with the same cards and the teams' seats swapped.")
    arena.add_argument("--bots", default=None,
                       help=f"bots separated by commas ({names}); with --bot for external programs, two in all")
    arena.add_argument("--bot", action="append", default=[],
                       help="one bot, repeatable: a level or 'cmd:<command line>' for a program speaking the "
                            "bot protocol")
    arena.add_argument("--trump-by", default=None, metavar="BOT",
                       help="one bot (a level or 'cmd:<command line>') that makes every seat's trump decisions, "
                            "so the two bots' card play alone is compared")
    arena.add_argument("--deals", type=int, default=100, help="duplicate deals (each is played twice)")
    arena.add_argument("--rules", default="amsterdam", help="preset or preset(field=value,...)")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--from-deal", type=int, default=0, metavar="N",
                       help="start at deal N (counted from 0) and play on to --deals: resumes a run stopped after N "
                            "deals (each deal is the same in every run of the seed)")
    arena.add_argument("--jobs", type=int, default=1, help="worker processes")
    arena.add_argument("--json", action="store_true", help="print the report as one JSON object")
    arena.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    arena.add_argument("--pairs", default=None, metavar="FILE",
                       help="write each finished deal to FILE as a JSON line as the run goes (a first line names "
                            "the run), so a run stopped early keeps what it played")
    arena.set_defaults(func=run_arena_cmd)


def run_bot(args: argparse.Namespace) -> int:
    from klaverjas.bots.arena import levels
    from klaverjas.bots.protocol import serve

    known = levels()
    if args.level == "strong" and "strong" not in known and importlib.util.find_spec("numpy") is None:
        raise ValueError("level strong needs the solver extra (numpy is not installed): "
                         "pip install 'klaverjas[solver]'")
    if args.level not in known:
        raise ValueError(f"unknown level {args.level!r}: expected {', '.join(known)}")
    bot = known[args.level]()
    if args.seed is not None:
        bot.reseed(args.seed)
    return serve(bot, sys.stdin, sys.stdout)


def run_arena_cmd(args: argparse.Namespace) -> int:
    from klaverjas.bots.arena import format_report, run_arena

    specs = [s.strip() for s in args.bots.split(",")] if args.bots else []
    specs += args.bot
    if len(specs) != 2:
        raise ValueError(f"the arena needs exactly two bots, got {len(specs)}: use --bots A,B or --bot twice")
    with contextlib.ExitStack() as stack:
        pairs_out = None
        if args.pairs is not None:
            try:
                pairs_out = stack.enter_context(open(args.pairs, "w", encoding="utf-8"))  # noqa: SIM115
            except OSError as exc:
                raise ValueError(f"--pairs: cannot write {args.pairs}: {exc.strerror}") from None
        rep = run_arena(specs[0], specs[1], args.rules, args.deals, args.seed, args.jobs,
                        progress=not args.no_progress, trump_by=args.trump_by, pairs_out=pairs_out,
                        first=args.from_deal)
    if args.json:
        print(json.dumps(rep))
    else:
        print(format_report(rep))
    return 0
