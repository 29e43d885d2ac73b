"""A bot sees a PlayerView only: structurally, and by its decisions (issue: no peeking)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doublesix.bots import Bot, make_bot
from doublesix.bots.hard import HardBot
from doublesix.core.match import Match
from doublesix.core.rules import find_preset
from doublesix.core.state import DealState
from doublesix.core.view import PlayerView
from tests.support.examples import examples

BOTS = Path(__file__).resolve().parents[2] / "src" / "doublesix" / "bots"
#: the modules a level is made of; only the arena and the omniscient solver see a game
LEVEL_MODULES = ["base", "easy", "medium", "hard", "heuristics", "knowledge", "sampling",
                 "search", "seeding", "levels", "inference", "ismcts", "matchvalue",
                 "evaluation", "pairs"]
FORBIDDEN = {"doublesix.core.state", "doublesix.core.match", "doublesix.core.dealing",
             "doublesix.core.notation", "doublesix.core.positions"}


def test_level_modules_cannot_import_the_state() -> None:
    for name in LEVEL_MODULES:
        tree = ast.parse((BOTS / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module not in FORBIDDEN, f"{name}.py imports {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name not in FORBIDDEN, f"{name}.py imports {alias.name}"


def _reachable(value: object, seen: set[int]) -> list[object]:
    """Every object reachable from a view through its fields and containers."""
    if id(value) in seen:
        return []
    seen.add(id(value))
    found = [value]
    children: list[object] = []
    if isinstance(value, (tuple, list, set, frozenset)):
        children = list(value)
    elif isinstance(value, dict):
        children = [*value.keys(), *value.values()]
    elif hasattr(value, "__slots__") or hasattr(value, "__dict__"):
        slots = getattr(type(value), "__slots__", ())
        names = list(slots) + list(getattr(value, "__dict__", {}))
        children = [getattr(value, n) for n in names if hasattr(value, n)]
    for child in children:
        found += _reachable(child, seen)
    return found


@pytest.mark.parametrize("preset", ["draw", "kozel"])
def test_a_view_reaches_no_state_and_no_hidden_tile(preset: str) -> None:
    game = Match(find_preset(preset), seed=3)
    players = game.rules.players
    bots = [make_bot("random", s + 1) for s in range(players)]
    for _ in range(6):
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(PlayerView.of(game, seat)), seat)
    seat = game.to_move
    assert seat is not None
    view = PlayerView.of(game, seat)
    objects = _reachable(view, set())
    assert not any(isinstance(o, (Match, DealState)) for o in objects)
    # in kozel the partner is one of the "others": its tiles are as unreachable
    hidden = {t for s in range(players) if s != seat for t in game.deal.hand(s)}
    hidden |= set(game.deal.boneyard())
    assert not hidden & {o for o in objects if type(o).__name__ == "Tile"} - {
        t for t in game.deal.hand(seat)
    } - {t for e in view.history if (t := e.action.tile) is not None}


def _twin(game: Match, seat: int, rng: random.Random,
          among: set[int] | None = None) -> Match:
    """The same game from *seat*'s chair, with the hidden tiles dealt anew among the
    other hands and the boneyard (same sizes, same public history); *among* limits the
    re-deal to those seats (and then leaves the boneyard alone)."""
    deal = game.deal
    others = among if among is not None else set(range(deal.players)) - {seat}
    bone = [t.index for t in deal.boneyard()]
    hidden = [t for s in sorted(others) for t in range(28) if deal.hands[s] >> t & 1]
    if among is None:
        hidden += bone
    rng.shuffle(hidden)
    hands = list(deal.hands)
    for s in range(deal.players):
        if s in others:
            size = deal.hands[s].bit_count()
            hands[s] = sum(1 << t for t in hidden[:size])
            hidden = hidden[size:]
    twin = DealState(deal.rules, hands, hidden if among is None else bone,
                     line=deal.line.copy(), to_move=deal.to_move, passes=deal.passes,
                     led_with=deal.led_with, hanging_in=deal.hanging_in)
    twin.history = list(deal.history)
    return Match(game.rules, deal=twin, scores=list(game.scores), hanging=game.hanging,
                 deal_number=game.deal_number, leader=game.leader)


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(2, 14),
       preset=st.sampled_from(["draw", "block", "101", "kozel"]))
def test_hidden_tiles_do_not_change_a_decision(seed: int, plies: int, preset: str) -> None:
    game = Match(find_preset(preset), seed=seed)
    walker = make_bot("random", seed)
    game = _walk(game, walker, plies)
    if game.deal_over:
        return
    seat = game.to_move
    assert seat is not None
    twin = _twin(game, seat, random.Random(seed))
    _same_decisions(PlayerView.of(game, seat), PlayerView.of(twin, seat))


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(1, 20))
def test_a_partners_hand_does_not_change_a_decision(seed: int, plies: int) -> None:
    """Kozel: the partner's tiles swapped with an opponent's change no level's choice."""
    game = _walk(Match(find_preset("kozel"), seed=seed), make_bot("random", seed), plies)
    if game.deal_over:
        return
    seat = game.to_move
    assert seat is not None
    partner, opponent = (seat + 2) % 4, (seat + 1 + seed % 2 * 2) % 4
    twin = _twin(game, seat, random.Random(seed), among={partner, opponent})
    if twin.deal.hands[partner] == game.deal.hands[partner]:
        return  # the shuffle happened to give the partner the same tiles
    _same_decisions(PlayerView.of(game, seat), PlayerView.of(twin, seat))


def _walk(game: Match, walker: Bot, plies: int) -> Match:
    for _ in range(plies):
        if game.deal_over:
            break
        seat = game.to_move
        assert seat is not None
        game.apply(walker.choose(PlayerView.of(game, seat)), seat)
    return game


def _same_decisions(view: PlayerView, twin_view: PlayerView) -> None:
    assert view.legal == twin_view.legal and view.hand == twin_view.hand
    for bot in (make_bot("easy", 5), make_bot("medium", 5), HardBot(5, samples=4),
                HardBot(5, samples=4, infer=0), HardBot(5, iters=60)):
        assert bot.choose(view) == bot.choose(twin_view), bot.name

