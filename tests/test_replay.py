"""`doublesix replay`: one JSON line per step; exit 2 on a bad setup."""

from __future__ import annotations

import io
import json

from doublesix.cli.replay import main, run


def lines(out: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_refused_step_keeps_state_and_says_why() -> None:
    scenario = {
        "rules": {"preset": "block"},
        "deal": {"hands": [["6-6", "1-6", "4-5", "1-1", "4-4", "1-5", "0-0"],
                           ["1-2", "0-3", "3-3", "3-5", "2-3", "0-2", "2-2"]],
                 "boneyard": ["2-4", "0-6", "0-1", "0-4", "0-5", "1-3", "1-4", "2-5", "2-6",
                              "3-4", "3-6", "4-6", "5-5", "5-6"]},
        "steps": [{"do": "play", "seat": 0, "tile": "4-4"}, {"expect": {"to_move": 0}},
                  {"do": "jump", "seat": 0}],
    }
    out = io.StringIO()
    assert run(scenario, out) == 0
    first, refused, expect, unknown = lines(out)
    assert refused["ok"] is False and refused["error"] and refused["state"] == first["state"]
    assert expect["ok"] is True and unknown["ok"] is False


def test_bad_setup_exits_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = io.StringIO()
    assert run({"rules": {"preset": "draw"}}, out) == 2
    (line,) = lines(out)
    assert line["ok"] is False and line["state"] is None and line["error"]
    out = io.StringIO()
    assert main(str(tmp_path / "missing.json"), out) == 2


BLOCK_DEAL = {
    "rules": {"preset": "block"},
    "deal": {"hands": [["6-6", "1-6", "4-5", "1-1", "4-4", "1-5", "0-0"],
                       ["1-2", "0-3", "3-3", "3-5", "2-3", "0-2", "2-2"]],
             "boneyard": ["2-4", "0-6", "0-1", "0-4", "0-5", "1-3", "1-4", "2-5", "2-6",
                          "3-4", "3-6", "4-6", "5-5", "5-6"]},
}


def test_a_refusal_prints_the_state_as_it_is(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A refused action that changed the game anyway (a fault in the core, played here by a
    step that moves and then raises) shows in its line: printing the state afresh is what lets
    the checker's "a refused action changed the state" ever fail."""
    from doublesix.cli import replay
    from doublesix.core.actions import Action
    from doublesix.core.errors import IllegalAction
    from doublesix.core.tiles import Tile

    def moves_then_refuses(game, step):  # type: ignore[no-untyped-def]
        game.apply(Action.play(Tile.parse("6-6"), None), 0)
        raise IllegalAction("refused after all")

    monkeypatch.setattr(replay, "apply_step", moves_then_refuses)
    out = io.StringIO()
    assert run({**BLOCK_DEAL, "steps": [{"do": "pass", "seat": 0}]}, out) == 0
    first, refused = lines(out)
    assert refused["ok"] is False and refused["error"] == "refused after all"
    assert refused["state"] != first["state"]
    assert refused["state"]["line"] == [[6, 6]]  # type: ignore[index]


def test_a_step_that_is_neither_action_nor_expectation_exits_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A misspelt expectation would otherwise print an ok line that nothing checks."""
    for steps in ([{"expct": {"to_move": 0}}], [{"expect": [0]}], ["pass"], {"do": "pass"}):
        out = io.StringIO()
        assert run({**BLOCK_DEAL, "steps": steps}, out) == 2, steps
        (line,) = lines(out)
        assert line["i"] == -1 and line["ok"] is False and line["state"] is None
        assert line["error"]
    path = tmp_path / "not-json.json"
    path.write_text("{", encoding="utf-8")
    out = io.StringIO()
    assert main(str(path), out) == 2
    # refusals alone are the checker's business: exit 0 (FORMAT.md)
    out = io.StringIO()
    assert run({**BLOCK_DEAL, "steps": [{"do": "pass", "seat": 1, "rejected": True}]}, out) == 0
