"""Playing over the WebSocket: a whole match, no leaked cards, refused cards explained, restart, bad frames."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from klaverjas.web import create_app
from klaverjas.web.play.routes import seat_summary

from .conftest import LeakChecker, check_frame, move_for


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/play", json={"pace": 0, "seed": 11, **body})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def receive_until(ws: Any, checker: LeakChecker, done: Any) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = ws.receive_json()
        check_frame(frame)
        if frame["type"] in ("state", "update"):
            checker.feed(frame)
            state: dict[str, Any] = frame["state"]
            if done(state):
                return state
        elif frame["type"] == "error":
            raise AssertionError(frame)


def next_error(ws: Any) -> dict[str, Any]:
    """The next error frame, skipping the updates the bots cause meanwhile."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "error":
            return frame


def my_move(state: dict[str, Any]) -> bool:
    return state["to_move"] == "S" or state["phase"] in ("deal_over", "match_over")


def play_match(ws: Any, checker: LeakChecker, state: dict[str, Any], deals: int | None = None) -> dict[str, Any]:
    finished = 0
    while state["phase"] != "match_over":
        if state["phase"] == "deal_over":
            finished += 1
            if deals is not None and finished >= deals:
                return state
            ws.send_json({"type": "next"})
        elif state["phase"] == "trump":
            ws.send_json({"type": "trump", **state["options"][-1]})
        else:
            ws.send_json({"type": "card", "card": state["legal"][-1]})
        state = receive_until(ws, checker, lambda s, seq=state["seq"]: s["seq"] > seq and my_move(s))
    return state


def test_a_whole_match_against_bots_without_leaks(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        game = new_game(client)
        assert game["link"] == f"/play/{game['id']}#token={game['token']}"
        page = client.get(game["link"].partition("#")[0])
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        checker = LeakChecker()
        with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
            state = receive_until(ws, checker, my_move)
            state = play_match(ws, checker, state)
        # After the sixteenth deal the state says deal 16, and the match is over.
        assert state["phase"] == "match_over" and state["deal"] == 16
        assert client.get(f"/api/play/{game['id']}", params={"token": game["token"]}).json()["deal"] == 16
        sheet = state["sheet"]
        assert len(sheet["rows"]) == 16
        # Each row says who played the deal and its roem, as the deal's record and result do.
        runtime = client.app.state.play.tables[game["id"]]  # type: ignore[attr-defined]
        ends = [e.data for e in runtime.table.events if e.kind == "deal_end"]
        assert len(ends) == 16
        # The match's last deal still names who dealt it and who played it.
        last = runtime.table.finished_records[-1]
        assert state["dealer"] == last["dealer"] and state["maker"] == last.get("maker"), (state, last)
        assert state["makers"] == ends[-1]["makers"] and state["trump"] is not None
        for row, end, record in zip(sheet["rows"], ends, runtime.table.finished_records, strict=True):
            maker = record.get("maker")
            assert row["makers"] == end["makers"] == (None if maker is None else "NS" if maker in "NS" else "EW")
            assert row["roem"] == end["roem"]
        assert sheet["totals"]["NS"] == sum(r["NS"] for r in sheet["rows"])
        assert sheet["winner"] in ("NS", "EW") or sheet["draw"]
        assert checker.frames > 100


def test_refused_card_is_explained_and_changes_nothing(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        game = new_game(client, seed=5)
        checker = LeakChecker()
        with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
            state = receive_until(ws, checker, my_move)
            for _ in range(40):
                if state["phase"] == "play" and len(state["legal"]) < len(state["hand"]):
                    break
                state = play_match(ws, checker, state, deals=1) if state["phase"] == "deal_over" else state
                if state["phase"] == "trump":
                    ws.send_json({"type": "trump", **state["options"][-1]})
                elif state["phase"] == "play":
                    ws.send_json({"type": "card", "card": state["legal"][0]})
                else:
                    ws.send_json({"type": "next"})
                state = receive_until(ws, checker, lambda s, seq=state["seq"]: s["seq"] > seq and my_move(s))
            illegal = next(c["card"] for c in state["hand"] if c["card"] not in state["legal"])
            ws.send_json({"type": "card", "card": illegal})
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "illegal"
            assert error["reason"]["en"] and error["reason"]["nl"] and error["reason"]["en"] != error["reason"]["nl"]
            after = client.get(f"/api/play/{game['id']}", params={"token": game["token"]}).json()
            assert after["seq"] == state["seq"] and after["hand"] == state["hand"]


@pytest.mark.parametrize("frame", [
    "not json", "[]", "{}", json.dumps({"type": "card"}), json.dumps({"type": "card", "card": "XX"}),
    json.dumps({"type": "card", "card": "JH", "extra": 1}), json.dumps({"type": "teleport"}),
    json.dumps({"type": "claim", "roem": -5}), json.dumps({"type": "trump", "action": "choose", "suit": "Q"}),
    json.dumps({"type": "card", "card": "7" * 5000}), "[" * 3000, json.dumps({"type": "next"}),
    json.dumps({"type": "undo"}), json.dumps({"type": "verzaakt"}),
])
def test_hostile_frames_get_an_error_and_change_nothing(tmp_path: Path, frame: str) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        game = new_game(client, seed=2)
        with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
            state = receive_until(ws, LeakChecker(), my_move)  # the bots have spoken: the table waits for us
            before = client.get(f"/api/play/{game['id']}", params={"token": game["token"]}).json()
            assert before["seq"] == state["seq"]
            ws.send_text(frame)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["message"]
            after = client.get(f"/api/play/{game['id']}", params={"token": game["token"]}).json()
            assert after == before


def test_spectator_and_wrong_token(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        game = new_game(client)
        with client.websocket_connect(f"/ws/play/{game['id']}") as ws:
            frame: dict[str, Any] = ws.receive_json()
            assert frame["state"]["seat"] is None and "hand" not in frame["state"]
            ws.send_json({"type": "card", "card": "JH"})
            assert next_error(ws)["code"] == "spectator"
        with client.websocket_connect(f"/ws/play/{game['id']}?token=forged") as ws:
            assert ws.receive_json()["code"] == "bad_token"
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
        assert client.get("/api/play/nope").status_code == 404
        assert client.post("/api/play", json={"levels": ["basic"]}).status_code == 422
        assert client.post("/api/play", json={"match_end": "deals:99"}).status_code == 422


def test_a_reload_on_a_deal_s_result_still_names_its_dealer_trump_and_makers(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        game = new_game(client, match_end="deals:2")
        checker = LeakChecker()
        with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
            state = receive_until(ws, checker, my_move)
            state = play_match(ws, checker, state, deals=1)
        assert state["phase"] == "deal_over"
        events = [e.data for e in client.app.state.play.tables[game["id"]].table.events]  # type: ignore[attr-defined]
        dealt = next(e for e in events if "dealer" in e)
        chosen = next(e for e in events if "maker" in e and "trump" in e)
        makers = None if chosen["maker"] is None else "NS" if chosen["maker"] in "NS" else "EW"
        expected = {"dealer": dealt["dealer"], "trump": chosen["trump"], "maker": chosen["maker"], "makers": makers}
        assert {k: state[k] for k in expected} == expected
        # Reloaded, at the seat or as a spectator: the state alone says who dealt and who played the deal.
        for query in (f"?token={game['token']}", ""):
            with client.websocket_connect(f"/ws/play/{game['id']}{query}") as ws:
                frame: dict[str, Any] = ws.receive_json()
                assert frame["type"] == "state" and frame["state"]["phase"] == "deal_over"
                assert {k: frame["state"][k] for k in expected} == expected


def test_a_game_survives_a_server_restart(tmp_path: Path) -> None:
    db = tmp_path / "k.db"
    with TestClient(create_app(db)) as client:
        game = new_game(client, seed=8)
        checker = LeakChecker()
        with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
            state = receive_until(ws, checker, my_move)
            for _ in range(6):
                if state["phase"] == "trump":
                    ws.send_json({"type": "trump", **state["options"][-1]})
                else:
                    ws.send_json({"type": "card", "card": state["legal"][0]})
                state = receive_until(ws, checker, lambda s, seq=state["seq"]: s["seq"] > seq and my_move(s))
    with TestClient(create_app(db)) as client:
        again = client.get(f"/api/play/{game['id']}", params={"token": game["token"]}).json()
        assert again["seq"] == state["seq"] and again["hand"] == state["hand"] and again["trick"] == state["trick"]
        with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}&since={state['seq']}") as ws:
            frame: dict[str, Any] = ws.receive_json()
            assert frame["type"] == "state" and frame["events"] == [] and frame["state"]["seq"] == state["seq"]


def test_undo_takes_back_my_last_card(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        game = new_game(client, seed=4)
        checker = LeakChecker()
        with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
            state = receive_until(ws, checker, my_move)
            while state["phase"] != "play":
                ws.send_json({"type": "trump", **state["options"][-1]})
                state = receive_until(ws, checker, lambda s, seq=state["seq"]: s["seq"] > seq and my_move(s))
            hand = state["hand"]
            ws.send_json({"type": "card", "card": state["legal"][0]})
            state = receive_until(ws, checker, lambda s, seq=state["seq"]: s["seq"] > seq and my_move(s))
            assert state["can_undo"]
            ws.send_json({"type": "undo"})
            state = receive_until(ws, checker, lambda s, seq=state["seq"]: s["seq"] > seq and my_move(s))
            assert state["hand"] == hand


async def finished(task: asyncio.Task[Any]) -> None:
    await asyncio.wait_for(asyncio.shield(task), 240)  # the first review may compile the solver


def test_deal_review_says_what_each_card_cost(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        game = new_game(client, seed=1)
        checker = LeakChecker()
        with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
            state = receive_until(ws, checker, my_move)
            play_match(ws, checker, state, deals=1)
        assert client.get(f"/api/play/{game['id']}/review/2").status_code == 404  # not played yet
        # The analysis runs as a task on the app's loop: wait for that task, not a clock.
        client.get(f"/api/play/{game['id']}/review/1")
        runtime = client.app.state.play.tables[game["id"]]  # type: ignore[attr-defined]
        task = runtime.table.review_cache[1]
        if isinstance(task, asyncio.Task):
            assert client.portal is not None
            client.portal.call(finished, task)
        review = client.get(f"/api/play/{game['id']}/review/1", params={"token": game["token"]}).json()
        assert not review["pending"]
        assert review["available"] and len(review["cards"]) == 32
        assert [c["card"] for c in review["cards"]] == review["record"]["plays"]
        for card in review["cards"]:
            assert card["loss"] >= 0 and card["best"]
            assert (card["loss"] == 0) == (card["card"] in card["best"])
            # Every legal card of the step with its value: the best ones cost nothing, the card played its loss.
            legal = {c["card"]: c for c in card["legal"]}
            assert card["card"] in legal and legal[card["card"]]["loss"] == card["loss"]
            assert {c for c, v in legal.items() if v["loss"] == 0} == set(card["best"])
            assert all(v["value"] == card["best_value"] for c, v in legal.items() if c in card["best"])
        # The legal cards are the engine's at each step of the replayed deal.
        from klaverjas.core import card_name, cards_of, parse_card
        from klaverjas.core.record import start_deal

        deal = start_deal(review["record"])
        for card in review["cards"]:
            assert {c["card"] for c in card["legal"]} == {card_name(c) for c in cards_of(deal.legal())}
            deal.play(parse_card(card["card"]))
        assert review["cost"] == {s: sum(c["loss"] for c in review["cards"] if c["seat"] == s) for s in "NESW"}
        mine = sum(c["loss"] for c in review["cards"] if c["seat"] == "S")
        if mine:
            assert f"cost {mine} point{'s' * (mine != 1)} in all" in review["summary"]["en"]
        else:
            assert review["summary"]["en"] == "Every card you played was a best card."
        assert client.get(f"/api/play/{game['id']}/review/1").json()["summary"] is None  # a spectator's


def test_the_review_in_words_counts_one_point_and_many() -> None:
    cards = [{"seat": "S", "trick": 2, "card": "QH", "loss": 1, "best": ["KH"]},
             {"seat": "S", "trick": 5, "card": "7S", "loss": 0, "best": ["7S"]},
             {"seat": "N", "trick": 3, "card": "AS", "loss": 20, "best": ["TS", "JS"]}]
    assert seat_summary(cards, 2) == {
        "en": "Your cards cost 1 point in all; the costliest was the queen of hearts in trick 2 (1 point): "
              "the king of hearts would have kept them.",
        "nl": "Je kaarten kostten in totaal 1 punt; het duurst was harten vrouw in slag 2 (1 punt): "
              "harten heer had ze gehouden."}
    north = seat_summary(cards, 0)
    assert north["en"].startswith("Your cards cost 20 points in all;")
    assert "(20 points): the ten of spades / the jack of spades would" in north["en"]
    assert seat_summary([c for c in cards if c["loss"] == 0], 2)["en"] == "Every card you played was a best card."


def test_an_illegal_card_allowed_is_called_by_the_bots(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        game = new_game(client, seed=5, illegal_cards="allow")
        checker = LeakChecker()
        with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
            state = receive_until(ws, checker, my_move)
            for _ in range(300):
                if state["phase"] == "play" and len(state["legal"]) < len(state["hand"]):
                    break
                if state["phase"] == "deal_over":
                    ws.send_json({"type": "next"})
                else:
                    ws.send_json(move_for(state))
                state = receive_until(ws, checker, lambda s, seq=state["seq"]: s["seq"] > seq and my_move(s))
            illegal = next(c["card"] for c in state["hand"] if c["card"] not in state["legal"])
            ws.send_json({"type": "card", "card": illegal})
            # The card is played; at the end of the trick an opponent calls it and the deal ends.
            state = receive_until(ws, checker, lambda s: s["phase"] in ("deal_over", "match_over"))
            assert state["result"]["verzaakt"] == "NS"
            assert state["result"]["score"]["NS"] == 0 and state["result"]["score"]["EW"] >= 262


def test_claimed_roem_is_offered_after_every_trick_won_and_a_wrong_claim_says_nothing(tmp_path: Path) -> None:
    # The offer comes after every trick South wins (7 of the 8: the deal ends with the last), whatever the trick
    # holds; South claims right, says "no roem", declines roem there is, or claims wrong (refused in both
    # languages without the amount); the computer players claim every trick they win, right, with a reason.
    from klaverjas.core import parse_cards

    seen = dict.fromkeys(("right", "none", "declined", "wrong", "bot", "bot_roem"), 0)
    with TestClient(create_app(tmp_path / "k.db")) as client:
        for seed in range(1, 13):
            game = new_game(client, seed=seed, roem_claim="claimed", match_end="deals:1")
            events: list[dict[str, Any]] = []
            offers = 0
            with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
                while True:
                    frame = ws.receive_json()
                    check_frame(frame)
                    assert frame["type"] != "error", frame
                    events += frame["events"]
                    state = frame["state"]
                    if state["phase"] in ("deal_over", "match_over"):
                        break
                    if "claim_offer" in state:
                        offers += 1
                        assert state["claim_team"] == "NS" and state["last_trick"]["winner"] == "S"
                        assert state["claim_offer"] == {"trick": sum(state["tricks_won"].values())}
                        roem, before = roem_of(state)[0], state["roem"]["NS"]
                        if roem and not seen["wrong"]:
                            ws.send_json({"type": "claim", "roem": roem + 10})
                            error = ws.receive_json()
                            assert error["type"] == "error" and error["code"] == "refused"
                            assert set(error["reason"]) == {"en", "nl"} and error["reason"]["en"] == error["message"]
                            assert not any(ch.isdigit() for text in error["reason"].values() for ch in text)
                            seen["wrong"] += 1
                        amount = roem if not roem or seen["right"] <= seen["declined"] else 0
                        ws.send_json({"type": "claim", "roem": amount})
                        after = ws.receive_json()
                        assert after["type"] == "update" and "claim_offer" not in after["state"]
                        events += after["events"]
                        assert after["state"]["roem"]["NS"] == before + amount
                        seen["none" if not roem else "right" if amount else "declined"] += 1
                        state = after["state"]
                    if state["to_move"] == "S" and "claim_offer" not in state:
                        ws.send_json(move_for(state))
                # Outside an offer a claim is refused in both languages.
                ws.send_json({"type": "claim", "roem": 0})
                error = next_error(ws)
                assert error["code"] == "not_now" and set(error["reason"]) == {"en", "nl"}
            tricks = [i for i, e in enumerate(events) if e["type"] == "trick"]
            assert len(tricks) == 8
            for number, at in enumerate(tricks[:7], 1):
                trick = events[at]
                following = [e for e in events[at + 1:] if e["type"] in ("claim", "card")]
                claim = following[0]
                assert claim["type"] == "claim" and claim["seat"] == trick["winner"], (number, following[:2])
                if trick["winner"] == "S":
                    assert "why" not in claim
                    continue
                cards = parse_cards(trick["cards"])
                assert claim["roem"] == roem_of({"last_trick": {"cards": trick["cards"]}, "trump": trump_of(events),
                                                 "rules": "amsterdam"})[0], cards
                assert claim["why"]["en"] and claim["why"]["nl"]
                seen["bot"] += 1
                seen["bot_roem"] += claim["roem"] > 0
            assert offers == sum(events[at]["winner"] == "S" for at in tricks[:7])
    assert all(seen.values()), seen


def trump_of(events: list[dict[str, Any]]) -> str:
    suit: str = next(e["trump"] for e in events if e["type"] == "trump")
    return suit


def roem_of(state: dict[str, Any]) -> list[int]:
    """The roem in the last trick, computed by the engine from its cards."""
    from klaverjas.core import Rules, parse_cards, trick_roem
    from klaverjas.core.roem import quartet_values

    cards = parse_cards(state["last_trick"]["cards"])
    trump = "CDHS".index(state["trump"])
    return [trick_roem(cards, trump, quartet_values(Rules.parse(state["rules"])))]


def test_people_read_the_rules_in_words_and_programs_the_rules(tmp_path: Path) -> None:
    from klaverjas.core import Rules
    from klaverjas.core.rules_words import rules_words

    words = {"nl": "Rotterdams · zelf roem melden · tot 1500", "en": "Rotterdam rules · claim roem yourself · to 1500"}
    with TestClient(create_app(tmp_path / "k.db")) as client:
        game = new_game(client, preset="rotterdam", roem_claim="claimed", match_end="points:1500")
        state = client.get(f"/api/play/{game['id']}", params={"token": game["token"]}).json()
        assert state["rules_words"] == words and Rules.parse(state["rules"]) == Rules.parse(
            "rotterdam(roem_claim=claimed,match_end=points:1500)")
        listed = {g["id"]: g for g in client.get("/api/play", params={"token": game["token"]}).json()}
        assert listed[game["id"]]["rules_words"] == words and listed[game["id"]]["rules"] == state["rules"]
        table = client.post("/api/tables", json={"name": "Anna", "seat": "S", "pace": 0, "preset": "strict",
                                                 "roem_claim": "claimed"}).json()
        info = client.get(f"/api/tables/{table['code']}").json()
        assert info["rules_words"] == rules_words(Rules.parse(info["rules"]))
        assert info["rules_words"]["nl"] == "Streng · zelf roem melden · tot 1500"
