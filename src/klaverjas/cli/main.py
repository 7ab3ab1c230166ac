"""The ``klaverjas`` command: a stable contract other programs rely on.

Every subcommand writes JSON on stdout, one object per line.  Bad input ends
with exit status 2 and one line on stderr naming what is wrong, never a
traceback.  Subcommands live in sibling modules, each exposing
``register(subparsers)``; the list below is the only place that names them.

``pip install klaverjas`` brings the rules engine alone; a command that needs
an extra (``klaverjas[solver]``, ``klaverjas[web]``) checks for it before it
runs and names the extra to install (exit status 2) when it is missing.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence

# Modules that add subcommands; each has register(subparsers) and sets a `func` default.
COMMAND_MODULES = [
    "klaverjas.cli.rules_cmds",
    "klaverjas.cli.solve_cmds",
    "klaverjas.cli.bot_cmds",
    "klaverjas.cli.serve_cmds",
    "klaverjas.cli.dataset_cmds",
]

# The modules each extra of pyproject.toml brings that the commands import (a missing one names its extra).
EXTRA_MODULES = {
    "solver": ("numpy", "tqdm"),
    "web": ("fastapi", "starlette", "uvicorn", "websockets", "pydantic"),
    "rl": ("pettingzoo", "gymnasium"),
}
# The extras a command needs; the rules commands (legal, score, replay, demo) and `bot` need none
# (`bot --level strong` needs the solver: the level is listed only when it is installed).
COMMAND_EXTRAS = {
    "solve": ("solver",),
    "analyse": ("solver",),
    "arena": ("solver",),
    "dataset": ("solver",),
    "serve": ("web", "solver"),
}


class CliError(Exception):
    """Bad input: reported on stderr with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"klaverjas: {message}\n")
        raise SystemExit(2)


def missing_extra(command: str) -> str | None:
    """The message naming the extra ``command`` needs and lacks, or None when all is installed."""
    for extra in COMMAND_EXTRAS.get(command, ()):
        for module in EXTRA_MODULES[extra]:
            if importlib.util.find_spec(module) is None:
                return extra_message(command, extra, module)
    return None


def extra_message(command: str, extra: str, module: str) -> str:
    return (f"klaverjas {command} needs the {extra} extra ({module} is not installed): "
            f"pip install 'klaverjas[{extra}]'")


def _extra_of(module: str) -> str | None:
    top = module.partition(".")[0]
    return next((extra for extra, modules in EXTRA_MODULES.items() if top in modules), None)


def _version() -> str:
    from klaverjas import __version__

    return f"klaverjas {__version__}"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="klaverjas", description="Klaverjas rules engine, solver, bots and web app")
    parser.add_argument("--version", action="version", version=_version())
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
    missing = missing_extra(args.command)
    if missing is not None:
        sys.stderr.write(missing + "\n")
        return 2
    try:
        result = args.func(args)
    except (CliError, ValueError) as exc:
        sys.stderr.write(f"klaverjas {args.command}: {exc}\n")
        return 2
    except ModuleNotFoundError as exc:
        # A module of an extra that a command imports without COMMAND_EXTRAS saying so: still no traceback.
        extra = _extra_of(exc.name or "")
        if extra is None:
            raise
        sys.stderr.write(extra_message(args.command, extra, exc.name or "") + "\n")
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    return int(result or 0)


if __name__ == "__main__":
    raise SystemExit(main())
