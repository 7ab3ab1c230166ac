"""The score keeper's JSON API against docs/rules.md §6 and §7."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tests.web.keeper_client import KeeperClient

from klaverjas.web import create_app


def deal(makers: str | None, ns: int | None, ew: int | None = None, **kw: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"makers": makers, "points": {"NS": ns, "EW": ew}}
    body.update(kw)
    return body


def new_sheet(client: TestClient, **kw: Any) -> dict[str, Any]:
    r = client.post("/api/sheets", json=kw)
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def add(client: TestClient, sid: int, body: dict[str, Any], status: int = 201) -> dict[str, Any]:
    r = client.post(f"/api/sheets/{sid}/deals", json=body)
    assert r.status_code == status, r.text
    sheet: dict[str, Any] = r.json()
    return sheet


def fields_of(resp: dict[str, Any]) -> set[str]:
    return {e["field"] for e in resp["errors"]}


def test_worked_examples_of_rules_section_6(client: TestClient) -> None:
    sid = new_sheet(client)["id"]
    s = add(client, sid, deal("NS", 82, 80, roem={"NS": 0, "EW": 20}))
    assert s["deals"][-1]["score"] == {"NS": 0, "EW": 182} and s["deals"][-1]["nat"]
    s = add(client, sid, deal("NS", 81))  # a tie is nat; EW is filled in as 81
    assert s["deals"][-1]["points"] == {"NS": 81, "EW": 81}
    assert s["deals"][-1]["score"] == {"NS": 0, "EW": 162} and s["deals"][-1]["nat"]
    s = add(client, sid, deal("NS", 91, roem={"NS": 20, "EW": 0}))
    assert s["deals"][-1]["score"] == {"NS": 111, "EW": 71} and not s["deals"][-1]["nat"]
    s = add(client, sid, deal("NS", 162, roem={"NS": 40, "EW": 0}, pit="NS"))
    assert s["deals"][-1]["score"] == {"NS": 302, "EW": 0} and s["deals"][-1]["pit"] == "NS"
    s = add(client, sid, deal("EW", None, 40, roem={"NS": 20, "EW": 0}))  # only EW's points typed
    assert s["deals"][-1]["points"] == {"NS": 122, "EW": 40} and s["deals"][-1]["score"] == {"NS": 182, "EW": 0}
    s = add(client, sid, deal("NS", 100, 62, roem={"NS": 20, "EW": 20}, verzaakt="EW"))
    assert s["deals"][-1]["score"] == {"NS": 162 + 40 + 100, "EW": 0}
    assert s["totals"] == {"NS": sum(d["score"]["NS"] for d in s["deals"]),
                           "EW": sum(d["score"]["EW"] for d in s["deals"])}
    assert [d["totals"] for d in s["deals"]][-1] == s["totals"]


def test_validation_names_each_field_and_stores_nothing(client: TestClient) -> None:
    sid = new_sheet(client)["id"]
    cases = [
        (deal("NS", 170), {"points.NS"}, "points_range"),
        (deal("NS", -1), {"points.NS"}, "points_range"),
        (deal("NS", 80, 80), {"points"}, "points_sum"),
        (deal("NS", 82, roem={"NS": 25, "EW": 0}), {"roem.NS"}, "roem_multiple"),
        (deal("NS", 82, roem={"NS": 0, "EW": -10}), {"roem.EW"}, "roem_range"),
        (deal("NS", 150, pit="NS"), {"pit"}, "pit_points"),
        (deal(None, 82), {"makers"}, "makers_missing"),
        (deal("NS", None), {"points"}, "points_missing"),
        (deal("XX", 82), {"makers"}, "invalid"),
        ({"makers": "NS"}, {"points"}, "invalid"),
        (deal("NS", 82, stopped=True), {"stopped"}, "stopped_dutch"),
    ]
    for body, fields, code in cases:
        r = client.post(f"/api/sheets/{sid}/deals", json=body)
        assert r.status_code == 422, (body, r.text)
        assert fields <= fields_of(r.json()), (body, r.json())
        assert code in {e["code"] for e in r.json()["errors"]}
        assert r.json()["detail"]
    assert client.get(f"/api/sheets/{sid}").json()["deals"] == []


def test_a_refused_deal_says_each_field_as_the_preview_says_the_deal(client: TestClient) -> None:
    """The page says each field's reason at its field; the preview says them all in one sentence."""
    sid = new_sheet(client)["id"]
    body = deal("NS", 150, 0, pit="NS")
    saved, previewed = (client.post(f"/api/sheets/{sid}{path}", json=body) for path in ("/deals", "/preview"))
    assert saved.status_code == previewed.status_code == 422
    assert saved.json() == previewed.json()
    assert [(e["field"], e["reason"]) for e in saved.json()["errors"]] == [
        ("points", {"en": "Points add up to 150, not 162.", "nl": "De punten zijn samen 150 en niet 162."}),
        ("pit", {"en": "Pit needs all 162 card points for NS.", "nl": "Pit vraagt alle 162 kaartpunten voor NS."})]
    assert saved.json()["reason"] == {
        "en": "Points add up to 150, not 162; pit needs all 162 card points for NS.",
        "nl": "De punten zijn samen 150 en niet 162; pit vraagt alle 162 kaartpunten voor NS."}
    one = client.post(f"/api/sheets/{sid}/deals", json=deal("NS", 80, 80)).json()
    assert [e["reason"] for e in one["errors"]] == [one["reason"]]


def test_errors_are_4xx_with_a_reason(client: TestClient) -> None:
    sid = new_sheet(client)["id"]
    for method, url, body in [
        ("get", "/api/sheets/999", None), ("post", "/api/sheets/999/deals", deal("NS", 82)),
        ("delete", "/api/sheets/999", None), ("delete", f"/api/sheets/{sid}/deals/5", None),
        ("put", f"/api/sheets/{sid}/deals/5", deal("NS", 82)), ("post", f"/api/sheets/{sid}/undo", None),
        ("get", "/api/sheets/abc", None), ("get", "/api/sheets/0", None), ("get", f"/api/sheets/{10**30}", None),
        ("post", "/api/sheets", {"rules": "bridge"}), ("post", "/api/sheets", {"match_end": "deals:0"}),
        ("post", "/api/sheets", {"rules": "sa", "match_end": "deals:16"}),
        ("post", "/api/sheets", {"players": ["a", "b"]}), ("post", "/api/sheets", {"teams": {"NS": "x" * 41}}),
        ("post", "/api/sheets", {"teams": {"NS": "a\u0000b"}}), ("post", "/api/sheets", {"colour": "red"}),
        ("patch", f"/api/sheets/{sid}", {"rules": "sa"}), ("put", "/api/sheets", None),
    ]:
        r = client.request(method, url, json=body)
        assert 400 <= r.status_code < 500, (method, url, r.text)
        assert r.json()["detail"], (method, url)
    r = client.post(f"/api/sheets/{sid}/deals", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422


def test_dealer_rotates_by_name_and_match_of_16_deals_ends(client: TestClient) -> None:
    s = new_sheet(client, players=["Ann", "Bob", "Cor", "Dirk"], first_dealer=1)
    sid = s["id"]
    assert s["next_dealer_name"] == "Bob"
    for i in range(15):
        s = add(client, sid, deal("NS", 100))
        assert s["deals"][-1]["dealer_name"] == ["Ann", "Bob", "Cor", "Dirk"][(1 + i) % 4]
        assert not s["over"]
    assert s["next_dealer_name"] == "Ann"  # deal 16 is dealt by the seat after Dirk
    s = add(client, sid, deal("EW", 100, 62))
    assert s["over"] and s["winner"] == "NS" and s["next_dealer"] is None
    r = client.post(f"/api/sheets/{sid}/deals", json=deal("NS", 100))
    assert r.status_code == 409 and r.json()["code"] == "match_over"


def test_sa_dealer_passes_anticlockwise(client: TestClient) -> None:
    s = new_sheet(client, rules="sa", players=["N", "E", "S", "W"])
    s = add(client, s["id"], {"points": {"NS": 80, "EW": 66}})
    assert [s["deals"][0]["dealer_name"], s["next_dealer_name"]] == ["N", "W"]


def test_points_match_and_draw_and_open(client: TestClient) -> None:
    sid = new_sheet(client, match_end="points:1500")["id"]
    for _ in range(4):
        s = add(client, sid, deal("NS", 162, roem={"NS": 100, "EW": 0}, pit="NS"))
    assert s["totals"]["NS"] == 1448 and not s["over"]
    s = add(client, sid, deal("NS", 100))
    assert s["over"] and s["winner"] == "NS"
    sid = new_sheet(client, match_end="deals:2")["id"]
    add(client, sid, deal("NS", 100, 62))
    s = add(client, sid, deal("EW", 62, 100))
    assert s["over"] and s["draw"] and s["winner"] is None
    sid = new_sheet(client, match_end="open")["id"]
    for _ in range(20):
        s = add(client, sid, deal("NS", 162, pit="NS"))
    assert not s["over"] and s["totals"]["NS"] == 20 * 262


def test_correct_delete_and_undo_recompute(client: TestClient) -> None:
    sid = new_sheet(client)["id"]
    ids = [add(client, sid, deal("NS", p))["deals"][-1]["id"] for p in (100, 90, 85)]
    s = client.get(f"/api/sheets/{sid}").json()
    assert s["totals"] == {"NS": 275, "EW": 211}
    r = client.put(f"/api/sheets/{sid}/deals/{ids[1]}", json=deal("NS", 60))  # now nat
    assert r.status_code == 200
    s = r.json()
    assert s["deals"][1]["nat"] and s["totals"] == {"NS": 185, "EW": 62 + 162 + 77}
    assert s["deals"][2]["totals"] == s["totals"] and s["last_action"] == "edit"
    s = client.delete(f"/api/sheets/{sid}/deals/{ids[0]}").json()
    assert [d["id"] for d in s["deals"]] == ids[1:] and [d["number"] for d in s["deals"]] == [1, 2]
    assert s["totals"] == {"NS": 85, "EW": 162 + 77}
    s = client.post(f"/api/sheets/{sid}/undo").json()  # the delete comes back in its place
    assert [d["id"] for d in s["deals"]] == ids and s["totals"] == {"NS": 185, "EW": 62 + 162 + 77}
    s = client.post(f"/api/sheets/{sid}/undo").json()  # the correction is reversed
    assert s["totals"] == {"NS": 275, "EW": 211}
    for _ in range(3):
        s = client.post(f"/api/sheets/{sid}/undo").json()
    assert s["deals"] == [] and not s["can_undo"]
    assert client.post(f"/api/sheets/{sid}/undo").status_code == 409


def test_a_correction_cannot_end_the_match_before_later_deals(client: TestClient) -> None:
    sid = new_sheet(client, match_end="points:500")["id"]
    first = add(client, sid, deal("NS", 100))["deals"][0]["id"]
    add(client, sid, deal("NS", 100))
    r = client.put(f"/api/sheets/{sid}/deals/{first}", json=deal("NS", 162, roem={"NS": 300, "EW": 0}, pit="NS"))
    assert r.status_code == 409 and r.json()["code"] == "match_over_earlier"
    assert client.get(f"/api/sheets/{sid}").json()["totals"] == {"NS": 200, "EW": 124}
    r = client.patch(f"/api/sheets/{sid}", json={"match_end": "deals:1"})
    assert r.status_code == 409
    assert client.get(f"/api/sheets/{sid}").json()["match_end"] == "points:500"


def test_sa_sample_game_ou_jol_then_one_stroke(client: TestClient) -> None:
    s = new_sheet(client, rules="sa")
    assert s["match_end"] == "strokes:5" and s["total"] == 146
    sid = s["id"]
    s = add(client, sid, {"points": {"NS": 84}, "roem": {"NS": 0, "EW": 20}})  # as a South African table scores it
    assert s["deals"][0]["points"]["EW"] == 62 and s["carry"] == {"NS": 84, "EW": 82} and s["games"] == []
    s = add(client, sid, {"points": {"NS": 33, "EW": 0}, "stopped": True})
    assert s["deals"][1]["went_on"] == {"team": "NS", "strokes": 1}
    assert s["strokes"] == {"NS": 1, "EW": 0} and s["carry"] == {"NS": 0, "EW": 0}
    assert s["games"] == [{"number": 1, "winner": "NS", "strokes": 1, "totals": {"NS": 117, "EW": 82}}]


def test_sa_two_strokes_and_the_boem(client: TestClient) -> None:
    sid = new_sheet(client, rules="sa")["id"]
    # This project's automatic roemtes: N/S go on in trick 7 at 104 to 33: two strokes.
    s = add(client, sid, {"points": {"NS": 84, "EW": 33}, "roem": {"NS": 20, "EW": 0}, "stopped": True})
    assert s["deals"][0]["went_on"] == {"team": "NS", "strokes": 2}
    r = client.post(f"/api/sheets/{sid}/deals", json={"points": {"NS": 20, "EW": 30}, "stopped": True})
    assert r.status_code == 422 and r.json()["code"] == "stopped_not_on"
    r = client.post(f"/api/sheets/{sid}/deals", json={"makers": "NS", "points": {"NS": 80}})
    assert r.status_code == 422 and "makers" in fields_of(r.json())
    for _ in range(2):
        s = add(client, sid, {"points": {"NS": 100, "EW": 46}})
        assert s["deals"][-1]["went_on"] == {"team": "NS", "strokes": 2}
    assert s["over"] and s["winner"] == "NS" and s["strokes"]["NS"] == 6
    assert client.post(f"/api/sheets/{sid}/deals", json={"points": {"NS": 100}}).status_code == 409
    s = client.post(f"/api/sheets/{sid}/undo").json()
    assert not s["over"] and s["strokes"]["NS"] == 4


def test_sheets_list_patch_delete_and_csv(client: TestClient) -> None:
    a = new_sheet(client, title="Dinsdag", teams={"NS": "Wij", "EW": "Zij, <b>wij</b>"},
                  players=["=cmd", "B", "C", "D"])
    b = new_sheet(client)
    add(client, a["id"], deal("NS", 82, 80, roem={"NS": 0, "EW": 20}))
    listing = client.get("/api/sheets").json()
    assert {x["id"] for x in listing} == {a["id"], b["id"]}
    assert listing[0]["id"] == a["id"] and listing[0]["deals"] == 1  # most recently changed first
    s = client.patch(f"/api/sheets/{b['id']}", json={"teams": {"NS": "Oost", "EW": "West"}}).json()
    assert s["teams"] == {"NS": "Oost", "EW": "West"}
    csv = client.get(f"/api/sheets/{a['id']}/export.csv")
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    lines = csv.text.splitlines()
    assert lines[0].startswith("deal,dealer,playing side,points Wij,") and '"points Zij, <b>wij</b>"' in lines[0]
    assert lines[1].split(",")[:3] == ["1", "'=cmd", "Wij"]  # a formula-like name stays text
    assert lines[1].split(",")[-5:] == ["nat", "0", "182", "0", "182"]
    assert client.delete(f"/api/sheets/{b['id']}").status_code == 204
    assert client.get(f"/api/sheets/{b['id']}").status_code == 404


def test_everything_survives_a_new_app_on_the_same_file(db_path: Path) -> None:
    with KeeperClient(create_app(db_path)) as c:
        sid = new_sheet(c, players=["A", "B", "C", "D"])["id"]
        add(c, sid, deal("NS", 100))
        d2 = add(c, sid, deal("EW", 100))["deals"][-1]["id"]
        c.put(f"/api/sheets/{sid}/deals/{d2}", json=deal("EW", 50))
        before = c.get(f"/api/sheets/{sid}").json()
        tokens = c.tokens
    with KeeperClient(create_app(db_path)) as c:
        c.tokens = tokens  # the owner's tokens are kept by the keeper, not by the app
        after = c.get(f"/api/sheets/{sid}").json()
        assert after == before
        s = c.post(f"/api/sheets/{sid}/undo").json()  # the undo history is stored too
        assert s["deals"][1]["points"] == {"NS": 100, "EW": 62}


def test_openapi_describes_the_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    assert {"/api/sheets", "/api/sheets/{sheet_id}", "/api/sheets/{sheet_id}/deals",
            "/api/sheets/{sheet_id}/deals/{deal_id}", "/api/sheets/{sheet_id}/undo"} <= set(paths)
    assert "DealIn" in schema["components"]["schemas"] and "422" in paths["/api/sheets/{sheet_id}/deals"]["post"][
        "responses"]


def test_pages_are_served(client: TestClient) -> None:
    for url in ("/", "/keeper", "/static/js/keeper.js", "/static/js/start.js", "/static/css/app.css"):
        r = client.get(url)
        assert r.status_code == 200, url


def test_odd_bodies_get_4xx(client: TestClient) -> None:
    sid = new_sheet(client)["id"]
    for raw in [b'{"\\ud800": 1}', b'{"makers": "\\ud800", "points": {"NS": 1}}', b"\xff\xfe{",
                b'{"teams": {"NS": "\\ud800"}}', b'{"points": {"NS": 1e400}, "makers": "NS"}',
                b'{"points": {"NS": NaN}, "makers": "NS"}', b'{"points": {"NS": true}, "makers": "NS"}',
                b'{"points": {"NS": "82"}, "makers": "NS"}', b'{"points": {"NS": 82.0}, "makers": "NS"}', b"",
                b"[]", b"null", b'{"points": {"NS": 99999999999999999999999999}, "makers": "NS"}']:
        for url in ("/api/sheets", f"/api/sheets/{sid}/deals", f"/api/sheets/{sid}/deals/1"):
            method = "PUT" if url.endswith("/1") else "POST"
            r = client.request(method, url, content=raw, headers={"content-type": "application/json"})
            assert 400 <= r.status_code < 500, (url, raw, r.text)
            assert r.json()["detail"]
    assert client.get(f"/api/sheets/{sid}").json()["deals"] == []


def test_every_refusal_says_why_in_dutch_too(db_path: Path) -> None:
    """Each refusal a keeper can meet keeps its status and code, with ``reason`` per language and ``detail`` its
    English; what a person typed wrong is said in Dutch without the schema's English."""
    with TestClient(create_app(db_path), headers={"X-Klaverjas": "1"}) as c:
        made = c.post("/api/sheets", json={"match_end": "points:500"}).json()
        sid, owner = made["id"], {"Authorization": f"Bearer {made['owner_token']}"}
        other = {"Authorization": f"Bearer {c.post('/api/sheets', json={}).json()['owner_token']}"}
        share = c.post(f"/api/sheets/{sid}/shares", json={"mode": "read"}, headers=owner).json()
        read = {"Authorization": f"Bearer {share['token']}"}
        first = c.post(f"/api/sheets/{sid}/deals", json=deal("NS", 100), headers=owner).json()["deal_id"]
        c.post(f"/api/sheets/{sid}/deals", json=deal("NS", 100), headers=owner)
        big = deal("NS", 162, roem={"NS": 300, "EW": 0}, pit="NS")
        cases = [
            ("GET", f"/api/sheets/{sid}", None, {}, 401, "no_valid_token", "alleen met een van haar links"),
            ("GET", f"/api/sheets/{sid}", None, {"Authorization": "Bearer junk"}, 401, "no_valid_token",
             "opent geen lijst"),
            ("GET", "/api/sheets", None, {"Authorization": "Bearer junk"}, 401, "no_valid_token", "Geen van deze"),
            ("GET", f"/api/sheets/{sid}", None, other, 403, "not_allowed", f"niet lijst {sid}"),
            ("POST", f"/api/sheets/{sid}/deals", deal("NS", 100), read, 403, "not_allowed", "alleen bekijken"),
            ("POST", f"/api/sheets/{sid}/shares", {"mode": "read"}, read, 403, "not_allowed", "alleen de eigenaar"),
            ("PUT", f"/api/sheets/{sid}/deals/999", deal("NS", 100), owner, 404, "not_found", "geen ronde met id 999"),
            ("DELETE", f"/api/sheets/{sid}/shares/{'0' * 16}", None, owner, 404, "not_found", "al ingetrokken?"),
            ("PUT", f"/api/sheets/{sid}/deals/{first}", big, owner, 409, "match_over_earlier", "eerder afgelopen"),
            ("PATCH", f"/api/sheets/{sid}", {"match_end": "deals:1"}, owner, 409, "match_over",
             "Met dit einde is de partij al afgelopen vóór ronde 2"),
            ("POST", f"/api/sheets/{sid}/deals", deal("NS", 170, roem={"NS": 25, "EW": 0}), owner, 422,
             "points_range", "Kaartpunten moeten tussen 0 en 162 liggen; roem is altijd een veelvoud van 10."),
            ("POST", f"/api/sheets/{sid}/deals", {"makers": "NS", "points": {"NS": 81.5}}, owner, 422, "invalid",
             "points.NS: vul een heel getal in"),
            ("PATCH", f"/api/sheets/{sid}", {"teams": {"NS": "Wij\u200d"}}, owner, 422, "invalid",
             "teams.NS: een naam mag geen onzichtbare tekens of stuurtekens bevatten"),
        ]
        for method, url, body, headers, status, code, dutch in cases:
            r = c.request(method, url, json=body, headers=headers)
            answer = r.json()
            assert (r.status_code, answer["code"]) == (status, code), (method, url, r.text)
            assert answer["detail"] == answer["reason"]["en"] and dutch in answer["reason"]["nl"], (method, url, answer)
            assert "Input should" not in answer["reason"]["nl"] and "Value error" not in answer["reason"]["nl"]
        for _ in range(2):
            c.post(f"/api/sheets/{sid}/undo", headers=owner)
        c.post(f"/api/sheets/{sid}/deals", json=big, headers=owner)  # 562 with its roem: the match is over
        r = c.post(f"/api/sheets/{sid}/deals", json=deal("NS", 100), headers=owner)
        assert r.status_code == 409 and r.json()["code"] == "match_over"
        assert r.json()["reason"]["nl"] == "De partij is afgelopen: er kan geen ronde meer bij."
        while c.post(f"/api/sheets/{sid}/undo", headers=owner).status_code == 200:
            pass
        r = c.post(f"/api/sheets/{sid}/undo", headers=owner)
        assert r.status_code == 409 and r.json()["code"] == "nothing_to_undo"
        assert r.json()["reason"]["nl"] == "Er valt op deze lijst niets ongedaan te maken."
        assert c.delete(f"/api/sheets/{sid}", headers=owner).status_code == 204
        r = c.get(f"/api/sheets/{sid}", headers=owner)
        assert r.status_code == 404 and r.json()["reason"] == {"en": f"Sheet {sid} does not exist (any more).",
                                                               "nl": f"Lijst {sid} bestaat niet (meer)."}
