"""The app's heavy thinking, off the event loop: strong and expert decisions, hints and deal reviews.

Threads share the GIL: numba releases it inside the solver's kernel, but the strong player's sampling
and weighing are Python, so a strong bot thinking in a thread slows every socket of the process. A
:class:`Thinker` runs that work in a pool of worker processes instead, and the loop only waits.

What crosses to a worker is small and picklable: the :class:`~klaverjas.bots.View` (a frozen dataclass
of ints and tuples, about 3 kB) and the bot itself with the state it keeps between decisions (its random
generator and the evidence cache of the deal, about 4 kB); the worker sends the bot back with the
decision and the table's bot takes over its state. So a table's bots draw the same numbers, decision
after decision, whether they think in a worker or in this process.

Workers come from a ``forkserver`` (forking a process that runs an event loop and threads is unsafe; the
fork server is a clean single-threaded process) that has imported the solver once, so a worker starts
in milliseconds; each loads the solver's compiled kernel from numba's cache as it starts
(:func:`klaverjas.solver.warm.warm`), so the first decision does not compile.

A strong or expert player's time budget (150 ms, 900 ms) counts from the moment its table asked, not
from the moment a worker took the task: when the pool is busy a decision searches fewer deals (at least
the bot's minimum), as it did in a busy thread, so the tables keep their pace instead of queueing behind
one another. The expert is a :class:`~klaverjas.bots.strong.StrongBot` with more samples: the same
state crosses to the worker and back.

The cheap levels (``random``, ``basic``) think in a thread as before: their decision takes a tenth of a
millisecond or less, less than the round trip to a worker (about 0.4 ms; benchmarks/play_latency.py).

A worker imports the program's main module as multiprocessing does, so a program that makes a
:class:`Thinker` starts from a module guarded by ``if __name__ == "__main__"`` (``klaverjas serve`` is).

A worker that dies (``BrokenProcessPool``) or a task that a worker took and does not finish within
``timeout`` seconds (20 by default; an expert's card takes about a second, the slowest measured 6.5 s
on a busy machine, docs/bots.md) never stalls a table: the decision falls back to the basic player's,
a hint to the basic player's advice, a review to a thread of this process, and the pool is replaced.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import copy
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from klaverjas.bots import BasicBot, Bot, Option, View
from klaverjas.core.texts import Text

log = logging.getLogger("klaverjas.thinking")
T = TypeVar("T")

POOL_LEVELS = frozenset({"strong", "expert"})  # the levels whose decisions are worth a worker
# Attributes a bot keeps for the benchmarks, not for its decisions: not sent to a worker and back.
TRANSIENT = ("searched",)
# What the fork server imports once, so each worker forked from it starts with them loaded.
PRELOAD = ["klaverjas.web.thinking", "klaverjas.bots.strong", "klaverjas.bots.expert", "klaverjas.solver",
           "klaverjas.solver.analyse"]


def default_workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))


class ThinkingFailed(Exception):
    """The pool did not answer: a worker died, or the task outlived the timeout."""


# --- what runs in a worker ---------------------------------------------------------
def _warm_worker(server: int) -> None:
    # A worker's parent is the forkserver, and it holds the pipes that would tell it the server is gone,
    # so a server killed with SIGKILL would leave its workers (and their forkserver) running for ever.
    threading.Thread(target=_exit_without, args=(server,), daemon=True, name="klaverjas-server-watch").start()
    try:
        from klaverjas.solver.warm import warm
    except ImportError:  # no numpy: no strong player and no reviews, nothing to warm
        return
    warm()


def _exit_without(server: int, every: float = 1.0) -> None:
    """End this worker once the server process ``server`` is gone."""
    while True:
        time.sleep(every)
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # the pid now belongs to another user's process: ours is gone
            os._exit(0)


def _worker_pid() -> int:
    return os.getpid()


def explain_in_worker(bot: Bot, view: View, asked_at: float | None = None) -> tuple[Any, Text, Bot]:
    """A bot's decision with its reason, and the bot with the state it has after deciding.

    A bot with a time budget (``budget_ms``) spends what is left of it since ``asked_at`` (``time.time()``
    when the table asked): a decision that waited in the queue searches less, as one in a busy thread
    does, so a busy pool answers in about the same time rather than falling further behind."""
    budget = getattr(bot, "budget_ms", None)
    if asked_at is None or not isinstance(budget, float | int):
        decision, why = bot.explain(view)
        return decision, why, bot
    bot.budget_ms = max(0.0, budget - (time.time() - asked_at) * 1000)  # type: ignore[attr-defined]
    try:
        decision, why = bot.explain(view)
    finally:
        bot.budget_ms = budget  # type: ignore[attr-defined]
    return decision, why, bot


def strong_advice(view: View) -> list[Option]:
    from klaverjas.bots.strong import StrongBot

    return StrongBot().advise(view)


def review_cards(record: dict[str, Any]) -> list[dict[str, Any]]:
    """What each card of a finished deal cost against the best card at that moment (the solver);
    raises ``RecordError``/``ValueError`` for a record that does not replay."""
    from klaverjas.core import parse_card
    from klaverjas.core.record import start_deal
    from klaverjas.solver.analyse import analyse_deal

    deal = start_deal(record)
    return [r.as_json() for r in analyse_deal(deal, [parse_card(c) for c in record["plays"]])]


# --- the pool ------------------------------------------------------------------------
def portable(bot: Bot) -> Bot:
    """A shallow twin of ``bot`` without its transient attributes, to send to a worker."""
    twin = copy.copy(bot)
    for name in TRANSIENT:
        if isinstance(getattr(twin, name, None), list):
            setattr(twin, name, [])
    return twin


def adopt(bot: Bot, thought: Bot) -> None:
    """``bot`` takes over the state ``thought`` (its twin, back from a worker) has after deciding."""
    for name, value in vars(thought).items():
        if name in TRANSIENT and isinstance(value, list):
            getattr(bot, name).extend(value)
        else:
            setattr(bot, name, value)


class Thinker:
    """Runs heavy thinking in ``workers`` processes (0: in threads of this process, as a test or a
    machine without processes to spare may want). ``timeout``: seconds a worker may take for one task."""

    def __init__(self, workers: int | None = None, timeout: float = 20.0, start_method: str = "forkserver"):
        self.workers = default_workers() if workers is None else workers
        self.timeout = timeout
        self.start_method = start_method
        self.restarts = 0  # pools replaced after a dead worker or a timeout
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._warming: list[concurrent.futures.Future[int]] = []  # the current pool's start-up tasks
        self._starting = threading.Lock()  # one thread at a time starts the workers
        self._stopped = False

    @property
    def uses_processes(self) -> bool:
        return self.workers > 0

    def start(self) -> None:
        """Make the pool (at the app's start); its workers start at the first task or :meth:`prestart`."""
        self._stopped = False
        if self.uses_processes and self._pool is None:
            self._pool = self._new_pool()

    def prestart(self, wait: bool = False) -> list[int]:
        """Start every worker now (a server does, so the first decision does not wait for one). They
        start and warm the solver in the background, unless ``wait``. Returns the workers' ids so far."""
        if not self.uses_processes:
            return []
        if not wait:
            threading.Thread(target=self._start_quietly, name="thinking-start", daemon=True).start()
            return self.worker_pids()
        self._running_pool()
        concurrent.futures.wait(self._warming)
        return self.worker_pids()

    def stop(self) -> None:
        self._stopped = True  # a worker still starting in the background is stopped as it comes
        pool, self._pool = self._pool, None
        if pool is not None:
            self._terminate(pool)

    def worker_pids(self) -> list[int]:
        """The process ids of the running workers (for tests and the operator)."""
        pool = self._pool
        return sorted(pool._processes) if pool is not None and pool._processes else []

    def _new_pool(self) -> concurrent.futures.ProcessPoolExecutor:
        context = multiprocessing.get_context(self.start_method)
        if self.start_method == "forkserver":
            context.set_forkserver_preload(PRELOAD)
        self._warming = []
        return concurrent.futures.ProcessPoolExecutor(self.workers, mp_context=context, initializer=_warm_worker,
                                                      initargs=(os.getpid(),))

    def _running_pool(self) -> concurrent.futures.ProcessPoolExecutor:
        """The pool, with every worker started: each submit finding no idle worker starts one, so as many
        tasks at once start them all; they finish once their worker has warmed. Starting them waits for
        the fork server (its first start imports the solver): call this in a thread, not on the loop."""
        assert self.uses_processes, "a thinker of 0 workers thinks in threads"
        with self._starting:
            if self._stopped:
                raise ThinkingFailed("the thinking pool has stopped")
            if self._pool is None:
                self._pool = self._new_pool()
            pool = self._pool
            if not self._warming:
                self._warming = [pool.submit(_worker_pid) for _ in range(self.workers)]
        if self._stopped:  # stopped while the workers started: they would keep the exit waiting
            self._terminate(pool)
        return pool

    def _start_quietly(self) -> None:
        try:
            self._running_pool()
        except Exception as exc:  # stopped meanwhile, or no fork server: the first task says it again
            log.warning("the thinking workers did not start: %r", exc)

    async def _started_pool(self) -> concurrent.futures.ProcessPoolExecutor:
        pool = self._pool
        if pool is not None and self._warming:
            return pool
        return await asyncio.to_thread(self._running_pool)

    def _warm(self, pool: concurrent.futures.ProcessPoolExecutor) -> bool:
        return pool is self._pool and all(f.done() for f in self._warming)

    @staticmethod
    def _terminate(pool: concurrent.futures.ProcessPoolExecutor) -> None:
        # The executor has no public way to stop a worker in the middle of a task (Python 3.14 adds
        # terminate_workers); a stuck worker would otherwise keep its core and the shutdown waiting.
        for process in list((pool._processes or {}).values()):
            process.terminate()
        # The shutdown takes the executor's lock, which a thread starting a worker holds until the fork
        # server answers (its first start imports the solver): a thread waits for it, not the caller.
        threading.Thread(target=pool.shutdown, kwargs={"wait": False, "cancel_futures": True},
                         name="thinking-stop", daemon=True).start()

    def _replace(self, broken: concurrent.futures.ProcessPoolExecutor, why: str) -> None:
        if self._pool is not broken:
            return  # another task already replaced it
        log.warning("thinking pool replaced: %s", why)
        self.restarts += 1
        self._pool = self._new_pool()  # its workers start with the next task, in a thread
        self._terminate(broken)

    async def _run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker; raises :class:`ThinkingFailed` when the pool does not answer
        (and replaces the pool when a worker died or holds the task past the timeout)."""
        try:
            pool = await asyncio.wait_for(self._started_pool(), self.timeout)
        except TimeoutError:
            raise ThinkingFailed(f"the workers did not start within {self.timeout:g} s") from None
        try:
            future = pool.submit(function, *args)
        except (BrokenProcessPool, RuntimeError) as exc:  # broken, or shut down under us
            self._replace(pool, repr(exc))
            raise ThinkingFailed(repr(exc)) from None
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), self.timeout)
        except BrokenProcessPool as exc:
            self._replace(pool, f"a worker died ({exc})")
            raise ThinkingFailed("a worker died") from None
        except TimeoutError:
            # Still waiting in the queue: the pool is busy, not broken. Taken by a worker and not back:
            # that worker is stuck, and only a new pool frees it; unless the workers are still warming
            # (a fresh install compiles the solver for a minute), which a new pool would only restart.
            if not future.cancel() and self._warm(pool):
                self._replace(pool, f"a task took more than {self.timeout:g} s")
            raise ThinkingFailed(f"no answer within {self.timeout:g} s") from None

    # --- what the app asks ---------------------------------------------------------------
    async def decide(self, bot: Bot, view: View) -> tuple[Any, Text]:
        """``bot``'s decision and its reason for ``view``; the basic player's when the thinking fails."""
        if not self.uses_processes or bot.name not in POOL_LEVELS:
            return await asyncio.to_thread(bot.explain, view)
        try:
            decision, why, thought = await self._run(explain_in_worker, portable(bot), view, time.time())
        except ThinkingFailed as exc:
            log.warning("%s player's decision failed (%s); playing the basic player's", bot.name, exc)
            return BasicBot().explain(view)
        adopt(bot, thought)
        return decision, why

    async def advise(self, view: View) -> list[Option]:
        """The strong player's options for ``view`` (raises like the advice itself; the caller falls back).
        Hints stay with the strong player at an expert's table too: they must answer within a few seconds."""
        if not self.uses_processes:
            return await asyncio.to_thread(strong_advice, view)
        return await self._run(strong_advice, view)

    async def review(self, record: dict[str, Any]) -> list[dict[str, Any]]:
        """:func:`review_cards` of a finished deal's record; in a thread when the pool does not answer."""
        if self.uses_processes:
            try:
                return await self._run(review_cards, record)
            except ThinkingFailed as exc:
                log.warning("deal review in the pool failed (%s); reviewing in a thread", exc)
        return await asyncio.to_thread(review_cards, record)
