"""doublesix: double-six dominoes — rules, computer opponents, a game server and a browser client."""

__version__ = "0.1.0"
