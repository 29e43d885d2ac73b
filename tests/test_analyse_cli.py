"""`doublesix analyse` and `doublesix play --save`."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from doublesix.bots import make_bot
from doublesix.cli.main import build_parser, main
from doublesix.core import Match, PlayerView, Ruleset
from doublesix.core.dealing import SeededDealer
from doublesix.core.notation import load_record, record_of
from doublesix.terminal.records import save_record


def finished_record(tmp_path: Path, preset: str = "draw", seed: int = 4) -> Path:
    game = Match(Ruleset.from_dict({"preset": preset}), SeededDealer(seed))
    bots = [make_bot("easy", seed), make_bot("medium", seed)]
    while not game.deal.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(PlayerView.of(game, seat)), seat)
    path = tmp_path / "game.json"
    save_record(str(path), record_of(game, seed))
    return path


def run(argv: list[str]) -> tuple[int, str, str]:
    args = build_parser().parse_args(argv)
    out, err = io.StringIO(), io.StringIO()
    from doublesix.cli import analyse as analyse_cli

    code = analyse_cli.main(args, out, err)
    return code, out.getvalue(), err.getvalue()


def test_the_table_lists_every_decision_of_the_seat(tmp_path: Path) -> None:
    path = finished_record(tmp_path)
    code, out, _ = run(["analyse", str(path), "--seat", "0", "--worlds", "8"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["ход", "ваш", "выбор"]
    record = json.loads(path.read_text())
    mine = sum(1 for step in record["actions"] if step.get("seat") == 0)
    body = [line for line in lines[2:] if line and line.split()[0].isdigit()]
    assert len(body) == mine
    assert "Итог сдачи для вас" in out


def test_json_has_the_decisions_and_the_graph(tmp_path: Path) -> None:
    path = finished_record(tmp_path, "block", 8)
    code, out, _ = run(["analyse", str(path), "--seat", "1", "--json", "--worlds", "8"])
    assert code == 0
    data = json.loads(out)
    assert data["seat"] == 1
    assert len(data["curve"]) == len(json.loads(path.read_text())["actions"])
    assert {d["label"] for d in data["decisions"]} <= {
        "best", "inaccuracy", "mistake", "blunder", "forced"}


def test_play_saves_a_record_that_replays(tmp_path: Path) -> None:
    from doublesix.terminal import game as terminal

    path = tmp_path / "saved.json"
    args = build_parser().parse_args(["play", "--preset", "block", "--seed", "5",
                                      "--save", str(path)])
    out = io.StringIO()
    terminal.main(args, io.StringIO("q\n"), out)
    record = json.loads(path.read_text())
    assert record["seed"] == 5
    game = load_record(record)
    assert not game.deal.is_over
    # an unfinished deal cannot be reviewed
    code, _, err = run(["analyse", str(path)])
    assert code == 2 and "still being played" in err


@pytest.mark.parametrize(("argv", "said"), [
    (["--worlds", "0"], "--worlds: '0' is below 1: give a whole number of at least 1"),
    (["--worlds", "-5"], "--worlds: '-5' is below 1: give a whole number of at least 1"),
    (["--worlds", "2.5"], "--worlds: '2.5' is not a whole number"),
    (["--ms", "-1"], "--ms: '-1' is below 0: give a number of at least 0"),
    (["--ms", "nan"], "--ms: 'nan' is not a number"),
])
def test_a_budget_that_makes_no_sense_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    """``--worlds 0`` was quietly taken for 1 and ``--ms -1`` for no time limit at all."""
    path = finished_record(tmp_path)
    assert main(["analyse", str(path), *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith(f"doublesix analyse: {said}")
    # the edges themselves are budgets: one world, no time limit
    code, out, _ = run(["analyse", str(path), "--worlds", "1", "--ms", "0"])
    assert code == 0 and out


def test_the_moves_are_in_the_table_s_language(tmp_path: Path) -> None:
    """A Russian table said «0-6 left» and «draw» among Russian words: each language its own."""
    path = finished_record(tmp_path)  # a drawing deal: plays at both ends and draws
    english = {"left", "right", "draw", "pass", "redeal", "play"}
    code, out, _ = run(["analyse", str(path), "--worlds", "8"])
    assert code == 0
    body = out.split("\n\n")[0]
    assert not english & set(body.split()), body
    assert {"слева", "справа", "добор"} <= set(body.split()), body
    code, out, _ = run(["analyse", str(path), "--worlds", "8", "--lang", "en"])
    assert code == 0 and {"left", "right", "draw"} <= set(out.split("\n\n")[0].split())


def test_every_move_has_a_word_in_each_language() -> None:
    from doublesix.cli.analyse import WORDS
    from doublesix.core.actions import ActionKind, End

    for words in WORDS.values():
        assert {*ActionKind, *End} - {ActionKind.PLAY} <= set(words)
