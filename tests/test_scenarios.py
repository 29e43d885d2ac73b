"""Every rules scenario: ours by our own judge, and the shared ones by the shared check.py.

Our scenarios (tests/scenarios/) need nothing outside this repository: `tests/scenario_judge`
runs `replay` in-process. The shared scenarios and their `check.py` sit beside the clone in
`../shared/scenarios/` (or where DOUBLESIX_SHARED points); a lone clone skips them, while CI
(CI=true), which always has them, fails instead of skipping.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scenario_judge import OURS, judge

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("DOUBLESIX_SHARED") or REPO.parent / "shared") / "scenarios"
# folders of the shared material judged by its check.py (kozel/: «Козёл», RULES.md section 9)
SHARED_FOLDERS = [SHARED, SHARED / "kozel"]
REPLAY = Path(sys.executable).parent / "doublesix"


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def need_shared() -> Path:
    check = SHARED / "check.py"
    if not check.is_file():
        message = (f"{check} is missing: the shared scenarios are judged only when the "
                   "shared material sits beside the clone (see README, 'The shared material')")
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    return check


@pytest.mark.parametrize("path", sorted(OURS.glob("*.json")), ids=lambda p: p.stem)
def test_our_scenario(path: Path) -> None:
    assert judge(json.loads(path.read_text(encoding="utf-8"))) == []


def test_our_judge_can_fail() -> None:
    scenario = json.loads((OURS / "rules-first-tile-takes-no-end.json").read_text())
    scenario["steps"][-1]["expect"]["to_move"] = 0
    scenario["steps"][1].pop("rejected")
    problems = judge(scenario)
    assert any("refused" in p for p in problems) and any("to_move" in p for p in problems)


@pytest.mark.parametrize("folder", [*SHARED_FOLDERS, OURS],
                         ids=[*(f.name for f in SHARED_FOLDERS), "ours"])
def test_shared_check_passes(folder: Path) -> None:
    """The shared check.py judges the shared scenarios, and ours too, through the command."""
    check = need_shared()
    assert sorted(folder.glob("*.json")), f"no scenarios in {folder}"
    result = subprocess.run(
        [sys.executable, str(check), "--cmd", f"{REPLAY} replay", str(folder)],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 failed" in result.stdout
