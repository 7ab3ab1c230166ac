"""Tables with friends: four WebSocket clients, reconnects, a computer player standing in, spectators,
chat, and hostile messages that change nothing."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from klaverjas.web import create_app

from .conftest import LeakChecker, check_frame, move_for

SEATS = "NESW"
PAGE = {"X-Klaverjas": "1"}  # the header the pages send with every state-changing request


class Player:
    def __init__(self, client: TestClient, game_id: str, token: str | None, seat: str | None, since: int = 0):
        self.seat = seat
        self.token = token
        self.checker = LeakChecker()
        query = f"?since={since}" + (f"&token={token}" if token else "")
        self.context = client.websocket_connect(f"/ws/play/{game_id}{query}")
        self.ws = self.context.__enter__()
        self.state = self.read()["state"]

    def read(self) -> dict[str, Any]:
        frame: dict[str, Any] = self.ws.receive_json()
        check_frame(frame)
        if frame["type"] in ("state", "update"):
            self.checker.feed(frame)
            self.state = frame["state"]
        return frame

    def close(self) -> None:
        self.context.__exit__(None, None, None)


def make_table(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"name": "Anna", "seat": "S", "pace": 0, "seed": 3, **body},
                           headers=PAGE)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def join(client: TestClient, code: str, name: str, seat: str) -> dict[str, Any]:
    response = client.post(f"/api/tables/{code}/join", json={"name": name, "seat": seat}, headers=PAGE)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def seat_four(client: TestClient, **body: Any) -> tuple[dict[str, Any], dict[str, Player]]:
    host = make_table(client, **body)
    assert len(host["code"]) == 6 and host["link"] == f"/t/{host['code']}#token={host['token']}"
    players = {"S": Player(client, host["id"], host["token"], "S")}
    assert players["S"].state["phase"] == "lobby"
    for name, seat in (("Bram", "W"), ("Cor", "N"), ("Dirk", "E")):
        joined = join(client, host["code"], name, seat)
        for p in players.values():
            p.read()  # the seat event
        players[seat] = Player(client, joined["id"], joined["token"], seat)
    return host, players


def act(players: dict[str, Player], seat: str, message: dict[str, Any]) -> None:
    """One action; every connected player receives exactly one update (no computer players here)."""
    players[seat].ws.send_json(message)
    for p in players.values():
        frame = p.read()
        assert frame["type"] == "update", frame


def test_four_friends_play_a_whole_match(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        host, players = seat_four(client)
        assert client.get(f"/api/tables/{host['code']}").json()["seats"][0]["name"] == "Cor"
        assert client.post(f"/api/tables/{host['code']}/join", json={"name": "Eve", "seat": "N"},
                           headers=PAGE).status_code == 409
        # Only the host starts.
        players["N"].ws.send_json({"type": "start"})
        assert players["N"].read()["code"] == "not_host"
        act(players, "S", {"type": "start"})
        moves = 0
        while players["S"].state["phase"] != "match_over":
            state = players["S"].state
            if state["phase"] == "deal_over":
                act(players, "S", {"type": "next"})
                continue
            mover = state["to_move"]
            act(players, mover, move_for(players[mover].state))
            moves += 1
        sheet = players["N"].state["sheet"]
        assert len(sheet["rows"]) == 16 and moves > 16 * 32
        public = ("seq", "phase", "sheet", "seats", "chat")
        assert all({k: p.state[k] for k in public} == {k: sheet_state[k] for k in public}
                   for p in players.values() for sheet_state in [players["S"].state])
        for p in players.values():
            assert p.checker.frames > 500
            p.close()


def test_reconnect_mid_trick_and_a_spectator(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        host, players = seat_four(client)
        act(players, "S", {"type": "start"})
        while not (players["S"].state["phase"] == "play" and len(players["S"].state["trick"]) == 2):
            mover = players["S"].state["to_move"]
            act(players, mover, move_for(players[mover].state))
        mover = players["S"].state["to_move"]
        away = players.pop(mover)
        seq = away.state["seq"]
        away.close()
        # The table goes on without him only when it is someone else's turn: it is his, so it waits.
        link = client.post(f"/api/tables/{host['code']}/spectate", json={},
                           headers={**PAGE, "Authorization": f"Bearer {host['token']}"}).json()["link"]
        assert link.startswith(f"/t/{host['code']}#watch=")
        watcher = Player(client, host["id"], link.partition("#watch=")[2], None)
        assert watcher.state["seat"] is None and "hand" not in watcher.state
        assert watcher.state["code"] is None and watcher.state["chat"] == []
        assert len(watcher.state["trick"]) == 2
        back = Player(client, host["id"], away.token, mover, since=seq)
        assert back.state["trick"] == watcher.state["trick"] and back.state["to_move"] == mover
        players[mover] = back
        back.ws.send_json(move_for(back.state))
        for p in [*players.values(), watcher]:
            assert p.read()["type"] == "update"
        assert len(watcher.state["trick"]) == 3
        watcher.ws.send_json({"type": "card", "card": "JH"})
        assert watcher.read()["code"] == "spectator"
        for p in [*players.values(), watcher]:
            p.close()


def test_an_absent_player_is_replaced_and_takes_his_seat_back(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        host, players = seat_four(client, away_limit=1)
        act(players, "S", {"type": "start"})
        west = players.pop("W")
        west.close()
        deadline = time.time() + 15
        # Everyone else keeps playing; after a second a computer player sits in for West and plays his cards.
        while time.time() < deadline:
            state = players["S"].state
            if any(s["seat"] == "W" and s["replaced"] for s in state["seats"]) and any(
                    e.get("seat") == "W" for e in state.get("bids", [])) or (
                    state["phase"] == "play" and state["hand_counts"]["W"] < 8):
                break
            mover = state["to_move"]
            if mover in players and (mover != "W"):
                act(players, mover, move_for(players[mover].state))
            else:
                for p in players.values():
                    p.read()
        state = players["S"].state
        assert any(s["seat"] == "W" and s["replaced"] for s in state["seats"])
        back = Player(client, host["id"], west.token, "W")
        assert not any(s["seat"] == "W" and s["replaced"] for s in back.state["seats"])
        for p in players.values():
            while not any(s["seat"] == "W" and not s["replaced"] for s in p.state["seats"]) or \
                    p.state["seq"] < back.state["seq"]:
                p.read()
        for p in [*players.values(), back]:
            p.close()


def test_chat_is_text_rate_limited_and_length_limited(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        host, players = seat_four(client)
        act(players, "N", {"type": "chat", "text": "<script>alert(1)</script> hoi"})
        assert players["E"].state["chat"][-1] == {"seat": "N", "name": "Cor", "text": "<script>alert(1)</script> hoi"}
        players["N"].ws.send_json({"type": "chat", "text": "x" * 201})
        assert players["N"].read()["code"] == "too_long"
        for i in range(4):
            act(players, "N", {"type": "chat", "text": f"m{i}"})
        players["N"].ws.send_json({"type": "chat", "text": "one too many"})
        assert players["N"].read()["code"] == "rate_limited"
        for p in players.values():
            p.close()


def test_table_survives_restart_and_tokens_are_needed(tmp_path: Path) -> None:
    db = tmp_path / "k.db"
    with TestClient(create_app(db)) as client:
        host, players = seat_four(client)
        act(players, "S", {"type": "start"})
        for _ in range(5):
            mover = players["S"].state["to_move"]
            act(players, mover, move_for(players[mover].state))
        seq = players["S"].state["seq"]
        tokens = {s: p.token for s, p in players.items()}
        for p in players.values():
            p.close()
    with TestClient(create_app(db)) as client:
        again = {s: Player(client, host["id"], tokens[s], s, since=seq) for s in SEATS}
        assert all(p.state["seq"] == seq for p in again.values())
        mover = again["S"].state["to_move"]
        other = next(s for s in SEATS if s != mover)
        # Acting for another seat: the server knows seats only by their tokens.
        again[other].ws.send_json(move_for(again[mover].state))
        assert again[other].read()["code"] in ("not_your_turn", "illegal", "not_in_hand", "refused")
        assert client.get(f"/api/play/{host['id']}", params={"token": "x" * 24}).status_code == 404
        for p in again.values():
            p.close()
        assert client.get("/api/tables/ZZZZZZ").status_code == 404
        assert client.get("/api/tables/<>").status_code == 404
        assert client.post(f"/api/tables/{host['code']}/join", json={"name": "", "seat": "N"},
                           headers=PAGE).status_code == 422


HOSTILE = st.one_of(
    st.text(max_size=300),
    st.binary(max_size=64).map(lambda b: b.decode("latin-1")),
    st.fixed_dictionaries({"type": st.sampled_from(["card", "trump", "claim", "verzaakt", "undo", "next", "start",
                                                    "chat", "hint", "teleport"])},
                          optional={"card": st.one_of(st.text(max_size=6), st.integers(), st.none()),
                                    "action": st.one_of(st.text(max_size=8), st.integers()),
                                    "suit": st.text(max_size=3), "roem": st.one_of(st.integers(), st.text(max_size=3)),
                                    "text": st.text(max_size=50), "seat": st.sampled_from(list(SEATS)),
                                    "token": st.text(max_size=30)}).map(json.dumps),
    st.integers(min_value=1, max_value=5).map(lambda n: "[" * (n * 1000)),
    st.just(json.dumps({"type": "chat", "text": "y" * 100_000})),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(frames=st.lists(HOSTILE, min_size=1, max_size=6), who=st.sampled_from(["N", "E", "W"]))
def test_hostile_messages_never_break_a_table(tmp_path_factory: Any, frames: list[str], who: str) -> None:
    with TestClient(create_app(tmp_path_factory.mktemp("h") / "k.db")) as client:
        host, players = seat_four(client)
        act(players, "S", {"type": "start"})
        before = players["S"].state
        mover = before["to_move"]
        sender = players[who]
        sender.ws.send_bytes(b"\x00\xff binary")
        assert sender.read()["code"] == "bad_message"
        for frame in frames:
            sender.ws.send_text(frame)
            reply = sender.read()
            if reply["type"] == "update":  # a valid chat or a valid move by the player to move
                for name, p in players.items():
                    if name != who:
                        p.read()
        after = players["S"].state
        moved = after["seq"] != before["seq"]
        if moved:
            # Only the player to move could change the game; chat is the one thing others may add.
            kinds = [e for e in after.get("chat", [])]
            assert who == mover or len(kinds) > len(before.get("chat", []))
        pong = sender
        pong.ws.send_json({"type": "ping"})
        while (reply := pong.read())["type"] != "pong":
            pass
        for p in players.values():
            p.close()


def test_abandoned_tables_expire(tmp_path: Path) -> None:
    db = tmp_path / "k.db"
    with TestClient(create_app(db)) as client:
        old = make_table(client)
        fresh = make_table(client, seed=4)
        service = client.app.state.play  # type: ignore[attr-defined]
        with service.store.db.transaction() as connection:  # backdate one table: nobody touched it for 8 days
            connection.execute(text("UPDATE games SET updated = '2000-01-01T00:00:00+00:00' WHERE id = :id"),
                               {"id": old["id"]})
        assert service.expire(max_idle_days=7) == 1
        assert client.get(f"/api/tables/{old['code']}").status_code == 404
        assert client.get(f"/api/tables/{fresh['code']}").status_code == 200
