"""First paint and first contentful paint of /play in Debian's Chromium, from the page's Performance API.

Starts the app on 127.0.0.1 and opens /play in a fresh browser context each run (nothing cached), on a phone
viewport; prints each run and the median, and the time until the new-game form is filled in by the scripts
(every module and both text tables loaded):

    .venv/bin/python benchmarks/first_paint.py --runs 9
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

# The helper module by its package name, as every benchmark imports its siblings.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.server_process import served  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

PAINTS = """() => Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]))"""
READY = "() => !document.getElementById('setup').hidden && document.querySelectorAll('#new-game option').length > 0"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="first paint of /play")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    rows: list[tuple[float, float, float]] = []
    with served() as host, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for run in range(args.runs):
            ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="nl-NL")
            page = ctx.new_page()
            page.goto(f"http://{host}/play")
            page.wait_for_function(READY)
            page.wait_for_function("() => performance.getEntriesByType('paint').length >= 2")
            paints = page.evaluate(PAINTS)
            ready = page.evaluate("performance.now()")
            row = (paints["first-paint"], paints["first-contentful-paint"], ready)
            rows.append(row)
            print(f"run {run + 1}: first paint {row[0]:.0f} ms, first contentful paint {row[1]:.0f} ms, "
                  f"form ready by {row[2]:.0f} ms")
            ctx.close()
        browser.close()
    fp, fcp, _ = (statistics.median(column) for column in zip(*rows, strict=True))
    print(f"median of {len(rows)}: first paint {fp:.0f} ms, first contentful paint {fcp:.0f} ms")
    return 0 if fcp < 1000 else 1


if __name__ == "__main__":
    raise SystemExit(main())
