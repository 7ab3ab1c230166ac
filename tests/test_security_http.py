"""What every request passes: allowed host names, no cross-site changes, the security headers, one name
rule, API docs without the internet, and an unusable database refused at start-up."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from klaverjas.web import create_app
from klaverjas.web.limits import Limits
from klaverjas.web.names import PATTERN, clean_name
from klaverjas.web.pages import STATIC, render


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # The name test sends more new sheets and tables than a person would: raised limits.
    with TestClient(create_app(tmp_path / "k.db", limits=Limits().scaled(10))) as c:
        yield c


def owner_of(client: TestClient) -> tuple[int, dict[str, str]]:
    body = client.post("/api/sheets", json={}).json()
    return body["id"], {"Authorization": f"Bearer {body['owner_token']}"}


def test_a_change_without_json_or_the_header_is_refused(client: TestClient) -> None:
    sid, owner = owner_of(client)
    assert client.post(f"/api/sheets/{sid}/deals", json={"makers": "NS", "points": {"NS": 100}},
                       headers=owner).status_code == 201
    # What a cross-site form can send: a body of form fields or plain text, no custom header.
    # (A sheet's own routes need the Authorization header, which no form can send: tests/test_security_sheets.py.)
    for method, url in [("POST", "/api/sheets"), ("POST", "/api/play"), ("POST", "/api/tables"),
                        ("POST", "/api/learn/lessons/nat/answer")]:
        for kind in ("application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x", None):
            headers = {"content-type": kind} if kind else {}
            r = client.request(method, url, content=b"a=1" if kind else None, headers=headers)
            assert r.status_code == 403 and r.json()["code"] == "not_json", (method, url, kind)
    assert client.get("/api/sheets", headers=owner).json()[0]["id"] == sid  # the one sheet made below
    # The page's way: the header, or a JSON body.
    assert client.post("/api/sheets", content=b"{}", headers={"X-Klaverjas": "1"}).status_code == 422
    assert client.post("/api/sheets", json={}).status_code == 201
    assert client.post(f"/api/sheets/{sid}/undo", headers=owner).status_code == 200
    # A sheet's route without the token is refused before anything changes, the form's way or not.
    r = client.post(f"/api/sheets/{sid}/undo", content=b"a=1", headers={"content-type": "text/plain"})
    assert r.status_code == 401 and client.get(f"/api/sheets/{sid}", headers=owner).json()["deals"] == []


def test_a_foreign_origin_changes_nothing(client: TestClient) -> None:
    sid, owner = owner_of(client)
    evil = {**owner, "Origin": "http://evil.example", "X-Klaverjas": "1"}
    r = client.post(f"/api/sheets/{sid}/deals", json={"makers": "NS", "points": {"NS": 100}}, headers=evil)
    assert r.status_code == 403 and r.json()["code"] == "foreign_origin"
    same = {**owner, "Origin": "http://testserver"}
    assert client.post(f"/api/sheets/{sid}/deals", json={"makers": "NS", "points": {"NS": 100}},
                       headers=same).status_code == 201


def test_the_socket_refuses_a_foreign_origin(client: TestClient) -> None:
    game = client.post("/api/play", json={"pace": 0, "seed": 1}).json()
    url = f"/ws/play/{game['id']}?token={game['token']}"
    with client.websocket_connect(url, headers={"Origin": "http://evil.example"}) as ws:
        frame = ws.receive_json()
        assert frame["type"] == "error" and frame["code"] == "foreign_origin"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(url, headers={"Origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "state"


def test_only_allowed_host_names_are_answered(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db", hosts=["klaverjas.example"]),
                    base_url="http://klaverjas.example") as c:
        assert c.get("/keeper").status_code == 200
        r = c.get("/keeper", headers={"Host": "rebound.attacker.example"})
        assert r.status_code == 400 and r.json()["code"] == "bad_host"
    with TestClient(create_app(tmp_path / "k.db", hosts=["localhost", "127.0.0.1"]),
                    base_url="http://127.0.0.1:8000") as c:
        assert c.get("/").status_code == 200
        assert c.get("/", headers={"Host": "localhost:8000"}).status_code == 200
        assert c.get("/", headers={"Host": "testserver"}).status_code == 400


def test_the_allowed_hosts_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    from klaverjas.cli.main import build_parser
    from klaverjas.web.security import DEFAULT_HOSTS, allowed_hosts

    monkeypatch.delenv("KLAVERJAS_ALLOWED_HOSTS")
    assert allowed_hosts() == DEFAULT_HOSTS == ("localhost", "127.0.0.1")
    monkeypatch.setenv("KLAVERJAS_ALLOWED_HOSTS", "a.example, b.example")
    assert allowed_hosts() == ("a.example", "b.example")
    assert allowed_hosts(["c.example"]) == ("c.example",)
    args = build_parser().parse_args(["serve", "--allowed-host", "x.example", "--allowed-host", "y.example"])
    assert args.allowed_host == ["x.example", "y.example"]


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    sid, owner = owner_of(client)
    answers = [client.get(u) for u in ("/", "/keeper", "/play", "/learn", "/static/js/keeper.js", "/openapi.json",
                                       "/docs", "/redoc", "/api/sheets/1", "/nowhere")]
    answers.append(client.post("/api/sheets", content=b"x", headers={"content-type": "text/plain"}))  # refused
    answers.append(client.get(f"/api/sheets/{sid}", headers=owner))
    for r in answers:
        assert r.headers["x-content-type-options"] == "nosniff", r.url
        assert r.headers["referrer-policy"] == "no-referrer"
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self';" in csp, r.url
        assert "unsafe-inline" not in csp.split("script-src", 1)[1].split(";", 1)[0]


def test_every_page_has_the_shared_head_and_header() -> None:
    # One head for every page: the character set first, then the viewport, both colour schemes, no icon
    # to fetch and the base style sheet, once each; the site's header on all but the print-outs.
    for page in sorted(STATIC.glob("*.html")):
        html = render(page.name)
        head = html.split("<head>", 1)[1].split("</head>", 1)[0]
        assert head.lstrip().startswith('<meta charset="utf-8">'), page.name
        for line in ('name="viewport"', 'content="light dark"', 'rel="icon" href="data:,"', "/static/css/base.css"):
            assert head.count(line) == 1, (page.name, line)
        assert "<!--" not in html, page.name  # every placeholder filled
        bare = page.name in ("club-print.html", "club-projector.html")
        assert html.count('id="site-header"') == (0 if bare else 1), page.name


def test_pages_have_no_inline_script() -> None:
    pages = sorted(STATIC.glob("*.html"))
    assert pages
    for page in pages:
        html = render(page.name)
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (page.name, tag)
        assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html), page.name  # a script tag with a body
        assert not re.search(r"\son[a-z]+\s*=", html), page.name  # onclick= and the like
        assert "javascript:" not in html, page.name


def test_api_docs_load_only_from_this_server(client: TestClient) -> None:
    for url in ("/docs", "/redoc"):
        html = client.get(url).text
        sources = re.findall(r'(?:src|href)="([^"]+)"', html)
        assert sources and all(s.startswith("/") and not s.startswith("//") for s in sources), sources
        for src in sources:
            assert client.get(src).status_code == 200, src
        assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html)  # no inline script: the CSP allows none
    assert client.get("/docs-assets/swagger-ui-bundle.js").headers["content-type"].startswith("text/javascript")


BAD = ["a\u202eb", "\u200bx", "x\u2066y", "zero\u200dwidth", "nul\u0000", "bell\u0007", "c1\u0085", "\ufeffbom",
       "line\u2028sep", "soft\u00adhyphen", "x\u061cy"]


def test_one_name_rule_for_every_name_field(client: TestClient) -> None:
    assert clean_name("  Anna  ") == "Anna" and clean_name("Zoë 🂡") == "Zoë 🂡"
    for bad in BAD:
        with pytest.raises(ValueError, match="U\\+"):
            clean_name(bad)
        assert re.fullmatch(PATTERN, bad) is None  # the schema's pattern says the same
    sid, owner = owner_of(client)
    for bad in BAD:
        for url, body in [("/api/sheets", {"title": bad}), ("/api/sheets", {"teams": {"NS": bad}}),
                          ("/api/sheets", {"players": [bad, "b", "c", "d"]}), ("/api/play", {"name": bad}),
                          ("/api/tables", {"name": bad})]:
            r = client.post(url, json=body)
            assert r.status_code == 422 and "U+" in r.json()["detail"], (url, body)
        assert client.patch(f"/api/sheets/{sid}", json={"title": bad}, headers=owner).status_code == 422
    r = client.post("/api/tables", json={"name": "Anna", "seat": "S", "pace": 0}).json()
    assert client.post(f"/api/tables/{r['code']}/join", json={"name": "E\u202eve", "seat": "N"}).status_code == 422
    made = client.post("/api/sheets", json={"title": "  Thuis ", "teams": {"NS": " Wij", "EW": "Zij "}}).json()
    assert (made["title"], made["teams"]) == ("Thuis", {"NS": "Wij", "EW": "Zij"})
    schema = client.get("/openapi.json").json()["components"]["schemas"]
    for model, field in [("SheetIn", "title"), ("TeamNames", "NS"), ("NewGame", "name"), ("NewTable", "name"),
                         ("JoinTable", "name")]:
        prop = schema[model]["properties"][field]
        assert PATTERN in (prop.get("pattern"), *(p.get("pattern") for p in prop.get("anyOf", []))), (model, field)


def test_chat_refuses_invisible_characters(client: TestClient) -> None:
    host = client.post("/api/tables", json={"name": "Anna", "seat": "S", "pace": 0}).json()
    with client.websocket_connect(f"/ws/play/{host['id']}?token={host['token']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "chat", "text": "hoi \u202edoei"})
        frame = ws.receive_json()
        assert frame["type"] == "error" and frame["code"] == "bad_text" and "U+202E" in frame["message"]


def unusable_databases(tmp_path: Path) -> dict[str, Path]:
    """Files no server can use; as root, file modes bind nobody, so places the kernel keeps read-only."""
    (tmp_path / "a-dir.db").mkdir()
    found = {"a directory": tmp_path / "a-dir.db"}
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return {**found, "a read-only file": Path("/proc/version"),
                "a missing folder in a read-only place": Path("/proc/klaverjas/k.db")}
    read_only = tmp_path / "ro.db"
    create_app(read_only).state.store.close()
    for extra in ("ro.db-wal", "ro.db-shm"):
        (tmp_path / extra).unlink(missing_ok=True)
    read_only.chmod(stat.S_IRUSR)
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    return {**found, "a read-only file": read_only, "a missing folder in a read-only place": locked / "sub" / "k.db"}


def test_an_unusable_database_stops_serve_with_one_line(tmp_path: Path) -> None:
    for what, db in unusable_databases(tmp_path).items():
        done = subprocess.run([sys.executable, "-m", "klaverjas.cli.main", "serve", "--port", "8", "--db", str(db)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, (what, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"klaverjas serve: cannot use the database {db}: "), lines
        assert done.stdout == ""
