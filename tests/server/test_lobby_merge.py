"""The lobby list when lines come from several processes (hall/lobby.py): the newest state
wins, a silent process's lines go, and a presence refresh keeps a line's origin."""

from __future__ import annotations

from doublesix.server.hall.lobby import Lobby


def line(game_id: str, status: str) -> dict[str, object]:
    return {"game_id": game_id, "status": status, "since": 1.0}


def test_a_line_from_an_older_state_never_replaces_a_newer_one() -> None:
    lobby = Lobby(0.25, 5)
    assert lobby.put("G", line("G", "playing"), 5, origin="B")
    # process A's copy of the room is stale (B seated someone since): ignored
    assert not lobby.put("G", line("G", "open"), 3)
    assert lobby.is_older("G", 3) and not lobby.is_older("G", 5)
    assert lobby.tables["G"]["status"] == "playing"
    # the same state (a presence change) or a newer one is taken
    assert lobby.put("G", line("G", "finished"), 5)
    assert lobby.put("G", None, 6, origin="B")
    assert "G" not in lobby.tables
    assert not lobby.put("G", line("G", "playing"), 5)  # a removal holds against older lines


def test_a_silent_process_takes_only_its_own_lines_with_it() -> None:
    lobby = Lobby(0.25, 5)
    lobby.put("A1", line("A1", "open"), 1)  # computed here
    lobby.put("B1", line("B1", "open"), 1, origin="B")
    lobby.put("C1", line("C1", "open"), 1, origin="C")
    lobby.put("B2", line("B2", "open"), 1, origin="B")
    lobby.put("B2", line("B2", "playing"), 2, origin="C")  # C wrote B2 last: now C's
    assert sorted(lobby.drop_origin("B")) == ["B1"]
    assert sorted(lobby.tables) == ["A1", "B2", "C1"]
    assert lobby.computed_here() == [("A1", 1)]


def test_a_presence_refresh_keeps_the_lines_origin() -> None:
    lobby = Lobby(0.25, 5)
    lobby.put("G", line("G", "open"), 4, origin="B")
    assert lobby.put("G", {**line("G", "open"), "watchers": 2}, None, keep_origin=True)
    assert lobby.tables["G"]["watchers"] == 2
    assert lobby.drop_origin("B") == ["G"] and "G" not in lobby.tables
    # no line held: a refresh cannot bring one back
    assert not lobby.put("G", line("G", "open"), None, keep_origin=True)
