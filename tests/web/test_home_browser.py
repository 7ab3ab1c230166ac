"""The start page in Debian's Chromium: a panel for each part of the site, in Dutch and English, every link to a page
that answers, nothing wider than a phone, and the way back to a game this device has in play.  An address that names
nothing is the site's own page for a browser, and the shared JSON error for everyone else."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import HAVE_CHROMIUM, live_server, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import expect

I18N = Path(__file__).parents[2] / "src/klaverjas/web/static/i18n"
PARTS = {"play": ["/play", "/play#with-friends"], "keeper": ["/keeper"], "club": ["/club"], "learn": ["/learn"]}


def texts_of(lang: str, part: str) -> dict[str, str]:
    texts: dict[str, str] = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))[part]
    return texts


def home_texts(lang: str) -> dict[str, str]:
    return texts_of(lang, "home")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("home") / "home.db") as url:
        yield url


@pytest.mark.parametrize(("locale", "lang", "width", "height"),
                         [("nl-NL", "nl", 390, 844), ("en-GB", "en", 1280, 800)])
def test_a_panel_for_each_part_of_the_site(server: str, browser: Any, locale: str, lang: str, width: int,
                                           height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
    page = context.new_page()
    page.goto(server + "/")
    said = home_texts(lang)
    for part, hrefs in PARTS.items():
        panel = page.get_by_role("region", name=said[f"{part}_title"])
        expect(panel).to_be_visible()
        links = panel.get_by_role("link")
        expect(links).to_have_count(len(hrefs))
        assert [links.nth(i).get_attribute("href") for i in range(len(hrefs))] == hrefs
        for href in hrefs:
            with urllib.request.urlopen(server + href.split("#")[0]) as answer:
                assert answer.status == 200, href
    expect(page.get_by_test_id("to-continue")).to_have_count(0)  # this device has no game
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # One design: a panel's padding, its heading's spacing and the room between panels are those of /club's.
    home = page.evaluate(PANEL_LOOK)
    assert home.pop("gap") == 16, home  # a club's and the learning pages' panels stand 1rem apart
    page.goto(server + "/club")
    page.wait_for_selector("main .panel h2")
    club = page.evaluate(PANEL_LOOK)
    club.pop("gap")
    assert home == club
    context.close()


PANEL_LOOK = """() => {
  const panel = document.querySelector('main .panel'), heading = panel.querySelector('h2');
  const bottom = panel.getBoundingClientRect().bottom;
  const below = [...document.querySelectorAll('main .panel')].map((p) => p.getBoundingClientRect().top)
    .find((top) => top > bottom);
  const { padding, borderRadius } = getComputedStyle(panel);
  return { padding, borderRadius, heading: getComputedStyle(heading).marginBottom, gap: below ? below - bottom : null };
}"""


def test_the_way_back_to_a_game_in_play(server: str, browser: Any) -> None:
    request = urllib.request.Request(server + "/api/play", method="POST", data=json.dumps({"pace": 0}).encode(),
                                     headers={"content-type": "application/json", "x-klaverjas": "1"})
    with urllib.request.urlopen(request) as answer:
        created = json.load(answer)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    page.goto(server + created["link"])  # the play page keeps the seat's token on this device
    page.wait_for_function("() => document.body.dataset.seq !== undefined")
    page.goto(server + "/")
    back = page.get_by_test_id("to-continue")
    expect(back).to_have_attribute("href", f"/play/{created['id']}")
    expect(back).to_contain_text(home_texts("en")["continue_what"])
    other = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")  # another device: none
    elsewhere = other.new_page()
    elsewhere.goto(server + "/")
    expect(elsewhere.get_by_role("region", name=home_texts("en")["play_title"])).to_be_visible()
    expect(elsewhere.get_by_test_id("to-continue")).to_have_count(0)
    other.close()
    context.close()


@pytest.mark.parametrize(("locale", "lang"), [("nl-NL", "nl"), ("en-GB", "en")])
def test_an_address_naming_nothing_is_a_page_in_the_site_s_design(server: str, browser: Any, locale: str,
                                                                     lang: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    page = context.new_page()
    answer = page.goto(server + "/no/such/page")
    assert answer is not None and answer.status == 404
    said = texts_of(lang, "common")
    expect(page.get_by_role("heading", level=1)).to_have_text(said["not_found_title"])
    expect(page.get_by_role("navigation")).to_be_visible()  # the site's header, its sections to go on from
    page.get_by_role("link", name=said["to_start"]).click()
    expect(page.get_by_role("region", name=home_texts(lang)["play_title"])).to_be_visible()
    context.close()


@pytest.mark.parametrize(("path", "accept"), [("/no/such/page", "application/json"), ("/no/such/page", "*/*"),
                                              ("/api/no/such/thing", "text/html"), ("/static/js/none.js", "text/html")])
def test_a_program_asking_for_nothing_gets_the_json_error(server: str, path: str, accept: str) -> None:
    request = urllib.request.Request(server + path, headers={"accept": accept})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request)
    assert refused.value.code == 404
    assert json.load(refused.value) == {"detail": "Not Found", "code": "http", "errors": []}
