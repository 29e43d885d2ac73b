"""«Подсказка»: the move the engine prefers for a seat, with one short reason from a fixed set.

The move comes from the same search as the review (:mod:`doublesix.bots.evaluate`), over
worlds consistent with the seat's view, so a hint knows nothing the player could not. The
reason is the first of these that tells the chosen move apart from the others:

``only``     the only legal move
``domino``   the last tile: the deal is won
``block``    the next player drew or passed on {value}, and the move shows {value}
``double``   it sheds a double, which is hard to place later
``heavy``    it sheds the heaviest tile that could be played
``variety``  it keeps more different values in hand than the other moves
``follow``   it leaves an end the hand can follow
``search``   none of the above: the search found it best over the sampled deals
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TypedDict

from doublesix.bots.evaluate import search_values
from doublesix.bots.heuristics import ends_after, score_play, values_in
from doublesix.bots.knowledge import Knowledge, infer
from doublesix.bots.seeding import decision_rng
from doublesix.core.actions import Action, ActionKind
from doublesix.core.tiles import HIGH, LOW, PIPS, VALUE_MASK
from doublesix.core.view import PlayerView

REASONS = ("only", "domino", "block", "double", "heavy", "variety", "follow", "search")
HINT_WORLDS = 32
HINT_MS = 600.0


class HintJSON(TypedDict):
    """``Hint.to_dict()``: the core of the hint answer (docs/protocol.md)."""

    action: str
    reason: str
    value: int | None


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    reason: str
    #: the value shown in a reason (the blocked value), or None
    value: int | None = None

    def to_dict(self) -> HintJSON:
        return {"action": str(self.action), "reason": self.reason, "value": self.value}


def hint(view: PlayerView, seed: int | None = None, worlds: int = HINT_WORLDS,
         ms: float | None = HINT_MS) -> Hint:
    """The preferred action of ``view.seat``, whose turn it must be."""
    if not view.my_turn or not view.legal:
        raise ValueError("a hint is only for the player to move")
    plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
    if not plays:
        return Hint(view.legal[0], "only")
    know = infer(view)
    if len(plays) == 1:
        return Hint(plays[0], "domino" if _goes_out(plays[0], know) else "only")
    deadline = None if ms is None else time.perf_counter() + ms / 1000.0
    rng: random.Random = decision_rng(seed, view)
    values = search_values(view, plays, worlds, rng, deadline).options
    liking = {a: score_play(a, view.ends, know) for a in plays}
    best = max(plays, key=lambda a: (round(values[a], 6), liking[a]))
    reason, value = _reason(best, plays, view, know)
    return Hint(best, reason, value)


def _goes_out(action: Action, know: Knowledge) -> bool:
    assert action.tile is not None
    return not know.mine & ~(1 << action.tile.index)


def _reason(best: Action, plays: list[Action], view: PlayerView,
            know: Knowledge) -> tuple[str, int | None]:
    assert best.tile is not None
    index = best.tile.index
    if _goes_out(best, know):
        return "domino", None
    others = [a for a in plays if a.tile != best.tile]
    new = ends_after(view.ends, index, best.end)
    nxt = (view.seat + 1) % view.players
    void = know.void_values(nxt)
    shown = [v for v in new if v in void]
    before = set(view.ends or ())
    fresh = [v for v in shown if v not in before] or shown
    if shown and set(new) <= void | {v for v in new if not know.unknown & VALUE_MASK[v]}:
        return "block", fresh[0]
    if not others:
        return "follow", None
    if LOW[index] == HIGH[index] and all(a.tile is not None and
                                         LOW[a.tile.index] != HIGH[a.tile.index] for a in others):
        return "double", None
    if all(a.tile is not None and PIPS[a.tile.index] < PIPS[index] for a in others):
        return "heavy", None
    rest = values_in(know.mine & ~(1 << index))
    if all(a.tile is not None and values_in(know.mine & ~(1 << a.tile.index)) < rest
           for a in others):
        return "variety", None
    hand = know.mine & ~(1 << index)
    if hand & (VALUE_MASK[new[0]] | VALUE_MASK[new[1]]):
        return "follow", None
    return "search", None
