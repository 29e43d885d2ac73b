"""A newcomer's first steps: a lone clone's tests, what `make run` installs, CI's set-up."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def make_dry_run(*args: str) -> str:
    """What make would run from scratch (-B: as if nothing were built, -n: run nothing)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    result = subprocess.run(["make", "-n", "-B", *args], cwd=REPO, capture_output=True,
                            text=True, timeout=30, check=True)
    return result.stdout


def test_make_run_installs_the_server_extra_only() -> None:
    recipe = make_dry_run("run")
    assert '-e ".[server]"' in recipe
    assert "[test]" not in recipe and "pytest" not in recipe


def test_make_test_installs_the_test_tools() -> None:
    assert '-e ".[test]"' in make_dry_run("test")


def test_a_failed_install_is_never_hidden(tmp_path: Path) -> None:
    """A python whose pip always fails (and whose imports all work) must stop make."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    python = tmp_path / "python"
    python.write_text('#!/bin/sh\n[ "$1" = -m ] && [ "$2" = pip ] && exit 1\nexit 0\n')
    python.chmod(0o755)
    venv = tmp_path / "venv"
    venv.mkdir()
    for stamp in (".core", ".server", ".installed"):
        result = subprocess.run(["make", f"{venv}/{stamp}", f"VENV={venv}", f"PY={python}"],
                                cwd=REPO, capture_output=True, text=True, timeout=60)
        assert result.returncode != 0, (stamp, result.stdout, result.stderr)
        assert not (venv / stamp).exists()


def test_make_run_passes_the_storage_url() -> None:
    assert '--db "memory://"' in make_dry_run("run", "DB=memory://")
    assert "--db" not in make_dry_run("run")  # the server's own default


def test_the_licence_is_an_spdx_string() -> None:
    """setuptools warns three times per install about `license = {text = …}`."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert project["project"]["license"] == "MIT"
    assert "setuptools>=77" in project["build-system"]["requires"]


def test_ci_installs_no_recommended_packages() -> None:
    script = (REPO / ".ci" / "run").read_text()
    installs = [line for line in script.splitlines() if "apt-get install" in line]
    assert installs and all("--no-install-recommends" in line for line in installs)


def run_scenario_tests(shared: Path, ci: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["DOUBLESIX_SHARED"] = str(shared)
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs",
         "tests/test_scenarios.py"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )


def test_a_clone_without_the_shared_material_passes_its_own_scenarios(tmp_path: Path) -> None:
    result = run_scenario_tests(tmp_path / "nothing-here", ci=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SKIPPED" in result.stdout
    assert "README" in result.stdout  # the skip says where to read about ../shared


def test_ci_fails_rather_than_skips_without_the_shared_material(tmp_path: Path) -> None:
    result = run_scenario_tests(tmp_path / "nothing-here", ci=True)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "check.py is missing" in result.stdout


def test_mypy_is_strict_over_the_server_too() -> None:
    mypy = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["mypy"]
    assert mypy["strict"] is True
    covered = [REPO / f for f in mypy["files"]]
    server = REPO / "src" / "doublesix" / "server"
    assert any(server == c or c in server.parents for c in covered)
    # exceptions name modules one by one, never a blanket ignore_errors
    for override in mypy.get("overrides", []):
        assert "ignore_errors" not in override
