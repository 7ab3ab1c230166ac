"""A table's pace counts a computer player's thinking: a player that thinks longer than the pace plays as soon
as it has decided, and one that decides at once still waits out the pace."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from klaverjas.bots import BasicBot, View
from klaverjas.core import Rules
from klaverjas.core.texts import Text
from klaverjas.web.play.game import GameTable, SeatInfo
from klaverjas.web.play.service import PlayService
from klaverjas.web.play.store import GameStore

PACE = 0.3  # a pause of 0.3 s, or 0.48 s after a trick: both shorter than the slow player's thinking
THINKING = 0.6
ASKS = 17
EARLY = 0.02  # a timer may fire this early, and a thread starts a moment after the driver asked it


class TimedBot(BasicBot):
    """The basic player, taking ``thinking`` seconds for each decision; notes when it was asked for each."""

    def __init__(self, seat: int, thinking: float, asked: list[tuple[int, float]]):
        super().__init__()
        self.seat, self.thinking, self.asked = seat, thinking, asked

    def explain(self, view: View) -> tuple[Any, Text]:
        self.asked.append((self.seat, time.monotonic()))
        time.sleep(self.thinking)
        return super().explain(view)


def test_the_pace_counts_the_thinking(tmp_path: Path) -> None:
    asked: list[tuple[int, float]] = []

    async def scenario() -> None:
        service = PlayService(GameStore(tmp_path / "k.db"))  # no pool: the players think in threads
        table = GameTable.create(Rules.parse("amsterdam"), [SeatInfo("bot") for _ in range(4)], seed=5)
        # North and South think longer than the pace; East and West decide at once.
        table.bots = {seat: TimedBot(seat, THINKING if seat % 2 == 0 else 0.0, asked) for seat in range(4)}
        runtime = await service.add(table, pace=PACE)
        service.kick(runtime)
        deadline = time.monotonic() + 60
        while len(asked) < ASKS:
            assert time.monotonic() < deadline, f"only {len(asked)} decisions in 60 s"
            await asyncio.sleep(0.05)
        await service.shutdown()

    asyncio.run(scenario())
    times = list(asked)
    # From one player being asked to the next: its thinking and the pause of the table's pace, together.
    waits = [(seat, then - at) for (seat, at), (_, then) in zip(times[:-1], times[1:], strict=True)]
    slow = [wait for seat, wait in waits if seat % 2 == 0]
    quick = [wait for seat, wait in waits if seat % 2 == 1]
    assert len(slow) >= 5 and len(quick) >= 5, waits
    # The pace is kept: a player that decides at once still waits it out.
    assert min(quick) >= PACE - EARLY, waits
    # The thinking was the pause: a pause and then the thinking would take at least 0.3 + 0.6 s each time.
    assert min(slow) >= THINKING - EARLY, waits
    assert sum(slow) / len(slow) < PACE + THINKING - 0.1, waits
