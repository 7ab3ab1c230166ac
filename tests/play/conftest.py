"""A real server on 127.0.0.1 for the play tests, and helpers to read frames."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import live_server

from klaverjas.bots.texts import PUBLIC, TEXTS
from klaverjas.core import card_name
from klaverjas.core.texts import LANGS, card_words, placeholders
from klaverjas.web.play.frames import SERVER_FRAME, frame_json

CARD = re.compile(r"^[789TJQKA][CDHS]$")
DECISIONS = ("bid", "card", "claim", "verzaakt")
HELD_BACK = TEXTS["held_back"]
CARD_WORDS = {card_name(c): [card_words(c, lang) for lang in LANGS] for c in range(32)}
RULE_MARK = {lang: TEXTS["search_rule"][lang].split("{")[0] for lang in LANGS}  # " Rule of thumb: "


def template_pattern(template: str) -> re.Pattern[str]:
    """A text template as a pattern its renderings match in full (each fact: any words)."""
    parts = re.split(r"\{[^}]*\}", template)
    return re.compile("(?:.*?)".join(re.escape(part) for part in parts), re.IGNORECASE | re.DOTALL)


PATTERNS = {lang: {code: template_pattern(text[lang]) for code, text in TEXTS.items() if code != "search_rule"}
            for lang in LANGS}
assert all(placeholders(TEXTS["search_rule"][lang]) == {"rule"} for lang in LANGS)


def text_ids(text: str, lang: str) -> list[set[str]]:
    """For each part of a reason (a search figure, then " Rule of thumb: " and the rule), the ids of the texts
    that part could be a rendering of."""
    return [{code for code, pattern in PATTERNS[lang].items() if pattern.fullmatch(part.strip())}
            for part in text.split(RULE_MARK[lang].strip())]


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
    """Feeds on the frames one seat receives, in order; fails on any card it may not know yet, by its name
    ("JH") anywhere or in words ("the jack of hearts", "harten boer") in a computer player's reason, and on a
    reason said live that is not made only of public texts (one that tells of a hidden hand must be held
    back until the deal is over)."""

    def __init__(self) -> None:
        self.own: set[str] = set()
        self.played: set[str] = set()
        self.frames = 0
        self.reasons = 0  # reasons said live and checked

    def feed(self, frame: dict[str, Any]) -> None:
        self.frames += 1
        state = frame.get("state") or {}
        if "hand" in state and not self.own:  # a first snapshot after a reconnect: what it holds now is its own
            self.own = {c["card"] for c in state["hand"]}
        for event in frame.get("events", []):
            if event["type"] == "deal":
                self.own, self.played = set(), set()
            elif event["type"] == "hand":
                self.own = set(event["cards"])
            elif event["type"] == "card":
                self.played.add(event["card"])
            self.check_reason(event)  # against what this seat knew when the event happened
        if "hand" in state:
            self.own |= {c["card"] for c in state["hand"]}
        for entry in state.get("trick", []):
            self.played.add(entry["card"])
        if state.get("phase") in ("deal_over", "match_over"):
            return  # the deal is over: every card has been played and may be shown
        leaked = cards_in(frame) - self.own - self.played
        assert not leaked, f"frame {self.frames} shows hidden cards {sorted(leaked)}"

    def check_reason(self, event: dict[str, Any]) -> None:
        why = event.get("why")
        if event["type"] not in DECISIONS or why is None or why == HELD_BACK:
            return
        self.reasons += 1
        known = self.own | self.played
        for lang in LANGS:
            text = why[lang].lower()
            named = [card for card, words in CARD_WORDS.items() if card not in known
                     and any(re.search(rf"\b{re.escape(w)}\b", text) for w in words)]
            assert not named, f"frame {self.frames}: a reason names hidden cards {named}: {why[lang]!r}"
            for ids in text_ids(why[lang], lang):
                assert ids and ids <= PUBLIC, (
                    f"frame {self.frames}: a reason said live that is not public ({sorted(ids) or 'no text'}): "
                    f"{why[lang]!r}")


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
