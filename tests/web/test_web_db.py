"""The app on its database: GET /healthz on both backends, the whole keeper API on PostgreSQL, a locked
database answered 503 with the reason while the rest of the app goes on, and `klaverjas serve --db`."""

from __future__ import annotations

import inspect
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from tests.postgres import free_port
from tests.web.keeper_client import KeeperClient
from tests.web.test_web_serve import serving

from klaverjas import __version__
from klaverjas.web import create_app
from klaverjas.web.club import routes as club
from klaverjas.web.db import Database, is_url
from klaverjas.web.keeper import routes as keeper
from klaverjas.web.limits import is_limited

NS_100 = {"makers": "NS", "points": {"NS": 100}}


def test_healthz_names_the_database_the_version_and_the_schema(db_setting: str) -> None:
    with TestClient(create_app(db_setting)) as client:
        answer = client.get("/healthz")
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["status"] == "ok" and body["version"] == __version__
        assert body["database"] == ("postgresql" if is_url(db_setting) else "sqlite")
        assert body["schema"]["keeper"] == 2 and body["schema"]["club"] == 1
        assert not is_limited("GET", "/healthz")  # a load balancer polls it
        schema = client.get("/openapi.json").json()
        assert "503" in schema["paths"]["/healthz"]["get"]["responses"]
        assert "503" in schema["paths"]["/api/sheets/{sheet_id}/deals"]["post"]["responses"]


def test_the_keeper_api_on_postgresql(postgres_url: str) -> None:
    with KeeperClient(create_app(postgres_url)) as client:
        made = client.post("/api/sheets", json={"title": "Op de server", "players": ["A", "B", "C", "D"]})
        assert made.status_code == 201, made.text
        sid = made.json()["id"]
        for body in (NS_100, {"makers": "EW", "points": {"EW": 70}}, {"makers": "NS", "points": {"NS": 0}}):
            assert client.post(f"/api/sheets/{sid}/deals", json=body).status_code == 201
        sheet = client.get(f"/api/sheets/{sid}").json()
        assert client.post(f"/api/sheets/{sid}/undo").json()["deals"] == sheet["deals"][:2]
        share = client.post(f"/api/sheets/{sid}/shares", json={"mode": "read"}).json()
        assert share["link"] == f"/keeper#sheet={sid}&token={share['token']}"
    # Another process on the same database reads it back through the share link's token.
    with TestClient(create_app(postgres_url)) as other:
        read = other.get(f"/api/sheets/{sid}", headers={"Authorization": f"Bearer {share['token']}"})
        assert read.status_code == 200 and read.json()["access"] == "read"
        assert read.json()["totals"] == {"NS": 100 + 162, "EW": 62}  # the second deal went nat
        assert other.post(f"/api/sheets/{sid}/deals", json=NS_100, headers={
            "Authorization": f"Bearer {share['token']}", "X-Klaverjas": "1"}).status_code == 403
    # The owner withdraws the link in the first app; the second no longer opens the sheet with it.
    with KeeperClient(create_app(postgres_url)) as client:
        client.tokens[sid] = made.json()["owner_token"]
        assert [x["id"] for x in client.get(f"/api/sheets/{sid}/shares").json()] == [share["id"]]
        assert client.delete(f"/api/sheets/{sid}/shares/{share['id']}").status_code == 204
        assert client.get(f"/api/sheets/{sid}/shares").json() == []
    with TestClient(create_app(postgres_url)) as other:
        assert other.get(f"/api/sheets/{sid}", headers={"Authorization": f"Bearer {share['token']}"}).status_code == 401


def test_a_locked_database_is_a_503_while_the_rest_answers(tmp_path: Path) -> None:
    path = tmp_path / "k.db"
    timeout = 2.0
    with KeeperClient(create_app(Database(path, timeout=timeout))) as client:
        sid = client.post("/api/sheets", json={"match_end": "open"}).json()["id"]
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another process holds the file's write lock
        answers: dict[str, Any] = {}

        def write() -> None:
            started = time.monotonic()
            answers["write"] = client.post(f"/api/sheets/{sid}/deals", json=NS_100)
            answers["waited"] = time.monotonic() - started

        writer = threading.Thread(target=write)
        writer.start()
        try:
            time.sleep(0.3)  # the write is waiting for the lock now
            health = client.get("/healthz")
            page = client.get("/static/css/base.css")
            sheet = client.get(f"/api/sheets/{sid}")
            # They answered while the write still waited: a locked database holds up only the write.
            assert writer.is_alive()
        finally:
            writer.join()
            holder.execute("ROLLBACK")
            holder.close()
        assert health.status_code == 200 and page.status_code == 200 and sheet.status_code == 200
        refused = answers["write"]
        assert refused.status_code == 503, refused.text
        assert refused.json()["code"] == "database_unavailable" and refused.headers["retry-after"] == "5"
        # The file's lock, or this process's turn to write when another of its changes was already waiting for that
        # lock (seen once on a loaded machine): both a 503 within the timeout.
        detail = refused.json()["detail"]
        assert any(f"did not answer: {why}" in detail for why in
                   ("database is locked", f"other changes have held it for more than {timeout:g} s")), detail
        assert timeout <= answers["waited"] < 2 * timeout  # the database's timeout, not more
        # The lock gone, the same write goes through.
        assert client.post(f"/api/sheets/{sid}/deals", json=NS_100).status_code == 201


def test_healthz_is_a_503_when_the_database_is_gone(postgres_cluster: str, postgres_url: str) -> None:
    with TestClient(create_app(Database(postgres_url, timeout=1))) as client:
        assert client.get("/healthz").status_code == 200
        admin = create_engine(postgres_cluster.replace("postgresql://", "postgresql+psycopg://", 1),
                              isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE {postgres_url.rsplit('/', 1)[1]} WITH (FORCE)"))
        admin.dispose()
        answer = client.get("/healthz")
        assert answer.status_code == 503 and answer.json()["code"] == "database_unavailable"
        assert f"the database {postgres_url}" in answer.json()["detail"]


def serve_fails(db: str) -> list[str]:
    done = subprocess.run([sys.executable, "-m", "klaverjas.cli.main", "serve", "--port", "8", "--db", db],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    return done.stderr.strip().splitlines()


def test_serve_refuses_a_bad_url_or_an_unreachable_database_with_one_line() -> None:
    assert serve_fails("mysql://root:secret@db/klaverjas") == [
        "klaverjas serve: cannot use the database mysql://root:***@db/klaverjas: mysql:// is not supported; give a "
        "SQLite file path or postgresql://user@host:port/dbname"]
    assert serve_fails("postgresql://u@h:notaport/d")[0].startswith(
        "klaverjas serve: cannot use the database postgresql://u@h:notaport/d: not a valid URL")
    port = free_port()
    [line] = serve_fails(f"postgresql://nobody:secret@127.0.0.1:{port}/none")
    assert line.startswith(f"klaverjas serve: cannot use the database postgresql://nobody:***@127.0.0.1:{port}/none: "
                           ) and "secret" not in line


def test_serve_on_postgresql_from_the_environment(postgres_url: str, tmp_path: Path) -> None:
    with serving([], tmp_path, env={"KLAVERJAS_DB": postgres_url}) as url:
        assert httpx.get(url + "/healthz").json()["database"] == "postgresql"
        made = httpx.post(url + "/api/sheets", json={}).json()
    assert not (tmp_path / "data").exists()  # nothing went to the default SQLite file
    with Database(postgres_url).read() as connection:
        assert connection.execute(text("SELECT title FROM sheets WHERE id = :i"), {"i": made["id"]}).scalar() == ""


def test_the_keeper_and_club_routes_run_in_worker_threads() -> None:
    """Their store calls block: as plain functions Starlette runs them in its worker threads, never on the
    event loop (an ``async def`` route calling a store would hold up every other request)."""
    routes = [r for r in (*keeper.router.routes, *club.router.routes) if isinstance(r, APIRoute)]
    assert len([r for r in routes if r.path.startswith(("/api/sheets", "/api/clubs"))]) > 30
    assert [r.path for r in routes if inspect.iscoroutinefunction(r.endpoint)] == []
