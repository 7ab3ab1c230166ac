"""The ``klaverjas`` command: a stable contract other programs rely on.

Every subcommand writes JSON on stdout, one object per line.  Bad input ends
with exit status 2 and one line on stderr naming what is wrong, never a
traceback.  Subcommands live in sibling modules, each exposing
``register(subparsers)``; the list below is the only place that names them.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Modules that add subcommands; each has register(subparsers) and sets a `func` default.
COMMAND_MODULES = [
    "klaverjas.cli.rules_cmds",
    "klaverjas.cli.solve_cmds",
    "klaverjas.cli.bot_cmds",
    "klaverjas.cli.serve_cmds",
]


class CliError(Exception):
    """Bad input: reported on stderr with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"klaverjas: {message}\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="klaverjas", description="Klaverjas rules engine, solver, bots and web app")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue  # that part of the project is not there yet
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result = args.func(args)
    except (CliError, ValueError) as exc:
        sys.stderr.write(f"klaverjas {args.command}: {exc}\n")
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    return int(result or 0)


if __name__ == "__main__":
    raise SystemExit(main())
