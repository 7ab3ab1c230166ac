"""Shared fixtures: the app served on 127.0.0.1, and Debian's Chromium through Playwright."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tools.chromium import CHROMIUM, CHROMIUM_ARGS

# The app answers to these host names only; Starlette's TestClient calls itself "testserver".
os.environ.setdefault("KLAVERJAS_ALLOWED_HOSTS", "localhost,127.0.0.1,testserver")
HAVE_CHROMIUM = os.access(CHROMIUM, os.X_OK)
# The browser tests are the only tests of the pages, so without Chromium they fail unless this is set.
SKIP_BROWSER = "KLAVERJAS_SKIP_BROWSER"
NO_CHROMIUM = f"Chromium is not installed at {CHROMIUM}"
INSTALL_CHROMIUM = (f"{NO_CHROMIUM}: install Debian's with `sudo apt-get install chromium` (`make test` does it "
                    f"itself as root), name another with KLAVERJAS_CHROMIUM=PATH, or skip the browser tests with "
                    f"{SKIP_BROWSER}=1")


@pytest.fixture(scope="session")
def chromium() -> str:
    """The Chromium executable; fails the test without one, skips it when the person opted out."""
    if not HAVE_CHROMIUM:
        if os.environ.get(SKIP_BROWSER, "") not in ("", "0"):
            pytest.skip(f"{NO_CHROMIUM} and {SKIP_BROWSER} is set")
        pytest.fail(INSTALL_CHROMIUM, pytrace=False)
    return CHROMIUM


needs_chromium = pytest.mark.usefixtures("chromium")


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[..., Any]]:
    """Opens pages, each in a browser context of its own, Dutch unless ``locale`` says otherwise (the keyword
    arguments are `browser.new_context`'s); errors in any page's scripts fail the test."""
    # Playwright's wait_for_function evaluates its string inside the page, which the pages' CSP (no
    # 'unsafe-eval') forbids; tests/web/test_web_browser.py drives the pages with the CSP in force.
    contexts: list[Any] = []
    errors: list[str] = []

    def open_page(**options: Any) -> Any:
        ctx = browser.new_context(**{"locale": "nl-NL", "bypass_csp": True, **options})
        contexts.append(ctx)
        pg = ctx.new_page()
        pg.set_default_timeout(15000)
        pg.on("pageerror", lambda e: errors.append(str(e)))
        return pg

    yield open_page
    for ctx in contexts:
        ctx.close()
    assert not errors, errors


@pytest.fixture
def page(new_page: Callable[..., Any]) -> Any:
    """A phone-sized Dutch page; errors in the page's scripts fail the test."""
    return new_page(viewport={"width": 390, "height": 844}, has_touch=True)


@contextlib.contextmanager
def live_server(db: Path, start_within: float = 30, port: int = 0) -> Iterator[str]:
    """The app with uvicorn in a thread on 127.0.0.1 (``port``, or a free one); yields its base URL once it serves.

    Raises when the server has not started within ``start_within`` seconds or stopped at start-up."""
    import uvicorn

    from klaverjas.web import create_app

    settled = threading.Event()  # the server has started, or its thread has ended
    ended = threading.Event()

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            settled.set()

    def serve() -> None:
        try:
            srv.run()
        except SystemExit:  # how uvicorn stops when it cannot start, having logged why
            pass
        finally:
            ended.set()
            settled.set()

    if not port:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
    srv = Server(uvicorn.Config(create_app(db), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        settled.wait(start_within)
        if not srv.started:
            state = "stopped at start-up (see its log)" if ended.is_set() else \
                f"has not started within {start_within:g} s"
            raise RuntimeError(f"the app's server on 127.0.0.1:{port} {state}")
        yield f"http://127.0.0.1:{port}"
    finally:
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


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[str]:
    """One throwaway PostgreSQL for the whole run (tests/postgres.py); fails with the install command
    when Debian's server is not there."""
    from tests.postgres import INSTALL_POSTGRESQL, server_binaries, throwaway_postgres

    if server_binaries() is None:
        pytest.fail(INSTALL_POSTGRESQL, pytrace=False)
    with throwaway_postgres("postgres_tests") as url:
        yield url


_databases = iter(range(1, 1_000_000))


@pytest.fixture
def postgres_url(postgres_cluster: str) -> str:
    """The URL of a new, empty database in the throwaway cluster, for one test."""
    from sqlalchemy import create_engine, text

    name = f"test_{next(_databases)}"
    admin = create_engine(postgres_cluster.replace("postgresql://", "postgresql+psycopg://", 1),
                          isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return postgres_cluster.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(params=["sqlite", "postgresql"])
def db_setting(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each backend: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "klaverjas.db")
    return str(request.getfixturevalue("postgres_url"))
