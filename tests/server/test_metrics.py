"""/metrics: the Prometheus text after real games over WebSocket, and who may read it."""

from __future__ import annotations

import asyncio
import random
import socket
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from doublesix.server.config import Settings
from tests.server.harness import LIFTED, Client, ServerThread, create, join, play_online_game
from tests.server.test_modes import play_alone

TOKEN = "metrics-token-for-tests"
FAMILIES = {
    "doublesix_frames", "doublesix_frame_seconds", "doublesix_moves", "doublesix_open_sockets",
    "doublesix_rooms_in_memory", "doublesix_computer_queue_depth",
    "doublesix_computer_think_seconds", "doublesix_storage_commit_seconds",
    "doublesix_gc_pause_seconds", "doublesix_errors", "doublesix_socket_closes",
    "doublesix_rooms_created", "doublesix_games_finished", "process_cpu_seconds",
    "process_resident_memory_bytes", "python_gc_collections",
}
Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def settings(**extra: Any) -> Settings:
    base: dict[str, Any] = {"db_url": "memory://", "computer_delay": 0.0,
                            "rate_per_second": 10_000, "rate_burst": 10_000, **LIFTED}
    return Settings(**{**base, **extra})


@pytest.fixture(scope="module")
def watched() -> Any:
    s = ServerThread(settings(metrics_port=0, metrics_token=TOKEN)).start()
    yield s
    s.stop()


def parse(text: str) -> tuple[set[str], Samples]:
    families, samples = set(), {}
    for family in text_string_to_metric_families(text):
        families.add(family.name)
        for s in family.samples:
            samples[(s.name, frozenset(s.labels.items()))] = s.value
    return families, samples


async def scrape(server: ServerThread) -> tuple[set[str], Samples]:
    """From the operator port, as Prometheus on the same machine would."""
    port = server.service.observe.port
    async with httpx.AsyncClient() as http:
        r = await http.get(f"http://127.0.0.1:{port}/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    return parse(r.text)


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def total(samples: Samples, name: str, **labels: str) -> float:
    """Sum over the samples of *name* whose labels include *labels*."""
    want = set(labels.items())
    return sum(v for (n, ls), v in samples.items() if n == name and want <= ls)


async def until(server: ServerThread, check: Any) -> Samples:
    for _ in range(200):
        _, samples = await scrape(server)
        if check(samples):
            return samples
        await asyncio.sleep(0.02)
    raise AssertionError(f"never true: {check}")


def histogram_is_whole(samples: Samples, name: str, **labels: str) -> float:
    """Buckets never decrease, and +Inf holds the count; returns the count."""
    buckets = sorted(
        (float(dict(ls)["le"]), v) for (n, ls), v in samples.items()
        if n == f"{name}_bucket" and set(labels.items()) <= ls)
    assert buckets, name
    counts = [v for _, v in buckets]
    assert counts == sorted(counts), (name, buckets)
    count = value(samples, f"{name}_count", **labels)
    assert buckets[-1] == (float("inf"), count)
    return count


async def test_an_online_game_moves_the_metrics(watched: ServerThread) -> None:
    families, before = await scrape(watched)
    assert families >= FAMILIES, FAMILIES - families
    game = await create(watched, "online")
    guest = await join(watched, game)
    clients = [Client(watched, game["game_id"], game["token"]),
               Client(watched, game["game_id"], guest["token"])]
    for client in clients:
        await client.connect()
    playing = await until(watched, lambda s: value(s, "doublesix_open_sockets", kind="seat")
                          >= value(before, "doublesix_open_sockets", kind="seat") + 2)
    assert value(playing, "doublesix_rooms_in_memory") >= 1

    await play_online_game(clients, random.Random(14))
    stale = await clients[0].move("pass", state_no=0)  # an old state: refused with a code
    assert stale["code"] == "stale_state"
    moves = sum(1 for f in clients[0].frames if f["type"] == "event"
                and f["event"]["kind"] == "action")
    for client in clients:
        await client.close()
    after = await until(watched, lambda s: value(s, "doublesix_open_sockets", kind="seat")
                        == value(before, "doublesix_open_sockets", kind="seat"))

    def grew(name: str, **labels: str) -> float:
        return total(after, name, **labels) - total(before, name, **labels)

    assert grew("doublesix_moves_total", by="player") == moves > 0
    assert grew("doublesix_frames_total", type="move") == moves + 1
    assert grew("doublesix_frames_total", type="hello") == 2
    assert grew("doublesix_rooms_created_total", mode="online") == 1
    assert grew("doublesix_games_finished_total") == 1
    assert grew("doublesix_errors_total", code="stale_state") == 1
    moved = histogram_is_whole(after, "doublesix_frame_seconds", type="move")
    assert moved - value(before, "doublesix_frame_seconds_count", type="move") == moves + 1
    # every move, the join and the finished deal's next-deal-free end: each one commit
    assert grew("doublesix_storage_commit_seconds_count") >= moves + 1
    histogram_is_whole(after, "doublesix_storage_commit_seconds")
    assert total(after, "doublesix_gc_pause_seconds_count", generation="0") > 0
    assert value(after, "process_cpu_seconds_total") > 0


async def test_computer_turns_are_timed_and_queued(watched: ServerThread) -> None:
    _, before = await scrape(watched)
    game = await create(watched, "computer", "draw", level="easy")
    client = Client(watched, game["game_id"], game["token"])
    await client.connect()
    await play_alone(client, random.Random(3))
    await client.close()
    _, after = await scrape(watched)
    computer = (total(after, "doublesix_moves_total", by="computer")
                - total(before, "doublesix_moves_total", by="computer"))
    thought = (value(after, "doublesix_computer_think_seconds_count")
               - value(before, "doublesix_computer_think_seconds_count"))
    assert computer > 0 and thought >= computer
    assert value(after, "doublesix_computer_queue_depth") == 0


async def test_close_codes_are_counted(watched: ServerThread) -> None:
    _, before = await scrape(watched)
    client = Client(watched, "nosuchroom", "x" * 20)
    with pytest.raises(AssertionError):
        await client.connect()  # not_found: an error frame, then close 4004
    await client.close()
    after = await until(watched, lambda s: value(s, "doublesix_socket_closes_total", code="4004")
                        > value(before, "doublesix_socket_closes_total", code="4004"))
    assert value(after, "doublesix_errors_total", code="not_found") > value(
        before, "doublesix_errors_total", code="not_found")


async def test_the_public_port_wants_the_token(watched: ServerThread) -> None:
    async with httpx.AsyncClient(base_url=watched.http) as http:
        refused, missing = await http.get("/metrics"), await http.get("/no-such-page")
        assert refused.status_code == missing.status_code == 404
        assert (refused.text, refused.headers["content-type"]) == (
            missing.text, missing.headers["content-type"])  # nothing says metrics are here
        for wrong in (f"Bearer {TOKEN}x", f"Bearer {TOKEN[:-1]}", TOKEN, f"Basic {TOKEN}"):
            r = await http.get("/metrics", headers={"Authorization": wrong})
            assert r.status_code == 404 and "doublesix_" not in r.text
        r = await http.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 200 and "doublesix_frame_seconds_bucket" in r.text


async def test_without_settings_there_are_no_metrics_anywhere() -> None:
    server = ServerThread(settings()).start()
    try:
        assert server.service.observe.port is None
        async with httpx.AsyncClient(base_url=server.http) as http:
            r = await http.get("/metrics", headers={"Authorization": "Bearer anything"})
            assert r.status_code == 404
            r = await http.get("/metrics", headers={"Authorization": "Bearer None"})
            assert r.status_code == 404
    finally:
        server.stop()


def test_the_operator_port_listens_on_loopback_only(watched: ServerThread) -> None:
    port = watched.service.observe.port
    assert port is not None and port != watched.port
    server = watched.service.observe._port_server
    assert server is not None and server.server_address[0] == "127.0.0.1"
    # another address of this machine, when it has one, is refused
    try:
        outside = socket.gethostbyname(socket.gethostname())
    except OSError:
        return
    if outside.startswith("127."):
        return
    with pytest.raises(OSError):
        socket.create_connection((outside, port), timeout=2).close()


def test_the_operator_port_closes_with_the_server() -> None:
    server = ServerThread(settings(metrics_port=0)).start()
    port = server.service.observe.port
    assert port is not None
    socket.create_connection(("127.0.0.1", port), timeout=2).close()
    server.stop()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
