"""Frames out to this process's sockets of a room: its seats and its watchers.

Every frame is built by :mod:`.views` (the single exit for game data) and sent only to the
sockets its event's audience allows; a watchers' frame is built once and shared by all of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from doublesix.server.rooms import views
from doublesix.server.rooms.events import Numbered
from doublesix.server.rooms.hub import Hub
from doublesix.server.rooms.room import Room


def events(hub: Hub, room: Room, stored: Sequence[Numbered]) -> None:
    """Send just-stored events: each seat its own view, the watchers the public one."""
    game_id = room.game_id
    connected = hub.connected(game_id)
    for peer in hub.peers(game_id):
        for event in stored:
            if event.event.visible_to(peer.seats):
                peer.send(views.event(room, peer.seats, connected, event))
    watchers = hub.watchers(game_id)
    if watchers:
        for event in stored:
            if event.event.visible_to(()):
                frame = views.watcher_event(room, connected, event)  # one public frame for all
                for peer in watchers:
                    peer.send(frame)


def presence(hub: Hub, room: Room) -> None:
    """Who is connected now, to every seat and watcher here."""
    frame = views.presence(room, hub.connected(room.game_id))
    for peer in [*hub.peers(room.game_id), *hub.watchers(room.game_id)]:
        peer.send(frame)
