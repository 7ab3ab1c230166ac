"""A Dutch page says in Dutch why the server refused: a card clicked while trump is still being chosen, a chair
taken by someone else the moment before (Debian's Chromium)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from tests.conftest import HAVE_CHROMIUM, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import expect


def dutch_page(browser: Any) -> Any:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="nl-NL", has_touch=True, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def test_a_card_clicked_while_trump_is_chosen_is_refused_in_dutch(server: str, browser: Any) -> None:
    # With seed 11 the computer players before South pass, so trump is being chosen until South speaks.
    created = httpx.post(server + "/api/play", json={"pace": 0, "seed": 11}, headers={"x-klaverjas": "1"})
    assert created.status_code == 201, created.text
    page = dutch_page(browser)
    page.goto(server + created.json()["link"])
    page.wait_for_function("document.body.dataset.phase === 'trump' && document.body.dataset.toMove === 'S'")
    page.locator("#hand button").first.click()
    expect(page.locator("#message")).to_have_text("Er wordt nog troef gekozen: er kan nog geen kaart gespeeld worden.")
    page.click("#topbar .lang")  # the same refusal, asked again in English
    page.locator("#hand button").first.click()
    expect(page.locator("#message")).to_have_text("Trump is still being chosen: no card can be played yet.")
    assert not page.errors, page.errors


def test_a_chair_taken_meanwhile_is_refused_in_dutch(server: str, browser: Any) -> None:
    host = httpx.post(server + "/api/tables", json={"name": "Anna", "seat": "S", "pace": 0},
                      headers={"x-klaverjas": "1"})
    assert host.status_code == 201, host.text
    code = host.json()["code"]
    page = dutch_page(browser)
    page.goto(f"{server}/t/{code}")
    page.fill("#join-form input[name=name]", "Bram")
    expect(page.locator("#join-seats button[data-seat=E]")).to_be_visible()
    # Someone else sits down in East before Bram clicks it.
    other = httpx.post(f"{server}/api/tables/{code}/join", json={"name": "Cor", "seat": "E"},
                       headers={"x-klaverjas": "1"})
    assert other.status_code == 201, other.text
    page.click("#join-seats button[data-seat=E]")
    expect(page.locator("#page-message")).to_have_text("De plaats Oost is bezet.")
    refused = httpx.post(f"{server}/api/tables/{code}/join", json={"name": "Dirk", "seat": "E"},
                         headers={"x-klaverjas": "1"})
    assert refused.status_code == 409
    assert refused.json()["reason"] == {"en": "Seat East is taken.", "nl": "De plaats Oost is bezet."}
    assert refused.json()["detail"] == "Seat East is taken." and refused.json()["code"] == "seat_taken"
    assert not page.errors, page.errors
