"""The score keeper in Debian's Chromium through Playwright: a sheet from start to finish."""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.browser_steps import start_game
from tests.conftest import HAVE_CHROMIUM, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    import uvicorn
    from playwright.sync_api import Page, expect

    from klaverjas.web import create_app


class LiveServer:
    """uvicorn in a thread on a free 127.0.0.1 port; can be stopped and started on the same database."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = 0
        self.server: Any = None
        self.thread: threading.Thread | None = None

    def start(self, port: int = 0) -> None:
        """Start on a free port, or on ``port`` again after a stop (uvicorn reuses the address)."""
        if port:
            self.port = port
        else:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                self.port = s.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(create_app(self.db), host="127.0.0.1", port=self.port,
                                                   log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        assert self.thread is not None
        self.thread.join(10)
        self.server.config.app.state.store.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def api(self, method: str, path: str, token: str | None = None, **kw: Any) -> Any:
        headers = {"X-Klaverjas": "1", **({"Authorization": f"Bearer {token}"} if token else {})}
        r = httpx.request(method, self.url + path, headers=headers, **kw)
        assert r.status_code < 400, r.text
        return r.json() if r.content else None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    srv = LiveServer(tmp_path_factory.mktemp("browser") / "sheets.db")
    srv.start()
    yield srv
    srv.stop()


def token_of(page: Page, sid: int) -> str:
    """The sheet's owner token as the page keeps it (localStorage)."""
    token: str = page.evaluate(f"JSON.parse(localStorage.getItem('klaverjas.keeper.tokens'))['{sid}'].token")
    return token


def new_sheet_ui(page: Page, server: LiveServer, players: list[str] | None = None, rules: str = "Amsterdams",
                 end: str | None = None, teams: tuple[str, str] | None = None) -> int:
    page.goto(server.url + "/")
    page.get_by_test_id("to-keeper").click()
    page.get_by_test_id("new-sheet").click()
    if teams:
        page.get_by_label("Team 1 (Noord/Zuid)", exact=True).fill(teams[0])
        page.get_by_label("Team 2 (Oost/West)", exact=True).fill(teams[1])
    for i, name in enumerate(players or []):
        page.get_by_label(f"Speler {i + 1} ·").fill(name)
    page.get_by_test_id("rules").get_by_label(rules).check()
    if end:
        page.get_by_test_id("match_end").get_by_label(end).check()
    page.get_by_role("button", name="Lijst maken").click()
    expect(page.get_by_test_id("total-NS")).to_have_text("0")
    return int(page.url.rsplit("/", 1)[1])


def enter_deal(page: Page, makers: str | None, points: dict[str, str], roem: list[str] = (),  # type: ignore[assignment]
               pit: str | None = None, verzaakt: str | None = None, save: bool = True) -> None:
    """Fill the round form; roem is a list of quick-button labels like 'Roem Zij +20'."""
    if makers:  # a side's label names its players after the team ("Wij · Ann & Cor") when they are named
        page.get_by_test_id("makers").get_by_role("radio", name=re.compile(rf"^{re.escape(makers)}( ·|$)")).check()
    for team, value in points.items():
        page.get_by_label(f"Punten {team}", exact=True).fill(value)
    for label in roem:
        page.get_by_label(label, exact=True).click()
    if pit:
        page.get_by_test_id("pit").get_by_label(pit, exact=True).check()
    if verzaakt:
        page.get_by_test_id("verzaakt").get_by_label(verzaakt, exact=True).check()
    if save:
        page.get_by_test_id("save").click()


def expect_totals(page: Page, ns: int, ew: int) -> None:
    expect(page.get_by_test_id("total-NS")).to_have_text(str(ns))
    expect(page.get_by_test_id("total-EW")).to_have_text(str(ew))


def test_a_sheet_played_to_the_end(page: Page, server: LiveServer) -> None:
    sid = new_sheet_ui(page, server, players=["Ann", "Bob", "Cor", "Dirk"])
    expect(page.get_by_test_id("dealer")).to_have_text("Deelt nu: Ann")
    # Deal 1: Wij play 82 to 80 but Zij have 20 roem: nat, Zij get 162 + 20.
    page.get_by_test_id("new-round").click()
    expect(page.get_by_label("Punten Zij", exact=True)).to_have_value("")
    enter_deal(page, "Wij", {"Wij": "82"}, ["Roem Zij +20"], save=False)
    expect(page.get_by_label("Punten Zij", exact=True)).to_have_value("80")  # the other side is filled in
    page.get_by_test_id("save").click()
    row = page.get_by_test_id("deal-1")
    expect(row.get_by_test_id("score-NS")).to_contain_text("0")
    expect(row.get_by_test_id("score-NS").get_by_test_id("nat")).to_be_visible()
    expect_totals(page, 0, 182)
    expect(page.get_by_test_id("dealer")).to_have_text("Deelt nu: Bob")
    # Deal 2: Zij play and take every trick with a stuk: 162 + 100 + 20.
    page.get_by_test_id("new-round").click()
    enter_deal(page, "Zij", {}, ["Stuk voor Zij (+20)"], pit="Zij")
    expect(page.get_by_test_id("deal-2").get_by_test_id("score-EW").get_by_test_id("pit")).to_be_visible()
    expect_totals(page, 0, 182 + 282)
    # Deal 3: Wij renege: Zij get 162 + all roem + 100.
    page.get_by_test_id("new-round").click()
    enter_deal(page, "Zij", {"Zij": "100"}, ["Roem Wij +50"], verzaakt="Wij")
    expect(page.get_by_test_id("deal-3").get_by_test_id("score-NS").get_by_test_id("verzaakt")).to_be_visible()
    expect_totals(page, 0, 464 + 312)
    expect(page.get_by_test_id("dealer")).to_have_text("Deelt nu: Dirk")
    # Deals 4..15 through the API, then a reload shows them.
    owner = token_of(page, sid)
    for _ in range(12):
        server.api("POST", f"/api/sheets/{sid}/deals", owner, json={"makers": "NS", "points": {"NS": 100}})
    page.reload()
    expect_totals(page, 1200, 776 + 12 * 62)
    expect(page.get_by_test_id("dealer")).to_have_text("Deelt nu: Dirk")  # deal 16: 15 deals after Ann
    page.get_by_test_id("new-round").click()
    enter_deal(page, "Wij", {"Wij": "120"})
    expect_totals(page, 1320, 776 + 12 * 62 + 42)
    expect(page.get_by_test_id("winner")).to_have_text("Winnaar: Zij!")
    expect(page.get_by_test_id("new-round")).to_have_count(0)
    page.reload()
    expect(page.get_by_test_id("winner")).to_have_text("Winnaar: Zij!")
    # A server restart on the same database loses nothing either.
    port = server.port
    server.stop()
    server.start(port)
    page.reload()
    expect(page.get_by_test_id("winner")).to_have_text("Winnaar: Zij!")
    expect_totals(page, 1320, 776 + 12 * 62 + 42)
    expect(page.get_by_test_id("deal-16").get_by_test_id("score-NS")).to_contain_text("120")


def test_correct_delete_and_undo(page: Page, server: LiveServer) -> None:
    sid = new_sheet_ui(page, server)
    for pts in ("100", "90", "85"):
        page.get_by_test_id("new-round").click()
        enter_deal(page, "Wij", {"Wij": pts})
        expect(page.get_by_test_id("new-round")).to_be_visible()
    expect_totals(page, 275, 211)
    # Correct deal 2 into a nat.
    page.get_by_role("link", name="Ronde 2 bewerken").click()
    expect(page.get_by_label("Punten Wij", exact=True)).to_have_value("90")
    page.get_by_label("Punten Wij", exact=True).fill("60")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("deal-2").get_by_test_id("nat")).to_be_visible()
    expect_totals(page, 185, 301)
    # Delete deal 1.
    page.get_by_role("link", name="Ronde 1 bewerken").click()
    page.get_by_test_id("delete").click()
    expect(page.get_by_test_id("deal-3")).to_have_count(0)
    expect_totals(page, 85, 239)
    # ↶ brings the deleted deal back, then reverses the correction, then the adds.
    page.get_by_test_id("undo").click()
    expect_totals(page, 185, 301)
    expect(page.get_by_test_id("flash")).to_have_text("Ongedaan: de verwijderde ronde staat er weer.")
    page.get_by_test_id("undo").click()
    expect_totals(page, 275, 211)
    expect(page.get_by_test_id("deal-2").get_by_test_id("nat")).to_have_count(0)
    for _ in range(3):
        page.get_by_test_id("undo").click()
    expect_totals(page, 0, 0)
    expect(page.get_by_test_id("undo")).to_be_disabled()
    assert server.api("GET", f"/api/sheets/{sid}", token_of(page, sid))["deals"] == []


def test_bad_input_is_shown_at_the_field_and_not_saved(page: Page, server: LiveServer) -> None:
    sid = new_sheet_ui(page, server)
    page.get_by_test_id("new-round").click()
    page.get_by_label("Punten Wij", exact=True).fill("170")
    page.get_by_label("Roem Wij", exact=True).fill("25")
    page.get_by_test_id("save").click()
    expect(page.locator('[id="err-makers"]')).to_have_text("Kies welk team speelt.")
    expect(page.locator('[id="err-points.NS"]')).to_have_text("Kaartpunten moeten tussen 0 en 162 liggen.")
    expect(page.locator('[id="err-roem.NS"]')).to_contain_text("tiental")
    expect(page.get_by_label("Punten Wij", exact=True)).to_have_attribute("aria-invalid", "true")
    enter_deal(page, "Wij", {"Wij": "100", "Zij": "50"}, save=False)
    page.get_by_label("Roem Wij", exact=True).fill("0")
    page.get_by_test_id("pit").get_by_label("Wij", exact=True).check()
    page.get_by_label("Punten Wij", exact=True).fill("150")
    page.get_by_label("Punten Zij", exact=True).fill("0")
    page.get_by_test_id("save").click()
    expect(page.locator('[id="err-points"]')).to_have_text("De punten zijn samen 150 en niet 162.")
    expect(page.locator('[id="err-pit"]')).to_have_text("Pit betekent alle 162 punten voor dat team.")
    assert server.api("GET", f"/api/sheets/{sid}", token_of(page, sid))["deals"] == []
    page.get_by_label("Punten Wij", exact=True).fill("162")
    page.get_by_test_id("save").click()
    expect_totals(page, 262, 0)


def test_south_african_strokes_and_the_boem(page: Page, server: LiveServer) -> None:
    new_sheet_ui(page, server, rules="Zuid-Afrikaans (strepen)")
    expect(page.get_by_test_id("strokes")).to_have_text("Strepen: Wij 0 – Zij 0")
    page.get_by_test_id("new-round").click()
    expect(page.get_by_test_id("makers")).to_have_count(0)
    enter_deal(page, None, {"Wij": "84"}, ["Roem Zij +20"])
    expect(page.get_by_test_id("deal-1").get_by_test_id("score-EW")).to_contain_text("82")
    expect(page.locator("tr.ou-jol")).to_have_count(0)  # the last deal's game is still open
    page.get_by_test_id("new-round").click()
    page.get_by_label("Gestopt: een team ging op").check()
    enter_deal(page, None, {"Wij": "33"})
    expect(page.get_by_test_id("game-1")).to_have_text("Spel 1: 1 streep voor Wij")
    expect(page.locator("tr.ou-jol")).to_have_count(1)
    expect(page.get_by_test_id("strokes")).to_have_text("Strepen: Wij 1 – Zij 0")
    expect(page.get_by_test_id("stroke-NS")).to_have_count(1)
    # Two strokes a game: Zij reach 100 while Wij are under 50, twice, then once more.
    for n in (1, 2, 3):
        page.get_by_test_id("new-round").click()
        enter_deal(page, None, {"Zij": "100"})
        expect(page.get_by_test_id("stroke-EW")).to_have_count(min(2 * n, 5))
    expect(page.get_by_test_id("game-2")).to_have_text("Spel 2: 2 strepen voor Zij")
    expect(page.get_by_test_id("winner")).to_have_text("De boem is voor Zij!")


def test_english_keyboard_and_names_as_text(page: Page, server: LiveServer) -> None:
    page.goto(server.url + "/keeper")
    page.get_by_test_id("lang").click()
    expect(page.get_by_role("heading", name="Score sheets")).to_be_visible()
    page.get_by_test_id("new-sheet").click()
    evil = "<img src=x onerror=document.title=1>"
    page.get_by_label("Team 1 (North/South)", exact=True).fill(evil)
    page.get_by_label("Team 2 (East/West)", exact=True).fill("Them")
    page.get_by_role("button", name="Create sheet").click()
    expect(page.get_by_test_id("team-NS")).to_have_text(evil)
    assert page.locator("img").count() == 0 and page.title() != "1"
    # Keyboard only: the new-round link, a radio, the points, then Enter submits.
    page.get_by_test_id("new-round").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("makers").get_by_role("radio", name=evil)).to_be_focused()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    expect(page.get_by_label(f"Points {evil}", exact=True)).to_be_focused()
    page.keyboard.type("91")
    page.keyboard.press("Enter")
    expect_totals(page, 91, 71)
    expect(page.get_by_test_id("dealer")).to_have_text("Dealing now: Player 2 (Them)")
    page.get_by_test_id("undo").focus()
    page.keyboard.press("Enter")
    expect_totals(page, 0, 0)
    expect(page.get_by_test_id("new-round")).to_be_focused()  # ↶ is disabled now: focus moves on
    # The list reopens the sheet; the printed sheet has no buttons.
    page.get_by_role("link", name="All sheets").click()
    page.get_by_role("link", name=f"{evil} – Them").click()
    expect(page.get_by_test_id("team-EW")).to_have_text("Them")
    page.emulate_media(media="print")
    expect(page.get_by_test_id("new-round")).to_be_hidden()
    expect(page.get_by_test_id("total-NS")).to_be_visible()


def test_a_sheet_shared_read_only_and_for_editing(page: Page, server: LiveServer, browser: Any) -> None:
    sid = new_sheet_ui(page, server, teams=("Oost", "West"))
    page.get_by_test_id("new-round").click()
    enter_deal(page, "Oost", {"Oost": "100"})
    expect_totals(page, 100, 62)
    # The owner makes a viewing link and an editing link in the share dialog.
    page.get_by_test_id("share").click()
    link = page.get_by_test_id("share-url")
    page.get_by_test_id("share-read").click()
    expect(link).to_have_value(re.compile(r"token="))
    read_link = link.input_value()
    page.get_by_test_id("share-edit").click()
    expect(link).not_to_have_value(read_link)
    edit_link = link.input_value()
    assert f"/keeper#sheet={sid}&token=" in read_link and read_link != edit_link
    others = [browser.new_context(locale="nl-NL") for _ in range(3)]
    try:
        viewer, editor, stranger = (ctx.new_page() for ctx in others)
        viewer.goto(read_link)
        expect(viewer.get_by_test_id("total-NS")).to_have_text("100")
        expect(viewer.get_by_test_id("read-only")).to_be_visible()
        expect(viewer.get_by_test_id("new-round")).to_have_count(0)
        expect(viewer.get_by_test_id("undo")).to_have_count(0)
        assert "token" not in viewer.url and viewer.url.endswith(f"#/sheet/{sid}")  # gone from the address
        viewer.reload()  # the token is kept in the browser, not in the address
        expect(viewer.get_by_test_id("total-NS")).to_have_text("100")
        editor.goto(edit_link)
        editor.get_by_test_id("new-round").click()
        enter_deal(editor, "West", {"West": "90"})
        expect(editor.get_by_test_id("total-EW")).to_have_text(str(62 + 90))
        expect(editor.get_by_test_id("share")).to_have_count(0)  # only the owner shares
        # Without a link the sheet is nobody's business: not listed, not opened by its number.
        stranger.goto(f"{server.url}/keeper#/sheet/{sid}")
        expect(stranger.get_by_role("alert")).to_be_visible()
        stranger.goto(f"{server.url}/keeper#/")
        expect(stranger.locator("a.sheet-link")).to_have_count(0)
        page.reload()
        expect_totals(page, 100 + 72, 62 + 90)
        # The owner withdraws the viewing link (made first): the viewer is shut out, the editor is not.
        page.get_by_test_id("share").click()
        given = page.get_by_test_id("shares").locator("li")
        expect(given).to_have_count(2)
        given.first.get_by_test_id("withdraw").click()
        expect(given).to_have_count(1)
        expect(given.first).to_contain_text(re.compile("edit|bewerken", re.I))
        viewer.reload()
        expect(viewer.get_by_role("alert")).to_be_visible()
        expect(viewer.get_by_test_id("total-NS")).to_have_count(0)
        editor.reload()
        expect(editor.get_by_test_id("total-EW")).to_have_text(str(62 + 90))
    finally:
        for ctx in others:
            ctx.close()


def test_the_pages_work_under_their_content_security_policy(server: LiveServer, browser: Any) -> None:
    """The other browser tests bypass the CSP (Playwright's wait_for_function needs eval); here it is in force:
    each page renders, the keeper's API calls and the game's WebSocket go through, nothing is refused."""
    ctx = browser.new_context(locale="nl-NL")
    try:
        pg = ctx.new_page()
        refused: list[str] = []
        pg.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
        pg.on("pageerror", lambda e: refused.append(str(e)))
        for path in ("/", "/keeper", "/learn", "/learn/rules/amsterdam", "/club"):
            pg.goto(server.url + path)
            expect(pg.locator("#site-header a").first).to_be_visible()
        pg.goto(server.url + "/keeper#/new")
        pg.get_by_role("button", name="Lijst maken").click()
        expect(pg.get_by_test_id("total-NS")).to_have_text("0")
        start_game(pg, server.url, wait_for="")
        # The socket's first state: the hand is dealt.
        expect(pg.get_by_role("group", name="Je kaarten").get_by_role("button")).to_have_count(8, timeout=20000)
        pg.goto(server.url + "/docs")
        expect(pg.locator(".swagger-ui .info .title")).to_contain_text("Klaverjas")
        pg.goto(server.url + "/redoc")
        expect(pg.locator("redoc h1, [role=main] h1").first).to_contain_text("Klaverjas", timeout=20000)
        # ReDoc's "powered by" logo comes from its makers' site: the CSP keeps that request from leaving.
        assert [r for r in refused if "Loading the image 'https://cdn.redoc.ly/" not in r] == [], refused
    finally:
        ctx.close()


COUNTS = """async () => {
  const i18n = await import('/static/js/i18n.js');
  const say = (lang) => { i18n.setLang(lang); return [
    i18n.t('club.best_of_m', { n: 1, m: 5 }), i18n.t('club.best_of_m', { n: 3, m: 10 }),
    i18n.t('play.deals_played', { n: 1 }), i18n.t('play.deals_played', { n: 16 }),
    i18n.t('play.review_cost', { n: 1, best: 'X' }), i18n.t('play.went_on_we', { n: 1 }),
    i18n.t('play.went_on_they', { n: 2 }), i18n.t('learn.strokes_n', { n: 1 }), i18n.t('play.points_n', { n: 1 }),
    i18n.t('club.best_of', { n: 1 }), i18n.t('club.best_of', { n: 4 }), i18n.t('club.bye_fixed_strokes', { n: 1 }),
    i18n.t('club.best_of_m', { n: 5, m: 1 })]; };
  return { en: say('en'), nl: say('nl') };
}"""


def test_the_pages_say_a_count_of_one_in_the_singular(page: Page, server: LiveServer) -> None:
    page.goto(server.url + "/")
    said = page.evaluate(COUNTS)
    # A season of five best evenings after one evening says so plainly, not "the best 5 of 1".
    assert said["en"] == ["The best evening counts (5 played).", "The best 3 evenings count (10 played).", "1 deal",
                          "16 deals", "cost 1 point; best card: X.", "We go on with 1 stroke",
                          "They go on with 2 strokes", "1 stroke", "1 point", "the best evening counts", "best 4 count",
                          "bye 1 stroke", "The best 5 evenings count (1 played)."]
    assert said["nl"] == ["De beste avond telt (5 gespeeld).", "De beste 3 avonden tellen (10 gespeeld).", "1 spel",
                          "16 spellen", "kostte 1 punt; beste kaart: X.", "Wij gaan op met 1 streep",
                          "Zij gaan op met 2 strepen", "1 streep", "1 punt", "de beste avond telt", "beste 4 tellen",
                          "vrij 1 streek", "De beste 5 avonden tellen (1 gespeeld)."]
