"""The lobby across processes: each process tells the others of the lobby lines it computes.

Over the fanout's Redis channel (fanout/redis_fanout.py), three message kinds:

- ``line``: table G's line as of the room's event number N (``l``: the line, or null when it
  cannot be listed: private, closed; ``c``: closed, or the room deleted, for good). Every
  process puts it in its own :class:`~doublesix.server.hall.lobby.Lobby`, which keeps the line
  of the newest state, and tracks which process computed it.
- ``lines?``: a process just (re)subscribed; every other process answers with ``lines``, all the
  lines it computed, so the newcomer's lobby is complete at once.
- A process that stops beating (killed) loses its lines after the fanout's ttl.

And one for «Играть сейчас» (hall/seek.py, :func:`link_pool`): ``seek``, a frame (``f``) for
a waiting socket (``s``, ``process/number``) of another process: ``matched`` when a pair was
seated where it was taken out of the pool, ``seek_ended`` when another tab replaced it.

The line sent is the table's line before presence: connected seats, watcher counts, and
whether a full table with nobody at it is listed at all are decided by each process from its
own shared hub (hall/service.py ``_live``), so they follow presence without a message.
"""

from __future__ import annotations

import logging

from doublesix.core.jsonvalue import JSONObject, JSONValue
from doublesix.server.fanout.redis_fanout import RedisFanout
from doublesix.server.hall.lobby import Line
from doublesix.server.hall.seek import Matchmaker
from doublesix.server.hall.service import Hall
from doublesix.server.rooms.tables import BadLine, line_from_json

log = logging.getLogger("doublesix.server.hall")

#: lines per ``lines`` answer: a message stays well under what Redis pub/sub carries quickly
CHUNK = 200


def link(hall: Hall, fanout: RedisFanout) -> None:
    """Share *hall*'s lobby with the other processes through *fanout*; ask them for theirs."""

    def share(game_id: str, event_no: int, line: Line | None, closed: bool) -> None:
        message: dict[str, object] = {"k": "line", "g": game_id, "n": event_no, "l": line}
        if closed:
            message["c"] = True
        fanout.publish(message)

    def heard(process: str, game_id: JSONValue, event_no: JSONValue, line: JSONValue,
              closed: bool) -> None:
        if not isinstance(game_id, str) or not isinstance(event_no, int):
            log.warning("a lobby line from %s without its table or number", process)
            return
        try:
            checked = None if line is None else line_from_json(line)
        except BadLine as exc:  # another version of the server, or a damaged message
            log.warning("a lobby line from %s refused: %s", process, exc)
            return
        hall.heard_line(process, game_id, event_no, checked, closed)

    def heard_line(process: str, message: JSONObject) -> None:
        heard(process, message.get("g"), message.get("n"), message.get("l"),
              bool(message.get("c")))

    def heard_lines(process: str, message: JSONObject) -> None:
        lines = message.get("t")
        for item in lines if isinstance(lines, list) else []:
            if isinstance(item, list) and len(item) == 3:
                heard(process, item[0], item[1], item[2], False)

    def asked(process: str, message: JSONObject) -> None:
        lines = hall.own_lines()
        for start in range(0, len(lines), CHUNK):
            fanout.publish({"k": "lines", "t": lines[start:start + CHUNK]})

    hall.share = share
    fanout.on("line", heard_line)
    fanout.on("lines", heard_lines)
    fanout.on("lines?", asked)
    fanout.on_silent(hall.forget_process)
    fanout.on_subscribed(lambda: fanout.publish({"k": "lines?"}))


def link_pool(matchmaker: Matchmaker, fanout: RedisFanout) -> None:
    """Let *matchmaker* reach waiting sockets on the other processes, and know which of
    them are alive (the pool itself is shared in Redis: hall/pool_redis.py)."""

    def tell(socket: str, frame: object) -> None:
        fanout.publish({"k": "seek", "s": socket, "f": frame})

    def heard(process: str, message: JSONObject) -> None:
        socket, frame = message.get("s"), message.get("f")
        if isinstance(socket, str) and isinstance(frame, dict):
            matchmaker.heard(socket, frame)

    matchmaker.tell = tell
    matchmaker.alive = lambda process: process == fanout.process or fanout.hub.alive(process)
    fanout.on("seek", heard)
    fanout.on_silent(matchmaker.forget_process)
