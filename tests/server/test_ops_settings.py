"""The operators' settings: --metrics-port, DOUBLESIX_METRICS_TOKEN, --log-format."""

from __future__ import annotations

import asyncio
import logging
import os
import socket

import pytest

from doublesix.server.config import DAY, Settings
from tests.server.harness import ServerThread, create
from tests.server.test_expiry import FakeClock
from tests.server.test_metrics import scrape, settings, value
from tests.test_cli import fails


@pytest.fixture
def no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in [v for v in os.environ if v.startswith("DOUBLESIX_")]:
        monkeypatch.delenv(var)


def test_settings_from_the_environment_and_flags() -> None:
    plain = Settings.from_env({})
    assert (plain.metrics_port, plain.metrics_token, plain.log_format) == (None, None, "text")
    env = {"DOUBLESIX_METRICS_PORT": "9464", "DOUBLESIX_METRICS_TOKEN": "t0k",
           "DOUBLESIX_LOG_FORMAT": "json"}
    given = Settings.from_env(env)
    assert (given.metrics_port, given.metrics_token, given.log_format) == (9464, "t0k", "json")
    flagged = Settings.from_env(env, metrics_port=9500, log_format="text")
    assert (flagged.metrics_port, flagged.log_format) == (9500, "text")


@pytest.mark.usefixtures("no_env")
@pytest.mark.parametrize(("argv", "env", "words"), [
    (["--log-format", "xml"], {}, "invalid choice: 'xml'"),
    (["--metrics-port", "70000"], {}, "'70000' is not a port"),
    ([], {"DOUBLESIX_LOG_FORMAT": "xml"}, "DOUBLESIX_LOG_FORMAT='xml' is not a log format"),
    ([], {"DOUBLESIX_METRICS_PORT": "x"}, "DOUBLESIX_METRICS_PORT='x' is not a whole number"),
    (["--workers", "2", "--metrics-port", "9464", "--db", "postgresql://u@127.0.0.1:1/d",
      "--redis", "redis://127.0.0.1:1/0"], {}, "--workers 2 cannot share one --metrics-port"),
])
def test_bad_operator_settings_are_refused_in_one_line(
        argv: list[str], env: dict[str, str], words: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    for var, text in env.items():
        monkeypatch.setenv(var, text)
    assert words in fails(["serve", "--port", "0", "--db", "memory://", *argv], capsys, 2)


@pytest.mark.usefixtures("no_env")
def test_a_metrics_port_in_use_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = fails(["serve", "--port", "0", "--db", "memory://", "--metrics-port", str(port)],
                     capsys, 1)
    assert f"127.0.0.1:{port}" in line and "--metrics-port" in line


async def test_expiry_is_logged_and_counted(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="doublesix.rooms")
    clock = FakeClock()
    server = ServerThread(settings(expiry_interval=0.05, metrics_port=0), clock=clock).start()
    try:
        game = await create(server, "hotseat")
        clock.now += 8 * DAY
        for _ in range(200):
            _, samples = await scrape(server)
            if value(samples, "doublesix_rooms_expired_total") >= 1:
                break
            await asyncio.sleep(0.02)
        assert value(samples, "doublesix_rooms_expired_total") == 1
    finally:
        server.stop()
    lines = [r for r in caplog.records if r.name == "doublesix.rooms"]
    created = next(r for r in lines if r.getMessage() == "created")
    expired = next(r for r in lines if r.getMessage() == "expired")
    assert created.fields["game_id"] == expired.fields["game_id"] == game["game_id"]  # type: ignore[attr-defined]
    assert created.fields["mode"] == "hotseat"  # type: ignore[attr-defined]
