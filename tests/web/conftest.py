"""Fixtures for the web app: an API client on a fresh SQLite file per test."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`", category=UserWarning)

from fastapi.testclient import TestClient  # noqa: E402
from tests.web.keeper_client import KeeperClient  # noqa: E402

from klaverjas.web import create_app  # noqa: E402
from klaverjas.web.limits import Limits  # noqa: E402


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "sheets.db"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    # Hypothesis makes dozens of sheets in one test: far more than a person, so the limits are raised.
    with KeeperClient(create_app(db_path, limits=Limits().scaled(20))) as c:
        yield c
