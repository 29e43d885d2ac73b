"""OpenSpiel's ``python_block_dominoes`` as one of our rulesets, and a bridge between the two.

Its rules (open_spiel/python/games/block_dominoes.py): two players, seven tiles each, no
drawing (the other 14 tiles are out of play), player 0 leads with any tile, a player with no
fitting tile is skipped (our explicit pass), two players stuck end the game, and the winner
(a player who went out, or the lower pip count) scores the loser's pips. In our terms: the
``block`` preset with ``first_lead="any"`` and ``blocked_points="others_sum"``.
"""

from __future__ import annotations

from typing import Any

from doublesix.core.actions import Action, ActionKind, End
from doublesix.core.match import Match
from doublesix.core.rules import Ruleset, find_preset
from doublesix.core.tiles import HIGH, LOW, Tile


def openspiel_rules() -> Ruleset:
    return find_preset("block", first_lead="any", blocked_points="others_sum")


def load_game() -> Any:
    import pyspiel
    from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)

    return pyspiel.load_game("python_block_dominoes")


def _os_tile(index: int) -> tuple[float, float]:
    return (float(LOW[index]), float(HIGH[index]))


def mirror(game: Any, match: Match) -> Any:
    """The OpenSpiel state of our deal: the same hands, then the same plays (passes are
    implicit there). Only the bot's resampler decides what the bot may know of it."""
    from open_spiel.python.games import block_dominoes as bd

    state = game.new_initial_state()
    deal = match.deal
    for seat in (0, 1):
        # OpenSpiel deals seat 0's seven tiles first, then seat 1's
        for tile in deal.hand(seat) + tuple(_played_by(match, seat)):
            state.apply_action(bd._DECK.index(_os_tile(tile.index)))
    for event in deal.history:
        if event.action.kind is not ActionKind.PLAY:
            continue
        state.apply_action(to_os_action(event.seat, event.action, event.ends_before))
    return state


def _played_by(match: Match, seat: int) -> list[Tile]:
    return [e.action.tile for e in match.deal.history
            if e.seat == seat and e.action.kind is ActionKind.PLAY and e.action.tile]


def to_os_action(seat: int, action: Action, ends: tuple[int, int] | None) -> int:
    from open_spiel.python.games import block_dominoes as bd

    assert action.tile is not None
    index = action.tile.index
    edge = None
    if ends is not None:
        edge = float(ends[0] if action.end is End.LEFT else ends[1])
    text = str(bd.Action(seat, _os_tile(index), edge))
    return int(bd._ACTIONS_STR.index(text))


def from_os_action(os_action: int, ends: tuple[int, int] | None) -> Action:
    from open_spiel.python.games import block_dominoes as bd

    act = bd._ACTIONS[os_action]
    tile = Tile.of(int(act.tile[0]), int(act.tile[1]))
    if ends is None or act.edge is None:
        return Action.play(tile)
    end = End.LEFT if int(act.edge) == ends[0] else End.RIGHT
    return Action.play(tile, end)
