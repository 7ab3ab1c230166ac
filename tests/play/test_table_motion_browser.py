"""How the card table moves, in Debian's Chromium against a real server: a finished trick stays with its winning
card marked, then goes to the winner's plate; under prefers-reduced-motion nothing on the page moves; the hand (and
the review's open hands) sorted as a player sorts it: trumps on the left, the suits alternating in colour, each from
its highest card; the tricks each side has taken in the score bar; the seat that plays says so once."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.browser_steps import start_game
from tests.conftest import HAVE_CHROMIUM, needs_chromium
from tests.play.test_deal_end_browser import WAIT_FOR_ME, new_game

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, expect

# Every trick layer that comes onto the felt: its winner, the cards marked as the winning card when it came and
# when it began to go, and its stages ('shown', then 'gather' when it moves to the winner); when it came, began to
# go and was gone (ms), and how many cards of the next trick waited unseen under it.
WATCH_SWEEPS = """() => {
  window.sweeps = [];
  let open = null;
  const marked = (n) => [...n.querySelectorAll('.winner')].map((c) => c.dataset.swept);
  new MutationObserver((changes) => { for (const change of changes) {
    for (const n of change.removedNodes) {
      if (open && n === open.node) { open.seen.goneAt = performance.now(); open = null; }
    }
    for (const n of change.addedNodes) {
      if (!(n instanceof HTMLElement) || !n.classList.contains('sweep')) continue;
      const seen = { winner: n.dataset.winner, marked: marked(n), stages: [n.dataset.stage], markedAtGather: null,
        addedAt: performance.now(), gatherAt: null, goneAt: null, held: 0 };
      window.sweeps.push(seen);
      open = { node: n, seen };
      new MutationObserver(() => {
        seen.stages.push(n.dataset.stage); seen.markedAtGather = marked(n); seen.gatherAt = performance.now();
      })
        .observe(n, { attributes: true, attributeFilter: ['data-stage'] });
    }
  } }).observe(document.getElementById('felt'), { childList: true });
  const waiting = () => document.querySelectorAll('#trick .held').length;
  new MutationObserver(() => { if (open) open.seen.held = Math.max(open.seen.held, waiting()); })
    .observe(document.getElementById('trick'), { childList: true, subtree: true, attributes: true,
      attributeFilter: ['class'] });
}"""
# The sweep's timings in play.js (ms): a trick stays `hold` before it goes, `still` under reduced motion.
HOLD, STILL_MS = 750, 900
# Animations and transitions running now anywhere on the page.
RUNNING = "() => document.getAnimations().filter((a) => a.playState === 'running').length"
STILL = "() => !document.querySelector('.sweep')"

TRUMP_RANKS = "J9ATKQ87"
PLAIN_RANKS = "ATKQJ987"
# After the trump suit, the others alternate red and black; without a trump, spades, hearts, clubs, diamonds.
SUITS = {None: "SHCD", "H": "HSDC", "D": "DSHC", "S": "SHCD", "C": "CHSD"}


def sorted_hand(cards: list[str], trump: str | None) -> list[str]:
    order = SUITS[trump]
    return sorted(cards, key=lambda c: (order.index(c[1]), (TRUMP_RANKS if c[1] == trump else PLAIN_RANKS).index(c[0])))


def play_a_deal(page: Page, states: list[dict[str, Any]]) -> list[int]:
    """Plays our cards (the first playable) until the deal is over, each once the felt is still; the animations
    running just after each move; checks the hand's order at each of our turns."""
    running: list[int] = []
    while True:
        page.wait_for_function(WAIT_FOR_ME)
        if page.evaluate("document.body.dataset.phase") in ("deal_over", "match_over"):
            page.wait_for_function(STILL)
            return running
        page.wait_for_function(STILL)
        seq = page.evaluate("document.body.dataset.seq")
        state = next(s for s in reversed(states) if str(s["seq"]) == seq)
        hand = page.locator("[data-hand] [data-card]").evaluate_all("ns => ns.map((n) => n.dataset.card)")
        assert hand == sorted_hand([c["card"] for c in state["hand"]], state.get("trump") or state.get("proposed"))
        if state.get("tricks_won"):  # what each side has taken so far, in the score bar (we · they)
            won = state["tricks_won"]
            expect(page.locator("[data-tricks] b")).to_have_text(f"{won['NS']} · {won['EW']}")
        if state["phase"] == "trump":
            page.locator("#decision button").first.click()
        else:
            page.locator("[data-hand] .card.playable").first.click()
        page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
        running.append(page.evaluate(RUNNING))


Frames = list[dict[str, Any]]


def open_table(browser: Any, server: str, reduced: bool) -> tuple[Any, Page, Frames, Frames]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="nl-NL",
                                  reduced_motion="reduce" if reduced else "no-preference")
    page = context.new_page()
    states: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []

    def listen(ws: Any) -> None:
        def frame(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") in ("state", "update"):
                states.append(message["state"])
                events.extend(message.get("events") or [])
        ws.on("framereceived", frame)

    page.on("websocket", listen)
    page.goto(new_game(server, 1, "deals:2"))
    page.wait_for_function(WAIT_FOR_ME)
    page.evaluate(WATCH_SWEEPS)
    return context, page, states, events


def winning_cards(events: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(winner, the card the winner played) for each trick, from the server's events."""
    tricks: list[tuple[str, str]] = []
    trick: dict[str, str] = {}
    for event in events:
        if event["type"] == "deal":
            trick = {}
        elif event["type"] == "card":
            trick[event["seat"]] = event["card"]
        elif event["type"] == "trick":
            tricks.append((event["winner"], trick[event["winner"]]))
            trick = {}
    return tricks


def test_the_winning_card_is_marked_then_the_trick_goes_to_its_winner(server: str, browser: Any) -> None:
    context, page, states, events = open_table(browser, server, reduced=False)
    running = play_a_deal(page, states)
    sweeps = page.evaluate("() => window.sweeps")
    expected = winning_cards(events)
    assert len(expected) == 8
    assert [(s["winner"], s["marked"]) for s in sweeps] == [(w, [card]) for w, card in expected]
    for seen in sweeps:  # marked from the moment the trick was complete, still marked as it went
        assert seen["stages"] == ["shown", "gather"], seen
        assert seen["markedAtGather"] == seen["marked"], seen
    # A card of the next trick that came while the trick still lay there cut its wait short: the trick went at
    # once (after a short look), and the card showed as soon as it had gone.
    hurried = [s for s in sweeps if s["held"]]
    assert hurried, sweeps
    for seen in hurried:
        assert seen["gatherAt"] - seen["addedAt"] < HOLD - 100, seen
        # Its way to the winner (380 ms) and a loaded machine's late timer, well short of another hold.
        assert seen["goneAt"] - seen["gatherAt"] < HOLD - 50, seen
    assert max(running) > 0  # cards travel: what the reduced-motion test below finds absent
    # The result opened once the last trick had gone, on the focus of its first control.
    assert page.evaluate("() => !document.getElementById('result').hidden")
    # Through the result the plates keep the finished deal's dealer and the seat that chose trump.
    dealer = next(e["dealer"] for e in events if e["type"] == "deal")
    maker = next(e["maker"] for e in events if e["type"] == "trump")
    badges = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.felt .seat')].map((n) =>
      [n.dataset.seat, [...n.querySelectorAll('.badge')].map((b) => b.classList[1])]))""")
    assert badges == {s: [b for b, at in (("dealer", dealer), ("makers", maker)) if at == s] for s in "NESW"}, badges
    assert page.evaluate("() => document.activeElement.id") == "next-button"
    # The review's four open hands are sorted the same way.
    trump = next(s["trump"] for s in reversed(states) if s.get("trump"))
    page.click("#review-button")
    for seat in "NESW":
        cards = page.locator(f"#review [data-rv-seat={seat}] .rv-hand [data-card]")
        expect(cards).to_have_count(8)
        shown = cards.evaluate_all("ns => ns.map((n) => n.dataset.card)")
        assert shown == sorted_hand(shown, trump), (seat, shown)
    context.close()


def test_nothing_moves_under_reduced_motion(server: str, browser: Any) -> None:
    context, page, states, events = open_table(browser, server, reduced=True)
    running = play_a_deal(page, states)
    assert running and max(running) == 0, running
    sweeps = page.evaluate("() => window.sweeps")
    # The finished trick still stays a moment with its winning card marked, and goes without moving.
    assert [(s["winner"], s["marked"]) for s in sweeps] == [(w, [card]) for w, card in winning_cards(events)]
    assert all(s["stages"] == ["shown"] for s in sweeps), sweeps
    hurried = [s for s in sweeps if s["held"]]  # a card of the next trick came: the still trick went sooner
    assert hurried and all(s["goneAt"] - s["addedAt"] < STILL_MS - 150 for s in hurried), sweeps
    context.close()


def test_the_seat_that_plays_says_so_once(server: str, page: Page) -> None:
    """In the first trick the maker's word "speelt" is its bid's bubble, in the badge's colour; no second badge
    says it again beside it. From the second trick the badge alone says it."""
    start_game(page, server)
    if page.evaluate("document.body.dataset.phase") == "trump":
        page.locator("#decision button").first.click()  # "Play" the proposed suit: our own plate says it
        page.wait_for_function("() => document.body.dataset.phase === 'play' && document.body.dataset.toMove === 'S'")
    said = """() => [...document.querySelectorAll('.felt .seat')].map((n) => [n.dataset.seat,
      [...n.querySelectorAll('.badge.makers, .bid')].filter((b) => b.textContent.startsWith('speelt'))
        .map((b) => b.className)]).filter(([, words]) => words.length)"""
    first = page.evaluate(said)
    assert len(first) == 1 and len(first[0][1]) == 1, first
    assert "makers" in first[0][1][0], first  # in the badge's colour, whether bubble or badge
    for _ in range(8):  # on to the second trick, where the bids' bubbles are gone
        if not page.locator(".felt .bid").count():
            break
        seq = page.evaluate("document.body.dataset.seq")
        page.locator("[data-hand] .card.playable").first.click()
        page.wait_for_function("(seq) => document.body.dataset.seq !== seq && "
                               "document.body.dataset.toMove === 'S'", arg=seq)
    assert page.evaluate(said) == [[first[0][0], ["badge makers"]]]


DEALT = """() => [...document.querySelectorAll('#hand .card')].map((c) => c.getAnimations()
  .filter((a) => a.animationName === 'dealt').map((a) => a.effect.getTiming().delay))"""


@pytest.mark.parametrize("reduced", [False, True])
def test_a_new_deal_comes_into_the_hand_card_by_card(server: str, browser: Any, reduced: bool) -> None:
    """The next deal's eight cards come in one after another, 45 ms apart; the states drawn meanwhile carry the
    animation on (each card's delay the same from the deal's start). Under reduced motion they are simply there."""
    context, page, states, _ = open_table(browser, server, reduced=reduced)
    play_a_deal(page, states)
    seq = page.evaluate("document.body.dataset.seq")
    page.click("#next-button")
    page.wait_for_function("(seq) => document.body.dataset.seq !== seq && "
                           "document.querySelectorAll('#hand .card').length === 8", arg=seq)
    delays = page.evaluate(DEALT)
    if reduced:
        assert delays == [[]] * 8, delays
    else:
        assert all(len(d) == 1 for d in delays), delays
        steps = [b[0] - a[0] for a, b in zip(delays, delays[1:], strict=False)]
        assert all(abs(step - 45) < 1 for step in steps), delays
        page.wait_for_timeout(800)  # all in: nothing is left running in the hand
        assert page.evaluate(DEALT) == [[]] * 8
    context.close()


def test_a_south_african_deal_comes_into_the_hand_too(server: str, page: Page) -> None:
    """A South African deal begins in the play (the dealer's last card is trump): its cards come in as dealt too."""
    page.add_init_script("""new MutationObserver((changes) => {
      if (changes.some((c) => [...c.addedNodes].some((n) => n.classList && n.classList.contains('dealt')))) {
        window.sawDealt = true;
      }
    }).observe(document, { childList: true, subtree: true });""")
    page.goto(new_game(server, 3, "deals:1", preset="sa"))
    page.wait_for_function(WAIT_FOR_ME)
    assert page.evaluate("() => document.body.dataset.phase") == "play"
    assert page.evaluate("() => window.sawDealt === true")
