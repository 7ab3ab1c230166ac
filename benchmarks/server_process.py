"""The app in subprocesses on 127.0.0.1, for the benchmarks that talk to it and the tests of several
processes on one database: one on a fresh SQLite file (:func:`served`), several on one database
(:func:`servers`), or one at a time (:func:`launch`, :func:`wait_ready`)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def launch(db: str, port: int, env: dict[str, str] | None = None, log: IO[bytes] | None = None,
           extra: Sequence[str] = ()) -> subprocess.Popen[bytes]:
    """``klaverjas serve --db DB`` on 127.0.0.1:PORT (a SQLite path or a ``postgresql://`` URL)."""
    # A load test is one address making hundreds of tables: far past a person's rate limits.
    return subprocess.Popen([sys.executable, "-m", "klaverjas.cli.main", "serve", "--db", db, "--host", "127.0.0.1",
                             "--port", str(port), "--limit-scale", "1000", *extra],
                            env={**os.environ, **(env or {})}, stdout=log or subprocess.DEVNULL,
                            stderr=subprocess.STDOUT if log else subprocess.DEVNULL)


def wait_ready(port: int, server: subprocess.Popen[bytes] | None = None, ready_path: str = "/api/play",
               wait: float = 60.0) -> None:
    """Until the server on ``port`` answers; raises when it stopped or took longer than ``wait`` seconds."""
    deadline = time.time() + wait
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{ready_path}", timeout=1)
            return
        except OSError:
            if server is not None and server.poll() is not None:
                raise RuntimeError(f"the server on port {port} stopped at start-up ({server.returncode})") from None
            if time.time() > deadline:
                raise
            time.sleep(0.1)


@contextlib.contextmanager
def served(ready_path: str = "/api/play", wait: float = 60.0) -> Iterator[str]:
    """Start ``klaverjas serve`` on a free port and a fresh SQLite file; yields ``127.0.0.1:PORT`` once it
    answers."""
    with tempfile.TemporaryDirectory() as tmp, servers(1, str(Path(tmp) / "bench.db"), ready_path=ready_path,
                                                       wait=wait) as hosts:
        yield hosts[0]


@contextlib.contextmanager
def servers(count: int, db: str, extra: Sequence[str] = (), first_port: int = 0, ready_path: str = "/api/play",
            wait: float = 60.0) -> Iterator[list[str]]:
    """Start ``count`` ``klaverjas serve`` processes on one database (``--db``), on ports ``first_port``
    and up (0: free ones), with ``extra`` arguments; yields their ``127.0.0.1:PORT`` once all answer."""
    ports = [first_port + i for i in range(count)] if first_port else [free_port() for _ in range(count)]
    with tempfile.TemporaryDirectory() as logs:
        started: list[tuple[subprocess.Popen[bytes], Path]] = []
        try:
            for port in ports:
                log = Path(logs) / f"{port}.log"
                with log.open("wb") as out:
                    started.append((launch(db, port, log=out, extra=extra), log))
            for port, (server, log) in zip(ports, started, strict=True):
                try:
                    wait_ready(port, server, ready_path, wait)
                except (OSError, RuntimeError):
                    raise RuntimeError(f"the server on port {port} did not start: "
                                       f"{log.read_text()[-2000:] or 'no message'}") from None
            yield [f"127.0.0.1:{port}" for port in ports]
        finally:
            for server, _ in started:
                server.terminate()
            for server, _ in started:
                try:
                    server.wait(15)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()


def p95(sorted_values: Sequence[float]) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(0.95 * len(sorted_values)))]
