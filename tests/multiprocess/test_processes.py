"""Several ``klaverjas serve`` processes on one throwaway PostgreSQL, driven from outside as people would:
four friends each on another process, a process killed while it drives the computer players, every process
restarted, a spectator link replaced on one process while its spectator watches on another. Every seat's
events are checked against the store: each once, in order, none missing."""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import httpx
import pytest
from benchmarks.server_process import free_port, launch, wait_ready
from sqlalchemy import text
from tests.play.conftest import LeakChecker, check_frame, move_for
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from klaverjas.web.play.store import GameStore

PAGE = {"X-Klaverjas": "1"}
SEATS = "NESW"
State = dict[str, Any]
# A short match keeps the tests quick; the store and the frames do not care how long it is.
SHORT: dict[str, Any] = {"match_end": "deals:4", "pace": 0, "seed": 5}
WHOLE: dict[str, Any] = {"match_end": "deals:16", "pace": 0, "seed": 5}  # a whole club match


class Servers:
    """``count`` processes on one database; each logs to its own file, shown when a test fails."""

    def __init__(self, db: str, folder: Path, count: int):
        self.db, self.folder = db, folder
        self.env = {"KLAVERJAS_DB": str(folder / "keeper.db"), "KLAVERJAS_ALLOWED_HOSTS": "localhost,127.0.0.1"}
        self.ports = [free_port() for _ in range(count)]
        self.processes: list[subprocess.Popen[bytes] | None] = [None] * count
        self.logs: list[IO[bytes]] = []

    def start(self, *which: int) -> None:
        for i in which or range(len(self.ports)):
            log = (self.folder / f"server{i}.log").open("ab")
            self.logs.append(log)
            self.processes[i] = launch(self.db, self.ports[i], self.env, log)
        for i in which or range(len(self.ports)):
            wait_ready(self.ports[i], self.processes[i])

    def url(self, i: int) -> str:
        return f"http://127.0.0.1:{self.ports[i]}"

    def kill(self, i: int) -> None:
        process = self.processes[i]
        assert process is not None
        process.send_signal(signal.SIGKILL)
        process.wait(10)

    def stop(self, *which: int) -> None:
        for i in which or range(len(self.ports)):
            process = self.processes[i]
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(20)

    def logged(self) -> str:
        return "\n".join(f"--- server {i}\n" + (self.folder / f"server{i}.log").read_text(errors="replace")[-3000:]
                         for i in range(len(self.ports)) if (self.folder / f"server{i}.log").exists())


@contextlib.contextmanager
def servers(postgres_url: str, tmp_path: Path, count: int) -> Iterator[Servers]:
    group = Servers(postgres_url, tmp_path, count)
    try:
        group.start()
        yield group
    except BaseException:
        print(group.logged())
        raise
    finally:
        group.stop()
        for log in group.logs:
            log.close()


def post(url: str, path: str, body: dict[str, Any], token: str | None = None) -> httpx.Response:
    headers = {**PAGE, **({"Authorization": f"Bearer {token}"} if token else {})}
    return httpx.post(url + path, json=body, headers=headers, timeout=20)


class Person:
    """One seat's socket on one process; keeps every event seq it was sent."""

    def __init__(self, url: str, game_id: str, token: str, seat: str, since: int = 0):
        self.seat, self.token, self.game_id = seat, token, game_id
        # Hidden cards are checked from the start of a seat's frames (tests/play does so for reconnects).
        self.check = since == 0
        self.sockets = contextlib.ExitStack()
        self.ws: ClientConnection = self.sockets.enter_context(
            connect(url.replace("http://", "ws://") + f"/ws/play/{game_id}?token={token}&since={since}"))
        self.checker = LeakChecker()
        self.seqs: list[int] = []
        # The seq of the state this seat last answered: a move is sent once per state, also across calls of
        # until() (a slow server may answer after a call's time is up; sending again would be a second move).
        self.sent = -1
        self.state: State = self.read()["state"]

    def read(self, timeout: float = 30) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        check_frame(frame)
        if frame["type"] == "error":
            raise AssertionError(f"{self.seat}: {frame}")
        if frame["type"] in ("state", "update"):
            if self.check:
                self.checker.feed(frame)
            self.seqs += [e["seq"] for e in frame["events"]]
            self.state = frame["state"]
        return frame

    def until(self, done: Callable[[State], bool], within: float = 60, play: bool = False) -> State:
        """Read (and with ``play`` play this seat's turns, South also starts each next deal) until ``done``
        holds."""
        deadline = time.monotonic() + within
        while not done(self.state):
            state = self.state
            if play and state["seat"] == state["to_move"] and state["phase"] in ("trump", "play") and \
                    self.sent != state["seq"]:
                self.sent = state["seq"]
                self.ws.send(json.dumps(move_for(state)))
            elif play and state["phase"] == "deal_over" and self.seat == "S" and self.sent != state["seq"]:
                self.sent = state["seq"]
                self.ws.send(json.dumps({"type": "next"}))
            self.read(timeout=max(0.1, deadline - time.monotonic()))
        return self.state

    def close(self) -> None:
        self.sockets.close()


def seen_in_order(person: Person, stored: dict[str, Any], since: int = 0) -> None:
    """The person got each event his seat may see, after ``since``, once and in order."""
    seat = SEATS.index(person.seat)
    visible = [s for s, kind, _, audience in stored["events"]
               if s > since and (audience is None or audience == seat)]
    assert person.seqs == visible, (person.seat, person.seqs[:20], visible[:20])


def lease_owner(postgres_url: str, game_id: str) -> str | None:
    store = GameStore(postgres_url)
    try:
        with store.db.transaction() as connection:
            owner = connection.execute(text("SELECT owner FROM game_leases WHERE game_id = :g"),
                                       {"g": game_id}).scalar()
    finally:
        store.close()
    return None if owner is None else str(owner)


def stored_game(postgres_url: str, game_id: str) -> dict[str, Any]:
    store = GameStore(postgres_url)
    try:
        data = store.load(game_id)
    finally:
        store.close()
    assert data is not None
    return data


def test_four_friends_each_on_another_process_play_a_whole_match(postgres_url: str, tmp_path: Path) -> None:
    with servers(postgres_url, tmp_path, 4) as group:
        # Five seconds away would let a computer player sit in; each person is seen by his own process only.
        host = post(group.url(0), "/api/tables", {"name": "Anna", "seat": "S", **WHOLE, "away_limit": 5}).json()
        people = {"S": Person(group.url(0), host["id"], host["token"], "S")}
        for i, (name, seat) in enumerate((("Bram", "W"), ("Cor", "N"), ("Dirk", "E")), 1):
            joined = post(group.url(i), f"/api/tables/{host['code']}/join", {"name": name, "seat": seat})
            assert joined.status_code == 201, joined.text
            people[seat] = Person(group.url(i), host["id"], joined.json()["token"], seat)
        for person in people.values():  # every join is seen on every process
            person.until(lambda s: all(x["kind"] == "human" for x in s["seats"]))
        moves = 0
        people["S"].ws.send(json.dumps({"type": "start"}))
        seq = people["S"].state["seq"]
        mover = "S"
        while True:
            people[mover].until(lambda s, old=seq: s["seq"] > old)  # type: ignore[misc]
            seq = people[mover].state["seq"]
            for person in people.values():  # the same events reach every process's sockets
                person.until(lambda s, new=seq: s["seq"] >= new)  # type: ignore[misc]
            state = people["S"].state
            if state["phase"] == "match_over":
                break
            mover = "S" if state["phase"] == "deal_over" else state["to_move"]
            message = {"type": "next"} if state["phase"] == "deal_over" else move_for(people[mover].state)
            people[mover].ws.send(json.dumps(message))
            moves += 1
        final = {seat: {k: p.state[k] for k in ("seq", "phase", "sheet", "seats")} for seat, p in people.items()}
        assert all(f == final["S"] for f in final.values())
        assert len(final["S"]["sheet"]["rows"]) == 16 and moves >= 16 * 32
        stored = stored_game(postgres_url, host["id"])
        assert stored["seq"] == final["S"]["seq"] and len(stored["finished"]) == 16
        assert not [e for e in stored["events"] if e[1] == "seat" and e[2].get("replaced")]  # nobody was away
        for person in people.values():
            seen_in_order(person, stored, since=person.seqs[0] - 1)
            person.close()


def test_the_process_driving_the_computer_players_dies_and_another_takes_over(
        postgres_url: str, tmp_path: Path) -> None:
    with servers(postgres_url, tmp_path, 2) as group:
        host = post(group.url(0), "/api/tables", {"name": "Anna", "seat": "S", **SHORT, "pace": 0.3}).json()
        joined = post(group.url(1), f"/api/tables/{host['code']}/join", {"name": "Bram", "seat": "N"}).json()
        anna = Person(group.url(0), host["id"], host["token"], "S")
        bram = Person(group.url(1), host["id"], joined["token"], "N")
        anna.until(lambda s: s["seats"][0]["kind"] == "human")
        anna.ws.send(json.dumps({"type": "start"}))  # East and West are computer players from here on
        people = [anna, bram]
        pids = [p.pid for p in group.processes if p is not None]
        # Both play into the second deal; then the process driving the computer players (it holds the
        # table's lease while one of them waits out its pace) is killed.
        killed = None
        deadline = time.monotonic() + 90
        while killed is None:
            assert time.monotonic() < deadline, "no process was seen driving the computer players"
            for person in people:
                with contextlib.suppress(TimeoutError):
                    person.until(lambda s: False, within=0.2, play=True)
            if anna.state["deal"] < 2:
                continue
            owner = lease_owner(postgres_url, host["id"])
            if owner is not None:
                killed = pids.index(int(owner.split("-")[-2]))
                group.kill(killed)
        at_kill = max(p.state["seq"] for p in people)
        gone, stays = people[killed], people[1 - killed]
        gone.close()
        back = Person(group.url(1 - killed), host["id"], gone.token, gone.seat, since=gone.state["seq"])
        stays.until(lambda s: s["seq"] > at_kill, within=20)  # taken over within a few seconds
        started = time.monotonic()
        people = [back, stays]
        while not all(p.state["phase"] == "match_over" for p in people):
            for person in people:
                with contextlib.suppress(TimeoutError):
                    person.until(lambda s: s["phase"] == "match_over", within=0.5, play=True)
            assert time.monotonic() - started < 120, "the match did not finish after the kill"
        bram, anna = (back, stays) if back.seat == "N" else (stays, back)
        assert back.state["sheet"] == bram.state["sheet"] and len(bram.state["sheet"]["rows"]) == 4
        stored = stored_game(postgres_url, host["id"])
        assert len(stored["finished"]) == 4 and all(len(r["plays"]) == 32 for r in stored["finished"])
        records = [httpx.get(f"{group.url(1 - killed)}/api/play/{host['id']}/deals/{n}", params={"token": stays.token},
                             timeout=20).json() for n in range(1, 5)]
        assert [r["plays"] for r in records] == [r["plays"] for r in stored["finished"]]
        seen_in_order(stays, stored, since=stays.seqs[0] - 1)
        seen_in_order(back, stored, since=gone.state["seq"])
        back.close()
        bram.close()


def test_a_spectator_link_replaced_on_one_process_shuts_its_spectator_out_on_another(
        postgres_url: str, tmp_path: Path) -> None:
    with servers(postgres_url, tmp_path, 2) as group:
        host = post(group.url(0), "/api/tables", {"name": "Anna", "seat": "S", **SHORT}).json()
        anna = Person(group.url(0), host["id"], host["token"], "S")
        spectate = f"/api/tables/{host['code']}/spectate"
        old = post(group.url(0), spectate, {}, token=host["token"]).json()["link"].partition("#watch=")[2]
        with connect(group.url(1).replace("http://", "ws://") + f"/ws/play/{host['id']}?token={old}") as watcher:
            assert json.loads(watcher.recv(timeout=20))["type"] == "state"
            new = post(group.url(0), spectate, {"renew": True}, token=host["token"]).json()["link"]
            frames = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    frames.append(json.loads(watcher.recv(timeout=20)))
        assert frames and frames[-1]["type"] == "error" and frames[-1]["code"] == "watch_withdrawn", frames
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        fresh = new.partition("#watch=")[2]
        with connect(group.url(1).replace("http://", "ws://") + f"/ws/play/{host['id']}?token={fresh}") as again:
            state = json.loads(again.recv(timeout=20))["state"]
            assert state["seat"] is None and state["code"] is None
        anna.close()


def test_every_process_restarted_every_table_resumes(postgres_url: str, tmp_path: Path) -> None:
    with servers(postgres_url, tmp_path, 2) as group:
        games = []
        for i in range(3):  # three games against the computer, each stopped at the person's turn
            game = post(group.url(i % 2), "/api/play", {"pace": 0, "seed": 20 + i, "match_end": "deals:2"}).json()
            person = Person(group.url((i + 1) % 2), game["id"], game["token"], "S")
            person.until(lambda s: s["deal"] == 1 and s["phase"] == "play" and len(s["hand"]) < 7, play=True)
            person.until(lambda s: s["to_move"] == "S")
            games.append((game, person.state["seq"], person.state["hand"]))
            person.close()
        # A fifth game's computer players are at work when everything stops (the person has just played).
        busy = post(group.url(0), "/api/play", {"pace": 1.0, "seed": 30, "match_end": "deals:1"}).json()
        person = Person(group.url(1), busy["id"], busy["token"], "S")
        person.until(lambda s: s["to_move"] == "S" and s["phase"] in ("trump", "play"))
        person.ws.send(json.dumps(move_for(person.state)))
        person.until(lambda s, old=person.state["seq"]: s["seq"] > old)  # type: ignore[misc]
        busy_seq = person.state["seq"]
        person.close()
        group.stop()
        assert stored_game(postgres_url, busy["id"])["seq"] >= busy_seq
        group.start()
        # Nobody connects to the busy game: a process takes its computer players up by itself.
        deadline = time.monotonic() + 30
        while stored_game(postgres_url, busy["id"])["seq"] <= busy_seq:
            assert time.monotonic() < deadline, "the computer players of an unfinished game did not resume"
            time.sleep(0.5)
        for i, (game, seq, hand) in enumerate(games):
            person = Person(group.url(i % 2), game["id"], game["token"], "S", since=seq)
            assert person.state["seq"] == seq and person.state["hand"] == hand  # nothing acknowledged is lost
            state = person.until(lambda s: s["phase"] == "match_over", play=True, within=90)
            assert len(state["sheet"]["rows"]) == 2
            stored = stored_game(postgres_url, game["id"])
            seen_in_order(person, stored, since=seq)
            person.close()


def test_another_match_asked_on_one_process_reaches_a_friend_on_another(postgres_url: str, tmp_path: Path) -> None:
    with servers(postgres_url, tmp_path, 2) as group:
        host = post(group.url(0), "/api/tables", {"name": "Anna", "seat": "S", "match_end": "deals:1", "pace": 0,
                                                  "seed": 5}).json()
        joined = post(group.url(1), f"/api/tables/{host['code']}/join", {"name": "Bram", "seat": "W"}).json()
        anna = Person(group.url(0), host["id"], host["token"], "S")
        bram = Person(group.url(1), host["id"], joined["token"], "W")
        anna.until(lambda s: s["seats"][3]["kind"] == "human")
        anna.ws.send(json.dumps({"type": "start"}))
        deadline = time.monotonic() + 60
        while not all(p.state["phase"] == "match_over" for p in (anna, bram)):
            assert time.monotonic() < deadline, "the match did not end"
            for person in (anna, bram):
                state = person.state
                if state["seat"] == state["to_move"] and state["phase"] in ("trump", "play") and \
                        person.sent != state["seq"]:
                    person.sent = state["seq"]
                    person.ws.send(json.dumps(move_for(state)))
                with contextlib.suppress(TimeoutError):
                    person.read(timeout=0.05)
        anna.ws.send(json.dumps({"type": "rematch"}))
        # Each hears of it on his own process, with his own new token.
        for person in (anna, bram):
            person.until(lambda s: s.get("rematch") is not None)
        mine, his = anna.state["rematch"], bram.state["rematch"]
        assert mine["id"] == his["id"] and (mine["seat"], his["seat"]) == ("S", "W") and mine["token"] != his["token"]
        # Asked again on the other process: the same table.
        again = Person(group.url(1), host["id"], host["token"], "S")
        again.ws.send(json.dumps({"type": "rematch"}))
        again.until(lambda s, old=again.state["seq"]: s["seq"] > old)  # type: ignore[misc]
        assert again.state["rematch"] == mine
        # Each opens the new table on the other process, in his seat; play goes on there.
        bram2 = Person(group.url(0), his["id"], his["token"], "W")
        anna2 = Person(group.url(1), mine["id"], mine["token"], "S")
        assert (bram2.state["phase"], anna2.state["seats"][3]["name"]) in {("trump", "Bram"), ("play", "Bram")}
        for person in (anna, bram, again, anna2, bram2):
            person.close()
        # The old match is stored as it was, naming the next one; no other table was left behind.
        stored = stored_game(postgres_url, host["id"])
        assert len(stored["finished"]) == 1 and stored["rematch"]["id"] == mine["id"]
        games = GameStore(postgres_url)
        try:
            assert set(games.ids()) == {host["id"], mine["id"]}
            assert games.ids("match_over") == [host["id"]]
        finally:
            games.close()
