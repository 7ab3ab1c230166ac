"""A club evening served by two app processes on one PostgreSQL (each app its own Database, as separate
`klaverjas serve` processes would have): the phones of every table enter their deals at the same time,
each through either process, and every deal of every table is on the evening, in the order it was sent."""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient

from klaverjas.web import create_app

INTENT = {"X-Klaverjas": "1"}
PLAYERS = [f"Speler {k}" for k in range(16)]
DEALS = 8


def test_tables_entering_deals_through_two_processes_lose_none(postgres_url: str) -> None:
    with TestClient(create_app(postgres_url)) as first, TestClient(create_app(postgres_url)) as second:
        made = first.post("/api/clubs", json={"name": "De Klaverboer"}, headers=INTENT).json()
        club, organiser = made["id"], {**INTENT, "Authorization": f"Bearer {made['organiser_token']}"}
        evening = second.post(f"/api/clubs/{club}/evenings", json={"rounds": 1, "seed": 7},
                              headers=organiser).json()["id"]
        for k, name in enumerate(PLAYERS):
            answer = (first, second)[k % 2].post(f"/api/clubs/{club}/evenings/{evening}/present",
                                                  json={"name": name}, headers=organiser)
            assert answer.status_code == 200, answer.text
        first.post(f"/api/clubs/{club}/evenings/{evening}/rounds", json={}, headers=organiser)
        links = second.get(f"/api/clubs/{club}/evenings/{evening}/rounds/1/links", headers=organiser).json()
        assert len(links) == 4
        errors: list[str] = []

        def phone(table: int, token: str) -> None:
            seat = {**INTENT, "Authorization": f"Bearer {token}"}
            for k in range(DEALS):  # NS make 100 + table + k of 162: a deal each side can tell apart
                answer = (first, second)[k % 2].post("/api/clubs/table/deals", headers=seat, json={
                    "makers": "NS", "points": {"NS": 100 + table + k}})
                if answer.status_code != 201:
                    errors.append(answer.text)

        phones = [threading.Thread(target=phone, args=(t["table"], t["link"].split("#token=")[1])) for t in links]
        for p in phones:
            p.start()
        for p in phones:
            p.join()
        assert errors == []
        for t in links:
            token = t["link"].split("#token=")[1]
            seen: dict[str, Any] = first.get("/api/clubs/table", headers={"Authorization": f"Bearer {token}"}).json()
            assert [d["points"]["NS"] for d in seen["sheet"]["deals"]] == [100 + t["table"] + k for k in range(DEALS)]
            assert [d["number"] for d in seen["sheet"]["deals"]] == list(range(1, DEALS + 1))
        stored = second.get(f"/api/clubs/{club}/evenings/{evening}", headers=organiser).json()
        assert stored["version"] == 1 + len(PLAYERS) + 1 + 4 * DEALS  # each change one version, none lost
