"""The steps many browser tests take on the play page's start screen, in one place."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

TABLE_CODE = re.compile(r"^[A-Z2-9]{6}$")


def fast_start_screen(page: Page, server: str, *, name: str | None = None, rules: str | None = None,
                      **choices: str) -> None:
    """The start screen with More settings open and pace 0, so the computer players play at once.

    ``name`` is typed as the player's, ``rules`` the label of a variant's radio button, and ``choices`` pick
    a value in the selects of those names (``west="expert"``).
    """
    page.goto(server + "/play")
    if name is not None:
        page.fill("#new-game input[name=name]", name)
    if rules is not None:
        page.get_by_role("radio", name=rules).check()
    page.click("#more-settings summary")
    page.select_option("select[name=pace]", "0")
    for field, value in choices.items():
        page.select_option(f"select[name={field}]", value)


def start_game(page: Page, server: str, *, wait_for: str = "document.body.dataset.toMove === 'S'",
               timeout: float = 15000, name: str | None = None, rules: str | None = None, **choices: str) -> str:
    """A game against three computer players started from the start screen, as `fast_start_screen` sets it.

    Waits until ``wait_for`` holds in the page (by default: this player's turn; ``""`` waits for nothing) and the
    cards are dealt, and returns the game's id from the address.
    """
    fast_start_screen(page, server, name=name, rules=rules, **choices)
    page.locator("#start").click()
    if wait_for:
        page.wait_for_function(f"() => {wait_for}", timeout=timeout)
        dealt(page)
    return page.url.rsplit("/", 1)[-1]


# What the page showed when a move brought no new state: enough to tell a lost key press from a lost connection.
PAGE_SAYS = ("() => ({data: {...document.body.dataset}, message: document.querySelector('#message').textContent, "
             "focus: document.activeElement && document.activeElement.outerHTML.slice(0, 120)})")


def moved(page: Page, seq: str, phase: str) -> None:
    """Waits for the state after our move, or fails saying what the page showed instead."""
    try:
        page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
    except PlaywrightTimeoutError as exc:
        raise AssertionError(f"no new state after our move in the {phase} phase; the page: "
                             f"{page.evaluate(PAGE_SAYS)}") from exc


def play_out_the_deal(page: Page) -> None:
    """Plays our turns (the first trump option offered, the first playable card) until the deal or match is over."""
    for _ in range(40):
        page.wait_for_function("() => document.body.dataset.toMove === 'S' || "
                               "['deal_over', 'match_over'].includes(document.body.dataset.phase)")
        phase = page.evaluate("document.body.dataset.phase")
        if phase in ("deal_over", "match_over"):
            return
        seq = page.evaluate("document.body.dataset.seq")
        page.locator("#decision button" if phase == "trump" else "[data-hand] .card.playable").first.click()
        moved(page, seq, phase)
    raise AssertionError("the deal did not end")


def dealt(page: Page) -> None:
    """Waits until the deal's cards have come into the hand (they fly in one by one), so they lie where they stay."""
    page.wait_for_function("() => document.getAnimations().every((a) => a.animationName !== 'dealt')")


def create_table(page: Page, server: str, name: str, **choices: str) -> str:
    """The host makes a table for friends on the page; returns its code once the lobby shows it."""
    fast_start_screen(page, server, name=name, **choices)
    page.click("#create-table")
    code = page.locator("#table-code")
    expect(code).to_have_text(TABLE_CODE)
    return str(code.text_content())
