"""Shared fixtures: Debian's Chromium through Playwright for the browser tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
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
