"""The omniscient solver: it sees every hand and the boneyard order. An analysis and
benchmark tool (an upper bound for the levels), never a level: it is handed the game itself,
which no player ever is (RULES.md §2)."""

from __future__ import annotations

from doublesix.bots.search import EXACT, MatchContext, Searcher
from doublesix.core.actions import Action, ActionKind, End
from doublesix.core.match import Match
from doublesix.core.tiles import PIPS

#: plies searched while many tiles are still in play; exact below EXACT_TILES
DEPTH = 12
EXACT_TILES = 18


#: every option of OmniscientBot (``omniscient:NAME=NUMBER,…``) and what it does
OPTIONS: dict[str, str] = {
    "depth": f"plies searched while many tiles are still in play (default {DEPTH})",
    "exact": f"tiles in play below which the search goes to the end (default {EXACT_TILES})",
    "points": "weight of a deal's points beside the win (0: play for the win alone)",
    "uniform": "1: search the opponents as random players (expectimax), not perfect ones",
}


class OmniscientBot:
    """Alpha-beta on the true deal: exact once the tiles in play are few."""

    name = "omniscient"

    def __init__(self, seed: int | None = None, depth: float = DEPTH,
                 exact: float = EXACT_TILES, points: float = 1.0,
                 uniform: float = 0.0) -> None:
        self.seed = seed  # no randomness: kept for the common bot signature
        self.depth = int(depth)
        self.exact = int(exact)
        self.points = float(points)
        #: search the opponents as random players (expectimax), not as perfect ones
        self.uniform = bool(uniform)

    def choose_full(self, game: Match, seat: int) -> Action:
        deal = game.deal
        legal = deal.legal_actions()
        if len(legal) == 1:
            return legal[0]
        for action in legal:
            if action.kind is ActionKind.REDEAL:
                return action
        status = game.status()
        context = None
        if status is not None:
            context = MatchContext(status.scores, status.target, deal.led_with, deal.hanging_in)
        searcher = Searcher(game.rules, seat, context, points=self.points)
        if self.uniform:
            searcher.chance = lambda _h, _n, _l, _r, _line, moves: [1.0 / len(moves)] * len(moves)
        bone = [t.index for t in deal.boneyard()]
        searcher.set_world(bone)
        in_play = sum(deal.hand_sizes()) + (len(bone) if game.rules.draw_rule != "none" else 0)
        depth = EXACT if in_play <= self.exact else self.depth
        left, right = deal.ends if deal.ends is not None else (-1, -1)
        hands = list(deal.hands)
        best: tuple[float, int, Action] | None = None
        for action in legal:
            assert action.tile is not None
            side = -1 if action.end is None else (0 if action.end is End.LEFT else 1)
            value = searcher.value_after_play(
                hands, 0, left, right, seat, action.tile.index, side, deal.line.mask, depth
            )
            key = (value, PIPS[action.tile.index], action)
            if best is None or key[:2] > best[:2]:
                best = key
        assert best is not None
        return best[2]
