"""The scripts that drive the pages outside the tests still run: `make screenshots` and the first-paint benchmark.

Both drive Chromium like the tests but are run by hand, so a change to the pages (a label, the CSP) would
otherwise break them unnoticed.
"""

from __future__ import annotations

import re
import struct
import subprocess
import sys
from pathlib import Path

from tests.conftest import needs_chromium

ROOT = Path(__file__).resolve().parents[2]
# The PNGs the README shows, and the width of the window each is taken in.
SHOTS = {"table-phone-mid-deal.png": 390, "table-phone-deal-end.png": 390, "table-sideways-mid-deal.png": 844,
         "table-desktop-mid-deal.png": 1280, "table-desktop-deal-end.png": 1280, "keeper.png": 390, "lesson.png": 390}


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from the PNG's header chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


@needs_chromium
def test_make_screenshots_writes_every_picture_of_the_readme(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshots.py"), "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert sorted(p.name for p in tmp_path.glob("*.png")) == sorted(SHOTS)
    for name, width in SHOTS.items():
        assert png_size(tmp_path / name)[0] == width, name
    readme = (ROOT / "README.md").read_text()
    assert all(f"docs/screenshots/{name}" in readme for name in SHOTS)


@needs_chromium
def test_the_first_paint_benchmark_measures_a_paint() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "first_paint.py"), "--runs", "1"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    figure = re.search(r"median of 1: first paint (\d+) ms", done.stdout)
    assert figure and 0 < int(figure.group(1)) < 30_000, done.stdout
