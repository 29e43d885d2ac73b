"""The one place where the review and the hints call the hard engine's search.

Everything engine-specific (sampling worlds from a seat's knowledge, the alpha-beta searcher,
its depth policy, its units) stays behind :func:`search_values`, so a better engine drops in
by changing this module alone.

Values are in the engine's units: the points a deal is worth to the seat, plus 50 for winning
it (``search.WIN``); a depth-limited leaf is a static guess on roughly the same scale.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from doublesix.bots.knowledge import infer
from doublesix.bots.sampling import sample_world
from doublesix.bots.search import EXACT, MATCH, WIN, MatchContext, Searcher
from doublesix.core.actions import Action, ActionKind, End
from doublesix.core.outcome import Outcome
from doublesix.core.view import PlayerView

#: plies searched before the static guess, and tiles in play below which the search is exact
DEPTH = 8
EXACT_TILES = 14
#: the sampling weight of a tile the opponent would probably have played already
SOFT = 0.5


@dataclass(frozen=True, slots=True)
class Values:
    """Mean searched values over ``worlds`` sampled worlds.

    ``options`` holds one value per given action (the same worlds for every option, so their
    differences carry little sampling noise); ``position`` is the value of the position as it
    stands (the player to move choosing by the same search), or None when nothing was asked.
    """

    options: dict[Action, float]
    position: float | None
    worlds: int
    seconds: float


def search_values(view: PlayerView, actions: list[Action], worlds: int, rng: random.Random,
                  deadline: float | None = None) -> Values:
    """The values of *actions* (plays of ``view.seat``) and, when *actions* is empty, of the
    position, from what ``view.seat`` knows. At least one world is searched; more only while
    *deadline* (a ``time.perf_counter()`` instant) has not passed."""
    start = time.perf_counter()
    know = infer(view)
    searcher = Searcher(view.rules, view.seat, _match_context(view))
    left, right = view.ends if view.ends is not None else (-1, -1)
    in_play = sum(view.hand_sizes) + (view.boneyard_size if view.rules.draw_rule != "none"
                                      else 0)
    depth = EXACT if in_play <= EXACT_TILES else DEPTH
    passes = _passes(view)
    totals = dict.fromkeys(actions, 0.0)
    position = 0.0
    done = 0
    keep = view.rules.draw_rule == "none"
    while done < worlds:
        hands, bone = sample_world(know, rng, SOFT)
        searcher.set_world(bone, keep_table=keep or not bone)
        if actions:
            for action in actions:
                assert action.tile is not None
                side = -1 if action.end is None else (0 if action.end is End.LEFT else 1)
                totals[action] += searcher.value_after_play(
                    hands, 0, left, right, view.seat, action.tile.index, side, know.line, depth)
        else:
            assert view.to_move is not None and view.ends is not None
            position += searcher.value(hands, 0, left, right, view.to_move, passes, know.line,
                                       depth)
        done += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    return Values(
        options={a: v / done for a, v in totals.items()},
        position=None if actions else position / done,
        worlds=done,
        seconds=time.perf_counter() - start,
    )


def _passes(view: PlayerView) -> int:
    """Passes since the last play: the state counts them the same way."""
    count = 0
    for event in reversed(view.history):
        if event.action.kind is ActionKind.PLAY:
            break
        if event.action.kind is ActionKind.PASS:
            count += 1
    return count


def _match_context(view: PlayerView) -> MatchContext | None:
    status = view.match
    if status is None:
        return None
    led = view.history[0].action.tile if view.history else None
    return MatchContext(scores=status.scores, target=status.target,
                        led_with=led.index if led is not None else -1,
                        hanging_in=status.hanging)


def final_value(outcome: Outcome, seat: int, match_over: bool) -> float:
    """What an ended deal is worth to *seat*, on the scale of the searched values."""
    if outcome.loser is not None:  # a 101 deal: the loser takes the points
        value = WIN + outcome.points + (MATCH if match_over else 0.0)
        return -value if outcome.loser == seat else value
    if outcome.winner is None:
        return 0.0
    value = WIN + outcome.points
    return value if outcome.winner == seat else -value
