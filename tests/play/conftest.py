"""A real server on 127.0.0.1 for the play tests, and helpers to read frames."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import live_server

from klaverjas.web.play.frames import SERVER_FRAME, frame_json

CARD = re.compile(r"^[789TJQKA][CDHS]$")


def cards_in(obj: Any) -> set[str]:
    """Every card name anywhere in a JSON value."""
    if isinstance(obj, str):
        return {obj} if CARD.match(obj) else set()
    if isinstance(obj, dict):
        return set().union(*(cards_in(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(cards_in(v) for v in obj)) if obj else set()
    return set()


class LeakChecker:
    """Feeds on the frames one seat receives, in order; fails on any card it may not know yet."""

    def __init__(self) -> None:
        self.own: set[str] = set()
        self.played: set[str] = set()
        self.frames = 0

    def feed(self, frame: dict[str, Any]) -> None:
        self.frames += 1
        for event in frame.get("events", []):
            if event["type"] == "deal":
                self.own, self.played = set(), set()
            elif event["type"] == "hand":
                self.own = set(event["cards"])
            elif event["type"] == "card":
                self.played.add(event["card"])
        state = frame.get("state") or {}
        if "hand" in state and not self.own:  # a first snapshot after a reconnect
            self.own = {c["card"] for c in state["hand"]} | self.played
        for entry in state.get("trick", []):
            self.played.add(entry["card"])
        if state.get("phase") in ("deal_over", "match_over"):
            return  # the deal is over: every card has been played and may be shown
        leaked = cards_in(frame) - self.own - self.played
        assert not leaked, f"frame {self.frames} shows hidden cards {sorted(leaked)}"


@pytest.fixture
def server(tmp_path: Path, solver_ready: bool) -> Iterator[str]:
    with live_server(tmp_path / "play.db") as url:
        yield url


def move_for(state: dict[str, Any]) -> dict[str, Any]:
    """A legal move for the player whose state this is: the last trump option, or the first legal card."""
    if state["phase"] == "trump":
        return {"type": "trump", **state["options"][-1]}
    return {"type": "card", "card": state["legal"][0]}


def check_frame(frame: dict[str, Any]) -> None:
    """A server frame is one of the documented frame models, with nothing more and nothing lost."""
    model = SERVER_FRAME.validate_python(frame)
    assert frame_json(model) == frame
