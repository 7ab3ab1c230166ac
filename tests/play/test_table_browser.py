"""The card table in Debian's Chromium, on a phone and on a desktop: a whole 16-deal match through the page
contract (face-up cards `data-card`, face-down `data-card-back`, the hand in `[data-hand]`, each seat's area
`data-seat`, the match totals in `[data-score]`), checked against the state the server sent the page; refusals
explained (role=alert), the last trick on demand, the review board with its stepper, an outage said aloud."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from tests.browser_steps import create_table, dealt, start_game
from tests.conftest import HAVE_CHROMIUM, needs_chromium

from klaverjas.core import card_name, cards_of
from klaverjas.web.learn.lessons import CardStep, load_lessons

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, WebSocketRoute, expect

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
WAIT_FOR_ME = ("document.body.dataset.toMove === 'S' || "
               "['deal_over', 'match_over'].includes(document.body.dataset.phase)")
# What the page draws, read in one call: per seat on the felt its backs and faces, the hand, the totals.
DRAWN = """() => {
  const seats = {};
  const labels = {};
  for (const node of document.querySelectorAll('.felt [data-seat]')) {
    seats[node.dataset.seat] = node.querySelectorAll('[data-card-back]').length;
    labels[node.dataset.seat] = node.getAttribute('aria-label');
  }
  const visible = (sel) => { const n = document.querySelector(sel); const r = n && n.getBoundingClientRect();
    return Boolean(r && r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight); };
  return { seq: document.body.dataset.seq, backs: seats, labels,
    hand: [...document.querySelectorAll('[data-hand] [data-card]')].map((n) => n.dataset.card),
    trick: [...document.querySelectorAll('#trick [data-card]')]
      .map((n) => [n.dataset.card, n.getAttribute('aria-label')]),
    scores: Object.fromEntries(['NS', 'EW'].map((t) => [t, document.querySelector(`[data-score=${t}]`).textContent])),
    scoresVisible: visible('[data-score=NS]') && visible('[data-score=EW]'),
    deal: document.querySelector('[data-deal]') && document.querySelector('[data-deal]').dataset.deal };
}"""


class Outage:
    """Passes the page's sockets through to the server; `start` drops them and refuses new ones until `end`."""

    def __init__(self) -> None:
        self.down = False
        self.sockets: list[WebSocketRoute] = []

    def route(self, ws: WebSocketRoute) -> None:
        if self.down:
            ws.close()
            return
        ws.connect_to_server()
        self.sockets.append(ws)

    def start(self) -> None:
        self.down = True
        for ws in self.sockets:
            ws.close()
        self.sockets.clear()

    def end(self) -> None:
        self.down = False


@pytest.fixture(params=sorted(VIEWPORTS))
def table_page(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Page, list[dict[str, Any]]]]:
    ctx = browser.new_context(bypass_csp=True, viewport=VIEWPORTS[request.param], locale="nl-NL",
                              has_touch=request.param == "phone")
    page = ctx.new_page()
    page.set_default_timeout(15000)
    errors: list[str] = []
    states: list[dict[str, Any]] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def listen(ws: Any) -> None:
        def frame(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") in ("state", "update"):
                states.append(message["state"])
        ws.on("framereceived", frame)

    page.on("websocket", listen)
    yield request.param, page, states
    ctx.close()
    assert not errors, errors


SUIT_NL = {"C": "klaveren", "D": "ruiten", "H": "harten", "S": "schoppen"}
RANK_NL = {"7": "zeven", "8": "acht", "9": "negen", "T": "tien", "J": "boer", "Q": "vrouw", "K": "heer", "A": "aas"}


def seat_name_nl(seat: str) -> str:
    return {"N": "Noord", "E": "Oost", "W": "West", "S": "Jij"}[seat]


def check_drawn(page: Page, state: dict[str, Any]) -> None:
    """The page shows what the server's last state says: backs per seat = cards left, our hand, the totals."""
    page.wait_for_function(f"document.body.dataset.seq === '{state['seq']}'")
    drawn = page.evaluate(DRAWN)
    if state["phase"] in ("play", "trump"):
        for seat in ("N", "E", "W"):
            assert drawn["backs"][seat] == state["hand_counts"][seat], (seat, drawn["backs"], state["hand_counts"])
            n = state["hand_counts"][seat]  # a screen reader hears the count of backs: "West · 1 kaart"
            assert drawn["labels"][seat] == f"{seat_name_nl(seat)} · {n} kaart{'en' * (n != 1)}", drawn["labels"]
        assert drawn["backs"]["S"] == 0  # our own cards are face up, in the hand
        assert sorted(drawn["hand"]) == sorted(c["card"] for c in state["hand"])
        assert len(drawn["hand"]) == state["hand_counts"]["S"]
        assert [card for card, _ in drawn["trick"]] == [p["card"] for p in state["trick"]]
        for (_, label), played in zip(drawn["trick"], state["trick"], strict=True):
            card = played["card"]
            assert label == f"{seat_name_nl(played['seat'])} speelde {SUIT_NL[card[1]]} {RANK_NL[card[0]]}", label
    assert drawn["scoresVisible"]
    for team in ("NS", "EW"):
        assert drawn["scores"][team] == str(state["sheet"]["totals"][team]), drawn["scores"]


def test_a_whole_match_at_the_table(server: str, table_page: tuple[str, Page, list[dict[str, Any]]]) -> None:
    kind, page, states = table_page
    outage = Outage()
    page.route_web_socket(re.compile(r"/ws/play/"), outage.route)
    start_game(page, server, wait_for="")
    refused = lasted = reviewed = interrupted = keyed = False
    deals = 0
    hand_row_checked = False
    while True:
        page.wait_for_function(WAIT_FOR_ME)
        phase = page.evaluate("document.body.dataset.phase")
        seq = page.evaluate("document.body.dataset.seq")
        state = next(s for s in reversed(states) if str(s["seq"]) == seq)
        check_drawn(page, state)
        if phase == "match_over":
            break
        if phase == "deal_over":
            deals += 1
            if not reviewed:
                check_review(server, page)
                reviewed = True
            page.click("#next-button")
            if deals == 1:  # the review of deal 1 closes when deal 2 starts
                page.wait_for_function("document.body.dataset.phase !== 'deal_over'")
                expect(page.locator("#review")).to_be_hidden()
        elif phase == "trump":
            page.locator("#decision button").first.click()
        else:
            if not hand_row_checked and len(state["hand"]) == 8:
                dealt(page)
                tops = page.locator("[data-hand] [data-card]").evaluate_all(
                    "nodes => nodes.map(n => Math.round(n.getBoundingClientRect().top))")
                assert max(tops) - min(tops) < 20, tops  # one row (the playable cards stand a little higher)
                hand_row_checked = True
            illegal = page.locator("[data-hand] .card[aria-disabled=true]")
            if not refused and illegal.count():
                reason_id = illegal.first.get_attribute("aria-describedby")
                # the reason is the card's description
                assert reason_id and page.locator(f"#{reason_id}").inner_text().strip()
                illegal.first.click(force=True)
                expect(page.locator("#message[role=alert]")).to_contain_text(re.compile(r"\w{4,}"))
                refused = True
            if not lasted and state.get("last_trick"):
                page.keyboard.press("l")
                expect(page.locator("#last")).to_be_visible()
                expect(page.locator("#last [data-card]")).to_have_count(4)
                page.keyboard.press("l")
                lasted = True
            card = page.locator("[data-hand] .card.playable").first
            if not interrupted and deals == 2:
                name = card.get_attribute("data-card")
                outage.start()
                page.wait_for_function("document.body.dataset.online === '0'")
                expect(page.locator("#message")).to_be_empty()  # only the click below speaks in the alert
                card.click()
                expect(page.locator("#message[role=alert]")).to_contain_text("Verbinding herstellen")
                expect(page.locator(f"[data-hand] [data-card='{name}']")).to_have_count(1)  # the card stays
                outage.end()
                page.wait_for_function("document.body.dataset.online === '1'")
                interrupted = True
                continue
            if deals == 3 and not keyed:  # keyboard play: the digit of the card's place in the hand
                page.keyboard.press(card.get_attribute("data-key") or "")
                keyed = True
            else:
                card.click()
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    assert (refused, lasted, reviewed, interrupted, keyed, deals) == (True, True, True, True, True, 15), kind
    expect(page.locator("[data-deal]")).to_have_attribute("data-deal", "16")  # never "deal 17" after 16 deals
    expect(page.locator("#result [data-match=over]")).to_be_visible()
    page.click("#sheet-button")
    expect(page.locator("#sheet tbody tr")).to_have_count(16)
    # Who played each deal and its roem (wij · zij), as the server's sheet rows say.
    rows = states[-1]["sheet"]["rows"]
    makers = page.locator("#sheet tbody td[data-makers]").evaluate_all("nodes => nodes.map(n => n.textContent)")
    assert makers == [{"NS": "Wij", "EW": "Zij"}[r["makers"]] for r in rows], makers
    roem = page.locator("#sheet tbody td[data-roem]").evaluate_all("nodes => nodes.map(n => n.textContent)")
    assert roem == [f"{r['roem']['NS']} · {r['roem']['EW']}" for r in rows], roem


def check_marks(page: Page, review: dict[str, Any], step: int) -> None:
    """At `step` every legal card of the seat to move shows its double-dummy value from that seat's side (the
    server's are N/S minus E/W) and its cost; the card played there says its cost and its player's reason."""
    info = review["cards"][step]
    side = 1 if info["seat"] in "NS" else -1
    marked = page.locator(f"#review .rv-seat[data-rv-seat={info['seat']}] [data-value]").evaluate_all(
        "nodes => nodes.map(n => [n.dataset.card, Number(n.dataset.value), Number(n.dataset.loss)])")
    assert sorted(map(tuple, marked)) == sorted((c["card"], side * c["value"], c["loss"]) for c in info["legal"])
    assert page.locator("#review .rv-seat [data-value]").count() == len(info["legal"])  # the seat to move only
    note = page.locator("#review .rv-note")
    expect(note).to_have_attribute("data-step-card", info["card"])
    expect(note).to_have_attribute("data-step-loss", str(info["loss"]))
    if info["why"]:
        expect(note.locator("[data-why]")).to_have_text(f"Reden: {info['why']['nl']}")


def check_review(server: str, page: Page) -> None:
    """The review board: hands open, the 8 x 4 grid, and a stepper that answers buttons and arrow keys; every
    legal card marked with its value, the card played with its cost and reason, the cost per seat."""
    page.click("#review-button")
    expect(page.locator("#review .review-trick")).to_have_count(8)
    expect(page.locator("#review [data-review=pending]")).to_have_count(0, timeout=120_000)
    game_id = page.url.rsplit("/", 1)[-1]
    review = page.request.get(f"{server}/api/play/{game_id}/review/1").json()
    assert review["available"] and len(review["cards"]) == 32
    for seat, cost in review["cost"].items():
        expect(page.locator(f"#review [data-cost-seat={seat}]")).to_have_attribute("data-cost", str(cost))
    check_marks(page, review, 0)
    counter = page.locator("#review .step-count")
    expect(counter).to_have_text("0 / 32")
    expect(page.locator("#review .rv-seat [data-card]")).to_have_count(32)  # all four hands open at the start
    page.click("#review [data-step=next]")
    expect(counter).to_have_text("1 / 32")
    page.locator("#review .stepper").press("ArrowRight")
    expect(counter).to_have_text("2 / 32")
    expect(page.locator("#review .rv-trick [data-card]")).to_have_count(2)
    page.locator("#review .stepper").press("ArrowLeft")
    expect(counter).to_have_text("1 / 32")
    page.locator("#review .stepper").press("End")
    expect(counter).to_have_text("32 / 32")
    expect(page.locator("#review .rv-seat [data-card]")).to_have_count(0)
    page.click("#review [data-index='5']")
    expect(counter).to_have_text("5 / 32")
    check_marks(page, review, 5)


def test_no_such_table_is_said_visibly(server: str, page: Page) -> None:
    page.goto(server + "/t/ZZZZZZ")
    alert = page.locator("[role=alert]", has_text="Geen tafel")
    expect(alert).to_be_visible()
    expect(alert).to_be_in_viewport()  # at the top, not under the new-game form


def test_the_title_follows_the_language(server: str, page: Page) -> None:
    """As every page's tab: what it shows, then the site; a table with friends by its host's name."""
    page.goto(server + "/play")
    expect(page).to_have_title("Spelen · Klaverjas")
    page.click("#lang-button")
    expect(page).to_have_title("Play · Klaverjas")
    create_table(page, server, "Anna")
    expect(page).to_have_title("Anna's table · Klaverjas")
    page.click("#lang-button")
    expect(page).to_have_title("Tafel van Anna · Klaverjas")


RECT = "{ const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


# The score bar's rows, and whether any of its items cuts its text off.
BAR = """() => { const items = [...document.querySelectorAll('#status > div')];
  return { rows: new Set(items.map((n) => Math.round(n.getBoundingClientRect().top))).size,
    cut: items.filter((n) => [n, ...n.children].some((c) => c.scrollWidth > c.clientWidth + 1))
      .map((n) => n.textContent) }; }"""


def test_a_360_pixel_phone_holds_the_hand_in_one_row(server: str, browser: Any) -> None:
    """Eight cards in one row, each showing at least 44 px to tap, clear of the screen's edges, nothing wider than
    the screen, and the announcement strip apart from the trick and the hand; at 320 px the score bar in two rows."""
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740}, locale="nl-NL", has_touch=True)
    page = ctx.new_page()
    try:
        start_game(page, server)
        boxes = page.locator("[data-hand] [data-card]").evaluate_all(f"nodes => nodes.map(n => {RECT})")
        assert len(boxes) == 8
        assert max(b[1] for b in boxes) - min(b[1] for b in boxes) < 20  # one row
        strips = [b[0] - a[0] for a, b in zip(boxes, boxes[1:], strict=False)]
        assert min(strips) >= 44, strips  # a thumb's width of each card stays uncovered
        assert boxes[0][0] >= 3.5 and boxes[-1][2] <= 360 - 3.5, boxes  # clear of the edges, as the felt is
        assert page.evaluate("document.documentElement.scrollWidth") <= 360

        def box(selector: str) -> list[float]:
            found: list[float] = page.locator(selector).evaluate(f"n => {RECT}")
            return found

        announce, trick, hand = box("#announce"), box("#trick"), box("[data-hand]")
        for other in (trick, hand):
            assert announce[3] <= other[1] or other[3] <= announce[1], (announce, other)  # apart, one above the other
        # On our turn, at 320 px, the score bar takes two rows, nothing in it cut off, and nothing scrolls sideways.
        page.set_viewport_size({"width": 320, "height": 740})
        bar = page.evaluate(BAR)
        assert bar["rows"] <= 2 and not bar["cut"], bar
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
    finally:
        ctx.close()


def first_lesson_with_a_court_card() -> tuple[str, str]:
    """A lesson whose first step shows a hand with a jack, queen or king: (lesson id, that card)."""
    for lesson_id, lesson in load_lessons().items():
        step = lesson.steps[0]
        if isinstance(step, CardStep):
            courts = [card_name(c) for c in cards_of(step.hand) if card_name(c)[0] in "JQK"]
            if courts:
                return lesson_id, courts[0]
    raise AssertionError("no lesson starts with a court card in the hand")


def index_letter(page: Page, selector: str) -> str:
    """The rank letter printed in the top corner of the card face at `selector`."""
    return str(page.locator(selector).first.locator(".index text").first.text_content())


def test_the_card_letters_are_one_setting_for_every_page(server: str, page: Page) -> None:
    lesson_id, court = first_lesson_with_a_court_card()
    dutch = {"J": "B", "Q": "V", "K": "H"}[court[0]]
    page.goto(f"{server}/learn/lessons/{lesson_id}")
    assert index_letter(page, f"#lesson-hand [data-card='{court}']") == dutch  # a Dutch page: B, V, H
    page.locator(".settings summary").click()
    page.get_by_label("J Q K").check()
    assert index_letter(page, f"#lesson-hand [data-card='{court}']") == court[0]  # redrawn at once
    start_game(page, server)
    letters = page.locator("[data-hand] [data-card]").evaluate_all(
        "nodes => nodes.map(n => [n.dataset.card[0], n.querySelector('.index text').textContent])")
    assert letters and all(shown == ("10" if rank == "T" else rank) for rank, shown in letters), letters


def test_a_claim_is_offered_after_every_trick_we_win_and_a_wrong_one_refused_in_words(
        server: str, browser: Any) -> None:
    """Claimed roem: the claim buttons come from the server's `claim_offer` (with "geen roem"), whether or not
    the trick holds roem; a wrong claim is refused in the page's language (role=alert) without the amount."""
    ctx = browser.new_context(bypass_csp=True, viewport=VIEWPORTS["phone"], locale="nl-NL", has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
    try:
        start_game(page, server, wait_for="", roem_claim="claimed")
        refused: dict[str, str] = {}
        offers = 0
        for _ in range(400):
            page.wait_for_function(WAIT_FOR_ME)
            seq = page.evaluate("document.body.dataset.seq")
            state = next(f["state"] for f in reversed(frames) if f.get("type") in ("state", "update")
                         and str(f["state"]["seq"]) == seq)
            buttons = page.locator("#decision [data-claim]")
            if state.get("claim_offer"):
                offers += 1
                expect(buttons).to_have_count(9)
                expect(page.locator("#decision [data-claim='0']")).to_have_text("geen roem")
                lang = "nl" if not refused else "en"
                if lang not in refused:
                    if lang == "en":
                        page.click("#lang-button")
                    four_jacks = all(c[0] == "J" for c in state["last_trick"]["cards"])
                    wrong = "20" if four_jacks else "200"  # 200 in one trick only with four jacks
                    page.click(f"#decision [data-claim='{wrong}']")
                    error = page.locator("#message[role=alert]")
                    expect(error).not_to_be_empty()
                    reason = next(f["reason"] for f in reversed(frames) if f.get("type") == "error")
                    expect(error).to_have_text(reason[lang])
                    refused[lang] = reason[lang]
                page.click("#decision [data-claim='0']")  # no roem: always accepted
                page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
                continue
            expect(buttons).to_have_count(0)  # no offer, no buttons
            if len(refused) == 2:
                break
            phase = page.evaluate("document.body.dataset.phase")
            if phase == "match_over":
                break
            if phase == "deal_over":
                page.click("#next-button")
            elif phase == "trump":
                page.locator("#decision button").first.click()
            else:
                page.locator("[data-hand] .card.playable").first.click()
            page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
        assert len(refused) == 2 and offers >= 2, (refused, offers)
        assert refused["nl"] != refused["en"]
        assert not re.search(r"\d", refused["nl"] + refused["en"])  # the right amount is never named
    finally:
        ctx.close()
