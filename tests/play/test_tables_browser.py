"""A table with friends in two browser contexts of Debian's Chromium: create, share, join, start, play, chat."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from tests.conftest import HAVE_CHROMIUM, needs_chromium

from .conftest import LeakChecker

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import expect


def new_page(browser: Any, frames: list[str]) -> Any:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="nl-NL", has_touch=True, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    return page


def test_two_friends_at_one_table(server: str, browser: Any) -> None:
    frames_a: list[str] = []
    frames_b: list[str] = []
    anna = new_page(browser, frames_a)
    anna.goto(server + "/play")
    anna.fill("input[name=name]", "Anna")
    anna.click("#more-settings summary")
    anna.select_option("select[name=pace]", "0")
    anna.click("#create-table")
    expect(anna.locator("#table-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"))
    link = anna.locator("#share-link").input_value()
    assert "/t/" in link

    bram = new_page(browser, frames_b)
    bram.goto(link)
    bram.fill("#join-form input[name=name]", "Bram <b>")
    bram.click("#join-seats button[data-seat=N]")
    expect(bram.locator("#lobby")).to_contain_text("Anna")
    expect(anna.locator("#lobby li[data-seat=N]")).to_contain_text("Bram <b>")

    anna.click("#start-table")
    for page in (anna, bram):
        expect(page.locator("#table")).to_be_visible()

    bram.fill("#chat input[name=text]", "<i>hoi</i>")
    bram.press("#chat input[name=text]", "Enter")
    expect(anna.locator("#chat .chat-line").last).to_have_text("Bram <b>: <i>hoi</i>")
    assert anna.locator("#chat i").count() == 0  # shown as text, never as HTML

    # Both play their cards by clicking until the first deal is over (the bots play East and West).
    ready = ("document.body.dataset.toMove === document.body.dataset.me || "
             "['deal_over', 'match_over'].includes(document.body.dataset.phase)")
    for _ in range(200):
        if anna.evaluate("document.body.dataset.phase") == "deal_over":
            break
        acted = False
        for page in (anna, bram):
            if page.evaluate(ready) and page.evaluate("document.body.dataset.phase") in ("trump", "play"):
                seq = page.evaluate("document.body.dataset.seq")
                if page.evaluate("document.body.dataset.phase") == "trump":
                    page.locator("#decision button").first.click()
                else:
                    page.locator("#hand .card.playable").first.click()
                page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
                acted = True
        if not acted:
            anna.wait_for_timeout(50)
    expect(bram.locator("#result")).to_be_visible()
    for frames, seat in ((frames_a, "S"), (frames_b, "N")):
        checker = LeakChecker()
        for payload in frames:
            frame = json.loads(payload)
            if frame.get("type") in ("state", "update"):
                checker.feed(frame)
                assert frame["state"]["seat"] == seat
        assert checker.frames > 10
    anna.context.close()
    bram.context.close()
