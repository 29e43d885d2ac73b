"""The command line's own mistakes in one line — what went wrong and what to do.

The failures themselves, CommandError (exit status 1) and UsageError (2), are defined in
doublesix/errors.py and re-exported here; this module turns argparse's faults into them.
``--debug`` or DOUBLESIX_DEBUG=1 shows the traceback.
"""

from __future__ import annotations

import argparse
import difflib
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

# defined beneath every layer (doublesix/errors.py): the terminal and the server raise them too
from doublesix.errors import CommandError, UsageError

__all__ = ["CommandError", "ParseError", "Parser", "UsageError", "choose_one"]


def choose_one(what: str, given: str, known: Iterable[str]) -> UsageError:
    """An "unknown X" error that lists the choices and guesses the intended one."""
    names = list(known)
    close = difflib.get_close_matches(given, names, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return UsageError(f"unknown {what} {given!r}: {hint}choose one of {', '.join(names)}")


class Parser(argparse.ArgumentParser):
    """argparse with its own mistakes in one line: what is wrong and what to do, exit 2.

    argparse answers a bad number, an unknown command or a missing argument with its usage
    block and a bare statement of the fault; a person then reads twenty lines to find one.
    ``error`` turns each of argparse's messages into a UsageError instead (``main`` prints
    it as ``doublesix COMMAND: …``), naming what the option takes from its own help text.
    Sub-parsers are made of this class too (argparse gives them the class of their parent).
    """

    #: the text after the options, written only when --help asks for it (the arena's list of
    #: bot options would import every bot into each run of every command)
    epilog_from: Callable[[], str] | None = None

    def format_help(self) -> str:
        if self.epilog_from is not None:
            self.epilog = self.epilog_from()
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        raise ParseError(self.prog, self.explain(message))

    def explain(self, message: str) -> str:
        """argparse's *message* (its English text, as Python 3.11–3.13 write it) with advice."""
        see = f"`{self.prog} --help` describes every option"
        argument = re.fullmatch(r"argument (?P<name>[^:]+): (?P<rest>.*)", message, re.S)
        if argument:
            name, rest = argument["name"], argument["rest"]
            takes = self._takes(name) or see
            value = re.fullmatch(r"invalid (?P<kind>\w+) value: (?P<value>.*)", rest)
            if value:
                kind = {"int": "a whole number", "float": "a number"}.get(
                    value["kind"], f"a {value['kind']}")
                return f"{name} {value['value']} is not {kind}: {takes}"
            if rest.startswith("expected"):  # a flag at the end without its value
                return f"{name} needs a value: {takes}"
            if rest.startswith("ignored explicit argument"):  # --json=1
                return f"{name} takes no value: write {name} alone"
            # our own types and choices (see _check_value) already say what to do
            return f"{name}: {rest}"
        missing = re.fullmatch(r"the following arguments are required: (?P<names>.*)", message)
        if missing:
            names = missing["names"]
            if names == "COMMAND":
                return (f"no command given: write `{self.prog} COMMAND`, COMMAND one of "
                        f"{', '.join(self._commands())} (`{self.prog} --help` says what each does)")
            positionals = " ".join(str(a.metavar or a.dest) for a in self._actions
                                   if not a.option_strings)
            return f"missing {names}: write `{self.prog} {positionals}` ({see})"
        return f"{message}; `{self.prog} --help` says more"

    def refuse_extra(self, extras: Sequence[str]) -> NoReturn:
        """What was left over after parsing: an unknown option, or one argument too many."""
        first = extras[0]
        if first.startswith("-"):
            flag = first.partition("=")[0]
            flags = [s for a in self._actions for s in a.option_strings if s.startswith("--")]
            close = difflib.get_close_matches(flag, flags, n=1)
            hint = f"did you mean {close[0]}? " if close else ""
            raise ParseError(self.prog, f"unknown option {flag}: {hint}`{self.prog} --help` "
                             "lists the options")
        raise ParseError(self.prog, f"one argument too many: {first!r}; `{self.prog} --help` "
                         "shows what the command takes")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # argparse's own check, with the choices listed plainly and a guess at the intended one
        if action.choices is None or value in action.choices:
            return
        if isinstance(action, argparse._SubParsersAction):
            raise argparse.ArgumentError(None, str(choose_one("command", value, self._commands())))
        names = [str(c) for c in action.choices]
        close = difflib.get_close_matches(str(value), names, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise argparse.ArgumentError(
            action, f"invalid choice: {value!r}: {hint}choose one of {', '.join(names)}")

    def _commands(self) -> list[str]:
        return [name for a in self._actions if isinstance(a, argparse._SubParsersAction)
                for name in a.choices]

    def _takes(self, name: str) -> str:
        """What *name* is, from its help with the default filled in (as ``--help`` shows)."""
        for action in self._actions:
            if action.help and (name in action.option_strings or name == action.metavar):
                return f"{name} is {self._get_formatter()._expand_help(action).rstrip('.')}"
        return ""


class ParseError(UsageError):
    """A command line argparse could not read; *command* names the (sub)command."""

    def __init__(self, command: str, message: str) -> None:
        super().__init__(message)
        self.command = command
