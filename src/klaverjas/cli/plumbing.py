"""The commands' shared input and output: JSON out, files and JSON objects in, JSON lines."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import Any

from .main import CliError


def emit(obj: Mapping[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def read_text(path: str) -> str:
    """The file's text, or stdin's for ``-``."""
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror}") from None


def load_object(text: str, where: str) -> dict[str, Any]:
    """``text`` as a JSON object; ``where`` prefixes the message ("line 3: ")."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{where}not valid JSON ({exc.msg})") from None
    if not isinstance(obj, dict):
        raise CliError(f"{where}expected a JSON object")
    return obj


def jsonl(handler: Callable[[Mapping[str, Any]], Mapping[str, Any]]) -> int:
    """One answer per stdin line, in order; a bad line stops with its number."""
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        obj = load_object(line, f"line {number}: ")
        try:
            emit(handler(obj))
        except (CliError, ValueError) as exc:
            raise CliError(f"line {number}: {exc}") from None
    return 0
