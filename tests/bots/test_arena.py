"""The arena: duplicate pairs, its figures, and the `doublesix arena` command."""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import pytest

from doublesix.bots import hard, omniscient
from doublesix.bots.arena import make_any, run_arena
from doublesix.bots.hard import HardBot
from doublesix.bots.omniscient import OmniscientBot
from doublesix.cli import main
from doublesix.cli.arena import counted
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


def test_the_text_report_counts_in_good_english(capsys: pytest.CaptureFixture[str]) -> None:
    """«2 wins, 1 draws, 3 losses» and a bare «0 s» at the end read as slips."""
    # seed 9: random against easy in block play draws exactly one of its six deals
    assert main(["arena", "random", "easy", "--preset", "block", "--games", "3",
                 "--seed", "9"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "  random: 2 wins, 1 draw, 3 losses"
    assert re.fullmatch(r"  played in \d+ s", lines[-1]), lines[-1]
    assert [counted(n, "loss", "losses") for n in (0, 1, 2)] == ["0 losses", "1 loss",
                                                                   "2 losses"]


@pytest.mark.parametrize(("bot", "options"), [(HardBot, hard.OPTIONS),
                                              (OmniscientBot, omniscient.OPTIONS)])
def test_the_bot_options_are_listed_once_and_all(bot: type, options: dict[str, str]) -> None:
    """The signature is what a spec can set; OPTIONS says what each does, in its order."""
    takes = [name for name in inspect.signature(bot).parameters if name != "seed"]
    assert list(options) == takes
    assert all(text and "\n" not in text for text in options.values())


def test_arena_help_lists_every_bot_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["arena", "--help"])
    assert exit_.value.code == 0
    shown = capsys.readouterr().out
    assert max(map(len, shown.splitlines())) < 80
    for name, options in (("hard", hard.OPTIONS), ("omniscient", omniscient.OPTIONS)):
        section = shown[shown.index(f"\n{name}:\n"):]
        for key, text in options.items():
            assert re.search(rf"\n  {key} +{re.escape(text.split()[0])}", section), key


def test_the_readme_names_only_options_that_exist() -> None:
    """README names a few options as examples and sends the reader to --help for the rest."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    row = next(line for line in readme.splitlines() if line.startswith("| `doublesix arena"))
    assert "`doublesix arena --help` lists every option" in row
    examples = re.findall(r"`(hard|omniscient):([^`]+)`", row)
    assert examples
    for name, spec in examples:
        options = hard.OPTIONS if name == "hard" else omniscient.OPTIONS
        assert {item.partition("=")[0] for item in spec.split(",")} <= set(options), spec
