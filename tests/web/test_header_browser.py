"""The site's header on every page, phone and desktop, Dutch and English (Debian's Chromium): no link breaks over
two lines, nothing sticks out of the window, the language button stays on the brand's row, and the sections stay
beside the brand where the page is wide enough for them (the card table's); Tab takes them in the order they are
seen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.browser_steps import start_game
from tests.conftest import HAVE_CHROMIUM, live_server, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import expect

PAGES = ("/", "/keeper", "/play", "/learn", "/club")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("header") / "k.db") as url:
        yield url


def assert_tab_follows_reading_order(page: Any, where: str) -> None:
    """Tab through the header from the brand: the stops come row by row, left to right, as they are seen."""
    page.locator("#topbar .brand").focus()
    stops = []
    while True:
        stop = page.evaluate("() => { const e = document.activeElement; if (!e.closest('#topbar')) return null;"
                             " const r = e.getBoundingClientRect();"
                             " return [e.textContent.trim(), Math.round(r.top), Math.round(r.left)]; }")
        if stop is None or stop in stops:
            break
        stops.append(stop)
        page.keyboard.press("Tab")
    assert len(stops) >= 7, (where, stops)  # brand, four sections, the card settings, the language
    assert stops == sorted(stops, key=lambda s: (s[1], s[2])), (where, stops)


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("locale", ["nl-NL", "en-GB"])
def test_the_header_fits_on_every_page(server: str, browser: Any, locale: str, width: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": 800}, locale=locale, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    try:
        for path in PAGES:
            page.goto(server + path)
            expect(page.locator("#topbar .section").first).to_be_visible()
            # The lines a shown link's words take: one rectangle per line of the text node.
            lines = page.eval_on_selector_all(
                "#topbar a", "els => els.filter(a => a.getClientRects().length).map(a => {"
                             " const text = [...a.childNodes].find(n => n.nodeType === 3);"
                             " const range = document.createRange(); range.selectNodeContents(text);"
                             " return [a.textContent, range.getClientRects().length]; })")
            assert lines and all(count == 1 for _, count in lines), (path, lines)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, path
            brand, lang = (page.locator(sel).bounding_box() for sel in ("#topbar .brand", "#lang-button"))
            assert brand is not None and lang is not None
            assert lang["y"] < brand["y"] + brand["height"], (path, brand, lang)
            assert_tab_follows_reading_order(page, path)
    finally:
        ctx.close()


def test_the_card_table_keeps_the_sections_beside_the_brand_on_a_desktop(server: str, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB", bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    try:
        start_game(page, server)
        expect(page.locator("#hand button").first).to_be_visible()
        brand, section = (page.locator(sel).bounding_box() for sel in ("#topbar .brand", "#topbar .section >> nth=0"))
        assert brand is not None and section is not None
        assert section["y"] < brand["y"] + brand["height"] and section["x"] > brand["x"] + brand["width"]
        assert_tab_follows_reading_order(page, "the card table")
    finally:
        ctx.close()


def test_the_language_switch_keeps_the_keyboard_on_it(server: str, page: Any) -> None:
    # The switch redraws the header and the page; a keyboard user must not be sent back to the page's top.
    page.set_viewport_size({"width": 320, "height": 700})  # the narrowest phone: Tab still goes as the rows are seen
    for path in PAGES:
        page.goto(server + path)
        expect(page.locator("#topbar .section").first).to_be_visible()
        assert_tab_follows_reading_order(page, path)
        for lang in ("en", "nl"):
            page.locator("#lang-button").focus()
            page.keyboard.press("Enter")
            expect(page.locator("html")).to_have_attribute("lang", lang)
            page.wait_for_load_state("networkidle")  # a page that redraws after a fetch has done so
            assert page.evaluate("document.activeElement.id") == "lang-button", (path, lang)
