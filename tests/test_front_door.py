"""A newcomer's first steps: a lone clone's tests, what `make run` installs, CI's set-up."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest

from doublesix.core.errors import InvalidSetup
from doublesix.core.rules import PRESETS, find_preset

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


@pytest.mark.slow  # copies the clone and runs pytest inside it: make test, not check
def test_a_clone_without_the_shared_material_passes_its_own_scenarios(tmp_path: Path) -> None:
    result = run_scenario_tests(tmp_path / "nothing-here", ci=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SKIPPED" in result.stdout
    assert "README" in result.stdout  # the skip says where to read about ../shared


@pytest.mark.slow  # copies the clone and runs pytest inside it: make test, not check
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


# -- what a release carries ---------------------------------------------------------------

def tracked_files() -> set[str]:
    """The project's files as a clone has them (git's list; an unpacked sdist: its own)."""
    if (REPO / ".git").exists() and shutil.which("git"):
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True,
                                check=True).stdout.decode()
        return {name for name in listed.split("\0") if name and (REPO / name).is_file()}
    skip = {"__pycache__", ".venv", "node_modules", ".pytest_cache", ".mypy_cache",
            ".ruff_cache", ".hypothesis"}
    return {str(p.relative_to(REPO)) for p in REPO.rglob("*") if p.is_file()
            and not skip & set(p.relative_to(REPO).parts) and not p.name.endswith(".pyc")
            and ".egg-info" not in str(p) and p.name not in ("PKG-INFO", "setup.cfg")}


@pytest.mark.slow  # copies the clone and builds an sdist of it: make test, not check
def test_the_sdist_carries_the_whole_project(tmp_path: Path) -> None:
    """Tests with their conftest.py and scenarios, docs, bench, CI: `make test` from the sdist.

    Built offline (no build isolation) from a copy, so the clone gets no egg-info of it.
    """
    files = tracked_files()
    copy = tmp_path / "copy"
    for name in files:
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, copy / name)
    out = tmp_path / "dist"
    build = subprocess.run(
        [sys.executable, "-c", "import sys; from setuptools import build_meta; "
         "print(build_meta.build_sdist(sys.argv[1]))", str(out)],
        cwd=copy, capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr[-3000:]
    name = build.stdout.split()[-1]
    with tarfile.open(out / name) as sdist:
        top = name.removesuffix(".tar.gz")
        members = {m.name.removeprefix(top + "/") for m in sdist.getmembers() if m.isfile()}
    missing = sorted(files - members)
    assert not missing, missing
    for needed in ("tests/conftest.py", "tests/e2e/conftest.py", "docs/protocol.md",
                   "docs/rules.md", "LICENSE", "CHANGELOG.md", "CONTRIBUTING.md", "Makefile"):
        assert needed in members, needed
    assert any(m.startswith("tests/scenarios/") and m.endswith(".json") for m in members)
    assert not [m for m in members if "__pycache__" in m or m.endswith(".pyc")]


def test_the_version_is_written_once() -> None:
    """doublesix.__version__, which pyproject.toml reads: never a second literal."""
    import doublesix

    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "doublesix.__version__"}
    from doublesix.cli.main import version

    assert version() == doublesix.__version__
    literal = f'"{doublesix.__version__}"'
    written = [str(p.relative_to(REPO)) for p in (REPO / "src").rglob("*.py")
               if literal in p.read_text(encoding="utf-8")]
    assert written == ["src/doublesix/__init__.py"], written


def test_the_licence_text_is_the_declared_one() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    text = (REPO / "LICENSE").read_text()
    assert text.startswith("MIT License\n") and "WITHOUT WARRANTY OF ANY KIND" in text


# -- what a newcomer reads first -----------------------------------------------------------

def first_screen() -> str:
    readme = (REPO / "README.md").read_text()
    return readme[:readme.index("\n## ")]


def test_the_first_screen_points_at_a_rules_page_the_clone_has() -> None:
    """A lone clone has no ../shared: the rules it plays are its own docs/rules.md."""
    screen = first_screen()
    assert "../shared" not in screen
    assert "[docs/rules.md](docs/rules.md)" in screen
    rules = (REPO / "docs" / "rules.md").read_text()
    assert "«Козёл»" in rules and "[choice]" in rules
    for preset in PRESETS:
        assert f"`{preset}`" in screen and f"`{preset}`" in rules, preset


def players_allowed(preset: str) -> set[int]:
    allowed = set()
    for players in range(1, 6):
        try:
            find_preset(preset, players=players)
        except InvalidSetup:
            continue
        allowed.add(players)
    return allowed


@pytest.mark.parametrize("preset", PRESETS)
def test_the_rules_page_and_readme_say_who_plays_each_preset(preset: str) -> None:
    """«101 for 2–4 players» on the first screen, where the rules core allows 2 only."""
    rules = (REPO / "docs" / "rules.md").read_text()
    row = next(line for line in rules.splitlines() if line.startswith(f"| `{preset}`"))
    counts = {int(n) for n in re.findall(r"\d", row.rsplit("|", 2)[1])}
    allowed = players_allowed(preset)
    assert counts == allowed, (row, allowed)
    # README names the same counts: "2–4 players" only beside presets that take 2, 3 and 4
    screen = " ".join(first_screen().split())
    told = re.search(rf"`{preset}`[^;,]*? for (\d)(?:–(\d))?", screen)
    if preset == "kozel":
        assert "four players in two pairs" in screen
        return
    assert told, preset
    low, high = int(told[1]), int(told[2] or told[1])
    assert set(range(low, high + 1)) == allowed, told[0]


@pytest.mark.slow  # copies the clone and runs pytest inside it: make test, not check
def test_skipped_tests_say_why(tmp_path: Path) -> None:
    """"32 skipped" alone sends a newcomer hunting: the summary lists each with its reason."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["DOUBLESIX_SHARED"] = str(tmp_path / "nothing-here")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
         "tests/test_scenarios.py::test_shared_check_passes"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"SKIPPED \[\d+\] tests/test_scenarios.py:\d+: .*README", result.stdout), \
        result.stdout


def test_the_readme_names_every_test_that_needs_a_service() -> None:
    """Each test file that skips without PostgreSQL, Redis or a program is in the table."""
    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("## Tests"):]
    table = section[:section.index("\n\n", section.index("| tests |"))]
    needing = sorted(str(p.relative_to(REPO)) for p in (REPO / "tests").rglob("test_*.py")
                     if p != Path(__file__).resolve() and re.search(
                         r"\b(pg_url|redis_url|required_url|required_program)\b",
                         p.read_text(encoding="utf-8")))
    assert needing
    for name in needing:
        folder = name.rsplit("/", 1)[0] + "/"
        assert f"`{name}" in table or f"`{folder}`" in table, name


def test_contributing_names_only_make_targets_that_exist() -> None:
    guide = (REPO / "CONTRIBUTING.md").read_text()
    makefile = (REPO / "Makefile").read_text()
    targets = set(re.findall(r"^([a-z][\w.-]*):", makefile, re.M))
    named = set(re.findall(r"`make ([a-z][\w-]*(?: [a-z][\w-]*)*)`", guide))
    assert named
    for command in named:
        for target in command.split():
            assert target in targets, target
