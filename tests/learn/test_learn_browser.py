"""The learning pages in Debian's Chromium: every lesson completed with one wrong answer explained on the way,
the rules pages showing what the engine computes, glossary links from the score sheet and from a refusal,
and the practice mode at the table."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from tests.conftest import HAVE_CHROMIUM, needs_chromium
from tests.web.test_axe import contrast

from klaverjas.core import PRESETS, card_name, cards_of, legal_for, parse_cards, parse_hand
from klaverjas.web.learn.lessons import CardStep, ChoiceStep, load_lessons

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, expect

LESSONS = load_lessons()
CARDS = "nodes => nodes.map(n => n.dataset.card)"


def wrong_answer(step: CardStep | ChoiceStep) -> tuple[str, str]:
    """An illegal card if the position has one (refused with the engine's reason), else a legal poor card."""
    if isinstance(step, ChoiceStep):
        answer = step.answer()
        return "choice", str(next(c for c in step.choices if c != answer))
    legal = legal_for(step.rules, step.trump, step.hand, step.trick)
    illegal = [c for c in cards_of(step.hand) if not legal >> c & 1]
    poor = [c for c in cards_of(legal) if c not in step.good]
    return "card", card_name((illegal or poor)[0])


def right_answer(step: CardStep | ChoiceStep) -> tuple[str, str]:
    if isinstance(step, ChoiceStep):
        return "choice", str(step.answer())
    return "card", card_name(min(step.good))


# The red suit symbols in the lesson's sentences: any left plain in the text, and for each coloured one its colour
# and the background it stands on (the nearest one drawn).
SUIT_SIGNS = """() => {
  const walk = document.createTreeWalker(document.getElementById('learn'), NodeFilter.SHOW_TEXT);
  let plain = 0;
  while (walk.nextNode()) {
    if (/[♥♦]/.test(walk.currentNode.data) && !walk.currentNode.parentElement.closest('.suit-sign')) plain += 1;
  }
  const ground = (node) => {
    for (let n = node; n; n = n.parentElement) {
      const bg = getComputedStyle(n).backgroundColor;
      if (bg !== 'rgba(0, 0, 0, 0)') return bg;
    }
    return getComputedStyle(document.body).backgroundColor;
  };
  const red = [...document.querySelectorAll('#learn .suit-sign')].filter((s) => /[♥♦]/.test(s.textContent))
    .map((s) => [getComputedStyle(s).color, ground(s)]);
  return { plain, red };
}"""


def check_suit_signs(page: Page) -> int:
    """A red suit symbol in a lesson's text is red, readable on the light and on the dark theme; how many were seen."""
    signs = page.evaluate(SUIT_SIGNS)
    assert signs["plain"] == 0, signs
    if not signs["red"]:
        return 0
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        for colour, ground in page.evaluate(SUIT_SIGNS)["red"]:
            red, green, blue = (int(x) for x in colour[colour.index("(") + 1:-1].split(",")[:3])
            assert red > green + 60 and red > blue + 60, (scheme, colour)
            assert contrast(colour, ground) >= 4.5, (scheme, colour, ground)
    return len(signs["red"])


SUIT_NAMES = {"en": ("clubs", "diamonds", "hearts", "spades"), "nl": ("klaveren", "ruiten", "harten", "schoppen")}


def check_suits_spoken(page: Page) -> str:
    """A screen reader hears a step's suits by name in the page's language, never the symbol, never the name twice
    ('♥ harten' reads 'harten'); returns what it hears."""
    heard = page.locator("#step").aria_snapshot()
    names = SUIT_NAMES[page.evaluate("() => document.documentElement.lang")]
    assert not re.search("[♣♦♥♠]", heard), heard
    assert not any(f"{name} {name}" in heard for name in names), heard
    return heard


def test_complete_every_lesson_with_a_wrong_answer_explained(server: str, page: Page) -> None:
    # One page for all lessons: a fresh browser context per lesson costs more than the lesson itself.
    for lesson_id in LESSONS:
        complete_lesson(server, page, lesson_id)
    done = page.evaluate("localStorage.getItem('klaverjas.learn.done')") or ""
    assert all(lesson_id in done for lesson_id in LESSONS)


def complete_lesson(server: str, page: Page, lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    page.goto(f"{server}/learn/lessons/{lesson_id}")
    wrong_done = False
    red_signs = 0
    for index, step in enumerate(lesson.steps):
        expect(page.locator(".progress")).to_have_attribute("data-step", str(index))
        red_signs += check_suit_signs(page)
        heard = check_suits_spoken(page)
        if lesson_id == "counting-roem" and index == 0:  # "J♥ Q♥ K♥ 7♠" read as cards, not "black heart suit"
            spoken = r"\b(J hearts Q hearts K hearts 7 spades|B harten V harten H harten 7 schoppen)\b"
            assert re.search(spoken, heard), heard
        if not wrong_done and (isinstance(step, ChoiceStep) or len(cards_of(step.hand)) > len(step.good)):
            kind, value = wrong_answer(step)
            page.click(f"#step [data-{kind}='{value}']")
            feedback = page.locator("#feedback")
            expect(feedback).to_have_attribute("data-result", re.compile("illegal|wrong"))
            expect(feedback.locator(".explain")).to_contain_text(re.compile(r"\w{4,}"))
            if feedback.get_attribute("data-result") == "illegal":
                # The engine's reason, with its terms linked to the glossary.
                expect(feedback.locator(".refusal")).to_contain_text(re.compile(r"\w{4,}"))
                link = feedback.locator(".refusal a.term").first
                expect(link).to_have_attribute("href", re.compile("/learn/glossary#"))
            elif kind == "card":
                expect(feedback.locator(".yours")).to_contain_text(re.compile(r"\w{4,}"))
                expect(feedback.locator(".advice")).to_be_visible()
            else:
                expect(feedback.locator(".hint")).to_contain_text(re.compile(r"\w{4,}"))
            wrong_done = True
        kind, value = right_answer(step)
        page.click(f"#step [data-{kind}='{value}']")
        expect(page.locator("#feedback")).to_have_attribute("data-result", "good")
        expect(page.locator("#feedback .verdict")).to_have_attribute("data-verdict", "good")
        if index < len(lesson.steps) - 1:
            page.click("#next-step")
    assert wrong_done, lesson_id
    assert red_signs or lesson_id != "counting-roem"  # its questions name cards as J♥ Q♥ K♥
    expect(page.locator("#lesson-complete")).to_be_visible()


def test_a_lesson_in_english_and_the_index_marks_it_done(server: str, page: Page) -> None:
    page.goto(f"{server}/learn/lessons/overtrump")
    page.click("#lang-button")
    expect(page.locator("h1")).to_have_text("Overtrumping")
    expect(page).to_have_title("Overtrumping · Klaverjas")  # as every page's tab: the page, then the site
    page.click("#step [data-card='7H']")
    expect(page.locator("#feedback .refusal")).to_contain_text("you must overtrump")
    expect(page.locator("#feedback .refusal a.term", has_text="overtrump")).to_have_attribute(
        "href", "/learn/glossary#overtroeven")
    page.click("#step [data-card='JH']")
    for step in LESSONS["overtrump"].steps[1:]:  # the other steps, answered right
        page.click("#next-step")
        kind, value = right_answer(step)
        page.click(f"#step [data-{kind}='{value}']")
    expect(page.locator("#lesson-complete")).to_be_visible()
    page.click("#next-lesson")
    expect(page).to_have_url(re.compile(r"/learn/lessons/[a-z-]+$"))
    page.goto(f"{server}/learn")
    expect(page.locator("[data-lesson='overtrump']")).to_have_class("done")
    # One design: each part of the index is a panel with its heading inside, as on the start and club pages.
    parts = page.locator("#learn > section")
    assert parts.count() == 5 and parts.evaluate_all("ps => ps.every((p) => p.classList.contains('panel'))")
    assert parts.evaluate_all("ps => ps.slice(1).map((p, i) => p.getBoundingClientRect().top"
                              " - ps[i].getBoundingClientRect().bottom)") == [16, 16, 16, 16]


def test_rules_pages_show_what_the_engine_computes(server: str, page: Page) -> None:
    page.goto(f"{server}/learn")
    for preset, rules in PRESETS.items():
        page.goto(f"{server}/learn/rules/{preset}")
        situations = page.locator("[data-situation]")
        expect(situations.first).to_be_visible()
        assert situations.count() >= 9
        for i in range(situations.count()):
            node = situations.nth(i)
            trick = parse_cards(node.locator(".mini-trick [data-card]").evaluate_all(CARDS))
            hand = parse_hand(node.locator(".mini-hand [data-card]").evaluate_all(CARDS))
            shown = node.locator(".mini-hand .legal").evaluate_all(CARDS)
            assert shown == [card_name(c) for c in cards_of(legal_for(rules, 2, hand, trick))], (preset, i)
        expect(page.locator(".roem li").first).to_be_visible()
        # A term is linked once per section, not in each of its texts: some 20 Tab stops, not 50.
        links = page.eval_on_selector_all("main section", "parts => parts.map((s) =>"
                                          " [...s.querySelectorAll('a.term')].map((a) => a.getAttribute('href')))")
        assert all(len(set(hrefs)) == len(hrefs) for hrefs in links), (preset, links)
        assert 5 <= sum(map(len, links)) <= 25, (preset, links)
        if preset in ("amsterdam", "rotterdam"):
            expect(page.locator("[data-compare]")).to_have_count(4)
            expect(page.locator("[data-compare='partner_winning'] [data-side='rotterdam'] .rule")).to_contain_text(
                "introeven")


def test_glossary_link_from_the_score_sheet(server: str, page: Page) -> None:
    sheet = httpx.post(f"{server}/api/sheets", json={"teams": {"NS": "Wij", "EW": "Zij"}, "rules": "amsterdam"}).json()
    owner = {"Authorization": f"Bearer {sheet['owner_token']}"}
    r = httpx.post(f"{server}/api/sheets/{sheet['id']}/deals", headers=owner,
                   json={"makers": "NS", "points": {"NS": 80, "EW": 82}, "roem": {"NS": 0, "EW": 0}})
    assert r.status_code == 201, r.text
    page.goto(server + sheet["link"])  # the owner's link: the page keeps its token
    link = page.get_by_test_id("deal-1").get_by_test_id("nat").locator("a.term")
    expect(link).to_have_text("nat")
    # The small badge is a 44 px target: a tap beside it still reaches the link, as the deal's number does.
    reach = link.evaluate("""(a) => {
      const r = a.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
      return [[x, y - 21], [x, y + 21], [r.left - 8, y], [r.right + 8, y]].every(([px, py]) =>
        a.contains(document.elementFromPoint(px, py))); }""")
    assert reach
    number = page.get_by_test_id("deal-1").locator(".deal-link").bounding_box()
    assert number and number["height"] >= 44 and number["width"] >= 44, number
    link.click()
    expect(page).to_have_url(re.compile(r"/learn/glossary#nat$"))
    expect(page.locator("#nat")).to_have_class(re.compile("target"))
    expect(page.locator("#nat dd")).to_contain_text("spelende team")


def test_glossary_link_from_a_refusal_at_the_table(server: str, page: Page) -> None:
    created: dict[str, Any] = httpx.post(f"{server}/api/play", json={"pace": 0, "seed": 7}).json()
    page.goto(f"{server}/play")
    page.evaluate(f"localStorage.setItem('klaverjas.play.{created['id']}', '{created['token']}')")
    page.goto(f"{server}/play?game={created['id']}")
    for _ in range(40):
        page.wait_for_function("document.body.dataset.toMove === 'S'")
        seq = page.evaluate("document.body.dataset.seq")
        if page.evaluate("document.body.dataset.phase") == "trump":
            page.locator("#decision button").first.click()
        elif page.locator("#hand .card.illegal").count():
            page.locator("#hand .card.illegal").first.click(force=True)  # aria-disabled, yet the server explains
            link = page.locator("#message a.term").first
            expect(link).to_have_attribute("href", re.compile(r"^/learn/glossary#[a-z-]+$"))
            term = (link.get_attribute("href") or "#").split("#")[1]
            link.click()
            expect(page.locator(f"[id='{term}']")).to_have_class(re.compile("target"))
            return
        else:
            page.locator("#hand .card.playable").first.click()
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    pytest.fail("no illegal card came up in this deal")


def test_practice_mode_advice_after_every_card_and_review(server: str, page: Page) -> None:
    page.goto(f"{server}/learn")
    page.click("#to-practice")
    expect(page.locator("#practice-box")).to_be_checked()
    page.click("#more-settings summary")
    page.select_option("select[name=pace]", "0")
    page.get_by_role("button", name="Start").click()
    advised = 0
    while True:
        page.wait_for_function("document.body.dataset.toMove === 'S' || "
                               "['deal_over', 'match_over'].includes(document.body.dataset.phase)")
        phase = page.evaluate("document.body.dataset.phase")
        if phase == "deal_over":
            break
        seq = page.evaluate("document.body.dataset.seq")
        if phase == "trump":
            page.locator("#decision button").first.click()
        else:
            page.wait_for_function(f"document.body.dataset.adviceReady === '{seq}'")
            card = page.locator("#hand .card.playable").first.get_attribute("data-card")
            page.click(f"#hand .card[data-card='{card}']")
            panel = page.locator("#practice")
            expect(panel).to_have_attribute("data-played", card or "")
            best = panel.get_attribute("data-best")
            assert best and re.match(r"^[789TJQKA][CDHS]$", best)
            expect(panel).to_contain_text(re.compile(r"\w{5,}"))
            if best != card:
                expect(panel.locator(".practice-best")).to_be_visible()
            advised += 1
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    assert advised == 8
    expect(page.locator("#review")).to_be_visible()  # the double-dummy review opens by itself
    # The review asks the solver, whose first import (numba) can take a while on a busy machine.
    expect(page.locator("#review .review-trick")).to_have_count(8, timeout=60_000)
