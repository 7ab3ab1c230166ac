"""The end of a deal and of a match in Debian's Chromium, played with the keyboard: the focus goes on to the
result's first control (the card that ended the deal is gone), and a nat deal says who went nat."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.browser_steps import moved
from tests.conftest import HAVE_CHROMIUM, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

STATIC = Path(__file__).resolve().parents[2] / "src" / "klaverjas" / "web" / "static"

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, expect

# Not before the first state is drawn: until then toMove and me are both undefined, and equal.
WAIT_FOR_ME = ("() => document.body.dataset.seq !== undefined && (document.body.dataset.toMove === "
               "document.body.dataset.me || ['deal_over', 'match_over'].includes(document.body.dataset.phase))")


def new_game(server: str, seed: int, match_end: str, **rules: str) -> str:
    """A game against the computer (``rules`` as the API takes them); its link (with the seat's token)."""
    request = urllib.request.Request(server + "/api/play", method="POST",
                                     data=json.dumps({"pace": 0, "seed": seed, "match_end": match_end,
                                                      **rules}).encode(),
                                     headers={"content-type": "application/json", "x-klaverjas": "1"})
    with urllib.request.urlopen(request) as response:
        link: str = json.load(response)["link"]
    return server + link


def play_to_the_end_of_the_deal(page: Page) -> str:
    while True:
        page.wait_for_function(WAIT_FOR_ME)
        phase = page.evaluate("document.body.dataset.phase")
        if phase in ("deal_over", "match_over"):
            return str(phase)
        seq = page.evaluate("document.body.dataset.seq")
        if phase == "trump":
            page.locator("#decision button").first.click()
        else:
            card = page.locator("#hand button.playable").first
            card.focus()
            page.keyboard.press("Enter")
        moved(page, seq, phase)
        # The hand drawn anew keeps the keyboard's place in it (after trump chosen, too), not the page's top.
        if page.locator("#hand button").count():
            expect(page.locator("#hand button:focus")).to_have_count(1)


@pytest.mark.parametrize(("lang", "width", "height"), [("nl-NL", 390, 844), ("en-GB", 1280, 800)])
def test_the_focus_goes_on_to_the_result_and_nat_says_who(server: str, browser: Any, lang: str, width: int,
                                                           height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    page = context.new_page()
    page.goto(new_game(server, 1, "deals:2"))  # with this seed and the first playable card, we go nat in deal 2
    assert play_to_the_end_of_the_deal(page) == "deal_over"
    expect(page.locator("#next-button")).to_be_focused()
    # The review opened and closed by keyboard gives the focus back to its button.
    page.keyboard.press("Tab")
    expect(page.locator("#review-button")).to_be_focused()
    page.keyboard.press("Enter")
    close = page.locator("#review button.close")
    close.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("#review-button")).to_be_focused()
    page.locator("#next-button").focus()
    seq = page.evaluate("document.body.dataset.seq")
    page.keyboard.press("Enter")
    page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
    expect(page.locator("#hand button:focus, #decision button:focus")).to_have_count(1)  # on at the new deal
    assert play_to_the_end_of_the_deal(page) == "match_over"
    expect(page.locator("#result .buttons > :first-child")).to_be_focused()
    texts = json.loads((STATIC / "i18n" / f"{lang[:2]}.json").read_text(encoding="utf-8"))["play"]
    # A sentence of its own under the figures, so with a capital ("Wij zijn nat").
    expect(page.locator("#result .marks")).to_have_text(texts["nat_we"][0].upper() + texts["nat_we"][1:])
    expect(page.locator("#result [data-result=score] td").first).to_have_text("0")
    # The rows are named alike, each a label with a capital: points, roem, the deal's total.
    labels = page.locator("#result tr[data-result] th").all_inner_texts()
    assert labels == [texts["row_points"], texts["row_roem"], texts["row_score"]], labels
    assert all(label[0].isupper() for label in labels), labels
    # No header cell without a name (the tables' empty corners are plain cells), for a screen reader's sake.
    expect(page.locator("#result th:empty, #sheet th:empty")).to_have_count(0)
    # The game log: its summary big enough to tap, its list (which scrolls) named and reached by keyboard.
    summary = page.locator("#log-box summary").bounding_box()
    assert summary and summary["height"] >= 44, summary
    expect(page.locator("#log")).to_have_attribute("tabindex", "0")
    expect(page.locator("#log")).to_have_attribute("aria-label", texts["log"])
    context.close()


# Per seat of the review's board: the seat, how many lines its cards take, where its first card begins.
REVIEW_LINES = ("ns => ns.map(n => [n.dataset.rvSeat, new Set([...n.querySelectorAll('.rv-card')].map(c => "
                "Math.round(c.getBoundingClientRect().top))).size, "
                "Math.round(n.querySelector('.rv-card').getBoundingClientRect().left)])")


@pytest.mark.parametrize(("lang", "width", "height"), [("nl-NL", 390, 844), ("en-GB", 1280, 800)])
def test_the_match_s_figures_agree_with_the_deals_played(server: str, browser: Any, lang: str, width: int,
                                                          height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    page = context.new_page()
    link = new_game(server, 1, "deals:2")
    page.goto(link)
    assert play_to_the_end_of_the_deal(page) == "deal_over"
    # Reloaded on the result, the plates and the score bar still say who dealt, the trump and who played.
    shown = ("() => [document.querySelector('#status [data-trump]').dataset.trump, document.querySelector("
             "'#status [data-makers]').dataset.makers, [...document.querySelectorAll('.felt .seat')].filter(n => "
             "n.querySelector('.badge.dealer')).map(n => n.dataset.seat).join(), document.querySelectorAll("
             "'.felt .badge.makers').length]")
    before = page.evaluate(shown)
    assert before[0] and before[1] and before[2] and before[3] == 1, before
    page.reload()
    page.wait_for_function(WAIT_FOR_ME)
    assert page.evaluate("document.body.dataset.phase") == "deal_over"
    assert page.evaluate(shown) == before
    # The review's open hands: on a desktop each on one line, around the trick as at the table; a phone wraps them.
    page.locator("#review-button").click()
    expect(page.locator("#review .rv-seat .rv-card")).to_have_count(32)
    lines = page.locator("#review .rv-seat").evaluate_all(REVIEW_LINES)
    rows = {seat: count for seat, count, _ in lines}
    if width >= 1280:
        assert set(rows.values()) == {1}, lines
        left = {seat: x for seat, _, x in lines}
        assert left["W"] < left["N"] and left["W"] < left["E"], lines  # West's cards beside the trick on the left
        # A smaller desktop too: the tricks' grid goes under the board rather than squeezing the hands onto two.
        for narrower in (900, 1024):
            page.set_viewport_size({"width": narrower, "height": height})
            lines = page.locator("#review .rv-seat").evaluate_all(REVIEW_LINES)
            assert {count for _, count, _ in lines} == {1}, (narrower, lines)
            assert page.evaluate("document.documentElement.scrollWidth") <= narrower
        page.set_viewport_size({"width": width, "height": height})
    else:
        assert rows["N"] > 1, lines
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    seq = page.evaluate("document.body.dataset.seq")
    page.locator("#next-button").click()
    page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
    assert play_to_the_end_of_the_deal(page) == "match_over"
    game, token = link.rsplit("/", 1)[1].split("#token=")
    with urllib.request.urlopen(f"{server}/api/play/{game}?token={token}") as response:
        sheet = json.load(response)["sheet"]
    # The reference: the server's own sheet, deal by deal (South plays for us, North-South).
    rows = sheet["rows"]
    def each_side(count: Callable[[dict[str, Any], str, str], bool]) -> list[int]:
        return [sum(count(r, side, other) for r in rows) for side, other in (("NS", "EW"), ("EW", "NS"))]

    expected = {"total": [sheet["totals"]["NS"], sheet["totals"]["EW"]],
                "won": each_side(lambda r, side, other: r[side] > r[other]),
                "nat": each_side(lambda r, side, other: bool(r["nat"]) and r[side] == 0),
                "pit": each_side(lambda r, side, other: r["pit"] == side)}
    assert expected["nat"] == [1, 0]  # this seed's second deal: we go nat
    summary = page.locator("#result [data-summary=match]")
    for key, (we, they) in expected.items():
        cells = summary.locator(f"tr[data-figure={key}] td")
        expect(cells).to_have_text([str(we), str(they)])
    caption = {"nl-NL": "De partij in cijfers (2 spellen)", "en-GB": "The match in figures (2 deals)"}[lang]
    expect(summary.locator("caption")).to_have_text(caption)
    context.close()


# Each part of the result is on top at its centre once scrolled into view: nothing lies over it.
UNCOVERED = """ns => ns.map(n => { n.scrollIntoView({ block: 'center' }); const r = n.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.width > 0 && r.height > 0 && n.contains(top); })"""


@pytest.mark.parametrize(("lang", "width", "height"), [("nl-NL", 390, 844), ("en-GB", 1280, 800)])
def test_the_last_trick_at_the_match_s_end_covers_nothing_of_the_result(server: str, browser: Any, lang: str,
                                                                         width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    page = context.new_page()
    page.goto(new_game(server, 1, "deals:2"))
    assert play_to_the_end_of_the_deal(page) == "deal_over"
    seq = page.evaluate("document.body.dataset.seq")
    page.locator("#next-button").click()
    page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
    assert play_to_the_end_of_the_deal(page) == "match_over"
    words = {"nl-NL": ("Laatste slag", "Sluiten"), "en-GB": ("Last trick", "Close")}[lang]
    opener = page.locator("#last-button")
    expect(opener).to_have_accessible_name(words[0])
    expect(opener).to_have_attribute("aria-expanded", "false")
    opener.click()
    last = page.get_by_role("region", name=words[0])
    expect(last).to_be_visible()
    expect(last).to_be_focused()  # a screen reader is taken to it
    expect(opener).to_have_attribute("aria-expanded", "true")
    expect(last.locator(".played-last")).to_have_count(4)
    parts = page.locator("#result [data-result=score], #result [data-match=over], #result tr[data-figure=total], "
                         "#result .buttons > *, #last")
    expect(parts).to_have_count(7)  # the score, the verdict, the total, three buttons, the last trick
    assert parts.evaluate_all(UNCOVERED) == [True] * 7
    # Closed with its button, the focus goes back to the button that opened it; l opens it again.
    last.get_by_role("button", name=words[1]).click()
    expect(last).to_be_hidden()
    expect(opener).to_be_focused()
    expect(opener).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("l")
    expect(last).to_be_focused()
    assert parts.evaluate_all(UNCOVERED) == [True] * 7
    close = last.get_by_role("button", name=words[1])
    box = close.bounding_box()
    assert box and box["height"] >= 44, box
    # Opened by its key with the focus nowhere, closed it gives the focus to its button, not back to nowhere.
    close.click()
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("l")
    expect(last).to_be_focused()
    close.click()
    expect(opener).to_be_focused()
    context.close()


@pytest.mark.parametrize(("width", "lang"), [(320, "nl-NL"), (320, "en-GB"), (360, "nl-NL"), (390, "nl-NL")])
def test_the_table_s_actions_keep_to_one_row_on_a_phone(server: str, browser: Any, width: int, lang: str) -> None:
    context = browser.new_context(viewport={"width": width, "height": 740}, locale=lang)
    page = context.new_page()
    # The start screen first: its choices keep to the screen (at 320 px the two rules' tiles made it scroll).
    page.goto(server + "/play")
    expect(page.locator("#new-game .choice").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    outside = page.locator("#new-game .choice").evaluate_all(
        "ns => ns.filter(n => n.getBoundingClientRect().right > n.closest('.panel').getBoundingClientRect().right)"
        ".map(n => n.textContent.trim())")
    assert outside == [], outside
    page.goto(new_game(server, 1, "deals:2"))
    page.wait_for_function(WAIT_FOR_ME)
    actions = page.locator(".actions button:visible")
    expect(actions).to_have_count(4)
    boxes = actions.evaluate_all("nodes => nodes.map(n => { const r = n.getBoundingClientRect(); "
                                 "return [Math.round(r.top), r.width, r.height, n.scrollWidth <= n.clientWidth]; })")
    tops = [b[0] for b in boxes]
    assert max(tops) == min(tops), tops  # Hint, Terug, Laatste slag, Wij / Zij side by side
    # Each big enough to tap, its whole name in it.
    assert all(w >= 44 and h >= 44 and whole for _, w, h, whole in boxes), boxes
    bar = page.locator("#status > div").evaluate_all("ns => ns.map(n => Math.round(n.getBoundingClientRect().top))")
    assert len(bar) >= 8 and len(set(bar)) <= 2, bar  # the score bar in one or two rows
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if width == 320:  # the sheet with a deal on it keeps to the width, each deal's review button big enough to tap
        play_to_the_end_of_the_deal(page)
        sheet = page.locator("#sheet-button")
        expect(sheet).to_have_attribute("aria-expanded", "false")
        sheet.click()
        expect(sheet).to_have_attribute("aria-expanded", "true")  # the button says the sheet is open
        review = page.locator("#sheet [data-review]")
        expect(review).to_have_count(1)
        box = review.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # Trump chosen freely: the suits' buttons show just the suit's symbol (still named in full), so the four
        # suits and Pass keep to one row, and the choice and the whole hand to choose from are on the screen
        # (in three rows the hand fell below it).
        page.goto(new_game(server, 1, "deals:2", trump_selection="free"))
        page.wait_for_function(WAIT_FOR_ME)
        choose = page.locator("#decision button[data-action=choose]")
        expect(choose).to_have_count(4)
        expect(choose.first).to_have_accessible_name(re.compile(r"^(Kies|Choose) ♣ \w+$"))
        tops = page.locator("#decision button").evaluate_all(
            "ns => ns.map(n => Math.round(n.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, tops
        expect(page.locator("#hand .card")).to_have_count(8)
        boxes = page.locator("#decision button, #hand .card").evaluate_all(
            "ns => ns.map(n => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
        outside = [box for box in boxes if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > 740]
        assert not outside, outside
    context.close()
