"""Trust at tables with friends, tried from outside on a real server: seats nobody can steal, private
tables, spectator links that show the public table only, and tokens that end with their game."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.conftest import live_server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .conftest import LeakChecker, check_frame, move_for

PAGE = {"X-Klaverjas": "1"}  # the header the pages send with every state-changing request
State = dict[str, Any]


@pytest.fixture
def url(tmp_path: Path) -> Any:
    with live_server(tmp_path / "trust.db") as base:
        yield base


def post(url: str, path: str, body: dict[str, Any], token: str | None = None) -> httpx.Response:
    headers = {**PAGE, **({"Authorization": f"Bearer {token}"} if token else {})}
    return httpx.post(url + path, json=body, headers=headers)


def new_table(url: str, **body: Any) -> dict[str, Any]:
    answer = post(url, "/api/tables", {"name": "Anna", "seat": "S", "pace": 0, "seed": 5, **body})
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    return table


def secret(link: str, kind: str) -> str:
    """The secret of a link, which travels in its fragment only."""
    page, _, fragment = link.partition("#")
    assert "?" not in page and fragment.startswith(kind + "="), link
    return fragment.removeprefix(kind + "=")


class Client:
    """One WebSocket of a seat or a spectator; checks every frame against the frame models and for leaks."""

    def __init__(self, url: str, game_id: str, token: str | None):
        query = f"?token={token}" if token else ""
        self.sockets = contextlib.ExitStack()
        self.ws: ClientConnection = self.sockets.enter_context(
            connect(url.replace("http://", "ws://") + f"/ws/play/{game_id}{query}"))
        self.checker = LeakChecker()
        self.events: list[dict[str, Any]] = []
        self.state: State = self.read()["state"]

    def read(self, timeout: float = 20) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        check_frame(frame)
        if frame["type"] in ("state", "update"):
            self.checker.feed(frame)
            self.events += frame["events"]
            self.state = frame["state"]
        return frame

    def play_until(self, done: Callable[[State], bool], within: float = 30) -> State:
        """Play this seat's turns (the table's computer players play theirs) until ``done`` holds."""
        deadline = time.monotonic() + within
        sent = -1
        while not done(self.state):
            state = self.state
            if state["seat"] == state["to_move"] and state["phase"] in ("trump", "play") and sent != state["seq"]:
                sent = state["seq"]
                self.ws.send(json.dumps(move_for(state)))
            left = deadline - time.monotonic()
            assert left > 0, f"not done within {within} s: {state['phase']}, {state['to_move']} to move"
            self.read(timeout=left)
        return self.state

    def close(self) -> None:
        self.sockets.close()


def refused(url: str, game_id: str, token: str | None) -> tuple[str, int]:
    """The error code and close code of a socket the server refuses."""
    with connect(url.replace("http://", "ws://") + f"/ws/play/{game_id}" + (f"?token={token}" if token else "")) as ws:
        frame = json.loads(ws.recv(timeout=10))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None
    return frame["code"], closed.value.rcvd.code


def seat_of(state: State, seat: str) -> dict[str, Any]:
    return next(s for s in state["seats"] if s["seat"] == seat)


def started_table(url: str, **body: Any) -> tuple[dict[str, Any], Client]:
    """A table whose host (South) started it alone: computer players sit North, East and West."""
    host = new_table(url, **body)
    anna = Client(url, host["id"], host["token"])
    anna.ws.send(json.dumps({"type": "start"}))
    anna.play_until(lambda s: s["phase"] != "lobby")
    return host, anna


# --- seats nobody can steal -------------------------------------------------------------------

def test_nobody_takes_a_computer_players_seat_with_the_code_alone(url: str) -> None:
    host, anna = started_table(url)
    code = host["code"]
    for seat in "NEW":  # the partner's hand and both opponents' hands stay out of reach
        answer = post(url, f"/api/tables/{code}/join", {"name": "Eve", "seat": seat})
        assert answer.status_code == 409, answer.text
        assert "host" in answer.json()["detail"]
    assert httpx.get(f"{url}/api/tables/{code}").json()["free"] == []
    assert post(url, f"/api/tables/{code}/join", {"name": "Eve", "seat": "S"}).status_code == 409
    # Nor by watching: without the spectator link a table with friends shows nothing.
    assert refused(url, host["id"], None) == ("bad_token", 4403)
    assert all(s["kind"] == "bot" for s in anna.state["seats"] if s["seat"] != "S")
    anna.close()


def test_the_host_lets_someone_in_with_a_one_time_invitation(url: str) -> None:
    host, anna = started_table(url)
    code = host["code"]
    path = f"/api/tables/{code}/invite"
    assert post(url, path, {"seat": "N"}).status_code == 403  # no token
    assert post(url, path, {"seat": "N"}, token="forged-token").status_code == 403
    assert post(url, path, {"seat": "S"}, token=host["token"]).status_code == 409  # the host's own seat
    invitation = post(url, path, {"seat": "N"}, token=host["token"])
    assert invitation.status_code == 201, invitation.text
    invite = secret(invitation.json()["link"], "invite")
    assert invitation.json()["seat"] == "N" and invitation.json()["link"].startswith(f"/t/{code}#")
    # The invitation is for North only, and it works once.
    wrong = post(url, f"/api/tables/{code}/join", {"name": "Cor", "seat": "E", "invite": invite})
    assert wrong.status_code == 403, wrong.text
    joined = post(url, f"/api/tables/{code}/join", {"name": "Cor", "invite": invite})
    assert joined.status_code == 201, joined.text
    cor = joined.json()
    assert cor["seat"] == "N" and secret(cor["link"], "token") == cor["token"]
    again = post(url, f"/api/tables/{code}/join", {"name": "Eve", "invite": invite})
    assert again.status_code == 403, again.text
    # A non-host seat token invites nobody.
    assert post(url, path, {"seat": "E"}, token=cor["token"]).status_code == 403
    north = Client(url, cor["id"], cor["token"])
    assert north.state["seat"] == "N" and len(north.state["hand"]) == north.state["hand_counts"]["N"]
    assert seat_of(north.state, "N") == {"seat": "N", "kind": "human", "level": None, "name": "Cor",
                                         "replaced": False}
    north.close()
    anna.close()


def test_an_invitation_names_its_seat_before_anyone_joins(url: str) -> None:
    host, anna = started_table(url)
    code = host["code"]
    path = f"/api/tables/{code}/invitation"
    invite = secret(post(url, f"/api/tables/{code}/invite", {"seat": "W"}, token=host["token"]).json()["link"],
                    "invite")
    answer = post(url, path, {"invite": invite})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"seat": "W"}  # the seat, and nothing that opens it
    assert invite not in answer.text and host["token"] not in answer.text
    assert post(url, path, {"invite": invite}).json() == {"seat": "W"}  # asking uses nothing up
    # An invitation that was never made, or is used: refused with the reason in both languages.
    for wrong in ("no-such-invitation", invite):
        if wrong == invite:
            assert post(url, f"/api/tables/{code}/join", {"name": "Cor", "invite": invite}).status_code == 201
        refused = post(url, path, {"invite": wrong})
        assert refused.status_code == 403, refused.text
        body = refused.json()
        assert body["code"] == "bad_invite"
        assert body["reason"] == {"en": "This invitation is not valid: it was used or replaced.",
                                  "nl": "Deze uitnodiging geldt niet: ze is gebruikt of vervangen."}
        assert "token" not in body and "seat" not in body
    assert post(url, "/api/tables/ZZZZZZ/invitation", {"invite": invite}).status_code == 404
    # The secret goes in the body only: in the address it is not read.
    assert httpx.get(url + path, params={"invite": invite}).status_code == 405
    anna.close()


def test_asking_about_invitations_is_rate_limited(url: str) -> None:
    code = new_table(url)["code"]
    answers = [post(url, f"/api/tables/{code}/invitation", {"invite": f"guess-{n}"}) for n in range(20)]
    statuses = [a.status_code for a in answers]
    assert statuses[0] == 403 and statuses[-1] == 429, statuses
    limited = answers[-1]
    assert int(limited.headers["Retry-After"]) >= 1
    assert set(limited.json()["reason"]) == {"en", "nl"}


def test_someone_who_takes_a_chair_and_never_comes_gets_a_computer_player(url: str) -> None:
    # Three chairs taken in the lobby by someone who never connects: the table does not stall.
    host = new_table(url, away_limit=1)
    code = host["code"]
    tokens = {seat: post(url, f"/api/tables/{code}/join", {"name": f"Ghost {seat}", "seat": seat}).json()["token"]
              for seat in "NEW"}
    anna = Client(url, host["id"], host["token"])
    anna.ws.send(json.dumps({"type": "start"}))
    state = anna.play_until(lambda s: s["phase"] == "deal_over", within=60)
    assert all(seat_of(state, s)["kind"] == "human" and seat_of(state, s)["replaced"] for s in "NEW")
    played = {e["seat"] for e in anna.events if e["type"] == "card"}
    assert played == {"N", "E", "S", "W"}
    # The ghost who comes back after all takes his seat back with his token.
    ghost = Client(url, host["id"], tokens["E"])
    assert not seat_of(ghost.state, "E")["replaced"]
    ghost.close()
    anna.close()


def test_an_invited_player_who_never_comes_is_replaced_and_the_host_may_give_the_seat_away(url: str) -> None:
    host, anna = started_table(url, away_limit=1)
    code = host["code"]
    link = post(url, f"/api/tables/{code}/invite", {"seat": "N"}, token=host["token"]).json()["link"]
    first = post(url, f"/api/tables/{code}/join", {"name": "Bram", "invite": secret(link, "invite")}).json()
    anna.play_until(lambda s: seat_of(s, "N")["name"] == "Bram")
    joined_at = anna.state["seq"]
    # Bram never connects: after the away limit a computer player plays North's cards again.
    anna.play_until(lambda s: seat_of(s, "N")["replaced"] and any(
        e["type"] in ("card", "bid") and e["seat"] == "N" and e["seq"] > joined_at for e in anna.events), within=60)
    # The host gives the absent person's seat to someone else; the old token stops working.
    link = post(url, f"/api/tables/{code}/invite", {"seat": "N"}, token=host["token"]).json()["link"]
    second = post(url, f"/api/tables/{code}/join", {"name": "Cor", "invite": secret(link, "invite")})
    assert second.status_code == 201, second.text
    assert httpx.get(f"{url}/api/play/{host['id']}", params={"token": first["token"]}).status_code == 404
    assert refused(url, host["id"], first["token"]) == ("bad_token", 4403)
    cor = Client(url, host["id"], second.json()["token"])
    assert cor.state["seat"] == "N" and seat_of(cor.state, "N")["name"] == "Cor"
    cor.close()
    anna.close()


def test_an_invitation_ends_when_its_seat_gets_its_person(url: str) -> None:
    host = new_table(url, away_limit=1)
    code = host["code"]
    link = post(url, f"/api/tables/{code}/invite", {"seat": "W"}, token=host["token"]).json()["link"]
    assert post(url, f"/api/tables/{code}/join", {"name": "Eve", "seat": "W"}).status_code == 201
    anna = Client(url, host["id"], host["token"])
    # Eve never connects and is replaced; the invitation made before she sat down stays used up.
    anna.play_until(lambda s: seat_of(s, "W")["replaced"], within=20)
    late = post(url, f"/api/tables/{code}/join", {"name": "Mallory", "invite": secret(link, "invite")})
    assert late.status_code == 403, late.text
    anna.close()


def test_invitations_and_the_spectator_link_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "trust.db"
    with live_server(db) as url:
        host, anna = started_table(url)
        anna.close()
        code = host["code"]
        link = post(url, f"/api/tables/{code}/invite", {"seat": "E"}, token=host["token"]).json()["link"]
        watch = secret(post(url, f"/api/tables/{code}/spectate", {}, token=host["token"]).json()["link"], "watch")
    with live_server(db) as url:
        joined = post(url, f"/api/tables/{code}/join", {"name": "Dirk", "invite": secret(link, "invite")})
        assert joined.status_code == 201 and joined.json()["seat"] == "E", joined.text
        watcher = Client(url, host["id"], watch)
        assert watcher.state["seat"] is None and seat_of(watcher.state, "E")["name"] == "Dirk"
        watcher.close()


# --- private tables -----------------------------------------------------------------------------

def test_the_games_list_holds_only_the_callers_games(url: str) -> None:
    mine = post(url, "/api/play", {"pace": 0, "seed": 1}).json()
    theirs = post(url, "/api/play", {"pace": 0, "seed": 2}).json()
    table = new_table(url)
    assert httpx.get(f"{url}/api/play").json() == []
    listed = httpx.get(f"{url}/api/play", params={"token": [mine["token"], "forged-token-of-24-chars"]}).json()
    assert [(g["id"], g["seat"], g["code"]) for g in listed] == [(mine["id"], "S", None)]
    both = httpx.get(f"{url}/api/play", params={"token": [mine["token"], table["token"]]}).json()
    assert {(g["id"], g["code"]) for g in both} == {(mine["id"], None), (table["id"], table["code"])}
    assert theirs["id"] not in {g["id"] for g in both}


def test_a_tables_state_code_and_chat_need_a_seat_token(url: str) -> None:
    host, anna = started_table(url)
    game = f"{url}/api/play/{host['id']}"
    for params in ({}, {"token": "forged-token"}):
        answer = httpx.get(game, params=params)
        assert answer.status_code == 404 and host["code"] not in answer.text
    anna.ws.send(json.dumps({"type": "chat", "text": "geheim"}))
    anna.play_until(lambda s: bool(s["chat"]))
    seated = httpx.get(game, params={"token": host["token"]}).json()
    assert seated["code"] == host["code"] and seated["chat"][-1]["text"] == "geheim"
    # The join page: enough to choose a seat, no chat.
    info = httpx.get(f"{url}/api/tables/{host['code']}").json()
    assert set(info) == {"id", "free", "code", "rules", "rules_words", "started", "phase", "host", "seats"}
    assert "geheim" not in json.dumps(info)
    anna.close()


def test_a_spectator_link_shows_the_public_table_only(url: str) -> None:
    host, anna = started_table(url)
    code = host["code"]
    assert post(url, f"/api/tables/{code}/spectate", {}).status_code == 403
    link = post(url, f"/api/tables/{code}/spectate", {}, token=host["token"]).json()["link"]
    watch = secret(link, "watch")
    assert post(url, f"/api/tables/{code}/spectate", {}, token=host["token"]).json()["link"] == link
    # A spectator token takes no seat and invites nobody.
    assert post(url, f"/api/tables/{code}/invite", {"seat": "N"}, token=watch).status_code == 403
    state = httpx.get(f"{url}/api/play/{host['id']}", params={"token": watch}).json()
    assert state["seat"] is None and "hand" not in state and state["code"] is None and state["chat"] == []
    watcher = Client(url, host["id"], watch)
    assert watcher.state["code"] is None and watcher.state["chat"] == []
    anna.ws.send(json.dumps({"type": "chat", "text": "alleen voor spelers"}))
    anna.play_until(lambda s: bool(s["chat"]))
    anna.play_until(lambda s: s["phase"] == "deal_over", within=60)
    while watcher.state["seq"] < anna.state["seq"]:
        watcher.read()
    assert watcher.state["chat"] == [] and not any(e["type"] == "chat" for e in watcher.events)
    assert "alleen voor spelers" not in json.dumps(watcher.events) and watcher.checker.frames > 3
    watcher.ws.send(json.dumps({"type": "chat", "text": "hoi"}))
    assert watcher.read()["code"] == "spectator"
    # Finished deals of a table are read with one of its tokens, never with its id alone.
    deal = f"{url}/api/play/{host['id']}/deals/1"
    assert httpx.get(deal).status_code == 404
    assert httpx.get(deal, params={"token": watch}).json()["plays"]
    assert httpx.get(deal, params={"token": host["token"]}).status_code == 200
    assert httpx.get(f"{url}/api/play/{host['id']}/review/1").status_code == 404
    watcher.close()
    anna.close()


def test_a_new_spectator_link_shuts_the_old_one_out(url: str) -> None:
    host, anna = started_table(url)
    code = host["code"]
    spectate = f"/api/tables/{code}/spectate"
    old = secret(post(url, spectate, {}, token=host["token"]).json()["link"], "watch")
    watcher = Client(url, host["id"], old)
    # Only the host renews it, and the request says nothing else.
    assert post(url, spectate, {"renew": True}).status_code == 403
    for bad in ({"renew": "maybe"}, {"renew": True, "seat": "N"}):
        answer = post(url, spectate, bad, token=host["token"])
        assert answer.status_code == 422 and answer.json()["detail"], bad
    new = secret(post(url, spectate, {"renew": True}, token=host["token"]).json()["link"], "watch")
    assert new != old
    # The spectator on the old link is told why and closed; that link opens nothing any more.
    frame = watcher.read()
    assert frame["type"] == "error" and frame["code"] == "watch_withdrawn", frame
    with pytest.raises(ConnectionClosed) as closed:
        watcher.read()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    assert refused(url, host["id"], old) == ("bad_token", 4403)
    assert httpx.get(f"{url}/api/play/{host['id']}", params={"token": old}).status_code == 404
    assert httpx.get(f"{url}/api/play/{host['id']}/deals/1", params={"token": old}).status_code == 404
    # The new link watches; asked again without renewing, the host gets the same one.
    fresh = Client(url, host["id"], new)
    assert fresh.state["seat"] is None and fresh.state["code"] is None
    assert secret(post(url, spectate, {}, token=host["token"]).json()["link"], "watch") == new
    fresh.close()
    watcher.close()
    anna.close()


# --- tokens end with their game -------------------------------------------------------------------

def test_tokens_end_with_their_game(tmp_path: Path) -> None:
    db = tmp_path / "trust.db"
    with live_server(db) as url:
        host, anna = started_table(url, match_end="deals:1")
        code = host["code"]
        invite = secret(post(url, f"/api/tables/{code}/invite", {"seat": "E"}, token=host["token"]).json()["link"],
                        "invite")
        watch = secret(post(url, f"/api/tables/{code}/spectate", {}, token=host["token"]).json()["link"], "watch")
        anna.play_until(lambda s: s["phase"] == "match_over", within=60)
        anna.close()
        # The match is over: nobody sits down any more, and the host invites nobody.
        assert post(url, f"/api/tables/{code}/join", {"name": "Eve", "invite": invite}).status_code == 409
        assert post(url, f"/api/tables/{code}/invite", {"seat": "W"}, token=host["token"]).status_code == 409
        # For its grace period the players and spectators still read how it ended.
        for token in (host["token"], watch):
            assert httpx.get(f"{url}/api/play/{host['id']}", params={"token": token}).json()["phase"] == "match_over"
    with sqlite3.connect(db) as conn:  # the grace period is over: nobody touched the game for eight days
        conn.execute("UPDATE games SET updated = '2000-01-01T00:00:00+00:00' WHERE id = ?", (host["id"],))
    with live_server(db) as url:
        for token in (host["token"], watch):
            assert httpx.get(f"{url}/api/play/{host['id']}", params={"token": token}).status_code == 404
            assert refused(url, host["id"], token) == ("no_game", 4404)
        assert httpx.get(f"{url}/api/play", params={"token": host["token"]}).json() == []
        assert post(url, f"/api/tables/{code}/join", {"name": "Eve", "invite": invite}).status_code == 404


def test_a_person_who_takes_a_bots_seat_while_it_thinks_is_not_played_for(
        url: str, caplog: pytest.LogCaptureFixture) -> None:
    """The bot driver took its bot after the pace wait: a seat given away during the wait raised a KeyError
    (logged as a failing bot) and a fallback card could have been played for the new person."""
    host, anna = started_table(url, pace=1.5)
    waiting = anna.state["to_move"]
    assert waiting != "S" and anna.state["phase"] == "trump"  # a computer player waits out its pace
    invitation = post(url, f"/api/tables/{host['code']}/invite", {"seat": waiting}, token=host["token"])
    joined = post(url, f"/api/tables/{host['code']}/join", {"name": "Cor", "invite": secret(
        invitation.json()["link"], "invite")})
    assert joined.status_code == 201, joined.text
    cor = Client(url, host["id"], joined.json()["token"])
    time.sleep(2.5)  # past the pace the computer player was waiting out
    cor.ws.send(json.dumps({"type": "ping"}))
    while cor.read()["type"] != "pong":
        pass
    assert cor.state["to_move"] == waiting and len(cor.state["hand"]) == 8  # nobody moved for Cor
    assert not [r for r in caplog.records if "playing a fallback" in r.getMessage()]
    cor.close()
    anna.close()
