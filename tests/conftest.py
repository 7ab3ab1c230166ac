"""Shared fixtures: the app served on 127.0.0.1, and Debian's Chromium through Playwright."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
# This machine has no internet: keep Chromium from trying to reach it.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
HAVE_CHROMIUM = os.path.exists(CHROMIUM)
needs_chromium = pytest.mark.skipif(not HAVE_CHROMIUM, reason=f"Debian's Chromium is not installed at {CHROMIUM}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A phone-sized Dutch page; errors in the page's scripts fail the test."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="nl-NL", has_touch=True)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(15000)
    yield pg
    ctx.close()
    assert not errors, errors


@contextlib.contextmanager
def live_server(db: Path) -> Iterator[str]:
    """The app with uvicorn in a thread on a free 127.0.0.1 port; yields its base URL."""
    import uvicorn

    from klaverjas.web import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(db), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 30
    while not srv.started and time.time() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(5)


@pytest.fixture(scope="session")
def solver_ready() -> bool:
    """Compile the solver once before a server uses it (the strong player's hints, deal reviews), so
    the first compile does not land inside a browser test's timeout.  False without numpy."""
    import importlib.util
    import random

    if importlib.util.find_spec("numpy") is None:
        return False
    from klaverjas.core import Deal, Rules
    from klaverjas.solver import Position, solve

    deal = Deal.new(Rules.parse("amsterdam"), 0, seed=1)
    deal.set_trump(2, 1)
    rng = random.Random(1)
    while len(deal.plays) < 24:
        legal = deal.legal()
        deal.play_unchecked(rng.choice([c for c in range(32) if legal >> c & 1]))
    solve(Position.from_deal(deal), "real")
    return True
