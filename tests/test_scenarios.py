"""Every rules scenario, shared and our own, judged by the shared check.py through `replay`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# CI clones the repository next to shared/, as the worktrees sit here
SHARED = REPO.parent / "shared" / "scenarios"
# «Козёл» (RULES.md section 9) has a folder of its own in the shared scenarios
SHARED_KOZEL = SHARED / "kozel"
OURS = REPO / "tests" / "scenarios"
REPLAY = Path(sys.executable).parent / "doublesix"


def run_check(folder: Path) -> subprocess.CompletedProcess[str]:
    check = SHARED / "check.py"
    assert check.is_file(), f"{check} is missing: clone the repository next to shared/"
    return subprocess.run(
        [sys.executable, str(check), "--cmd", f"{REPLAY} replay", str(folder)],
        capture_output=True, text=True, timeout=120,
    )


@pytest.mark.parametrize(
    "folder", [SHARED, SHARED_KOZEL, OURS], ids=["shared", "shared-kozel", "ours"]
)
def test_scenarios_pass(folder: Path) -> None:
    assert sorted(folder.glob("*.json")), f"no scenarios in {folder}"
    result = run_check(folder)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 failed" in result.stdout
