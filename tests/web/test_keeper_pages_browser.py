"""The score keeper's pages in Debian's Chromium as a keeper meets them: every refusal in the page's language (a
link withdrawn, a sheet or deal deleted on another phone, a setting or a name the sheet refuses, a server out of
reach), a new link after a withdrawn one, the share dialog after a withdrawal, who deals first by name, a match
end of any number in words, and the header on a desktop."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.conftest import HAVE_CHROMIUM, live_server, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, expect

DEAL = {"makers": "NS", "points": {"NS": 100}}
WITHDRAWN = {"nl": "Deze link opent geen lijst: hij is ingetrokken, of nooit op deze server gemaakt.",
             "en": "This link opens no sheet: it was withdrawn, or never made on this server."}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("keeper") / "sheets.db") as url:
        yield url


@pytest.fixture
def pages(new_page: Callable[..., Page]) -> Callable[..., Page]:
    """Opens pages, each in a context of its own (a phone of its own); scripts' errors fail the test."""
    def open_page(locale: str = "nl-NL", width: int = 390, height: int = 844) -> Page:
        return new_page(viewport={"width": width, "height": height}, locale=locale)
    return open_page


def api(server: str, method: str, path: str, token: str | None = None, body: Any = None) -> Any:
    headers = {"X-Klaverjas": "1", **({"Authorization": f"Bearer {token}"} if token else {})}
    r = httpx.request(method, server + path, headers=headers, json=body)
    assert r.status_code < 400, r.text
    return r.json() if r.content else None


def new_sheet(server: str, deals: int = 0, settings: dict[str, Any] | None = None) -> tuple[int, str, list[int]]:
    """A sheet made through the API with ``deals`` deals: its id, owner token and deal ids."""
    made = api(server, "POST", "/api/sheets", body=settings or {})
    sid, owner = made["id"], made["owner_token"]
    ids = [api(server, "POST", f"/api/sheets/{sid}/deals", owner, DEAL)["deal_id"] for _ in range(deals)]
    return sid, owner, ids


def share(server: str, sid: int, owner: str, mode: str) -> dict[str, Any]:
    shared: dict[str, Any] = api(server, "POST", f"/api/sheets/{sid}/shares", owner, {"mode": mode})
    return shared


def open_link(page: Page, server: str, link: str) -> None:
    page.goto(server + link)
    expect(page.get_by_test_id("total-NS")).to_be_visible()


def test_a_withdrawn_link_and_a_sheet_without_one_are_refused_in_the_pages_language(server: str, pages: Any) -> None:
    sid, owner, _ = new_sheet(server, deals=1)
    shared = share(server, sid, owner, "read")
    viewer, english = pages(), pages("en-GB")
    for page in (viewer, english):
        open_link(page, server, shared["link"])
    api(server, "DELETE", f"/api/sheets/{sid}/shares/{shared['id']}", owner)
    for page, lang in ((viewer, "nl"), (english, "en")):
        page.reload()
        expect(page.get_by_role("alert")).to_have_text(WITHDRAWN[lang])
    stranger = pages()
    stranger.goto(f"{server}/keeper#/sheet/{sid}")
    expect(stranger.get_by_role("alert")).to_have_text("Deze lijst opent alleen met een van haar links.")


def test_an_editor_shut_out_meanwhile_is_told_why_in_dutch(server: str, pages: Any) -> None:
    sid, owner, _ = new_sheet(server, deals=1)
    shared = share(server, sid, owner, "edit")
    editor = pages()
    open_link(editor, server, shared["link"])
    editor.get_by_test_id("new-round").click()
    editor.get_by_test_id("makers").get_by_label("Wij", exact=True).check()
    editor.get_by_label("Punten Wij", exact=True).fill("90")
    api(server, "DELETE", f"/api/sheets/{sid}/shares/{shared['id']}", owner)
    editor.get_by_test_id("save").click()
    expect(editor.locator('[id="err-form"]')).to_have_text(WITHDRAWN["nl"])
    editor.get_by_role("link", name="Annuleren").click()  # the sheet itself no longer opens
    expect(editor.get_by_role("alert")).to_have_text(WITHDRAWN["nl"])
    # The owner sends a new link: it opens the sheet, in place of the one withdrawn that this phone held.
    shared = share(server, sid, owner, "edit")
    open_link(editor, server, shared["link"])
    # An editor whose ↶ is refused hears why, not that there was nothing to undo.
    api(server, "DELETE", f"/api/sheets/{sid}/shares/{shared['id']}", owner)
    editor.get_by_test_id("undo").click()
    expect(editor.get_by_role("alert")).to_have_text(WITHDRAWN["nl"])
    assert "ongedaan" not in editor.locator("main").inner_text()


def test_what_a_person_types_wrong_is_said_at_the_field_in_words_that_fit(server: str, pages: Any) -> None:
    page = pages()
    page.goto(server + "/keeper#/new")
    page.get_by_label("Team 1 (Noord/Zuid)", exact=True).fill("Wij \U0001F468\u200D\U0001F469")  # an emoji's joiner
    page.get_by_role("button", name="Lijst maken").click()
    expect(page.locator('[id="err-teams.NS"]')).to_have_text(
        "Een naam mag geen onzichtbare tekens of stuurtekens bevatten (zoals een verbindingsteken in een emoji).")
    expect(page.get_by_label("Team 1 (Noord/Zuid)", exact=True)).to_be_focused()
    page.get_by_label("Team 1 (Noord/Zuid)", exact=True).fill("Wij")
    page.get_by_role("button", name="Lijst maken").click()
    page.get_by_test_id("new-round").click()
    page.get_by_test_id("makers").get_by_label("Wij", exact=True).check()
    page.get_by_label("Punten Wij", exact=True).fill("81.5")
    page.get_by_test_id("save").click()
    expect(page.locator('[id="err-points.NS"]')).to_have_text("Vul een geldig heel getal in.")


def test_a_match_end_before_the_deals_on_the_sheet_is_refused_as_such(server: str, pages: Any) -> None:
    sid, owner, _ = new_sheet(server, deals=17, settings={"match_end": "open"})
    page = pages()
    open_link(page, server, f"/keeper#sheet={sid}&token={owner}")
    page.get_by_role("link", name="Instellingen").click()
    page.get_by_test_id("match_end").get_by_label("16 rondes").check()
    page.get_by_role("button", name="Opslaan").click()
    expect(page.locator('[id="err-form"]')).to_have_text(
        "Met dit einde is de partij al afgelopen vóór ronde 17: verwijder eerst de latere rondes, of kies een ander "
        "einde.")


def test_a_deal_deleted_on_another_phone_or_behind_back_is_said_to_be_gone(server: str, pages: Any) -> None:
    sid, owner, ids = new_sheet(server, deals=3)
    page = pages()
    open_link(page, server, f"/keeper#sheet={sid}&token={owner}")
    page.get_by_role("link", name="Ronde 1 bewerken").click()
    page.get_by_label("Punten Wij", exact=True).fill("90")
    api(server, "DELETE", f"/api/sheets/{sid}/deals/{ids[0]}", owner)  # another phone
    page.get_by_test_id("save").click()
    expect(page.get_by_role("alert")).to_have_text("Deze ronde staat niet (meer) op de lijst.")
    page.get_by_role("link", name="Terug naar de lijst").click()
    expect(page.get_by_test_id("deal-3")).to_have_count(0)
    # Deleted here, then Back to its form: the deal is gone, the sheet is not.
    page.get_by_role("link", name="Ronde 2 bewerken").click()
    page.get_by_test_id("delete").click()
    expect(page.get_by_test_id("deal-1")).to_be_visible()
    expect(page.get_by_test_id("deal-2")).to_have_count(0)
    page.go_back()
    expect(page.get_by_role("alert")).to_have_text("Deze ronde staat niet (meer) op de lijst.")


def test_a_sheet_deleted_on_another_phone_is_gone_as_asked(server: str, pages: Any) -> None:
    sid, owner, _ = new_sheet(server, deals=1)
    page = pages()
    page.on("dialog", lambda dialog: dialog.accept())
    open_link(page, server, f"/keeper#sheet={sid}&token={owner}")
    page.get_by_role("link", name="Instellingen").click()
    # The settings are open before the sheet goes: deleted sooner, the page already says it is gone.
    expect(page.get_by_role("button", name="Lijst verwijderen")).to_be_visible()
    api(server, "DELETE", f"/api/sheets/{sid}", owner)
    page.get_by_role("button", name="Lijst verwijderen").click()
    expect(page.get_by_role("heading", name="Scorelijsten")).to_be_visible()
    assert page.evaluate(f"JSON.parse(localStorage.getItem('klaverjas.keeper.tokens'))['{sid}']") is None
    # Its settings saved from a form still open elsewhere: the sheet is said to be gone.
    sid, owner, _ = new_sheet(server)
    open_link(page, server, f"/keeper#sheet={sid}&token={owner}")
    page.get_by_role("link", name="Instellingen").click()
    expect(page.get_by_role("button", name="Opslaan")).to_be_visible()
    api(server, "DELETE", f"/api/sheets/{sid}", owner)
    page.get_by_role("button", name="Opslaan").click()
    expect(page.get_by_role("alert")).to_have_text("Deze lijst bestaat niet (meer).")


def test_a_server_out_of_reach_is_said_in_dutch(tmp_path: Path, pages: Any) -> None:
    page = pages()
    with live_server(tmp_path / "gone.db") as url:
        sid, owner, _ = new_sheet(url)
        open_link(page, url, f"/keeper#sheet={sid}&token={owner}")
        page.get_by_test_id("new-round").click()
        page.get_by_test_id("makers").get_by_label("Wij", exact=True).check()
        page.get_by_label("Punten Wij", exact=True).fill("90")
    page.get_by_test_id("save").click()
    expect(page.locator('[id="err-form"]')).to_have_text(
        "De server is niet bereikbaar: controleer de verbinding en probeer het opnieuw.")


def test_a_withdrawn_link_is_no_longer_offered_for_copying(server: str, pages: Any) -> None:
    sid, owner, _ = new_sheet(server)
    page = pages()
    open_link(page, server, f"/keeper#sheet={sid}&token={owner}")
    page.get_by_test_id("share").click()
    page.get_by_test_id("share-read").click()
    expect(page.get_by_test_id("share-url")).to_be_visible()
    page.get_by_test_id("withdraw").click()
    expect(page.get_by_test_id("share-url")).to_be_hidden()
    expect(page.get_by_test_id("shares")).to_have_text("Geen enkele link opent de lijst.")


def test_who_deals_first_is_offered_by_the_names_typed(server: str, pages: Any) -> None:
    page = pages()
    page.goto(server + "/keeper#/new")
    for i, name in enumerate(["Ann", "Bob", "Cor", "Dirk"]):
        page.get_by_label(f"Speler {i + 1} ·").fill(name)
    page.get_by_test_id("first_dealer").get_by_label("Cor", exact=True).check()
    page.get_by_role("button", name="Lijst maken").click()
    expect(page.get_by_test_id("dealer")).to_have_text("Deelt nu: Cor")


@pytest.mark.parametrize(("locale", "words"), [("nl-NL", ["Amsterdams · 162 punten", "Rotterdams · 1 ronde"]),
                                               ("en-GB", ["Amsterdam · 162 points", "Rotterdam · 1 deal"])])
def test_a_match_end_of_any_number_is_said_in_words(server: str, pages: Any, locale: str, words: list[str]) -> None:
    page = pages(locale)
    lang = locale[:2]
    sid, owner, _ = new_sheet(server, deals=1, settings={"match_end": "points:162"})  # Wij 100, Zij 62
    open_link(page, server, f"/keeper#sheet={sid}&token={owner}")
    expect(page.locator(".rules-line")).to_have_text(words[0])
    # A match to points says how far each side still has to go, at a glance and in the table's foot.
    for team, left in (("NS", 62), ("EW", 100)):
        expect(page.get_by_test_id(f"to-go-{team}")).to_have_text(said(lang, "to_go", n=left))
        expect(page.get_by_test_id(f"left-{team}")).to_have_text(str(left))
    # Both at the target with equal totals play on: nothing to go, and the sheet says why the match goes on.
    api(server, "POST", f"/api/sheets/{sid}/deals", owner, {"makers": "EW", "points": {"EW": 100}})
    page.reload()
    expect(page.locator(".progress")).to_have_text(said(lang, "progress_level", of=162))
    expect(page.locator(".to-go")).to_have_count(0)
    # One side ahead past the target: the result in place of what was to go.
    api(server, "POST", f"/api/sheets/{sid}/deals", owner, DEAL)
    page.reload()
    expect(page.get_by_test_id("winner")).to_have_text(said(lang, "winner", team="Wij"))
    expect(page.locator(".to-go")).to_have_count(0)
    sid, owner, _ = new_sheet(server, settings={"rules": "rotterdam", "match_end": "deals:1"})
    open_link(page, server, f"/keeper#sheet={sid}&token={owner}")
    expect(page.locator(".rules-line")).to_have_text(words[1])


@pytest.mark.parametrize(("locale", "intro", "none"), [
    ("nl-NL", "Houd de stand bij van een partij met echte kaarten", "Nog geen lijsten op dit apparaat."),
    ("en-GB", "Keep the score of a game played with real cards", "No sheets on this device yet.")])
def test_a_first_visit_says_what_the_score_keeper_does_before_any_sheet(server: str, pages: Any, locale: str,
                                                                         intro: str, none: str) -> None:
    page = pages(locale)
    page.goto(server + "/keeper")
    expect(page.get_by_text(none)).to_be_visible()
    said = page.locator("main p", has_text=intro)
    expect(said).to_be_visible()
    expect(said).to_contain_text("nat")
    # Between the heading and the button that makes the first sheet.
    boxes = [page.locator(sel).bounding_box() for sel in ("main h1", "main p >> nth=0", "[data-testid=new-sheet]")]
    assert all(b is not None for b in boxes)
    tops = [b["y"] for b in boxes if b is not None]
    assert tops == sorted(tops), tops


@pytest.mark.parametrize(("locale", "width"), [("nl-NL", 1280), ("en-GB", 1280), ("en-GB", 320)])
def test_the_header_keeps_the_language_button_on_its_first_row(server: str, pages: Any, locale: str,
                                                                width: int) -> None:
    page = pages(locale, width, 800)
    page.goto(server + "/keeper")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    brand, lang = (page.locator(sel).bounding_box() for sel in ("#topbar .brand", "#lang-button"))
    assert brand is not None and lang is not None
    # On the brand's row, not a row of its own ('Nederlands' on a 320 px phone too), as tall as the brand's link.
    assert lang["y"] < brand["y"] + brand["height"], (brand, lang)
    assert lang["height"] >= brand["height"] >= 40, (brand, lang)
    # 'All sheets' leads nowhere new on the list itself; on a sheet it is there, but at 320 px not on a row alone
    # (the header keeps two rows: brand and settings, then the sections).
    expect(page.locator("#topbar .nav")).to_be_hidden()
    sid, owner, _ = new_sheet(server)
    open_link(page, server, f"/keeper#sheet={sid}&token={owner}")
    expect(page.locator("table.sheet")).to_be_visible()
    rows = page.eval_on_selector_all("#topbar a, #topbar summary, #topbar button",
                                      "els => [...new Set(els.filter(e => e.offsetParent)"
                                      ".map(e => Math.round(e.getBoundingClientRect().top)))]")
    assert len(rows) == 2, rows
    if width > 320:
        expect(page.locator("#topbar .nav")).to_be_visible()


def test_a_deal_opened_to_correct_it_puts_the_focus_on_its_own_makers(server: str, pages: Any) -> None:
    sid, owner, _ = new_sheet(server)
    deal = api(server, "POST", f"/api/sheets/{sid}/deals", owner, {"makers": "EW", "points": {"EW": 100}})["deal_id"]
    link = share(server, sid, owner, "edit")["link"]
    page = pages()
    open_link(page, server, link)
    expect(page).to_have_title(page.locator("h1").inner_text() + " · Klaverjas")  # the sheet's teams, per tab
    page.goto(f"{server}/keeper#/sheet/{sid}/deal/{deal}")
    expect(page.locator("#fs-makers input:checked")).to_be_focused()  # Zij, the deal's makers, not the first radio
    expect(page).to_have_title(page.locator("h1").inner_text() + " · Klaverjas")
    assert page.evaluate("document.activeElement.value") == "EW"
    # Delete is under the save bar, not in it: on a phone of 320 px the bar keeps to one row.
    page.set_viewport_size({"width": 320, "height": 568})
    expect(page.get_by_test_id("preview")).not_to_be_empty()
    expect(page.locator('.deal-bar [data-testid="delete"]')).to_have_count(0)
    expect(page.get_by_test_id("delete")).to_be_visible()
    bar = page.locator(".deal-bar").bounding_box()
    assert bar is not None and bar["height"] <= 568 * .2, bar


# --- entering a deal at the table -----------------------------------------------------------------------------

I18N = Path(__file__).resolve().parents[2] / "src" / "klaverjas" / "web" / "static" / "i18n"


def said(lang: str, key: str, **facts: object) -> str:
    """A keeper text of the page's own files, its {placeholders} filled in (no plural forms)."""
    text: str = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))["keeper"][key]
    return text.format(**facts)


def preview(server: str, sid: int, token: str, body: dict[str, Any]) -> dict[str, Any]:
    """What the server says the deal would score (the form's preview asks the same)."""
    answer: dict[str, Any] = api(server, "POST", f"/api/sheets/{sid}/preview", token, body)
    return answer


def test_the_deal_form_says_what_a_deal_scores_before_it_is_saved(server: str, pages: Any) -> None:
    sid, owner, _ = new_sheet(server, settings={"players": ["Ann", "Bob", "Cor", "Dirk"]})
    page = pages()
    open_link(page, server, f"/keeper#sheet={sid}&token={owner}")
    page.get_by_test_id("new-round").click()
    expect(page.get_by_test_id("deal-turn")).to_have_text(said("nl", "deal_turn", dealer="Ann", leader="Bob"))
    # Who played, by the players of each side; a tap there puts the keyboard on that side's points.
    page.get_by_test_id("makers").get_by_role("radio", name="Wij · Ann & Cor").check()
    expect(page.get_by_label("Punten Wij", exact=True)).to_be_focused()
    page.keyboard.type("82")
    page.get_by_label("Roem Zij +20", exact=True).click()
    nat = preview(server, sid, owner, {"makers": "NS", "points": {"NS": 82}, "roem": {"EW": 20}})
    assert nat["nat"] and nat["score"] == {"NS": 0, "EW": 182}
    box = page.get_by_test_id("preview")
    scores = f"Wij {nat['score']['NS']} – Zij {nat['score']['EW']}"
    expect(box).to_contain_text(said("nl", "preview_scores", scores=scores))
    expect(box).to_contain_text(said("nl", "preview_nat", other="Zij"))
    expect(box).to_contain_text(said("nl", "preview_totals", a=0, b=182))
    # Points that do not add up are said at once, in the page's language, with what they make.
    page.get_by_label("Punten Zij", exact=True).fill("70")
    expect(box).to_have_text("De punten zijn samen 152 en niet 162.")
    # Saved as it is, the deal is refused in the preview's words, at the points.
    page.get_by_test_id("save").click()
    expect(page.locator('[id="err-points"]')).to_have_text("De punten zijn samen 152 en niet 162.")
    page.get_by_label("Punten Zij", exact=True).fill("80")
    expect(box).to_contain_text(said("nl", "preview_nat", other="Zij"))
    # On a phone of 320 px the save bar keeps to one row of 44 px buttons under a tight preview.
    page.set_viewport_size({"width": 320, "height": 568})
    bar, save, cancel = (page.locator(sel).bounding_box() for sel in
                         (".deal-bar", '[data-testid="save"]', ".deal-bar a.button"))
    assert bar is not None and save is not None and cancel is not None
    assert bar["height"] <= 568 * .22 and save["y"] == cancel["y"], (bar, save, cancel)
    assert min(save["height"], cancel["height"]) >= 44, (save, cancel)
    page.set_viewport_size({"width": 390, "height": 844})
    assert api(server, "GET", f"/api/sheets/{sid}", owner)["deals"] == []  # a preview stores nothing
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("total-EW")).to_have_text("182")
    # Who dealt the deal is in its row: the name in sight, a sentence for a screen reader.
    dealt = page.get_by_test_id("deal-1").get_by_test_id("dealt")
    expect(dealt.locator('[aria-hidden="true"]')).to_have_text("Ann")
    expect(dealt.locator(".sr-only")).to_have_text(said("nl", "dealt_by", name="Ann"))
    # The sheet says what was saved, as the server scored it, and the next deal is one tap (or Enter) away.
    expect(page.get_by_test_id("flash")).to_have_text(said("nl", "saved_deal", n=1, scores=scores))
    expect(page.get_by_test_id("new-round")).to_be_focused()
    # Who deals and who leads next stay in view on the sheet.
    expect(page.get_by_test_id("dealer")).to_have_text(said("nl", "dealer_next", name="Bob"))
    expect(page.get_by_test_id("leader")).to_have_text(said("nl", "leader_next", name="Cor"))
    # ↶ says what it reversed.
    page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("flash")).to_have_text(said("nl", "undone_add"))
    expect(page.get_by_test_id("total-EW")).to_have_text("0")


def test_a_keyboard_pick_of_who_played_leaves_the_focus_where_it_is(server: str, pages: Any) -> None:
    sid, owner, _ = new_sheet(server)
    page = pages()
    open_link(page, server, f"/keeper#sheet={sid}&token={owner}")
    page.get_by_test_id("new-round").click()
    expect(page.get_by_test_id("makers").get_by_role("radio", name="Wij")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("makers").get_by_role("radio", name="Zij")).to_be_focused()


def test_a_south_african_deal_ticked_as_stopped_after_its_points_keeps_only_those(server: str, pages: Any) -> None:
    sid, owner, _ = new_sheet(server, deals=0, settings={"rules": "sa"})
    api(server, "POST", f"/api/sheets/{sid}/deals", owner, {"points": {"NS": 84}, "roem": {"EW": 20}})
    page = pages("en-GB")
    open_link(page, server, f"/keeper#sheet={sid}&token={owner}")
    page.get_by_test_id("new-round").click()
    page.get_by_label("Points Wij", exact=True).fill("33")
    expect(page.get_by_label("Points Zij", exact=True)).to_have_value("113")
    page.get_by_label("Stopped: a team went on").check()  # ticked after the points, as a table does
    expect(page.get_by_label("Points Zij", exact=True)).to_have_value("")
    on = preview(server, sid, owner, {"points": {"NS": 33}, "stopped": True})
    assert on["went_on"] == {"team": "NS", "strokes": 1} and on["carry"] == {"NS": 117, "EW": 82}
    expect(page.get_by_test_id("preview")).to_contain_text("Wij go on: 1 stroke")
    # More than all the card points (146) on a stopped deal: refused on saving in the preview's words.
    page.get_by_label("Points Zij", exact=True).fill("120")
    expect(page.get_by_test_id("preview")).to_have_text("Points add up to 153, more than 146.")
    page.get_by_test_id("save").click()
    expect(page.locator('[id="err-points"]')).to_have_text("Points add up to 153, more than 146.")
    page.get_by_label("Points Zij", exact=True).fill("")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("game-1")).to_contain_text("Wij go on: 1 stroke")


def test_the_end_of_a_match_says_by_how_much_and_starts_a_return_match(server: str, pages: Any) -> None:
    players = ["Annemarie van den Berg", "Bob", "Cor", "Dirk"]
    sid, owner, _ = new_sheet(server, settings={"players": players, "match_end": "deals:2",
                                                "title": "Vrijdag"})
    for body in ({"makers": "NS", "points": {"NS": 100}}, {"makers": "EW", "points": {"EW": 91}, "roem": {"EW": 20}}):
        api(server, "POST", f"/api/sheets/{sid}/deals", owner, body)
    sheet = api(server, "GET", f"/api/sheets/{sid}", owner)
    assert sheet["over"] and sheet["winner"] == "EW"
    margin = sheet["totals"]["EW"] - sheet["totals"]["NS"]
    page = pages("en-GB")
    open_link(page, server, f"/keeper#sheet={sid}&token={owner}")
    expect(page.get_by_test_id("winner")).to_have_text(said("en", "winner", team="Zij"))
    expect(page.get_by_test_id("margin")).to_have_text(f"by {margin} points")
    # Who dealt each deal, a long name cut short: the sheet stays within a phone of 360 px.
    page.set_viewport_size({"width": 360, "height": 740})
    expect(page.get_by_test_id("dealt")).to_have_count(2)
    expect(page.get_by_test_id("deal-2").get_by_test_id("dealt")).to_contain_text(said("en", "dealt_by", name="Bob"))
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    number = page.get_by_test_id("deal-1").locator("th").bounding_box()
    assert number is not None and number["width"] <= 80, number  # the number's column, not the name's
    page.get_by_test_id("return-match").click()
    expect(page.get_by_test_id("flash")).to_have_text(said("en", "return_made"))
    expect(page.get_by_test_id("total-NS")).to_have_text("0")
    new_id = int(page.url.rsplit("/", 1)[1])
    assert new_id != sid
    token = page.evaluate(f"JSON.parse(localStorage.getItem('klaverjas.keeper.tokens'))['{new_id}'].token")
    again = api(server, "GET", f"/api/sheets/{new_id}", token)
    assert (again["players"], again["title"], again["match_end"], again["rules"]) == (players, "Vrijdag", "deals:2",
                                                                                     "amsterdam")
    # The deal passes on: Ann and Bob dealt the two deals, so Cor deals the first of the return match.
    expect(page.get_by_test_id("dealer")).to_have_text(said("en", "dealer_next", name="Cor"))
