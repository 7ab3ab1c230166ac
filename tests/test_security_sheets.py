"""A sheet belongs to its owner's token and to whoever the owner shares it with; nobody else reads or
changes it, and a sheet from before sheets had owners is adopted with a new owner token."""

from __future__ import annotations

import hashlib
import json
import socket
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from klaverjas.web import create_app
from klaverjas.web.keeper.store import Store

DEAL = {"makers": "NS", "points": {"NS": 100}}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "k.db"), headers={"X-Klaverjas": "1"}) as c:
        yield c


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_sheet(client: TestClient) -> tuple[int, str]:
    r = client.post("/api/sheets", json={"title": "Thuis"})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    assert body["access"] == "owner" and body["link"] == f"/keeper#sheet={body['id']}&token={body['owner_token']}"
    return body["id"], body["owner_token"]


def changes(sid: int, deal_id: int) -> list[tuple[str, str, dict[str, Any] | None]]:
    """Every request that changes a sheet."""
    return [("PATCH", f"/api/sheets/{sid}", {"title": "x"}), ("POST", f"/api/sheets/{sid}/deals", DEAL),
            ("PUT", f"/api/sheets/{sid}/deals/{deal_id}", DEAL), ("DELETE", f"/api/sheets/{sid}/deals/{deal_id}", None),
            ("POST", f"/api/sheets/{sid}/undo", None), ("DELETE", f"/api/sheets/{sid}", None)]


def test_nobody_without_the_token_reads_or_changes_a_sheet(client: TestClient) -> None:
    sid, owner = new_sheet(client)
    deal_id = client.post(f"/api/sheets/{sid}/deals", json=DEAL, headers=bearer(owner)).json()["deal_id"]
    other_sid, other = new_sheet(client)
    before = client.get(f"/api/sheets/{sid}", headers=bearer(owner)).json()
    for method, url, body in [("GET", f"/api/sheets/{sid}", None), ("GET", f"/api/sheets/{sid}/export.csv", None),
                              *changes(sid, deal_id)]:
        assert client.request(method, url, json=body).status_code == 401, (method, url)
        for junk in ("not-a-token", owner + "x"):
            r = client.request(method, url, json=body, headers=bearer(junk))
            assert r.status_code == 401 and r.json()["code"] == "no_valid_token", (method, url, junk)
        r = client.request(method, url, json=body, headers=bearer(other))  # another sheet's token opens nothing here
        assert r.status_code == 403 and r.json()["code"] == "not_allowed", (method, url)
    assert client.get(f"/api/sheets/{sid}", headers=bearer(owner)).json() == before
    assert client.get(f"/api/sheets/{other_sid}", headers=bearer(other)).json()["title"] == "Thuis"


def test_the_list_shows_only_the_sheets_of_the_tokens_sent(client: TestClient) -> None:
    a, token_a = new_sheet(client)
    b, token_b = new_sheet(client)
    new_sheet(client)
    assert client.get("/api/sheets").status_code == 401
    assert [s["id"] for s in client.get("/api/sheets", headers=bearer(token_a)).json()] == [a]
    assert client.get("/api/sheets", headers=bearer("junk,more-junk")).status_code == 401
    both = client.get("/api/sheets", headers=bearer(f"{token_a},{token_b},junk")).json()
    assert sorted(s["id"] for s in both) == [a, b] and {s["access"] for s in both} == {"owner"}


def test_shares_read_only_and_edit(client: TestClient) -> None:
    sid, owner = new_sheet(client)
    deal_id = client.post(f"/api/sheets/{sid}/deals", json=DEAL, headers=bearer(owner)).json()["deal_id"]
    assert client.post(f"/api/sheets/{sid}/shares", json={"mode": "read"}).status_code == 401
    read = client.post(f"/api/sheets/{sid}/shares", json={"mode": "read"}, headers=bearer(owner)).json()
    edit = client.post(f"/api/sheets/{sid}/shares", json={"mode": "edit"}, headers=bearer(owner)).json()
    assert read["link"] == f"/keeper#sheet={sid}&token={read['token']}" and read["mode"] == "read"
    # A read share sees the sheet and changes nothing; nor may it share further.
    seen = client.get(f"/api/sheets/{sid}", headers=bearer(read["token"])).json()
    assert seen["access"] == "read" and len(seen["deals"]) == 1
    for method, url, body in changes(sid, deal_id):
        r = client.request(method, url, json=body, headers=bearer(read["token"]))
        assert r.status_code == 403 and r.json()["code"] == "not_allowed", (method, url)
    assert client.post(f"/api/sheets/{sid}/shares", json={"mode": "edit"},
                       headers=bearer(read["token"])).status_code == 403
    # An edit share types deals and names, but neither deletes the sheet nor shares it.
    r = client.post(f"/api/sheets/{sid}/deals", json=DEAL, headers=bearer(edit["token"]))
    assert r.status_code == 201 and r.json()["access"] == "edit"
    assert client.post(f"/api/sheets/{sid}/undo", headers=bearer(edit["token"])).status_code == 200
    assert client.delete(f"/api/sheets/{sid}", headers=bearer(edit["token"])).status_code == 403
    assert client.post(f"/api/sheets/{sid}/shares", json={"mode": "read"},
                       headers=bearer(edit["token"])).status_code == 403
    # The owner deletes it: every share dies with it.
    assert client.delete(f"/api/sheets/{sid}", headers=bearer(owner)).status_code == 204
    assert client.get(f"/api/sheets/{sid}", headers=bearer(read["token"])).status_code == 404


def test_the_owner_lists_and_withdraws_shares(client: TestClient) -> None:
    sid, owner = new_sheet(client)
    other_sid, other = new_sheet(client)
    read = client.post(f"/api/sheets/{sid}/shares", json={"mode": "read"}, headers=bearer(owner)).json()
    edit = client.post(f"/api/sheets/{sid}/shares", json={"mode": "edit"}, headers=bearer(owner)).json()
    listed = client.get(f"/api/sheets/{sid}/shares", headers=bearer(owner)).json()
    assert [(x["id"], x["mode"]) for x in listed] == [(read["id"], "read"), (edit["id"], "edit")]
    assert all(read["token"] not in json.dumps(x) and edit["token"] not in json.dumps(x) for x in listed)
    # Only the owner sees or withdraws them: not the shares themselves, not another sheet's owner.
    for token, code in ((read["token"], 403), (edit["token"], 403), (other, 403), ("junk", 401)):
        assert client.get(f"/api/sheets/{sid}/shares", headers=bearer(token)).status_code == code
        assert client.delete(f"/api/sheets/{sid}/shares/{read['id']}", headers=bearer(token)).status_code == code
    # Withdrawn, the read link opens nothing; the edit link and the owner go on.
    assert client.delete(f"/api/sheets/{sid}/shares/{read['id']}", headers=bearer(owner)).status_code == 204
    r = client.get(f"/api/sheets/{sid}", headers=bearer(read["token"]))
    assert r.status_code == 401 and r.json()["code"] == "no_valid_token"
    assert client.get(f"/api/sheets/{sid}", headers=bearer(edit["token"])).json()["access"] == "edit"
    assert [x["id"] for x in client.get(f"/api/sheets/{sid}/shares", headers=bearer(owner)).json()] == [edit["id"]]
    # Twice, a share of another sheet, the owner's own token's name or a malformed id: refused with a reason.
    r = client.delete(f"/api/sheets/{sid}/shares/{read['id']}", headers=bearer(owner))
    assert r.status_code == 404 and "no share link" in r.json()["detail"]
    theirs = client.post(f"/api/sheets/{other_sid}/shares", json={"mode": "read"}, headers=bearer(other)).json()
    assert client.delete(f"/api/sheets/{sid}/shares/{theirs['id']}", headers=bearer(owner)).status_code == 404
    assert client.get(f"/api/sheets/{other_sid}", headers=bearer(theirs["token"])).status_code == 200
    own_id = hashlib.sha256(owner.encode()).hexdigest()[:16]
    assert client.delete(f"/api/sheets/{sid}/shares/{own_id}", headers=bearer(owner)).status_code == 404
    assert client.get(f"/api/sheets/{sid}", headers=bearer(owner)).status_code == 200
    for bad in ("XYZ", "0" * 15, "0" * 17, "%25"):
        r = client.delete(f"/api/sheets/{sid}/shares/{bad}", headers=bearer(owner))
        assert r.status_code in (404, 422) and r.json().get("detail"), bad


def test_the_file_keeps_only_hashes_of_tokens(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as c:
        token = c.post("/api/sheets", json={}).json()["owner_token"]
    raw = (tmp_path / "k.db").read_bytes() + (tmp_path / "k.db-wal").read_bytes() \
        if (tmp_path / "k.db-wal").exists() else (tmp_path / "k.db").read_bytes()
    assert token.encode() not in raw


OLD_SCHEMA = """
CREATE TABLE sheets (id INTEGER PRIMARY KEY, title TEXT NOT NULL DEFAULT '', team_ns TEXT NOT NULL,
    team_ew TEXT NOT NULL, players TEXT, first_dealer INTEGER NOT NULL DEFAULT 0, rules TEXT NOT NULL,
    match_end TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL);
CREATE TABLE deals (id INTEGER PRIMARY KEY, sheet_id INTEGER NOT NULL REFERENCES sheets(id) ON DELETE CASCADE,
    input TEXT NOT NULL, deleted INTEGER NOT NULL DEFAULT 0);
CREATE TABLE actions (id INTEGER PRIMARY KEY, sheet_id INTEGER NOT NULL REFERENCES sheets(id) ON DELETE CASCADE,
    kind TEXT NOT NULL, deal_id INTEGER NOT NULL, before TEXT);
INSERT INTO sheets VALUES (1, 'Oud', 'Wij', 'Zij', NULL, 0, 'amsterdam', 'deals:16', '2026-01-01', '2026-01-01');
INSERT INTO sheets VALUES (2, 'Ouder', 'Wij', 'Zij', NULL, 0, 'amsterdam', 'deals:16', '2026-01-01', '2026-01-01');
INSERT INTO deals VALUES (1, 1, '{"makers": "NS", "points": [100, 62], "roem": [0, 0], "pit": null,
    "verzaakt": null, "stopped": false}', 0);
"""


def old_file(path: Path) -> Path:
    """A database as it was before sheets had owners."""
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SCHEMA)
    return path


def test_sheets_without_an_owner_are_adopted_once(tmp_path: Path) -> None:
    db = old_file(tmp_path / "old.db")
    store = Store(db)
    adopted = dict(store.adopted)
    assert sorted(adopted) == [1, 2]
    assert store.access(1, adopted[1]) == "owner" and store.access(2, adopted[1]) is None
    store.close()
    again = Store(db)  # the step ran: a second start adopts nothing and the tokens still open the sheets
    assert again.adopted == [] and again.access(2, adopted[2]) == "owner"
    again.close()
    with TestClient(create_app(db)) as c:
        sheet = c.get("/api/sheets/1", headers=bearer(adopted[1])).json()
        assert sheet["title"] == "Oud" and sheet["totals"] == {"NS": 100, "EW": 62}


def test_serve_prints_the_adopted_owner_links_once(tmp_path: Path) -> None:
    db = old_file(tmp_path / "old.db")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = str(s.getsockname()[1])
    proc = subprocess.Popen([sys.executable, "-m", "klaverjas.cli.main", "serve", "--port", port, "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout.readline() for _ in range(3)) if proc.stdout
                              else None)
    reader.start()
    reader.join(30)
    proc.kill()
    proc.wait(10)
    links = [json.loads(line) for line in lines[1:]]
    assert [x["adopted_sheet"] for x in links] == [1, 2]
    store = Store(db)
    for x in links:
        token = x["link"].split("token=", 1)[1]
        assert x["link"].startswith(f"/keeper#sheet={x['adopted_sheet']}&") and \
            store.access(x["adopted_sheet"], token) == "owner"
    store.close()


def test_a_deal_answer_names_its_deal_under_concurrent_writers(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db"), headers={"X-Klaverjas": "1"}) as c:
        r = c.post("/api/sheets", json={"match_end": "open"}).json()
        sid, owner = r["id"], bearer(r["owner_token"])
        answers: list[dict[str, Any]] = []

        def write(points: int) -> None:
            for k in range(5):
                body = {"makers": "NS", "points": {"NS": points + k}}
                answer = c.post(f"/api/sheets/{sid}/deals", json=body, headers=owner)
                assert answer.status_code == 201, answer.text
                answers.append({**answer.json(), "sent": points + k, "location": answer.headers["location"]})

        writers = [threading.Thread(target=write, args=(p,)) for p in (10, 40, 70, 100)]
        for w in writers:
            w.start()
        for w in writers:
            w.join()
    assert len(answers) == 20
    for a in answers:  # the deal each answer names is the one its request sent
        mine = [d for d in a["deals"] if d["id"] == a["deal_id"]]
        assert len(mine) == 1 and mine[0]["points"]["NS"] == a["sent"]
        assert a["location"] == f"/api/sheets/{sid}/deals/{a['deal_id']}"
    assert len({a["deal_id"] for a in answers}) == 20
