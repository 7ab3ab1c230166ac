"""The expert level in the web app: a game against three experts over a WebSocket plays a whole deal with
legal cards and every decision's reason in both languages; a table with friends fills its open chairs with
experts; the levels the API takes are the levels a table plays; an unknown level is refused by name."""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient

from klaverjas.bots.expert import ExpertBot
from klaverjas.bots.strong import available
from klaverjas.web import create_app
from klaverjas.web.play.game import LEVELS, make_bot
from klaverjas.web.play.models import Level
from klaverjas.web.thinking import POOL_LEVELS

from .test_tables import PAGE, Player, make_table
from .test_why import CLAIMED, check_reasons, full_reasons, play_deal, review_of

needs_solver = pytest.mark.skipif(not available(), reason="the expert level needs the solver")


def test_the_levels_a_table_plays_are_the_levels_the_api_takes() -> None:
    assert get_args(Level) == LEVELS
    # Each level gets its own player where the solver is there; the searching levels think in the pool.
    if available():
        assert [make_bot(level, 1).name for level in LEVELS] == list(LEVELS)
        assert isinstance(make_bot("expert", 1), ExpertBot)
    assert {"strong", "expert"} <= POOL_LEVELS


@needs_solver
def test_a_deal_against_three_experts_has_legal_cards_and_reasons_in_both_languages(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        game, events = play_deal(client, "expert", 4, CLAIMED)
        state = client.get(f"/api/play/{game['id']}", params={"token": game["token"]}).json()
        assert [(s["seat"], s["level"]) for s in state["seats"]] == [
            ("N", "expert"), ("E", "expert"), ("S", None), ("W", "expert")]
        assert check_reasons(events) >= 24  # 24 cards at least, and the bids
        full = full_reasons(events)
        # The experts' card reasons are the search's figures, in both languages.
        assert any("likely deals" in why["en"] and "waarschijnlijke verdelingen" in why["nl"]
                   for why in full.values())
        # The solver's review replays the deal on its own: every card was legal where it fell.
        review = review_of(client, game)
        cards = [e for e in events if e["type"] == "card"]
        assert review["available"] and len(review["cards"]) == len(cards) == 32
        for reviewed, played in zip(review["cards"], cards, strict=True):
            assert reviewed["card"] == played["card"] and reviewed["seat"] == played["seat"]
            assert reviewed["value"] is not None, reviewed  # None: an illegal card
            assert played["card"] in {option["card"] for option in reviewed["legal"]}
            assert reviewed["why"] == full.get(played["seq"])


@needs_solver
def test_a_table_with_friends_seats_experts_in_its_open_chairs(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        host = make_table(client, level="expert")
        anna = Player(client, host["id"], host["token"], "S")
        anna.ws.send_json({"type": "start"})
        while anna.state["phase"] == "lobby":
            anna.read()
        assert [(s["seat"], s["kind"], s["level"]) for s in anna.state["seats"]] == [
            ("N", "bot", "expert"), ("E", "bot", "expert"), ("S", "human", None), ("W", "bot", "expert")]
        anna.close()


def refusal(client: TestClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(path, json=body, headers=PAGE)
    assert response.status_code == 422, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_an_unknown_level_is_refused_by_name(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        game = refusal(client, "/api/play", {"levels": ["expert", "grandmaster", "basic"]})
        table = refusal(client, "/api/tables", {"name": "Anna", "level": "grandmaster"})
    for answer, field in ((game, "levels.1"), (table, "level")):
        assert answer["code"] == "invalid" and [e["field"] for e in answer["errors"]] == [field], answer
        message = answer["errors"][0]["message"]
        # The refusal names the levels there are, the expert among them.
        assert all(f"'{level}'" in message for level in LEVELS), message
        assert field in answer["detail"], answer
