"""The golden protocol transcript: docs/protocol.md's "Example transcript", played on a real
server (memory storage, real sockets) and every frame compared with ``transcript.jsonl``.

A golden playthrough in OpenSpiel's manner: any change to what travels on the wire — a field
added, renamed or dropped, a frame more or less, another order — fails here and shows the first
step that differs. When the change is meant (a protocol change, with docs/protocol.md updated),
regenerate the file and review its diff with the change:

    DOUBLESIX_GOLDEN=update .venv/bin/python -m pytest tests/golden

The room's id, tokens, invite, deal seed and deal key are fixed here (the server draws them from
``secrets``), so the run is the same every time. A second test checks the doc against the
recording: every frame the doc's transcript shows a client receiving is, in that order, among
the frames the recording has for that client.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from doublesix.server.rooms import tokens
from tests.server.harness import ServerThread

GOLDEN = Path(__file__).with_name("transcript.jsonl")
DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
#: a deal in which Аня (seat 0) holds 0-1, 2-5 and 6-6 and leads 6-6, and Боря has no six, as in
#: the doc (found by trying seeds with the core's CommitDealer and KEY)
SEED = 9919
#: the game's deal key (tokens.new_deal_key), with the seed the source of every shuffle secret
KEY = bytes(32)
Frame = dict[str, Any]


@pytest.fixture
def fixed_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The doc's names for the room's secrets, handed out in the order the server asks."""
    def handed(*values: str) -> Any:
        it: Iterator[str] = iter(values)
        return lambda: next(it)

    monkeypatch.setattr(tokens, "new_game_id", handed("PROCESS", "R1", "R2", "R3"))
    monkeypatch.setattr(tokens, "new_token", handed("TA", "TB", "TC"))
    monkeypatch.setattr(tokens, "new_invite", handed("INV"))
    monkeypatch.setattr(tokens, "new_seed", lambda: SEED)
    monkeypatch.setattr(tokens, "new_deal_key", lambda: KEY)


class Recorder:
    """The sockets of the transcript (A, B, and A2: Аня's second tab) and the steps so far."""

    def __init__(self, server: ServerThread) -> None:
        self.server = server
        self.sockets: dict[str, ClientConnection] = {}
        self.closed: set[str] = set()
        self.steps: list[dict[str, Any]] = []
        self.last: dict[str, Frame] = {}

    async def http(self, title: str, path: str, body: Frame) -> Frame:
        async with httpx.AsyncClient(base_url=self.server.http) as client:
            r = await client.post(path, json=body)
        answer: Frame = r.json()
        await self._step(title, {"http": path, "body": body},
                         {"status": r.status_code, "json": answer})
        return answer

    async def send(self, title: str, who: str, frame: Frame) -> None:
        if who not in self.sockets:
            self.sockets[who] = await connect(self.server.ws_url, max_size=None)
        await self.sockets[who].send(json.dumps(frame))
        await self._step(title, {"socket": who, "frame": frame}, None, first=who)

    async def _step(self, title: str, sent: Frame, answer: Frame | None,
                    first: str | None = None) -> None:
        """Everything each open socket received because of this step. The sender pings
        first and reads up to its pong: a socket's frames are served one after the other, so
        its command is done by then, and the service has handed every frame of it to the
        sockets' queues; then each other socket pings and reads up to its own pong."""
        received: dict[str, list[Frame]] = {}
        n = len(self.steps)
        order = sorted(self.sockets, key=lambda who: who != first)
        for who in order:
            ws = self.sockets[who]
            if who in self.closed:
                continue
            got: list[Frame] = []
            try:
                await ws.send(json.dumps({"type": "ping", "id": f"sync-{n}"}))
                while True:
                    frame = json.loads(await ws.recv())
                    if frame == {"type": "pong", "id": f"sync-{n}"}:
                        break
                    got.append(frame)
            except ConnectionClosed as closed:
                self.closed.add(who)
                rcvd = closed.rcvd
                got.append({"close": rcvd.code if rcvd else None,
                            "reason": rcvd.reason if rcvd else None})
            for frame in got:
                if "view" in frame:
                    self.last[who] = frame
            if got:
                received[who] = got
        step: dict[str, Any] = {"step": title, **sent}
        if answer is not None:
            step["answer"] = answer
        step["received"] = received
        self.steps.append(step)

    async def close(self) -> None:
        for ws in self.sockets.values():
            await ws.close()


async def play_the_doc(server: ServerThread) -> list[dict[str, Any]]:
    """The doc's example, step by step; "… the deal ends" is played out by each seat taking
    the first of its legal actions."""
    rec = Recorder(server)
    try:
        await rec.http("Аня creates an online room", "/api/games",
                       {"mode": "online", "rules": {"preset": "draw"}, "name": "Аня"})
        await rec.send("Аня says hello", "A", {"type": "hello", "game_id": "R1", "token": "TA"})
        await rec.send("Аня leads before Боря came", "A",
                       {"type": "move", "state_no": 0, "action": "play 6-6", "id": 1})
        await rec.http("Боря opens the invite link", "/api/games/R1/join",
                       {"invite": "INV", "name": "Боря"})
        await rec.send("Боря says hello", "B", {"type": "hello", "game_id": "R1", "token": "TB"})
        await rec.send("Аня leads", "A",
                       {"type": "move", "state_no": 0, "action": "play 6-6", "id": 2})
        await rec.send("Боря must draw", "B",
                       {"type": "move", "state_no": 1, "action": "draw", "id": "b1"})
        await rec.send("a retry of the same draw", "B",
                       {"type": "move", "state_no": 1, "action": "draw", "id": "b1"})
        await rec.send("a stale move", "A",
                       {"type": "move", "state_no": 1, "action": "play 0-1 left", "id": 3})
        await rec.send("Аня opens a second tab", "A2",
                       {"type": "hello", "game_id": "R1", "token": "TA", "last_event": 4})
        seat_of = {0: "A2", 1: "B"}
        for _ in range(200):
            view = rec.last["A2"]["view"]
            if view["to_move"] is None:
                break
            who = seat_of[view["to_move"]]
            mine = rec.last[who]
            action = mine["view"]["legal"][0]
            await rec.send(f"seat {view['to_move']}: {action}", who,
                           {"type": "move", "state_no": mine["state_no"], "action": action})
        else:
            raise AssertionError("the deal did not end")
        await rec.send("Аня asks for a new game", "A2", {"type": "rematch"})
        await rec.send("Боря too", "B", {"type": "rematch"})
    finally:
        await rec.close()
    return rec.steps


def dump(steps: list[dict[str, Any]]) -> str:
    """JSON Lines, so that a change shows as the lines of the frames it touched: a step's
    line (what was sent, and the HTTP answer), then one line per frame received."""
    lines = []
    for step in steps:
        head = {k: v for k, v in step.items() if k != "received"}
        lines.append(json.dumps(head, ensure_ascii=False))
        for who, frames in step["received"].items():
            lines += [json.dumps({"to": who, "frame": f}, ensure_ascii=False) for f in frames]
    return "\n".join(lines) + "\n"


def load() -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        if "step" in item:
            steps.append({**item, "received": {}})
        else:
            steps[-1]["received"].setdefault(item["to"], []).append(item["frame"])
    return steps


def _first_difference(want: list[dict[str, Any]], got: list[dict[str, Any]]) -> str:
    for i, (a, b) in enumerate(zip(want, got, strict=False)):
        if a != b:
            return (f"step {i} ({b.get('step')}) differs:\n  golden:   "
                    f"{json.dumps(a, ensure_ascii=False)}\n  this run: "
                    f"{json.dumps(b, ensure_ascii=False)}")
    return f"{len(want)} golden steps, {len(got)} in this run"


async def test_the_wire_matches_the_golden_transcript(fixed_secrets: None) -> None:
    server = ServerThread().start()
    try:
        steps = await play_the_doc(server)
    finally:
        server.stop()
    if os.environ.get("DOUBLESIX_GOLDEN") == "update":
        GOLDEN.write_text(dump(steps), encoding="utf-8")
    golden = load()
    assert golden == steps, (_first_difference(golden, steps) + "\n(a change meant? see this "
                             "module's docstring to regenerate transcript.jsonl)")


# -- the doc against the recording ---------------------------------------------------------
_ARROW = re.compile(r"^(A'|A|B)(<|>)\s*(.*)$")


def doc_received() -> dict[str, list[tuple[str, str | None]]]:
    """Per socket, what the doc's transcript shows it receiving: (type, event kind or error
    code), or ("close", code)."""
    block = DOC.read_text(encoding="utf-8").split("## Example transcript", 1)[1]
    block = block.split("```", 2)[1]
    seen: dict[str, list[tuple[str, str | None]]] = {"A": [], "B": [], "A2": []}
    for line in block.splitlines():
        m = _ARROW.match(line)
        if m is None or m.group(2) != "<":
            continue
        who, text = ("A2" if m.group(1) == "A'" else m.group(1)), m.group(3)
        if text.startswith("close"):
            seen[who].append(("close", text.split()[1]))
            continue
        kind = re.search(r'"type": "(\w+)"', text)
        assert kind, line
        detail = re.search(r'"(?:kind|code)": "(\w+)"', text)
        seen[who].append((kind.group(1), detail.group(1) if detail else None))
    return seen


def _recorded(frame: Frame) -> tuple[str, str | None]:
    if "close" in frame:
        return ("close", str(frame["close"]))
    detail = frame.get("event", {}).get("kind") if frame["type"] == "event" else frame.get("code")
    return (frame["type"], detail)


def test_the_doc_s_transcript_is_in_the_recording() -> None:
    golden = load()
    for who, shown in doc_received().items():
        stream = [_recorded(f) for step in golden for f in step["received"].get(who, [])]
        at = 0
        for frame in shown:
            # the doc leaves out the events lines it does not need, and one "event" line may
            # stand for a frame whose detail is on its next line (then detail is None)
            while at < len(stream) and not (stream[at][0] == frame[0] and
                                            frame[1] in (None, stream[at][1])):
                at += 1
            assert at < len(stream), f"the doc shows {who} receiving {frame}: not recorded"
            at += 1
