"""Dealing the unseen tiles into hands consistent with what a seat has inferred."""

from __future__ import annotations

import random

from doublesix.bots.knowledge import Knowledge
from doublesix.core.tiles import indices_of

_TRIES = 20


def sample_world(
    know: Knowledge, rng: random.Random, soft: float = 0.0,
    origins: dict[int, int] | None = None,
    placed: list[tuple[int, int, int, int]] | None = None,
) -> tuple[list[int], list[int]]:
    """Hidden hands (masks, the seat's own included) and a boneyard order, drawn at random.

    Slots are filled most constrained first, each with a random unseen tile it allows. With
    one opponent the constraints are nested, so this never dead-ends; with several opponents
    it may, and after a few tries the last constraints are dropped rather than fail.

    With *soft* > 0 a tile is chosen for a slot with weight ``soft ** n``, n being how many of
    the slot's soft-evidence masks hold it (0 means: ignore soft evidence). *origins*, when
    given, is filled with every hidden tile's slot origin (``Knowledge.acquired``); *placed*,
    when given, with every filled slot as (seat, forbidden mask, origin, tile), so that a
    Markov chain (:mod:`doublesix.bots.mcmc`) can move tiles between slots it allows.
    """
    pool_all = indices_of(know.unknown)
    got = know.acquired
    jobs = [(forbidden, seat, know.soft[seat][k] if soft > 0 else (),
             got[seat][k] if got else -1)
            for seat, slots in enumerate(know.slots) for k, forbidden in enumerate(slots)]
    for attempt in range(_TRIES):
        relax = attempt == _TRIES - 1
        rng.shuffle(jobs)  # random order among equally constrained slots of different seats
        jobs.sort(key=lambda job: -job[0].bit_count())
        pool = list(pool_all)
        hands = [0] * know.players
        hands[know.seat] = know.mine
        ok = True
        if origins is not None:
            origins.clear()
        if placed is not None:
            placed.clear()
        for forbidden, seat, marks, when in jobs:
            allowed = [k for k, t in enumerate(pool) if not forbidden >> t & 1]
            if not allowed:
                if not relax:
                    ok = False
                    break
                allowed = list(range(len(pool)))
            if marks:
                weights = [soft ** sum(m >> pool[k] & 1 for m in marks) for k in allowed]
                k = rng.choices(allowed, weights)[0]
            else:
                k = allowed[rng.randrange(len(allowed))]
            hands[seat] |= 1 << pool[k]
            if origins is not None:
                origins[pool[k]] = when
            if placed is not None:
                placed.append((seat, forbidden, when, pool[k]))
            pool[k] = pool[-1]
            pool.pop()
        if ok:
            rng.shuffle(pool)
            return hands, pool
    raise AssertionError("unreachable: the last try relaxes every constraint")
