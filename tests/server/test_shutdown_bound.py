"""--shutdown-timeout is a bound on the whole exit (issue 21, item 11): the stop's steps fit
inside it, and whatever still holds the process at the bound (here a thread that the
interpreter would join at exit) does not carry it past: it ends there, status 1."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.support.procs import free_port, wait_healthy

#: a clean stop of this small app takes a fraction of a second; the bound is what is kept
BOUND = 2.0

SCRIPT = textwrap.dedent("""
    import contextlib, sys, threading, time
    import uvicorn
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route
    from doublesix.server.ops.shutdown import GracefulServer

    how, port, bound = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        if how == "linger":  # e.g. a library's worker thread that is slow to finish
            threading.Thread(target=time.sleep, args=(60,)).start()

    async def health(request):
        return PlainTextResponse("ok")

    app = Starlette(routes=[Route("/api/health", health)], lifespan=lifespan)
    server = GracefulServer(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="info"),
                            bound)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    sys.exit(1 if server.failed else 0)
""")


@pytest.mark.parametrize("how", ["clean", "linger"])
def test_the_process_is_gone_by_the_bound(tmp_path: Path, how: str) -> None:
    port = free_port()
    with open(tmp_path / "out.log", "wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", SCRIPT, how, str(port), str(BOUND)],
                                stdout=out, stderr=subprocess.STDOUT, env=os.environ.copy())
        try:
            assert wait_healthy(f"http://127.0.0.1:{port}", proc, 30)
            began = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            status = proc.wait(BOUND + 10)
            took = time.monotonic() - began
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(5)
    text = (tmp_path / "out.log").read_text()
    if how == "clean":
        assert status == 0 and took < BOUND, (status, took, text)
    else:
        # the timer that ends it runs at the bound: allow the scheduling of a loaded machine
        assert status == 1 and BOUND - 0.1 < took < BOUND + 0.5, (status, took, text)
        assert "exiting now" in text
