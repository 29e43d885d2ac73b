"""`doublesix replay SCENARIO.json`: run a rules scenario and print a JSON line per step.

See ../shared/scenarios/FORMAT.md. Exit status: 0 once every step was run, refused actions
included (judging the lines is the checker's business); 2, with one line
``{"i": -1, "ok": false, ...}``, when there is no scenario to run: the file cannot be read or
is not JSON, the setup is invalid, or a step is neither an action (``do``) nor an expectation
(an ``expect`` object), which would otherwise pass unchecked.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from doublesix.core.actions import Action, End
from doublesix.core.errors import IllegalAction, InvalidSetup
from doublesix.core.jsonvalue import JSONObject
from doublesix.core.match import Match
from doublesix.core.notation import StateJSON, state_to_json
from doublesix.core.positions import match_from_deals, match_from_position
from doublesix.core.rules import Ruleset
from doublesix.core.tiles import Tile


def build(scenario: Any) -> Match:
    if not isinstance(scenario, dict):
        raise InvalidSetup("a scenario is a JSON object")
    rules = Ruleset.from_dict(scenario.get("rules", {"preset": "draw"}))
    deals = scenario.get("deals")
    if "position" in scenario:
        return match_from_position(rules, scenario["position"], deals or [])
    if deals is not None:
        return match_from_deals(rules, deals)
    if "deal" in scenario:
        return match_from_deals(rules, [scenario["deal"]])
    raise InvalidSetup("a scenario needs a deal, deals or a position")


def apply_step(game: Match, step: JSONObject) -> None:
    """Apply one ``do`` step; raises IllegalAction (or ValueError) when it is refused."""
    do = step.get("do")
    if do == "next_deal":
        game.next_deal()
        return
    seat = step.get("seat")
    if not isinstance(seat, int):
        raise IllegalAction("a step needs the seat that acts")
    if do == "play":
        tile = Tile.parse(str(step.get("tile")))
        end_text = step.get("end")
        end = None if end_text is None else End(end_text) if end_text in ("left", "right") else None
        if end_text is not None and end is None:
            raise IllegalAction(f"{end_text!r} is not an end: say left or right")
        game.apply(Action.play(tile, end), seat)
    elif do in ("draw", "pass", "redeal"):
        game.apply(Action.parse(do), seat)
    else:
        raise IllegalAction(f"unknown step {do!r}")


def steps_of(scenario: Any) -> list[dict[str, Any]]:
    """The scenario's steps, each an action or an expectation; raises InvalidSetup."""
    steps = scenario.get("steps", []) if isinstance(scenario, dict) else []
    if not isinstance(steps, list):
        raise InvalidSetup("steps must be a list")
    for i, step in enumerate(steps):
        if not isinstance(step, dict) or not ("do" in step or isinstance(step.get("expect"),
                                                                            dict)):
            raise InvalidSetup(f"step {i} is neither an action (do) nor an expectation "
                               "(an expect object)")
    return steps


def run(scenario: Any, out: TextIO) -> int:
    def emit(i: int, ok: bool, error: str | None, state: StateJSON | None) -> None:
        out.write(json.dumps({"i": i, "ok": ok, "error": error, "state": state}) + "\n")

    try:
        game = build(scenario)
        steps = steps_of(scenario)
    except (InvalidSetup, ValueError, TypeError, KeyError) as exc:
        emit(-1, False, str(exc) or "invalid setup", None)
        return 2
    emit(-1, True, None, state_to_json(game))
    for i, step in enumerate(steps):
        ok, error = True, None
        if "do" in step:
            try:
                apply_step(game, step)
            except (IllegalAction, InvalidSetup, ValueError) as exc:
                ok, error = False, str(exc)
        # the state as it is now, refused or not: the checker's "a refusal changes nothing"
        # compares it with the line before, which a saved copy would always pass
        emit(i, ok, error, state_to_json(game))
    return 0


def main(path: str, out: TextIO = sys.stdout) -> int:
    try:
        with open(path, encoding="utf-8") as fh:
            scenario = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        error = f"cannot read {path}: {exc}"
        out.write(json.dumps({"i": -1, "ok": False, "error": error, "state": None}) + "\n")
        return 2
    return run(scenario, out)
