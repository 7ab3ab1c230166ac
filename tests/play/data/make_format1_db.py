"""Make format1.db: two games as the store of commit 334b244 (the last before the store had a format) wrote
them, for tests/play/test_game_store.py. Run from the repository:
``.venv/bin/python tests/play/data/make_format1_db.py``.

The store module is 334b244's own (``git show``); the table (web/play/game.py) is today's, unchanged since.
A game against the computer stopped in its second deal with South to move, and a table with friends with its
host (South) and one friend (West) seated in its lobby.
"""

from __future__ import annotations

import subprocess
import types
from pathlib import Path

from klaverjas.core import Rules
from klaverjas.web.play.game import GameTable, SeatInfo

HERE = Path(__file__).parent
OLD = "334b244"
SOLO_TOKEN = "solo-token-of-south-0001"
HOST_TOKEN = "host-token-of-south-0002"
FRIEND_TOKEN = "friend-token-of-west-003"


def old_store() -> types.ModuleType:
    source = subprocess.run(["git", "show", f"{OLD}:src/klaverjas/web/play/store.py"], check=True,
                            capture_output=True, text=True).stdout
    module = types.ModuleType("old_store")
    exec(compile(source, f"{OLD}:store.py", "exec"), module.__dict__)
    return module


def save(store: object, table: GameTable, pace: float, away_limit: float) -> None:
    """As 334b244's PlayService.save did (every event at once: a first save)."""
    data = table.to_json()
    data["pace"] = pace
    data["away_limit"] = away_limit
    store.save(data, table.phase)  # type: ignore[attr-defined]


def main() -> None:
    target = HERE / "format1.db"
    target.unlink(missing_ok=True)
    store = old_store().GameStore(target)
    seats = [SeatInfo("bot", "basic", "North"), SeatInfo("bot", "basic", "East"),
             SeatInfo("human", name="Anna", token=SOLO_TOKEN), SeatInfo("bot", "basic", "West")]
    solo = GameTable.create(Rules.parse("amsterdam"), seats, 7, first_dealer=3, created="2026-11-30T10:00:00+00:00")
    solo.id = "oldsologame1"
    # Play (South the first legal move, computer players their own) until the second deal waits for South.
    while not (solo.deal_no == 2 and solo.to_move == 2 and solo.phase == "play" and len(solo.deal.plays) > 2):
        seat = solo.to_move
        if solo.phase == "deal_over":
            solo.next_deal()
        elif seat == 2:
            state = solo.state_for(2)
            move = {"type": "trump", **state["options"][-1]} if state["phase"] == "trump" else \
                {"type": "card", "card": state["legal"][0]}
            solo.act(2, move)
        else:
            claims = solo.bot_claims()
            if claims:
                for claimer, amount, why in claims:
                    solo.apply_claim(claimer, amount, why)
                continue
            assert seat is not None
            decision, why = solo.bots[seat].explain(solo.bot_view(seat))
            solo.apply_bot(seat, decision, why)
    save(store, solo, 0.0, 60.0)
    friends = [SeatInfo("open", "basic") for _ in range(4)]
    friends[2] = SeatInfo("human", "basic", "Host", HOST_TOKEN)
    lobby = GameTable.create(Rules.parse("rotterdam"), friends, 8, first_dealer=3, created="2026-11-30T11:00:00+00:00",
                             code="KLTAB2", host=2)
    lobby.id = "oldlobbytab1"
    lobby.sit(3, "Bram", FRIEND_TOKEN)
    save(store, lobby, 0.0, 30.0)
    store.close()
    print(f"{target}: {solo.id} at seq {solo.seq} (deal {solo.deal_no}), {lobby.id} at seq {lobby.seq}")


if __name__ == "__main__":
    main()
