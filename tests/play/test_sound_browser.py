"""The card table's sounds in Debian's Chromium against a real server, heard through a spy on the Web Audio API:
a snap for every card played, a swish for every trick taken, a riffle for a new deal, a figure for the deal's end
that says how it went for us, a chime when the turn comes to us after others have played; none in a hidden tab,
and with the header's sound setting off (kept over a reload) not even an AudioContext."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tests.browser_steps import dealt, start_game
from tests.conftest import HAVE_CHROMIUM, needs_chromium
from tests.play.test_deal_end_browser import WAIT_FOR_ME, new_game

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, expect

# Every AudioContext made and every sound started, on `window.heard`: a noise slice (AudioBufferSourceNode) with
# the length asked of it, a note (OscillatorNode) with its wave and frequency. `document.hidden` answers
# `window.hideTab` when a test sets it, so a hidden tab can be played in; and while `window.untouched` is set the
# page says it has had no click or key yet (Playwright's own evaluations count as one).
SPY = """(() => {
  const heard = window.heard = { contexts: 0, starts: [] };
  const hidden = Object.getOwnPropertyDescriptor(Document.prototype, 'hidden');
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true,
    get() { return window.hideTab === true || hidden.get.call(this); } });
  const active = Object.getOwnPropertyDescriptor(UserActivation.prototype, 'hasBeenActive');
  Object.defineProperty(UserActivation.prototype, 'hasBeenActive', { configurable: true,
    get() { return !window.untouched && active.get.call(this); } });
  const Real = window.AudioContext;
  window.AudioContext = class extends Real { constructor(...args) { super(...args); heard.contexts += 1; } };
  const noise = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (when, offset, length) {
    heard.starts.push({ node: 'noise', length, at: performance.now() });
    return noise.apply(this, arguments);
  };
  const note = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function () {
    heard.starts.push({ node: this.type, freq: this.frequency.value, at: performance.now() });
    return note.apply(this, arguments);
  };
})()"""

# The sounds told apart by what js/sound.js makes them of: noise slices of 25 ms (the riffle's ticks), 50 ms (a card)
# and 280 ms (a trick's swish); sine notes (our turn's chime) and triangle notes (the deal's end).
KINDS = """() => {
  const s = window.heard.starts;
  const noise = (low, high) => s.filter((x) => x.node === 'noise' && x.length >= low && x.length < high).length;
  return { contexts: window.heard.contexts, tick: noise(0, 0.04), card: noise(0.04, 0.1), trick: noise(0.2, 1),
    chime: s.filter((x) => x.node === 'sine').length, end: s.filter((x) => x.node === 'triangle').map((x) => x.freq),
    all: s.length };
}"""
SA_SEED = 1  # South African deals in which, playing the first playable card, we go on in one and not in another

MY_TURN_OR_OVER = ("(seq) => document.body.dataset.seq !== seq && (document.body.dataset.toMove === 'S' || "
                   "['deal_over', 'match_over'].includes(document.body.dataset.phase))")
# What the others did since a seq: their bids and cards in the game log.
OTHERS_SINCE = ("(seq) => [...document.querySelectorAll('#log li[data-seq]')].filter((li) => "
                "Number(li.dataset.seq) > Number(seq) && !li.classList.contains('seat-S') && "
                "['bid', 'card'].includes(li.dataset.log)).length")


def heard(page: Page) -> dict[str, Any]:
    kinds: dict[str, Any] = page.evaluate(KINDS)
    return kinds


def listening(new_page: Callable[..., Page], **options: Any) -> tuple[Page, list[str]]:
    """A phone-sized page with the spy in place; the list collects the console's errors."""
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, **options)
    page.add_init_script(SPY)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page, errors


def act(page: Page) -> str:
    """Our move (the first trump option offered, or the first playable card); returns the seq it was made at."""
    seq = str(page.evaluate("document.body.dataset.seq"))
    phase = page.evaluate("document.body.dataset.phase")
    page.locator("#decision button" if phase == "trump" else "[data-hand] .card.playable").first.click()
    page.wait_for_function(MY_TURN_OR_OVER, arg=seq)
    return seq


CARDS = OTHERS_SINCE.replace("!li.classList.contains('seat-S') && ", "").replace("['bid', 'card']", "['card']")
OTHERS_CARDS = OTHERS_SINCE.replace("['bid', 'card']", "['card']")


def play_the_deal(page: Page) -> dict[str, int]:
    """Plays our moves to the deal's end, checking the sounds of each: a snap for our card and one for each card the
    others played after it; the chime (two notes) only when the turn came back to us after the others played, never
    after our own card leaving the turn with us. Counts how often each of those came about."""
    seen = {"chimed": 0, "kept": 0}
    while page.evaluate("document.body.dataset.phase") not in ("deal_over", "match_over"):
        before = heard(page)
        phase = page.evaluate("document.body.dataset.phase")
        seq = act(page)
        after = heard(page)
        assert after["card"] - before["card"] == int(phase == "play") + page.evaluate(OTHERS_CARDS, seq)
        ours_again = page.evaluate("document.body.dataset.toMove === 'S' && "
                                   "['trump', 'play'].includes(document.body.dataset.phase)")
        others = page.evaluate(OTHERS_SINCE, seq)
        assert after["chime"] - before["chime"] == (2 if ours_again and others else 0), (phase, others)
        seen["chimed"] += bool(ours_again and others)
        seen["kept"] += bool(ours_again and not others)
    return seen


def deal_end_notes(page: Page, before: int) -> list[float]:
    """The notes of the deal's end figure, once its result is shown (`before`: the triangle notes before it)."""
    expect(page.locator("#result")).to_be_visible()
    page.wait_for_function("(n) => window.heard.starts.filter((x) => x.node === 'triangle').length > n", arg=before)
    notes: list[float] = heard(page)["end"][before:]
    return notes


def test_a_match_sounds_its_deals_cards_tricks_turns_and_ends(server: str, new_page: Callable[..., Page]) -> None:
    # With the pages' content security policy in force: nothing the sounds use may be refused.
    page, errors = listening(new_page, bypass_csp=False)
    page.add_init_script("window.untouched = true")
    page.goto(new_game(server, 1, "deals:2"))  # with this seed and the first playable card, we go nat in deal 2
    page.wait_for_function(WAIT_FOR_ME)
    dealt(page)
    # The hand came in before any click or key: no sound, not even a context.
    assert heard(page)["all"] == 0 and heard(page)["contexts"] == 0
    silent = page.evaluate(CARDS, "0")  # played before the page was there
    page.evaluate("window.untouched = false")
    page.locator(".settings summary").click()  # the page's first click
    page.locator(".settings summary").click()

    seen = play_the_deal(page)
    notes = deal_end_notes(page, 0)
    first = heard(page)
    assert (first["contexts"], first["card"], first["trick"], first["tick"]) == (1, 32 - silent, 8, 0)
    # The deal's end says how it went for us (South's side, NS): rising when we made it or they went nat, two
    # quiet notes down when they made theirs.
    makers = page.locator("#sheet tbody tr").last.locator("td[data-makers]").get_attribute("data-makers")
    if makers == "NS" or "zij zijn nat" in (page.locator("#result").text_content() or "").lower():
        assert len(notes) == 3 and notes == sorted(notes), (makers, notes)
    else:
        assert len(notes) == 2 and notes[0] > notes[1] and min(notes) > 400, (makers, notes)

    # The next deal: its riffle, a tick a card, and no trick's or deal's sound.
    page.locator("#next-button").click()
    page.wait_for_function("() => document.body.dataset.phase === 'trump'")
    dealt(page)
    second = heard(page)
    assert second["tick"] == 8
    assert (second["trick"], second["end"]) == (first["trick"], first["end"])

    more = play_the_deal(page)
    expect(page.locator("#result .marks")).to_have_text("Wij zijn nat")
    # We went nat: two notes falling, low.
    notes = deal_end_notes(page, len(first["end"]))
    assert len(notes) == 2 and notes[0] > notes[1] and max(notes) < 400, notes
    last = heard(page)
    assert (last["contexts"], last["card"], last["trick"], last["tick"]) == (1, 64 - silent, 16, 8)
    # Both ways the turn comes back to us were met: after the others played (chimed), and after our own card.
    assert seen["chimed"] + more["chimed"] and seen["kept"] + more["kept"], (seen, more)
    assert not errors, errors


def test_starting_a_game_sounds_its_deal_but_a_hidden_tab_keeps_still(server: str,
                                                                      new_page: Callable[..., Page]) -> None:
    page, errors = listening(new_page, bypass_csp=False)
    start_game(page, server)
    # Start was clicked: the first sound made the one context, and the hand came in with a riffle, a tick a card.
    start = heard(page)
    assert start["contexts"] == 1
    assert start["tick"] == 8
    page.evaluate("window.hideTab = true")
    act(page)
    act(page)
    assert heard(page)["all"] == start["all"]
    page.evaluate("window.hideTab = false")
    for _ in range(4):  # past the trump choice, if still in it
        act(page)
        if heard(page)["card"] > start["card"]:
            break
    assert heard(page)["card"] > start["card"]
    assert not errors, errors


def test_with_the_sound_off_no_audio_context_is_made_and_the_setting_is_kept(
        server: str, new_page: Callable[..., Page]) -> None:
    page, errors = listening(new_page)
    page.goto(server + "/play")
    page.locator(".settings summary").click()
    box = page.get_by_label("Geluid")
    expect(box).to_be_checked()  # on unless switched off
    box.uncheck()

    start_game(page, server)  # opens /play again: the setting is kept over the reload
    page.locator(".settings summary").click()
    expect(page.get_by_label("Geluid")).not_to_be_checked()
    page.locator(".settings summary").click()
    for _ in range(3):
        act(page)
    # The play went on (each move was answered), in silence and without a context.
    assert heard(page) == {"contexts": 0, "tick": 0, "card": 0, "trick": 0, "chime": 0, "end": [], "all": 0}

    page.reload()
    page.wait_for_function("() => document.body.dataset.toMove === 'S'")
    page.locator(".settings summary").click()
    box = page.get_by_label("Geluid")
    expect(box).not_to_be_checked()
    box.check()  # on again: the next card sounds
    page.locator(".settings summary").click()
    for _ in range(4):
        act(page)
        if heard(page)["card"]:
            break
    assert heard(page)["contexts"] == 1
    assert heard(page)["card"] >= 1
    assert not errors, errors


def test_a_south_african_deal_ends_rising_when_we_go_on(server: str, new_page: Callable[..., Page]) -> None:
    """A South African deal has no makers and no nat: its end rises when our side went on, else two quiet notes."""
    page, errors = listening(new_page)
    page.goto(new_game(server, SA_SEED, "strokes:5", preset="sa"))
    page.wait_for_function(WAIT_FOR_ME)
    dealt(page)
    page.locator(".settings summary").click()  # the page's first click
    page.locator(".settings summary").click()
    moods = []
    for _ in range(6):
        before = len(heard(page)["end"])
        play_the_deal(page)
        notes = deal_end_notes(page, before)
        went_on = page.locator("#result").text_content() or ""
        if "Wij gaan op" in went_on:
            assert len(notes) == 3 and notes == sorted(notes), notes
            moods.append("on")
        else:
            assert len(notes) == 2 and notes[0] > notes[1] and min(notes) > 400, (went_on, notes)
            moods.append("not")
        if len(set(moods)) == 2 or page.evaluate("document.body.dataset.phase") == "match_over":
            break
        page.locator("#next-button").click()
        page.wait_for_function("() => document.body.dataset.phase === 'play'")  # no trump choice: the play at once
        page.wait_for_function(WAIT_FOR_ME)
        dealt(page)
    assert set(moods) == {"on", "not"}, moods  # the seed meets both
    assert not errors, errors
