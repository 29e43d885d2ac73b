"""The `doublesix` command: serve | play | arena | replay | bench.

Each subcommand imports its module only when run, so `doublesix replay` never loads the
server's dependencies.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from doublesix.core.rules import PRESETS


def _replay(args: argparse.Namespace) -> int:
    from doublesix import replay

    return replay.main(args.file)


def _bench(args: argparse.Namespace) -> int:
    from doublesix import speed

    return speed.main(args)


def _play(args: argparse.Namespace) -> int:
    from doublesix import terminal

    return terminal.main(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="doublesix", description="Double-six dominoes.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="run a rules scenario and print a JSON state per step")
    p.add_argument("file")
    p.set_defaults(func=_replay)

    p = sub.add_parser("bench", help="random playouts: engine speed as JSON")
    p.add_argument("--preset", choices=PRESETS, default="draw")
    p.add_argument("--players", type=int, default=None, help="2-4 (default 2; kozel 4)")
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--engine", choices=("kernel", "api"), default="kernel",
                   help="kernel: the playout engine the bots use; api: DealState objects")
    p.add_argument("--json", action="store_true", help="print only the JSON object")
    p.set_defaults(func=_bench)

    p = sub.add_parser("play", help="play in the terminal against the computer")
    p.add_argument("--preset", choices=PRESETS, default="draw")
    p.add_argument("--players", type=int, default=None, help="2-4 (default 2; kozel 4)")
    p.add_argument("--level", default="medium")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--lang", choices=("ru", "en"), default="ru",
                   help="the language of the game's texts (default: Russian)")
    p.set_defaults(func=_play)

    for extra in _EXTRA_COMMANDS:
        extra(sub)
    return parser


def _register_arena(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    try:
        from doublesix.bots import arena_cli
    except ImportError:
        return
    arena_cli.register(sub)


def _register_serve(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    try:
        from doublesix.server import serve_cli
    except ImportError:
        return
    serve_cli.register(sub)


_EXTRA_COMMANDS = (_register_arena, _register_serve)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
