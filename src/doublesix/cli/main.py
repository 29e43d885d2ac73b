"""The `doublesix` command: serve | play | arena | replay | verify | analyse | bench.

Each subcommand imports its module only when run, so `doublesix replay` never loads the
server's dependencies. Failures come out as one line on stderr (see cli/errors.py): exit
status 2 for a bad command line, 1 for a run that failed, no traceback unless --debug.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from doublesix.bots import DEFAULT_LEVEL, GAME_LEVELS
from doublesix.cli.errors import CommandError, ParseError, Parser, UsageError, choose_one
from doublesix.core.rules import PRESETS

LEVELS = GAME_LEVELS
#: exit status after Ctrl+C and after a closed output pipe, as a shell reports a signal
INTERRUPTED, BROKEN_PIPE = 130, 141


def _replay(args: argparse.Namespace) -> int:
    from doublesix.cli import replay

    return replay.main(args.file)


def _verify(args: argparse.Namespace) -> int:
    from doublesix.cli import verify

    return verify.main(args.file)


def _bench(args: argparse.Namespace) -> int:
    from doublesix.cli import speed

    return speed.main(args)


def _play(args: argparse.Namespace) -> int:
    if args.level not in LEVELS:
        raise choose_one("level", args.level, LEVELS)
    from doublesix.terminal import game as terminal

    return terminal.main(args)


def _rules_options(p: argparse.ArgumentParser) -> None:
    """--preset and --players, as bench and play take them."""
    p.add_argument("--preset", choices=PRESETS, default="draw",
                   help="the ruleset (default: %(default)s)")
    p.add_argument("--players", type=int, default=None,
                   help="2, 3 or 4; kozel always 4 (default: 2; kozel: 4)")


def positive(kind: type[int] | type[float]) -> argparse._ActionType:
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number: give a number above 0"
                                             ) from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text!r} is not above 0: give a number above 0")
        return value

    parse.__name__ = kind.__name__  # argparse names the type in its messages
    return parse


def version() -> str:
    """doublesix.__version__: the one place it is written (pyproject.toml reads it too)."""
    from doublesix import __version__

    return __version__


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="doublesix", description="Double-six dominoes: play, serve, replay, measure.",
        epilog="`doublesix COMMAND --help` describes a command.")
    parser.add_argument("--version", action="version", version=f"doublesix {version()}")
    parser.add_argument("--debug", action="store_true", default=False,
                        help="show the traceback of a failure (also DOUBLESIX_DEBUG=1)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("replay", help="run a rules scenario and print a JSON state per step",
                       description="Run a rules scenario (FORMAT.md of the shared scenarios) "
                       "and print one JSON state per line; exit 2 when its setup is invalid.")
    p.add_argument("file", help="the scenario, a JSON file")
    p.set_defaults(func=_replay)

    p = sub.add_parser("verify", help="check every deal of a saved game record",
                       description="Check a game record (shuffle 2): each shuffle's secret "
                       "against its commitment, and every action against the deals its "
                       "secrets give (docs/protocol.md, \"Verifiable deals\"); one line per "
                       "deal, exit 1 at the first that disagrees.")
    p.add_argument("file", help="the record, a JSON file")
    p.set_defaults(func=_verify)

    p = sub.add_parser("bench", help="random playouts: engine speed as JSON",
                       description="Random playouts for a while; prints one JSON object with "
                       "games and plies per second (and per CPU second).")
    _rules_options(p)
    p.add_argument("--seconds", type=positive(float), default=10.0,
                   help="how long to measure (default: %(default)s)")
    p.add_argument("--seed", type=int, default=1, help="the first deal's seed (default: 1)")
    p.add_argument("--engine", choices=("kernel", "api"), default="kernel",
                   help="kernel: the playout engine the bots use; api: DealState objects "
                   "(default: %(default)s)")
    p.add_argument("--json", action="store_true", help="print only the JSON object")
    p.set_defaults(func=_bench)

    p = sub.add_parser("play", help="play in the terminal against the computer",
                       description="A game in the terminal against the computer; you are "
                       "seat 0. Type q to leave.")
    _rules_options(p)
    p.add_argument("--level", default=DEFAULT_LEVEL, metavar="LEVEL",
                   help=f"the computer's level: {', '.join(LEVELS)} (default: %(default)s)")
    p.add_argument("--seed", type=int, default=None,
                   help="the seed of the deals, to play the same game again (default: random)")
    p.add_argument("--lang", choices=("ru", "en"), default="ru",
                   help="the language of the game's texts (default: ru, Russian)")
    p.add_argument("--save", metavar="FILE", default=None,
                   help="write the game's record there, for doublesix analyse (default: not saved)")
    p.set_defaults(func=_play)

    for extra in _EXTRA_COMMANDS:
        extra(sub)
    # an alias (analyse/analyze) maps to the same parser: give each parser the flag once
    for command in {id(c): c for c in sub.choices.values()}.values():
        # --debug after the command name as well; SUPPRESS keeps one given before it
        command.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                             help="show the traceback of a failure (also DOUBLESIX_DEBUG=1)")
    return parser


def _register_arena(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    try:
        from doublesix.cli import arena as arena_cli
    except ImportError:
        return
    arena_cli.register(sub)


def _register_serve(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    try:
        from doublesix.cli import serve as serve_cli
    except ImportError:
        return
    serve_cli.register(sub)


def _register_analyse(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from doublesix.cli import analyse as analyse_cli

    analyse_cli.register(sub)


_EXTRA_COMMANDS = (_register_arena, _register_serve, _register_analyse)


def _quiet_stdout() -> None:
    """After a closed pipe (`doublesix play | head`), let the exit flush into nowhere."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line read, or a ParseError in one line (see cli/errors.py, Parser)."""
    parser = build_parser()
    args, extras = parser.parse_known_args(argv)
    if extras:  # named by the command they were given to, whose options they are not
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        commands: dict[str, Parser] = sub.choices
        commands[args.command].refuse_extra(extras)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    debug = "--debug" in arguments or os.environ.get("DOUBLESIX_DEBUG", "") not in ("", "0")
    try:
        args = parse(arguments)
    except ParseError as exc:
        if debug:
            raise
        print(f"{exc.command}: {exc}", file=sys.stderr)
        return exc.status
    debug = debug or args.debug
    name = f"doublesix {args.command}"
    try:
        status = int(args.func(args) or 0)
        sys.stdout.flush()  # a closed pipe shows here, inside the handlers below
        return status
    except BrokenPipeError:
        _quiet_stdout()
        return BROKEN_PIPE
    except KeyboardInterrupt:
        if debug:
            raise
        print(f"\n{name}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except CommandError as exc:
        if debug:
            raise
        print(f"{name}: {exc}", file=sys.stderr)
        return exc.status
    except Exception as exc:
        if debug:
            raise
        print(f"{name}: unexpected {type(exc).__name__}: {exc} (--debug shows where)",
              file=sys.stderr)
        return 1


__all__ = ["CommandError", "UsageError", "build_parser", "main"]


if __name__ == "__main__":
    sys.exit(main())
