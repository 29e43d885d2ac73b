"""The arena: duplicate pairs, its figures, and the `doublesix arena` command."""

from __future__ import annotations

import json

import pytest

from doublesix.bots.arena import make_any, run_arena
from doublesix.cli.main import main
from doublesix.core.rules import find_preset


def test_arena_json_has_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "medium", "easy", "--preset", "draw", "--games", "5", "--seed",
                 "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("win_rate", "ci95", "points_per_deal", "ms_p50", "ms_p95", "wins", "draws",
                "losses"):
        assert key in data
    assert data["games"] == 10 and data["wins"] + data["draws"] + data["losses"] == 10
    assert 0.0 <= data["ci95"][0] <= data["win_rate"] <= data["ci95"][1] <= 1.0


def test_arena_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "random", "easy", "--preset", "block", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "p95" in out


def test_a_bot_against_itself_scores_one_half_per_pair() -> None:
    # duplicate deals between equals: close to one half
    report = run_arena(find_preset("block"), "medium", "medium", 20, seed=5)
    assert 0.4 <= report.win_rate <= 0.6


def test_matches_and_search_bots_in_the_arena() -> None:
    report = run_arena(find_preset("101"), "hard:samples=1,depth=2", "omniscient:depth=3", 1,
                       seed=2)
    assert report.games == 2 and report.deals >= 2


def test_bot_specs() -> None:
    assert make_any("hard:ms=50", 1).name == "hard"
    assert make_any("omniscient", 1).name == "omniscient"
    with pytest.raises(ValueError):
        make_any("medium:ms=5", 1)
    with pytest.raises(ValueError):
        make_any("grandmaster", 1)


def test_arena_runs_kozel_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "medium", "easy", "--preset", "kozel", "--games", "2", "--seed",
                 "3"]) == 0
    out = capsys.readouterr().out
    assert "4 players" in out and "medium+medium against easy+easy" in out
    assert main(["arena", "medium", "easy", "--preset", "kozel", "--games", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 4 and data["games"] == 4 and data["deals"] >= 4


#: every hard variant compared in bench/arena-figures.md (issue 15), by its arena name
VARIANTS = ["hard:samples=2,infer=0", "hard:samples=2,origins=0", "hard:samples=2,soft=0.5",
            "hard:samples=2,pool=16", "hard:samples=2,learned=1", "hard:samples=2,equity=0",
            "hard:samples=2,exploit=1.5", "hard:samples=2,loose=1", "hard:iters=20",
            "hard:iters=20,model=1", "hard:ismcts=1,ms=20"]


@pytest.mark.parametrize("spec", VARIANTS)
def test_every_compared_variant_runs_by_name(spec: str) -> None:
    report = run_arena(find_preset("draw"), spec, "medium", 1, seed=4)
    assert report.games == 2


def test_variant_options_reach_the_bot() -> None:
    bot = make_any("hard:samples=3,infer=0,learned=0,equity=0,exploit=1.5", 1)
    assert (bot.samples, bot.infer, bot.learned, bot.equity, bot.exploit) == (  # type: ignore[union-attr]
        3, False, False, False, 1.5)
    assert make_any("hard:iters=40,model=1", 1).iters == 40  # type: ignore[union-attr]
