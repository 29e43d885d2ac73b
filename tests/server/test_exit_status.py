"""The exit status of `doublesix serve` after SIGTERM / Ctrl+C: 0 after a clean graceful stop
(uvicorn would raise the signal again and end with 143), non-zero after a failed one, so a
supervisor (systemd's Restart=on-failure, a rolling-restart script) can tell them apart.
Real processes: `doublesix serve` itself, and uvicorn running GracefulServer over a small app
whose own shutdown hangs or fails."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from doublesix.server.wire.errors import CLOSE_RESTART
from tests.support.procs import ServerProcess, free_port, wait_healthy

BOUND = 3.0
#: Python's start-up and uvicorn's own steps on a busy 2-core machine, beyond the bound
SLACK = 3.0


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_clean_stop_exits_0(tmp_path: Path, sig: signal.Signals) -> None:
    log = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:///{tmp_path}/ds.db", log=log,
                           env={"DOUBLESIX_SHUTDOWN_TIMEOUT": str(BOUND)}).start()
    try:
        async with httpx.AsyncClient(base_url=server.http) as http:
            game = (await http.post("/api/games", json={"mode": "hotseat"})).json()
        # a seat is connected: the stop has a socket to send away, as in real use
        async with connect(server.ws_url) as ws:
            await ws.send(json.dumps({"type": "hello", "game_id": game["game_id"],
                                      "token": game["token"]}))
            assert json.loads(await ws.recv())["type"] == "welcome"
            assert server.proc is not None
            server.proc.send_signal(sig)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_RESTART
        status = server.proc.wait(BOUND + SLACK)
    finally:
        server.stop()
    assert status == 0, (status, log.read_text()[-2000:])
    assert "Traceback" not in log.read_text()


# uvicorn running the server class of `doublesix serve` over an app whose shutdown misbehaves;
# the exit status is decided as cli/serve.py decides it
SCRIPT = textwrap.dedent("""
    import asyncio, contextlib, sys
    import uvicorn
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route
    from doublesix.server.ops.shutdown import GracefulServer

    how, port, bound = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        if how == "hang":
            await asyncio.sleep(60)  # e.g. a storage that no longer answers
        if how == "fail":
            raise RuntimeError("the storage could not be closed")

    async def health(request):
        return PlainTextResponse("ok")

    app = Starlette(routes=[Route("/api/health", health)], lifespan=lifespan)
    server = GracefulServer(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="info"),
                            bound)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    sys.exit(1 if server.failed else 0)
""")


@pytest.mark.parametrize("how", ["clean", "hang", "fail"])
def test_the_exit_status_says_whether_the_stop_went_well(tmp_path: Path, how: str) -> None:
    port = free_port()
    with open(tmp_path / "out.log", "wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", SCRIPT, how, str(port), "1.0"],
                                stdout=out, stderr=subprocess.STDOUT, env=os.environ.copy())
        try:
            assert wait_healthy(f"http://127.0.0.1:{port}", proc, 30)
            began = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            status = proc.wait(1.0 + SLACK + 5)
            took = time.monotonic() - began
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(5)
    text = (tmp_path / "out.log").read_text()
    assert status != -signal.SIGTERM and status != 128 + signal.SIGTERM, text
    assert status == (0 if how == "clean" else 1), (status, text)
    assert took < 1.0 + SLACK + 5  # past the bound the server ends by itself (shutdown.GRACE)
