"""The thinking pool: decisions, hints and reviews in worker processes, equal to the same thinking done
in this process, a fallback when a worker dies or hangs, and an event loop that keeps running meanwhile."""

from __future__ import annotations

import asyncio
import os
import pickle
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from klaverjas.bots import BasicBot, RandomBot, View
from klaverjas.bots.expert import ExpertBot
from klaverjas.bots.strong import StrongBot, available
from klaverjas.core import Deal, Rules, cards_of
from klaverjas.core.record import to_record
from klaverjas.web.thinking import Thinker, explain_in_worker, review_cards

needs_solver = pytest.mark.skipif(not available(), reason="the strong level needs the solver")


def deal_views(seed: int) -> tuple[list[View], Deal]:
    """Every decision's view of one deal the basic player plays out, and the finished deal."""
    deal = Deal.new(Rules.parse("amsterdam"), seed % 4, random.Random(seed))
    bot = BasicBot()
    views = []
    while not deal.is_over:
        seat = deal.selection.to_move if not deal.selection.done else deal.turn
        assert seat is not None
        view = View.of(deal, seat)
        views.append(view)
        action = bot.decide(view)
        deal.choose_trump(action) if not deal.selection.done else deal.play(action)  # type: ignore[arg-type]
    return views, deal


def opening_lead(seed: int) -> View:
    return next(v for v in deal_views(seed)[0] if v.phase == "play")


def exact_strong(seed: int, samples: int = 6) -> StrongBot:
    # As many samples as its minimum: the time budget does not decide how many deals it searches.
    return StrongBot(samples=samples, min_samples=samples, seed=seed)


@pytest.fixture
def thinker() -> Iterator[Thinker]:
    pool = Thinker(1)
    pool.start()
    yield pool
    pool.stop()


def test_views_and_reasons_survive_pickling() -> None:
    views, _ = deal_views(3)
    assert {v.phase for v in views} == {"trump", "play"}
    for view in views:
        assert pickle.loads(pickle.dumps(view)) == view
    decision, why = BasicBot().explain(views[-1])
    back = pickle.loads(pickle.dumps(why))
    assert back == why and getattr(back, "parts", None) == getattr(why, "parts", None)


@needs_solver
def test_pool_decisions_equal_in_process_ones_deal_long(thinker: Thinker) -> None:
    # One bot decides a whole deal's views in the pool, its twin the same views here: every decision
    # and reason agree, so the random generator and the evidence cache travel with the bot.
    views, _ = deal_views(11)
    pooled, here = exact_strong(5), exact_strong(5)

    async def decide_all() -> list[tuple[object, object]]:
        return [await thinker.decide(pooled, v) for v in views]

    got = asyncio.run(decide_all())
    assert got == [here.explain(v) for v in views]
    assert pooled.rng.getstate() == here.rng.getstate()
    assert len(pooled.searched) == len(here.searched) > 0
    assert thinker.worker_pids() and os.getpid() not in thinker.worker_pids()


@needs_solver
def test_expert_decisions_think_in_a_worker_and_equal_in_process_ones_deal_long(thinker: Thinker) -> None:
    # As many deals as its minimum, and every deal late once at most that many remain: the time budget
    # does not decide what it searches.
    views, _ = deal_views(13)
    pooled, here = (ExpertBot(samples=8, min_samples=8, seed=5) for _ in range(2))

    async def decide_all() -> list[tuple[object, object]]:
        return [await thinker.decide(pooled, v) for v in views]

    got = asyncio.run(decide_all())
    # The pool starts its worker at the first task it gets: the expert's decisions were tasks.
    assert thinker.worker_pids() and os.getpid() not in thinker.worker_pids()
    assert got == [here.explain(v) for v in views]
    assert pooled.rng.getstate() == here.rng.getstate()
    # Late in the deal it searched every deal of the hidden cards: fewer than its samples.
    assert len(pooled.searched) == len(here.searched) > 0
    assert [n for _, n in pooled.searched] == [n for _, n in here.searched]
    assert any(n < 8 for _, n in here.searched)


@needs_solver
def test_a_decision_that_waited_spends_only_what_is_left_of_its_budget() -> None:
    view = opening_lead(9)
    bot = StrongBot(samples=60, min_samples=6, budget_ms=150.0, seed=1)
    # Asked ten seconds ago: nothing is left of 150 ms, so it searches its minimum of deals.
    explain_in_worker(bot, view, time.time() - 10)
    assert bot.searched[-1][1] == 6 and bot.budget_ms == 150.0


@needs_solver
def test_a_thinker_without_workers_thinks_in_threads_alike() -> None:
    thinker = Thinker(0)
    thinker.start()
    assert thinker.prestart(wait=True) == [] and thinker.worker_pids() == []
    views, deal = deal_views(12)
    view = next(v for v in views if v.phase == "play" and v.legal.bit_count() > 1)
    assert asyncio.run(thinker.decide(exact_strong(8), view)) == exact_strong(8).explain(view)
    assert sorted(o.action for o in asyncio.run(thinker.advise(view))) == sorted(cards_of(view.legal))
    assert asyncio.run(thinker.review(to_record(deal))) == review_cards(to_record(deal))
    thinker.stop()


def test_cheap_levels_think_in_a_thread_with_the_same_draws(thinker: Thinker) -> None:
    views, _ = deal_views(4)
    bot, twin = RandomBot(9), RandomBot(9)

    async def decide_all() -> list[tuple[object, object]]:
        return [await thinker.decide(bot, v) for v in views]

    assert asyncio.run(decide_all()) == [twin.explain(v) for v in views]
    assert thinker.worker_pids() == []  # no worker was needed


@needs_solver
def test_a_killed_worker_gives_the_basic_decision_and_the_next_one_works(thinker: Thinker) -> None:
    view = opening_lead(2)
    endless = exact_strong(1, samples=10**7)

    async def scenario() -> tuple[tuple[object, object], tuple[object, object]]:
        pending = asyncio.ensure_future(thinker.decide(endless, view))
        while not thinker.worker_pids():
            await asyncio.sleep(0.01)
        os.kill(thinker.worker_pids()[0], signal.SIGKILL)
        fallback = await pending
        return fallback, await thinker.decide(exact_strong(3), view)

    fallback, after = asyncio.run(scenario())
    assert fallback == BasicBot().explain(view)
    assert after == exact_strong(3).explain(view)
    assert thinker.restarts == 1


@needs_solver
def test_a_stuck_worker_is_replaced_after_the_timeout() -> None:
    thinker = Thinker(1, timeout=3.0)
    thinker.start()
    view = opening_lead(5)
    try:
        stuck_pids = thinker.prestart(wait=True)
        fallback = asyncio.run(thinker.decide(exact_strong(1, samples=10**7), view))
        assert fallback == BasicBot().explain(view)
        assert thinker.restarts == 1
        fresh_pids = thinker.prestart(wait=True)
        assert fresh_pids and not set(stuck_pids) & set(fresh_pids)
        thinker.timeout = 600.0  # the next decision is a real one: a busy machine may take its time
        assert asyncio.run(thinker.decide(exact_strong(4), view)) == exact_strong(4).explain(view)
    finally:
        thinker.stop()


@needs_solver
def test_the_loop_runs_other_tasks_while_a_strong_player_thinks() -> None:
    # A strong player that thinks for ever, until the pool's timeout takes the basic player's card.
    thinker = Thinker(1, timeout=2.0)
    view = opening_lead(8)
    try:
        thinker.prestart(wait=True)

        async def scenario() -> tuple[int, tuple[object, object]]:
            ticks = 0
            decision = asyncio.ensure_future(thinker.decide(exact_strong(2, samples=10**7), view))
            while not decision.done():
                ticks += 1
                await asyncio.sleep(0.01)
            return ticks, decision.result()

        ticks, got = asyncio.run(scenario())
    finally:
        thinker.stop()
    assert got == BasicBot().explain(view)
    assert ticks >= 20  # about 200 turns of 10 ms in the 2 s; a loop thinking itself would give 1


@needs_solver
def test_hints_and_reviews_from_the_pool(thinker: Thinker) -> None:
    views, deal = deal_views(6)
    view = next(v for v in views if v.phase == "play" and v.legal.bit_count() > 1)
    record = to_record(deal)
    options = asyncio.run(thinker.advise(view))
    assert sorted(o.action for o in options) == sorted(cards_of(view.legal))
    assert asyncio.run(thinker.review(record)) == review_cards(record)


@needs_solver
def test_a_bad_record_fails_in_the_review_as_it_does_here(thinker: Thinker) -> None:
    _, deal = deal_views(7)
    record = {**to_record(deal), "plays": ["ZZ"]}  # not a card
    with pytest.raises(ValueError) as here:
        review_cards(record)
    with pytest.raises(ValueError) as pooled:
        asyncio.run(thinker.review(record))
    assert str(pooled.value) == str(here.value)


def test_serve_takes_a_number_of_think_workers() -> None:
    from klaverjas.cli.main import build_parser

    assert build_parser().parse_args(["serve"]).think_workers is None
    assert build_parser().parse_args(["serve", "--think-workers", "0"]).think_workers == 0
    for bad in ("x", "-1", "65"):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["serve", "--think-workers", bad])


def test_a_killed_server_leaves_no_worker_behind(tmp_path: Path) -> None:
    # The workers' parent is the forkserver, not the server: without their own watch they outlive a
    # server killed with SIGKILL, each holding the solver's memory.
    script = tmp_path / "server.py"
    script.write_text("import sys, time\n"
                      "from klaverjas.web.thinking import Thinker\n"
                      "if __name__ == '__main__':\n"
                      "    thinker = Thinker(2)\n"
                      "    print(*thinker.prestart(wait=True), flush=True)\n"
                      "    time.sleep(600)\n")
    server = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    workers = [int(pid) for pid in server.stdout.readline().split()]
    assert len(workers) == 2 and all(_alive(pid) for pid in workers)
    server.kill()
    server.wait()
    deadline = time.monotonic() + 30
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in workers if _alive(pid)]


def _alive(pid: int) -> bool:
    """Running, not a zombie waiting for its parent to collect it."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
