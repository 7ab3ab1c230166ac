"""A table with friends in two browser contexts of Debian's Chromium: create, share, join, start, play, chat."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from tests.browser_steps import create_table
from tests.conftest import HAVE_CHROMIUM, needs_chromium

from .conftest import LeakChecker

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import expect


def new_page(browser: Any, frames: list[str]) -> Any:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="nl-NL", has_touch=True, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    return page


def test_two_friends_at_one_table(server: str, browser: Any) -> None:
    frames_a: list[str] = []
    frames_b: list[str] = []
    anna = new_page(browser, frames_a)
    create_table(anna, server, "Anna")
    link = anna.locator("#share-link").input_value()
    assert "/t/" in link

    bram = new_page(browser, frames_b)
    bram.goto(link)
    bram.fill("#join-form input[name=name]", "Bram <b>")
    bram.click("#join-seats button[data-seat=N]")
    expect(bram.locator("#lobby")).to_contain_text("Anna")
    expect(anna.locator("#lobby li[data-seat=N]")).to_contain_text("Bram <b>")

    anna.click("#start-table")
    for page in (anna, bram):
        expect(page.locator("#table")).to_be_visible()
        expect(page.locator("#undo-button")).to_be_hidden()  # never theirs with two people at the table

    # No line yet: nothing takes room between the chat's heading and its field.
    assert bram.locator("#chat .chat-lines").evaluate("n => getComputedStyle(n).display") == "none"
    bram.fill("#chat input[name=text]", "<i>hoi</i>")
    bram.press("#chat input[name=text]", "Enter")
    expect(anna.locator("#chat .chat-line").last).to_have_text("Bram <b>: <i>hoi</i>")
    assert anna.locator("#chat i").count() == 0  # shown as text, never as HTML
    # What Anna is typing stays while the others talk and play; the newest line is in sight, the field under it.
    typing = anna.locator("#chat input[name=text]")
    expect(typing).to_have_attribute("placeholder", "Typ een bericht aan de tafel")
    typing.fill("bijna klaar")
    for n in (1, 2, 3):
        bram.fill("#chat input[name=text]", f"{n} " + "een heel lang verhaal over de vorige slag " * 4)
        bram.press("#chat input[name=text]", "Enter")
    expect(anna.locator("#chat .chat-line")).to_have_count(4)
    assert anna.locator("#chat .chat-lines").evaluate(
        "n => n.scrollHeight > n.clientHeight && n.scrollTop + n.clientHeight >= n.scrollHeight - 1")

    # Both play their cards by clicking until the first deal is over (the bots play East and West).
    ready = ("document.body.dataset.toMove === document.body.dataset.me || "
             "['deal_over', 'match_over'].includes(document.body.dataset.phase)")
    for _ in range(200):
        if anna.evaluate("document.body.dataset.phase") == "deal_over":
            break
        acted = False
        for page in (anna, bram):
            if page.evaluate(ready) and page.evaluate("document.body.dataset.phase") in ("trump", "play"):
                seq = page.evaluate("document.body.dataset.seq")
                if page.evaluate("document.body.dataset.phase") == "trump":
                    page.locator("#decision button").first.click()
                else:
                    page.locator("#hand .card.playable").first.click()
                page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
                acted = True
        if not acted:
            anna.wait_for_timeout(50)
    expect(bram.locator("#result")).to_be_visible()
    expect(typing).to_have_value("bijna klaar")
    for frames, seat in ((frames_a, "S"), (frames_b, "N")):
        checker = LeakChecker()
        for payload in frames:
            frame = json.loads(payload)
            if frame.get("type") in ("state", "update"):
                checker.feed(frame)
                assert frame["state"]["seat"] == seat
        assert checker.frames > 10
    anna.context.close()
    bram.context.close()


def post(server: str, path: str, body: dict[str, Any]) -> Any:
    answer = httpx.post(server + path, json=body, headers={"X-Klaverjas": "1"})
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_the_join_screen_names_its_seats_and_is_joined_by_keyboard(server: str, page: Any) -> None:
    code = post(server, "/api/tables", {"name": "Anna", "seat": "S", "pace": 0})["code"]
    post(server, f"/api/tables/{code}/join", {"name": "Bram", "seat": "E"})
    page.goto(f"{server}/t/{code}")
    expect(page.get_by_role("heading", name="Tafel van Anna")).to_be_visible()
    chairs = page.get_by_role("group", name="Kies een vrije plaats")
    # the free chairs are buttons named by their seat; who sits in the others is said, without a button
    assert chairs.get_by_role("button").evaluate_all("ns => ns.map(n => n.dataset.seat)") == ["N", "W"]
    expect(chairs.get_by_role("button", name="Noord")).to_be_visible()
    expect(chairs.get_by_role("button", name="West")).to_be_visible()
    expect(page.locator("#join-seats [data-chair=E]")).to_have_text(re.compile("^Oost\\s*Bram$"))
    expect(page.locator("#join-seats [data-chair=S]")).to_have_text(re.compile("^Zuid\\s*Anna\\s*gastheer$"))

    name = page.get_by_role("textbox", name="Je naam")
    name.focus()
    page.keyboard.press("Enter")  # no name yet: said at the field, in Dutch, and the field keeps the focus
    error = page.locator("#join-name-error")
    expect(error).to_have_text("Vul eerst je naam in.")
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(name).to_have_accessible_description("Vul eerst je naam in.")
    expect(name).to_be_focused()
    page.click("#lang-button")  # the page's language, whichever it is
    expect(error).to_have_text("Type your name first.")
    expect(page.get_by_role("group", name="Choose a free seat").get_by_role("button", name="North")).to_be_visible()
    page.click("#lang-button")
    name.focus()
    page.keyboard.type("Cor")
    expect(error).to_be_hidden()
    page.keyboard.press("Enter")  # two free chairs: on to them
    expect(chairs.get_by_role("button", name="Noord")).to_be_focused()
    page.keyboard.press("Tab")
    expect(chairs.get_by_role("button", name="West")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#lobby li[data-seat=W]")).to_contain_text("Cor")
    expect(page.locator("#lobby li[data-seat=W]")).to_contain_text("Jij")
    expect(page.locator("#lobby")).to_contain_text("Wachten tot de gastheer start")


def test_a_refusal_on_the_join_screen_is_said_in_english_too(server: str, browser: Any) -> None:
    code = post(server, "/api/tables", {"name": "Anna", "seat": "S", "pace": 0})["code"]
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB", bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(f"{server}/t/{code}")
        page.get_by_role("textbox", name="Your name").fill("Bram")
        east = page.get_by_role("button", name="East")
        expect(east).to_be_visible()
        post(server, f"/api/tables/{code}/join", {"name": "Cor", "seat": "E"})
        east.click()
        expect(page.locator("#page-message")).to_have_text("Seat East is taken.")
        # the chairs are asked again: East says who took it, the name stays
        expect(page.locator("#join-seats [data-chair=E]")).to_contain_text("Cor")
        expect(page.get_by_role("textbox", name="Your name")).to_have_value("Bram")
        page.click("#lang-button")
        expect(page.locator("#page-message")).to_have_text("De plaats Oost is bezet.")
    finally:
        ctx.close()


def test_an_invitation_link_names_its_seat_and_a_used_one_says_so_up_front(server: str, browser: Any) -> None:
    host = post(server, "/api/tables", {"name": "Anna", "seat": "S", "pace": 0})
    code = host["code"]
    answer = httpx.post(f"{server}/api/tables/{code}/invite", json={"seat": "E"},
                        headers={"X-Klaverjas": "1", "Authorization": f"Bearer {host['token']}"})
    assert answer.status_code == 201, answer.text
    link = server + answer.json()["link"]
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="nl-NL", bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(link)
        said = page.locator("#join-invited-seat")
        expect(said).to_have_text("Je bent uitgenodigd voor de plaats Oost.")
        expect(page.locator("#join-seats [data-chair=E]")).to_have_class(re.compile(r"\bmine\b"))
        expect(page.get_by_role("button", name="Ga zitten")).to_have_accessible_description(
            "Je bent uitgenodigd voor de plaats Oost.")
        page.click("#lang-button")
        expect(said).to_have_text("You are invited to sit East.")
        page.click("#lang-button")
        expect(said).to_have_text("Je bent uitgenodigd voor de plaats Oost.")
        # Someone else uses the invitation: the same link opened again says so before any name is typed.
        joined = httpx.post(f"{server}/api/tables/{code}/join", json={"name": "Cor", "invite": link.split("=")[-1]},
                            headers={"X-Klaverjas": "1"})
        assert joined.status_code == 201, joined.text
        page = ctx.new_page()  # the link opened again, in a new tab
        page.goto(link)
        said = page.locator("#join-invited-seat")
        message = page.locator("#page-message")
        expect(message).to_have_text("Deze uitnodiging geldt niet: ze is gebruikt of vervangen.")
        expect(said).to_be_hidden()
        expect(page.locator("#join-invited")).to_be_hidden()
        chairs = page.get_by_role("group", name="Kies een vrije plaats")
        expect(chairs.get_by_role("button", name="Noord")).to_be_visible()
        page.click("#lang-button")
        expect(message).to_have_text("This invitation is not valid: it was used or replaced.")
    finally:
        ctx.close()


BOX = "n => { const r = n.getBoundingClientRect(); return [r.left, r.width]; }"


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_the_join_screen_and_the_lobby_sit_where_the_start_screen_does(
        server: str, browser: Any, width: int, height: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="nl-NL", bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(server + "/play")
        page.locator("#setup .panel").first.wait_for()  # the script shows the start screen once its texts are in
        start = page.locator("#setup .panel").first.evaluate(BOX)
        title = page.locator("#setup h1").evaluate(BOX)[0]
        code = post(server, "/api/tables", {"name": "Anna", "seat": "S", "pace": 0})["code"]
        page.goto(f"{server}/t/{code}")
        page.locator("#join-seats button").first.wait_for()
        assert page.locator("#join .panel").evaluate_all(f"ns => ns.map({BOX})") == [start]
        assert page.locator("#join h1").evaluate(BOX)[0] == title
        page.get_by_role("textbox", name="Je naam").fill("Bram")
        page.get_by_role("button", name="Noord").click()
        expect(page.locator("#lobby")).to_be_visible()
        panels = page.locator("#lobby > .panel:not([hidden])")
        expect(panels).to_have_count(3)  # who sits where, the link to send, the chat
        assert panels.evaluate_all(f"ns => ns.map({BOX})") == [start] * 3
        assert page.locator("#lobby h1").evaluate(BOX)[0] == title

        # The host's lobby too; once the host starts, the card table takes the width again.
        create_table(page, server, "Anna")
        expect(page.locator("#start-table")).to_be_visible()
        assert page.locator("#lobby > .panel:not([hidden])").evaluate_all(f"ns => ns.map({BOX})") == [start] * 4
        page.click("#start-table")
        page.wait_for_function("['trump', 'play'].includes(document.body.dataset.phase)")
        assert page.locator("#felt").evaluate(BOX)[1] > start[1]
    finally:
        ctx.close()
