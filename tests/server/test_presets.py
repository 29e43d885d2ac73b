"""GET /api/presets: the core's preset registry and the computer's levels, as every client reads
them; a new game type is one registry entry."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from doublesix.bots import DEFAULT_LEVEL, LEVELS
from doublesix.cli.main import parse
from doublesix.core.presets import PRESETS, Preset, register, unregister
from doublesix.core.rules import find_preset
from doublesix.server.config import Settings
from doublesix.server.ratings.model import RATED_PRESETS
from tests.server.harness import ServerThread, create


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    s = ServerThread(Settings(db_url="memory://")).start()
    yield s
    s.stop()


@pytest.fixture
def quick() -> Iterator[Preset]:
    """A throwaway game type: draw with five tiles each, for two or three players."""
    preset = register(Preset("quick", {"draw_rule": "until_playable", "hand_size": 5},
                             players=(2, 3)))
    yield preset
    unregister("quick")


def presets_of(server: ServerThread) -> dict[str, object]:
    answer = httpx.get(f"{server.http}/api/presets")
    assert answer.status_code == 200
    assert "max-age" in answer.headers["cache-control"]
    data: dict[str, object] = answer.json()
    return data


def test_presets_and_levels_are_served(server: ServerThread) -> None:
    data = presets_of(server)
    assert data["levels"] == ["easy", "medium", "hard"] == list(LEVELS)
    assert data["default_level"] == DEFAULT_LEVEL == "medium"
    presets = {p["key"]: p for p in data["presets"]}  # type: ignore[attr-defined]
    assert list(presets) == ["draw", "block", "101", "kozel"]
    assert presets["draw"] == {"key": "draw", "players": [2, 3, 4], "default_players": 2,
                               "targets": [], "only_targets": False, "teams": False}
    assert presets["101"]["players"] == [2] and presets["101"]["targets"] == [101, 301, 501]
    assert presets["kozel"] == {"key": "kozel", "players": [4], "default_players": 4,
                                "targets": [101, 201, 301], "only_targets": True,
                                "teams": True}


def test_the_rated_game_types_are_served_for_the_leaderboards(server: ServerThread) -> None:
    data = presets_of(server)
    keys = [p["key"] for p in data["presets"]]  # type: ignore[attr-defined]
    assert data["rated"] == list(RATED_PRESETS) == ["draw", "block", "101", "kozel"]
    assert set(RATED_PRESETS) <= set(keys)  # a board of a game type nobody can play: never


def test_every_preset_builds_with_each_count_and_target_it_offers() -> None:
    for preset in PRESETS.values():
        for players in preset.players:
            for target in preset.targets or (None,):
                options = {"players": players} | ({"target": target} if target else {})
                rules = find_preset(preset.key, **options)
                assert rules.players == players and rules.target == target
                assert rules.teams == preset.teams


def test_the_openapi_document_describes_it(server: ServerThread) -> None:
    spec = httpx.get(f"{server.http}/api/openapi.json").json()
    assert spec["paths"]["/api/presets"]["get"]["operationId"] == "presets"
    assert "Presets" in spec["components"]["schemas"]
    create_rules = spec["components"]["schemas"]["CreateGame"]["properties"]["rules"]
    assert create_rules["properties"]["preset"]["enum"] == ["draw", "block", "101", "kozel"]


async def test_a_new_preset_is_one_registry_entry(server: ServerThread, quick: Preset) -> None:
    listed = {p["key"]: p for p in presets_of(server)["presets"]}  # type: ignore[attr-defined]
    assert listed["quick"]["players"] == [2, 3]
    game = await create(server, "computer", "quick")
    assert game["seats"] == [0]
    # the command line offers it too, with no list to edit
    assert parse(["play", "--preset", "quick"]).preset == "quick"
    assert parse(["arena", "easy", "medium", "--preset", "quick"]).preset == "quick"


def test_an_unknown_preset_names_the_registered_ones() -> None:
    with pytest.raises(ValueError, match="choose one of draw, block, 101, kozel"):
        find_preset("chess")
