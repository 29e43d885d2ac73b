"""The `doublesix` command line; each subcommand lives in a module of its own here.

``doublesix = "doublesix.cli:main"`` (pyproject) and ``python -m doublesix`` call :func:`main`.
"""

from doublesix.cli.main import build_parser, main

__all__ = ["build_parser", "main"]
