"""The glossary's search in Debian's Chromium against a real server: what is typed finds the terms the glossary
holds (read here from its own data), whatever the case and accents, in either language; the count is said in the
page's language, the address keeps the search, and Escape or the page's buttons bring every term back."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from tests.conftest import HAVE_CHROMIUM, needs_chromium

from klaverjas.web.learn.glossary import TERMS, Term

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, expect

SHOWN = "nodes => nodes.map(n => n.id)"


def fold(text: str, loose: bool = False) -> str:
    """As the page folds for matching: no case or accents, hyphens and spaces one space; loosely, a doubled vowel
    once (Dutch writes "verzaak" and "verzaken")."""
    plain = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).lower()
    plain = re.sub(r"[-\s]+", " ", plain).strip()
    return re.sub(r"([aeiou])\1+", r"\1", plain) if loose else plain


def names(term: Term) -> list[str]:
    return [n for n in (term.nl, term.en, term.af, *(word for _, word in term.also)) if n]


def expected(typed: str, lang: str) -> tuple[list[str], list[str]]:
    """The ids found in a name (shown first) and those found only in the explanation in `lang`."""
    for loose in (False, True):
        query = fold(typed, loose)
        in_name = [t.id for t in TERMS if any(query in fold(n, loose) for n in names(t))]
        if in_name:
            break
    else:
        loose, query = False, fold(typed)

    def in_meaning(term: Term) -> bool:
        words = fold(term.meaning[lang], loose).split(" ")
        return all(any(w.startswith(part) for w in re.split(r"[^\w]+", " ".join(words))) for part in query.split(" "))

    return in_name, [t.id for t in TERMS if t.id not in in_name and in_meaning(t)]


@pytest.fixture
def glossary(server: str, page: Page) -> Iterator[Page]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{server}/learn/glossary")
    expect(page.locator("#glossary-list .term-entry")).to_have_count(len(TERMS))
    yield page
    assert not errors, errors


def search(page: Page, typed: str) -> list[str]:
    field = page.get_by_role("searchbox", name=re.compile("Zoek een begrip|Search for a term"))
    field.fill("")
    field.press_sequentially(typed)
    page.wait_for_function("() => !document.querySelector('#glossary-status:empty')")
    return shown(page)


def shown(page: Page) -> list[str]:
    result: list[str] = page.locator("#glossary-list .term-entry").evaluate_all(SHOWN)
    return result


def check_found(page: Page, typed: str, lang: str) -> list[str]:
    in_name, in_meaning = expected(typed, lang)
    assert in_name, f"{typed!r} names no term: a poor example"
    found = search(page, typed)
    # The names first, in any order the ranking gives; then the explanations.
    assert sorted(found[:len(in_name)]) == sorted(in_name), (typed, found)
    assert sorted(found[len(in_name):]) == sorted(in_meaning), (typed, found)
    unit = ("term" if len(found) == 1 else "termen") if lang == "nl" else ("term" if len(found) == 1 else "terms")
    expect(page.locator("#glossary-status")).to_have_text(f"{len(found)} {unit}")
    return found


@pytest.mark.parametrize("typed", ["roem", "pit", "nat", "troef", "ou jol", "maat"])
def test_typing_finds_the_terms_the_glossary_holds(glossary: Page, typed: str) -> None:
    found = check_found(glossary, typed, "nl")
    term = next(t for t in TERMS if t.id == found[0])
    # The best match comes first: a name that begins with what was typed.
    assert any(fold(n).startswith(fold(typed)) for n in names(term)), (typed, found)
    expect(glossary.locator(f"#{found[0]} dt mark").first).to_have_text(re.compile(typed, re.IGNORECASE))


def test_case_and_accents_do_not_matter_and_a_dutch_stem_finds_its_word(glossary: Page) -> None:
    assert search(glossary, "ROEM") == search(glossary, "roem")
    assert search(glossary, "Róém") == search(glossary, "roem")
    # "één" is written with accents in the explanations; typed without them, in capitals, it is found all the same.
    in_name, in_meaning = expected("één hand", "nl")
    found = search(glossary, "EEN HAND")
    assert not in_name and sorted(found) == sorted(in_meaning)
    assert "stuk" in found  # "in één hand"
    expect(glossary.locator("#stuk dd mark").first).to_have_text("één")
    # Dutch doubles a vowel in a closed syllable: the stem "verzaak" is the word "verzaken".
    assert "verzaken" in check_found(glossary, "verzaak", "nl")
    assert search(glossary, "verzaak")[0] == "verzaken"


def test_the_other_languages_name_and_other_words_find_the_term(glossary: Page) -> None:
    verzaken = next(t for t in TERMS if t.id == "verzaken")
    assert check_found(glossary, verzaken.en, "nl")[0] == "verzaken"
    expect(glossary.locator("#verzaken dt [lang=en] mark")).to_have_text(verzaken.en)
    # A word said at the table in the other language is found, and shown with its language named.
    spoken = next(t for t in TERMS if any(lang == "en" for lang, _ in t.also))
    word = next(w for lang, w in spoken.also if lang == "en")
    assert spoken.id in check_found(glossary, word, "nl")
    expect(glossary.locator(f"#{spoken.id} .also [lang=en]")).to_have_text(word)
    expect(glossary.locator(f"#{spoken.id} .also")).to_contain_text(f"{word} (Engels)")
    glossary.click("#lang-button")
    expect(glossary.get_by_role("searchbox", name="Search for a term")).to_be_visible()
    assert check_found(glossary, verzaken.nl, "en")[0] == "verzaken"
    expect(glossary.locator("#verzaken dd").first).to_have_text(verzaken.meaning["en"])
    # An explanation links the other terms it names in the page's language, a phrase as one link.
    search(glossary, "trump in")
    assert links_in(glossary, "introeven") == [["trump", "troef"], ["follow suit", "bekennen"]]


def test_the_status_speaks_the_pages_language_and_nothing_found_has_a_way_back(glossary: Page) -> None:
    status = glossary.locator("#glossary-status")
    expect(status).to_have_attribute("aria-live", "polite")
    expect(status).to_have_text(f"{len(TERMS)} termen")
    search(glossary, "qqq")
    expect(status).to_have_text("Niets gevonden voor ‘qqq’.")
    expect(glossary.locator("#glossary-list .term-entry")).to_have_count(0)
    glossary.get_by_role("button", name="Alle begrippen tonen").click()
    expect(glossary.locator("#glossary-list .term-entry")).to_have_count(len(TERMS))
    expect(glossary.locator("#glossary-q")).to_be_focused()
    expect(glossary.locator("#glossary-q")).to_have_value("")

    glossary.click("#lang-button")
    check_found(glossary, "trump", "en")
    search(glossary, "qqq")
    expect(status).to_have_text("Nothing found for ‘qqq’.")
    glossary.get_by_role("button", name="Clear the search").click()
    expect(status).to_have_text(f"{len(TERMS)} terms")


def test_the_address_keeps_the_search_to_share_it(glossary: Page, server: str, browser: Any) -> None:
    found = search(glossary, "pit")
    expect(glossary).to_have_url(f"{server}/learn/glossary?q=pit")
    search(glossary, "ou jol")
    expect(glossary).to_have_url(f"{server}/learn/glossary?q={quote('ou jol')}")
    # The link opened elsewhere (another browser, no history) shows the same terms.
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB", bypass_csp=True)
    other = ctx.new_page()
    try:
        other.goto(f"{server}/learn/glossary?q=pit")
        expect(other.locator("#glossary-q")).to_have_value("pit")
        expect(other.locator("#glossary-list .term-entry")).to_have_count(len(found))
        assert shown(other) == found
        in_name, in_meaning = expected("pit", "en")
        expect(other.locator("#glossary-status")).to_have_text(
            f"{len(in_name + in_meaning)} term" + ("s" if len(in_name + in_meaning) != 1 else ""))
        # A link to one term from the lessons still marks that term, the search empty.
        other.goto(f"{server}/learn/glossary#nat")
        expect(other.locator("#nat")).to_have_class(re.compile(r"\btarget\b"))
        expect(other.locator("#nat")).to_be_in_viewport()
        expect(other.locator("#glossary-list .term-entry")).to_have_count(len(TERMS))
    finally:
        ctx.close()


def links_in(page: Page, term_id: str) -> list[list[str]]:
    """The glossary links in a term's explanation: their text and the term each points at."""
    result: list[list[str]] = page.locator(f"#{term_id} dd:not(.also) a.term").evaluate_all(
        "links => links.map(a => [a.textContent, a.dataset.term])")
    return result


def test_escape_clears_and_the_keyboard_reaches_everything(glossary: Page, server: str) -> None:
    field = glossary.locator("#glossary-q")
    # From the page's start, the keyboard reaches the field: back link, then the search.
    glossary.locator("#learn .back a").focus()
    glossary.keyboard.press("Tab")
    expect(field).to_be_focused()
    glossary.keyboard.type("Nel")
    expect(glossary.locator("#glossary-list .term-entry").first).to_have_id("nel")
    glossary.keyboard.press("Escape")
    expect(field).to_have_value("")
    expect(field).to_be_focused()
    expect(glossary.locator("#glossary-list .term-entry")).to_have_count(len(TERMS))
    expect(glossary).to_have_url(f"{server}/learn/glossary")
    # The clear button is the next stop after the field, and Enter on it clears as well.
    glossary.keyboard.type("seinen")
    glossary.keyboard.press("Tab")
    expect(glossary.get_by_role("button", name="Zoekterm wissen")).to_be_focused()
    glossary.keyboard.press("Enter")
    expect(field).to_have_value("")
    expect(field).to_be_focused()
    # An explanation links the first mention of each other term (whole words), never the term itself, not even
    # under another of its words ("sturk" in stuk's).
    assert links_in(glossary, "ondertroeven") == [["troef", "troef"], ["slag", "slag"], ["overtroeven", "overtroeven"]]
    assert "sturk" in next(t for t in TERMS if t.id == "stuk").def_nl
    assert [term for _, term in links_in(glossary, "stuk")] == ["troef", "slag", "roem"]
    every = glossary.locator("#glossary-list .term-entry").evaluate_all(
        "entries => entries.map(e => [e.id, [...e.querySelectorAll('dd a.term')].map(a => a.dataset.term)])")
    assert sum(len(linked) for _, linked in every) >= 20, every
    for term_id, linked in every:
        assert term_id not in linked and len(set(linked)) == len(linked) and set(linked) <= {t.id for t in TERMS}
    # Followed by keyboard, a link moves the focus to its entry, so that Tab goes on from there.
    glossary.locator("#ondertroeven a.term[data-term=overtroeven]").focus()
    glossary.keyboard.press("Enter")
    expect(glossary).to_have_url(f"{server}/learn/glossary#overtroeven")
    expect(glossary.locator("#overtroeven")).to_be_focused()
    expect(glossary.locator("#overtroeven")).to_have_class(re.compile(r"\btarget\b"))
    glossary.keyboard.press("Tab")
    expect(glossary.locator("#overtroeven a.term").first).to_be_focused()


def test_the_search_stays_at_hand_and_nothing_scrolls_sideways_on_a_phone(glossary: Page) -> None:
    search(glossary, "troef")
    # A match inside a linked term is marked inside its link.
    expect(glossary.locator("#jas dd a.term[data-term=troef] mark")).to_have_text("troef")
    glossary.mouse.wheel(0, 2000)
    glossary.wait_for_timeout(200)
    expect(glossary.locator("#glossary-q")).to_be_in_viewport()
    assert glossary.evaluate("document.documentElement.scrollWidth") <= 390
    box = glossary.locator("#glossary-q").bounding_box()
    assert box and box["height"] >= 44  # a finger's size
