"""Random-playout speed, in one run: our engine beside the PyPI ``dominoes`` package and
OpenSpiel's ``python_block_dominoes``. Plies are actions by players (deals and chance events
excluded); each engine plays its own rules, named in the output.

    python -m bench.peers.speed --seconds 5
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from doublesix.core.match import Match
from doublesix.core.rules import find_preset
from doublesix.core.tiles import HIGH, LOW, VALUE_MASK


def ours_api(rng: random.Random) -> int:
    """The rules core as everyone drives it: Match.legal_actions() and Match.apply()."""
    game = Match(find_preset("draw"), seed=rng.randrange(2**31))
    plies = 0
    while not game.deal_over:
        game.apply(rng.choice(game.legal_actions()))
        plies += 1
    return plies


def ours_masks(rng: random.Random) -> int:
    """The same draw game on bare bit masks, as the bots' search runs it."""
    tiles = list(range(28))
    rng.shuffle(tiles)
    hands = [sum(1 << t for t in tiles[:7]), sum(1 << t for t in tiles[7:14])]
    bone = tiles[14:]
    # the highest double leads, else the heaviest tile (RULES.md §4)
    lead = max(range(28), key=lambda t: (
        (100 + LOW[t] if LOW[t] == HIGH[t] else (LOW[t] + HIGH[t]) * 8 + HIGH[t])
        if (hands[0] | hands[1]) >> t & 1 else -1))
    mover = 0 if hands[0] >> lead & 1 else 1
    hands[mover] &= ~(1 << lead)
    left, right, mover, passes, plies = LOW[lead], HIGH[lead], 1 - mover, 0, 1
    while True:
        hand = hands[mover]
        fit = hand & (VALUE_MASK[left] | VALUE_MASK[right])
        while not fit and bone:
            t = bone.pop()
            hand |= 1 << t
            plies += 1
            fit = hand & (VALUE_MASK[left] | VALUE_MASK[right])
        if not fit:
            passes += 1
            plies += 1
            hands[mover] = hand
            if passes >= 2:
                return plies
            mover = 1 - mover
            continue
        choices = [t for t in range(28) if fit >> t & 1]
        t = choices[rng.randrange(len(choices))]
        hand &= ~(1 << t)
        if VALUE_MASK[left] >> t & 1 and (not VALUE_MASK[right] >> t & 1 or rng.random() < .5):
            left = HIGH[t] if LOW[t] == left else LOW[t]
        else:
            right = HIGH[t] if LOW[t] == right else LOW[t]
        hands[mover] = hand
        passes = 0
        plies += 1
        if not hand:
            return plies
        mover = 1 - mover


def dominoes_pypi(rng: random.Random) -> int:
    """PyPI ``dominoes`` 6.x: its own 4-player, no-drawing game."""
    import dominoes

    game = dominoes.Game.new()
    plies = 0
    while game.result is None:
        moves = game.valid_moves
        game.make_move(*moves[rng.randrange(len(moves))])
        plies += 1
    return plies


def openspiel_block(rng: random.Random) -> int:
    """OpenSpiel's ``python_block_dominoes`` (2 players, no drawing; passes implicit)."""
    state = _openspiel_game().new_initial_state()
    plies = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        plies += 1
    return plies


_GAMES: dict[str, object] = {}


def _openspiel_game() -> Any:
    if "openspiel" not in _GAMES:
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401

        _GAMES["openspiel"] = pyspiel.load_game("python_block_dominoes")
    return _GAMES["openspiel"]


def _core_kernel(preset: str) -> Callable[[random.Random], int]:
    """The core's playout kernel (`doublesix bench`'s engine): one whole deal per call."""
    from doublesix.cli.speed import kernel_games

    play = kernel_games(find_preset(preset), seed=1)

    def kernel(rng: random.Random) -> int:
        return play(1)

    return kernel


def measure(fn: Callable[[random.Random], int], seconds: float) -> dict[str, float]:
    rng = random.Random(1)
    fn(rng)  # warm up: imports and first loads are not playouts
    plies = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        plies += fn(rng)
        games += 1
    elapsed = time.perf_counter() - start
    return {"plies_per_s": round(plies / elapsed), "games_per_s": round(games / elapsed, 1),
            "games": games}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    engines: dict[str, Callable[[random.Random], int] | None] = {
        "doublesix api (draw, 2p)": ours_api,
        "doublesix bit masks (draw, 2p)": ours_masks,
        "doublesix core kernel (draw, 2p)": _core_kernel("draw"),
        "doublesix core kernel (block, 2p)": _core_kernel("block"),
        "dominoes 6.x (pypi, 4p block)": dominoes_pypi,
        "open_spiel python_block_dominoes (2p block)": openspiel_block,
    }
    report: dict[str, object] = {}
    for name, fn in engines.items():
        if fn is None:
            report[name] = "not available"
            continue
        try:
            report[name] = measure(fn, args.seconds)
        except ImportError as exc:
            report[name] = f"not installed: {exc.name}"
        sys.stderr.write(f"{name}: {report[name]}\n")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
