"""Failures a command reports in one line — what went wrong and what to do — never a traceback.

`doublesix` prints ``doublesix COMMAND: MESSAGE`` on stderr and exits with the status: 2 when
the command line (or a DOUBLESIX_* variable) asks for something impossible, 1 when a correct
command could not be carried out. ``--debug`` or DOUBLESIX_DEBUG=1 shows the traceback.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class CommandError(Exception):
    """The command could not be carried out (exit status 1)."""

    status = 1


class UsageError(CommandError):
    """The command line asks for something impossible (exit status 2)."""

    status = 2


def choose_one(what: str, given: str, known: Iterable[str]) -> UsageError:
    """An "unknown X" error that lists the choices and guesses the intended one."""
    names = list(known)
    close = difflib.get_close_matches(given, names, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return UsageError(f"unknown {what} {given!r}: {hint}choose one of {', '.join(names)}")
