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
