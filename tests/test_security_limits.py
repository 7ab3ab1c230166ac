"""Rate limits: a flood of new games, tables, sheets, joins, code guesses, reviews, hints or chat gets 429
(or an error frame) with the seconds to wait, per address and per token; sockets per address are capped.
The limits are set low here; the defaults (far higher) are what a person at a table never reaches."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from klaverjas.web import create_app
from klaverjas.web.limits import Limiter, Limits, Rate

LOW = Limits(create=Rate(3, 6), join=Rate(2, 6), lookup=Rate(4, 6), wrong_code=Rate(3, 6), review=Rate(2, 6),
             hint=Rate(2, 6), chat=Rate(3, 6), sockets=3)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "k.db", limits=LOW), headers={"X-Klaverjas": "1"}) as c:
        yield c


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_token_bucket() -> None:
    clock = Clock()
    limiter = Limiter(Limits(create=Rate(2, 30)), clock=clock)  # two at once, then one every 2 s
    assert limiter.take("create", "ip:a") == 0 and limiter.take("create", "ip:a") == 0
    assert limiter.take("create", "ip:a") == pytest.approx(2.0)
    assert limiter.take("create", "ip:b") == 0  # another address has its own bucket
    clock.now = 1.0
    assert limiter.take("create", "ip:a") == pytest.approx(1.0)
    clock.now = 2.0
    assert limiter.take("create", "ip:a") == 0
    clock.now = 100.0  # refills up to the burst, never beyond
    assert [limiter.take("create", "ip:a") for _ in range(3)][-1] > 0
    # One request takes from the address's bucket and the token's; either empty refuses it, taking nothing.
    assert limiter.take("create", "ip:c", "token:t") == 0 and limiter.take("create", "ip:d", "token:t") == 0
    assert limiter.take("create", "ip:e", "token:t") > 0
    assert limiter.take("create", "ip:e") == 0


def test_a_flood_of_new_games_tables_and_sheets_gets_429(client: TestClient) -> None:
    made = [client.post("/api/play", json={"pace": 0}).status_code for _ in range(3)]
    assert made == [201, 201, 201]
    r = client.post("/api/play", json={"pace": 0})
    assert r.status_code == 429 and r.json()["code"] == "rate_limited"
    assert 1 <= int(r.headers["retry-after"]) <= 10
    # Games, tables and sheets share the bucket of new things.
    assert client.post("/api/sheets", json={}).status_code == 429
    assert client.post("/api/tables", json={"name": "A", "pace": 0}).status_code == 429


def test_joins_and_code_guesses_are_limited(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db", limits=LOW)) as c:
        table = c.post("/api/tables", json={"name": "Anna", "seat": "S", "pace": 0}).json()
        code = table["code"]
        assert c.get(f"/api/tables/{code}").status_code == 200
        wrong = [c.get("/api/tables/ZZZZZZ").status_code for _ in range(3)]
        assert wrong == [404, 404, 404]
        # Three wrong codes: now even the right code waits, and so does a join with a guess.
        r = c.get(f"/api/tables/{code}")
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert c.post("/api/tables/ZZZZZZ/join", json={"name": "Eve", "seat": "N"}).status_code == 429
    with TestClient(create_app(tmp_path / "j.db", limits=LOW)) as c:
        code = c.post("/api/tables", json={"name": "Anna", "seat": "S", "pace": 0}).json()["code"]
        joins = [c.post(f"/api/tables/{code}/join", json={"name": "Bo", "seat": s}).status_code for s in "NEW"]
        assert joins[:2] == [201, 201] and joins[2] == 429


def test_guessed_invitations_count_as_wrong_codes_and_the_refusal_says_why_in_every_language(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "i.db", limits=LOW)) as c:
        code = c.post("/api/tables", json={"name": "Anna", "seat": "S", "pace": 0}).json()["code"]
        asked = c.post(f"/api/tables/{code}/invitation", json={"invite": "guess-1"}).status_code
        joined = c.post(f"/api/tables/{code}/join", json={"name": "Eve", "invite": "guess-2"}).status_code
        assert (asked, joined) == (403, 403)
        assert c.get("/api/tables/ZZZZZZ").status_code == 404
        # Two wrong secrets and a wrong code: the table's own code waits now, the refusal saying so in both languages.
        r = c.get(f"/api/tables/{code}")
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        seconds = r.headers["retry-after"]
        assert r.json()["reason"] == {
            "en": f"Too many wrong table codes or invitations from this address; try again in {seconds} s.",
            "nl": f"Te veel verkeerde tafelcodes of uitnodigingen vanaf dit adres; probeer het over {seconds} s "
                  "opnieuw."}
        assert r.json()["detail"] == r.json()["reason"]["en"]


def finished_game(client: TestClient) -> tuple[str, str]:
    """A game whose first deal is over (the player's cards played by the test)."""
    game = client.post("/api/play", json={"pace": 0, "seed": 5}).json()
    with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
        while True:
            frame = ws.receive_json()
            state = frame.get("state", {})
            if state.get("phase") in ("deal_over", "match_over"):
                return game["id"], game["token"]
            if state.get("to_move") == "S" and state.get("seat") == "S":
                if state["phase"] == "trump":
                    ws.send_json({"type": "trump", **state["options"][-1]})
                elif state["phase"] == "play" and state.get("legal"):
                    ws.send_json({"type": "card", "card": state["legal"][0]})


def test_reviews_are_limited(client: TestClient) -> None:
    game_id, token = finished_game(client)
    codes = [client.get(f"/api/play/{game_id}/review/1?token={token}").status_code for _ in range(3)]
    assert codes[:2] == [200, 200] and codes[2] == 429


def test_hints_and_chat_on_the_socket_are_limited(client: TestClient) -> None:
    host = client.post("/api/tables", json={"name": "Anna", "seat": "S", "pace": 0}).json()
    with client.websocket_connect(f"/ws/play/{host['id']}?token={host['token']}") as ws:
        ws.receive_json()
        for i in range(3):
            ws.send_json({"type": "chat", "text": f"m{i}"})
            assert ws.receive_json()["type"] == "update"
        ws.send_json({"type": "chat", "text": "one too many"})
        frame = ws.receive_json()
        assert frame["type"] == "error" and frame["code"] == "rate_limited" and frame["retry_after"] >= 1
        answers = []
        for _ in range(3):
            ws.send_json({"type": "hint"})
            answers.append(ws.receive_json())
        assert answers[2]["code"] == "rate_limited" and answers[2]["retry_after"] >= 1
        assert all(a.get("code") != "rate_limited" for a in answers[:2])


def test_sockets_per_address_are_capped(client: TestClient) -> None:
    game = client.post("/api/play", json={"pace": 0}).json()
    url = f"/ws/play/{game['id']}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b, client.websocket_connect(url) as c:
        for ws in (a, b, c):
            assert ws.receive_json()["type"] == "state"
        with client.websocket_connect(url) as d:
            frame = d.receive_json()
            assert frame["code"] == "too_many_sockets" and frame["retry_after"] >= 1
            with pytest.raises(WebSocketDisconnect) as closed:
                d.receive_json()
            assert closed.value.code == 4429
    with client.websocket_connect(url) as again:  # closed sockets no longer count
        assert again.receive_json()["type"] == "state"


def test_serve_scales_the_limits() -> None:
    from klaverjas.cli.main import build_parser

    assert build_parser().parse_args(["serve"]).limit_scale == 1
    assert build_parser().parse_args(["serve", "--limit-scale", "10"]).limit_scale == 10
    assert Limits().scaled(10).create == Rate(Limits().create.burst * 10, Limits().create.per_minute * 10)
    assert Limits().scaled(10).sockets == Limits().sockets * 10
    for bad in ("0", "x", "-1"):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["serve", "--limit-scale", bad])
