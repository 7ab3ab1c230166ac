"""A throwaway PostgreSQL for the tests: Debian's server binaries, a cluster in a temporary directory,
listening on 127.0.0.1 only, trust authentication, removed at the end.

As root (CI, ``make test`` on a fresh machine) the cluster runs as the ``postgres`` user that Debian's
package creates, since PostgreSQL refuses to run as root; otherwise as the current user.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

INSTALL_POSTGRESQL = ("PostgreSQL's server is not installed: install Debian's with `sudo apt-get install postgresql` "
                      "(`make test` does it itself as root), or name its binaries' folder with KLAVERJAS_PG_BIN=PATH")


def server_binaries() -> Path | None:
    """The folder holding initdb and pg_ctl: $KLAVERJAS_PG_BIN, else Debian's newest, else the PATH's."""
    named = os.environ.get("KLAVERJAS_PG_BIN")
    candidates = [named] if named else sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                                               key=lambda p: int(Path(p).parent.name), reverse=True)
    on_path = shutil.which("initdb")
    if not named and on_path:
        candidates.append(str(Path(on_path).parent))
    for folder in candidates:
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def throwaway_postgres(database: str = "klaverjas") -> Iterator[str]:
    """Start a fresh cluster and yield the URL of an empty ``database`` in it."""
    binaries = server_binaries()
    if binaries is None:
        raise RuntimeError(INSTALL_POSTGRESQL)
    as_root = os.geteuid() == 0
    user = "postgres" if as_root else None
    folder = Path(tempfile.mkdtemp(prefix="klaverjas-pg-"))
    data = folder / "data"
    if user is not None:
        shutil.chown(folder, user)
    port = free_port()

    def command(*args: str) -> list[str]:
        return ["runuser", "-u", user, "--", *args] if user is not None else list(args)

    def quiet(*args: str) -> None:
        done = subprocess.run(command(*args), capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.strip() or done.stdout}")

    try:
        quiet(str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
              "--no-sync")
        quiet(str(binaries / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "-t", "60", "-o",
              f"-h 127.0.0.1 -p {port} -k {folder} -c fsync=off -c max_connections=200", "start")
        try:
            quiet(str(binaries / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", database)
            yield f"postgresql://postgres@127.0.0.1:{port}/{database}"
        finally:
            subprocess.run(command(str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"),
                           capture_output=True, check=False)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
