"""The game store on SQLite and on PostgreSQL (the same tests on each), and a game stored by the store of
before formats (tests/play/data/format1.db, made by make_format1_db.py) loaded and played on."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from klaverjas.core import Rules
from klaverjas.web import create_app
from klaverjas.web.db import Database
from klaverjas.web.play.game import GameTable, SeatInfo
from klaverjas.web.play.service import seat_rows
from klaverjas.web.play.store import FORMAT, MIGRATIONS, Conflict, GameFormatError, GameStore

from .conftest import check_frame, move_for
from .data.make_format1_db import FRIEND_TOKEN, HOST_TOKEN, SOLO_TOKEN

FORMAT1 = Path(__file__).parent / "data" / "format1.db"
PAGE = {"X-Klaverjas": "1"}


def new_table(token: str = "a-token-of-sixteen-chars", code: str = "") -> GameTable:
    seats = [SeatInfo("bot", "basic", "North"), SeatInfo("bot", "basic", "East"),
             SeatInfo("human", name="Anna", token=token), SeatInfo("bot", "basic", "West")]
    return GameTable.create(Rules.parse("amsterdam"), seats, 5, first_dealer=3, created="2026-12-01T00:00:00+00:00",
                            code=code)


def store_new(store: GameStore, table: GameTable) -> int:
    return store.save(table.to_json(), table.phase, seq=table.seq, revision=None, bot_due=False,
                      seats=seat_rows(table))


def test_a_table_is_stored_with_its_events_and_a_stale_write_is_refused(db_setting: str) -> None:
    store = GameStore(db_setting)
    table = new_table()
    assert store_new(store, table) == 1
    saved = table.seq
    table.chat(2, "hallo")
    assert store.save(table.to_json(events_after=saved), table.phase, seq=table.seq, revision=1, bot_due=True) == 2
    loaded = store.load(table.id)
    assert loaded is not None and loaded["seq"] == table.seq and loaded["revision"] == 2
    assert [e[0] for e in loaded["events"]] == list(range(1, table.seq + 1))
    assert GameTable.from_json(loaded).state_for(2) == table.state_for(2)
    # A second process that read revision 1 writes over nothing: the store refuses it.
    with pytest.raises(Conflict):
        store.save(table.to_json(events_after=table.seq), table.phase, seq=table.seq, revision=1, bot_due=True)
    # A change without events (an invitation) is a revision too, so other processes see it.
    assert store.save(table.to_json(events_after=table.seq), table.phase, seq=table.seq, revision=2,
                      bot_due=True) == 3
    assert store.revisions([table.id, "nosuchgame"]) == {table.id: 3}
    with store.db.transaction() as connection:
        assert connection.execute(text("SELECT format_version FROM games")).scalar() == FORMAT
    store.close()


def test_games_of_tokens_and_codes(db_setting: str) -> None:
    store = GameStore(db_setting)
    mine, theirs = new_table("mine-token-0123456789"), new_table("their-token-012345678", code="ABCDEF")
    store_new(store, mine)
    store_new(store, theirs)
    assert [(s["id"], s["seat"]) for s in store.summaries(["mine-token-0123456789"])] == [(mine.id, "S")]
    assert {s["id"] for s in store.summaries(["mine-token-0123456789", "their-token-012345678"])} == \
        {mine.id, theirs.id}
    assert store.summaries(["nobodys-token-01234567"]) == [] and store.summaries([]) == []
    assert store.id_of_code("ABCDEF") == theirs.id and store.id_of_code("ZZZZZZ") is None
    store.delete(theirs.id)
    assert store.load(theirs.id) is None and store.summaries(["their-token-012345678"]) == []
    store.close()


def test_one_process_at_a_time_drives_a_tables_computer_players(db_setting: str) -> None:
    store = GameStore(db_setting)
    table = new_table()
    store_new(store, table)
    store.save(table.to_json(events_after=table.seq), table.phase, seq=table.seq, revision=1, bot_due=True)
    assert store.due(10) == [table.id]
    assert store.acquire(table.id, "a", ttl=0.3) and not store.acquire(table.id, "b", ttl=5)
    assert store.due(10) == []  # driven
    assert store.renew("a", ttl=0.3) == {table.id} and store.renew("b", ttl=5) == set()
    time.sleep(0.5)  # a stopped renewing (it died): its lease runs out and b takes over
    assert store.due(10) == [table.id]
    assert store.acquire(table.id, "b", ttl=5) and not store.acquire(table.id, "a", ttl=5)
    assert store.renew("a", ttl=5) == set()
    # Giving up the lease at a revision the table has left is refused: the driver must look again.
    assert not store.release(table.id, "b", revision=1)
    assert store.release(table.id, "b", revision=2)
    assert store.due(10) == []  # nothing to do any more (bot_due cleared with the release)
    store.close()


def test_away_clocks_and_a_restart_of_every_process(db_setting: str) -> None:
    store = GameStore(db_setting)
    table = new_table()
    store_new(store, table)
    # A seat nobody ever connected to has no clock; one left a while ago is away past the table's limit.
    assert store.away() == [] and not store.is_away(table.id, 2)
    with store.db.transaction() as connection:
        connection.execute(text("UPDATE game_seats SET seen = :t WHERE seat = 2"), {"t": time.time() - 61})
    assert store.away() == [(table.id, 2)] and store.is_away(table.id, 2)
    store.seen([(table.id, 2)])
    assert store.away() == []
    with store.db.transaction() as connection:
        connection.execute(text("UPDATE game_seats SET seen = :t WHERE seat = 2"), {"t": time.time() - 600})
    # The first process after everything stopped starts every clock again; a second one does not.
    assert store.alive("first", quiet=10)
    assert store.away() == []
    with store.db.transaction() as connection:
        connection.execute(text("UPDATE game_seats SET seen = :t WHERE seat = 2"), {"t": time.time() - 600})
    assert not store.alive("second", quiet=10) and not store.alive("first", quiet=10)
    assert store.away() == [(table.id, 2)]
    store.gone("first")
    store.close()


def test_a_game_of_a_newer_format_is_refused_with_its_reason(db_setting: str) -> None:
    store = GameStore(db_setting)
    table = new_table()
    store_new(store, table)
    with store.db.transaction() as connection:
        connection.execute(text("UPDATE games SET format_version = :f"), {"f": FORMAT + 1})
    with pytest.raises(GameFormatError, match=f"format {FORMAT + 1}, newer"):
        store.load(table.id)
    store.close()
    again = GameStore(Database(db_setting))  # migrated once, it stays so
    assert again.db.migrate("games", MIGRATIONS) == len(MIGRATIONS) == 2
    again.close()


def play_until(ws: Any, state: dict[str, Any], done: Any) -> dict[str, Any]:
    while not done(state):
        if state["to_move"] == "S" and state["phase"] in ("trump", "play"):
            ws.send_json(move_for(state))
        elif state["phase"] == "deal_over":
            ws.send_json({"type": "next"})
        frame = ws.receive_json()
        check_frame(frame)
        if frame["type"] == "error":
            raise AssertionError(frame)
        state = frame.get("state", state)
    return state


def test_a_game_stored_before_formats_loads_and_plays_on(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    shutil.copy(FORMAT1, db)
    with TestClient(create_app(db)) as client:
        listed = client.get("/api/play", params={"token": [SOLO_TOKEN, HOST_TOKEN, FRIEND_TOKEN]}).json()
        assert {(g["id"], g["seat"]) for g in listed} == {("oldsologame1", "S"), ("oldlobbytab1", "S"),
                                                          ("oldlobbytab1", "W")}
        with client.websocket_connect(f"/ws/play/oldsologame1?token={SOLO_TOKEN}&since=60") as ws:
            first = ws.receive_json()
            check_frame(first)
            state = first["state"]
            assert state["deal"] == 2 and state["seq"] == 64 and state["to_move"] == "S"
            assert [e["seq"] for e in first["events"]] == [61, 62, 63, 64]
            assert len(state["sheet"]["rows"]) == 1
            # The match goes on: this deal and the next are played to their end.
            state = play_until(ws, state, lambda s: s["deal"] == 3 and s["phase"] == "deal_over")
        assert len(state["sheet"]["rows"]) == 3
        records = [client.get(f"/api/play/oldsologame1/deals/{n}").json() for n in (1, 2, 3)]
        assert all(len(r["plays"]) == 32 for r in records)
        lobby = client.get("/api/tables/KLTAB2").json()
        assert lobby["free"] == ["N", "E"] and lobby["seats"][3]["name"] == "Bram"
        joined = client.post("/api/tables/KLTAB2/join", json={"name": "Cor", "seat": "N"}, headers=PAGE)
        assert joined.status_code == 201, joined.text
    store = GameStore(db)
    with store.db.transaction() as connection:
        stored = connection.execute(text("SELECT id, format_version FROM games"))
        rows: dict[str, int] = {str(r[0]): int(r[1]) for r in stored}
    assert rows == {"oldsologame1": FORMAT, "oldlobbytab1": FORMAT}  # written again in this format
    loaded = store.load("oldsologame1")
    assert loaded is not None and [e[0] for e in loaded["events"]] == list(range(1, loaded["seq"] + 1))
    store.close()


def test_the_app_on_postgresql_plays_a_deal(postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KLAVERJAS_DB", str(tmp_path / "keeper.db"))  # the score keeper's own file for now
    with TestClient(create_app(postgres_url)) as client:
        game = client.post("/api/play", json={"pace": 0, "seed": 11}, headers=PAGE).json()
        with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
            frame = ws.receive_json()
            state = play_until(ws, frame["state"], lambda s: s["phase"] == "deal_over")
        assert len(client.get(f"/api/play/{game['id']}/deals/1").json()["plays"]) == 32
        assert [g["id"] for g in client.get("/api/play", params={"token": game["token"]}).json()] == [game["id"]]
    assert state["sheet"]["rows"]
