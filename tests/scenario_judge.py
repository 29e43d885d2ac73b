"""Our own judge of rules scenarios (the format of FORMAT.md), running `replay` in-process.

The shared `check.py` lives outside this repository (in `../shared/scenarios/`, beside a clone
in CI); this judge lets a lone clone check its own scenarios in `tests/scenarios/` with its own
code. It reads FORMAT.md the same way: a refused step must say why and change nothing, an
`expect` compares only the keys it gives, `legal` as a set, `result` / `match` key by key.

    python -m tests.scenario_judge [FILE_OR_DIR ...]    # default: tests/scenarios
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

from doublesix.cli.replay import run

OURS = Path(__file__).resolve().parent / "scenarios"


def canon(tile: str) -> str:
    a, b = sorted(int(x) for x in tile.split("-"))
    return f"{a}-{b}"


def compare(expect: dict[str, Any], state: dict[str, Any] | None) -> list[str]:
    """The differences between an `expect` entry and a printed state."""
    if state is None:
        return ["no state printed"]
    diffs = []
    for key, want in expect.items():
        if key == "hand_sizes":
            got: Any = [len(h) for h in state["hands"]]
        elif key == "hands":
            for seat, tiles in want.items():
                mine = sorted(canon(t) for t in state["hands"][int(seat)])
                if mine != sorted(canon(t) for t in tiles):
                    diffs.append(f"hands[{seat}]: want {sorted(tiles)}, got {mine}")
            continue
        elif key == "legal":
            if sorted(state.get("legal") or []) != sorted(want):
                diffs.append(f"legal: want {sorted(want)}, got {state.get('legal')}")
            continue
        elif key in ("result", "match") and isinstance(want, dict):
            got = state.get(key)
            if not isinstance(got, dict):
                diffs.append(f"{key}: want {want}, got {got}")
                continue
            diffs += [f"{key}.{k}: want {v!r}, got {got.get(k)!r}"
                      for k, v in want.items() if got.get(k) != v]
            continue
        else:
            got = state.get(key)
        if got != want:
            diffs.append(f"{key}: want {want!r}, got {got!r}")
    return diffs


def judge(scenario: dict[str, Any]) -> list[str]:
    """What is wrong with replay's answer to *scenario* (empty: it passes)."""
    out = io.StringIO()
    code = run(scenario, out)
    lines = [json.loads(raw) for raw in out.getvalue().splitlines() if raw.strip()]
    if scenario.get("setup_error"):
        if code != 2 or len(lines) != 1 or lines[0]["ok"] is not False:
            return [f"setup must be refused (exit 2, one line); got {code}, {len(lines)} lines"]
        return [] if lines[0]["error"] else ["setup refused without a reason"]
    if code != 0:
        return [f"replay exited {code}: {lines[-1:]}"]
    by_index = {line["i"]: line for line in lines}
    if by_index.get(-1, {}).get("state") is None:
        return ["no starting state line (i = -1)"]
    problems: list[str] = []
    previous = by_index[-1]["state"]
    for i, step in enumerate(scenario.get("steps", [])):
        line = by_index.get(i)
        if line is None:
            return [*problems, f"step {i}: no line printed"]
        state = line["state"]
        if "do" in step:
            if not step.get("rejected"):
                if line["ok"] is not True:
                    problems.append(f"step {i} {step}: refused: {line['error']}")
            elif line["ok"] is not False:
                problems.append(f"step {i} {step}: must be refused, was accepted")
            elif not line["error"]:
                problems.append(f"step {i}: refused without a reason")
            elif state != previous:
                problems.append(f"step {i}: a refused action changed the state")
        if "expect" in step:
            problems += [f"step {i}: {d}" for d in compare(step["expect"], state)]
        previous = state
    return problems


def scenario_files(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        files += sorted(path.glob("*.json")) if path.is_dir() else [path]
    return files


def main(argv: list[str]) -> int:
    files = scenario_files([Path(a) for a in argv] or [OURS])
    failed = 0
    for path in files:
        problems = judge(json.loads(path.read_text(encoding="utf-8")))
        failed += bool(problems)
        print(f"{'FAIL' if problems else 'ok  '} {path.name}")
        for problem in problems[:10]:
            print(f"     {problem}")
    print(f"{len(files) - failed} passed, {failed} failed")
    return 0 if files and not failed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
