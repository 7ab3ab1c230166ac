"""A computer player's reason tells nobody at the table what its hidden hand holds: whole seeded deals over a
WebSocket, for the player (South, the partner of North) and a spectator, in several rule sets; every reason
said live names no card the receiver may not see and is made of public texts only, and every other reason is
held back until the deal is over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from klaverjas.bots.strong import available
from klaverjas.web import create_app

from .conftest import HELD_BACK, LeakChecker, check_frame, move_for

PRESETS: list[dict[str, Any]] = [{"preset": "amsterdam"}, {"preset": "rotterdam"},
                                 {"preset": "rotterdam", "roem_claim": "claimed"}, {"preset": "sa"}]


def play_watched(client: TestClient, level: str, seed: int, rules: dict[str, Any],
                 deals: int) -> tuple[LeakChecker, LeakChecker]:
    """``deals`` deals against three computer players of ``level``, South playing and a spectator watching; each
    receiver's frames go through its own leak checker (returned: the player's, the spectator's)."""
    game = client.post("/api/play", json={"pace": 0, "seed": seed, "levels": [level] * 3,
                                          "match_end": f"deals:{deals}", **rules}).json()
    player, spectator = LeakChecker(), LeakChecker()
    with client.websocket_connect(f"/ws/play/{game['id']}") as watch, \
            client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
        while True:
            frame = ws.receive_json()
            check_frame(frame)
            assert frame["type"] != "error", frame
            player.feed(frame)
            state = frame["state"]
            if state["phase"] == "match_over":
                break
            if state["phase"] == "deal_over":
                ws.send_json({"type": "next"})
            elif "claim_offer" in state:
                ws.send_json({"type": "claim", "roem": 0})
            elif state["to_move"] == "S":
                ws.send_json(move_for(state))
        while True:
            frame = watch.receive_json()
            spectator.feed(frame)
            if frame.get("state", {}).get("phase") == "match_over":
                break
    return player, spectator


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: "-".join(r.values()))
@pytest.mark.parametrize("level", ["basic", "strong"])
def test_no_reason_tells_of_a_hidden_hand(tmp_path: Path, level: str, rules: dict[str, Any]) -> None:
    if level == "strong" and not available():
        pytest.skip("the strong level needs the solver")
    with TestClient(create_app(tmp_path / "k.db")) as client:
        # The strong level searches every card: one deal of it (the basic level plays six per rule set).
        seeds, deals = (range(1, 4), 2) if level == "basic" else (range(1, 2), 1)
        checked = [play_watched(client, level, seed, rules, deals) for seed in seeds]
    # The checkers read the frames: both receivers got frames, and live reasons were checked (a checker
    # that never meets a reason proves nothing).
    assert all(c.frames > 10 for pair in checked for c in pair)
    if level == "basic":
        assert sum(pair[0].reasons for pair in checked) > 0


def test_the_checker_fails_on_a_reason_that_tells_of_a_hidden_hand() -> None:
    # The leaks the checker is for: a hidden card in words, and a reason about the hand said live.
    deal = {"type": "update", "state": {"phase": "trump"},
            "events": [{"seq": 1, "type": "deal"}, {"seq": 2, "type": "hand", "cards": ["JD", "QD"]}]}
    names_a_card = {"type": "update", "state": {"phase": "trump"}, "events": [
        {"seq": 3, "type": "bid", "seat": "N", "action": "play",
         "why": {"en": "Play: you hold the jack of clubs, the nel (the nine of clubs) and the ace of hearts.",
                 "nl": "Spelen: je hebt klaveren boer, de nel (klaveren negen) en harten aas."}}]}
    says_a_count = {"type": "update", "state": {"phase": "trump"}, "events": [
        {"seq": 3, "type": "bid", "seat": "N", "action": "pass",
         "why": {"en": "Pass: no suit gives you the jack, the nel and an ace, the jack, an ace and four trumps, or "
                       "six trumps.",
                 "nl": "Passen: in geen kleur heb je de boer, de nel en een aas, de boer, een aas en vier troeven, "
                       "of zes troeven."}}]}
    held = {"type": "update", "state": {"phase": "trump"}, "events": [
        {"seq": 3, "type": "bid", "seat": "N", "action": "pass", "why": dict(HELD_BACK)}]}
    for leak, words in ((names_a_card, "hidden cards"), (says_a_count, "not public")):
        checker = LeakChecker()
        checker.feed(deal)
        with pytest.raises(AssertionError, match=words):
            checker.feed(leak)
    checker = LeakChecker()
    checker.feed(deal)
    checker.feed(held)
    assert checker.reasons == 0
