"""The club pages in Chromium on a phone: an organiser sets up an evening and draws round 1, two table phones
(two browser contexts) enter their sheets at the same time, the projector view shows the standings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.conftest import live_server

pytestmark = pytest.mark.browser
PLAYERS = ["Anna", "Bram", "Cor", "Dirk", "Els", "Fien", "Gert", "Hans"]
DEALS = 12


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(Path(tmp_path_factory.mktemp("clubweb")) / "klaverjas.db") as url:
        yield url


def phone(browser: Any) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844}, locale="nl-NL", has_touch=True)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(15000)
    return ctx, pg, errors


def fill_deal(pg: Any, makers: str, points_ns: int, roem_ew: int = 0) -> int:
    """Type a deal into the phone's form; returns how many deals the sheet shows before it is sent."""
    pg.check(f"[data-testid=makers] input[value={makers}]")
    pg.fill("#points-NS", str(points_ns))
    pg.fill("#roem-EW", str(roem_ew))
    return int(pg.locator("tr[data-testid^=deal-]").count())


def sheet_grows(pg: Any, count: int) -> None:
    pg.wait_for_function(f"document.querySelectorAll('tr[data-testid^=deal-]').length > {count}")


def test_an_evening_from_the_door_to_the_projector(base: str, page: Any, browser: Any) -> None:
    page.goto(f"{base}/club")
    assert page.locator("#topbar a[href='/club']").get_attribute("aria-current") == "page"
    page.fill("#club-name", "De Hoge Troef")
    page.click("[data-testid=new-club] button[type=submit]")
    page.wait_for_url(f"{base}/club/*")
    assert "#token=" not in page.url  # the token is kept on the device, not in the address
    page.fill("#ev-title", "Drive")
    page.fill("#ev-rounds", "3")
    page.select_option("#ev-deals", f"deals:{DEALS}")
    page.click("[data-testid=create-evening]")
    page.wait_for_url("**/evenings/*")
    for name in PLAYERS:
        page.fill("#sign-in-name", name)
        page.press("#sign-in-name", "Enter")
        page.wait_for_selector(f"[data-testid=present] li:has-text('{name}')")
    # Signing in the same player twice is refused with the reason, in an alert, in the page's language.
    page.fill("#sign-in-name", "Anna")
    page.press("#sign-in-name", "Enter")
    assert page.wait_for_selector("[role=alert]:visible").inner_text() == "Niet gelukt: Anna is al aangemeld"
    page.click("[data-testid=draw]")
    page.wait_for_selector("[data-testid=table-link-2]")
    assert page.locator(".qr img").count() == 2
    assert page.locator(".qr img").first.get_attribute("src").startswith("data:image/svg+xml")
    links = [base + page.get_attribute(f"[data-testid=table-link-{k}]", "href") for k in (1, 2)]

    # Two phones open their table's link; each keeps its own sheet.
    phones = [phone(browser) for _ in links]
    try:
        for (_, pg, _), link in zip(phones, links, strict=True):
            pg.goto(link)
            pg.wait_for_selector("[data-testid=deal-form]")
            assert "#token=" not in pg.url
        first, second = phones[0][1], phones[1][1]
        assert "Ronde 1 · tafel 1" in first.inner_text("[data-testid=table-title]")
        # A bad deal is refused with the server's reason.
        first.check("[data-testid=makers] input[value=NS]")
        first.fill("#points-NS", "170")
        first.click("[data-testid=save-deal]")
        refusal = first.wait_for_selector("[data-testid=deal-error]:visible").inner_text()
        assert refusal == "Kaartpunten moeten tussen 0 en 162 liggen."  # the keeper's own words, in Dutch
        for k in range(DEALS):  # both phones send each deal before either answer is in
            counts = (fill_deal(first, "NS", 100), fill_deal(second, "EW", 50, roem_ew=20 if k == 0 else 0))
            first.click("[data-testid=save-deal]", no_wait_after=True)
            second.click("[data-testid=save-deal]", no_wait_after=True)
            sheet_grows(first, counts[0])
            sheet_grows(second, counts[1])
        # Table 1: 100-62 each deal. Table 2: EW make 112 + 20 roem once; the server's sheet shows it.
        assert first.inner_text("[data-testid=total-NS]") == str(100 * DEALS)
        assert first.inner_text("[data-testid=total-EW]") == str(62 * DEALS)
        assert second.inner_text("[data-testid=total-NS]") == str(50 * DEALS)
        assert second.inner_text("[data-testid=total-EW]") == str(112 * DEALS + 20)
        assert "Compleet" in first.inner_text("[data-testid=table-status]")
        assert first.locator("[data-testid=deal-form]").count() == 0  # the round's deals are all there
        expected: dict[str, int] = {}
        for pg in (first, second):
            sides = pg.locator(".big-sides > span:not(.vs)").all_inner_texts()
            for side, team in zip(sides, ("NS", "EW"), strict=True):
                for name in side.split(" & "):
                    expected[name] = int(pg.inner_text(f"[data-testid=total-{team}]"))
        for _, _, errors in phones:
            assert not errors, errors
    finally:
        for ctx, _, _ in phones:
            ctx.close()
    assert sorted(expected) == sorted(PLAYERS)

    # The organiser's page sees both tables done by itself; the projector shows the standings.
    page.wait_for_selector("[data-testid=table-2].done", timeout=20000)
    page.click("[data-testid=projector-link]")
    page.wait_for_selector("[data-testid=standings]")
    assert "2 van 2 tafels klaar" in page.inner_text("[data-testid=projector-status]")
    for name, total in expected.items():
        assert page.inner_text(f"[data-testid=total-{name}]") == str(total)
    ranked = page.locator("[data-testid=standings] tbody th").all_inner_texts()
    assert [expected[n] for n in ranked] == sorted(expected.values(), reverse=True)
    assert page.locator("h1").inner_text().endswith("Drive")
    # Every line is large enough to read from the back of the room, the tie rule under the table too.
    sizes = page.locator("main .notes li").evaluate_all("ls => ls.map((l) => parseFloat(getComputedStyle(l).fontSize))")
    assert sizes and min(sizes) >= 20, sizes

    # The print view has each round's draw and the standings on A4.
    page.goto(page.url.replace("/projector", "/print"))
    page.wait_for_selector("table.draw")
    assert page.locator("table.draw tbody tr").count() == 2
    assert page.locator("[data-testid=standings] tbody tr").count() == len(PLAYERS)

    # The public link shows the evening without a single control.
    club_url = page.url.split("/evenings/")[0]
    page.goto(club_url)
    public = page.input_value("[data-testid=public-link]")
    viewer, look, errors = phone(browser)
    try:
        look.goto(public)
        look.click("[data-testid=evenings] a")
        look.wait_for_selector("[data-testid=standings]")
        assert look.locator("[data-testid=draw], [data-testid=close-round], [data-testid=sign-in]").count() == 0
        assert look.inner_text(f"[data-testid=total-{PLAYERS[0]}]") == str(expected[PLAYERS[0]])
        # The organiser replaces the public link (after a confirmation): the old one then opens nothing.
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("[data-testid=renew-public]")
        page.wait_for_function(f"document.querySelector('[data-testid=public-link]').value !== {public!r}")
        look.goto(public)
        look.wait_for_selector("[role=alert]")
        assert look.locator("[data-testid=evenings] a").count() == 0
        assert not errors, errors
    finally:
        viewer.close()


def api_club(base: str, players: list[str], **evening: Any) -> tuple[str, str, int]:
    """A club with an evening and its players signed in, made through the API (the door is tested above)."""
    with httpx.Client(base_url=base, headers={"X-Klaverjas": "1"}) as http:
        club = http.post("/api/clubs", json={"name": "Schoppen Vrouw"}).json()
        auth = {"Authorization": f"Bearer {club['organiser_token']}"}
        ev = http.post(f"/api/clubs/{club['id']}/evenings", json=evening, headers=auth).json()
        for name in players:
            body: dict[str, Any] = {"name": name}
            if evening.get("format") == "pairs":
                body["members"] = [f"{name} a", f"{name} b"]
            assert http.post(f"/api/clubs/{club['id']}/evenings/{ev['id']}/present", json=body,
                             headers=auth).status_code == 200
    return club["id"], club["organiser_token"], int(ev["id"])


def seat(pg: Any, tables: list[list[list[str]]], byes: str = "") -> None:
    for k, sides in enumerate(tables, 1):
        for s, side in enumerate(sides, 1):
            for p, name in enumerate(side, 1):
                pg.fill(f"[data-testid=own-{k}-{s}-{p}]", name)
    pg.fill("[data-testid=own-byes]", byes)
    pg.click("[data-testid=own-draw-submit]")


def test_the_organiser_seats_a_round_by_hand_and_is_told_what_is_wrong(base: str, browser: Any) -> None:
    players = [*PLAYERS, "Ina"]
    club, token, evening = api_club(base, players, rounds=2)
    ctx, pg, errors = phone(browser)
    try:
        pg.goto(f"{base}/club/{club}/evenings/{evening}#token={token}")
        pg.click("[data-testid=own-draw] summary")
        assert pg.input_value("[data-testid=own-tables]") == "2"  # nine present: two tables of four, one out
        error = "[data-testid=own-draw-error]"
        # A player twice, someone who is not there, a seat left open: each refused, in Dutch, nothing drawn.
        seat(pg, [[["Anna", "Bram"], ["Cor", "Dirk"]], [["Els", "Fien"], ["Gert", "Anna"]]], "Hans, Ina")
        assert pg.wait_for_selector(f"{error}:visible").inner_text() == (
            "Niet gelukt: ronde 1: Anna staat zowel bij tafel 1 als bij tafel 2")
        seat(pg, [[["Anna", "Bram"], ["Cor", "Dirk"]], [["Els", "Fien"], ["Gert", "Hans"]]], "Ina, Joop")
        pg.wait_for_function("document.querySelector('[data-testid=own-draw-error]').innerText.includes('Joop')")
        assert pg.inner_text(error) == "Niet gelukt: ronde 1: Joop is niet aanwezig"
        seat(pg, [[["Anna", "Bram"], ["Cor", "Dirk"]], [["Els", "Fien"], ["Gert", ""]]], "Hans, Ina")
        pg.wait_for_function("document.querySelector('[data-testid=own-draw-error]').innerText.includes('kant van 1')")
        assert pg.inner_text(error) == "Niet gelukt: ronde 1: tafel 2 heeft een kant van 1; elke kant heeft er 2 nodig"
        assert pg.locator("[data-testid=round]").count() == 0
        # The same refusal in the page's other language.
        pg.evaluate("localStorage.setItem('klaverjas.lang', 'en')")
        pg.reload()
        pg.click("[data-testid=own-draw] summary")
        seat(pg, [[["Anna", "Bram"], ["Cor", "Dirk"]], [["Els", "Fien"], ["Gert", "Anna"]]], "Hans, Ina")
        assert pg.wait_for_selector(f"{error}:visible").inner_text() == (
            "Not done: round 1: Anna is both at table 1 and at table 2")
        pg.evaluate("localStorage.setItem('klaverjas.lang', 'nl')")
        pg.reload()
        pg.click("[data-testid=own-draw] summary")
        seat(pg, [[["Anna", "Bram"], ["Cor", "Dirk"]], [["Els", "Fien"], ["Gert", "Hans"]]], "Ina")
        pg.wait_for_selector("[data-testid=round]")
        assert pg.locator(".table-card").count() == 2
        sides = pg.locator("[data-testid=table-2] .sides").inner_text()
        assert "Els & Fien" in sides and "Gert & Hans" in sides
        assert "Vrij: Ina" in pg.inner_text("[data-testid=round]")
        assert not errors, errors
    finally:
        ctx.close()


def test_a_stay_move_evening_shows_who_stays_and_who_moves(base: str, browser: Any) -> None:
    pairs = [f"Paar {k}" for k in range(1, 6)]  # five pairs: two tables and a phantom third, one pair out
    club, token, evening = api_club(base, pairs, format="pairs", movement="mitchell", rounds=3)
    ctx, pg, errors = phone(browser)
    try:
        pg.goto(f"{base}/club/{club}/evenings/{evening}#token={token}")
        pg.click("[data-testid=draw]")
        pg.wait_for_selector("[data-testid=round]")
        first = pg.inner_text("[data-testid=movement-1]")
        assert " blijft · " in first and first.endswith("→ tafel 2")
        assert pg.inner_text("[data-testid=movement-2]").endswith("→ vrij")
        assert "komt naar tafel 1" in pg.inner_text("[data-testid=round]")
        pg.goto(f"{base}/club/{club}/evenings/{evening}/print")
        pg.wait_for_selector("[data-testid=print-movement-1]")
        assert pg.inner_text("[data-testid=print-movement-1]") == first
        assert not errors, errors
    finally:
        ctx.close()


def test_a_south_african_table_phone_keeps_strokes(base: str, browser: Any) -> None:
    club, token, evening = api_club(base, PLAYERS, rules="sa", rounds=1)
    with httpx.Client(base_url=base, headers={"X-Klaverjas": "1", "Authorization": f"Bearer {token}"}) as http:
        http.post(f"/api/clubs/{club}/evenings/{evening}/rounds", json={})
        link = http.get(f"/api/clubs/{club}/evenings/{evening}/rounds/1/links").json()[0]["link"]
    ctx, pg, errors = phone(browser)
    try:
        pg.goto(base + link)
        pg.wait_for_selector("[data-testid=deal-form]")
        assert pg.locator("[data-testid=makers]").count() == 0  # South African: no playing side
        assert "Tot 5 streken: 0 – 0" in pg.inner_text("[data-testid=table-status]")
        # N-S take 120 of 146 card points each deal: they go on at once, E-W under 50, so two strokes a deal.
        for k in range(3):
            pg.fill("#points-NS", "120")
            pg.click("[data-testid=save-deal]")
            pg.wait_for_selector(f"tr[data-testid=deal-{k + 1}]")
        pg.wait_for_function("document.querySelector('[data-testid=table-status]').innerText.includes('Compleet')")
        assert pg.inner_text("[data-testid=table-status]") == "Compleet: 6 – 0 streken. De uitslag telt."
        assert pg.inner_text("[data-testid=strokes-NS]") == "6" and pg.inner_text("[data-testid=strokes-EW]") == "0"
        assert not errors, errors
    finally:
        ctx.close()
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as http:
        table = http.get(f"/api/clubs/{club}/evenings/{evening}").json()["played"][0]["tables"][0]
    assert table["complete"] and table["totals"] == [6, 0]
    # The projector ranks by strokes and says so.
    ctx, pg, errors = phone(browser)
    try:
        pg.goto(f"{base}/club/{club}/evenings/{evening}/projector#token={token}")
        pg.wait_for_selector("[data-testid=standings]")
        assert pg.locator("[data-testid=standings] thead th").last.inner_text() == "Streken"
        for name in table["sides"][0]:
            assert pg.inner_text(f"[data-testid=total-{name}]") == "6"
        assert not errors, errors
    finally:
        ctx.close()


def table_link(base: str, club: str, token: str, evening: int, table: int = 1) -> str:
    with httpx.Client(base_url=base, headers={"X-Klaverjas": "1", "Authorization": f"Bearer {token}"}) as http:
        assert http.post(f"/api/clubs/{club}/evenings/{evening}/rounds", json={}).status_code == 201
        links = http.get(f"/api/clubs/{club}/evenings/{evening}/rounds/1/links").json()
    return base + str(links[table - 1]["link"])


def focused(pg: Any) -> str:
    return str(pg.evaluate("document.activeElement.id || document.activeElement.tagName"))


def test_a_table_phone_keeps_the_focus_through_a_correction_and_the_last_deal(base: str, browser: Any) -> None:
    club, token, evening = api_club(base, PLAYERS, rounds=1, match_end="points:300")
    ctx, pg, errors = phone(browser)
    try:
        pg.goto(table_link(base, club, token, evening))
        pg.wait_for_selector("[data-testid=deal-form]")
        pg.check("[data-testid=makers] input[value=NS]")
        pg.fill("#points-NS", "162")
        pg.check("[data-testid=pit] input[value=NS]")
        pg.click("[data-testid=save-deal]")
        pg.wait_for_selector("tr[data-testid=deal-1]")
        number = pg.locator("#edit-1").bounding_box()
        assert number and number["height"] >= 44 and number["width"] >= 44, number  # as the score keeper's
        # Opening a deal to correct it lands in its form; cancelling goes back to that deal's number.
        pg.click("#edit-1")
        assert focused(pg) == "points-NS" and pg.input_value("#points-NS") == "162"
        pg.click("[data-testid=deal-form] button:text('Annuleren')")
        assert focused(pg) == "edit-1"
        # The deal that ends the match takes the form away: the focus goes to the status, not the page's body.
        pg.check("[data-testid=makers] input[value=NS]")
        pg.fill("#points-NS", "100")
        pg.click("[data-testid=save-deal]")
        pg.wait_for_selector("[data-testid=deal-form]", state="detached")
        assert focused(pg) == "table-status"
        assert "Compleet" in pg.inner_text("[data-testid=table-status]")
        assert not errors, errors
    finally:
        ctx.close()


def test_a_table_typed_by_the_organiser_shows_no_dealer_and_no_empty_sheet(base: str, browser: Any) -> None:
    club, token, evening = api_club(base, PLAYERS, rounds=1)
    link = table_link(base, club, token, evening)
    with httpx.Client(base_url=base, headers={"X-Klaverjas": "1", "Authorization": f"Bearer {token}"}) as http:
        assert http.put(f"/api/clubs/{club}/evenings/{evening}/rounds/1/tables/1/totals",
                        json={"totals": [1000, 900]}).status_code == 200
    ctx, pg, errors = phone(browser)
    try:
        pg.goto(link)
        pg.wait_for_selector("[data-testid=table-status]")
        typed = "De organisator heeft de totalen van deze tafel ingevoerd."
        assert pg.inner_text("[data-testid=table-status]") == typed
        # Its sheet has no deals: a 0 – 0 total and 'Nu deelt' would contradict the typed result.
        assert pg.locator("[data-testid=sheet], [data-testid=dealer-now], [data-testid=deal-form]").count() == 0
        assert not errors, errors
    finally:
        ctx.close()


@pytest.mark.parametrize("view", ["projector", "print"])
def test_the_projector_and_print_views_without_the_club_link_say_what_to_ask_for(base: str, browser: Any,
                                                                                view: str) -> None:
    club, _, evening = api_club(base, PLAYERS, rounds=1)
    ctx, pg, errors = phone(browser)  # another device: the club's link was never opened here
    try:
        pg.goto(f"{base}/club/{club}/evenings/{evening}/{view}")
        text = pg.wait_for_selector("[role=alert]").inner_text()
        assert text == "Deze pagina heeft de link van de club nodig (met zijn code). Vraag de organisator erom."
        assert not errors, errors
    finally:
        ctx.close()


def test_the_season_page_links_back_to_its_club_by_name(base: str, browser: Any) -> None:
    club, token, _ = api_club(base, PLAYERS, rounds=1)
    with httpx.Client(base_url=base, headers={"X-Klaverjas": "1", "Authorization": f"Bearer {token}"}) as http:
        season = http.post(f"/api/clubs/{club}/seasons", json={"name": "Winter", "best": 5}).json()
    ctx, pg, errors = phone(browser)
    try:
        pg.goto(f"{base}/club/{club}/seasons/{season['id']}#token={token}")
        pg.wait_for_selector("[data-testid=season]", state="attached")
        # A bare arrow is all a screen reader would say; the evening page names the club too. The arrow is hidden.
        assert pg.get_by_role("link", name="Schoppen Vrouw", exact=True).get_attribute("href") == f"/club/{club}"
        assert not errors, errors
    finally:
        ctx.close()


@pytest.mark.parametrize(("locale", "words"), [("nl-NL", "7 december 2026"), ("en-GB", "7 December 2026")])
def test_an_evening_s_date_is_written_in_the_page_s_language(base: str, browser: Any, locale: str,
                                                              words: str) -> None:
    club, token, evening = api_club(base, PLAYERS, rounds=1, date="2026-12-07")
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale, bypass_csp=True)
    pg = ctx.new_page()
    try:
        pg.goto(f"{base}/club/{club}/evenings/{evening}#token={token}")
        meta = pg.wait_for_selector("p.meta").inner_text()
        assert meta.startswith(words + " · "), meta  # not the API's 2026-12-07
        pg.goto(f"{base}/club/{club}/evenings/{evening}/print#token={token}")
        assert words in pg.wait_for_selector("h1").inner_text()
    finally:
        ctx.close()


PANEL_GEOMETRY = """() => {
  const h1 = document.querySelector('main h1').getBoundingClientRect();
  const panels = [...document.querySelectorAll('main > .panel')].map((p) => {
    const r = p.getBoundingClientRect();
    const heading = p.querySelector('h2, caption')?.textContent || '';
    return { left: Math.round(r.left), right: Math.round(r.right), heading };
  });
  const loose = [...document.querySelectorAll('main > section:not(.panel)')].length;
  const wider = [...document.querySelectorAll('main *')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width && r.right > innerWidth + 0.5 && !el.closest('.standings-panel');
  }).map((el) => el.tagName + '.' + el.className);
  const main = Math.round(document.querySelector('main').getBoundingClientRect().right);
  const width = Math.round(document.querySelector('main').getBoundingClientRect().width);
  const bar = Math.round(document.getElementById('topbar').getBoundingClientRect().width);
  const overflow = document.documentElement.scrollWidth - innerWidth;
  // A link or button on its own (not one inside a sentence or a table's cell) under 44 px is hard to tap.
  const small = [...document.querySelectorAll('main :is(a, button, summary, select, input:not([type=radio]))')]
    .filter((el) => el.getClientRects().length && !el.closest('td, p.hint, .sr-only'))
    .filter((el) => { const r = el.getBoundingClientRect(); return r.height < 43.5 || r.width < 43.5; })
    .map((el) => el.tagName + ' ' + el.textContent.trim().slice(0, 20));
  return { h1: Math.round(h1.left), main, width, bar, panels, loose, wider, overflow, small };
}"""


# The selects narrower than their longest option (their width as wide as it is, max-content), by name and width.
CUT_SELECTS = """() => [...document.querySelectorAll('main select')].filter((s) => s.offsetParent).map((s) => {
  const shown = s.getBoundingClientRect().width;
  s.style.width = 'max-content';
  const needed = s.getBoundingClientRect().width;
  s.style.width = '';
  return [s.name, Math.round(shown), Math.round(needed)];
}).filter(([, shown, needed]) => needed > shown + 0.5)"""


# The page does not scroll sideways, and no element's content sticks out of its own box: a table that scrolls in
# its box, a screen reader's 1 px text and a link to copy (a whole address in a field) are meant to.
STICKS_OUT = """() => ({
  page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  out: [...document.querySelectorAll('main *')]
    .filter((el) => el.getClientRects().length && el.scrollWidth > el.clientWidth + 1)
    .filter((el) => !el.closest('.scroll-x, .sr-only, input.copy'))
    .map((el) => `${el.tagName}.${el.className} ${el.scrollWidth} > ${el.clientWidth}`),
})"""


@pytest.mark.parametrize("width", [320, 390, 1280])
def test_the_organiser_s_sections_are_panels_aligned_with_the_page(base: str, browser: Any, width: int) -> None:
    club, token, evening = api_club(base, PLAYERS, rounds=2)
    with httpx.Client(base_url=base, headers={"X-Klaverjas": "1", "Authorization": f"Bearer {token}"}) as http:
        http.post(f"/api/clubs/{club}/members", json={"name": "Anna", "number": "12"}).raise_for_status()
        season = http.post(f"/api/clubs/{club}/seasons", json={"name": "Winter", "best": 5}).json()
        http.post(f"/api/clubs/{club}/evenings/{evening}/rounds", json={}).raise_for_status()
        http.put(f"/api/clubs/{club}/evenings/{evening}/rounds/1/tables/1/totals",
                 json={"totals": [1900, 1400]}).raise_for_status()
    ctx = browser.new_context(bypass_csp=True, viewport={"width": width, "height": 844}, locale="nl-NL")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(15000)
    pages = {
        f"/club/{club}": ["Links", "Avonden", "Nieuwe avond", "Leden (1)", "Competities"],
        f"/club/{club}/evenings/{evening}": ["Ronde 1 van 2", "Aanwezig (8)", "Stand"],
        f"/club/{club}/seasons/{season['id']}": ["Competitiestand"],
    }
    try:
        pg.goto(f"{base}/club/{club}#token={token}")
        pg.wait_for_selector("[data-testid=organiser-link]")  # the token is kept on the device before moving on
        for path, headings in pages.items():
            pg.goto(base + path)
            pg.wait_for_load_state("networkidle")
            assert pg.locator("main > .panel").count(), (path, pg.inner_text("main"))
            got = pg.evaluate(PANEL_GEOMETRY)
            assert [p["heading"] for p in got["panels"]] == headings, (path, got)
            # Each part is a card whose left edge is the heading's; none is left a bare section.
            assert {p["left"] for p in got["panels"]} == {got["h1"]}, (path, got)
            assert {p["right"] for p in got["panels"]} <= {got["main"] - 16}, (path, got)
            assert got["loose"] == 0, (path, got)
            assert got["overflow"] == 0 and not got["wider"], (path, got)
            assert pg.evaluate(STICKS_OUT) == {"page": 0, "out": []}, path
            assert not got["small"], (path, got["small"])
            # The tab names the club, evening or season, not the file's fixed 'Club · Klaverjas'.
            assert pg.title() == pg.inner_text("main h1") + " · Klaverjas", path
            # A desktop's width is used (up to 70rem, the header's bar alike); a phone's page is its screen.
            assert got["width"] == got["bar"] == (1120 if width == 1280 else width), (path, got)
            # Every choice shows whole ('Individueel (maat geloot)' in the new evening's form too).
            assert not pg.evaluate(CUT_SELECTS), (path, pg.evaluate(CUT_SELECTS))
            if "/evenings/" in path:
                assert pg.locator("[data-testid=round].panel [data-testid=table-1]").count() == 1
                assert pg.locator(".panel [data-testid=present]").count() == 1
        assert not errors, errors
    finally:
        ctx.close()


@pytest.mark.parametrize(("locale", "average"),
                         [("nl-NL", "Gemiddelde van de ronde"), ("en-GB", "The round's average")])
def test_the_new_evening_s_chosen_bye_reads_whole_on_a_small_phone(base: str, browser: Any, locale: str,
                                                                 average: str) -> None:
    club, token, _ = api_club(base, PLAYERS, rounds=1)
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 320, "height": 640}, locale=locale)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        pg.goto(f"{base}/club/{club}#token={token}")
        pg.select_option("#ev-bye", "average")
        text, scroll, client = pg.eval_on_selector(
            "#ev-bye", "(s) => [s.selectedOptions[0].text, s.scrollWidth, s.clientWidth]")
        assert text == average
        assert scroll <= client, (text, scroll, client)  # the chosen text is not cut off at the select's edge
        assert not pg.evaluate(CUT_SELECTS), pg.evaluate(CUT_SELECTS)  # nor runs under any select's arrow
        assert pg.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0
        assert not errors, errors
    finally:
        ctx.close()


@pytest.mark.parametrize("locale", ["nl-NL", "en-GB"])
def test_a_table_phone_and_the_print_view_fit_a_320_px_phone(base: str, browser: Any, locale: str) -> None:
    club, token, evening = api_club(base, PLAYERS, rules="sa", rounds=1)
    link = table_link(base, club, token, evening)
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 320, "height": 640}, locale=locale, has_touch=True)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        pg.goto(link)
        pg.wait_for_selector("[data-testid=deal-form]")
        assert pg.evaluate(STICKS_OUT) == {"page": 0, "out": []}
        # A South African deal's 'stopped' box is ticked by its whole line, 44 px to tap, as in the score keeper.
        box = pg.locator("label.choice:has([data-testid=stopped])").bounding_box()
        assert box and box["height"] >= 44, box
        pg.fill("#points-NS", "120")
        pg.click("[data-testid=save-deal]")
        pg.wait_for_selector("tr[data-testid=deal-1]")
        pg.click("#edit-1")
        assert pg.evaluate(STICKS_OUT) == {"page": 0, "out": []}
        # The print view, read on the phone before printing: the round's draw fits.
        pg.goto(f"{base}/club/{club}/evenings/{evening}/print#token={token}")
        pg.wait_for_selector("table.draw")
        assert pg.evaluate(STICKS_OUT) == {"page": 0, "out": []}
        assert not errors, errors
    finally:
        ctx.close()
