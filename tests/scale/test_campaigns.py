"""Small versions of the load, crash and fuzz campaigns (seconds each); full sizes are
benchmarks (README, "Load, crash and fuzz campaigns")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from doublesix.server.ops import gc_tuning

# campaigns: real server processes under load for seconds each, so make test only
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def campaign(script: str, *args: str, timeout: float = 180) -> dict[str, Any]:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / script), *args],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    lines = done.stdout.strip().splitlines()
    assert lines, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(lines[-1])
    assert done.returncode == 0, (result, done.stderr[-3000:])
    return result


def test_load_on_sqlite() -> None:
    r = campaign("load.py", "--games", "12", "--ramp", "2", "--duration", "8",
                 "--think", "0.1:0.4")
    assert r["errors"] == 0 and r["games_finished"] >= 3
    assert r["connections_held_peak"] == 24
    assert r["rtt_ms"]["p50"] is not None and r["server_rss_mib_peak"] > 0


def test_load_probe_sees_the_server_from_inside() -> None:
    """--probe: the server's own time per frame, its collector (tuned after start-up), the
    SQLite group commits and a census of live objects after the ramp."""
    # the census comes 5 s after the ramp: the run lasts long enough for it on a busy machine
    r = campaign("load.py", "--games", "12", "--ramp", "2", "--duration", "14",
                 "--think", "0.1:0.4", "--probe")
    assert r["errors"] == 0 and r["load_generator_gc"]["collections"] == 0  # its gc is off
    probe = r["server_probe"][0]
    # the server may serve a move whose ack the run's end cut off
    assert probe["frames"]["move"]["n"] >= r["moves"] > 0
    assert probe["commit"]["n"] >= r["moves"] and probe["sql_group"]["n"] > 0
    assert probe["gc_thresholds"] == list(gc_tuning.TUNED) and probe["gc_frozen"] > 1000
    census = probe["census"][0]
    assert census["tracked"] > 24 * 100  # ~150 live objects per open socket
    assert r["server_cpu_ms_per_move"] > 0 and r["server_rss_mib_end_of_ramp"] > 0


def test_memory_per_room_and_socket_and_nothing_left_after() -> None:
    r = campaign("memory.py", "--rooms", "20", "--moves", "4")
    assert 50 < r["tracked_per_idle_socket"] < 1000
    assert 0 < r["tracked_per_room_created"] < 1000
    assert r["db_bytes_per_stored_room"] > 0
    # every socket closed: the rooms left memory with them; what stays (caches warmed on
    # first use) is far less than what the rooms and their sockets held
    held = r["steps"]["rooms_played"]["tracked"] - r["steps"]["started"]["tracked"]
    assert r["tracked_left_after_close"] < held / 3


def test_load_on_two_processes(pg_url: str, redis_url: str) -> None:
    r = campaign("load.py", "--games", "12", "--ramp", "2", "--duration", "8",
                 "--think", "0.1:0.4", "--servers", "2", "--db", pg_url, "--redis", redis_url)
    assert r["errors"] == 0 and r["games_finished"] >= 3 and r["servers"] == 2


def test_crash_loses_nothing_acknowledged() -> None:
    r = campaign("crash.py", "--kills", "3", "--games", "8", "--settle", "3",
                 "--min-gap", "0.5", "--max-gap", "1.5")
    assert r["kills"] == 3 and r["acknowledged"] > 20
    assert r["lost"] == 0 and r["rooms_corrupted"] == 0 and r["games_stuck"] == 0


def test_crash_on_postgres(pg_url: str) -> None:
    r = campaign("crash.py", "--kills", "2", "--games", "6", "--settle", "3",
                 "--min-gap", "0.5", "--max-gap", "1.5", "--db", pg_url)
    assert r["lost"] == 0 and r["rooms_corrupted"] == 0 and r["games_stuck"] == 0


def test_fuzz_answers_every_bad_message() -> None:
    r = campaign("fuzz.py", "--messages", "1500", "--workers", "30", "--normal-games", "4")
    assert r["messages"] >= 1400 and r["unanswered"] == 0
    assert r["server_alive"] and r["server_tracebacks"] == 0
    assert r["normal_errors"] == 0 and r["normal_moves"] > 0
