"""Computer players say why: over a WebSocket, whole seeded deals of each level, every decision event of a
computer player carries its reason in both languages (said live, or said to come after the deal and then
given in full by ``deal_end``), no event of a person does, and the deal review gives each computer player's card
its reason."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from klaverjas.bots.strong import available
from klaverjas.web import create_app

from .conftest import check_frame, move_for

DECISIONS = ("bid", "card", "claim", "verzaakt")


def play_deal(client: TestClient, level: str, seed: int, rules: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """One deal (the match ends after it) with three computer players of ``level`` and South; every event."""
    game = client.post("/api/play", json={"pace": 0, "seed": seed, "levels": [level] * 3, "match_end": "deals:1",
                                          **rules}).json()
    events: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
        while True:
            frame = ws.receive_json()
            check_frame(frame)
            assert frame["type"] != "error", frame
            events += frame["events"]
            state = frame["state"]
            if state["phase"] == "match_over":
                return game, events
            if "claim_offer" in state:
                ws.send_json({"type": "claim", "roem": 0})
            elif state["to_move"] == "S":
                ws.send_json(move_for(state))


HELD_BACK = {"en": "Reason shown after the deal.", "nl": "Reden volgt na het spel."}


def full_reasons(events: list[dict[str, Any]]) -> dict[int, dict[str, str]]:
    """Every computer player's reason by the seq of its event, in full: said live, or held back by its event and
    given by the deal's ``deal_end`` (each held-back reason exactly once, none that was said live)."""
    reasons: dict[int, dict[str, str]] = {}
    held: set[int] = set()
    for event in events:
        if event["type"] in DECISIONS and "why" in event:
            if event["why"] == HELD_BACK:
                held.add(event["seq"])
            else:
                reasons[event["seq"]] = event["why"]
        elif event["type"] == "deal_end":
            given = [r["seq"] for r in event["reasons"]]
            assert sorted(given) == sorted(held), (given, held)
            reasons.update({r["seq"]: r["why"] for r in event["reasons"]})
            held = set()
    assert not held, f"reasons never given after the deal: {sorted(held)}"
    return reasons


def check_reasons(events: list[dict[str, Any]]) -> int:
    """Every computer player's decision has a reason in both languages (live, or after the deal); South's have
    none."""
    decisions = 0
    reasons = full_reasons(events)
    for event in events:
        if event["type"] not in DECISIONS:
            continue
        if event["seat"] == "S":
            assert "why" not in event and event["seq"] not in reasons, event
            continue
        assert event.get("why"), event
        why = reasons[event["seq"]]
        assert set(why) == {"en", "nl"}, event
        assert why["en"].strip() and why["nl"].strip() and why["en"] != why["nl"], event
        assert why != HELD_BACK, event
        decisions += 1
    return decisions


def review_of(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    mine = {"token": game["token"]}
    client.get(f"/api/play/{game['id']}/review/1", params=mine)
    runtime = client.app.state.play.tables[game["id"]]  # type: ignore[attr-defined]
    task = runtime.table.review_cache[1]
    if isinstance(task, asyncio.Task):
        assert client.portal is not None
        client.portal.call(lambda: asyncio.wait_for(asyncio.shield(task), 240))
    review: dict[str, Any] = client.get(f"/api/play/{game['id']}/review/1", params=mine).json()
    return review


CLAIMED = {"roem_claim": "claimed"}


# The strong level plays one deal (claimed roem, so its claims are seen too); the others six.
@pytest.mark.parametrize(("level", "deals"), [
    ("random", [(seed, rules) for seed in range(1, 4) for rules in ({}, CLAIMED)]),
    ("basic", [(seed, rules) for seed in range(1, 4) for rules in ({}, CLAIMED)]),
    ("strong", [(2, CLAIMED)])])
def test_every_decision_of_a_computer_player_says_why(tmp_path: Path, level: str, deals: Any) -> None:
    if level == "strong" and not available():
        pytest.skip("the strong level needs the solver")
    with TestClient(create_app(tmp_path / "k.db")) as client:
        kinds: set[str] = set()
        reasons: set[str] = set()
        for seed, rules in deals:
            game, events = play_deal(client, level, seed, rules)
            assert check_reasons(events) >= 24  # 24 cards at least, and the bids and claims
            kinds |= {e["type"] for e in events if e["type"] in DECISIONS and e["seat"] != "S"}
            review = review_of(client, game)
            assert review["available"] and len(review["cards"]) == 32
            cards = [e for e in events if e["type"] == "card"]
            full = full_reasons(events)
            for reviewed, played in zip(review["cards"], cards, strict=True):
                assert reviewed["card"] == played["card"]
                assert reviewed["why"] == full.get(played["seq"])
                assert (reviewed["why"] is None) == (reviewed["seat"] == "S")
            reasons |= {why["en"] for why in full.values()}
        assert {"bid", "card", "claim"} <= kinds
        # Each level gives its own kind of reason.
        mark = {"random": "A random choice", "basic": "Play the ", "strong": "likely deals"}[level]
        assert any(mark in reason for reason in reasons)


def test_a_renege_call_says_why(tmp_path: Path) -> None:
    # South plays an illegal card where the rules allow it; the opponent that calls it says what it saw.
    with TestClient(create_app(tmp_path / "k.db")) as client:
        for seed in range(1, 20):
            game = client.post("/api/play", json={"pace": 0, "seed": seed, "illegal_cards": "allow",
                                                  "match_end": "deals:1"}).json()
            with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
                events: list[dict[str, Any]] = []
                while True:
                    frame = ws.receive_json()
                    events += frame.get("events", [])
                    state = frame["state"]
                    if state["phase"] == "match_over":
                        break
                    if state["to_move"] != "S":
                        continue
                    if state["phase"] == "play":
                        wrong = [c["card"] for c in state["hand"] if c["card"] not in state["legal"]]
                        ws.send_json({"type": "card", "card": (wrong or state["legal"])[0]})
                    else:
                        ws.send_json(move_for(state))
            calls = [e for e in events if e["type"] == "verzaakt"]
            if calls:
                call = calls[0]
                assert call["seat"] in "EW" and call["team"] == "NS"
                assert call["why"]["en"].startswith("Verzaakt! South played the ")
                assert call["why"]["nl"].startswith("Verzaakt! Zuid speelde ")
                check_reasons(events)
                return
    raise AssertionError("no renege was called in 19 deals")
