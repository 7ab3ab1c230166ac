"""The live server every browser and socket test runs on: it serves, and it says so when it cannot start."""

from __future__ import annotations

import socket
import urllib.request
from pathlib import Path

import pytest
from tests.conftest import live_server


def test_live_server_serves_the_app(tmp_path: Path) -> None:
    with live_server(tmp_path / "k.db") as url, urllib.request.urlopen(url + "/", timeout=10) as answer:
        assert answer.status == 200
        assert "<html" in answer.read().decode().lower()


def test_live_server_raises_when_its_port_is_taken(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(RuntimeError, match=f"127.0.0.1:{port} stopped at start-up"), \
                live_server(tmp_path / "k.db", port=port):
            pytest.fail("live_server yielded a URL on which nothing of ours listens")


def test_live_server_raises_when_it_has_not_started_in_time(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="has not started within 0 s"), \
            live_server(tmp_path / "k.db", start_within=0):
        pytest.fail("live_server yielded the URL of a server that had not started")
