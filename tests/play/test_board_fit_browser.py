"""The card table fits its screen, in Debian's Chromium. On a phone held sideways: the whole board (score, felt
with the trick, the hand, the actions) in one screen without scrolling, the trump question on the felt with the hand
in view, and the deal's result on the felt; the game log (and at a table with friends the chat) in the free space
between the score and the hand, and the sheet on the felt; turned upright, the board as before, the log under it.
Beside a desktop's side column: the hand within the felt's width."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tests.browser_steps import create_table, dealt, start_game
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
         "trump": "#decision button", "result": "#result", "next": "#next-button", "hint": "#hints",
         "message": "#message", "log": "#log-box", "last entry": "#log li:last-child", "sheet": "#sheet",
         "trick": "#trick", "chat": "#chat", "board": ".board"}


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


# The log's list: its box, whether it is scrolled to its end, and whether its last entry shows inside it, the
# topmost thing at its middle (not clipped by the list's scroll, not covered).
LOG_END = """() => {
  const list = document.querySelector('#log');
  const last = list.lastElementChild;
  const box = list.getBoundingClientRect(), entry = last.getBoundingClientRect();
  const hit = document.elementFromPoint((entry.left + entry.right) / 2, (entry.top + entry.bottom) / 2);
  return {atEnd: list.scrollTop + list.clientHeight >= list.scrollHeight - 1,
          overflows: list.scrollHeight > list.clientHeight + 1,
          inside: entry.top >= box.top - 1 && entry.bottom <= box.bottom + 1, shows: last.contains(hit)};
}"""


def shows(page: Page, selector: str) -> bool:
    """Whether the element is what a finger finds at its middle: not covered, nor clipped by a scrolling box."""
    found: bool = page.evaluate("""(sel) => { const n = document.querySelector(sel), r = n.getBoundingClientRect();
      return n.contains(document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)); }""", selector)
    return found


def overlaps(a: list[float], b: list[float]) -> bool:
    """Whether two boxes share more than a hair of area."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def play_a_turn(page: Page) -> None:
    """Our next move by finger (the first trump option, the first playable card), once it is our turn."""
    page.wait_for_function(MY_TURN_OR_END)
    phase = page.evaluate("document.body.dataset.phase")
    assert phase in ("trump", "play"), phase
    seq = page.evaluate("document.body.dataset.seq")
    tap(page, "#decision button" if phase == "trump" else "#hand .card.playable")
    page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
    page.wait_for_function("() => document.body.dataset.toMove === 'S'")


def log_between_score_and_hand(page: Page) -> None:
    """The log box lies in the hand's column, under the score (and a message), over the cards and the actions,
    overlapping none of them, and shows its newest entry at its end."""
    in_view(page, "score", "felt", "hand", "actions", "log", "last entry")
    found = boxes(page)
    score, hand, actions, log, felt = found["score"], found["hand"], found["actions"], found["log"], found["felt"]
    assert score is not None and hand is not None and actions is not None and log is not None and felt is not None
    assert log[0] >= felt[2] and score[0] - 0.5 <= log[0] and log[2] <= score[2] + 0.5, (felt, score, log)
    above = max(score[3], found["message"][3]) if found["message"] else score[3]
    assert above - 0.5 <= log[1] and log[3] <= hand[1] + 0.5 and log[3] <= actions[1], (score, log, hand, actions)
    cards = page.locator("#hand .card").evaluate_all(
        "cs => cs.map((c) => { const r = c.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
    assert not any(overlaps(log, card) for card in cards), (log, cards)
    assert log[3] - log[1] >= 40, f"the log at {log} shows hardly a line"
    end = page.evaluate(LOG_END)
    assert end["atEnd"] and end["inside"] and end["shows"], end


@pytest.mark.parametrize(("width", "height"), [(844, 390), (640, 360)])
def test_sideways_the_log_lies_between_the_score_and_the_hand(server: str, new_page: Callable[..., Page],
                                                             width: int, height: int) -> None:
    """Mid-deal, the game log fills the free space of the hand's column, scrolled to its newest entry as play goes
    on; the board keeps its place (the log pushes nothing out of the screen)."""
    page = new_page(viewport={"width": width, "height": height}, has_touch=True)
    start_game(page, server)
    for _ in range(6):  # until the log holds more than its box shows, so "at its end" means something
        if page.evaluate(LOG_END)["overflows"]:
            break
        play_a_turn(page)
    assert page.evaluate(LOG_END)["overflows"]
    log_between_score_and_hand(page)
    before = boxes(page)["log"]
    play_a_turn(page)  # a new entry or more: still the newest in view, the box where it was
    log_between_score_and_hand(page)
    assert boxes(page)["log"] == before


@pytest.mark.parametrize(("width", "height"), [(844, 390), (640, 360)])
def test_sideways_the_sheet_lies_on_the_felt(server: str, new_page: Callable[..., Page], width: int,
                                             height: int) -> None:
    """Opened mid-deal, the sheet lies on the felt, whole within it; the page does not move, the hand, the trick,
    the actions and the log stay where they were; its button closes it again."""
    page = new_page(viewport={"width": width, "height": height}, has_touch=True)
    start_game(page, server)
    play_a_turn(page)
    page.locator("#trick .played").first.wait_for()
    scrolled, before = page.evaluate("() => scrollY"), boxes(page)
    tap(page, "#sheet-button")
    page.locator("#sheet table").wait_for()
    assert page.get_attribute("#sheet-button", "aria-expanded") == "true"
    in_view(page, "score", "felt", "trick", "hand", "actions", "log", "sheet")
    after = boxes(page)
    assert page.evaluate("() => scrollY") == scrolled
    for part in ("felt", "trick", "hand", "actions", "log"):
        assert after[part] == before[part], (part, before[part], after[part])
    felt, sheet, hand, actions = after["felt"], after["sheet"], after["hand"], after["actions"]
    assert felt is not None and sheet is not None and hand is not None and actions is not None
    assert felt[0] <= sheet[0] and sheet[2] <= felt[2] and felt[1] <= sheet[1] and sheet[3] <= felt[3], (felt, sheet)
    assert not overlaps(sheet, hand) and not overlaps(sheet, actions)
    # the sheet's five columns fit it: nothing to scroll sideways, its title on top at its middle
    assert page.evaluate("() => { const s = document.querySelector('#sheet'); return s.scrollWidth <= s.clientWidth; }")
    assert shows(page, "#sheet h2")
    tap(page, "#sheet-button")
    page.locator("#sheet").wait_for(state="hidden")
    assert boxes(page)["hand"] == before["hand"]


def test_sideways_at_a_table_with_friends_the_chat_lies_beside_the_log(server: str,
                                                                       new_page: Callable[..., Page]) -> None:
    """At a table with friends the chat shares the log's space, beside it: its newest line and its field in view
    with the hand and the trick."""
    page = new_page(viewport={"width": 844, "height": 390}, has_touch=True)
    create_table(page, server, "Anna", pace="0")
    page.click("#start-table")
    page.wait_for_function("() => document.body.dataset.toMove === 'S'")
    dealt(page)
    page.fill("#chat input[name=text]", "Goed spel")
    page.press("#chat input[name=text]", "Enter")
    page.locator("#chat .chat-line").wait_for()
    in_view(page, "score", "felt", "trick", "hand", "actions", "log", "chat")
    found = boxes(page)
    score, log, chat, hand = found["score"], found["log"], found["chat"], found["hand"]
    assert score is not None and log is not None and chat is not None and hand is not None
    assert log[2] <= chat[0] and score[0] - 0.5 <= log[0] and chat[2] <= score[2] + 0.5, (score, log, chat)
    for box in (log, chat):
        assert score[3] <= box[1] and box[3] <= hand[1] + 0.5, (score, box, hand)
    assert shows(page, "#chat input[name=text]") and shows(page, "#chat .chat-line:last-child")


def test_upright_the_log_stays_under_the_board(server: str, page: Page) -> None:
    """On a phone held upright the log is as before: a toggle under the board, across its width."""
    start_game(page, server)
    found = boxes(page)
    board, actions, log = found["board"], found["actions"], found["log"]
    assert board is not None and actions is not None and log is not None
    assert log[1] >= board[3] and log[1] >= actions[3], (board, log)
    assert abs(log[0] - board[0]) <= 0.5 and abs(log[2] - board[2]) <= 0.5, (board, log)
    assert page.locator("#log-box summary").is_visible()
    assert not page.locator("#log").is_visible()  # closed until its title is tapped, as on every phone
