"""Links with secrets in Debian's Chromium on a phone: invitations, spectator links, seat links, "Je spellen".

Each secret travels in a link's fragment; the page keeps it in localStorage and takes it out of the address."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from tests.browser_steps import create_table, start_game
from tests.conftest import HAVE_CHROMIUM, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, expect

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def fresh(browser: Any) -> Iterator[Any]:
    """Makes fresh browser contexts (each its own localStorage, as another device); page errors fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(frames: list[dict[str, Any]] | None = None) -> Page:
        ctx = browser.new_context(bypass_csp=True, viewport=PHONE, locale="nl-NL", has_touch=True)
        contexts.append(ctx)
        page: Page = ctx.new_page()
        page.set_default_timeout(15000)
        page.on("pageerror", lambda e: errors.append(str(e)))
        if frames is not None:
            page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, errors


def post(server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """A state-changing request as a page sends it: JSON body and the intent header."""
    request = urllib.request.Request(server + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json", "X-Klaverjas": "1"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        result: dict[str, Any] = json.loads(answer.read())
    return result


def make_link(page: Page, kind: str) -> str:
    """The host makes an invitation (`invite`) or a spectator link (`watch`) and copies it; returns the address."""
    field = page.locator(f"#host input[data-link={kind}]")
    before = field.input_value() if field.count() else ""
    page.click("#make-invite" if kind == "invite" else "#make-watch")
    # A second link replaces the first one's row: wait for the new address, not the old row's copy button.
    expect(field).to_have_value(re.compile(rf"#{kind}=(?!{re.escape(before.rpartition('=')[2])}$)" if before
                                           else rf"#{kind}="))
    page.click(f"#host [data-copy={kind}]")
    expect(page.locator(f"#host [data-copy={kind}]")).to_have_text("Gekopieerd")
    return field.input_value()


def test_an_invitation_takes_a_computer_players_seat_after_the_start(server: str, fresh: Any) -> None:
    anna = fresh()
    code = create_table(anna, server, "Anna")
    anna.click("#start-table")
    expect(anna.locator("#table")).to_be_visible()
    expect(anna.locator("#host")).to_be_visible()  # the host keeps his tools at the table
    anna.select_option("#invite-seat", "N")
    link = make_link(anna, "invite")
    assert link.startswith(f"{server}/t/{code}#invite="), link

    frames: list[dict[str, Any]] = []
    bram = fresh(frames)
    bram.goto(link)
    expect(bram.locator("#join")).to_be_visible()
    assert "#" not in bram.url and "invite" not in bram.url  # the secret left the address at once
    expect(bram.locator("#join-seats [data-seat]")).to_have_count(0)  # no seat to choose: the invitation's
    expect(bram.locator("#watch-link")).to_be_hidden()  # watching needs a spectator link
    bram.fill("#join-form input[name=name]", "Bram")
    bram.click("#join-invited")
    expect(bram.locator("#table")).to_be_visible()
    bram.wait_for_function("document.body.dataset.me === 'N'")
    states = [f["state"] for f in frames if f.get("type") in ("state", "update")]
    assert states and all(s["seat"] == "N" for s in states)
    expect(anna.locator(".felt [data-seat=N] .name")).to_have_text("Bram")  # the computer player left the seat
    # Bram's seat token is kept: the table opens again for him without any link.
    bram.goto(f"{server}/t/{code}")
    bram.wait_for_function("document.body.dataset.me === 'N'")


def test_a_spectator_link_shows_the_table_without_code_or_chat(server: str, fresh: Any) -> None:
    anna = fresh()
    code = create_table(anna, server, "Anna")
    expect(anna.locator("#renew-watch")).to_be_hidden()  # "New spectator link" once there is one
    link = make_link(anna, "watch")
    expect(anna.locator("#renew-watch")).to_be_visible()
    assert link.startswith(f"{server}/t/{code}#watch="), link

    frames: list[dict[str, Any]] = []
    carla = fresh(frames)
    carla.goto(link)
    expect(carla.locator("#lobby")).to_be_visible()
    assert "#" not in carla.url
    expect(carla.locator("#lobby")).to_contain_text("Je kijkt mee")
    expect(carla.locator("#table-code")).to_have_count(0)
    expect(carla.locator("#share-link")).to_have_count(0)
    anna.click("#start-table")
    expect(carla.locator("#table")).to_be_visible()
    carla.wait_for_function("['trump', 'play'].includes(document.body.dataset.phase)")
    expect(carla.locator("#chat")).to_be_hidden()
    expect(carla.locator("#host")).to_be_hidden()
    expect(carla.locator("[data-hand] [data-card]")).to_have_count(0)  # nobody's hand
    html = carla.content()
    assert code not in html and "/t/null" not in html
    assert frames and all(f["state"]["code"] is None for f in frames if f.get("type") in ("state", "update"))
    # Back on the table's page later, the kept spectator link is the way in: "Alleen kijken".
    carla.goto(f"{server}/t/{code}")
    expect(carla.locator("#watch-link")).to_be_visible()
    carla.click("#watch-link")
    expect(carla.locator("#table")).to_be_visible()
    # The host replaces the link: Carla is told and shut out, and her browser forgets the old one.
    anna.click("#renew-watch")
    expect(anna.locator("#host input[data-link=watch]")).not_to_have_value(link)
    expect(carla.get_by_text(re.compile("kijklink vervangen"))).to_be_visible()
    carla.goto(f"{server}/t/{code}")
    expect(carla.locator("#join")).to_be_visible()
    expect(carla.locator("#watch-link")).to_be_hidden()


def test_your_games_lists_this_browsers_games_only(server: str, fresh: Any) -> None:
    first = fresh()
    game_id = start_game(first, server, rules="Rotterdams")
    assert first.url == f"{server}/play/{game_id}"
    code = create_table(first, server, "Anna")
    table_id = first.evaluate(f"localStorage.getItem('klaverjas.table.{code}')")

    first.goto(server + "/play")
    games = first.locator("#games li")
    expect(games).to_have_count(2)
    links = dict(games.evaluate_all("ns => ns.map(n => [n.dataset.game, n.querySelector('a').getAttribute('href')])"))
    assert links == {game_id: f"/play/{game_id}", table_id: f"/t/{code}"}
    tokens = first.evaluate("Object.keys(localStorage).filter(k => k.startsWith('klaverjas.play.'))"
                            ".map(k => localStorage.getItem(k))")
    with urllib.request.urlopen(f"{server}/api/play?" + "&".join(f"token={t}" for t in tokens), timeout=10) as answer:
        words = {g["id"]: g["rules_words"] for g in json.loads(answer.read())}
    label = first.locator(f"#games li[data-game='{game_id}']")
    expect(label).to_have_text(f"{words[game_id]['nl']} · spel 1 · bezig")  # words, and the deal in play
    first.click("#lang-button")
    first.reload()
    expect(label).to_have_text(f"{words[game_id]['en']} · deal 1 · in play")
    assert "rotterdam(" not in first.content()

    second = fresh()
    own = start_game(second, server)
    second.goto(server + "/play")
    expect(second.locator("#games li")).to_have_count(1)  # its own game, none of the other browser's
    expect(second.locator(f"#games li[data-game='{own}']")).to_have_count(1)


def test_a_game_link_opens_the_game_on_another_device(server: str, fresh: Any) -> None:
    created = post(server, "/api/play", {"preset": "amsterdam", "levels": ["basic"] * 3, "pace": 0})
    assert created["link"] == f"/play/{created['id']}#token={created['token']}"
    page = fresh()
    page.goto(server + created["link"])
    page.wait_for_function("document.body.dataset.me === 'S'")
    expect(page.locator("[data-hand] [data-card]")).to_have_count(8)
    assert page.url == f"{server}/play/{created['id']}"  # no token in the address bar
    assert page.evaluate(f"localStorage.getItem('klaverjas.play.{created['id']}')") == created["token"]
    page.reload()
    page.wait_for_function("document.body.dataset.me === 'S'")
    expect(page.locator("[data-hand] [data-card]")).to_have_count(8)


def test_a_table_seat_link_opens_the_table_on_another_device(server: str, fresh: Any) -> None:
    created = post(server, "/api/tables", {"preset": "amsterdam", "name": "Anna", "seat": "E", "pace": 0})
    assert created["link"] == f"/t/{created['code']}#token={created['token']}"
    page = fresh()
    page.goto(server + created["link"])
    expect(page.locator("#start-table")).to_be_visible()  # the host's seat, on a device that never saw it
    assert page.url == f"{server}/t/{created['code']}"
    page.wait_for_function("document.body.dataset.me === 'E'")


def test_a_game_that_is_not_there_stops_knocking_and_offers_a_new_one(server: str, fresh: Any) -> None:
    frames: list[dict[str, Any]] = []
    page = fresh(frames)
    page.goto(server + "/play/no-such-game")
    expect(page.get_by_role("alert")).to_have_text("Dit spel bestaat niet.")
    expect(page.locator("#setup")).to_be_visible()  # the start screen, to begin a new one
    expect(page.locator("#table")).to_be_hidden()
    expect(page.locator("#announce")).not_to_have_text("Verbinding herstellen…")
    page.wait_for_timeout(1500)  # long enough for the page's first retries (250 ms, doubling)
    assert [f.get("code") for f in frames if f.get("type") == "error"] == ["no_game"]  # asked once, not again


def test_the_host_is_offered_only_the_seats_he_may_give_away(server: str, fresh: Any) -> None:
    """A seat whose player is at the table is never offered for an invitation (the server would refuse it)."""
    anna = fresh()
    code = create_table(anna, server, "Anna")
    seats = anna.locator("#invite-seat option")
    expect(seats).to_have_text(["Noord", "Oost", "West"])  # the open chairs; never her own
    bram = fresh()
    bram.goto(f"{server}/t/{code}")
    bram.fill("#join-form input[name=name]", "Bram")
    bram.click("#join-seats button[data-seat=N]")
    expect(bram.locator("#lobby")).to_be_visible()
    expect(seats).to_have_text(["Oost", "West"])  # Bram holds North
    anna.click("#start-table")
    expect(anna.locator("#table")).to_be_visible()
    expect(seats).to_have_text(["Oost", "West"])  # the computer players' seats, not Bram's
    # With every other seat held by someone here, nothing to invite to, and that is said.
    for seat, name in (("E", "Carla"), ("W", "Daan")):
        anna.select_option("#invite-seat", seat)
        friend = fresh()
        friend.goto(make_link(anna, "invite"))
        friend.fill("#join-form input[name=name]", name)
        friend.click("#join-invited")
        expect(friend.locator("#table")).to_be_visible()
    expect(seats).to_have_count(0)
    expect(anna.locator("#make-invite")).to_be_disabled()
    expect(anna.locator("#invite-none")).to_be_visible()


def test_the_host_panel_follows_the_language_and_says_a_refusal_in_it(server: str, fresh: Any) -> None:
    """The host's tools are built once per game, yet their words follow the language switch; an invitation the
    server refuses (the seat was taken while its state was on its way) is said as the reason, in either language."""
    anna = fresh()
    held: list[str | bytes] = []
    route: dict[str, Any] = {"holding": False}

    def through(ws: Any) -> None:  # the table's states reach the page, except while held back
        route["page"] = ws
        ws.connect_to_server().on_message(lambda m: held.append(m) if route["holding"] else ws.send(m))

    anna.route_web_socket(re.compile(r"/ws/play/"), through)
    code = create_table(anna, server, "Anna")
    host = anna.locator("#host")
    expect(host.get_by_role("heading")).to_have_text("Uitnodigen")
    expect(anna.locator("#make-invite")).to_have_text("Uitnodiging maken")
    make_link(anna, "watch")
    expect(host.locator("[data-made=watch]")).to_contain_text("Kijklink (zonder code en chat)")

    route["holding"] = True
    post(server, f"/api/tables/{code}/join", {"name": "Bram", "seat": "N"})
    anna.select_option("#invite-seat", "N")  # still offered: the state that says Bram sits there is held back
    anna.click("#make-invite")
    error = anna.locator("#host-error")
    expect(error).to_have_text("Op de plaats Noord zit iemand die er is.")
    expect(host.locator("[data-made=invite]")).to_have_count(0)

    anna.click("#lang-button")
    expect(host.get_by_role("heading")).to_have_text("Invite")
    expect(host.get_by_role("combobox", name="Seat")).to_be_visible()
    expect(anna.locator("#make-invite")).to_have_text("Make an invitation")
    expect(anna.locator("#make-watch")).to_have_text("Make a spectator link")
    expect(anna.locator("#renew-watch")).to_have_text("New spectator link")
    expect(host.locator("[data-made=watch]")).to_contain_text("Spectator link (no code, no chat)")
    expect(host.get_by_role("textbox", name="Spectator link (no code, no chat)")).to_have_value(re.compile("#watch="))
    expect(host.locator("[data-copy=watch]")).to_have_text("Copied")
    expect(error).to_have_text("Seat North is taken by someone who is here.")
    anna.click("#lang-button")
    expect(error).to_have_text("Op de plaats Noord zit iemand die er is.")
    expect(host.get_by_role("heading")).to_have_text("Uitnodigen")

    route["holding"] = False
    for message in held:
        route["page"].send(message)
    expect(anna.locator("#invite-seat option")).to_have_text(["Oost", "West"])
    anna.click("#make-invite")  # a seat that may be given: the link, and the refusal's line empty again
    expect(host.locator("[data-made=invite]")).to_contain_text("Uitnodiging voor Oost")
    expect(error).to_have_text("")
