"""Screenshots of the app for the README: the card table on a phone and a desktop (mid-deal and at the deal's
end) and on a phone held sideways (mid-deal), the score keeper and a lesson, written as PNGs to docs/screenshots/.

Starts the app on 127.0.0.1 with a fresh SQLite file and drives Debian's Chromium through Playwright:

    .venv/bin/python tools/screenshots.py            # or: make screenshots
"""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, ViewportSize, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the tools' shared module by its package name
from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

PHONE: ViewportSize = {"width": 390, "height": 844}
SIDEWAYS: ViewportSize = {"width": 844, "height": 390}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
SEED = 11  # a deal with roem and a court card or two in every hand
MY_TURN = ("() => document.body.dataset.toMove === 'S' || "
           "['deal_over', 'match_over'].includes(document.body.dataset.phase)")


@contextlib.contextmanager
def served(wait: float = 60.0) -> Iterator[str]:
    """`klaverjas serve` on a free port of 127.0.0.1 with a fresh database; yields its base URL once it answers."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen([sys.executable, "-m", "klaverjas.cli.main", "serve", "--port", str(port),
                                   "--db", str(Path(tmp) / "shots.db")],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.time() + wait
            while True:
                try:
                    urllib.request.urlopen(base + "/api/play", timeout=1)
                    break
                except OSError:
                    if time.time() > deadline or server.poll() is not None:
                        raise SystemExit("the app did not start") from None
                    time.sleep(0.1)
            yield base
        finally:
            server.terminate()
            server.wait(10)


def new_game(base: str) -> dict[str, Any]:
    body = json.dumps({"preset": "rotterdam", "levels": ["basic", "strong", "basic"], "name": "Sam", "pace": 0,
                       "seed": SEED}).encode()
    request = urllib.request.Request(base + "/api/play", data=body, method="POST",
                                     headers={"Content-Type": "application/json", "X-Klaverjas": "1"})
    with urllib.request.urlopen(request, timeout=10) as response:
        created: dict[str, Any] = json.load(response)
    return created


def open_game(page: Page, base: str) -> None:
    created = new_game(base)
    page.goto(base + "/play")
    keep = "([id, token]) => localStorage.setItem(`klaverjas.play.${id}`, token)"
    page.evaluate(keep, [created["id"], created["token"]])
    page.goto(f"{base}/play?game={created['id']}")


def step(page: Page) -> str:
    """Our next move (the first trump option, the first legal card); returns the phase it was made in."""
    page.wait_for_function(MY_TURN)
    phase = str(page.evaluate("document.body.dataset.phase"))
    seq = page.evaluate("document.body.dataset.seq")
    if phase == "trump":
        page.locator("#decision button").first.click()
    elif phase == "play":
        page.locator("[data-hand] .card.playable").first.click()
    else:
        return phase
    page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}'")
    return phase


def table(page: Page, base: str, name: str, out: Path) -> None:
    open_game(page, base)
    # Mid-deal: a few tricks in, with cards on the felt and our turn.
    # The first time it is our turn with two cards or more on the felt and half the hand still to play.
    while True:
        page.wait_for_function(MY_TURN)
        if page.evaluate("document.body.dataset.phase") != "play":
            raise SystemExit("the deal ended before a trick with cards on the felt came up")
        hand = page.locator("[data-hand] [data-card]").count()
        if page.locator("#trick [data-card]").count() >= (2 if hand >= 4 else 1) and hand <= 7:
            break
        step(page)
    page.wait_for_timeout(1200)  # the last trick's sweep and the announcement are over
    if name == "sideways":  # the board as the page shows it, under the header (a click may have scrolled)
        page.evaluate("document.querySelector('.board').scrollIntoView()")
    page.screenshot(path=str(out / f"table-{name}-mid-deal.png"))
    if name == "sideways":
        return
    while step(page) not in ("deal_over", "match_over"):
        pass
    page.wait_for_timeout(1000)
    page.screenshot(path=str(out / f"table-{name}-deal-end.png"))


def keeper(page: Page, base: str) -> None:
    """A score sheet with three deals entered by hand: a nat, a pit and an ordinary deal."""
    page.goto(base + "/keeper")
    page.get_by_test_id("new-sheet").click()
    for i, name in enumerate(["Anna", "Bram", "Cor", "Dirk"]):
        page.get_by_label(f"Speler {i + 1} ·").fill(name)
    page.get_by_role("button", name="Lijst maken").click()
    page.get_by_test_id("total-NS").wait_for()
    for makers, points, roem in (("Wij", "82", "Roem Zij +20"), ("Zij", "102", "Roem Zij +50"), ("Wij", "120", None)):
        page.get_by_test_id("new-round").click()
        page.get_by_test_id("makers").get_by_label(makers).check()  # "Wij" and who sits there
        page.get_by_label(f"Punten {makers}", exact=True).fill(points)
        if roem:
            page.get_by_label(roem, exact=True).click()
        page.get_by_test_id("save").click()
        page.get_by_test_id("new-round").wait_for()
    page.evaluate("document.activeElement && document.activeElement.blur()")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots", help="folder for the PNGs")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    from klaverjas.web.learn.lessons import load_lessons

    lesson = next(iter(load_lessons()))
    with served() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for name, viewport in (("phone", PHONE), ("sideways", SIDEWAYS), ("desktop", DESKTOP)):
            ctx = browser.new_context(viewport=viewport, locale="nl-NL", device_scale_factor=1,
                                      has_touch=name != "desktop", reduced_motion="reduce")
            table(ctx.new_page(), base, name, out)
            ctx.close()
        ctx = browser.new_context(viewport=PHONE, locale="nl-NL")
        page = ctx.new_page()
        keeper(page, base)
        page.screenshot(path=str(out / "keeper.png"))
        page.goto(f"{base}/learn/lessons/{lesson}")
        page.locator("#step").wait_for()
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(out / "lesson.png"))
        ctx.close()
        browser.close()
    for png in sorted(out.glob("*.png")):
        print(f"{png.relative_to(ROOT) if png.is_relative_to(ROOT) else png}  {png.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
