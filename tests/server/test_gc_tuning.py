"""The collector setting (server/gc_tuning.py): applied once the service runs, undone at stop."""

from __future__ import annotations

import asyncio
import gc
import subprocess
import sys

import pytest

from doublesix.server.config import Settings
from doublesix.server.ops import gc_tuning
from tests.server.harness import ServerThread, create


def test_modes() -> None:
    assert gc_tuning.thresholds("tuned") == gc_tuning.TUNED
    assert gc_tuning.thresholds("default") is None
    assert gc_tuning.thresholds("5000,7,50") == (5000, 7, 50)
    for bad in ("", "fast", "1,2", "1,2,x", "0,10,10", "-1,10,10"):
        with pytest.raises(ValueError, match="DOUBLESIX_GC"):
            gc_tuning.thresholds(bad)


def test_settings_read_the_variable() -> None:
    assert Settings.from_env({}).gc_mode == "tuned"
    assert Settings.from_env({"DOUBLESIX_GC": "default"}).gc_mode == "default"


@pytest.mark.parametrize("mode", ["5000,7,50", "tuned"])
def test_a_running_server_freezes_start_up_and_sets_thresholds(mode: str) -> None:
    before = gc.get_threshold()
    server = ServerThread(Settings(db_url="memory://", gc_mode=mode)).start()
    try:
        assert gc.get_threshold() == gc_tuning.thresholds(mode)
        assert gc.get_freeze_count() > 1000  # at least the modules and classes loaded
        game = asyncio.run(create(server, "online"))
        assert game["game_id"]  # the server plays on with the collector tuned
    finally:
        server.stop()
    assert gc.get_threshold() == before


def test_default_leaves_the_collector_alone() -> None:
    before = gc.get_threshold()
    frozen = gc.get_freeze_count()
    server = ServerThread(Settings(db_url="memory://", gc_mode="default")).start()
    try:
        assert gc.get_threshold() == before
        assert gc.get_freeze_count() == frozen
    finally:
        server.stop()


def test_serve_refuses_an_unknown_mode() -> None:
    run = subprocess.run([sys.executable, "-m", "doublesix", "serve", "--port", "0"],
                         env={"DOUBLESIX_GC": "fast", "PATH": ""}, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode != 0
    assert "DOUBLESIX_GC='fast' is not one of" in run.stderr
