"""The hard level: sample hidden hands consistent with the public history, search each.

Perfect-information Monte Carlo: for every sampled world (opponents' hands and a boneyard
order, drawn from :mod:`doublesix.bots.knowledge`'s constraints) each legal play is valued by
a depth-limited alpha-beta search (:mod:`doublesix.bots.search`), exact once few tiles are
left; the play with the best mean value is chosen.

The budget is a time per decision (``ms``, default 180 so that p95 stays under 250 ms) or,
for reproducible runs, a number of sampled worlds (``samples``); with ``samples`` the decision
depends only on the seed and the view. Other knobs (all take numbers, so an arena spec such as
``hard:samples=16,depth=6`` can set them): ``depth`` plies before the static evaluation,
``exact`` tiles in play below which the search goes to the end, ``soft`` the sampling weight
(0-1) of a tile an opponent would probably have played already (0 or 1: no such evidence),
``prior`` how much of the medium level's liking is added to the searched value, and
``rollout`` 1 to value leaves by a greedy playout instead.

A bot keeps no state between decisions, so one instance may serve several threads.
"""

from __future__ import annotations

import random
import time

from doublesix.bots.base import obvious_choice
from doublesix.bots.heuristics import score_play
from doublesix.bots.knowledge import Knowledge, infer
from doublesix.bots.sampling import sample_world
from doublesix.bots.search import EXACT, MatchContext, OutOfTime, Searcher
from doublesix.bots.seeding import decision_rng
from doublesix.core.actions import Action, ActionKind, End
from doublesix.core.view import PlayerView

DEFAULT_MS = 180.0
#: search depth in plies; a deal this close to its end is searched to the end instead
DEFAULT_DEPTH = 8
#: tiles still in play (hands, and the boneyard if it is drawn from) for an exact solve
EXACT_TILES = 14


class HardBot:
    """Determinized alpha-beta over sampled worlds; see the module docstring."""

    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        ms: float | None = None,
        samples: float | None = None,
        depth: float = DEFAULT_DEPTH,
        exact: float = EXACT_TILES,
        prior: float = 0.0,
        soft: float = 0.5,
        rollout: float = 0.0,
    ) -> None:
        self.seed = seed
        self.samples = int(samples) if samples else None
        self.ms = float(ms) if ms else (None if self.samples else DEFAULT_MS)
        self.depth = int(depth)
        self.exact = int(exact)
        self.prior = float(prior)
        self.soft = float(soft)
        self.rollout = bool(rollout)

    def choose(self, view: PlayerView) -> Action:
        obvious = obvious_choice(view)
        if obvious is not None:
            return obvious
        legal = view.legal
        start = time.perf_counter()
        know = infer(view)
        rng = decision_rng(self.seed, view)
        plays = [a for a in legal if a.kind is ActionKind.PLAY]
        # the medium player's liking breaks ties and orders the search
        prior = {a: score_play(a, view.ends, know) for a in plays}
        plays.sort(key=lambda a: -prior[a])
        deadline = None if self.ms is None else start + self.ms / 1000.0
        totals, worlds = self._search(view, know, plays, rng, deadline)
        blend = self.prior * max(1, worlds)
        return max(plays, key=lambda a: (totals[a] + blend * prior[a], prior[a]))

    def _search(self, view: PlayerView, know: Knowledge, plays: list[Action],
                rng: random.Random, deadline: float | None) -> tuple[dict[Action, float], int]:
        totals = dict.fromkeys(plays, 0.0)
        searcher = Searcher(view.rules, view.seat, _match_context(view), deadline=deadline,
                            rollout=self.rollout)
        left, right = view.ends if view.ends is not None else (-1, -1)
        depth = self._depth(view, know)
        worlds = 0
        limit = self.samples if self.samples is not None else 10_000
        while worlds < limit:
            hands, bone = sample_world(know, rng, self.soft)
            # with no boneyard in play, worlds share positions: keep the table
            searcher.set_world(bone, keep_table=not bone or view.rules.draw_rule == "none")
            try:
                values = _values(searcher, hands, plays, view.seat, left, right, know.line,
                                 depth)
            except OutOfTime:
                if worlds == 0:
                    # not even one world in time: settle for a one-ply look at this one
                    searcher.deadline = None
                    values = _values(searcher, hands, plays, view.seat, left, right,
                                     know.line, 1)
                    for action, v in values.items():
                        totals[action] += v
                break
            for action, v in values.items():
                totals[action] += v
            worlds += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        return totals, worlds

    def _depth(self, view: PlayerView, know: Knowledge) -> int:
        in_play = sum(view.hand_sizes)
        if view.rules.draw_rule != "none":
            in_play += view.boneyard_size
        return EXACT if in_play <= self.exact else self.depth


def _values(searcher: Searcher, hands: list[int], plays: list[Action], seat: int, left: int,
            right: int, line: int, depth: int) -> dict[Action, float]:
    """The searched value of every play in one world."""
    values: dict[Action, float] = {}
    for action in plays:
        assert action.tile is not None
        side = -1 if action.end is None else (0 if action.end is End.LEFT else 1)
        values[action] = searcher.value_after_play(
            hands, 0, left, right, seat, action.tile.index, side, line, depth
        )
    return values


def _match_context(view: PlayerView) -> MatchContext | None:
    status = view.match
    if status is None:
        return None
    led = view.history[0].action.tile if view.history else None
    hanging = status.hanging
    return MatchContext(
        scores=status.scores,
        target=status.target,
        led_with=led.index if led is not None else -1,
        hanging_in=hanging,
    )

