"""`doublesix bench`: one JSON object with the figures, for either engine."""

from __future__ import annotations

import io
import json

import pytest

from doublesix.cli.main import build_parser
from doublesix.cli.speed import api_games, kernel_games, main
from doublesix.core.rules import find_preset


@pytest.mark.parametrize("engine", ["kernel", "api"])
@pytest.mark.parametrize(("preset", "players"), [("draw", 2), ("block", 4), ("101", 2)])
def test_bench_prints_one_json_object(engine: str, preset: str, players: int) -> None:
    args = build_parser().parse_args(["bench", "--preset", preset, "--players", str(players),
                                      "--seconds", "0.05", "--engine", engine, "--json"])
    out = io.StringIO()
    assert main(args, out) == 0
    (line,) = out.getvalue().splitlines()
    figures = json.loads(line)
    for key in ("games", "plies", "seconds", "games_per_s", "plies_per_s", "preset", "players",
                "engine"):
        assert key in figures
    assert figures["games"] > 0 and figures["plies"] >= figures["games"]
    assert (figures["preset"], figures["players"], figures["engine"]) == (preset, players, engine)


def test_both_engines_play_the_same_kind_of_game() -> None:
    """Same rules, so the same mean length, within the noise of 400 random deals."""
    rules = find_preset("draw")
    kernel = kernel_games(rules, 1)(400) / 400
    api = api_games(rules, 1)(400) / 400
    assert abs(kernel - api) < 2.0


def test_impossible_setup_is_an_error() -> None:
    args = build_parser().parse_args(["bench", "--preset", "101", "--players", "3",
                                      "--seconds", "0.01", "--json"])
    assert main(args, io.StringIO()) == 2


def test_playouts_from_positions_are_measured_too() -> None:
    from doublesix.cli.speed import measure

    figures = measure("draw", 2, 0.05, 3, "kernel-position")
    assert figures["engine"] == "kernel-position" and figures["plies"] > 0
