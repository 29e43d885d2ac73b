"""The rooms service's signals: what a listener above it (the hall, the fanout, metrics) hears,
and that a failing listener changes nothing the players see."""

from __future__ import annotations

import time

from doublesix.server.config import Settings
from doublesix.server.rooms.signals import Created, Gone, Presence, Signal, Stored
from tests.server.harness import LIFTED, Client, ServerThread, create, join, my_turn


class FakeTime:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


async def test_a_listener_hears_each_change_after_it_is_stored_and_a_broken_one_is_harmless(
) -> None:
    clock = FakeTime()
    server = ServerThread(Settings(db_url="memory://", computer_delay=0.0, rate_per_second=10_000,
                                   rate_burst=10_000, **LIFTED), clock=clock).start()
    heard: list[Signal] = []

    def broken(signal: Signal) -> None:
        raise RuntimeError("a metrics listener with a bug")

    def listener(signal: Signal) -> None:
        if isinstance(signal, Stored):  # told after the commit: the room is at its events
            assert signal.room.row.event_no == signal.events[-1].event_no
        heard.append(signal)

    server.service.signals.subscribe(broken)
    stop = server.service.signals.subscribe(listener)
    try:
        game = await create(server, "online", name="Аня")
        game_id = game["game_id"]
        guest = await join(server, game, "Боря")
        a = Client(server, game_id, game["token"])
        b = Client(server, game_id, guest["token"])
        await a.connect()
        await b.connect()
        mover = a if my_turn(a) else b
        ack = await mover.move(mover.view["legal"][0])
        assert ack["type"] == "ack", ack  # the broken listener did not fail the move
        other = b if mover is a else a
        await other.until_state(ack["state_no"])
        await a.close()
        await b.close()
        assert isinstance(heard[0], Created) and heard[0].room.game_id == game_id
        kinds = [e.payload["kind"] for s in heard if isinstance(s, Stored) for e in s.events]
        assert kinds == ["joined", "action"]
        presence = [s for s in heard if isinstance(s, Presence)]
        assert presence and all(s.game_id == game_id and not s.remote for s in presence)
        # a room deleted by expiry: told once, with its id
        clock.now += server.settings.room_ttl + 1
        assert game_id in server.call(server.service.expire())
        gone = [s for s in heard if isinstance(s, Gone)]
        assert len(gone) == 1 and game_id in gone[0].game_ids
        stop()
        count = len(heard)
        await create(server, "online", name="Аня")
        assert len(heard) == count  # unsubscribed: hears nothing more
    finally:
        server.stop()
