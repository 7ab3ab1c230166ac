"""How the learning pages read on a phone and a wide screen, in Debian's Chromium against a real server: the advised
card ends its own line, a lesson names who chose trump, the rules' cards keep room between the marks of the cards
allowed, and the glossary's search lines up with its terms."""

from __future__ import annotations

from typing import Any

import pytest
from tests.conftest import HAVE_CHROMIUM, needs_chromium

from klaverjas.core import card_name, cards_of, legal_for
from klaverjas.core.seats import SEATS
from klaverjas.web.learn.lessons import CardStep, load_lessons

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, expect

LESSONS = load_lessons()
SEAT_NAMES = {"nl": {"N": "Noord", "E": "Oost", "S": "Zuid", "W": "West"},
              "en": {"N": "North", "E": "East", "S": "South", "W": "West"}}


def first_card_step() -> tuple[str, CardStep]:
    """A lesson whose first step asks for a card, names its maker and has a legal card that is not good."""
    for lesson_id, lesson in LESSONS.items():
        step = lesson.steps[0]
        if isinstance(step, CardStep) and step.maker is not None:
            legal = legal_for(step.rules, step.trump, step.hand, step.trick)
            if any(c not in step.good for c in cards_of(legal)):
                return lesson_id, step
    raise AssertionError("no lesson fits")


@pytest.mark.parametrize(("lang", "width"), [("nl", 390), ("en", 1280)])
def test_a_lesson_names_who_chose_trump_and_the_advised_card_ends_its_line(
        browser: Any, server: str, lang: str, width: int) -> None:
    lesson_id, step = first_card_step()
    assert step.maker is not None
    ctx = browser.new_context(viewport={"width": width, "height": 844}, locale="nl-NL", bypass_csp=True)
    ctx.add_init_script(f"localStorage.setItem('klaverjas.lang', '{lang}')")
    page: Page = ctx.new_page()
    try:
        page.goto(f"{server}/learn/lessons/{lesson_id}")
        seat = SEAT_NAMES[lang][SEATS[step.maker]]
        expect(page.locator("#step .info")).to_contain_text(("gekozen door " if lang == "nl" else "chosen by ") + seat)
        legal = legal_for(step.rules, step.trump, step.hand, step.trick)
        poor = next(c for c in cards_of(legal) if c not in step.good)
        page.click(f"#step [data-card='{card_name(poor)}']")
        advice = page.locator("#feedback .advice")
        expect(advice.locator(".face")).to_have_count(1)
        said = advice.evaluate("p => p.firstChild.textContent.trim()")
        assert said == ("De computerspeler zou spelen" if lang == "nl" else "The computer player would play")
        box, face = advice.bounding_box(), advice.locator(".face").bounding_box()
        assert box and face and box["height"] <= face["height"] + 2  # one line, as high as the card
        # The sentence why comes in its own paragraph: the face does not push lines of text apart.
        expect(page.locator("#feedback .advice + .advice-why")).to_contain_text(
            "Speel" if lang == "nl" else "Play")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        ctx.close()


TAPS = """() => [...document.querySelectorAll('.back a, .chip, .on-page a')]
  .map((a) => a.getBoundingClientRect()).filter((r) => r.height < 44 || r.width < 44).length"""


@pytest.mark.parametrize("width", [320, 1280])
def test_the_rules_cards_keep_room_between_the_marks_and_fit_a_small_phone(
        browser: Any, server: str, width: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": 800}, locale="nl-NL", bypass_csp=True)
    page: Page = ctx.new_page()
    try:
        page.goto(f"{server}/learn/rules/amsterdam")
        hand = page.locator(".situations .mini-hand").first
        expect(hand.locator(".face")).to_have_count(8)
        expect(page.locator("[data-compare]")).to_have_count(4)
        # The two rules side by side (one under the other on a phone) keep to the screen: nothing scrolls sideways.
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.evaluate(TAPS) == 0  # the variants, the contents and the way back are 44 px to tap
        if width < 600:
            return
        boxes = [b for b in (f.bounding_box() for f in hand.locator(".face").all()) if b]
        assert min(b["width"] for b in boxes) >= 40  # read at a glance
        gaps = [b["x"] - (a["x"] + a["width"]) for a, b in zip(boxes, boxes[1:], strict=False)]
        assert min(gaps) >= 6, gaps  # two 3 px marks side by side do not touch
    finally:
        ctx.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_glossary_search_lines_up_with_the_terms(browser: Any, server: str, width: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": 800}, locale="nl-NL", bypass_csp=True)
    page: Page = ctx.new_page()
    try:
        page.goto(f"{server}/learn/glossary")
        field = page.locator("#glossary-q").bounding_box()
        term = page.locator(".term-entry").first.bounding_box()
        assert field and term
        assert abs(field["x"] - term["x"]) < 1 and abs(field["width"] - term["width"]) < 1
        # The bar the terms scroll under spans a phone's width, and ends with the column on a wide screen.
        bar = page.locator(".glossary-search").bounding_box()
        assert bar
        edges = (0, width) if width < 600 else (term["x"], term["x"] + term["width"])
        assert abs(bar["x"] - edges[0]) < 1 and abs(bar["x"] + bar["width"] - edges[1]) < 1, (bar, edges)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        ctx.close()
