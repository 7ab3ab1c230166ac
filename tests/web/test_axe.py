"""axe-core in Debian's Chromium on the pages people land on: the start page, the play page's start screen, a deal
in play, a table's join page and lobby, the score keeper, the learning page and a club's organiser pages. No serious or
critical violation, in light and in dark mode; and every panel of a deal at 320, 844 x 390 (sideways) and 1280 px
(a computer player's reason, a hint, the last trick, the sheet, the result, the review) and a table with friends in
play. axe-core comes inside the axe-playwright-python package (no network at test time)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.browser_steps import create_table, play_out_the_deal, start_game
from tests.conftest import HAVE_CHROMIUM, live_server, needs_chromium

from klaverjas.core import card_name
from klaverjas.web.learn.lessons import CardStep, load_lessons

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
    from playwright.sync_api import Page

SERIOUS = ("serious", "critical")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, solver_ready: bool) -> Iterator[str]:
    db: Path = tmp_path_factory.mktemp("axe") / "axe.db"
    with live_server(db) as url:
        yield url


def violations(page: Page) -> list[str]:
    """Every serious or critical violation: rule, impact and where, one line each."""
    results: Any = Axe().run(page)
    found = []
    for v in results.response["violations"]:
        if v["impact"] in SERIOUS:
            where = "; ".join(" ".join(n["target"]) for n in v["nodes"][:3])
            found.append(f"{v['id']} ({v['impact']}): {v['help']} at {where}")
    return found


def mid_deal(server: str, page: Page) -> None:
    start_game(page, server)
    if page.evaluate("document.body.dataset.phase") == "trump":
        page.locator("#decision button").first.click()
    # our turn in the play with a card or more on the felt (the leader may be us: play until there is one)
    page.wait_for_function("document.body.dataset.phase === 'play' && document.body.dataset.toMove === 'S'")
    if not page.locator("#trick [data-card]").count():
        seq = page.evaluate("document.body.dataset.seq")
        page.locator("[data-hand] .card.playable").first.click()
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}' && document.body.dataset.toMove === 'S'")


def play_setup(server: str, page: Page) -> None:
    """The start screen with its More settings open, so their fields are checked too."""
    page.goto(server + "/play")
    page.click("#more-settings summary")


def table_join_page(server: str, page: Page) -> None:
    """A table's join screen: a friend seated, two chairs free, and the name asked for in words at its field."""
    headers = {"X-Klaverjas": "1"}
    created = httpx.post(server + "/api/tables", json={"name": "Anna", "seat": "S", "pace": 0}, headers=headers).json()
    httpx.post(f"{server}/api/tables/{created['code']}/join", json={"name": "Bram", "seat": "E"}, headers=headers)
    page.goto(f"{server}/t/{created['code']}")
    page.locator("#join-seats button").first.click()
    page.locator("#join-name-error").wait_for()


def table_lobby(server: str, page: Page) -> None:
    """The host's lobby: the chairs, Start, the link to send, the chat and the invitations."""
    create_table(page, server, "Anna")
    page.locator("#start-table").wait_for()


def keeper_share_dialog(server: str, page: Page) -> None:
    """A sheet's share dialog with two links given out, each with its withdraw button."""
    headers = {"X-Klaverjas": "1"}
    made = httpx.post(server + "/api/sheets", json={"title": "Axe"}, headers=headers).json()
    for mode in ("read", "edit"):
        httpx.post(f"{server}/api/sheets/{made['id']}/shares", json={"mode": mode},
                   headers={**headers, "Authorization": f"Bearer {made['owner_token']}"})
    page.goto(server + made["link"])
    page.get_by_test_id("share").click()
    page.get_by_test_id("withdraw").nth(1).wait_for()


def learn_progress(server: str, page: Page) -> None:
    """The learning index with two lessons done: their ticks, the progress bar and the way on."""
    page.goto(server + "/learn")
    page.evaluate("localStorage.setItem('klaverjas.learn.done', JSON.stringify(['follow-suit', 'overtrump']))")
    page.reload()
    page.locator("li[data-lesson].done").nth(1).wait_for()


def learn_lesson_refused(server: str, page: Page) -> None:
    """A lesson after a card the rules refuse: the verdict, the reason with its glossary links, the advice."""
    page.goto(server + "/learn/lessons/overtrump")
    page.click("#step [data-card='7H']")
    page.locator("#feedback .refusal").wait_for()


def learn_lesson_complete(server: str, page: Page) -> None:
    """A lesson's end: the answer marked, the buttons disabled, on to the next lesson."""
    page.goto(server + "/learn/lessons/follow-suit")
    steps = load_lessons()["follow-suit"].steps
    for index, step in enumerate(steps):  # every step answered right; the last one ends the lesson
        assert isinstance(step, CardStep)
        page.click(f"#step [data-card='{card_name(min(step.good))}']")
        if index < len(steps) - 1:
            page.click("#next-step")
    page.locator("#next-lesson").wait_for()


def club_organiser(server: str, page: Page, evening: bool) -> None:
    """A club's page or its evening as the organiser sees them: members, a season, a round drawn and one result."""
    with httpx.Client(base_url=server, headers={"X-Klaverjas": "1"}) as http:
        club = http.post("/api/clubs", json={"name": "Axe"}).json()
        http.headers["Authorization"] = f"Bearer {club['organiser_token']}"
        base = f"/api/clubs/{club['id']}"
        season = http.post(f"{base}/seasons", json={"name": "Winter", "best": 5}).json()
        ev = http.post(f"{base}/evenings", json={"rounds": 2, "season_id": season["id"]}).json()
        for name in ("Anna", "Bram", "Cor", "Dirk", "Els", "Fien", "Gert", "Hans"):
            http.post(f"{base}/members", json={"name": name}).raise_for_status()
            http.post(f"{base}/evenings/{ev['id']}/present", json={"name": name}).raise_for_status()
        http.post(f"{base}/evenings/{ev['id']}/rounds", json={}).raise_for_status()
        http.put(f"{base}/evenings/{ev['id']}/rounds/1/tables/1/totals",
                 json={"totals": [1900, 1400]}).raise_for_status()
    path = f"/club/{club['id']}" + (f"/evenings/{ev['id']}" if evening else "")
    page.goto(f"{server}{path}#token={club['organiser_token']}")
    page.wait_for_selector("main > .panel")


PAGES: dict[str, Callable[[str, Page], object]] = {
    "home": lambda server, page: page.goto(server + "/"),
    "not-found": lambda server, page: page.goto(server + "/no/such/page"),
    "play": mid_deal,
    "play-setup": play_setup,
    "table": table_join_page,
    "table-lobby": table_lobby,
    "keeper": lambda server, page: page.goto(server + "/keeper"),
    "keeper-share": keeper_share_dialog,
    "learn": lambda server, page: page.goto(server + "/learn"),
    "learn-progress": learn_progress,
    "learn-rules": lambda server, page: page.goto(server + "/learn/rules/amsterdam"),
    "learn-glossary": lambda server, page: page.goto(server + "/learn/glossary#nat"),
    "learn-lesson": learn_lesson_refused,
    "learn-lesson-end": learn_lesson_complete,
    "club": lambda server, page: club_organiser(server, page, evening=False),
    "club-evening": lambda server, page: club_organiser(server, page, evening=True),
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_serious_violations(server: str, browser: Any, name: str, scheme: str) -> None:
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844}, locale="nl-NL",
                              color_scheme=scheme)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    try:
        PAGES[name](server, page)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(300)  # the trick's short animations end
        assert page.locator("#site-header nav").count() == 1  # the one header, drawn
        found = violations(page)
        assert not found, "\n".join(found)
    finally:
        ctx.close()


def contrast(fg: str, bg: str) -> float:
    """The WCAG contrast ratio of two CSS rgb() colours."""
    def luminance(colour: str) -> float:
        channels = [int(x) / 255 for x in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3]]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    light, dark = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_keepers_nat_badge_keeps_its_white_text(server: str, browser: Any, scheme: str) -> None:
    """The NAT badge holds a glossary link; the link colour must not turn its text green on red."""
    ctx = browser.new_context(bypass_csp=True, color_scheme=scheme)
    page = ctx.new_page()
    try:
        page.goto(server + "/keeper")
        colours = page.evaluate("""() => {
          const badge = document.createElement('span');
          badge.className = 'mark nat';
          badge.innerHTML = '<a class="term" href="/learn/glossary#nat">NAT</a>';
          document.querySelector('main').append(badge);
          return [getComputedStyle(badge.firstChild).color, getComputedStyle(badge).backgroundColor];
        }""")
        assert contrast(*colours) >= 4.5, colours
    finally:
        ctx.close()


def table_with_friends_mid_deal(server: str, page: Page) -> None:
    """The host's game at a table with friends, computer players in the empty chairs: the chat with a line and
    the host's panel beside the felt."""
    create_table(page, server, "Anna")
    page.click("#start-table")
    page.wait_for_function("() => document.body.dataset.phase === 'trump' || document.body.dataset.phase === 'play'")
    page.fill("#chat input[name=text]", "Goed spel")
    page.press("#chat input[name=text]", "Enter")
    page.locator("#chat .chat-line").wait_for()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_table_with_friends_in_play(server: str, browser: Any, scheme: str) -> None:
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844}, locale="nl-NL",
                              color_scheme=scheme)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    try:
        table_with_friends_mid_deal(server, page)
        page.wait_for_timeout(300)
        found = violations(page)
        assert not found, "\n".join(found)
    finally:
        ctx.close()


def axe_at(page: Page, moment: str, found: list[str]) -> None:
    page.wait_for_timeout(300)  # the panels' short animations end
    found.extend(f"{moment}: {v}" for v in violations(page))


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), [(320, 640), (844, 390), (1280, 800)])
def test_a_deal_from_the_first_card_to_its_review(server: str, browser: Any, scheme: str, width: int,
                                                  height: int) -> None:
    """Every panel the card table opens, checked as it opens, on the smallest phone, a phone held sideways and on a
    desktop: a computer player's reason, a hint, the last trick, the sheet, the deal's result and the review of its
    four hands."""
    ctx = browser.new_context(bypass_csp=True, viewport={"width": width, "height": height}, locale="nl-NL",
                              color_scheme=scheme)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    found: list[str] = []
    try:
        mid_deal(server, page)
        page.locator("#trick button[data-card]").first.click()
        page.locator("#why").wait_for()
        axe_at(page, "reason", found)
        page.locator("#why button").click()
        page.click("#hint-button")
        page.locator("#hints li").first.wait_for()
        axe_at(page, "hint", found)
        seq = page.evaluate("document.body.dataset.seq")
        page.locator("[data-hand] .card.playable").first.click()
        page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
        page.wait_for_function("() => document.body.dataset.toMove === 'S'")
        page.click("#last-button")  # a trick or more is over: ours came after a card on the felt
        page.locator("#last").wait_for()
        axe_at(page, "last trick", found)
        page.click("#last-button")
        page.click("#sheet-button")
        page.locator("#sheet").wait_for()
        axe_at(page, "sheet", found)
        page.click("#sheet-button")
        play_out_the_deal(page)
        page.locator("#result").wait_for()
        axe_at(page, "result", found)
        page.click("#review-button")
        page.locator("#review").wait_for()
        axe_at(page, "review", found)
        assert not found, "\n".join(found)
    finally:
        ctx.close()
