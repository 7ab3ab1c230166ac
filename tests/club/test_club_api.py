"""The club API through HTTP against a real server: a whole evening with tables entering their sheets at
the same time, a season of seven evenings, every refusal with its reason, and who may do what.

Scores are checked against a reference written here from docs/rules.md §6 (Amsterdam, 162 card points,
the makers need more than the others or go nat, pit earns 100 roem), not against the server's own code.
"""

from __future__ import annotations

import csv as csv_module
import io
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.conftest import live_server

TOTAL = 162
PIT_BONUS = 100
INTENT = {"X-Klaverjas": "1"}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(Path(tmp_path_factory.mktemp("club")) / "klaverjas.db") as url:
        yield url


def bearer(token: str) -> dict[str, str]:
    return {**INTENT, "Authorization": f"Bearer {token}"}


def bilingual(answer: dict[str, Any]) -> dict[str, str]:
    """A refusal's reason: in English (the detail) and in Dutch, both said, and not the same words."""
    reason: dict[str, str] = answer["reason"]
    assert set(reason) == {"en", "nl"}, answer
    assert reason["en"] == answer["detail"] and reason["nl"].strip() and reason["nl"] != reason["en"], answer
    return reason


class Club:
    """An organiser's view of one club through the API."""

    def __init__(self, base: str, name: str = "De Klaverboer") -> None:
        self.http = httpx.Client(base_url=base, timeout=30)
        r = self.http.post("/api/clubs", json={"name": name}, headers=INTENT)
        assert r.status_code == 201, r.text
        body = r.json()
        self.id: str = body["id"]
        self.token: str = body["organiser_token"]
        self.public: str = body["public_link"].split("#token=")[1]
        assert body["organiser_link"] == f"/club/{self.id}#token={self.token}"

    def call(self, method: str, path: str, body: Any = None, token: str | None = None, status: int = 200) -> Any:
        r = self.http.request(method, f"/api/clubs/{self.id}{path}", json=body,
                              headers=bearer(token or self.token))
        assert r.status_code == status, (method, path, r.status_code, r.text)
        return r.json() if r.headers.get("content-type", "").startswith("application/json") else r.text

    def evening(self, **settings: Any) -> int:
        return int(self.call("POST", "/evenings", settings, status=201)["id"])


def reference_score(makers: int, points: tuple[int, int], roem: tuple[int, int], pit: int | None) -> tuple[int, int]:
    """docs/rules.md §6 for Amsterdam: the makers must make more than the others (points + roem)."""
    with_pit = [roem[0], roem[1]]
    if pit is not None:
        with_pit[pit] += PIT_BONUS
    mine = points[makers] + with_pit[makers]
    theirs = points[1 - makers] + with_pit[1 - makers]
    if mine <= theirs:  # nat: the others take everything
        out = [0, 0]
        out[1 - makers] = TOTAL + with_pit[0] + with_pit[1]
        return out[0], out[1]
    return points[0] + with_pit[0], points[1] + with_pit[1]


def random_deal(rng: random.Random) -> tuple[dict[str, Any], tuple[int, int]]:
    """A deal as a table types it, and its score by the reference."""
    makers = rng.randrange(2)
    if rng.random() < 0.05:
        pit: int | None = makers
        points = (TOTAL, 0) if makers == 0 else (0, TOTAL)
    else:
        pit = None
        ns = rng.randrange(TOTAL + 1)
        points = (ns, TOTAL - ns)
    roem = (rng.choice([0, 0, 0, 20, 50, 100]), rng.choice([0, 0, 0, 20, 50]))
    team = ("NS", "EW")
    body = {"makers": team[makers], "points": {"NS": points[0]}, "roem": {"NS": roem[0], "EW": roem[1]},
            "pit": None if pit is None else team[pit]}
    return body, reference_score(makers, points, roem, pit)


def table_links(club: Club, evening: int, round_number: int) -> list[dict[str, Any]]:
    links: list[dict[str, Any]] = club.call("GET", f"/evenings/{evening}/rounds/{round_number}/links")
    for link in links:
        assert link["link"].startswith("/club/table#token=")
        assert link["qr_svg"].startswith("data:image/svg+xml")
    return links


def play_table(base: str, token: str, deals: list[dict[str, Any]], errors: list[str]) -> None:
    """A table's phone entering its sheet deal by deal."""
    with httpx.Client(base_url=base, timeout=60) as http:
        for k, deal in enumerate(deals):
            r = http.post("/api/clubs/table/deals", json=deal, headers=bearer(token))
            if r.status_code != 201:
                errors.append(f"deal {k + 1}: {r.status_code} {r.text}")
                return
            sheet = r.json()["sheet"]
            if len(sheet["deals"]) != k + 1:
                errors.append(f"deal {k + 1}: the sheet has {len(sheet['deals'])} deals")


def test_an_evening_of_five_rounds_with_twenty_players_and_concurrent_tables(base: str) -> None:
    club = Club(base)
    players = [f"Speler {k:02d}" for k in range(1, 21)]
    evening = club.evening(title="Vrijdagdrive", rounds=5, match_end="deals:16", seed=7)
    for name in players:
        club.call("POST", f"/evenings/{evening}/present", {"name": name})
    rng = random.Random(2026)
    expected = {p: 0 for p in players}
    per_round: list[dict[str, int]] = []
    partners: set[frozenset[str]] = set()
    changes = 20  # sign-ins so far; every stored change adds one version
    for k in range(1, 6):
        state = club.call("POST", f"/evenings/{evening}/rounds", {}, status=201)
        changes += 1
        rnd = state["played"][k - 1]
        assert rnd["byes"] == [] and len(rnd["tables"]) == 5
        seated = [p for t in rnd["tables"] for side in t["sides"] for p in side]
        assert sorted(seated) == sorted(players)  # everyone at one table
        for t in rnd["tables"]:
            for side in t["sides"]:
                pair = frozenset(side)
                assert pair not in partners, f"{sorted(pair)} partner twice"
                partners.add(pair)
        links = table_links(club, evening, k)
        plans = {link["table"]: [random_deal(rng) for _ in range(16)] for link in links}
        errors: list[str] = []
        threads = [threading.Thread(target=play_table, args=(base, link["link"].split("#token=")[1],
                                                            [d for d, _ in plans[link["table"]]], errors))
                   for link in links]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert not errors, errors
        changes += 16 * len(links)
        state = club.call("GET", f"/evenings/{evening}")
        assert state["version"] == 1 + changes  # no update lost between the five phones
        scores: dict[str, int] = {}
        for t in state["played"][k - 1]["tables"]:
            totals = [sum(s[side] for _, s in plans[t["number"]]) for side in (0, 1)]
            assert t["complete"] and t["source"] == "sheet" and t["deals"] == 16
            assert t["totals"] == totals
            for side, total in zip(t["sides"], totals, strict=True):
                for p in side:
                    scores[p] = total
                    expected[p] += total
        per_round.append(scores)
        club.call("POST", f"/evenings/{evening}/rounds/{k}/close")
        changes += 1
    state = club.call("POST", f"/evenings/{evening}/close")
    standings = state["standings"]
    lines = standings["lines"]
    assert {ln["entrant"]: ln["total"] for ln in lines} == expected
    assert [ln["rank"] for ln in lines] == list(range(1, 21))
    for a, b in zip(lines, lines[1:], strict=False):
        assert a["total"] >= b["total"]
        if a["total"] == b["total"]:  # the tie rule: the higher best round first
            assert max(per_round[r][a["entrant"]] for r in range(5)) >= max(per_round[r][b["entrant"]]
                                                                            for r in range(5))
    for ln in lines:
        assert ln["scores"] == [per_round[r][ln["entrant"]] for r in range(5)]
    for r in range(5):
        assert dict(standings["rounds"][r]) == per_round[r]
    # Prizes 1-4, 8, 12, 16, 20; the poedel is the last; the best round is the highest table score.
    assert [ln["rank"] for ln in lines if ln["prize"]] == [1, 2, 3, 4, 8, 12, 16, 20]
    assert standings["poedel"] == lines[-1]["entrant"]
    top = max(s for scores in per_round for s in scores.values())
    assert {b["score"] for b in standings["best_round"]} == {top}
    # The CSV holds every table's result and every standing.
    csv = club.call("GET", f"/evenings/{evening}/export.csv")
    assert csv.count("\ntable,") == 25 and csv.count("\nstanding,") == 20
    assert f"standing,Vrijdagdrive,,1,{lines[0]['entrant']},{lines[0]['total']}," in csv.replace("\r\n", "\n")


def test_byes_late_arrival_typed_totals_and_a_logged_correction(base: str) -> None:
    club = Club(base)
    evening = club.evening(rounds=2, match_end="deals:12", bye={"kind": "fixed", "points": 1600})
    for k in range(1, 10):
        club.call("POST", f"/evenings/{evening}/present", {"name": f"P{k}"})
    state = club.call("POST", f"/evenings/{evening}/rounds", {}, status=201)
    (bye,) = state["played"][0]["byes"]
    for t in (1, 2):
        club.call("PUT", f"/evenings/{evening}/rounds/1/tables/{t}/totals", {"totals": [1000 + t, 900]})
    # A correction of a counted result is logged with who made it.
    state = club.call("PUT", f"/evenings/{evening}/rounds/1/tables/2/totals", {"totals": [1100, 800]})
    assert state["log"] == [{"round": 1, "table": 2, "by": "organiser", "before": [1002, 900],
                             "after": [1100, 800]}]
    club.call("POST", f"/evenings/{evening}/rounds/1/close")
    for late in ("Laat", "Later", "Laatst"):  # late arrivals: drawn from round 2 on
        club.call("POST", f"/evenings/{evening}/present", {"name": late})
    state = club.call("POST", f"/evenings/{evening}/rounds", {}, status=201)
    second = state["played"][1]
    assert second["byes"] == [] and len(second["tables"]) == 3
    lines = {ln["entrant"]: ln for ln in state["standings"]["lines"]}
    assert lines[bye]["scores"][0] == 1600 and lines[bye]["byes"] == [1]
    assert lines["Laat"]["scores"] == [None, None]
    # A table's phone: twelve deals make the round, a thirteenth is refused.
    token = table_links(club, evening, 2)[0]["link"].split("#token=")[1]
    with httpx.Client(base_url=club.http.base_url) as http:
        for _ in range(12):
            r = http.post("/api/clubs/table/deals", json={"makers": "NS", "points": {"NS": 100}},
                          headers=bearer(token))
            assert r.status_code == 201, r.text
        assert r.json()["complete"] and r.json()["sheet"]["totals"] == {"NS": 1200, "EW": 744}
        r = http.post("/api/clubs/table/deals", json={"makers": "NS", "points": {"NS": 100}}, headers=bearer(token))
        assert r.status_code == 422 and "entered 13 deals; a round has 12" in r.json()["detail"]
        # A correction at the table after it counted is logged as the table's.
        r = http.put("/api/clubs/table/deals/3", json={"makers": "NS", "points": {"NS": 60}}, headers=bearer(token))
        assert r.status_code == 200, r.text
    state = club.call("GET", f"/evenings/{evening}")
    assert state["log"][-1] == {"round": 2, "table": 1, "by": "table 1", "before": [1200, 744],
                                "after": [1100, 844]}  # deal 3 went nat: 100-62 became 0-162


def test_a_season_of_seven_evenings_where_the_best_five_count(base: str) -> None:
    club = Club(base)
    season = club.call("POST", "/seasons", {"name": "2026-2027", "best": 5}, status=201)
    members = [f"Lid {k}" for k in range(1, 11)]
    for k, name in enumerate(members):
        club.call("POST", "/members", {"name": name, "number": str(100 + k)}, status=201)
    rng = random.Random(5)
    totals: dict[str, list[int | None]] = {m: [] for m in members}
    for night in range(7):
        evening = club.evening(title=f"Avond {night + 1}", date=f"2026-10-{night + 1:02d}", rounds=1,
                               season_id=season["id"])
        present = sorted(rng.sample(members, 8))
        for name in present:
            club.call("POST", f"/evenings/{evening}/present", {"name": name})
        state = club.call("POST", f"/evenings/{evening}/rounds", {}, status=201)
        scored: dict[str, int] = {}
        for t in state["played"][0]["tables"]:
            a = rng.randrange(800, 2400)
            b = rng.randrange(800, 2400)
            club.call("PUT", f"/evenings/{evening}/rounds/1/tables/{t['number']}/totals", {"totals": [a, b]})
            for side, total in zip(t["sides"], (a, b), strict=True):
                for p in side:
                    scored[p] = total
        club.call("POST", f"/evenings/{evening}/rounds/1/close")
        club.call("POST", f"/evenings/{evening}/close")
        for m in members:
            totals[m].append(scored.get(m))
    out = club.call("GET", f"/seasons/{season['id']}")
    assert out["best"] == 5 and len(out["evenings"]) == 7
    expected = {m: sum(sorted((v for v in totals[m] if v is not None), reverse=True)[:5]) for m in members}
    lines = out["lines"]
    assert {ln["entrant"]: ln["total"] for ln in lines} == expected
    assert [ln["total"] for ln in lines] == sorted(expected.values(), reverse=True)
    for ln in lines:
        assert ln["evenings"] == totals[ln["entrant"]]
        played = [i for i, v in enumerate(totals[ln["entrant"]]) if v is not None]
        assert len(ln["counted"]) == min(5, len(played))
        assert sorted(ln["counted"] + ln["dropped"]) == played
        if ln["dropped"]:  # a dropped evening is never better than a counted one
            assert max(totals[ln["entrant"]][i] or 0 for i in ln["dropped"]) <= \
                min(totals[ln["entrant"]][i] or 0 for i in ln["counted"])
    everything = club.call("GET", "/export.csv", token=club.public)
    assert everything.count("\nmember,") == 10 and everything.count("\nseason,") == 10


def test_every_bad_input_is_refused_with_its_reason_and_nothing_is_lost(base: str) -> None:
    club = Club(base)
    evening = club.evening(rounds=2)
    kinds: set[str] = set()
    nl: list[str] = []

    def refused(method: str, path: str, body: Any, status: int, reason: str, token: str | None = None) -> None:
        before = club.call("GET", f"/evenings/{evening}")["version"]
        answer = club.call(method, path, body, token=token, status=status)
        assert reason in answer["detail"], answer
        kinds.add(answer["code"])
        nl.append(bilingual(answer)["nl"])
        assert club.call("GET", f"/evenings/{evening}")["version"] == before  # nothing stored

    ev = f"/evenings/{evening}"
    for k in range(1, 9):
        club.call("POST", f"{ev}/present", {"name": f"P{k}"})
    refused("POST", f"{ev}/present", {"name": "P1"}, 422, "P1 is already signed in")
    refused("POST", f"{ev}/present", {"name": "Q", "members": ["A", "B"]}, 422, "sign in alone")
    refused("POST", f"{ev}/present", {"name": " "}, 422, "name")
    refused("POST", f"{ev}/rounds/1/close", None, 409, "round 1 is not the round being played")
    # A hand-made draw with a player in two tables.
    tables = [[["P1", "P2"], ["P3", "P4"]], [["P5", "P1"], ["P7", "P8"]]]
    refused("POST", f"{ev}/rounds", {"tables": tables}, 422, "P1 is both at table 1 and at table 2")
    refused("POST", f"{ev}/rounds", {"tables": [[["P1", "P2"], ["P3", "P4"]]]}, 422,
            "P5 is present but neither seated nor on a bye")
    state = club.call("POST", f"{ev}/rounds", {"tables": [[["P1", "P2"], ["P3", "P4"]],
                                                          [["P5", "P6"], ["P7", "P8"]]]}, status=201)
    assert state["played"][0]["tables"][1]["sides"] == [["P5", "P6"], ["P7", "P8"]]
    refused("POST", f"{ev}/rounds", {}, 409, "round 1 is still being played")
    refused("POST", f"{ev}/leave", {"name": "P3"}, 409, "P3 plays at table 1 in round 1")
    refused("PUT", f"{ev}/rounds/1/tables/3/totals", {"totals": [1, 2]}, 422, "round 1 has no table 3")
    refused("PUT", f"{ev}/rounds/2/tables/1/totals", {"totals": [1, 2]}, 422, "round 2 has not been drawn")
    refused("PUT", f"{ev}/rounds/1/tables/1/totals", {"totals": [-5, 2]}, 422, "totals must be 0 to")
    refused("PUT", f"{ev}/rounds/1/tables/1/totals", {"totals": [5]}, 422, "totals")
    seventeen = [{"makers": "NS", "points": {"NS": 90}}] * 17
    refused("PUT", f"{ev}/rounds/1/tables/1/sheet", {"deals": seventeen}, 422, "entered 17 deals; a round has 16")
    club.call("PUT", f"{ev}/rounds/1/tables/1/totals", {"totals": [1500, 1200]})
    refused("POST", f"{ev}/rounds/1/close", None, 409, "round 1 cannot close: table 2 has no complete result")
    token = table_links(club, evening, 1)[1]["link"].split("#token=")[1]
    with httpx.Client(base_url=club.http.base_url) as http:
        def table(method: str, path: str, body: Any, status: int, reason: str) -> None:
            r = http.request(method, f"/api/clubs/table{path}", json=body, headers=bearer(token))
            assert r.status_code == status and reason in r.json()["detail"], r.text
            kinds.add(r.json()["code"])
            nl.append(bilingual(r.json())["nl"])
        table("POST", "/deals", {"makers": "NS", "points": {"NS": 90, "EW": 90}}, 422, "points add up to 180")
        table("POST", "/deals", {"makers": "NS", "points": {"NS": 90}, "roem": {"NS": 15}}, 422,
              "roem must be a multiple of 10")
        table("POST", "/deals", {"points": {"NS": 90}}, 422, "choose the playing side")
        table("PUT", "/deals/4", {"makers": "NS", "points": {"NS": 90}}, 422, "the sheet has no deal 4")
        r = http.post("/api/clubs/table/deals", json={"makers": "NS", "points": {"NS": 90}},
                      headers={"Authorization": f"Bearer {token[:-1]}x", **INTENT})
        assert r.status_code == 401 and "not a table's link" in r.json()["detail"]
        assert "geen link van een tafel" in bilingual(r.json())["nl"]
        # A table token opens its own table, not the club.
        assert club.call("GET", "", token=token, status=401)["code"] == "bad_token"
    club.call("PUT", f"{ev}/rounds/1/tables/2/totals", {"totals": [1300, 1400]})
    club.call("POST", f"{ev}/rounds/1/close")
    refused("PUT", f"{ev}/rounds/1/tables/1/sheet", {"deals": []}, 422, "round 1 is closed: table 1 needs a complete")
    club.call("POST", f"{ev}/close")
    refused("POST", f"{ev}/present", {"name": "Laat"}, 409, "the evening is closed")
    refused("PUT", f"{ev}/rounds/1/tables/1/totals", {"totals": [1, 2]}, 409, "the evening is closed")
    refused("POST", f"{ev}/rounds", {}, 409, "the evening is closed")
    with httpx.Client(base_url=club.http.base_url) as http:
        r = http.post("/api/clubs/table/deals", json={"makers": "NS", "points": {"NS": 90}}, headers=bearer(token))
        assert r.status_code == 409 and "the evening is closed" in r.json()["detail"]
        assert bilingual(r.json())["nl"] == "de avond is gesloten; er kan niets meer veranderen"
    # Settings an evening cannot have.
    for body, reason in (({"rounds": 0}, "rounds"), ({"format": "teams"}, "format"),
                         ({"match_end": "strokes:5"}, "deals:N or at points:N"), ({"rules": "strict"}, "rules"),
                         ({"rules": "sa", "match_end": "deals:16"}, "ends at strokes:N"),
                         ({"rules": "sa", "bye": {"kind": "fixed", "points": 1600}}, "in strokes: 0 to 6"),
                         ({"bye": {"kind": "fixed", "points": -1}}, "points"), ({"season_id": 999}, "season 999")):
        status = 404 if "season" in reason else 422
        answer = club.call("POST", "/evenings", body, status=status)
        assert reason in answer["detail"]
        kinds.add(answer["code"])
        nl.append(bilingual(answer)["nl"])
    assert "member called P" in str(club.call("POST", "/members", {"name": "P"}, status=201) and
                                    club.call("POST", "/members", {"name": "P"}, status=409)["detail"])
    twice = club.call("POST", "/members", {"name": "P"}, status=409)
    assert bilingual(twice)["nl"] == "de club heeft al een lid met de naam P"
    # Every kind of refusal the evening gives was met here, each in both languages; the Dutch words differ
    # from refusal to refusal (no one catch-all text).
    assert {"settings", "draw", "result", "round", "closed", "invalid", "not_found", "points_sum",
            "roem_multiple", "makers_missing"} <= kinds, kinds
    assert "P1 is al aangemeld" in nl and len(set(nl)) >= len(nl) - 3, nl


def test_the_organiser_changes_the_public_link_only_looks(base: str) -> None:
    club = Club(base)
    other = Club(base, "Ruiten Troef")
    evening = club.evening()
    assert club.call("GET", "", token=club.public)["role"] == "public"
    assert club.call("GET", "")["role"] == "organiser"
    assert club.call("GET", f"/evenings/{evening}", token=club.public)["role"] == "public"
    for method, path, body in (("POST", f"/evenings/{evening}/present", {"name": "X"}), ("POST", "/evenings", {}),
                               ("POST", "/members", {"name": "X"}), ("PATCH", "", {"name": "X"}),
                               ("POST", f"/evenings/{evening}/rounds", {}),
                               ("GET", f"/evenings/{evening}/rounds/1/links", None)):
        answer = club.call(method, path, body, token=club.public, status=403)
        assert "the public link can only look" in answer["detail"]
        assert "openbare link" in bilingual(answer)["nl"]
    # Another club's organiser token opens nothing here; no token at all is refused with how to send one.
    answer = club.call("GET", "", token=other.token, status=401)
    assert "does not open club" in answer["detail"]
    assert bilingual(answer)["nl"] == f"dit token opent club {club.id} niet"
    r = club.http.get(f"/api/clubs/{club.id}")
    assert r.status_code == 401 and "Authorization: Bearer" in r.json()["detail"]
    bilingual(r.json())
    # A change without X-Klaverjas: 1 is refused, even from the organiser.
    r = club.http.post(f"/api/clubs/{club.id}/members", json={"name": "Y"},
                       headers={"Authorization": f"Bearer {club.token}"})
    assert r.status_code == 403 and "X-Klaverjas: 1" in r.json()["detail"]
    assert "X-Klaverjas: 1" in bilingual(r.json())["nl"]
    assert club.call("GET", "")["members"] == []
    assert club.http.get("/api/clubs/nosuchclub", headers=bearer(club.token)).status_code == 404
    r = club.http.get(f"/api/clubs/{club.id}/evenings/999", headers=bearer(club.token))
    assert r.status_code == 404 and bilingual(r.json())["nl"] == "de club heeft geen avond 999"


def test_the_organiser_replaces_the_public_link(base: str) -> None:
    club = Club(base)
    evening = club.evening()
    old = club.public
    # The public link cannot replace itself, nor can another club's organiser.
    answer = club.call("POST", "/public-link", token=old, status=403)
    assert "the public link can only look" in answer["detail"]
    club.call("POST", "/public-link", token=Club(base, "Ruiten Troef").token, status=401)
    renewed = club.call("POST", "/public-link")
    new = renewed["public_link"].split("#token=")[1]
    assert renewed["role"] == "organiser" and new != old
    # The old link opens nothing any more, anywhere in the club; the new one looks as the old one did.
    for path in ("", f"/evenings/{evening}", "/export.csv"):
        answer = club.call("GET", path, token=old, status=401)
        assert "does not open club" in answer["detail"]
    assert club.call("GET", "", token=new)["role"] == "public"
    assert club.call("GET", f"/evenings/{evening}", token=new)["role"] == "public"
    assert club.call("GET", "")["public_link"] == renewed["public_link"]  # kept: shown again to the organiser


def test_a_pairs_evening_with_an_odd_field_and_the_average_as_bye_score(base: str) -> None:
    club = Club(base)
    evening = club.evening(format="pairs", rounds=5, bye={"kind": "average"})
    pairs = {f"Paar {k}": [f"Speler {k}a", f"Speler {k}b"] for k in range(1, 6)}
    for name, players in pairs.items():
        club.call("POST", f"/evenings/{evening}/present", {"name": name, "members": players})
    answer = club.call("POST", f"/evenings/{evening}/present", {"name": "Paar 6", "members": ["Speler 1a", "X"]},
                       status=422)
    assert "Speler 1a already plays in pair Paar 1" in answer["detail"]
    met: list[frozenset[str]] = []
    byes: list[str] = []
    rng = random.Random(11)
    for k in range(1, 6):
        state = club.call("POST", f"/evenings/{evening}/rounds", {}, status=201)
        rnd = state["played"][k - 1]
        byes += rnd["byes"]
        seated: list[int] = []
        for t in rnd["tables"]:
            met.append(frozenset(p for side in t["sides"] for p in side))
            totals = [rng.randrange(900, 2300), rng.randrange(900, 2300)]
            club.call("PUT", f"/evenings/{evening}/rounds/{k}/tables/{t['number']}/totals", {"totals": totals})
            seated += totals
        state = club.call("POST", f"/evenings/{evening}/rounds/{k}/close")
        (bye,) = rnd["byes"]
        line = next(ln for ln in state["standings"]["lines"] if ln["entrant"] == bye)
        assert line["scores"][k - 1] == (2 * sum(seated) + len(seated)) // (2 * len(seated))  # mean, half up
        assert line["players"] == pairs[bye]
    # Five pairs, five rounds: every pair meets every other exactly once and sits out once.
    assert sorted(byes) == sorted(pairs)
    assert len(met) == 10 and len(set(met)) == 10
    # A table's phone sees the players of its pairs in their seats: side 1 north and south.
    state = club.call("GET", f"/evenings/{evening}")
    table = state["played"][4]["tables"][0]
    token = table_links(club, evening, 5)[0]["link"].split("#token=")[1]
    sheet = club.http.get("/api/clubs/table", headers=bearer(token)).json()["sheet"]
    (a,), (b,) = table["sides"]
    assert sheet["players"] == [pairs[a][0], pairs[b][0], pairs[a][1], pairs[b][1]]


def sa_reference(deals: list[int], target: int = 5) -> tuple[list[int], int]:
    """docs/rules.md §6-§7 for sa, here: N-S's card points of each complete deal (E-W the rest of 146), the game's
    totals carried over until a side reaches 100 after a deal (the higher if both), which wins a stroke, two if
    the other side is under 50; first to ``target``. Returns the strokes and the deals played."""
    strokes, carry = [0, 0], [0, 0]
    for n, ns in enumerate(deals, 1):
        carry = [carry[0] + ns, carry[1] + 146 - ns]
        if max(carry) >= 100 and carry[0] != carry[1]:
            on = 0 if (carry[0] >= 100 and (carry[1] < 100 or carry[0] > carry[1])) else 1
            strokes[on] += 2 if carry[1 - on] < 50 else 1
            carry = [0, 0]
            if strokes[on] >= target:
                return strokes, n
    raise AssertionError("not enough deals")


def test_a_south_african_evening_ranked_by_strokes_through_the_api(base: str) -> None:
    club = Club(base)
    evening = club.evening(rules="sa", rounds=2, seed=3)
    state = club.call("GET", f"/evenings/{evening}")
    assert state["match_end"] == "strokes:5" and state["strokes"] == 5 and state["bye"]["kind"] == "average"
    players = [f"Speler {k}" for k in range(1, 10)]
    for name in players:
        club.call("POST", f"/evenings/{evening}/present", {"name": name})
    rng = random.Random(3)
    expected = dict.fromkeys(players, 0)
    for k in (1, 2):
        rnd = club.call("POST", f"/evenings/{evening}/rounds", {}, status=201)["played"][k - 1]
        links = table_links(club, evening, k)
        plans = {}
        for link in links:
            points = [rng.randrange(147) for _ in range(80)]
            strokes, used = sa_reference(points)
            plans[link["table"]] = (strokes, [{"makers": None, "points": {"NS": p}} for p in points[:used]])
        errors: list[str] = []
        threads = [threading.Thread(target=play_table, args=(base, link["link"].split("#token=")[1],
                                                            plans[link["table"]][1], errors)) for link in links]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert not errors, errors
        state = club.call("GET", f"/evenings/{evening}")
        seated = []
        for t in state["played"][k - 1]["tables"]:
            strokes = plans[t["number"]][0]
            assert t["complete"] and t["totals"] == strokes
            for side, total in zip(t["sides"], strokes, strict=True):
                for p in side:
                    expected[p] += total
                    seated.append(total)
        for p in rnd["byes"]:
            expected[p] += (2 * sum(seated) + len(seated)) // (2 * len(seated))
        if k == 1:  # a typed result in strokes must be one: the winner at 5 (or 6), the other under 5
            answer = club.call("PUT", f"/evenings/{evening}/rounds/1/tables/1/totals", {"totals": [4, 3]}, status=422)
            assert "a South African result is strokes" in answer["detail"]
            assert "Zuid-Afrikaanse uitslag is in streken" in bilingual(answer)["nl"]
        club.call("POST", f"/evenings/{evening}/rounds/{k}/close")
    # A table phone's sheet of an sa round: no playing side may be chosen.
    token = table_links(club, evening, 2)[0]["link"].split("#token=")[1]
    lines = club.call("GET", f"/evenings/{evening}")["standings"]["lines"]
    assert {ln["entrant"]: ln["total"] for ln in lines} == expected
    assert [ln["total"] for ln in lines] == sorted(expected.values(), reverse=True)
    r = club.http.get("/api/clubs/table", headers=bearer(token))
    assert r.json()["sheet"]["scoring"] == "strokes" and r.json()["complete"]


def test_a_stay_move_pairs_evening_shows_who_stays_and_who_moves(base: str) -> None:
    club = Club(base)
    evening = club.evening(format="pairs", movement="mitchell", rounds=3, seed=9)
    for k in range(1, 8):  # seven pairs: four tables with a phantom, one pair sits out each round
        club.call("POST", f"/evenings/{evening}/present", {"name": f"Paar {k}", "members": [f"A{k}", f"B{k}"]})
    rounds = []
    for k in (1, 2, 3):
        state = club.call("POST", f"/evenings/{evening}/rounds", {}, status=201)
        assert state["movement"] == "mitchell"
        rnd = state["played"][k - 1]
        assert rnd["movement"] == "mitchell" and len(rnd["tables"]) == 3 and len(rnd["byes"]) == 1
        for t in rnd["tables"]:
            assert t["stays"] == t["sides"][0][0]
            assert t["moves_to"] == (t["number"] + 1 if t["number"] < 3 else None)
            club.call("PUT", f"/evenings/{evening}/rounds/{k}/tables/{t['number']}/totals", {"totals": [1200, 1100]})
        rounds.append(rnd)
        club.call("POST", f"/evenings/{evening}/rounds/{k}/close")
    for before, after in zip(rounds, rounds[1:], strict=False):
        for t in before["tables"]:
            assert after["tables"][t["number"] - 1]["stays"] == t["stays"]
            if t["moves_to"]:
                assert after["tables"][t["moves_to"] - 1]["sides"][1] == t["sides"][1]
            else:
                assert after["byes"] == t["sides"][1]
        assert after["tables"][0]["sides"][1] == before["byes"]  # the pair that sat out comes in at table 1
    met = [frozenset((t["sides"][0][0], t["sides"][1][0])) for rnd in rounds for t in rnd["tables"]]
    assert len(set(met)) == len(met) == 9
    answer = club.call("POST", "/evenings", {"movement": "mitchell"}, status=422)
    assert "pairs format" in answer["detail"] and bilingual(answer)["nl"]
    # The CSV has the evening's settings, the pairs' players, and per table who stays and where side 2 goes.
    rows = list(csv_module.reader(io.StringIO(club.call("GET", f"/evenings/{evening}/export.csv"))))
    (settings,) = [r for r in rows if r[0] == "settings"]
    assert settings[3:8] == ["pairs", "mitchell", "3", "deals:16", "amsterdam"] and settings[-1] == "points"
    assert sorted(r[3:] for r in rows if r[0] == "pair") == sorted([f"Paar {k}", f"A{k}", f"B{k}"] for k in range(1, 8))
    tables = [r for r in rows if r[0] == "table"]
    assert len(tables) == 9
    for r in tables:
        t = rounds[int(r[3]) - 1]["tables"][int(r[4]) - 1]
        assert r[10] == t["stays"] and r[11] == str(t["moves_to"] or "bye")
