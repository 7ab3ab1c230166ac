"""The play page's start screen in Debian's Chromium: the site's page and panels on a phone and a desktop, one
choice for the three computer players' level that the game the server starts follows, the rarer settings
under a disclosure a keyboard opens, and the list of your games that says when it is empty."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from tests.conftest import HAVE_CHROMIUM, needs_chromium

from klaverjas.web.play.game import LEVELS

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, WebSocket, expect

SEATS = ("level_n", "level_e", "level_w")
MORE = {"nl": ["Maat (Noord)", "Oost", "West", "Troef kiezen", "Einde", "Roem", "Verkeerde kaarten", "Tempo"],
        "en": ["Partner (North)", "East", "West", "Choosing trump", "End", "Roem", "Illegal cards", "Pace"]}
BOX = "n => { const r = n.getBoundingClientRect(); return [r.left, r.width]; }"


def help_shown(page: Page) -> list[str]:
    """The levels whose help line is on the screen (the others are kept for screen readers only)."""
    return [str(level) for level in page.locator("#levels-help > div").evaluate_all(
        "ns => ns.filter(n => n.getBoundingClientRect().height > 1).map(n => n.dataset.level)")]


def seat_levels(page: Page) -> list[str]:
    return [page.locator(f"select[name={name}]").input_value() for name in SEATS]


def test_one_level_choice_sets_the_three_computer_players_of_the_game(server: str, page: Page) -> None:
    states: list[dict[str, Any]] = []

    def listen(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: states.append(json.loads(payload).get("state") or {}))

    page.on("websocket", listen)
    page.goto(server + "/play")
    choice = page.get_by_role("group", name="Computerspelers")
    radios = choice.get_by_role("radio")
    expect(radios).to_have_count(len(LEVELS))  # drawn by the page's script: waited for, on a loaded machine too
    assert sorted(radios.evaluate_all("ns => ns.map(n => n.value)")) == sorted(LEVELS)
    expect(choice.get_by_role("radio", name="Gewoon")).to_be_checked()  # today's game: three basic players
    assert help_shown(page) == ["basic"]

    choice.get_by_role("radio", name="Willekeurig").check()
    assert help_shown(page) == ["random"]  # the chosen level's help, by the choice
    page.click("#more-settings summary")
    assert seat_levels(page) == ["random"] * 3

    # A seat set on its own leaves the one choice empty, and all four levels are explained again.
    page.select_option("select[name=level_n]", "basic")
    expect(choice.locator("input:checked")).to_have_count(0)
    assert help_shown(page) == ["basic", "strong", "expert", "random"]
    page.select_option("select[name=pace]", "0")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url(f"{server}/play/**")
    page.wait_for_function("document.body.dataset.phase")
    seats = next(s["seats"] for s in states if "seats" in s)
    assert [(s["seat"], s["level"]) for s in seats] == [("N", "basic"), ("E", "random"), ("S", None), ("W", "random")]


def test_more_settings_opens_by_keyboard_and_names_every_field(server: str, page: Page) -> None:
    page.goto(server + "/play")
    for lang in ("nl", "en"):
        if lang == "en":
            page.click("#lang-button")
            page.reload()
        details = page.locator("#more-settings")
        expect(details).not_to_have_attribute("open", "")
        for label in MORE[lang]:
            expect(page.get_by_role("combobox", name=label, exact=True)).to_be_hidden()
        page.locator("#new-game input[name=name]").focus()
        page.keyboard.press("Tab")
        summary = page.locator("#more-settings summary")
        expect(summary).to_be_focused()
        expect(summary).to_have_accessible_name("Meer instellingen" if lang == "nl" else "More settings")
        page.keyboard.press("Enter")
        expect(details).to_have_attribute("open", "")
        for label in MORE[lang]:
            expect(page.get_by_role("combobox", name=label, exact=True)).to_be_visible()
        page.keyboard.press("Tab")
        expect(page.locator("select[name=level_n]")).to_be_focused()
        # the defaults are today's game
        assert seat_levels(page) == ["basic"] * 3
        assert [page.locator(f"select[name={n}]").input_value() for n in
                ("trump_selection", "match_end", "roem_claim", "illegal_cards", "pace")] == [
            "proposed", "deals:16", "auto", "refuse", "0.7"]
        summary.focus()
        page.keyboard.press("Space")
        expect(details).not_to_have_attribute("open", "")


def test_your_games_says_when_there_are_none_in_both_languages(server: str, page: Page) -> None:
    page.goto(server + "/play")
    empty = page.locator("#no-games")
    expect(empty).to_have_text("Nog geen spellen op dit apparaat.")
    expect(page.get_by_role("heading", name="Je spellen")).to_be_visible()
    page.click("#lang-button")
    expect(empty).to_have_text("No games on this device yet.")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url(f"{server}/play/**")
    page.goto(server + "/play")
    expect(page.locator("#games li")).to_have_count(1)
    expect(empty).to_be_hidden()


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_the_start_screen_has_the_sites_page_and_panels_and_the_table_its_own(
        server: str, browser: Any, width: int, height: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="nl-NL", bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(server + "/club")
        club = page.locator("main .panel").first.evaluate(BOX)
        page.goto(server + "/play")
        panels = page.locator("#setup .panel")
        expect(panels).to_have_count(2)  # the game, and playing with friends
        assert panels.evaluate_all(f"ns => ns.map({BOX})") == [club, club]
        expect(page.locator("#start")).to_be_in_viewport(ratio=1)  # Start without scrolling, on a phone too
        page.click("#more-settings summary")
        page.select_option("select[name=pace]", "0")
        page.locator("#start").click()
        page.wait_for_function("document.body.dataset.toMove === 'S'")
        felt = page.locator("#felt").evaluate(BOX)
        assert felt[1] > club[1]  # the card table takes the width again
    finally:
        ctx.close()


KEPT = {"level_n": "basic", "level_e": "random", "level_w": "random", "trump_selection": "utrecht",
        "match_end": "points:1500", "roem_claim": "claimed", "illegal_cards": "allow", "pace": "0", "seat": "W"}


def frames_of(page: Page) -> list[dict[str, Any]]:
    """The states the page's WebSocket receives, in order."""
    states: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: states.append(json.loads(p).get("state") or {})))
    return states


def test_the_last_choices_are_kept_on_this_device_and_start_the_next_game(server: str, page: Page) -> None:
    states = frames_of(page)
    page.goto(server + "/play")
    page.get_by_role("radio", name="Rotterdams").check()
    page.get_by_role("radio", name="Willekeurig").check()
    page.fill("#new-game input[name=name]", "Anna")
    page.click("#more-settings summary")
    for name, value in KEPT.items():
        page.select_option(f"select[name={name}]", value)
    page.fill("input[name=away_limit]", "120")
    page.locator("input[name=away_limit]").blur()

    page.reload()
    expect(page.get_by_role("radio", name="Rotterdams")).to_be_checked()
    expect(page.get_by_role("group", name="Computerspelers").locator("input:checked")).to_have_count(0)  # mixed
    expect(page.locator("#new-game input[name=name]")).to_have_value("Anna")
    expect(page.locator("input[name=away_limit]")).to_have_value("120")
    # Kept settings are never out of sight: the closed More settings says what differs from today's game.
    expect(page.locator("#more-settings")).not_to_have_attribute("open", "")
    expect(page.locator("#more-summary")).to_contain_text("Tempo: Direct")
    expect(page.locator("#more-summary")).to_contain_text("Troef kiezen: Utrechts (verplicht)")
    assert {name: page.locator(f"select[name={name}]").input_value() for name in KEPT} == KEPT

    page.get_by_role("button", name="Start").click()
    page.wait_for_function("document.body.dataset.phase")
    state = next(s for s in states if "seats" in s)
    assert [(s["seat"], s["level"]) for s in state["seats"]] == [("N", "basic"), ("E", "random"), ("S", None),
                                                                ("W", "random")]
    assert state["seats"][2]["name"] == "Anna"
    asked = httpx.post(server + "/api/play", headers={"X-Klaverjas": "1"}, json={
        "preset": "rotterdam", "trump_selection": "utrecht", "match_end": "points:1500", "roem_claim": "claimed",
        "illegal_cards": "allow", "pace": 0}).json()
    same = httpx.get(f"{server}/api/play/{asked['id']}", params={"token": asked["token"]}).json()
    assert state["rules"] == same["rules"] and "utrecht" in state["rules"]

    # The friends' table from the same kept choices: the seat chosen last.
    page.goto(server + "/play")
    page.click("#create-table")
    page.wait_for_function("document.body.dataset.phase === 'lobby'")
    assert page.evaluate("document.body.dataset.me") == "W"
    expect(page.locator("#lobby li[data-seat=W]")).to_contain_text("Anna")


@pytest.mark.parametrize("stored", [
    '{"preset": "sa-new", "level_n": "grandmaster", "level_e": 3, "pace": "9", "match_end": "deals:99", '
    '"away_limit": "99999", "name": ["Anna"], "seat": "X", "roem_claim": "claimed"}',
    '{"away_limit": "12.5", "trump_selection": null, "name": "' + "x" * 40 + '"}',
    "[1, 2]", "{not json"])
def test_a_kept_choice_the_form_no_longer_offers_falls_back_to_the_default(
        server: str, page: Page, stored: str) -> None:
    states = frames_of(page)
    page.goto(server + "/play")
    page.evaluate("value => localStorage.setItem('klaverjas.choices', value)", stored)
    page.reload()
    expect(page.get_by_role("radio", name="Amsterdams")).to_be_checked()
    expect(page.get_by_role("radio", name="Gewoon")).to_be_checked()
    assert seat_levels(page) == ["basic"] * 3
    assert [page.locator(f"select[name={n}]").input_value() for n in ("trump_selection", "match_end", "pace", "seat")] \
        == ["proposed", "deals:16", "0.7", "S"]
    expect(page.locator("input[name=away_limit]")).to_have_value("60")
    expect(page.locator("#new-game input[name=name]")).to_have_value("")
    # a value still offered is put back beside the ones that are not
    claimed = "claimed" if "roem_claim" in stored else "auto"
    assert page.locator("select[name=roem_claim]").input_value() == claimed
    page.click("#more-settings summary")
    page.select_option("select[name=pace]", "0")
    page.get_by_role("button", name="Start").click()
    page.wait_for_function("document.body.dataset.phase")
    state = next(s for s in states if "seats" in s)
    assert [s["level"] for s in state["seats"]] == ["basic", "basic", None, "basic"]
    assert state["rules"].startswith("amsterdam")


def test_a_game_in_play_is_one_tap_away_from_the_start_screen(server: str, page: Page) -> None:
    states = frames_of(page)
    page.goto(server + "/play")
    expect(page.locator("#no-games")).to_be_visible()
    expect(page.get_by_role("link", name="Verder spelen")).to_have_count(0)
    page.get_by_role("radio", name="Rotterdams").check()
    page.click("#more-settings summary")
    page.select_option("select[name=pace]", "0")
    page.get_by_role("button", name="Start").click()
    page.wait_for_function("document.body.dataset.toMove === 'S'")
    game_id = page.url.rsplit("/", 1)[-1]

    page.goto(server + "/play")
    going = page.get_by_role("link", name="Verder spelen")
    expect(going).to_be_visible()
    expect(going).to_contain_text(re.compile(r"^Verder spelen\s*Rotterdams · .* · spel 1$"))
    top = page.locator("#setup > :not([hidden])").first
    assert top.evaluate("n => n.id") == "continue"  # above the new game
    expect(going).to_be_in_viewport()
    states.clear()
    going.click()
    page.wait_for_url(f"{server}/play/{game_id}")
    page.wait_for_function("document.body.dataset.toMove === 'S'")
    assert {s.get("table") for s in states if s} == {game_id}
    page.click("#lang-button")  # the same entry in English
    page.goto(server + "/play")
    expect(page.get_by_role("link", name="Continue")).to_contain_text("Rotterdam")
