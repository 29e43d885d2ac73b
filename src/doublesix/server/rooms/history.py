"""Every finished game is kept in history (issue 25): computer, hot-seat, online and hall.

:func:`finished` says whether a room's current game is over (its match, or a hall table's
flag fallen) and builds the row storage keeps (storage/profiles.py); the room cache stores it
right after the save that ended the game, before anyone hears of that move. It is idempotent:
the row's key comes from ``(game_id, game_no)``, so the same game recorded again by a retry, a
second process or a room reloaded after a restart changes nothing. A process that dies between
the two writes leaves the game unrecorded until the room's next save (a rematch vote, a chat
line, «ещё раз»), which records it then: ``Room.kept`` is the game number last kept by this
process, and a room read from storage starts with none.
"""

from __future__ import annotations

from doublesix.server.rooms.room import Room
from doublesix.server.storage.profiles import (
    FinishedGame,
    FinishedSeat,
    GameResult,
    ProfileId,
    game_key,
)


def kind_of(room: Room) -> str:
    """computer | hotseat | online | hall: what history calls the game's type of play."""
    return "hall" if room.row.hall is not None else room.mode


def _result(room: Room) -> GameResult | None:
    """How the current game ended, or None while it goes on."""
    match = room.match
    rules = match.rules
    hall = room.row.hall
    over = hall.get("over") if hall else None
    if over and over.get("game_no") == room.row.game_no:
        winner = over.get("winner_pair", over.get("winner"))
        if rules.teams and "winner_pair" not in over and winner is not None:
            winner = rules.side_of(winner)
        reason = "timeout"
    elif match.is_over:
        winner = match.winner
        last = match.finished_deals[-1] if match.finished_deals else None
        reason = last.reason.value if last is not None else "over"
    else:
        return None
    # the seats whose person had left and not come back by the end (docs/protocol.md
    # "Leavers"; a stand-in still plays for them): a rated game counts it as their loss
    left = [s.seat for s in room.row.seats if s.left]
    result: GameResult = {
        "left": left, "winner": winner, "reason": reason, "teams": rules.teams,
        # a rated hall table's game (issue 25): server/ratings/service.py rates it
        "rated": bool(hall and hall.get("rated")),
        "scores": list(match.scores), "target": rules.target,
        "deals": match.deal_number, "dry": match.dry}
    if not left:
        del result["left"]  # absent, not empty, as in the games kept before leavers counted
    return result


def finished(room: Room, now: float) -> FinishedGame | None:
    """The history row of the room's current game if it is over, else None."""
    result = _result(room)
    if result is None:
        return None
    rules = room.rules
    winner = result["winner"]
    seats = [FinishedSeat(
        seat=s.seat, profile_id=ProfileId(s.profile) if s.profile else None,
        name=s.name, computer=s.computer, level=room.row.level if s.computer else None,
        won=None if winner is None else rules.side_of(s.seat) == winner)
        for s in room.row.seats]
    hall = room.row.hall
    return FinishedGame(
        game_key=game_key(room.game_id, room.row.game_no), game_id=room.game_id,
        game_no=room.row.game_no, kind=kind_of(room), preset=rules.preset,
        players=rules.players, public=bool(hall and hall.get("public")), finished_at=now,
        record=room.row.record.copy(), result=result, seats=seats)
