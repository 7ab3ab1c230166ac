"""A learner's progress on this device, in Debian's Chromium against a real server: a finished lesson shows as
done on the index and stays so after a reload, "next lesson" goes on in lesson order, "continue" opens the first
lesson not done, and whatever else is stored under the key is ignored without an error. Also the pages' own
defects found on the way: texts in the page's language, names for every group of controls, keyboard focus through
a lesson, and no sideways scrolling on a phone."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from tests.conftest import HAVE_CHROMIUM, needs_chromium

from klaverjas.core import card_name
from klaverjas.web.learn.lessons import CardStep, ChoiceStep, load_lessons

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, expect

LESSONS = load_lessons()
IDS = list(LESSONS)
DONE_KEY = "klaverjas.learn.done"


@pytest.fixture
def quiet(page: Page) -> Iterator[Page]:
    """The page, failing the test on any console error too (a missing text logs one, see i18n.js)."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    assert not errors, errors


def store(page: Page, server: str, value: str) -> None:
    """Put `value` under the progress key as it is (raw text, not JSON-encoded again)."""
    page.goto(f"{server}/learn")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [DONE_KEY, value])


def stored(page: Page) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem('{DONE_KEY}')") or "null")


def right(step: CardStep | ChoiceStep) -> tuple[str, str]:
    if isinstance(step, ChoiceStep):
        return "choice", str(step.answer())
    return "card", card_name(min(step.good))


def answer_steps(page: Page, lesson_id: str, upto: int | None = None) -> None:
    """Give the right answer to the lesson's steps (all, or all before step `upto`), going on after each."""
    steps = LESSONS[lesson_id].steps
    for index, step in enumerate(steps[:upto]):
        answer = right(step)
        page.click(f"#step [data-{answer[0]}='{answer[1]}']")
        if index < len(steps) - 1:
            page.click("#next-step")


def finish_follow_suit(page: Page, server: str) -> None:
    """The first lesson, every step answered right."""
    page.goto(f"{server}/learn/lessons/follow-suit")
    answer_steps(page, "follow-suit")
    expect(page.locator("#lesson-complete")).to_be_visible()


def test_a_finished_lesson_is_done_on_the_index_after_a_reload(server: str, quiet: Page) -> None:
    page = quiet
    assert IDS[0] == "follow-suit"
    page.goto(f"{server}/learn")
    expect(page.locator(".progress-count")).to_have_text(f"0 van {len(IDS)} lessen gedaan")
    expect(page.locator("#continue")).to_have_text("Begin met les 1: Bekennen")
    expect(page.locator("[data-lesson].done")).to_have_count(0)

    finish_follow_suit(page, server)
    assert stored(page) == ["follow-suit"]
    for _ in range(2):  # once as the index opens, once after a reload
        page.goto(f"{server}/learn")
        tile = page.locator("li[data-lesson='follow-suit']")
        expect(tile).to_have_class("done")
        # Said in words to a screen reader, not only by the tick's colour.
        steps = len(LESSONS["follow-suit"].steps)
        expect(page.get_by_role("link", name=re.compile(rf"^1 Bekennen {steps} stappen\W+gedaan$"))).to_be_visible()
        expect(tile.locator(".sr-only")).to_have_text(", gedaan")
        expect(page.locator("li[data-lesson].done")).to_have_count(1)
        expect(page.locator(".progress-count")).to_have_text(f"1 van {len(IDS)} lessen gedaan")
        expect(page.locator("progress")).to_have_attribute("value", "1")
        page.reload()

    # The lesson itself says it was done before.
    page.goto(f"{server}/learn/lessons/follow-suit")
    expect(page.locator(".eyebrow")).to_contain_text("gedaan")


def test_next_lesson_goes_on_in_lesson_order_by_keyboard(server: str, quiet: Page) -> None:
    page = quiet
    page.goto(f"{server}/learn/lessons/overtrump")
    answer_steps(page, "overtrump", -1)  # the last step by keyboard
    last = right(LESSONS["overtrump"].steps[-1])
    page.locator(f"#step [data-card='{last[1]}']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#lesson-complete")).to_be_visible()
    following = IDS[IDS.index("overtrump") + 1]
    title = LESSONS[following].title["nl"]
    button = page.locator("#next-lesson")
    expect(button).to_have_text(f"Volgende les: {title}")
    # The card pressed is disabled now; the focus has gone on to the way forward.
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{server}/learn/lessons/{following}")
    expect(page.locator("h1")).to_have_text(title)
    expect(page.locator(".eyebrow")).to_have_text(f"Les {IDS.index(following) + 1} van {len(IDS)}")


def test_the_last_lesson_ends_with_a_practice_game(server: str, quiet: Page) -> None:
    page = quiet
    store(page, server, json.dumps(IDS[:-1]))
    last = LESSONS[IDS[-1]]
    page.goto(f"{server}/learn/lessons/{IDS[-1]}")
    for index, step in enumerate(last.steps):
        answer = right(step)
        page.click(f"#step [data-{answer[0]}='{answer[1]}']")
        if index < len(last.steps) - 1:
            page.click("#next-step")
    expect(page.locator("#lesson-complete")).to_be_visible()
    expect(page.locator("#next-lesson")).to_have_count(0)
    expect(page.locator("#lesson-practice")).to_have_attribute("href", "/play?practice=1")
    expect(page.locator("#lesson-complete #all-done")).to_be_visible()
    page.goto(f"{server}/learn")
    expect(page.locator("#continue")).to_have_count(0)
    expect(page.locator("#all-done")).to_be_visible()
    expect(page.locator("li[data-lesson].done")).to_have_count(len(IDS))


def test_continue_opens_the_first_lesson_not_done(server: str, quiet: Page) -> None:
    page = quiet
    # Done out of order: the first four and the sixth; the fifth is the way on.
    store(page, server, json.dumps(IDS[:4] + [IDS[5]]))
    page.goto(f"{server}/learn")
    expect(page.locator(".progress-count")).to_have_text(f"5 van {len(IDS)} lessen gedaan")
    fifth = LESSONS[IDS[4]].title["nl"]
    expect(page.locator("#continue")).to_have_text(f"Ga verder met les 5: {fifth}")
    page.click("#continue")
    expect(page).to_have_url(f"{server}/learn/lessons/{IDS[4]}")
    expect(page.locator("h1")).to_have_text(fifth)
    # In English the way on says the same.
    page.goto(f"{server}/learn")
    page.click("#lang-button")
    expect(page.locator("#continue")).to_have_text(f"Continue with lesson 5: {LESSONS[IDS[4]].title['en']}")


@pytest.mark.parametrize("value", [
    "not json {", '{"follow-suit": true}', '"follow-suit"', "42", "null", "true", "[]",
    '[1, null, {"id": "follow-suit"}, "../../etc", "NOT-A-LESSON"]',
])
def test_a_stored_value_the_page_does_not_understand_is_ignored(server: str, quiet: Page, value: str) -> None:
    page = quiet
    store(page, server, value)
    page.goto(f"{server}/learn")
    expect(page.locator(".progress-count")).to_have_text(f"0 van {len(IDS)} lessen gedaan")
    expect(page.locator("#continue")).to_have_attribute("href", f"/learn/lessons/{IDS[0]}")
    expect(page.locator("li[data-lesson].done")).to_have_count(0)
    # Finishing a lesson writes a clean list over it.
    finish_follow_suit(page, server)
    assert stored(page) == ["follow-suit"]


def test_known_lessons_are_kept_next_to_unknown_entries(server: str, quiet: Page) -> None:
    page = quiet
    store(page, server, json.dumps(["trump-in", 7, "a-lesson-removed-since"]))
    page.goto(f"{server}/learn")
    # An id no longer among the lessons is not counted, and does not break the count.
    expect(page.locator(".progress-count")).to_have_text(f"1 van {len(IDS)} lessen gedaan")
    expect(page.locator("li[data-lesson='trump-in']")).to_have_class("done")


def test_a_lesson_ends_when_storage_refuses_to_keep_it(browser: Any, server: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="nl-NL", bypass_csp=True)
    ctx.add_init_script("Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        finish_follow_suit(page, server)
        expect(page.locator("#next-lesson")).to_be_visible()
        page.goto(f"{server}/learn")
        expect(page.locator("#continue")).to_have_attribute("href", f"/learn/lessons/{IDS[0]}")
        assert not errors, errors
    finally:
        ctx.close()


# --- defects found on the way ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("locale", "letters", "meaning"), [
    ("nl-NL", "en", "spelende team"),  # J Q K on the cards, yet a Dutch page
    ("en-GB", "nl", "playing team"),
])
def test_the_glossary_explains_in_the_pages_language_whatever_the_card_letters(
        browser: Any, server: str, locale: str, letters: str, meaning: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale, bypass_csp=True)
    ctx.add_init_script(f"localStorage.setItem('klaverjas.letters', '{letters}')")
    page = ctx.new_page()
    try:
        page.goto(f"{server}/learn/glossary#nat")
        expect(page.locator("#nat dd")).to_contain_text(meaning)
    finally:
        ctx.close()


def test_the_side_by_side_names_the_variants_in_the_pages_language(server: str, quiet: Page) -> None:
    page = quiet
    page.goto(f"{server}/learn/rules/amsterdam")
    row = page.locator("[data-compare='partner_winning']")
    expect(row.locator("[data-side='amsterdam'] h3")).to_have_text("Amsterdams")
    expect(row.locator("[data-side='rotterdam'] h3")).to_have_text("Rotterdams")
    expect(page.get_by_role("navigation", name="Varianten").get_by_role("link", name="Amsterdams")).to_have_attribute(
        "aria-current", "page")
    page.click("#lang-button")
    expect(row.locator("[data-side='rotterdam'] h3")).to_have_text("Rotterdam")


def test_the_answers_are_a_named_group_and_focus_follows_the_steps(server: str, quiet: Page) -> None:
    page = quiet
    lesson = LESSONS["counting-roem"]
    first = lesson.steps[0]
    assert isinstance(first, ChoiceStep)
    page.goto(f"{server}/learn/lessons/counting-roem")
    answers = page.get_by_role("group", name="Antwoorden")
    expect(answers.get_by_role("button")).to_have_count(len(first.choices))
    kind, value = right(first)
    page.locator(f"#step [data-{kind}='{value}']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#next-step")).to_be_focused()
    page.keyboard.press("Enter")
    # The next step's heading takes the focus, so a keyboard or screen reader starts at the new question.
    expect(page.locator("#step-title")).to_be_focused()
    expect(page.locator("#step-title")).to_have_text(f"Stap 2 van {len(lesson.steps)}")


def test_a_language_switch_keeps_the_answer_given(server: str, quiet: Page) -> None:
    page = quiet
    page.goto(f"{server}/learn/lessons/overtrump")
    page.click("#step [data-card='7H']")
    expect(page.locator("#feedback .verdict")).to_contain_text("Mag niet")
    page.click("#lang-button")
    expect(page.locator("#feedback .verdict")).to_contain_text("Not allowed")
    expect(page.locator("#feedback .refusal")).to_contain_text("you must overtrump")
    expect(page.locator("#step [data-card='7H']")).to_have_class(re.compile(r"\bpicked\b"))


PAGES = ["/learn", "/learn/glossary", "/learn/rules/amsterdam", "/learn/rules/sa", "/learn/lessons/follow-suit",
         "/learn/lessons/counting-roem"]


@pytest.mark.parametrize("locale", ["nl-NL", "en-GB"])
def test_no_page_scrolls_sideways_on_a_phone(browser: Any, server: str, locale: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale, bypass_csp=True)
    page = ctx.new_page()
    try:
        for path in PAGES:
            page.goto(server + path)
            page.wait_for_function(f"document.body.dataset.ready === '{path}'")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, (path, width)
        # The eight cards to play stay inside the page, each 44 px wide to tap: on a phone two rows of four.
        page.goto(f"{server}/learn/lessons/follow-suit")
        expect(page.locator("#lesson-hand .card")).to_have_count(8)
        boxes = [b for b in (c.bounding_box() for c in page.locator("#lesson-hand .card").all()) if b]
        assert len({round(b["y"]) for b in boxes}) == 2
        assert min(b["width"] for b in boxes) >= 44 and min(b["height"] for b in boxes) >= 44, boxes
        assert max(b["x"] + b["width"] for b in boxes) <= 390
    finally:
        ctx.close()
