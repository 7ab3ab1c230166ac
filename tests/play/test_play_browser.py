"""Playing in Debian's Chromium through Playwright: a whole 16-deal match against bots by clicking."""

from __future__ import annotations

import json
import re

import pytest
from tests.browser_steps import moved, start_game
from tests.conftest import HAVE_CHROMIUM, needs_chromium

from .conftest import LeakChecker

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, WebSocket, expect


WAIT_FOR_ME = ("document.body.dataset.toMove === 'S' || "
               "['deal_over', 'match_over'].includes(document.body.dataset.phase)")


def test_a_whole_match_by_clicking(server: str, page: Page) -> None:
    frames: list[str] = []

    def listen(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", listen)
    start_game(page, server, wait_for="")
    hinted = refused = reloaded = reviewed = False
    deals = 0
    while True:
        page.wait_for_function(WAIT_FOR_ME)
        phase = page.evaluate("document.body.dataset.phase")
        seq = page.evaluate("document.body.dataset.seq")
        if phase == "match_over":
            break
        if phase == "deal_over":
            deals += 1
            if not reviewed:
                page.click("#review-button")
                expect(page.locator("#review .review-trick")).to_have_count(8)
                reviewed = True
            page.click("#next-button")
        elif phase == "trump":
            page.locator("#decision button").first.click()
        else:
            if not hinted:
                page.click("#hint-button")
                expect(page.locator("#hints li").first).to_be_visible()
                assert page.locator("#hints li").first.inner_text().strip()
                hinted = True
            illegal = page.locator("#hand .card.illegal")
            if not refused and illegal.count():
                # aria-disabled (with its reason as description), yet clickable: the server explains the refusal
                illegal.first.click(force=True)
                expect(page.locator("#message")).to_contain_text(re.compile(r"\w{3,}"))
                refused = True
            if not reloaded and deals == 1:
                page.reload()
                reloaded = True
                continue
            card = page.locator("#hand .card.playable").first
            assert re.match(r"^[A-Z][a-z]+ [a-z]+$", card.get_attribute("aria-label") or "")  # "Harten boer"
            card.click()
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    assert (hinted, refused, reloaded, reviewed, deals) == (True, True, True, True, 15)  # the 16th ends the match
    page.click("#sheet-button")
    expect(page.locator("#sheet tbody tr")).to_have_count(16)
    expect(page.locator("#result [data-match=over]")).to_be_visible()
    checker = LeakChecker()
    for payload in frames:
        frame = json.loads(payload)
        if frame.get("type") in ("state", "update"):
            checker.feed(frame)
    assert checker.frames > 100


def test_a_hint_is_read_out_and_each_card_names_its_key(server: str, page: Page) -> None:
    """The hint is said in a polite status region (a screen reader hears it where the focus is), and each card in
    the hand names the number key that plays it."""
    start_game(page, server, wait_for="")
    while True:
        page.wait_for_function(f"() => {WAIT_FOR_ME}")
        if page.evaluate("document.body.dataset.phase") == "play":
            break
        seq = page.evaluate("document.body.dataset.seq")
        page.locator("#decision button").first.click()
        moved(page, seq, "trump")
    cards = page.locator("#hand .card")
    keys = cards.evaluate_all("ns => ns.map(n => n.getAttribute('aria-keyshortcuts'))")
    assert keys == [str(n) for n in range(1, len(keys) + 1)], keys
    expect(page.locator("#hand .card.playable").first).to_have_attribute("aria-keyshortcuts", re.compile(r"^[1-8]$"))
    said = page.locator("#hint-said")
    expect(said).to_have_attribute("aria-live", "polite")
    expect(said).to_have_text("")
    page.click("#hint-button")
    reason = page.locator("#hints li").first.inner_text().split(" — ", 1)[1]
    expect(said).to_have_text(re.compile(rf"^Hint: \w+ \w+ — {re.escape(reason)}"))  # "Hint: harten boer — ..."
    # A card played: the hint is over, and said no more.
    page.locator("#hand .card.playable").first.click()
    expect(said).to_have_text("")
