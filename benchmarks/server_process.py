"""The app in subprocesses on 127.0.0.1, for the benchmarks that talk to it: one on a fresh SQLite file
(:func:`served`), or several on one database (:func:`servers`)."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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
                with log.open("wb") as err:
                    # A load test is one address making hundreds of tables: far past a person's rate limits.
                    started.append((subprocess.Popen(
                        [sys.executable, "-m", "klaverjas.cli.main", "serve", "--port", str(port), "--db", db,
                         "--limit-scale", "1000", *extra], stdout=subprocess.DEVNULL, stderr=err), log))
            deadline = time.time() + wait
            for port, (server, log) in zip(ports, started, strict=True):
                while True:
                    try:
                        urllib.request.urlopen(f"http://127.0.0.1:{port}{ready_path}", timeout=1)
                        break
                    except OSError:
                        if server.poll() is not None or time.time() > deadline:
                            raise RuntimeError(f"the server on port {port} did not start: "
                                               f"{log.read_text()[-2000:] or 'no message'}") from None
                        time.sleep(0.1)
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
