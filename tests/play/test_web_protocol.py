"""docs/web-protocol.md's transcript, replayed against a real server: every frame the server sends must match
the documented one and validate against the frame models."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from klaverjas.web.play.frames import SERVER_FRAME

from .conftest import check_frame

DOC = Path(__file__).resolve().parents[2] / "docs" / "web-protocol.md"
PLACEHOLDER = re.compile(r"^<(id|token)>$")
INSIDE = re.compile(r"<(id|token)>")  # a placeholder within a longer string: "/play/<id>#token=<token>"


def transcript() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"## Example transcript\n.*?```\n(.*?)```", text, re.S)
    assert block, "docs/web-protocol.md has no transcript"
    return [line for line in block.group(1).splitlines() if line.strip()]


def matches(expected: Any, actual: Any, where: str = "frame", partial: bool = False) -> None:
    """``actual`` is ``expected``; a documented ``state`` shows some of its fields (``partial``), and
    ``<id>``/``<token>`` stand for any string."""
    if isinstance(expected, str) and PLACEHOLDER.match(expected):
        assert isinstance(actual, str) and actual, f"{where}: {actual!r} is not an {expected}"
    elif isinstance(expected, str) and INSIDE.search(expected):
        pattern = "".join(r"[\w-]+" if INSIDE.fullmatch(part) else re.escape(part)
                          for part in re.split(r"(<id>|<token>)", expected))
        assert isinstance(actual, str) and re.fullmatch(pattern, actual), f"{where}: {actual!r} != {expected!r}"
    elif isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: {actual!r} is not an object"
        missing = set(expected) - set(actual)
        assert not missing, f"{where}: the server sent no {sorted(missing)}"
        if not partial:
            assert set(actual) == set(expected), f"{where}: undocumented fields {sorted(set(actual) - set(expected))}"
        for key, value in expected.items():
            matches(value, actual[key], f"{where}.{key}", partial=key == "state")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{where}: {actual!r} != {expected!r}"
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            matches(e, a, f"{where}[{i}]")
    else:
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"


def test_the_transcript_is_what_the_server_says(server: str) -> None:
    lines = transcript()
    assert sum(line.startswith("<") for line in lines) >= 10
    names: dict[str, str] = {}
    ws: ClientConnection | None = None
    request: tuple[str, dict[str, Any]] | None = None
    sockets = contextlib.ExitStack()
    for number, line in enumerate(lines, 1):
        where = f"transcript line {number}"
        word, _, rest = line.partition(" ")
        if word == "POST":
            path, _, body = rest.partition(" ")
            request = (path, json.loads(body))
        elif word.isdigit():
            assert request is not None, where
            answer = httpx.post(server + request[0], json=request[1])
            assert answer.status_code == int(word), answer.text
            matches(json.loads(rest), answer.json(), where)
            names = {"<id>": answer.json()["id"], "<token>": answer.json()["token"]}
        elif word == "CONNECT":
            for name, value in names.items():
                rest = rest.replace(name, value)
            ws = sockets.enter_context(connect(server.replace("http://", "ws://") + rest))
        elif word == "CLOSE":
            assert ws is not None, where
            sockets.close()
            ws = None
        elif word == ">":
            assert ws is not None, where
            ws.send(rest)
        elif word == "<":
            assert ws is not None, where
            frame = json.loads(ws.recv(timeout=30))
            check_frame(frame)
            matches(json.loads(rest), frame, where)
        else:
            raise AssertionError(f"{where}: unknown line {line!r}")
    assert ws is None, "the transcript ends with its socket closed"


def test_the_frame_models_refuse_a_frame_that_breaks_them() -> None:
    # The check the replay relies on can fail: an undocumented field or a wrong type is refused.
    import pydantic
    import pytest

    for bad in ({"type": "pong", "seq": 1, "extra": 0}, {"type": "pong", "seq": "x"},
                {"type": "error", "code": "bad_message"}, {"type": "teleport"}):
        with pytest.raises(pydantic.ValidationError):
            SERVER_FRAME.validate_python(bad)
