"""Another match at the end of a match, on a real server: against the computer a new game with the same
settings; at a table with friends the host's next match at this table, where each person's client is handed
its own new seat token (and nobody else's) through the old table's events, and the old match stays as it was."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.conftest import live_server

from .conftest import move_for
from .test_trust_tables import Client, new_table, post, secret

SHORT = {"match_end": "deals:1"}  # one deal is a whole match: match over within seconds


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    with live_server(tmp_path / "rematch.db") as base:
        yield base


def play_out(clients: list[Client], within: float = 60) -> None:
    """Every seated client plays its turns (the computer players theirs) until each has seen the match end."""
    deadline = time.monotonic() + within
    sent: dict[int, int] = {}
    while not all(c.state["phase"] == "match_over" for c in clients):
        assert time.monotonic() < deadline, [c.state["phase"] for c in clients]
        for i, c in enumerate(clients):
            st = c.state
            mine = st["seat"] and st["to_move"] == st["seat"] and st["phase"] in ("trump", "play")
            if mine and sent.get(i) != st["seq"]:
                sent[i] = st["seq"]
                c.ws.send(json.dumps(move_for(st)))
        for c in clients:
            with contextlib.suppress(TimeoutError):
                c.read(timeout=0.05)


def frames_until(client: Client, kind: str, within: float = 20) -> list[dict[str, Any]]:
    """The frames a client reads until one carries an event (or is an error frame) of ``kind``."""
    frames = []
    deadline = time.monotonic() + within
    while True:
        frame = client.read(timeout=deadline - time.monotonic())
        frames.append(frame)
        if frame.get("code") == kind or any(e["type"] == kind for e in frame.get("events", [])):
            return frames


def refusal(client: Client, message: dict[str, Any]) -> dict[str, Any]:
    client.ws.send(json.dumps(message))
    while True:
        frame = client.read()
        if frame["type"] == "error":
            return frame


def rematch_of(frames: list[dict[str, Any]]) -> dict[str, Any]:
    """The one rematch event among ``frames``, as the state says it (without its seq and type)."""
    events = [e for f in frames for e in f.get("events", []) if e["type"] == "rematch"]
    assert len(events) == 1, events
    return {k: v for k, v in events[0].items() if k not in ("seq", "type")}


def test_the_host_starts_the_next_match_at_the_table_and_each_seat_gets_only_its_own_way_in(url: str) -> None:
    host = new_table(url, level="random", **SHORT)
    code = host["code"]
    joined = post(url, f"/api/tables/{code}/join", {"name": "Bram", "seat": "W"})
    assert joined.status_code == 201, joined.text
    bram_seat = joined.json()
    watch = secret(post(url, f"/api/tables/{code}/spectate", {}, host["token"]).json()["link"], "watch")
    anna = Client(url, host["id"], host["token"])
    bram = Client(url, host["id"], bram_seat["token"])
    watcher = Client(url, host["id"], watch)
    anna.ws.send(json.dumps({"type": "start"}))
    while anna.state["phase"] == "lobby":
        anna.read()
    # Before the match is over, and from anyone but the host, the request is refused with its reason.
    early = refusal(anna, {"type": "rematch"})
    assert early["code"] == "not_now" and "afgelopen" in early["reason"]["nl"] and "over" in early["reason"]["en"]
    play_out([anna, bram])
    old = httpx.get(f"{url}/api/play/{host['id']}", params={"token": host["token"]}).json()
    assert old["phase"] == "match_over" and len(old["sheet"]["rows"]) == 1
    not_host = refusal(bram, {"type": "rematch"})
    assert not_host["code"] == "not_host"
    assert "gastheer" in not_host["reason"]["nl"] and "host" in not_host["reason"]["en"]

    anna.ws.send(json.dumps({"type": "rematch"}))
    seen = {"S": frames_until(anna, "rematch"), "W": frames_until(bram, "rematch"),
            None: frames_until(watcher, "rematch")}
    mine, his, looking = rematch_of(seen["S"]), rematch_of(seen["W"]), rematch_of(seen[None])
    assert mine["id"] == his["id"] == looking["id"] and mine["code"] == his["code"] == looking["code"] != code
    assert (mine["seat"], his["seat"]) == ("S", "W") and mine["token"] != his["token"]
    assert mine["link"] == f"/t/{mine['code']}#token={mine['token']}"
    assert looking["seat"] is None and looking["token"] is None
    new_watch = secret(looking["link"], "watch")
    # Each seat's frames hold its own new token only; the spectator's hold neither.
    said = {who: json.dumps(frames) for who, frames in seen.items()}
    assert his["token"] not in said["S"] and mine["token"] not in said["W"]
    assert mine["token"] not in said[None] and his["token"] not in said[None]
    assert anna.state["rematch"] == mine and bram.state["rematch"] == his and watcher.state["rematch"] == looking

    # The new table: the same rules, names, seats and computer players' levels; started, the host the same.
    info = httpx.get(f"{url}/api/tables/{mine['code']}").json()
    before = httpx.get(f"{url}/api/tables/{code}").json()
    assert info["rules"] == before["rules"] and info["host"] == "S" and info["started"]
    assert info["phase"] in ("trump", "play") and info["seats"] == before["seats"]
    assert [(s["kind"], s["name"], s["level"]) for s in info["seats"]] == [
        ("bot", "", "random"), ("bot", "", "random"), ("human", "Anna", None), ("human", "Bram", None)]
    # The next dealer in turn deals.
    anna2 = Client(url, mine["id"], mine["token"])
    bram2 = Client(url, his["id"], his["token"])
    step = 1 if old["direction"] == "clockwise" else 3
    assert (anna2.state["seat"], bram2.state["seat"]) == ("S", "W")
    assert anna2.state["dealer"] == "NESW"[("NESW".index(old["dealer"]) + step) % 4]
    assert len(anna2.state["hand"]) == 8 and anna2.state["code"] == mine["code"]
    watcher2 = Client(url, mine["id"], new_watch)
    assert watcher2.state["seat"] is None
    # The old tokens open nothing at the new table; the new ones nothing at the old one's seats.
    assert httpx.get(f"{url}/api/play/{mine['id']}", params={"token": host["token"]}).status_code == 404
    assert httpx.get(f"{url}/api/play/{host['id']}", params={"token": mine["token"]}).status_code == 404
    # Play goes on at the new table.
    seq = anna2.state["seq"]
    play_out_until = time.monotonic() + 30
    while anna2.state["seq"] < seq + 8:
        assert time.monotonic() < play_out_until
        for c in (anna2, bram2):
            st = c.state
            if st["to_move"] == st["seat"] and st["phase"] in ("trump", "play"):
                c.ws.send(json.dumps(move_for(st)))
            with contextlib.suppress(TimeoutError):
                c.read(timeout=0.2)

    # Asked again: the same table, said to the host alone.
    anna.ws.send(json.dumps({"type": "rematch"}))
    again = rematch_of(frames_until(anna, "rematch"))
    assert (again["id"], again["code"], again["token"]) == (mine["id"], mine["code"], mine["token"])
    bram.ws.send(json.dumps({"type": "ping"}))
    late = []
    while (frame := bram.read())["type"] != "pong":
        late.append(frame)
    assert not any(e["type"] == "rematch" for f in late for e in f.get("events", []))

    # The old match is as it was: finished, its deal and review readable, listed beside the new one.
    after = httpx.get(f"{url}/api/play/{host['id']}", params={"token": host["token"]}).json()
    assert after["phase"] == "match_over" and after["sheet"] == old["sheet"]
    assert httpx.get(f"{url}/api/play/{host['id']}/deals/1", params={"token": host["token"]}).status_code == 200
    assert httpx.get(f"{url}/api/play/{host['id']}/review/1", params={"token": host["token"]}).status_code == 200
    games = httpx.get(f"{url}/api/play", params=[("token", host["token"]), ("token", mine["token"])]).json()
    assert {(g["id"], g["phase"] == "match_over") for g in games} == {(host["id"], True), (mine["id"], False)}
    for c in (anna, bram, watcher, anna2, bram2, watcher2):
        c.close()


def test_without_a_spectator_link_spectators_are_told_nothing_and_the_next_match_survives_a_restart(
        tmp_path: Path) -> None:
    db = tmp_path / "rematch.db"
    with live_server(db) as url:
        host = new_table(url, **SHORT)
        anna = Client(url, host["id"], host["token"])
        anna.ws.send(json.dumps({"type": "start"}))
        play_out([anna])
        anna.ws.send(json.dumps({"type": "rematch"}))
        event = rematch_of(frames_until(anna, "rematch"))
        anna.close()
        info = httpx.get(f"{url}/api/tables/{event['code']}").json()
        assert [s["kind"] for s in info["seats"]] == ["bot", "bot", "human", "bot"]
        assert info["phase"] in ("trump", "play")  # dealt at once
    with live_server(db) as url:
        # The old table, read back from the store, still says where the next match is, to its seat alone.
        back = Client(url, host["id"], host["token"])
        assert back.state["rematch"] == event
        back.ws.send(json.dumps({"type": "rematch"}))
        assert rematch_of(frames_until(back, "rematch")) == event
        back.close()
        assert Client(url, event["id"], event["token"]).state["seat"] == "S"


def test_another_match_against_the_computer_has_the_same_settings(url: str) -> None:
    body = {"preset": "rotterdam", "trump_selection": "free", "roem_claim": "claimed", "illegal_cards": "allow",
            "levels": ["expert", "random", "strong"], "name": "Anna", "pace": 0, **SHORT}
    created = post(url, "/api/play", body).json()
    again = f"/api/play/{created['id']}/again"
    early = post(url, again, {}, created["token"])
    assert early.status_code == 409 and "afgelopen" in early.json()["reason"]["nl"]
    assert post(url, again, {}).status_code == 403
    assert post(url, again, {}, "x" * 24).status_code == 403
    anna = Client(url, created["id"], created["token"])
    anna.play_until(lambda s: s["phase"] == "match_over")
    # At a table with friends the host asks at the table, not here; a game against the computer has no table.
    refused = refusal(anna, {"type": "rematch"})
    assert refused["code"] == "not_table" and refused["reason"]["nl"]
    anna.close()
    made = post(url, again, {}, created["token"])
    assert made.status_code == 201, made.text
    new = made.json()
    assert new["id"] != created["id"] and new["token"] != created["token"]
    old = httpx.get(f"{url}/api/play/{created['id']}", params={"token": created["token"]}).json()
    state = httpx.get(f"{url}/api/play/{new['id']}", params={"token": new["token"]}).json()
    assert state["rules"] == old["rules"] and state["phase"] in ("trump", "play")
    assert [(s["kind"], s["level"], s["name"]) for s in state["seats"]] == [
        ("bot", "expert", "North"), ("bot", "random", "East"), ("human", None, "Anna"), ("bot", "strong", "West")]
    games = httpx.get(f"{url}/api/play", params=[("token", created["token"]), ("token", new["token"])]).json()
    assert {(g["id"], g["phase"] == "match_over") for g in games} == {(created["id"], True), (new["id"], False)}


def test_a_table_with_friends_is_not_copied_by_the_computer_games_address(url: str) -> None:
    host = new_table(url, **SHORT)
    again = f"/api/play/{host['id']}/again"
    assert post(url, again, {}).status_code == 404  # the id alone: the table does not exist for the caller
    answer = post(url, again, {}, host["token"])
    assert answer.status_code == 409 and answer.json()["code"] == "not_table"
