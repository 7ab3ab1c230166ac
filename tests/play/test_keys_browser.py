"""The card table's keys in Debian's Chromium: a line on a desktop says them, the ? key lists them all."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tests.browser_steps import start_game
from tests.conftest import HAVE_CHROMIUM, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, expect
    from tests.web.test_axe import violations

DESKTOP = {"viewport": {"width": 1280, "height": 800}}  # a mouse: hover and a fine pointer
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def test_on_a_desktop_a_line_says_the_keys_and_question_mark_lists_them(server: str,
                                                                         new_page: Callable[..., Page]) -> None:
    page = new_page(**DESKTOP)
    start_game(page, server)
    line = page.locator("#keys-line")
    expect(line).to_be_visible()
    expect(line).to_have_text("Toetsen: 1–8 een kaart spelen · H hint · L laatste slag · S wij/zij · ? alle toetsen")
    # In view on a desktop's screen of 800 px, beside the table, without scrolling.
    assert line.evaluate("n => n.getBoundingClientRect().bottom <= innerHeight && scrollY === 0")
    panel = page.get_by_role("dialog", name="Toetsen")
    expect(panel).to_be_hidden()

    page.focus("#last-button")
    page.keyboard.press("?")
    expect(panel).to_be_visible()
    expect(panel).to_be_focused()
    expect(panel).to_contain_text("Laatste slag")
    expect(panel.locator("#keys-undo")).to_be_visible()  # alone against the computer a card may be taken back
    page.wait_for_timeout(300)
    found = violations(page)
    assert not found, "\n".join(found)
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(page.locator("#last-button")).to_be_focused()
    expect(page.locator("#last")).to_be_hidden()  # the list's keys did nothing else

    # From a card in the hand, closed by its button: the focus goes back to that card, drawn anew or not.
    card = page.locator("#hand .card").first
    name = card.get_attribute("data-card")
    card.focus()
    page.keyboard.press("?")
    expect(panel).to_be_focused()
    page.get_by_role("button", name="Sluiten").click()
    expect(panel).to_be_hidden()
    expect(page.locator(f"#hand [data-card='{name}']")).to_be_focused()

    page.click("#lang-button")
    expect(line).to_have_text("Keys: 1–8 play a card · H hint · L last trick · S us/them · ? all keys")
    page.focus("#hint-button")
    page.keyboard.press("?")
    panel = page.get_by_role("dialog", name="Keys")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("Play a card, counted from the left")
    page.keyboard.press("?")  # the same key closes it again
    expect(panel).to_be_hidden()
    expect(page.locator("#hint-button")).to_be_focused()


def test_a_phone_shows_no_line_of_keys(server: str, new_page: Callable[..., Page]) -> None:
    page = new_page(**PHONE)
    start_game(page, server)
    expect(page.locator(".actions")).to_be_visible()
    expect(page.locator("#keys-line")).to_be_hidden()
    found = violations(page)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("device", [DESKTOP, {"viewport": {"width": 844, "height": 390}, "has_touch": True,
                                              "is_mobile": True}], ids=["desktop", "sideways"])
def test_escape_closes_the_sheet_as_its_button_does(server: str, new_page: Callable[..., Page],
                                                     device: dict[str, object]) -> None:
    page = new_page(**device)
    start_game(page, server)
    sheet, button = page.locator("#sheet"), page.locator("#sheet-button")
    card = page.locator("#hand .card").first
    name = card.get_attribute("data-card")
    card.focus()
    page.keyboard.press("s")
    expect(sheet).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(page.locator(f"#hand [data-card='{name}']")).to_be_focused()  # the focus stays where it was
    # Opened by its button, the focus on the button: Escape closes it and the focus stays on the button.
    button.click()
    expect(sheet).to_be_visible()
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    expect(button).to_be_focused()
