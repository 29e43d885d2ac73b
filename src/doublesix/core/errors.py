"""The exceptions of the rules core: each carries a reason a player can read."""


class IllegalAction(ValueError):
    """An action the rules refuse; the state it was tried on is unchanged."""


class InvalidSetup(ValueError):
    """A deal, position or ruleset that cannot exist (a tile twice, a broken line, …)."""
