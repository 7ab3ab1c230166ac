"""Another match at the end of a match, in Debian's Chromium: against the computer a new game with the same
settings at one click; at a table with friends the host's next match, where host and friend land in their own
seats without typing anything."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from tests.browser_steps import TABLE_CODE, dealt, fast_start_screen, play_out_the_deal
from tests.conftest import HAVE_CHROMIUM, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import expect

IN_PLAY = "['trump', 'play'].includes(document.body.dataset.phase)"


def one_deal_match(page: Any) -> None:
    """The start screen's match length set to one deal (the form offers whole matches only), so it ends quickly."""
    page.evaluate("() => document.querySelector('select[name=match_end]').add(new Option('1', 'deals:1'))")
    page.select_option("select[name=match_end]", "deals:1")


def state_of(server: str, page: Any, game_id: str) -> dict[str, Any]:
    """The game's state as the page's own seat sees it (its token from this browser's storage)."""
    token = page.evaluate("(id) => localStorage.getItem(`klaverjas.play.${id}`)", game_id)
    answer = httpx.get(f"{server}/api/play/{game_id}", params={"token": token})
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def test_another_match_against_the_computer_has_the_same_settings(server: str, page: Any) -> None:
    fast_start_screen(page, server, name="Anna", rules="Rotterdams", trump_selection="free", level_n="random",
                      level_e="basic", level_w="random")
    one_deal_match(page)
    page.check("#practice-box")
    page.locator("#start").click()
    page.wait_for_function(f"() => document.body.dataset.toMove === 'S' || {IN_PLAY}")
    old_id = page.url.rsplit("/", 1)[-1]
    play_out_the_deal(page)
    expect(page.locator("body")).to_have_attribute("data-phase", "match_over")
    again = page.locator("#again-button")
    expect(again).to_have_text("Nog een partij")
    expect(page.locator("#new-game-link")).to_have_text("Nieuw spel")  # other settings: the second choice
    again.click()
    page.wait_for_url(re.compile(r"/play/(?!" + re.escape(old_id) + r")[^/]+$"))
    page.wait_for_function(f"() => {IN_PLAY}")
    dealt(page)
    new_id = page.url.rsplit("/", 1)[-1]
    old, new = state_of(server, page, old_id), state_of(server, page, new_id)
    assert old["phase"] == "match_over" and new["table"] == new_id != old_id
    assert new["rules"] == old["rules"] and new["rules_words"]["nl"].startswith("Rotterdams")
    assert [(s["kind"], s["level"], s["name"]) for s in new["seats"]] == [
        (s["kind"], s["level"], s["name"]) for s in old["seats"]]
    assert new["seats"][2]["name"] == "Anna"
    # The table shows it: each computer player's level on its plate; practised as the last match was.
    for seat, level in (("N", "Willekeurig"), ("E", "Gewoon"), ("W", "Willekeurig")):
        expect(page.locator(f".felt .seat[data-seat={seat}] .who small")).to_have_text(level)
    assert page.evaluate("(id) => localStorage.getItem(`klaverjas.practice.${id}`)", new_id) == "1"
    # The start screen lists both: the new one in play, the finished one as finished.
    page.goto(server + "/play")
    expect(page.locator(f"#games li[data-game='{old_id}']")).to_contain_text("uit")
    expect(page.locator(f"#games li[data-game='{new_id}']")).to_contain_text("bezig")
    expect(page.locator("#continue")).to_have_attribute("data-game", new_id)


def test_host_and_friend_go_on_to_another_match_at_their_table(server: str,
                                                                 new_page: Callable[..., Any]) -> None:
    anna = new_page(viewport={"width": 1280, "height": 900})
    fast_start_screen(anna, server, name="Anna")
    one_deal_match(anna)
    anna.click("#create-table")
    code = anna.locator("#table-code")
    expect(code).to_have_text(TABLE_CODE)
    old_code = str(code.text_content())
    bram = new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    bram.goto(anna.locator("#share-link").input_value())
    bram.fill("#join-form input[name=name]", "Bram")
    bram.click("#join-seats button[data-seat=N]")
    expect(anna.locator("#lobby li[data-seat=N]")).to_contain_text("Bram")
    anna.click("#start-table")

    def play_until_over() -> None:
        ready = "document.body.dataset.toMove === document.body.dataset.me"
        for _ in range(200):
            if all(p.evaluate("document.body.dataset.phase") == "match_over" for p in (anna, bram)):
                return
            acted = False
            for p in (anna, bram):
                phase = p.evaluate("document.body.dataset.phase")
                if phase in ("trump", "play") and p.evaluate(ready):
                    seq = p.evaluate("document.body.dataset.seq")
                    p.locator("#decision button" if phase == "trump" else "#hand .card.playable").first.click()
                    p.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
                    acted = True
            if not acted:
                anna.wait_for_timeout(50)
        raise AssertionError("the match did not end")

    for p in (anna, bram):
        p.wait_for_function(f"() => {IN_PLAY}")
    play_until_over()
    # The friend is told he goes along by himself; only the host has the button.
    expect(bram.locator("#rematch-wait")).to_be_visible()
    expect(bram.locator("#rematch-button")).to_have_count(0)
    button = anna.locator("#rematch-button")
    expect(button).to_have_text("Nog een partij aan deze tafel")
    button.click()
    # Both land at the new table, each in his own seat, without a join screen or a name to type.
    for p, me in ((anna, "S"), (bram, "N")):
        p.wait_for_url(re.compile(r"/t/[A-Z2-9]{6}$"))
        p.wait_for_function(f"() => document.body.dataset.me === '{me}' && {IN_PLAY}")
        expect(p.locator("#join")).to_be_hidden()
    new_code = anna.url.rsplit("/", 1)[-1]
    assert new_code != old_code and bram.url.rsplit("/", 1)[-1] == new_code
    expect(anna.locator(".felt .seat[data-seat=N] .name")).to_have_text("Bram")
    expect(bram.locator(".felt .seat[data-seat=S] .name")).to_have_text("Anna")
    info = httpx.get(f"{server}/api/tables/{new_code}").json()
    assert [(s["kind"], s["name"]) for s in info["seats"]] == [
        ("human", "Bram"), ("bot", ""), ("human", "Anna"), ("bot", "")]
    # Play goes on there: a card or a trump choice of each of them is taken, whoever's turn comes first.
    acted: set[str] = set()
    for _ in range(200):
        if len(acted) == 2:
            break
        for p, me in ((anna, "S"), (bram, "N")):
            phase = p.evaluate("document.body.dataset.phase")
            if phase in ("trump", "play") and p.evaluate("document.body.dataset.toMove === document.body.dataset.me"):
                seq = p.evaluate("document.body.dataset.seq")
                p.locator("#decision button" if phase == "trump" else "#hand .card.playable").first.click()
                p.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
                acted.add(me)
        anna.wait_for_timeout(50)
    assert acted == {"S", "N"}
    # The old match is kept: listed as finished beside the new one on the host's start screen.
    anna.goto(server + "/play")
    expect(anna.locator("#games li", has_text="uit")).to_have_count(1)
    expect(anna.locator("#games li", has_text="bezig")).to_have_count(1)
