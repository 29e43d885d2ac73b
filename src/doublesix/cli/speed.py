"""`doublesix bench`: how fast random games run, as one JSON object.

``--engine kernel`` plays whole deals with :func:`doublesix.core.playout.playout` (a fresh
shuffle and lead each time, as the bots' simulations would); ``--engine api`` plays them
through :class:`~doublesix.core.match.Match`, choosing uniformly among ``legal_actions()``.
A ply is one applied action: a play, a draw or a pass. In ``101`` a game here is one deal
(the first deal of a match), so both engines measure the same unit. ``kernel-position``
(bench/engine.py only) runs kernel playouts from mid-deal positions, the bots' use: there a
"game" is one playout, without a shuffle or a lead.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from itertools import repeat, starmap
from typing import TextIO, TypedDict

from doublesix.core.dealing import SeededDealer
from doublesix.core.match import Match
from doublesix.core.opening import first_deal_opening
from doublesix.core.playout import playout
from doublesix.core.rules import Ruleset, find_preset
from doublesix.core.state import DealState
from doublesix.core.tiles import TILE_COUNT

#: games between two looks at the clock
_BATCH = 50
_BIT = tuple(1 << i for i in range(TILE_COUNT))


def kernel_games(rules: Ruleset, seed: int) -> Callable[[int], int]:
    """A function that plays *n* random deals with the kernel and returns their plies."""
    rng = random.Random(seed)
    rand = rng.random
    order = list(range(TILE_COUNT))
    players, size = rules.players, rules.hand_size
    dealt = players * size
    bit = _BIT.__getitem__

    def play(n: int) -> int:
        plies = 0
        for _ in range(n):
            while True:
                # sorting by fresh random keys is a uniform shuffle, and (drawing the keys
                # without a Python-level loop) three times faster than rng.shuffle()
                keys = list(starmap(rand, repeat((), TILE_COUNT)))
                order.sort(key=keys.__getitem__)
                hands = [sum(map(bit, order[s:s + size])) for s in range(0, dealt, size)]
                opening = first_deal_opening(rules, hands)
                if opening is not None:  # 101: nobody holds a double, deal again
                    break
            result = playout(rules, hands, order[dealt:], None, opening.leader, rand,
                             lead_mask=opening.lead_mask)
            plies += result.plies
        return plies

    return play


def position_playouts(rules: Ruleset, seed: int) -> Callable[[int], int]:
    """A function that runs *n* kernel playouts from mid-deal positions, as a bot does when it
    tries its moves in sampled worlds: one position (a random deal after a few random plies)
    serves 50 playouts, each with its own random choices."""
    rng = random.Random(seed)
    rand = rng.random
    dealer = SeededDealer(seed)

    def position() -> DealState:
        while True:
            deal = Match(rules, dealer).deal
            for _ in range(6):
                deal.apply(rng.choice(deal.legal_actions()))
                if deal.is_over:
                    break
            else:
                return deal

    def play(n: int) -> int:
        plies = 0
        deal = position()
        hands, ends, seat = deal.hands, deal.ends, deal.to_move
        boneyard = [t.index for t in deal.boneyard()]
        assert seat is not None
        for _ in range(n):
            result = playout(rules, hands, boneyard, ends, seat, rand, passes=deal.passes,
                             last_placer=deal.last_placer, led_with=deal.led_with)
            plies += result.plies
        return plies

    return play


def api_games(rules: Ruleset, seed: int) -> Callable[[int], int]:
    """A function that plays *n* random deals through Match/DealState and returns their plies."""
    rng = random.Random(seed)
    rand = rng.random
    dealer = SeededDealer(seed)

    def play(n: int) -> int:
        plies = 0
        for _ in range(n):
            game = Match(rules, dealer)
            deal = game.deal
            while not deal.is_over:
                actions = game.legal_actions()
                game.apply(actions[int(rand() * len(actions))])
                plies += 1
        return plies

    return play


class Rates(TypedDict):
    """One line of ``doublesix bench --json``."""

    preset: str
    players: int
    engine: str
    games: int
    plies: int
    seconds: float
    games_per_s: float
    plies_per_s: float
    plies_per_game: float
    cpu_seconds: float
    plies_per_cpu_s: float | None


def measure(
    preset: str, players: int | None, seconds: float, seed: int, engine: str
) -> Rates:
    """Play random deals for about *seconds* and report the rates."""
    rules = find_preset(preset, players=players)
    players = rules.players
    engines = {"kernel": kernel_games, "api": api_games, "kernel-position": position_playouts}
    play = engines[engine](rules, seed)
    games = plies = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        plies += play(_BATCH)
        games += _BATCH
        elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "preset": preset,
        "players": players,
        "engine": engine,
        "games": games,
        "plies": plies,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
        "plies_per_s": round(plies / elapsed, 1),
        "plies_per_game": round(plies / games, 2),
        # on a shared machine the process's own CPU time is the fairer one-core figure
        "cpu_seconds": round(cpu, 3),
        "plies_per_cpu_s": round(plies / cpu, 1) if cpu > 0 else None,
    }


def main(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    try:
        figures = measure(args.preset, args.players, args.seconds, args.seed, args.engine)
    except ValueError as exc:  # an impossible ruleset, e.g. 101 for 3 players
        print(f"doublesix bench: {exc}", file=sys.stderr)
        return 2
    if not args.json:
        # a summary for people on stderr, so stdout is always exactly one JSON object
        print(
            f"{figures['engine']}: {figures['preset']}, {figures['players']} players: "
            f"{figures['plies_per_s']:,.0f} plies/s, {figures['games_per_s']:,.0f} games/s",
            file=sys.stderr,
        )
    out.write(json.dumps(figures) + "\n")
    return 0
