"""Schemathesis over the whole API against a real server, every check on: no server error, and every answer
as the OpenAPI schema describes it (status codes, bodies, headers, authentication)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
import schemathesis  # noqa: F401  (the test extra installs it; a missing one fails here, loudly)
from tests.conftest import live_server

# A 422 for schema-valid input is the app refusing a combination no JSON Schema can state (a South African
# sheet played to 16 deals, card points that do not add up to 162: docs/rules.md); every other answer to
# valid input must be a success or one of the documented refusals.
CONFIG = """
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "422", "429"]
"""


def test_the_api_answers_as_its_schema_says(tmp_path: Path) -> None:
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG)
    with live_server(tmp_path / "k.db") as url:
        # A sheet with its owner's token, so the sheet routes are tried past their 401 too (sheet 1).
        made = httpx.post(url + "/api/sheets", json={"title": "fuzz"}).json()
        assert made["id"] == 1
        done = subprocess.run(
            [sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "--no-color", "run",
             f"{url}/openapi.json", "--checks", "all", "--max-examples", "8", "--max-time", "60", "--workers", "1",
             "--seed", "1", "--header", f"Authorization: Bearer {made['owner_token']}",
             "--report-dir", str(tmp_path / "report")],
            capture_output=True, text=True, timeout=240, cwd=tmp_path)
    summary = done.stdout[-6000:]
    assert done.returncode == 0, summary
    assert "No issues found" in done.stdout or " passed" in done.stdout, summary
