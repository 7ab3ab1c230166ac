"""``klaverjas serve`` closes connections that never finish a request, and idle ones, on its own."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(tmp_path: Path, *args: str) -> Iterator[int]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "klaverjas.cli.main", "serve", "--port", str(port),
                             "--db", str(tmp_path / "k.db"), *args], env=os.environ.copy(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield port
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)


def closed_by_server(sock: socket.socket) -> bool:
    """True when the server has closed the connection (EOF or reset), without blocking."""
    sock.setblocking(False)
    try:
        return sock.recv(4096) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def test_slow_and_idle_connections_are_closed(tmp_path: Path) -> None:
    with serving(tmp_path, "--request-timeout", "2", "--keep-alive", "1") as port:
        silent, dripping, idle = [], [], []
        for _ in range(20):
            silent.append(socket.create_connection(("127.0.0.1", port)))  # connects, sends nothing
        for _ in range(20):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # a request head that never ends
            dripping.append(s)
        for _ in range(5):  # a whole request, answered, then nothing more on the connection
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /static/css/base.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            idle.append(s)
        start = time.monotonic()
        while time.monotonic() - start < 3.5:  # keeps sending a header line now and then: still too slow
            for s in dripping:
                with suppress(OSError):  # closed already: good
                    s.sendall(b"X-Slow: 1\r\n")
            time.sleep(0.5)
        time.sleep(1.5)
        assert all(closed_by_server(s) for s in silent)
        assert all(closed_by_server(s) for s in dripping)
        for s in idle:  # the answer came, then the close
            s.setblocking(True)
            s.settimeout(5)
            data = b""
            while chunk := s.recv(65536):
                data += chunk
            assert data.startswith(b"HTTP/1.1 200")
        # The server still answers a normal request after all that.
        assert httpx.get(f"http://127.0.0.1:{port}/").status_code == 200
        for s in silent + dripping + idle:
            s.close()


def test_a_quick_request_is_not_cut_off(tmp_path: Path) -> None:
    # One kept-alive connection, many requests spread over more than the timeout.
    with serving(tmp_path, "--request-timeout", "2") as port, httpx.Client(base_url=f"http://127.0.0.1:{port}") as c:
        for _ in range(5):
            assert c.get("/").status_code == 200
            time.sleep(0.5)
