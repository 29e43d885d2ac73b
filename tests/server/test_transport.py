"""What one socket can make the server hold or do below the app (issue 21, items 1, 2, 6, 8):
ping floods, fragments that never end, output nobody reads, bodies read after their answer
and reconnect floods. A real server process where the transport matters: its memory is
measured, and an honest client's round trips run in this process while the flood runs in a
thread of its own (all on 127.0.0.1, every loop bounded in count and time)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from doublesix.server.config import Settings
from doublesix.server.wire.errors import CLOSE_FLOOD, CLOSE_POLICY, CLOSE_TOO_BIG
from tests.server.harness import LIFTED, ServerThread
from tests.support.procs import ServerProcess

PING, PONG, TEXT, CONT, CLOSE = 0x9, 0xA, 0x1, 0x0, 0x8


@pytest.fixture(scope="module")
def proc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with the default frame limits (20/s, 40 at once); budgets lifted."""
    log = tmp_path_factory.mktemp("transport") / "server.log"
    server = ServerProcess("memory://", log=log).start()
    yield server
    server.stop()


def frame(opcode: int, payload: bytes = b"", fin: bool = True) -> bytes:
    """A client frame, masked as RFC 6455 requires (with a zero key: the payload unchanged)."""
    head = bytes([(0x80 if fin else 0) | opcode])
    if len(payload) < 126:
        head += bytes([0x80 | len(payload)])
    else:
        head += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
    return head + b"\0\0\0\0" + payload


def upgrade(port: int) -> socket.socket:
    """A socket upgraded to /ws by hand (a library client would answer pings and read)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16))
    s.sendall(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
              b"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: "
              + key + b"\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        part = s.recv(4096)
        assert part, "closed during the handshake"
        head += part
    assert head.startswith(b"HTTP/1.1 101"), head[:200]
    return s


class Flood(threading.Thread):
    """Writes *block* again and again, never reading, until the server hangs up or *seconds*
    pass; ``cut_after`` is how long the server took to hang up (None: it never did)."""

    def __init__(self, sock: socket.socket, block: bytes, seconds: float) -> None:
        super().__init__(daemon=True)
        self.sock, self.block, self.seconds = sock, block, seconds
        self.cut_after: float | None = None
        self.sent = 0

    def run(self) -> None:
        started = time.monotonic()
        self.sock.settimeout(1.0)
        while time.monotonic() - started < self.seconds:
            try:
                self.sock.sendall(self.block)
                self.sent += len(self.block)
            except TimeoutError:
                continue  # the server is slow to read: still open
            except OSError:  # reset or broken pipe: the server closed the connection
                self.cut_after = time.monotonic() - started
                return


def close_code(sock: socket.socket) -> int | None:
    """The code of the server's close frame, read up to it (None: the connection ended, or
    2 s passed, without one)."""
    sock.settimeout(2.0)
    data = b""
    i = 0
    while len(data) < 4 * 2**20:
        while True:  # the frames read whole so far
            if i + 2 > len(data):
                break
            opcode, length, at = data[i] & 0x0F, data[i + 1] & 0x7F, i + 2
            if length == 126:
                length, at = (struct.unpack("!H", data[at:at + 2])[0] if at + 2 <= len(data)
                              else 1 << 30), at + 2
            elif length == 127:
                length, at = (struct.unpack("!Q", data[at:at + 8])[0] if at + 8 <= len(data)
                              else 1 << 30), at + 8
            if at + length > len(data):
                break
            if opcode == CLOSE and length >= 2:
                return int(struct.unpack("!H", data[at:at + 2])[0])
            i = at + length
        try:
            part = sock.recv(65536)
        except OSError:
            return None
        if not part:
            return None
        data += part
    return None


async def pings_answered(server: ServerProcess, seconds: float) -> list[float]:
    """An honest lobby client's ``ping`` -> ``pong`` round trips for *seconds*."""
    rtts: list[float] = []
    async with connect(server.ws_url) as ws:
        await ws.send(json.dumps({"type": "lobby"}))
        await asyncio.wait_for(ws.recv(), 10)
        stop_at = time.monotonic() + seconds
        while time.monotonic() < stop_at:
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            while json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] != "pong":
                pass
            rtts.append(time.perf_counter() - sent)
            await asyncio.sleep(0.05)  # under the honest client's own frame limit
    return rtts


def lobby_socket(port: int) -> socket.socket:
    s = upgrade(port)
    s.sendall(frame(TEXT, b'{"type": "lobby"}'))
    return s


async def test_a_ping_flood_is_closed_and_holds_no_memory(proc: ServerProcess) -> None:
    # item 1: pings as fast as they go, never a read; the pongs piled up in the transport
    sock = lobby_socket(proc.port)
    rss_before = proc.rss_kib()
    flood = Flood(sock, frame(PING) * 20_000, seconds=10)
    flood.start()
    rtts = await pings_answered(proc, 3.0)
    flood.join(15)
    grown_mib = (proc.rss_kib() - rss_before) / 1024
    assert flood.cut_after is not None and flood.cut_after < 2.0, flood.cut_after
    assert grown_mib < 16, grown_mib
    assert max(rtts) < 1.0, max(rtts)
    assert close_code(sock) in (CLOSE_FLOOD, None)  # None: cut before it could be read
    sock.close()


def test_pings_at_an_honest_rate_are_answered(proc: ServerProcess) -> None:
    # the bound is on the rate: a client that pings now and then (and reads) keeps its socket
    with lobby_socket(proc.port) as sock:
        for i in range(15):
            sock.sendall(frame(PING, str(i).encode()))
            time.sleep(0.1)
        sock.settimeout(2.0)
        data = b""
        while data.count(bytes([0x80 | PONG])) < 15:
            part = sock.recv(65536)
            assert part, "closed"
            data += part


async def test_a_fragmented_message_that_never_ends_is_closed(proc: ServerProcess) -> None:
    # item 2: one first fragment, then empty continuation frames (no payload, no hello)
    sock = upgrade(proc.port)
    sock.sendall(frame(TEXT, b'{"type":"pi', fin=False))
    flood = Flood(sock, frame(CONT, fin=False) * 40_000, seconds=10)
    flood.start()
    rtts = await pings_answered(proc, 3.0)
    flood.join(15)
    assert flood.cut_after is not None and flood.cut_after < 2.0, flood.cut_after
    assert max(rtts) < 1.0, max(rtts)
    assert close_code(sock) in (CLOSE_TOO_BIG, None)
    sock.close()


def test_a_message_in_a_few_fragments_is_served(proc: ServerProcess) -> None:
    with upgrade(proc.port) as sock:
        parts = [b'{"type"', b': "lo', b"", b'bby"}']
        sock.sendall(frame(TEXT, parts[0], fin=False)
                     + b"".join(frame(CONT, p, fin=False) for p in parts[1:-1])
                     + frame(CONT, parts[-1]))
        sock.settimeout(5.0)
        first = sock.recv(65536)
        assert first[0] == 0x80 | TEXT and b'"lobby"' in first, first[:80]


def test_a_message_must_be_finished_within_its_deadline(proc: ServerProcess) -> None:
    # a slow drip of fragments (under the cap) after the lobby frame, when the hello deadline
    # no longer applies: the message's own deadline (5 s) closes the socket
    with lobby_socket(proc.port) as sock:
        started = time.monotonic()
        sock.sendall(frame(TEXT, b'{"type": "pi', fin=False))
        closed = None
        sock.settimeout(0.5)
        data = b""
        while time.monotonic() - started < 9 and closed is None:
            try:
                sock.sendall(frame(CONT, b"", fin=False))
                part = sock.recv(65536)
                if not part:
                    closed = time.monotonic() - started
                data += part
            except TimeoutError:
                continue
            except OSError:
                closed = time.monotonic() - started
        assert closed is not None and 4.5 < closed < 7.5, closed
        assert struct.pack("!H", CLOSE_POLICY) + b"message not finished in time" in data




def _unread_pongs(**limits: float) -> float | None:
    """How long a server with the frame limits lifted took to cut a client that sends
    125-byte pings and never reads (None: it did not within 20 s). Past the kernel's socket
    buffers the pongs stay in the server process."""
    server = ServerThread(Settings(db_url="memory://", rate_per_second=10**6,
                                   rate_burst=10**6, **limits, **LIFTED)).start()  # type: ignore[arg-type]
    try:
        with lobby_socket(server.port) as sock:
            flood = Flood(sock, frame(PING, b"p" * 125) * 2000, seconds=20)
            flood.run()
            return flood.cut_after
    finally:
        server.stop()


def test_output_a_client_leaves_unread_is_bounded() -> None:
    cut_after = _unread_pongs(max_unsent=256 * 1024, stall_timeout=600.0)
    assert cut_after is not None and cut_after < 10, cut_after


def test_a_client_whose_output_stays_blocked_is_cut() -> None:
    # output blocked for the stall deadline: also what the app's own writes would wait on, so
    # its "not reading" close (1008) could never be sent either
    started = time.monotonic()
    cut_after = _unread_pongs(max_unsent=2**40, stall_timeout=1.0)
    assert cut_after is not None and cut_after < 10, cut_after
    assert time.monotonic() - started > 1.0


@pytest.fixture(scope="module")
def quick() -> Iterator[ServerThread]:
    """A server whose header and body deadlines are 1 s."""
    s = ServerThread(Settings(db_url="memory://", header_timeout=1.0, body_timeout=1.0,
                              **LIFTED)).start()
    yield s
    s.stop()


def _sent_after_answer(port: int, head: bytes, seconds: float) -> tuple[bytes, int]:
    """Write *head*, then a body for as long as the server takes it (up to *seconds*): the
    answer's first bytes and how many body bytes were sent."""
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(head)
        s.settimeout(1.0)
        sent = 0
        chunk = b"x" * 65536
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            try:
                s.sendall(chunk)
                sent += len(chunk)
            except TimeoutError:
                continue
            except OSError:
                break
        s.settimeout(1.0)
        try:
            answer = s.recv(4096)
        except OSError:
            answer = b""
        return answer, sent


def test_no_body_is_read_after_a_413(quick: ServerThread) -> None:
    # item 6: a body declared too large is refused at once, and the rest is not read (985 MiB
    # in 25 s before); what was sent is what the kernel's buffers took before the reset
    head = (b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1073741824\r\n\r\n")
    answer, sent = _sent_after_answer(quick.port, head, 5.0)
    assert sent < 32 * 2**20, sent
    assert answer == b"" or answer.startswith(b"HTTP/1.1 413"), answer[:100]


def test_a_dripped_body_ends_with_its_408(quick: ServerThread) -> None:
    # a byte every 0.3 s: each kept the old connection open past the header and body deadlines
    with socket.create_connection(("127.0.0.1", quick.port)) as s:
        s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 100\r\n\r\n")
        started = time.monotonic()
        s.settimeout(0.3)
        answer = b""
        closed_after = None
        while time.monotonic() - started < 6 and closed_after is None:
            try:
                s.sendall(b" ")
                part = s.recv(4096)
                if not part:
                    closed_after = time.monotonic() - started
                answer += part
            except TimeoutError:
                continue
            except OSError:
                closed_after = time.monotonic() - started
        assert answer.startswith(b"HTTP/1.1 408"), answer[:100]
        assert b"connection: close" in answer.lower()
        assert closed_after is not None and closed_after < 3.0, closed_after


async def test_a_refused_body_still_gets_its_answer(quick: ServerThread) -> None:
    # an honest client that sends a body too large reads the 413 (httpx reads the answer
    # when the server stops taking the body), and a body read whole keeps the connection
    async with httpx.AsyncClient(base_url=quick.http) as http:
        r = await http.post("/api/games", content=b"x" * 200_000,
                            headers={"content-type": "application/json"})
        assert (r.status_code, r.headers["connection"]) == (413, "close")
        r = await http.post("/api/games", json={"mode": "online"})
        assert r.status_code == 201 and "connection" not in r.headers
        r = await http.get("/api/health")
        assert r.status_code == 200 and "connection" not in r.headers


@pytest.fixture(scope="module")
def budgeted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose budget of new sockets is 60 at once (100 by default), 60 a minute."""
    log = tmp_path_factory.mktemp("transport") / "server.log"
    server = ServerProcess("memory://", log=log, env={"DOUBLESIX_SOCKET_BURST": "60"}).start()
    yield server
    server.stop()


def test_many_sockets_each_under_its_limit_share_their_address_limit(
        tmp_path: Path) -> None:
    # item 8's other half: ten sockets of one address, each 30 frames at once (under a
    # socket's 40), are 300 frames; an address may send five sockets' worth (200 at once)
    # the harness lifts the per-address budgets (every test client is 127.0.0.1): not this one
    server = ServerProcess("memory://", log=tmp_path / "server.log",
                           env={"DOUBLESIX_FRAME_SOCKETS": "5"}).start()
    socks = [upgrade(server.port) for _ in range(10)]
    try:
        for sock in socks:
            sock.sendall(frame(TEXT, b'{"type": "ping"}') * 30)
        codes = [close_code(sock) for sock in socks]
    finally:
        for sock in socks:
            sock.close()
        server.stop()
    # the sockets are served in turn: the address runs out while each is part-way through
    assert codes.count(CLOSE_FLOOD) >= 5, codes


def _burst_until_closed(port: int) -> int | None:
    """One flooder's socket: 60 frames at once, read until the server's close; its code (None:
    the upgrade was refused; the status line is then checked)."""
    try:
        sock = upgrade(port)
    except AssertionError as exc:
        assert "429" in str(exc), exc
        return None
    with sock:
        sock.sendall(frame(TEXT, b'{"type": "ping"}') * 60)
        return close_code(sock)


async def test_a_reconnect_flood_runs_out_of_new_sockets(budgeted: ServerProcess) -> None:
    # item 8: a client whose sockets are closed for flooding (4008) and who reconnects at once;
    # each such socket costs ten of its address's new sockets, so a few rounds in it is
    # refused at the upgrade (429), before any socket is set up
    codes = [await asyncio.to_thread(_burst_until_closed, budgeted.port) for _ in range(12)]
    assert codes[:3] == [CLOSE_FLOOD] * 3, codes
    assert codes[-3:] == [None] * 3, codes
    assert codes.count(CLOSE_FLOOD) <= 7, codes
    async with httpx.AsyncClient(base_url=budgeted.http) as http:  # HTTP is not touched
        assert (await http.get("/api/health")).status_code == 200
