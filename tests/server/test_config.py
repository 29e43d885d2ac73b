"""DOUBLESIX_* variables: each checked for its kind and its range, as the matching flag is."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from doublesix.server.config import VARIABLES, Number, Settings
from tests.test_cli import fails

REPO = Path(__file__).resolve().parents[2]
NUMBERS = {var: (name, kind) for var, (name, kind) in VARIABLES.items()
           if isinstance(kind, Number)}


@pytest.fixture
def no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in [v for v in os.environ if v.startswith("DOUBLESIX_")]:
        monkeypatch.delenv(var)


def test_every_number_setting_has_a_range() -> None:
    """A new numeric variable cannot be added without saying what it takes."""
    types = {f.name: f.type for f in dataclasses.fields(Settings)}
    for var, (name, kind) in VARIABLES.items():
        numeric = {"int", "float", "int | None", "float | None"}
        assert (str(types[name]) in numeric) == isinstance(kind, Number), var


def outside(kind: Number) -> list[str]:
    """Values just past each bound of *kind*, as text."""
    step = 1 if kind.kind is int else 0.001
    values = []
    if kind.low is not None:
        values.append(kind.low if kind.above else kind.low - step)
    if kind.high is not None:
        values.append(kind.high if kind.below else kind.high + step)
    return [str(int(v)) if kind.kind is int else repr(float(v)) for v in values]


@pytest.mark.parametrize("var", sorted(NUMBERS))
def test_a_value_out_of_range_is_refused_and_says_what_to_use(var: str) -> None:
    name, kind = NUMBERS[var]
    assert outside(kind), f"{var} has no bound at all"
    for text in outside(kind):
        with pytest.raises(ValueError) as refused:
            Settings.from_env({var: text})
        message = str(refused.value)
        assert message.startswith(f"{var} {text} is not ") and ": use " in message, message
        default = getattr(Settings(), name)
        # as the message shows it: a whole number in full (1048576, not 1.04858e+06)
        shown = ("none" if default is None else str(default) if isinstance(default, int)
                 else f"{default:g}")
        assert message.endswith(f"(default: {shown})"), message
    # and the default itself, given as the variable, is accepted
    default = getattr(Settings(), name)
    if default is not None:
        assert getattr(Settings.from_env({var: str(default)}), name) == default


@pytest.mark.parametrize("text", ["nan", "inf", "-inf"])
def test_a_number_must_be_finite(text: str) -> None:
    with pytest.raises(ValueError, match="DOUBLESIX_ROOM_IDLE='.*' is not a number"):
        Settings.from_env({"DOUBLESIX_ROOM_IDLE": text})


def test_the_edges_of_a_range_are_kept() -> None:
    settings = Settings.from_env({"DOUBLESIX_BOT_WORKERS": "0", "DOUBLESIX_COMPUTER_DELAY": "0",
                                  "DOUBLESIX_PORT": "0", "DOUBLESIX_SOCKETS_PER_CLIENT": "1",
                                  "DOUBLESIX_SHUTDOWN_TIMEOUT": "3599.5"})
    assert (settings.bot_workers, settings.computer_delay, settings.port) == (0, 0.0, 0)
    assert (settings.sockets_per_client, settings.shutdown_timeout) == (1, 3599.5)


@pytest.mark.usefixtures("no_env")
@pytest.mark.parametrize(("var", "value", "words"), [
    # a server on which no game could be played: refused before it starts
    ("DOUBLESIX_SOCKETS_PER_CLIENT", "0",
     "DOUBLESIX_SOCKETS_PER_CLIENT 0 is not in range: use a whole number of 1 or more"
     " (default: 64); fix or unset it"),
    ("DOUBLESIX_WS_RATE", "0", "DOUBLESIX_WS_RATE 0 is not in range: use a number above 0"),
    ("DOUBLESIX_SHUTDOWN_TIMEOUT", "5000", "use a number above 0 and below 3600"),
    ("DOUBLESIX_METRICS_PORT", "-2", "DOUBLESIX_METRICS_PORT -2 is not a port: use 1 to 65535"),
])
def test_serve_refuses_a_variable_out_of_range_in_one_line(
        var: str, value: str, words: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(var, value)
    assert words in fails(["serve", "--port", "0", "--db", "memory://"], capsys, 2)


def test_the_readme_lists_every_variable() -> None:
    readme = (REPO / "README.md").read_text()
    missing = [var for var in VARIABLES if f"`{var}`" not in readme]
    assert not missing, missing
