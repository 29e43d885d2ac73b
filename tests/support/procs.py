"""Start and stop real ``doublesix serve`` processes on 127.0.0.1 for tests and campaigns.

The tests import it as ``tests.support.procs``; bench/ scripts put the clone on sys.path and
import it the same way.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

#: bench/ beside tests/ (its server probe wraps a server for the load campaign)
BENCH = Path(__file__).resolve().parents[2] / "bench"
#: campaigns and browser tests open many rooms and sockets from 127.0.0.1: the per-client
#: budgets (docs/protocol.md, "Limits") are lifted unless a caller keeps them
LIFTED_BUDGETS = {"DOUBLESIX_CREATE_BURST": "1000000", "DOUBLESIX_COMPUTER_BURST": "1000000",
                  "DOUBLESIX_TABLES_PER_CLIENT": "1000000",
                  "DOUBLESIX_SOCKETS_PER_CLIENT": "1000000", "DOUBLESIX_SOCKET_BURST": "1000000",
                  "DOUBLESIX_FRAME_SOCKETS": "1000000", "DOUBLESIX_REVIEW_BURST": "1000000",
                  # every test person is 127.0.0.1; one seat per browser still holds
                  "DOUBLESIX_SEATS_PER_CLIENT": "4"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """One ``python -m doublesix serve`` child; its output goes to *log*."""

    def __init__(
        self,
        db: str | None,
        *,
        redis: str | None = None,
        port: int | None = None,
        env: dict[str, str] | None = None,
        log: Path | None = None,
        workers: int = 1,
        cwd: Path | None = None,
        budgets: bool = False,
        probe: Path | None = None,
    ) -> None:
        """*db* None: the server's own default storage, relative to *cwd*; *budgets* keeps the
        per-client budgets (otherwise lifted: see LIFTED_BUDGETS); *probe* runs it under
        bench/serverprobe.py, which writes what it measured to that file."""
        self.db = db
        self.redis = redis
        self.port = port or free_port()
        self.env = {**os.environ, **({} if budgets else LIFTED_BUDGETS), **(env or {})}
        self.log = log
        self.workers = workers
        self.cwd = cwd
        self.probe = probe
        if probe is not None:
            self.env["DOUBLESIX_PROBE_OUT"] = str(probe)
        if db is None:
            self.env.pop("DOUBLESIX_DB", None)  # or an inherited setting would replace the default
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def start(self, timeout: float = 30.0) -> ServerProcess:
        runner = ([str(BENCH / "serverprobe.py")] if self.probe is not None
                  else ["-m", "doublesix"])
        cmd = [sys.executable, *runner, "serve", "--host", "127.0.0.1",
               "--port", str(self.port), "--log-level", "warning"]
        if self.db is not None:
            cmd += ["--db", self.db]
        if self.redis:
            cmd += ["--redis", self.redis]
        if self.workers > 1:
            cmd += ["--workers", str(self.workers)]
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            cmd, stdout=out, stderr=subprocess.STDOUT, env=self.env, cwd=self.cwd
        )
        if wait_healthy(self.http, self.proc, timeout):
            return self
        if self.proc.poll() is not None:
            raise RuntimeError(f"the server exited with {self.proc.returncode}: see {self.log}")
        self.stop()
        raise RuntimeError("the server did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs (the crash campaign)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def pids(self) -> list[int]:
        """The server and its worker processes."""
        if self.proc is None or self.proc.poll() is not None:
            return []
        return [self.proc.pid, *_children(self.proc.pid)]

    def rss_kib(self) -> int:
        """Resident memory of the server and its workers, in KiB (0 when not running)."""
        if self.proc is None or self.proc.poll() is not None:
            return 0
        total = 0
        for pid in [self.proc.pid, *_children(self.proc.pid)]:
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
            except OSError:
                continue
        return total


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes so far (0 for one that is gone)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    kids = [int(p) for p in text.split()]
    return kids + [g for k in kids for g in _children(k)]


def wait_healthy(http: str, proc: subprocess.Popen[bytes], timeout: float) -> bool:
    """Whether ``/api/health`` at *http* answers 200 before *timeout* or before *proc* exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(http + "/api/health", timeout=1) as r:
                if r.status == 200:
                    return True
        except OSError:
            time.sleep(0.05)
    return False
