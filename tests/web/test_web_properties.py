"""Property tests against the API: no input gives a 5xx, totals always add up."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.web.keeper_client import KeeperClient

from klaverjas.web import create_app
from klaverjas.web.limits import Limits

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

junk: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
team = st.sampled_from(["NS", "EW"])
maybe_team = st.none() | team
points = st.integers(0, 162)
roem = st.sampled_from([0, 0, 0, 20, 40, 50, 100, 200])


@st.composite
def valid_deal(draw: st.DrawFn, sa: bool) -> dict[str, Any]:
    total = 146 if sa else 162
    ns = draw(st.integers(0, total))
    body: dict[str, Any] = {"points": {"NS": ns} if draw(st.booleans()) else {"NS": ns, "EW": total - ns},
                            "roem": {"NS": draw(roem), "EW": draw(roem)}}
    if not sa:
        body["makers"] = draw(team)
        if draw(st.integers(0, 9)) == 0:
            body["verzaakt"] = draw(team)
    if ns in (0, total) and draw(st.booleans()):
        body["pit"] = "NS" if ns == total else "EW"
    return body


@st.composite
def any_deal(draw: st.DrawFn, sa: bool) -> Any:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(valid_deal(sa))
    if kind == 1:
        return draw(junk)
    # Near misses: right shape, wrong numbers.
    return {
        "makers": draw(maybe_team | st.sampled_from(["ns", "", 0])),
        "points": {"NS": draw(st.none() | st.integers(-200, 400) | st.integers()),
                   "EW": draw(st.none() | st.integers(-200, 400))},
        "roem": {"NS": draw(st.integers(-50, 300)), "EW": draw(roem)},
        "pit": draw(maybe_team), "verzaakt": draw(maybe_team), "stopped": draw(st.booleans()),
    }


sheet_body = st.fixed_dictionaries({}, optional={
    "rules": st.sampled_from(["amsterdam", "rotterdam", "sa", "strict", 3]),
    "match_end": st.sampled_from(["deals:16", "deals:3", "points:1500", "points:400", "open", "strokes:2",
                                  "strokes:5", "deals:-1", "open:3", "x"]) | st.text(max_size=25),
    "teams": st.fixed_dictionaries({"NS": st.text(max_size=45), "EW": st.text(max_size=5)}) | junk,
    "players": st.none() | st.lists(st.text(max_size=10), min_size=3, max_size=5),
    "first_dealer": st.integers(-2, 5),
    "title": st.text(max_size=45),
}) | junk


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path: Path = tmp_path_factory.mktemp("props") / "props.db"
    # The page's client (owner tokens, X-Klaverjas); hypothesis makes far more sheets than a person would.
    with KeeperClient(create_app(path, limits=Limits().scaled(100))) as c:
        yield c


def check_sheet(s: dict[str, Any]) -> None:
    """Totals are the sum of the deals; for strokes sheets the games and strokes add up too."""
    deals = s["deals"]
    for side in ("NS", "EW"):
        assert s["totals"][side] == sum(d["score"][side] for d in deals)
        running = 0
        for d in deals:
            running += d["score"][side]
            assert d["totals"][side] == running
    assert [d["number"] for d in deals] == list(range(1, len(deals) + 1))
    if s["scoring"] == "strokes":
        carry = {"NS": 0, "EW": 0}
        strokes = {"NS": 0, "EW": 0}
        for d in deals:
            carry = {k: carry[k] + d["score"][k] for k in carry}
            assert d["carry"] == carry
            if d["went_on"]:
                strokes[d["went_on"]["team"]] += d["went_on"]["strokes"]
                carry = {"NS": 0, "EW": 0}
        assert s["carry"] == carry and s["strokes"] == strokes
    else:
        for d in deals:
            if d["nat"]:
                assert 0 in d["score"].values() and d["makers"] is not None
                assert d["score"]["NS" if d["makers"] == "EW" else "EW"] == 162 + sum(d["roem"].values()) + (
                    100 if d["pit"] else 0)


@SETTINGS
@given(body=sheet_body)
def test_creating_sheets_never_fails_on_the_server(client: TestClient, body: Any) -> None:
    r = client.post("/api/sheets", json=body)
    assert r.status_code < 500, r.text
    assert r.status_code in (201, 422), r.text
    if r.status_code == 201:
        check_sheet(r.json())
    else:
        assert r.json()["detail"]


@SETTINGS
@given(data=st.data(), sa=st.booleans())
def test_random_actions_keep_the_sheet_consistent(client: TestClient, data: st.DataObject, sa: bool) -> None:
    body = {"rules": "sa"} if sa else {"match_end": data.draw(st.sampled_from(["deals:6", "points:700", "open"]))}
    s = client.post("/api/sheets", json=body).json()
    sid = s["id"]
    for _ in range(data.draw(st.integers(1, 12))):
        action = data.draw(st.sampled_from(["add", "add", "add", "edit", "delete", "undo", "junk"]))
        ids = [d["id"] for d in s["deals"]] or [1]
        did = data.draw(st.sampled_from(ids) | st.integers(-1, 10**20))
        if action == "add":
            r = client.post(f"/api/sheets/{sid}/deals", json=data.draw(any_deal(sa)))
        elif action == "edit":
            r = client.put(f"/api/sheets/{sid}/deals/{did}", json=data.draw(any_deal(sa)))
        elif action == "delete":
            r = client.delete(f"/api/sheets/{sid}/deals/{did}")
        elif action == "undo":
            r = client.post(f"/api/sheets/{sid}/undo")
        else:
            r = client.patch(f"/api/sheets/{sid}", json=data.draw(junk | st.fixed_dictionaries(
                {"match_end": st.sampled_from(["deals:2", "open", "strokes:1", "points:200"])})))
        assert r.status_code < 500, r.text
        if r.status_code >= 400:
            assert r.json()["detail"]
            after = client.get(f"/api/sheets/{sid}").json()
            assert after["deals"] == s["deals"]  # a refused change leaves the sheet as it was
        s = client.get(f"/api/sheets/{sid}").json()
        check_sheet(s)
