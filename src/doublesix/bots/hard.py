"""The hard level: sample hidden hands consistent with the public history, search each.

Perfect-information Monte Carlo: for every sampled world (opponents' hands and a boneyard
order, drawn from :mod:`doublesix.bots.knowledge`'s constraints) each legal play is valued by
a depth-limited alpha-beta search (:mod:`doublesix.bots.search`), exact once few tiles are
left; the play with the best mean value is chosen.

The budget is a time per decision (``ms``, default 150 so that p95 stays under 250 ms even
on a shared machine at load 15, where the wall clock runs 4-5 times the CPU time) or,
for reproducible runs, a number of sampled worlds (``samples``); with ``samples`` the decision
depends only on the seed and the view. Every option takes a number, so that an arena spec such
as ``hard:samples=16,depth=6`` can set it; :data:`OPTIONS` says what each one does (the one
list: ``doublesix arena --help`` and its refusals print it). What issue 15's options measured
is in bench/arena-figures.md: its second section has those kept off (``points``, ``expect``,
``assume``), its third ``fast`` to ``lean``, which ``bench/belief.py`` measures on the belief
alone. :meth:`HardBot.option_values` gives every play's value.

A bot keeps no state between decisions, so one instance may serve several threads.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
import time
from collections.abc import Iterator

from doublesix.bots.balance import balanced, features
from doublesix.bots.base import obvious_choice
from doublesix.bots.evaluation import learned_weights
from doublesix.bots.heuristics import score_play
from doublesix.bots.inference import (
    EPSILON,
    TEMPERATURES,
    Choice,
    lacks_now,
    model_choice,
    model_policy,
    model_probs,
    observed_choices,
    resample,
    world_weights,
)
from doublesix.bots.ismcts import search as ismcts_search
from doublesix.bots.knowledge import Knowledge, infer
from doublesix.bots.likelihood import Likelihood, weigh
from doublesix.bots.mcmc import Chain, chain_worlds
from doublesix.bots.sampling import sample_world
from doublesix.bots.search import EXACT, MatchContext, OutOfTime, Searcher
from doublesix.bots.seeding import decision_rng
from doublesix.core.actions import Action, ActionKind, End
from doublesix.core.view import PlayerView

DEFAULT_MS = 150.0
#: search depth in plies; a deal this close to its end is searched to the end instead
DEFAULT_DEPTH = 8
#: tiles still in play (hands, and the boneyard if it is drawn from) for an exact solve
EXACT_TILES = 14
#: with inference, candidate worlds sampled per world searched (then resampled by weight)
POOL = 4
#: worlds resampled at a time when the budget is a time
TIME_BATCH = 8
#: ISMCTS iterations that stand for one sampled world of ``samples`` (about the same time)
ISMCTS_PER_SAMPLE = 8
#: a fitted temperature at most this (the sharpest two of inference.TEMPERATURES) lets
#: alpha-beta search the opponent as the model's player
EXPLOIT_T = 1.5
#: mcmc: candidate worlds from which the chains start (by weight), chains, and the steps
#: every chain makes before its first world
MCMC_POOL = 32
MCMC_CHAINS = 4
MCMC_BURN = 20
#: lean: the temperatures (at most this) that the fit leans towards
SHARP = 0.5
#: hands sampled (and weighted) once per ISMCTS decision
ISMCTS_POOL = 128


#: every option of HardBot (``hard:NAME=NUMBER,…``) and what it does, in the order of its
#: signature; a test holds the two together, so a new knob cannot go unlisted
OPTIONS: dict[str, str] = {
    "ms": f"time budget per decision in ms (default {DEFAULT_MS:g}; 0 with samples or iters)",
    "samples": "a fixed number of sampled worlds instead of a time: reproducible at any load",
    "depth": f"plies searched before the static evaluation (default {DEFAULT_DEPTH})",
    "exact": f"tiles in play below which the search goes to the end (default {EXACT_TILES})",
    "prior": "how much of the medium level's liking is added to the searched value",
    "soft": "sampling weight (0-1) of a tile an opponent would probably have played already",
    "rollout": "1: value leaves by a greedy playout instead of the static evaluation",
    "infer": "0: no weighting of the sampled worlds by the opponent's plays (inference.py)",
    "pool": f"with inference, candidate worlds per world searched (default {POOL})",
    "temp": "a fixed temperature of the opponent model instead of the fitted one",
    "equity": "0: 101 deals valued by points, not by match equity (matchvalue.py)",
    "learned": "1: the fitted leaf weights (evaluation.py)",
    "ismcts": "1: information-set MCTS instead of alpha-beta (ismcts.py)",
    "iters": "ISMCTS with this fixed number of iterations",
    "model": "ISMCTS: the opponents in the tree play the fitted model instead of UCB",
    "origins": "0: inference ignores plays made before the opponent's last draw",
    "exploit": f"a fitted temperature at most this searches the opponent as the model's player"
               f" (default {EXPLOIT_T:g}; 0: never)",
    "loose": "1: an opponent fitting the flattest temperature is searched as a random player",
    "points": "weight of a deal's points beside the win (0: play for the win alone)",
    "assume": "1: search the opponent as the medium model even before any evidence",
    "expect": "a fitted temperature at least this makes the opponent a chance node playing"
              " the fitted model (expectimax; 0: never)",
    "eps": f"the chance the opponent model leaves to a play it does not explain"
           f" (default {EPSILON:g})",
    "tmin": "sharper temperatures, down to this, before the fitted grid",
    "mcmc": "N: worlds drawn from Metropolis chains, N steps apart (mcmc.py, two players)",
    "burn": f"mcmc: steps every chain makes before its first world (default {MCMC_BURN})",
    "chains": f"mcmc: how many chains (default {MCMC_CHAINS})",
    "glob": "1: every timed batch resamples from all candidates drawn so far",
    "fast": "0: the slower reference likelihood (the same worlds; likelihood.py)",
    "bal": "K: each batch chosen from K times as many draws so that tile shares follow the"
           " belief (balance.py)",
    "balbone": "with bal, N: also balance which tiles lie in the boneyard's first N places",
    "lean": f"L: a log-prior of -L on every temperature above {SHARP:g}, so the fit stays"
            " sharp until the plays speak clearly",
}


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
        soft: float | None = None,
        rollout: float = 0.0,
        infer: float = 1.0,
        pool: float = POOL,
        temp: float = 0.0,
        equity: float = 1.0,
        learned: float = 0.0,
        ismcts: float = 0.0,
        iters: float | None = None,
        model: float = 0.0,
        origins: float = 1.0,
        exploit: float = EXPLOIT_T,
        loose: float = 0.0,
        points: float = 1.0,
        assume: float = 0.0,
        expect: float = 0.0,
        eps: float = EPSILON,
        tmin: float = 0.0,
        mcmc: float = 0.0,
        burn: float = MCMC_BURN,
        chains: float = MCMC_CHAINS,
        glob: float = 0.0,
        fast: float = 1.0,
        bal: float = 0.0,
        balbone: float = 0.0,
        lean: float = 0.0,
    ) -> None:
        self.seed = seed
        self.samples = int(samples) if samples else None
        # a fixed budget (samples, or ISMCTS's iters) means no clock: reproducible at any load
        self.ms = float(ms) if ms else (None if self.samples or iters else DEFAULT_MS)
        self.depth = int(depth)
        self.exact = int(exact)
        self.prior = float(prior)
        self.infer = bool(infer)
        # the soft evidence is a cruder form of the inference: one or the other
        self.soft = float(soft) if soft is not None else (0.0 if self.infer else 0.5)
        self.rollout = bool(rollout)
        self.pool = max(1, int(pool))
        self.equity = bool(equity)
        self.learned = bool(learned)
        self.ismcts = bool(ismcts) or bool(iters)
        #: ISMCTS only: opponents in the tree play the fitted model instead of UCB
        self.model = bool(model)
        #: inference also reads plays made before the opponent's last draw (see inference.py)
        self.origins = bool(origins)
        #: alpha-beta only: when the fitted temperature is at most this, the opponent is
        #: searched as the model's player rather than as a perfect one (0: never)
        self.exploit = float(exploit)
        #: alpha-beta only: when the opponent fits the flattest temperature, search it as a
        #: random player
        self.loose = bool(loose)
        #: ISMCTS's fixed budget (iterations), its equivalent of ``samples``
        self.iters = int(iters) if iters else (self.samples * ISMCTS_PER_SAMPLE
                                               if self.samples else None)
        self.temperatures: tuple[float, ...] = (float(temp),) if temp else TEMPERATURES
        #: weight of a deal's points beside the win (search.Searcher.points; 0: win only)
        self.points = float(points)
        #: alpha-beta only: before any evidence, search the opponent as the model's player
        #: anyway (a prior that opponents play like medium; to measure what the model is worth)
        self.assume = bool(assume)
        #: alpha-beta only: when the fitted temperature is at least this (0: never), the
        #: opponent is a chance node playing the fitted softmax model (uniform at the flat
        #: end), an expectimax search, instead of a perfect player
        self.expect = float(expect)
        #: the chance the opponent model leaves to a play it does not explain
        self.eps = float(eps)
        if tmin and not temp and tmin < TEMPERATURES[0]:
            # sharper temperatures, down to tmin by factors of about 2.5, before the grid
            sharper: list[float] = []
            t = TEMPERATURES[0]
            while t / 2.5 > tmin * 1.01:
                t /= 2.5
                sharper.append(round(t, 3))
            self.temperatures = (float(tmin), *sorted(sharper), *TEMPERATURES)
        #: Metropolis steps between two worlds of a chain (0: importance resampling only)
        self.mcmc = int(mcmc)
        self.burn = int(burn)
        self.chains = max(1, int(chains))
        #: in timed mode, every batch resampled from all candidates so far, not its own
        self.glob = bool(glob)
        #: the worlds of a batch balanced on the belief's tile shares (balance.py): draws by
        #: weight, bal × the batch of them, from which the batch is chosen (0: plain draws)
        self.bal = int(bal)
        #: with bal, also balance which tiles lie in the boneyard's first places (0: no)
        self.balbone = int(balbone)
        #: a log-prior of −lean on every temperature of the grid above SHARP: the fit leans
        #: sharp until the plays speak clearly against it (0: no leaning)
        self.lean = float(lean)
        #: the fast likelihood (likelihood.py; the same worlds as the reference path of the
        #: first two passes, drawn in about 60 % of the time); 0 keeps the reference path,
        #: which the new samplers do not have
        self.fast = bool(fast) or bool(self.lean) or self.eps != EPSILON or bool(tmin) or \
            bool(self.mcmc) or self.glob or bool(self.bal)

    def choose(self, view: PlayerView) -> Action:
        obvious = obvious_choice(view)
        if obvious is not None:
            return obvious
        if self.ismcts:
            visits, _ = self._tree(view)
            # the most visited move: the robust choice of MCTS
            return max(visits, key=lambda a: visits[a])
        values, prior = self._evaluate(view)
        return max(values, key=lambda a: (values[a] + self.prior * prior[a], prior[a]))

    def option_values(self, view: PlayerView) -> dict[Action, float]:
        """The expected value of every legal play in *view*, from its seat's side: points of
        the deal (a won deal counts 50 on top; in a match, a won match 400 more), averaged
        over the worlds searched within the budget. Draws, passes and redeals are never a
        choice between plays (each is the only legal action, or a redeal) and get no value."""
        if not any(a.kind is ActionKind.PLAY for a in view.legal):
            return {}
        if self.ismcts:
            return self._tree(view)[1]
        return self._evaluate(view)[0]

    def _tree(self, view: PlayerView) -> tuple[dict[Action, tuple[int, float]],
                                                 dict[Action, float]]:
        """ISMCTS over the view's information set: visits (with the mean value as tie-break)
        and the mean value of every play."""
        start = time.perf_counter()
        know = infer(view)
        rng = decision_rng(self.seed, view)
        plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
        left, right = view.ends if view.ends is not None else (-1, -1)
        codes: dict[Action, int] = {}
        for a in plays:
            assert a.tile is not None
            # with equal ends both sides give the same line: one tree move
            side = 1 if a.end is End.RIGHT and left != right else 0
            codes[a] = a.tile.index * 2 + side
        roots = sorted(set(codes.values()))
        searcher = Searcher(view.rules, view.seat, _match_context(view), equity=self.equity,
                            points=self.points)
        deadline = None if self.ms is None else start + self.ms / 1000.0
        worlds, temperature = self._belief(view, know, rng)
        policy = None
        if self.model and math.isfinite(temperature) and view.players == 2:
            opp = 1 - view.seat
            policy = model_policy(temperature, lacks_now(view, opp, view.seat), rng)
        stats = ismcts_search(searcher, worlds, roots, left, right, know.line, deadline,
                              self.iters, policy)
        visits = {a: (stats.get(c, (0, 0.0))[0], stats.get(c, (0, 0.0))[1])
                  for a, c in codes.items()}
        return visits, {a: v for a, (_, v) in visits.items()}

    def _evaluate(self, view: PlayerView) -> tuple[dict[Action, float], dict[Action, float]]:
        start = time.perf_counter()
        know = infer(view)
        rng = decision_rng(self.seed, view)
        plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
        # the medium player's liking breaks ties and orders the search
        prior = {a: score_play(a, view.ends, know) for a in plays}
        plays.sort(key=lambda a: -prior[a])
        deadline = None if self.ms is None else start + self.ms / 1000.0
        totals, worlds = self._search(view, know, plays, rng, deadline)
        return {a: totals[a] / max(1, worlds) for a in plays}, prior

    def _worlds(self, view: PlayerView, know: Knowledge, rng: random.Random,
                fitted: list[float] | None = None) -> Iterator[tuple[list[int], list[int]]]:
        """Worlds to search, in order: plain samples, or with inference, samples drawn in
        proportion to how well they explain the opponents' plays (see inference.py)."""
        choices = observed_choices(view) if self.infer else []
        if not choices:
            while True:
                yield sample_world(know, rng, self.soft)
        if self.fast:
            yield from self._worlds_fast(view, know, rng, choices, fitted)
        batch = self.samples if self.samples is not None else TIME_BATCH
        while True:
            origins: list[dict[int, int]] = [{} for _ in range(batch * self.pool)]
            pool = [sample_world(know, rng, self.soft, o) for o in origins]
            weights, temperature = world_weights(choices, [hands for hands, _ in pool],
                                                 self.temperatures,
                                                 origins if self.origins else None)
            if fitted is not None:
                fitted.append(temperature)
            picks = resample(weights, batch, rng.random())
            yield from _picked([h for h, _ in pool], [b for _, b in pool], picks, rng)

    def _worlds_fast(self, view: PlayerView, know: Knowledge, rng: random.Random,
                     choices: list[Choice], fitted: list[float] | None
                     ) -> Iterator[tuple[list[int], list[int]]]:
        """The fast path (issue 15, third pass): importance resampling as the reference path
        does, optionally with balanced batches (``bal``) or, in timed mode, batches drawn from
        every candidate so far (``glob``); or a Metropolis chain started from the best of a
        pool (``mcmc``). All with the fast likelihood and ``eps``."""
        lik = Likelihood(choices, self.eps, self.origins)
        batch = self.samples if self.samples is not None else TIME_BATCH
        chain = bool(self.mcmc) and view.players == 2
        hands: list[list[int]] = []
        bones: list[list[int]] = []
        origins: list[dict[int, int]] = []
        placed: list[list[tuple[int, int, int, int]]] = []
        per_temp: list[list[float]] = [[] for _ in self.temperatures]
        evidence = False
        first = True
        while True:
            size = (MCMC_POOL if chain else batch * self.pool)
            if not self.glob or chain:
                hands, bones, origins, placed = [], [], [], []
                per_temp = [[] for _ in self.temperatures]
                evidence = False
            for _ in range(size):
                o: dict[int, int] = {}
                pl: list[tuple[int, int, int, int]] = []
                h, b = sample_world(know, rng, self.soft, o, pl)
                hands.append(h)
                bones.append(b)
                origins.append(o)
                placed.append(pl)
                known = o if self.origins else None
                for k, t in enumerate(self.temperatures):
                    per_temp[k].append(lik.log(h, known, t))
                # whether any world so far lets the plays say something (a glob pool keeps it)
                evidence = evidence or bool(lik.evidence(h, known))
            if evidence:
                weights, k = weigh(per_temp, [0.0 if t <= SHARP else -self.lean
                                              for t in self.temperatures]
                                   if self.lean else None)
                temperature = self.temperatures[k]
            else:
                weights, temperature = [1.0 / len(hands)] * len(hands), math.inf
            if fitted is not None and first:
                fitted.append(temperature)
            first = False
            if chain and evidence:
                starts = resample(weights, self.chains, rng.random())
                chains = [Chain(view.seat, know.mine, placed[k], bones[k], lik, temperature,
                                rng) for k in starts]
                yield from chain_worlds(chains, self.burn, self.mcmc)
            if self.bal and view.players == 2:
                opp = 1 - view.seat
                draws = view.rules.draw_rule != "none"
                picks = balanced([features(h[opp], b, self.balbone if draws else 0)
                                  for h, b in zip(hands, bones, strict=True)],
                                 weights, batch, rng, self.bal)
            else:
                picks = resample(weights, batch, rng.random())
            yield from _picked(hands, bones, picks, rng)

    def _belief(self, view: PlayerView, know: Knowledge, rng: random.Random
                ) -> tuple[Iterator[tuple[list[int], list[int]]], float]:
        """Worlds for ISMCTS, which wants thousands of them: one weighted pool of hands,
        drawn from by weight, each time with a fresh boneyard order; and the temperature
        fitted to the opponents' plays (infinite without evidence)."""
        origins: list[dict[int, int]] = [{} for _ in range(ISMCTS_POOL)]
        pool = [sample_world(know, rng, self.soft, o) for o in origins]
        choices = observed_choices(view) if self.infer else []
        weights, temperature = world_weights(choices, [h for h, _ in pool],
                                             self.temperatures,
                                             origins if self.origins else None) \
            if choices else ([1.0] * len(pool), math.inf)
        return self._draw_from(pool, weights, rng), temperature

    @staticmethod
    def _draw_from(pool: list[tuple[list[int], list[int]]], weights: list[float],
                   rng: random.Random) -> Iterator[tuple[list[int], list[int]]]:
        cumulative = list(itertools.accumulate(weights))
        while True:
            hands, bone = pool[bisect.bisect(cumulative, rng.random() * cumulative[-1])
                               if len(pool) > 1 else 0]
            bone = bone[:]
            rng.shuffle(bone)
            yield hands, bone

    def _search(self, view: PlayerView, know: Knowledge, plays: list[Action],
                rng: random.Random, deadline: float | None) -> tuple[dict[Action, float], int]:
        totals = dict.fromkeys(plays, 0.0)
        searcher = Searcher(view.rules, view.seat, _match_context(view), deadline=deadline,
                            rollout=self.rollout, equity=self.equity, points=self.points,
                            weights=learned_weights(view.rules) if self.learned else None)
        left, right = view.ends if view.ends is not None else (-1, -1)
        depth = self._depth(view, know)
        worlds = 0
        limit = self.samples if self.samples is not None else 10_000
        fitted: list[float] = []
        source = self._worlds(view, know, rng, fitted)
        # resampling repeats likely worlds: search each once
        seen: dict[tuple[tuple[int, ...], ...], dict[Action, float]] = {}
        loose = False
        while worlds < limit:
            hands, bone = next(source)
            sharp = fitted[0] <= self.exploit if fitted else self.assume
            if worlds == 0 and self.exploit and sharp and view.players == 2:
                # the opponent's plays fit the model sharply: search it as that player
                searcher.model = model_choice(lacks_now(view, 1 - view.seat, view.seat))
            if worlds == 0 and self.expect and fitted and fitted[0] >= self.expect and \
                    view.players == 2:
                # a loose fit: the opponent is searched as the stochastic player it looks like
                searcher.chance = model_probs(fitted[0], lacks_now(view, 1 - view.seat,
                                                                   view.seat))
            if worlds == 0 and self.loose and fitted and fitted[0] >= TEMPERATURES[-1] and \
                    view.players == 2:
                loose = True
            key: tuple[tuple[int, ...], ...] = (tuple(hands), tuple(bone))
            if loose:
                # an opponent whose plays the model explains no better than chance: in each
                # world it plays one sampled line of random moves, so the average over worlds
                # is the value against a random player, not against a perfect one
                pick = random.Random(rng.random())
                searcher.model = lambda _h, _n, _l, _r, _line, moves, pick=pick: \
                    moves[pick.randrange(len(moves))]
                key = (*key, (worlds,))
            cached = seen.get(key)
            if cached is not None:
                for action, v in cached.items():
                    totals[action] += v
                worlds += 1
                # a repeat costs no search, but drawing it does: the clock still counts
                if deadline is not None and time.perf_counter() > deadline:
                    break
                continue
            # with no boneyard in play, worlds share positions: keep the table
            searcher.set_world(bone, keep_table=not loose and (
                not bone or view.rules.draw_rule == "none"))
            try:
                values = _values(searcher, hands, plays, view.seat, left, right, know.line,
                                 depth)
                seen[key] = values
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


def _picked(hands: list[list[int]], bones: list[list[int]], picks: list[int],
            rng: random.Random) -> Iterator[tuple[list[int], list[int]]]:
    """The resampled worlds *picks* (indices, repeats allowed) in random order."""
    rng.shuffle(picks)
    used: set[int] = set()
    for k in picks:
        bone = bones[k]
        if k in used and len(bone) > 1:
            # a likely hand again: with another boneyard order it is a new world
            bone = bone[:]
            rng.shuffle(bone)
        used.add(k)
        yield hands[k], bone


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

