"""The card table fits its screen, in Debian's Chromium. On a phone held sideways: the whole board (score, felt
with the trick, the hand, the actions) in one screen without scrolling, the trump question on the felt with the hand
in view, and the deal's result on the felt; turned upright, the board as before. Beside a desktop's side column: the
hand within the felt's width."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tests.browser_steps import start_game
from tests.conftest import HAVE_CHROMIUM, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page

MY_TURN_OR_END = ("() => document.body.dataset.toMove === 'S' || "
                  "['deal_over', 'match_over'].includes(document.body.dataset.phase)")

# Each named part's box in the viewport's coordinates (left, top, right, bottom), or null when it is not shown.
BOXES = """(selectors) => Object.fromEntries(Object.entries(selectors).map(([name, sel]) => {
  const nodes = [...document.querySelectorAll(sel)].filter((n) => n.getClientRects().length);
  if (!nodes.length) return [name, null];
  const rects = nodes.map((n) => n.getBoundingClientRect());
  return [name, [Math.min(...rects.map((r) => r.left)), Math.min(...rects.map((r) => r.top)),
                 Math.max(...rects.map((r) => r.right)), Math.max(...rects.map((r) => r.bottom))]];
}))"""

PARTS = {"score": "#status", "felt": "#felt", "hand": "#hand .card", "actions": ".actions button:not([hidden])",
         "trump": "#decision button", "result": "#result", "next": "#next-button", "hint": "#hints"}


def tap(page: Page, selector: str) -> None:
    """A finger on the first such button where it shows (the next card covers an overlapped card's middle), the
    page left where it is: Playwright's own click scrolls the button into view, which a finger never does."""
    page.locator(selector).first.wait_for()
    left, top = page.locator(selector).first.evaluate("b => { const r = b.getBoundingClientRect(); "
                                                      "return [r.left, r.top]; }")
    page.touchscreen.tap(left + 10, top + 30)


def boxes(page: Page) -> dict[str, list[float] | None]:
    found: dict[str, list[float] | None] = page.evaluate(BOXES, PARTS)
    return found


def in_view(page: Page, *names: str) -> None:
    """Each named part is shown and lies wholly in the viewport; the page does not scroll sideways."""
    width, height = page.evaluate("() => [innerWidth, innerHeight]")
    found = boxes(page)
    for name in names:
        box = found[name]
        assert box is not None, f"{name} is not shown"
        left, top, right, bottom = box
        assert left >= -0.5 and top >= -0.5 and right <= width + 0.5 and bottom <= height + 0.5, \
            f"{name} at {box} is not wholly in the {width} x {height} screen"
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")


@pytest.fixture(params=[(844, 390, "nl-NL"), (640, 360, "en-GB"), (915, 412, "nl-NL")],
                ids=lambda p: f"{p[0]}x{p[1]}-{p[2][:2]}")
def sideways(request: pytest.FixtureRequest, new_page: Callable[..., Page]) -> Page:
    width, height, locale = request.param
    return new_page(viewport={"width": width, "height": height}, locale=locale, has_touch=True)


def test_a_whole_deal_in_one_screen(server: str, sideways: Page) -> None:
    page = sideways
    start_game(page, server, wait_for="")
    for _ in range(40):
        page.wait_for_function(MY_TURN_OR_END)
        phase = page.evaluate("document.body.dataset.phase")
        if phase in ("deal_over", "match_over"):
            break
        if phase == "trump":
            # The question lies on the felt, the hand to choose from beside it.
            in_view(page, "score", "felt", "hand", "trump")
            felt, trump = boxes(page)["felt"], boxes(page)["trump"]
            assert felt is not None and trump is not None
            assert felt[0] <= trump[0] and trump[2] <= felt[2] and felt[1] <= trump[1] and trump[3] <= felt[3]
        else:
            in_view(page, "score", "felt", "hand", "actions")
            # Every card shows a finger's width (44 px) to tap, however many overlap.
            lefts = page.locator("#hand .card").evaluate_all("cs => cs.map((c) => c.getBoundingClientRect().left)")
            strips = [b - a for a, b in zip(lefts, lefts[1:], strict=False)]
            assert all(strip >= 44 for strip in strips), strips
        seq = page.evaluate("document.body.dataset.seq")
        tap(page, "#decision button" if phase == "trump" else "#hand .card.playable")
        page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
    else:
        raise AssertionError("the deal did not end")
    page.locator("#next-button").wait_for()
    in_view(page, "score", "result", "next")


def test_a_hint_lies_on_the_felt(server: str, sideways: Page) -> None:
    """Asked for, the hint shows on the felt; the board keeps its size, the hand and the actions in view."""
    page = sideways
    start_game(page, server)
    if page.evaluate("document.body.dataset.phase") == "trump":
        tap(page, "#decision button")
        page.wait_for_function("() => document.body.dataset.phase === 'play' && document.body.dataset.toMove === 'S'")
    before = boxes(page)
    tap(page, "#hint-button")
    page.locator("#hints li").first.wait_for()
    in_view(page, "score", "felt", "hand", "actions", "hint")
    after = boxes(page)
    assert after["felt"] == before["felt"] and after["hand"] == before["hand"], (before, after)
    felt, hint = after["felt"], after["hint"]
    assert felt is not None and hint is not None
    assert felt[0] <= hint[0] and hint[2] <= felt[2] and felt[1] <= hint[1] and hint[3] <= felt[3]


def test_turned_upright_the_board_is_a_column_again(server: str, sideways: Page) -> None:
    """Turning the phone mid-deal: upright, the hand lies under the felt across its width, as on every phone."""
    page = sideways
    start_game(page, server)
    width, height = page.viewport_size["width"], page.viewport_size["height"]  # type: ignore[index]
    felt, hand = boxes(page)["felt"], boxes(page)["hand"]
    assert felt is not None and hand is not None
    assert hand[0] >= felt[2] - 1  # sideways: the hand beside the felt
    page.set_viewport_size({"width": height, "height": width})
    page.wait_for_function("() => matchMedia('(orientation: portrait)').matches")
    felt, hand = boxes(page)["felt"], boxes(page)["hand"]
    assert felt is not None and hand is not None
    assert hand[1] >= felt[3] - 1  # upright: under it
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("() => matchMedia('(orientation: landscape)').matches")
    page.wait_for_timeout(100)  # the turn's change event brings the board back into view
    in_view(page, "score", "felt", "hand", "actions")


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1100, 800), (1280, 800)])
def test_beside_the_side_column_the_hand_keeps_within_the_felt(server: str, browser: Any, width: int,
                                                              height: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="nl-NL", bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    try:
        start_game(page, server)
        found = boxes(page)
        felt, hand = found["felt"], found["hand"]
        assert felt is not None and hand is not None
        assert felt[0] - 0.5 <= hand[0] and hand[2] <= felt[2] + 0.5, (felt, hand)
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    finally:
        ctx.close()
