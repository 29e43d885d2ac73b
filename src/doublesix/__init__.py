"""doublesix: double-six dominoes — rules, computer opponents, a game server, a browser client."""

#: the version, written here only: pyproject.toml and `doublesix --version` read it
__version__ = "0.1.0"
