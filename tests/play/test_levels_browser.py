"""The computer players' levels on the new-game form in Debian's Chromium: every seat's choice offers every
level the server plays, each described in the page's language, and a game with experts shows them at the
table."""

from __future__ import annotations

import json

import pytest
from tests.browser_steps import start_game
from tests.conftest import HAVE_CHROMIUM, needs_chromium

from klaverjas.web.play.game import LEVELS

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import Page, WebSocket, expect

SELECTS = ("level_n", "level_e", "level_w")
NAMES = {"nl": {"basic": "Gewoon", "strong": "Sterk", "expert": "Expert", "random": "Willekeurig"},
         "en": {"basic": "Basic", "strong": "Strong", "expert": "Expert", "random": "Random"}}
EXPERT_PACE = {"nl": "ongeveer een seconde per kaart", "en": "about a second a card"}


def options(page: Page, select: str) -> list[tuple[str, str]]:
    return [(str(v), str(text).strip()) for v, text in page.locator(f"select[name={select}] option").evaluate_all(
        "nodes => nodes.map(n => [n.value, n.textContent])")]


def test_every_level_is_offered_and_described_in_both_languages(server: str, page: Page) -> None:
    page.goto(server + "/play")
    for lang in ("nl", "en"):
        if lang == "en":
            page.click("#lang-button")
        expect(page.locator("select[name=level_n] option[value=basic]")).to_have_text(NAMES[lang]["basic"])
        for select in SELECTS:
            offered = options(page, select)
            assert sorted(value for value, _ in offered) == sorted(LEVELS), offered
            assert all(text == NAMES[lang][value] for value, text in offered), offered
            assert page.locator(f"select[name={select}]").get_attribute("aria-describedby") == "levels-help"
        described = page.locator("#levels-help > div").evaluate_all(
            "nodes => nodes.map(n => [n.querySelector('dt').textContent, n.querySelector('dd').textContent])")
        assert sorted(name for name, _ in described) == sorted(NAMES[lang].values()), described
        assert all(len(about) > 20 for _, about in described), described
        assert EXPERT_PACE[lang] in dict(described)["Expert"], described


def test_a_game_against_experts(server: str, page: Page) -> None:
    states: list[dict[str, object]] = []

    def listen(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: states.append(json.loads(payload).get("state") or {}))

    page.on("websocket", listen)
    start_game(page, server, timeout=60_000, **dict.fromkeys(SELECTS, "expert"))
    for seat in "NEW":
        expect(page.locator(f".felt [data-seat={seat}]")).to_contain_text("Expert")
    seats = next(s["seats"] for s in states if "seats" in s)
    assert [(s["seat"], s["kind"], s["level"]) for s in seats] == [  # type: ignore[attr-defined]
        ("N", "bot", "expert"), ("E", "bot", "expert"), ("S", "human", None), ("W", "bot", "expert")]
