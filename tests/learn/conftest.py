"""A real server on 127.0.0.1 for the learning pages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.conftest import live_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, solver_ready: bool) -> Iterator[str]:
    # One server per module: the learning pages keep no state on the server, so tests may share it.
    with live_server(tmp_path_factory.mktemp("learn") / "learn.db") as url:
        yield url
