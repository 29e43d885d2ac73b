"""Logs an operator can use: a real `doublesix serve --log-format json` at trace level.

A game is created, joined by invite, greeted with tokens over WebSocket and played to the
end; a forged token and a bad invite are tried. Every line of the output must be one JSON
object, the room events must be there with their game id, and no token, invite or digest of
one may appear anywhere, not even in part.
"""

from __future__ import annotations

import json
import logging
import os
import random
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.frames import Frame, Opcode

from doublesix.server.config import Settings
from doublesix.server.ops import logs
from doublesix.server.rooms import tokens
from tests.server.harness import Client, create, join, play_online_game
from tests.server.test_modes import play_alone
from tests.support.procs import LIFTED_BUDGETS, free_port

pytestmark = pytest.mark.timeout(120)


class Served:
    """``doublesix serve`` as a child process, its output (stdout and stderr) in *out*."""

    def __init__(self, out: Path, *flags: str, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.out = out
        environ = {k: v for k, v in os.environ.items() if not k.startswith("DOUBLESIX_")}
        environ.update(LIFTED_BUDGETS, DOUBLESIX_COMPUTER_DELAY="0", **(env or {}))
        with open(out, "wb") as sink:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "doublesix", "serve", "--port", str(self.port),
                 "--db", f"sqlite:///{out.parent / 'logs.db'}", *flags],
                stdout=sink, stderr=subprocess.STDOUT, env=environ, cwd=out.parent)
        deadline = time.monotonic() + 30
        while True:
            assert self.proc.poll() is None, out.read_text()
            try:
                with urllib.request.urlopen(self.http + "/api/health", timeout=1):
                    return
            except OSError:
                assert time.monotonic() < deadline, out.read_text()
                time.sleep(0.05)

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def stop(self) -> str:
        self.proc.terminate()
        self.proc.wait(20)
        return self.out.read_text()


def exposed(secret: str, text: str) -> bool:
    """The secret, or a long piece of it (a truncated debug line), is in *text*."""
    return any(piece in text for piece in (secret, secret[:12], secret[-12:]))


async def test_json_logs_name_room_events_and_hide_every_secret(tmp_path: Path) -> None:
    metrics_port, metrics_token = free_port(), tokens.new_token()
    server = Served(tmp_path / "out.log", "--log-format", "json", "--log-level", "trace",
                    "--metrics-port", str(metrics_port),
                    env={"DOUBLESIX_METRICS_TOKEN": metrics_token})
    try:
        game = await create(server, "online")  # type: ignore[arg-type]
        guest = await join(server, game)  # type: ignore[arg-type]
        clients = [Client(server, game["game_id"], game["token"]),  # type: ignore[arg-type]
                   Client(server, game["game_id"], guest["token"])]  # type: ignore[arg-type]
        for client in clients:
            await client.connect(last_event=0)
        await play_online_game(clients, random.Random(5))
        forged = tokens.new_token()
        intruder = Client(server, game["game_id"], forged)  # type: ignore[arg-type]
        with pytest.raises(AssertionError, match="bad_token"):
            await intruder.connect()
        await intruder.close()
        bad_invite = tokens.new_invite()
        async with httpx.AsyncClient(base_url=server.http) as http:
            r = await http.post(f"/api/games/{game['game_id']}/join",
                                json={"invite": bad_invite, "name": "x"})
            assert r.status_code == 403
        solo = await create(server, "computer", level="easy")  # type: ignore[arg-type]
        alone = Client(server, solo["game_id"], solo["token"])  # type: ignore[arg-type]
        await alone.connect()
        await play_alone(alone, random.Random(6))
        for client in [*clients, alone]:
            await client.close()
        async with httpx.AsyncClient() as http:
            scraped = await http.get(f"http://127.0.0.1:{metrics_port}/metrics")
            public = await http.get(f"{server.http}/metrics")
            allowed = await http.get(f"{server.http}/metrics",
                                     headers={"Authorization": f"Bearer {metrics_token}"})
        assert 'doublesix_moves_total{by="computer",kind="play"}' in scraped.text
        assert public.status_code == 404 and allowed.status_code == 200
    finally:
        out = server.stop()

    lines = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert all(isinstance(line, dict) and {"time", "level", "logger", "message"} <= set(line)
               for line in lines)
    assert any(line["level"] == "debug" for line in lines), "not at debug level"

    def find(message: str, game_id: str, **fields: Any) -> dict[str, Any]:
        for line in lines:
            if line["message"] == message and line.get("game_id") == game_id and all(
                    line.get(k) == v for k, v in fields.items()):
                return line
        raise AssertionError(f"no {message!r} line for {game_id} with {fields}")

    gid = game["game_id"]
    created = find("created", gid, mode="online", preset="draw", players=2)
    assert created["logger"] == "doublesix.rooms" and created["level"] == "info"
    find("joined", gid, seat=1)
    finished = find("finished", gid, deals=1)
    assert finished["moves"] > 0 and "winner" in finished and finished["reason"]
    find("frame refused", gid, code="bad_token", type="hello")
    find("created", solo["game_id"], mode="computer", computer_level="easy")
    find("finished", solo["game_id"])
    access = [line for line in lines if line["logger"] == "uvicorn.access"]
    assert any(line.get("path") == f"/api/games/{gid}/join" and line.get("status") == 403
               for line in access)
    assert any("Uvicorn running on" in line["message"] for line in lines)

    secrets = [game["token"], guest["token"], game["invite"], forged, bad_invite,
               solo["token"], metrics_token]
    for secret in secrets:
        for shown in (secret, tokens.digest(secret)):
            assert not exposed(shown, out), f"a secret is in the log: {shown[:6]}…"


async def test_text_logs_stay_readable_and_carry_the_fields(tmp_path: Path) -> None:
    server = Served(tmp_path / "out.log", "--log-level", "info",
                    env={"DOUBLESIX_LOG_FORMAT": "text"})
    try:
        game = await create(server, "online")  # type: ignore[arg-type]
        await join(server, game)  # type: ignore[arg-type]
    finally:
        out = server.stop()
    assert "Uvicorn running on" in out
    assert f"INFO doublesix.rooms: created game_id={game['game_id']} mode=online" in out
    assert f"INFO doublesix.rooms: joined game_id={game['game_id']} seat=1" in out
    assert not any(line.lstrip().startswith("{") for line in out.splitlines())
    assert not exposed(game["invite"], out) and not exposed(game["token"], out)


def test_the_format_is_a_setting() -> None:
    assert Settings.from_env({}).log_format == "text"
    assert Settings.from_env({"DOUBLESIX_LOG_FORMAT": "json"}).log_format == "json"
    assert Settings.from_env({"DOUBLESIX_LOG_FORMAT": "json"}, log_format="text"
                             ).log_format == "text"


def test_secrets_in_free_text_are_masked() -> None:
    token, invite = tokens.new_token(), tokens.new_invite()
    record = logging.LogRecord(
        "uvicorn.error", logging.DEBUG, __file__, 1, "< TEXT %s [%d bytes]",
        (json.dumps({"type": "hello", "game_id": "g", "token": token}), 90), None)
    logs.HideSecrets().filter(record)
    line = logs.JsonFormatter().format(record)
    assert token not in line and "<hidden>" in line
    sent = Frame(Opcode.TEXT, json.dumps({"type": "hello", "token": token}).encode())
    record = logging.LogRecord("uvicorn.error", logging.DEBUG, __file__, 1, "< %s", (sent,),
                               None)
    logs.HideSecrets().filter(record)
    assert record.getMessage() == f"< TEXT [{len(sent.data)} bytes]"
    text = logs.hide(f"open /#join=abc.{invite} invite={invite} 'invite': '{invite}'")
    assert invite not in text and text.count("<hidden>") == 3


async def test_a_newline_in_a_game_id_cannot_forge_a_text_log_line(tmp_path: Path) -> None:
    """Issue 21 item 9: a hello naming an unknown room is logged with its game id. Sent with
    new lines and a fake line after them, it stays one line of the text log, its value quoted,
    so an operator's grep for ERROR (or a log shipper) never sees the forgery."""
    server = Served(tmp_path / "out.log", "--log-level", "info",
                    env={"DOUBLESIX_LOG_FORMAT": "text"})
    forged = "ERROR doublesix.rooms: finished game_id=forged"
    try:
        for bad in (f"x\n{forged}", f"y\r\n{forged}", f"z\u2028{forged}", "a b=c"):
            async with connect(server.ws_url) as ws:  # an unknown room closes the socket
                await ws.send(json.dumps({"type": "hello", "game_id": bad, "token": "t"}))
                assert json.loads(await ws.recv())["code"] == "not_found"
    finally:
        out = server.stop()
    lines = out.splitlines()
    assert not any(line.startswith("ERROR") for line in lines), out
    refused = [line for line in lines if "frame refused" in line]
    assert len(refused) == 4, out
    assert 'game_id="x\\nERROR doublesix.rooms: finished game_id=forged"' in refused[0]
    assert 'game_id="y\\r\\nERROR' in refused[1]
    assert 'game_id="z\\u2028ERROR' in refused[2]
    assert 'game_id="a b=c"' in refused[3]  # a space or "=" would split a key=value reader


def test_text_fields_are_quoted_only_when_they_need_it() -> None:
    record = logging.LogRecord("doublesix.rooms", logging.INFO, __file__, 1, "joined", (), None)
    record.fields = {"game_id": "Ab3_x-9", "seat": 1, "name": 'say "hi"\x1b[31m', "none": None}
    line = logs.TextFormatter().format(record)
    assert line == ('INFO doublesix.rooms: joined game_id=Ab3_x-9 seat=1'
                    ' name="say \\"hi\\"\\x1b[31m"')
    # the message itself (uvicorn's, a library's) keeps to one line as well
    record = logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, "bad %s",
                               ("a\nERROR forged",), None)
    assert logs.TextFormatter().format(record) == "WARNING uvicorn.error: bad a\\nERROR forged"
