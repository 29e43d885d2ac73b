"""Duplicate-deal arenas: every seeded deal is played twice with the seats swapped.

Swapping seats on the same deal cancels most of the luck of the tiles, so a few hundred
pairs already separate bots that differ by a few percent.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, TypedDict

from doublesix.bots import make_bot
from doublesix.bots.base import Bot
from doublesix.core.errors import IllegalAction
from doublesix.core.match import Match
from doublesix.core.rules import Ruleset
from doublesix.core.view import PlayerView

#: a match that has not ended after this many deals is stopped (never expected)
MAX_DEALS = 500


class FullInfoBot(Protocol):
    """An analysis bot that is handed the whole game (the omniscient solver)."""

    name: str

    def choose_full(self, game: Match, seat: int) -> Any: ...


def make_any(spec: str, seed: int) -> Bot | FullInfoBot:
    """A bot from a spec like ``hard``, ``hard:ms=50`` or ``omniscient:depth=8``."""
    name, _, opts = spec.partition(":")
    options: dict[str, float] = {}
    for item in filter(None, opts.split(",")):
        key, _, value = item.partition("=")
        options[key.strip()] = float(value)
    if name == "omniscient":
        from doublesix.bots.omniscient import OmniscientBot

        return OmniscientBot(seed, **options)
    if options:
        from doublesix.bots.hard import HardBot

        if name != "hard":
            raise ValueError(f"only hard and omniscient take options, not {name!r}")
        return HardBot(seed, **options)
    return make_bot(name, seed)


@dataclass
class GameResult:
    """One game from seat-independent A's point of view."""

    score: float  # 1 win, 0.5 draw, 0 loss (for A)
    points: int  # A's points minus B's points (a match: penalty points the other way round)
    deals: int
    times: dict[str, list[float]] = field(default_factory=dict)


def play_game(rules: Ruleset, seed: int, seats: list[Bot | FullInfoBot], a_seats: set[int],
              label: list[str]) -> GameResult:
    """Play one game (a deal, or a whole match) with the given bot in every seat."""
    game = Match(rules, seed=seed)
    times: dict[str, list[float]] = {label[0]: [], label[1]: []}
    deals = 1
    while True:
        if game.deal_over:
            if game.is_over:
                break
            game.next_deal()
            deals += 1
            if deals > MAX_DEALS:
                break
            continue
        seat = game.to_move
        assert seat is not None
        bot = seats[seat]
        start = time.perf_counter()
        if hasattr(bot, "choose_full"):
            action = bot.choose_full(game, seat)
        else:
            action = bot.choose(PlayerView.of(game, seat))
        elapsed = (time.perf_counter() - start) * 1000
        times[label[0] if seat in a_seats else label[1]].append(elapsed)
        try:
            game.apply(action, seat)
        except IllegalAction as exc:
            raise RuntimeError(f"{bot.name} made an illegal move {action}: {exc}") from exc
    return GameResult(*_result(game, a_seats), deals=deals, times=times)


def _result(game: Match, a_seats: set[int]) -> tuple[float, int]:
    rules = game.rules
    # scores and winners are by side: a seat, or in kozel a pair (A holds both its seats)
    a_sides = {rules.side_of(s) for s in a_seats}
    if rules.is_match:
        a_pen = sum(game.scores[s] for s in a_sides)
        b_pen = sum(game.scores) - a_pen
        score = 0.5 if game.winner is None else float(game.winner in a_sides)
        return score, b_pen - a_pen
    outcome = game.deal.outcome
    assert outcome is not None
    if outcome.winner is None:
        return 0.5, 0
    won = outcome.winner in a_sides
    return float(won), outcome.points if won else -outcome.points


@dataclass
class PairResult:
    scores: tuple[float, float]
    points: tuple[int, int]
    deals: int
    times: dict[str, list[float]]


def play_pair(rules: Ruleset, spec_a: str, spec_b: str, seed: int) -> PairResult:
    """The deal of *seed* twice: A in the even seats, then A in the odd seats.

    In kozel the even seats are one pair and the odd seats the other, so this is A+A against
    B+B, and then the same deals with the pairs' seats rotated by one.
    """
    results = []
    for swap in (False, True):
        a_seats = {s for s in range(rules.players) if (s % 2 == 1) == swap}
        seats: list[Bot | FullInfoBot] = []
        for s in range(rules.players):
            # each bot gets its own seed per seat so two copies of one level do not mirror
            spec = spec_a if s in a_seats else spec_b
            seats.append(make_any(spec, seed * 16 + s))
        results.append(play_game(rules, seed, seats, a_seats, ["a", "b"]))
    times = {k: results[0].times[k] + results[1].times[k] for k in ("a", "b")}
    return PairResult(
        (results[0].score, results[1].score),
        (results[0].points, results[1].points),
        results[0].deals + results[1].deals,
        times,
    )


class ArenaJSON(TypedDict):
    """``ArenaReport.to_dict()``: what ``doublesix arena --json`` prints."""

    bot_a: str
    bot_b: str
    preset: str
    players: int
    pairs: int
    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float
    ci95: list[float]
    points_per_deal: float
    deals: int
    ms_p50: dict[str, float]
    ms_p95: dict[str, float]
    seconds: float


@dataclass
class ArenaReport:
    bot_a: str
    bot_b: str
    preset: str
    players: int
    pairs: int
    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float
    ci95: tuple[float, float]
    points_per_deal: float
    deals: int
    ms_p50: dict[str, float]
    ms_p95: dict[str, float]
    seconds: float

    def to_dict(self) -> ArenaJSON:
        return {
            "bot_a": self.bot_a, "bot_b": self.bot_b, "preset": self.preset,
            "players": self.players, "pairs": self.pairs, "games": self.games,
            "wins": self.wins, "draws": self.draws, "losses": self.losses,
            "win_rate": self.win_rate, "ci95": list(self.ci95),
            "points_per_deal": self.points_per_deal, "deals": self.deals,
            "ms_p50": self.ms_p50, "ms_p95": self.ms_p95, "seconds": self.seconds,
        }


def run_arena(
    rules: Ruleset,
    spec_a: str,
    spec_b: str,
    pairs: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> ArenaReport:
    """Play *pairs* duplicate deal pairs and sum them up from A's point of view."""
    start = time.perf_counter()
    rng = random.Random(seed)
    seeds = [rng.randrange(2**31) for _ in range(pairs)]
    collected: list[PairResult] = []
    for done, result in enumerate(_pairs(rules, spec_a, spec_b, seeds, workers), 1):
        collected.append(result)
        if progress:
            progress(done, pairs)
    return summarize(rules, spec_a, spec_b, collected, time.perf_counter() - start)


def _pairs(rules: Ruleset, spec_a: str, spec_b: str, seeds: list[int],
           workers: int) -> Iterator[PairResult]:
    if workers <= 1:
        for s in seeds:
            yield play_pair(rules, spec_a, spec_b, s)
        return
    from concurrent.futures import ProcessPoolExecutor

    # the machine is shared: never more than two processes
    with ProcessPoolExecutor(max_workers=min(workers, 2)) as pool:
        yield from pool.map(_play_pair_args, [(rules, spec_a, spec_b, s) for s in seeds])


def _play_pair_args(args: tuple[Ruleset, str, str, int]) -> PairResult:
    return play_pair(*args)


def summarize(rules: Ruleset, spec_a: str, spec_b: str, results: list[PairResult],
              seconds: float) -> ArenaReport:
    scores = [s for r in results for s in r.scores]
    wins = sum(1 for s in scores if s == 1.0)
    draws = sum(1 for s in scores if s == 0.5)
    pair_means = [sum(r.scores) / 2 for r in results]
    rate = statistics.fmean(pair_means) if pair_means else 0.0
    # the two games of a pair share their deal, so the pair is the independent unit
    half = 1.96 * statistics.stdev(pair_means) / math.sqrt(len(pair_means)) \
        if len(pair_means) > 1 else 0.5
    deals = sum(r.deals for r in results)
    points = sum(sum(r.points) for r in results)
    times = {k: [t for r in results for t in r.times[k]] for k in ("a", "b")}
    return ArenaReport(
        bot_a=spec_a,
        bot_b=spec_b,
        preset=rules.preset,
        players=rules.players,
        pairs=len(results),
        games=len(scores),
        wins=wins,
        draws=draws,
        losses=len(scores) - wins - draws,
        win_rate=round(rate, 4),
        ci95=(round(max(0.0, rate - half), 4), round(min(1.0, rate + half), 4)),
        points_per_deal=round(points / deals, 3) if deals else 0.0,
        deals=deals,
        ms_p50={spec_a: _pct(times["a"], 50), spec_b: _pct(times["b"], 50)},
        ms_p95={spec_a: _pct(times["a"], 95), spec_b: _pct(times["b"], 95)},
        seconds=round(seconds, 1),
    )


def _pct(values: list[float], q: int) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))
    return round(ordered[k], 3)
