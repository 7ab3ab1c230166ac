"""Debian's Chromium as the tests, the benchmarks and the tools launch it: where it is, and its flags."""

from __future__ import annotations

import os

# Debian's Chromium, or another one named by KLAVERJAS_CHROMIUM; never a downloaded browser.
CHROMIUM = os.environ.get("KLAVERJAS_CHROMIUM", "/usr/bin/chromium")
# This machine has no internet: keep Chromium from trying to reach it (and from a sandbox it cannot set up as root).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
