"""The app in a subprocess on 127.0.0.1 with a fresh SQLite file, for the benchmarks that talk to it."""

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


@contextlib.contextmanager
def served(ready_path: str = "/api/play", wait: float = 60.0) -> Iterator[str]:
    """Start ``klaverjas serve`` on a free port; yields ``127.0.0.1:PORT`` once it answers."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "KLAVERJAS_DB": str(Path(tmp) / "bench.db")}
        # A load test is one address making hundreds of tables: far past a person's rate limits.
        server = subprocess.Popen([sys.executable, "-m", "klaverjas.cli.main", "serve", "--port", str(port),
                                   "--limit-scale", "1000"],
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.time() + wait
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}{ready_path}", timeout=1)
                    break
                except OSError:
                    if time.time() > deadline:
                        raise
                    time.sleep(0.1)
            yield f"127.0.0.1:{port}"
        finally:
            server.terminate()
            server.wait(10)


def p95(sorted_values: Sequence[float]) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(0.95 * len(sorted_values)))]
