"""The failures a command of the package reports in one line, never with a traceback.

`doublesix` (cli/main.py) prints ``doublesix COMMAND: MESSAGE`` on stderr and exits with the
status: 2 when the command line (or a DOUBLESIX_* variable) asks for something impossible, 1
when a correct command could not be carried out.

They live at the bottom of the package, beneath every layer, because three layers raise them:
the command line (cli/), the terminal game (terminal/) and the server's start-up checks
(server/ops/preflight.py). Standard library only: ``import doublesix`` stays light.
"""

from __future__ import annotations


class CommandError(Exception):
    """The command could not be carried out (exit status 1)."""

    status = 1


class UsageError(CommandError):
    """The command line asks for something impossible (exit status 2)."""

    status = 2
