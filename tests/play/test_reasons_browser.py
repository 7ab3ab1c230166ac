"""Computer players say why, read in Debian's Chromium on a phone against real computer players: the reason
of a bid and of a card, on the felt (a tap on the seat's bid or on the card) and in the game log, in Dutch and
in English; and reasons delivered at the deal's end (`deal_end.reasons`) fill in the log."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from tests.browser_steps import play_out_the_deal, start_game
from tests.conftest import HAVE_CHROMIUM, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, WebSocketRoute, expect

BOTS = ("N", "E", "W")


@pytest.fixture
def table(browser: Any) -> Iterator[tuple[Page, list[dict[str, Any]]]]:
    """A Dutch phone page and every event its sockets received, in order."""
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844}, locale="nl-NL", has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    errors: list[str] = []
    events: list[dict[str, Any]] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: events.extend(json.loads(p).get("events", []))))
    yield page, events
    ctx.close()
    assert not errors, errors


def start(page: Page, server: str) -> None:
    start_game(page, server, wait_for="")


def until_my_card(page: Page) -> None:
    """Waits for our first card of the deal, answering the trump selection if it comes to us."""
    page.wait_for_function("document.body.dataset.toMove === 'S'")
    if page.evaluate("document.body.dataset.phase") == "trump":
        page.locator("#decision button").first.click()
        page.wait_for_function("document.body.dataset.toMove === 'S' && document.body.dataset.phase === 'play'")


def open_log(page: Page) -> None:
    if not page.locator("#log-box").evaluate("n => n.open"):
        page.click("#log-box summary")


# A finger 22 px above, below, left or right of a button's centre still lands on it.
TAPPED_ROUND = ("b => { const r = b.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2; "
                "return [[x, y - 21], [x, y + 21], [x - 21, y], [x + 21, y]]"
                ".every(([px, py]) => b.contains(document.elementFromPoint(px, py))); }")


def test_reasons_of_a_bid_and_a_card_on_the_felt_and_in_the_log(
        server: str, table: tuple[Page, list[dict[str, Any]]]) -> None:
    page, events = table
    start(page, server)
    until_my_card(page)
    # South is dealt last but one: North leads, so at our first card North and East have played to the trick.
    bids = [e for e in events if e["type"] == "bid" and e["seat"] in BOTS]
    cards = [e for e in events if e["type"] == "card" and e["seat"] in BOTS]
    assert bids and cards, events
    bid = [b for b in bids if b["seat"] == bids[-1]["seat"]][-1]  # a seat's plate shows its last bid's reason
    card = cards[0]
    for event in (bid, card):
        assert event["why"]["nl"] and event["why"]["en"], event

    for lang in ("nl", "en"):
        if lang == "en":
            page.click("#lang-button")
        bubble = page.locator(f".felt [data-seat={bid['seat']}] button.bid")
        assert bubble.evaluate(TAPPED_ROUND), "the bid's reason is not 44 px to tap"
        bubble.click()
        expect(page.locator("#why")).to_be_visible()
        expect(page.locator("#why")).to_contain_text(bid["why"][lang])
        close = page.locator("#why button")
        assert close.evaluate(TAPPED_ROUND), "the reason's close button is not 44 px to tap"
        close.focus()
        page.keyboard.press("Enter")  # closed: the box may lie over the trick
        expect(page.locator("#why")).to_be_hidden()
        expect(bubble).to_be_focused()  # back where the reason was asked, not at the page's top
        page.click(f"#trick button[data-card='{card['card']}']")
        expect(page.locator("#why")).to_contain_text(card["why"][lang])
        open_log(page)
        for event in (bid, card):
            logged = page.locator(f"#log li[data-seq='{event['seq']}'] [data-why]")
            expect(logged).to_have_text(f" — {event['why'][lang]}")


def test_reasons_delivered_at_the_deals_end_fill_in_the_log(
        server: str, table: tuple[Page, list[dict[str, Any]]]) -> None:
    """A reason held back during the deal comes with `deal_end` as `reasons: [{seq, why}]`. The server's frames
    pass through unchanged but for one such reason added to the deal's end, for the first computer card."""
    page, events = table
    later: dict[str, Any] = {}

    def route(ws: WebSocketRoute) -> None:
        server_ws = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            frame = json.loads(message)
            for event in frame.get("events", []):
                if event["type"] == "deal_end" and later:
                    event["reasons"] = [*event.get("reasons", []), later]
            ws.send(json.dumps(frame))

        server_ws.on_message(from_server)

    page.route_web_socket("**/ws/play/**", route)
    start(page, server)
    until_my_card(page)
    first = next(e for e in events if e["type"] == "card" and e["seat"] in BOTS)
    later.update(seq=first["seq"], why={"nl": f"Na het spel: {first['why']['nl']}",
                                        "en": f"After the deal: {first['why']['en']}"})
    open_log(page)
    line = page.locator(f"#log li[data-seq='{first['seq']}'] [data-why]")
    expect(line).to_have_text(f" — {first['why']['nl']}")  # the reason the live event gave
    play_out_the_deal(page)
    expect(line).to_have_text(f" — {later['why']['nl']}")
    page.click("#lang-button")
    expect(line).to_have_text(f" — {later['why']['en']}")
