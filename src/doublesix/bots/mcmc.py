"""Worlds drawn by a Markov chain whose stationary law is the inference's posterior.

Importance resampling (:func:`inference.resample` over a pool of independent samples) keeps
only the few candidates that explain the opponent's plays; when the model is sharp, most
of a small pool are poor fits and the worlds searched repeat a handful of hands. A
Metropolis chain instead starts from a good world and moves one tile at a time, so it keeps
finding *other* good worlds cheaply: Rebstock et al. (CoG 2019) note the same weakness of
rejection and importance sampling when the evidence is strong.

The state is an assignment of unseen tiles to the opponent's slots (each slot a dealt tile
or one drawn at a known moment, with the tiles the hard constraints forbid it,
:mod:`doublesix.bots.knowledge`); the rest of the unseen tiles is the boneyard. Two moves,
both symmetric, so a move is accepted with the likelihood ratio (the prior over consistent
assignments is uniform, as the deal was):

* a slot's tile swapped with a boneyard tile the slot allows;
* the tiles of two slots of different origin swapped, when each allows the other's (this
  changes which plays came before which draws, and so the rebuilt past hands).

A proposal that breaks a hard constraint is never made, so every world yielded satisfies
them all. Two players only (with more the state would be several hands; hard then keeps the
importance sampler).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from doublesix.bots.likelihood import Likelihood


class Chain:
    """One chain over the opponent's hidden hand."""

    __slots__ = ("seat", "opp", "mine", "forbid", "when", "tiles", "bone", "hand", "origins",
                 "log", "lik", "temperature", "rng", "moved", "tried")

    def __init__(self, seat: int, mine: int, placed: list[tuple[int, int, int, int]],
                 bone: list[int], lik: Likelihood, temperature: float,
                 rng: random.Random) -> None:
        self.seat = seat
        self.opp = 1 - seat
        self.mine = mine
        self.forbid = [f for s, f, _, _ in placed if s == self.opp]
        self.when = [w for s, _, w, _ in placed if s == self.opp]
        self.tiles = [t for s, _, _, t in placed if s == self.opp]
        self.bone = list(bone)
        self.hand = sum(1 << t for t in self.tiles)
        self.origins = {t: w for t, w in zip(self.tiles, self.when, strict=True)}
        self.lik = lik
        self.temperature = temperature
        self.rng = rng
        self.log = lik.log(self.hands(), self.origins, temperature)
        self.moved = 0
        self.tried = 0

    def hands(self, hand: int | None = None) -> list[int]:
        out = [0, 0]
        out[self.seat] = self.mine
        out[self.opp] = self.hand if hand is None else hand
        return out

    def step(self) -> None:
        """One Metropolis step (a rejected or impossible proposal leaves the state)."""
        rng = self.rng
        n = len(self.tiles)
        if not n:
            return
        self.tried += 1
        if self.bone and (rng.random() < 0.5 or n == 1):
            k = rng.randrange(n)
            j = rng.randrange(len(self.bone))
            new = self.bone[j]
            if self.forbid[k] >> new & 1:
                return
            old = self.tiles[k]
            hand = self.hand & ~(1 << old) | 1 << new
            origins = dict(self.origins)
            del origins[old]
            origins[new] = self.when[k]
            log = self.lik.log(self.hands(hand), origins, self.temperature)
            if log >= self.log or rng.random() < math.exp(log - self.log):
                self.tiles[k] = new
                self.bone[j] = old
                self.hand = hand
                self.origins = origins
                self.log = log
                self.moved += 1
            return
        if n < 2:
            return
        k, m = rng.sample(range(n), 2)
        a, b = self.tiles[k], self.tiles[m]
        if self.when[k] == self.when[m] or self.forbid[k] >> b & 1 or self.forbid[m] >> a & 1:
            return
        origins = dict(self.origins)
        origins[a], origins[b] = self.when[m], self.when[k]
        log = self.lik.log(self.hands(), origins, self.temperature)
        if log >= self.log or rng.random() < math.exp(log - self.log):
            self.tiles[k], self.tiles[m] = b, a
            self.origins = origins
            self.log = log
            self.moved += 1

    def world(self) -> tuple[list[int], list[int]]:
        """The present state as a world: hands, and a fresh boneyard order."""
        bone = list(self.bone)
        self.rng.shuffle(bone)
        return self.hands(), bone


def chain_worlds(chains: list[Chain], burn: int, thin: int) -> Iterator[tuple[list[int],
                                                                           list[int]]]:
    """Worlds from *chains* in turn: each first moves *burn* steps, then *thin* steps
    before every world it gives."""
    for chain in chains:
        for _ in range(burn):
            chain.step()
    while True:
        for chain in chains:
            for _ in range(thin):
                chain.step()
            yield chain.world()


__all__ = ["Chain", "chain_worlds"]
