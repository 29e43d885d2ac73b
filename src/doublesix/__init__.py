"""doublesix: double-six dominoes — rules, computer opponents, a game server, a browser client."""

__version__ = "0.1.0"
