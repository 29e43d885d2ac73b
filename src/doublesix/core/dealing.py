"""Where deals come from: a seeded shuffle, or a fixed list (scenarios, tests)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from doublesix.core.errors import InvalidSetup
from doublesix.core.rules import Ruleset
from doublesix.core.tiles import TILE_COUNT, mask_of

Deal = tuple[list[int], list[int]]  # hands as tile masks, boneyard as indices in draw order


class Dealer(Protocol):
    def next_deal(self, rules: Ruleset) -> Deal: ...


def shuffle_deal(rules: Ruleset, rng: random.Random) -> Deal:
    tiles = list(range(TILE_COUNT))
    rng.shuffle(tiles)
    size = rules.hand_size
    hands = [mask_of(tiles[s * size:(s + 1) * size]) for s in range(rules.players)]
    return hands, tiles[rules.players * size:]


class SeededDealer:
    """Deals shuffled by one seeded RNG, so a match replays exactly from its seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def next_deal(self, rules: Ruleset) -> Deal:
        return shuffle_deal(rules, self._rng)


class ListDealer:
    """Deals given in advance, in order (a scenario's ``deals``)."""

    def __init__(self, deals: Sequence[Deal]) -> None:
        self._deals = list(deals)
        self._next = 0

    def next_deal(self, rules: Ruleset) -> Deal:
        if self._next >= len(self._deals):
            raise InvalidSetup("no further deal is given")
        hands, boneyard = self._deals[self._next]
        self._next += 1
        if len(hands) != rules.players or any(h.bit_count() != rules.hand_size for h in hands):
            raise InvalidSetup(
                f"each of the {rules.players} hands must hold {rules.hand_size} tiles"
            )
        if len(boneyard) != TILE_COUNT - rules.players * rules.hand_size:
            raise InvalidSetup(
                f"the boneyard must hold {TILE_COUNT - rules.players * rules.hand_size} tiles"
            )
        return list(hands), list(boneyard)
