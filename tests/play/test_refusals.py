"""Every refusal of a table says why in every language: the error frame's ``reason``, its English the message.

A Dutch page shows the reason in Dutch: a card clicked while trump is still being chosen, a move out of turn,
a renege called where there was none, a chair that is taken.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from klaverjas.core import Rules, card_name, cards_of, parse_card
from klaverjas.core.texts import LANGS
from klaverjas.web import create_app
from klaverjas.web.play.game import ActionError, GameTable, SeatInfo

from .conftest import check_frame


def refusal(table: GameTable, seat: int, message: dict[str, Any]) -> ActionError:
    before = table.to_json()
    with pytest.raises(ActionError) as refused:
        table.act(seat, message)
    assert table.to_json() == before  # nothing changed
    error = refused.value
    assert set(error.reason) == set(LANGS) and str(error) == error.reason["en"]
    assert error.reason["nl"] != error.reason["en"]
    return error


def four_people(rules: str = "amsterdam(illegal_cards=allow)") -> GameTable:
    return GameTable.create(Rules.parse(rules), [SeatInfo("human", name=f"p{s}") for s in range(4)], seed=3)


def test_a_table_says_why_it_refuses_in_dutch_too() -> None:
    table = four_people()
    assert table.phase == "trump"
    speaker = table.to_move
    assert speaker is not None
    other = (speaker + 1) % 4
    card = card_name(next(iter(cards_of(table.deal.hands[speaker]))))
    error = refusal(table, speaker, {"type": "card", "card": card})
    assert (error.code, error.reason["nl"]) == ("not_now", "Er wordt nog troef gekozen: er kan nog geen kaart "
                                                           "gespeeld worden.")
    error = refusal(table, other, {"type": "trump", "action": "pass"})
    assert (error.code, error.reason["nl"]) == ("not_your_turn", "Je bent niet aan de beurt om te bieden.")
    error = refusal(table, speaker, {"type": "next"})
    assert error.reason == {"en": "The deal is not over.", "nl": "Het spel is nog niet uit."}
    error = refusal(table, speaker, {"type": "teleport"})
    assert error.reason["nl"] == "Onbekend soort actie 'teleport'."

    while table.phase == "trump":
        seat = table.to_move
        assert seat is not None
        options = table.deal.selection.options()
        table.act(seat, {"type": "trump", **options[-1].as_json()})
    assert refusal(table, 0, {"type": "trump", "action": "pass"}).reason["nl"] == "De troef is al gekozen."

    turn = table.deal.turn
    waiting = (turn + 1) % 4
    own = card_name(next(iter(cards_of(table.deal.hands[waiting]))))
    error = refusal(table, waiting, {"type": "card", "card": own})
    names = {0: "Noord", 1: "Oost", 2: "Zuid", 3: "West"}
    assert (error.code, error.reason["nl"]) == ("not_your_turn", f"{names[turn]} is aan de beurt.")
    foreign = next(c for c in range(32) if not table.deal.hands[turn] >> c & 1)
    error = refusal(table, turn, {"type": "card", "card": card_name(foreign)})
    assert error.code == "not_in_hand" and error.reason["nl"].startswith("Je hebt ")
    error = refusal(table, turn, {"type": "card", "card": "1X"})
    assert error.code == "bad_message" and error.reason["nl"].startswith("Geen kaart: ")
    # Nobody has reneged yet: the call is refused, naming the other side.
    error = refusal(table, 0, {"type": "verzaakt"})
    assert error.reason == {"en": "No renege by East-West in this deal.",
                            "nl": "Oost-West heeft in dit spel niet verzaakt."}
    error = refusal(table, turn, {"type": "undo"})
    assert error.reason["nl"] == "Er is in dit spel geen kaart van jou om terug te nemen."
    assert refusal(table, turn, {"type": "claim", "roem": "veel"}).reason["nl"] == "Roem is een heel getal."


def test_a_taken_chair_and_the_host_s_rights_are_refused_in_dutch_too() -> None:
    seats = [SeatInfo("human", name="host", token="t0"), SeatInfo("open"), SeatInfo("open"), SeatInfo("open")]
    table = GameTable.create(Rules.parse("rotterdam"), seats, seed=4, code="ABCDEF", host=0)
    table.sit(1, "Ann", "t1")
    error = refusal_of(lambda: table.sit(1, "Bob", "t2"))
    assert (error.code, error.reason["nl"]) == ("seat_taken", "De plaats Oost is bezet.")
    error = refusal_of(lambda: table.start(1))
    assert (error.code, error.reason["nl"]) == ("not_host", "Alleen de gastheer start de tafel.")
    error = refusal_of(lambda: table.invite(2, 3))
    assert error.reason["nl"] == "Alleen de gastheer nodigt uit."
    table.start(0)
    error = refusal_of(lambda: table.sit(2, "Bob", "t2"))
    assert error.reason["nl"] == "De plaats Zuid is bezet; na de start laat alleen de gastheer iemand binnen."


def refusal_of(action: Any) -> ActionError:
    with pytest.raises(ActionError) as refused:
        action()
    error = refused.value
    assert set(error.reason) == set(LANGS) and str(error) == error.reason["en"]
    return error


def test_every_error_frame_carries_its_reason(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "k.db")) as client:
        game = client.post("/api/play", json={"pace": 0, "seed": 11}).json()
        with client.websocket_connect(f"/ws/play/{game['id']}?token={game['token']}") as ws:
            state = ws.receive_json()["state"]
            assert state["phase"] == "trump"
            card = state["hand"][0]["card"]
            frames = []
            for message in ({"type": "card", "card": card}, {"type": "teleport"}, {"type": "card"},
                            {"type": "chat", "text": " "}, {"type": "undo"}):
                ws.send_json(message)
                while (frame := ws.receive_json())["type"] != "error":
                    pass
                check_frame(frame)
                frames.append(frame)
            ws.send_bytes(b"{}")
            while (frame := ws.receive_json())["type"] != "error":
                pass
            frames.append(frame)
    for frame in frames:
        assert set(frame["reason"]) == set(LANGS) and frame["message"] == frame["reason"]["en"], frame
        assert frame["reason"]["nl"] != frame["reason"]["en"], frame
    assert frames[0]["reason"]["nl"].startswith("Er wordt nog troef gekozen")
    assert [f["code"] for f in frames] == ["not_now", "bad_message", "bad_message", "bad_message", "refused",
                                           "bad_message"]
    assert parse_card(card) in range(32)


@pytest.mark.parametrize("match_end", ["deals:2", "deals:1"])
def test_the_last_trick_stays_to_look_at_once_the_deal_is_over(match_end: str) -> None:
    # A deal over (and a match over) is recorded and gone from play; the table still shows its last trick.
    table = four_people(f"rotterdam(match_end={match_end})")
    while table.phase == "trump":
        seat = table.to_move
        assert seat is not None
        table.act(seat, {"type": "trump", **table.deal.selection.options()[-1].as_json()})
    played: list[str] = []
    while table.phase == "play":
        card = card_name(next(iter(cards_of(table.deal.legal()))))
        table.act(table.deal.turn, {"type": "card", "card": card})
        played.append(card)
    assert len(played) == 32 and table.phase == ("match_over" if match_end == "deals:1" else "deal_over")
    for seat in (0, 2, None):
        shown = table.state_for(seat)["last_trick"]
        assert shown is not None and shown["cards"] == played[-4:], (shown, played[-4:])
        assert shown["winner"] in "NESW"
