"""The standings as the room and the organiser see them, against a real server in Chromium: no prize mark while
everyone is still at 0, the marks once a table has a result; a season too wide for a phone scrolls inside its
panel as a named keyboard focus stop; a server out of reach is said in the page's language."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.club.test_club_browser import PLAYERS, api_club, phone
from tests.conftest import HAVE_CHROMIUM, live_server

pytestmark = pytest.mark.browser

if HAVE_CHROMIUM:
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(Path(tmp_path_factory.mktemp("clubstandings")) / "klaverjas.db") as url:
        yield url


def organiser(base: str, token: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"X-Klaverjas": "1", "Authorization": f"Bearer {token}"})


def marked(pg: Any) -> list[str]:
    """The names whose row carries the prize mark, top to bottom."""
    return list(pg.locator("[data-testid=standings] tr:has(.prize-mark) th[scope=row]").all_inner_texts())


def test_no_prize_mark_before_the_first_result_and_the_right_ones_after(base: str, browser: Any) -> None:
    # Nine players: two tables and one on a bye, whose fixed 1600 puts him alone above everyone's 0.
    club, token, evening = api_club(base, [*PLAYERS, "Ina"], rounds=2)
    path = f"/api/clubs/{club}/evenings/{evening}"
    with organiser(base, token) as http:
        season = http.post(f"/api/clubs/{club}/seasons", json={"name": "Winter", "best": 5}).json()
        http.patch(path, json={"season_id": season["id"]}).raise_for_status()
        http.post(f"{path}/rounds", json={}).raise_for_status()
        before = http.get(path).json()
        rows = list(csv.reader(io.StringIO(http.get(f"{path}/export.csv").text)))
    lines = before["standings"]["lines"]
    assert [ln["total"] for ln in lines] == [1600] + [0] * 8  # the bye's score, the rest tied at 0
    assert not any(ln["prize"] for ln in lines) and before["standings"]["prize_places"] == []
    assert [r[6] for r in rows if r[0] == "standing"] == [""] * 9  # the CSV marks no prize either

    ctx, pg, errors = phone(browser)
    try:
        pg.goto(f"{base}/club/{club}/evenings/{evening}/projector#token={token}")
        pg.wait_for_selector("[data-testid=standings] tbody tr")
        assert pg.locator("[data-testid=standings] tbody tr").count() == 9
        assert marked(pg) == [] and pg.locator("tr.prize").count() == 0
        # The season of that evening: the same totals, and nobody singled out there either.
        pg.goto(f"{base}/club/{club}/seasons/{season['id']}")
        pg.wait_for_selector("[data-testid=season] tbody tr")
        assert pg.locator("[data-testid=season] td.total").all_inner_texts() == ["1600"] + ["0"] * 8
        assert pg.locator("[data-testid=season] .prize-mark, [data-testid=season] tr.prize").count() == 0

        with organiser(base, token) as http:
            http.put(f"{path}/rounds/1/tables/1/totals", json={"totals": [1900, 1400]}).raise_for_status()
            after = http.get(path).json()
        table = after["played"][0]["tables"][0]
        st = after["standings"]
        # Places 1-4, then 8: the 1900 side first, then the bye's 1600, then the 1400 side by the tie rule.
        assert st["prize_places"] == [1, 2, 3, 4, 8]
        assert [ln["entrant"] for ln in st["lines"] if ln["prize"]] == [
            *sorted(table["sides"][0]), *after["played"][0]["byes"], sorted(table["sides"][1])[0],
            st["lines"][7]["entrant"]]
        pg.goto(f"{base}/club/{club}/evenings/{evening}/projector")
        pg.wait_for_selector("[data-testid=standings] .prize-mark")
        assert marked(pg) == [ln["entrant"] for ln in st["lines"] if ln["prize"]]
        assert pg.locator("tr.prize").count() == 5
        assert not errors, errors
    finally:
        ctx.close()


SCROLL_BOX = """() => {
  const box = document.querySelector('[data-testid=season]').closest('.scroll-x');
  return { tabindex: box.getAttribute('tabindex'), role: box.getAttribute('role'),
           label: box.getAttribute('aria-label'), scrolls: box.scrollWidth > box.clientWidth,
           page: document.documentElement.scrollWidth - innerWidth };
}"""


def season_of(base: str, evenings: int) -> tuple[str, str, int]:
    """A club whose season has `evenings` evenings, four members signed in at each."""
    club, token, first = api_club(base, PLAYERS[:4], rounds=1)
    with organiser(base, token) as http:
        season = http.post(f"/api/clubs/{club}/seasons", json={"name": "Winter", "best": 5}).json()
        http.patch(f"/api/clubs/{club}/evenings/{first}", json={"season_id": season["id"]}).raise_for_status()
        for k in range(2, evenings + 1):
            ev = http.post(f"/api/clubs/{club}/evenings",
                           json={"rounds": 1, "season_id": season["id"], "date": f"2026-{k:02d}-10"}).json()
            for name in PLAYERS[:4]:
                http.post(f"/api/clubs/{club}/evenings/{ev['id']}/present", json={"name": name}).raise_for_status()
    return club, token, int(season["id"])


def test_a_wide_season_table_is_a_named_focus_stop_that_scrolls_by_keyboard(base: str, browser: Any) -> None:
    club, token, season = season_of(base, 10)
    ctx, pg, errors = phone(browser)
    try:
        pg.goto(f"{base}/club/{club}/seasons/{season}#token={token}")
        pg.wait_for_selector("[data-testid=season]")
        pg.wait_for_function("document.querySelector('.scroll-x[tabindex]')")
        box = pg.evaluate(SCROLL_BOX)
        assert box["scrolls"] and box["page"] == 0  # it scrolls inside its panel, not the page
        assert (box["tabindex"], box["role"], box["label"]) == ("0", "region", "Competitiestand, schuift opzij")
        # Tab reaches it after the links and the print button, its ring is the site's focus colour, and the
        # arrow keys scroll it.
        for _ in range(20):
            pg.keyboard.press("Tab")
            if pg.evaluate("document.activeElement.classList.contains('scroll-x')"):
                break
        ring = pg.evaluate("""() => { const s = getComputedStyle(document.activeElement);
          return [s.outlineStyle, s.outlineWidth, s.outlineColor,
                  getComputedStyle(document.documentElement).getPropertyValue('--focus').trim()]; }""")
        assert ring[:2] == ["solid", "3px"] and ring[2] == "rgb(224, 168, 0)" and ring[3] == "#e0a800", ring
        pg.keyboard.press("ArrowRight")
        pg.keyboard.press("End")
        pg.wait_for_function("document.querySelector('.scroll-x').scrollLeft > 0")
        # The names stay in view while the evenings scroll past them.
        name = pg.locator("[data-testid=season] tbody th").first.bounding_box()
        panel = pg.locator(".standings-panel").bounding_box()
        assert panel["x"] < name["x"] < panel["x"] + 100
        violations = [v["id"] for v in Axe().run(pg).response["violations"] if v["impact"] in ("serious", "critical")]
        assert not violations, violations
        pg.evaluate("localStorage.setItem('klaverjas.lang', 'en')")
        pg.reload()
        pg.wait_for_function("document.querySelector('.scroll-x[tabindex]')")
        assert pg.evaluate(SCROLL_BOX)["label"] == "Season standings, scrolls sideways"
        # On a desktop the page is wide enough for the ten evenings: nothing scrolls.
        pg.set_viewport_size({"width": 1280, "height": 800})
        pg.wait_for_function("() => !document.querySelector('.scroll-x.scrolls')")
        assert not pg.evaluate(SCROLL_BOX)["scrolls"]
        # A season of two evenings fits on a desktop: no scrolling, so no extra tab stop and no region.
        club, token, season = season_of(base, 2)
        pg.goto(f"{base}/club/{club}/seasons/{season}#token={token}")
        pg.wait_for_selector("[data-testid=season] tbody tr")
        pg.wait_for_timeout(200)  # past the first layout, when the box decides
        wide = pg.evaluate(SCROLL_BOX)
        assert not wide["scrolls"] and wide["role"] is None and wide["label"] is None
        assert not errors, errors
    finally:
        ctx.close()


def test_a_club_page_says_a_server_out_of_reach_in_its_language(tmp_path: Path, browser: Any) -> None:
    ctx, pg, errors = phone(browser)
    try:
        with live_server(tmp_path / "gone.db") as url:
            club, token, _ = api_club(url, [], rounds=1)
            pg.goto(f"{url}/club/{club}#token={token}")
            pg.wait_for_selector("#member-name")
            pg.fill("#member-name", "Anna")
        pg.click("form.inline:has(#member-name) button[type=submit]")
        assert pg.wait_for_selector("[role=alert]:visible").inner_text() == (
            "De server is niet bereikbaar: controleer de verbinding en probeer het opnieuw.")
        assert not errors, errors
    finally:
        ctx.close()
