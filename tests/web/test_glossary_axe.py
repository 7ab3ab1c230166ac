"""axe-core on the glossary with a search typed: the marked matches, the count, and the nothing-found state with its
way back, on a phone in light and dark mode, in Dutch and English. No serious or critical violation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.conftest import HAVE_CHROMIUM, live_server, needs_chromium
from tests.web.test_axe import violations

pytestmark = [pytest.mark.browser, needs_chromium]

if HAVE_CHROMIUM:
    from playwright.sync_api import expect


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("axe-glossary") / "axe.db") as url:
        yield url


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("locale", "typed", "status"), [
    ("nl-NL", "roem", "termen"),
    ("en-GB", "trump", "terms"),
    ("nl-NL", "qqq", "Niets gevonden"),
    ("en-GB", "qqq", "Nothing found"),
])
def test_the_glossary_with_a_search_typed(server: str, browser: Any, scheme: str, locale: str, typed: str,
                                          status: str) -> None:
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844}, locale=locale,
                              color_scheme=scheme)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(server + "/learn/glossary")
        page.locator("#glossary-q").press_sequentially(typed)
        expect(page.locator("#glossary-status")).to_contain_text(status)
        page.wait_for_load_state("networkidle")
        found = violations(page)
        assert not found, "\n".join(found)
    finally:
        ctx.close()
