"""Seed 001's advice as a scoring of plays: shed heavy tiles and doubles, keep variety of
values, and lay ends that the next player is known (or counted) to be out of."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from doublesix.bots.knowledge import Knowledge
from doublesix.core.actions import Action, ActionKind, End
from doublesix.core.tiles import HIGH, LOW, PIPS, VALUE_MASK

#: weights, in pips: the scale on which heavy tiles are shed
W_DOUBLE = 5.0
W_VARIETY = 2.0
W_FOLLOW = 3.0
W_FOLLOW_EACH = 1.0
W_STARVE = 50.0
W_GONE = 1000.0


@dataclass(frozen=True, slots=True)
class Weights:
    double: float = W_DOUBLE
    variety: float = W_VARIETY
    follow: float = W_FOLLOW
    follow_each: float = W_FOLLOW_EACH
    starve: float = W_STARVE


DEFAULT = Weights()


def ends_after(ends: tuple[int, int] | None, index: int, end: End | None) -> tuple[int, int]:
    """The open ends once tile *index* is laid at *end*."""
    low, high = LOW[index], HIGH[index]
    if ends is None:
        return low, high
    left, right = ends
    if end is End.LEFT:
        return (high if low == left else low), right
    return left, (high if low == right else low)


def values_in(mask: int) -> int:
    """How many distinct values the tiles of *mask* show."""
    return sum(1 for v in range(7) if mask & VALUE_MASK[v])


def score_play(
    action: Action,
    ends: tuple[int, int] | None,
    know: Knowledge,
    weights: Weights = DEFAULT,
) -> float:
    """How much the medium player likes *action* (a play); higher is better."""
    assert action.kind is ActionKind.PLAY and action.tile is not None
    index = action.tile.index
    rest = know.mine & ~(1 << index)
    if not rest:
        return W_GONE
    score = float(PIPS[index])
    if LOW[index] == HIGH[index]:
        score += weights.double
    score += weights.variety * values_in(rest)
    new = ends_after(ends, index, action.end)
    follow = rest & (VALUE_MASK[new[0]] | VALUE_MASK[new[1]])
    if follow:
        score += weights.follow + weights.follow_each * min(3, follow.bit_count())
    nxt = (know.seat + 1) % know.players
    score += weights.starve * p_stuck(know, nxt, new)
    return score


def p_stuck(know: Knowledge, seat: int, ends: tuple[int, int]) -> float:
    """The chance that *seat* holds nothing for *ends*, its hand taken as a random draw of
    the tiles it could hold (those it is not known to lack: seed 001's memory of voids)."""
    could = know.unknown & ~know.lacks(seat)
    fitting = (could & (VALUE_MASK[ends[0]] | VALUE_MASK[ends[1]])).bit_count()
    return miss_chance(could.bit_count(), fitting, know.hand_sizes[seat])


@lru_cache(maxsize=4096)
def miss_chance(pool: int, fitting: int, size: int) -> float:
    """The chance that *size* tiles drawn from *pool* unseen ones miss all *fitting* ones."""
    p = 1.0
    for i in range(min(size, pool)):
        p *= max(0, pool - fitting - i) / (pool - i)
        if p == 0.0:
            break
    return p
