"""docs/cli.md is the command line's contract: every command has its section there, the section (or the
page's opening, for what every command takes) names every option the command takes, its usage lines name no
option it does not take, and the sections of the commands that take a level name every level."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from klaverjas.bots.arena import levels
from klaverjas.cli.main import build_parser

DOC = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text()


def sections() -> dict[str, str]:
    """The text under each ``## name`` heading, by name."""
    parts = re.split(r"^## ", DOC, flags=re.M)[1:]
    return {part.split("\n", 1)[0].strip(): part for part in parts}


def commands() -> dict[str, argparse.ArgumentParser]:
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("klaverjas has no commands")


def options(parser: argparse.ArgumentParser) -> set[str]:
    return {flag for action in parser._actions for flag in action.option_strings
            if flag.startswith("--") and flag != "--help"}


def usage_flags(section: str, command: str) -> set[str]:
    """The options named on the section's usage lines (``    klaverjas COMMAND ...`` and their indented
    continuations)."""
    usage = re.findall(rf"^    klaverjas {command}\b.*(?:\n {{16,}}\S.*)*", section, flags=re.M)
    assert usage, f"docs/cli.md, {command}: no usage line"
    return set(re.findall(r"--[a-z][a-z-]*", "\n".join(usage)))


COMMANDS = commands()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_command_is_described_with_every_option_it_takes(command: str) -> None:
    section = sections().get(command)
    assert section is not None, f"docs/cli.md has no section for {command}"
    taken = options(COMMANDS[command])
    preamble = DOC.split("\n## ", 1)[0]  # what holds for every command (--jsonl)
    named = set(re.findall(r"--[a-z][a-z-]*", preamble + section))
    assert taken - named == set(), f"{command}: options missing from docs/cli.md"
    assert usage_flags(section, command) - taken == set(), f"{command}: docs/cli.md names options it does not take"


@pytest.mark.parametrize("command", ["bot", "arena", "dataset"])
def test_the_commands_that_take_a_level_name_every_level(command: str) -> None:
    section = sections()[command]
    assert all(f"`{level}`" in section or f"|{level}" in section or f"{level}|" in section
               for level in levels()), (command, levels())


def test_a_made_up_option_would_be_caught() -> None:
    # The check reads the parsers, not a list kept beside them: an option the parser takes and the section
    # leaves out is missing.
    parser = argparse.ArgumentParser()
    parser.add_argument("--not-described")
    assert "--not-described" in options(parser) and "--not-described" not in sections()["bot"]
