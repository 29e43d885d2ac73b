"""The rules of double-six dominoes: standard library only, no I/O."""

from doublesix.core.actions import Action, ActionKind, End
from doublesix.core.errors import IllegalAction, InvalidSetup
from doublesix.core.match import Match
from doublesix.core.outcome import Bonus, BonusKind, MatchStatus, Outcome, Reason
from doublesix.core.rules import PRESETS, Ruleset, find_preset
from doublesix.core.state import DealState
from doublesix.core.tiles import ALL_TILES, Tile
from doublesix.core.view import PlayerView, PublicEvent, TableView, view_of

__all__ = [
    "ALL_TILES",
    "PRESETS",
    "Action",
    "ActionKind",
    "Bonus",
    "BonusKind",
    "DealState",
    "End",
    "IllegalAction",
    "InvalidSetup",
    "Match",
    "MatchStatus",
    "Outcome",
    "PlayerView",
    "PublicEvent",
    "Reason",
    "Ruleset",
    "TableView",
    "Tile",
    "find_preset",
    "view_of",
]
