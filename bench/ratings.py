"""Calibrate the ratings: computer players of known strength play rated games through the real
rating code (``doublesix.server.ratings.model``), for every rated game type.

The population is two profiles each of random, easy, medium and hard at two fixed budgets
(``hard:samples=4`` and ``hard:samples=16``: fixed numbers of worlds rather than milliseconds,
so a loaded machine plays the same games). For each game type the bench prints

- the true order of the strengths, measured before any rating: each strength against the next
  weaker by design (random, easy, medium, hard 4, hard 16) in the arena's paired deals
  (``doublesix.bots.arena.play_pair``: the same deals twice, seats swapped; pairs of one
  strength in «Козёл»), with a 95 % interval. A step whose interval excludes 50 % is *told
  apart*; one that does not is a tie as far as this many deals can tell;
- the final ratings, and whether they order the strengths correctly: every step the arena
  told apart must have its stronger side rated higher (a tie is not judged: either order is
  right within what the games can show), next to the head-to-head win probability the final
  ratings predict for it and the head-to-head score in the rating games' 2-player games;
- the calibration of the win probability the model predicted *before* each game against what
  happened (prequential: every game is predicted from the games before it only): Brier score
  and log loss next to the constant predictor's (1/n for each of n sides), overall, per number
  of players (a 3 or 4 player deal is rated in its preset's one rating: this checks that it
  may be), and a reliability table of the 2-sided games;
- how many games a new profile needs: newcomers of every strength join the settled population;
  the games until their rating stays within the provisional band (110 points) of their
  strength's settled rating, and the games until they lose the «?».

Which profiles meet is drawn at random, independent of the ratings, so every game is played
first (two processes at most: the machine is shared) and rated afterwards in order.

    nice -n 15 .venv/bin/python bench/ratings.py          # about 10 minutes of 2 idle cores
    nice -n 15 .venv/bin/python bench/ratings.py --full   # the note's figures: about 20 minutes
                                                          # idle, hours when loaded
    nice -n 15 .venv/bin/python bench/ratings.py --types block --games 200 --newcomer-games 30
"""

from __future__ import annotations

import argparse
import math
import os
import random
import resource
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from doublesix.bots.arena import MAX_DEALS, PairResult, make_any, play_pair
from doublesix.core.match import Match
from doublesix.core.rules import find_preset
from doublesix.core.view import PlayerView
from doublesix.server.ratings.model import (
    PROVISIONAL_GAMES,
    SCALE,
    Model,
    Rating,
    model,
    ranks_of,
)

#: the strengths, weakest first by design
STRENGTHS = ("random", "easy", "medium", "hard:samples=4", "hard:samples=16")
COPIES = 2
#: each rated game type, the player counts its games are played with (rated in one rating),
#: its number of games, its newcomers' games and the arena's deal pairs per step of strength
#: (2 players; «Козёл» pair against pair). The defaults fit ten minutes of 2 cores: the
#: processor time of a game is about 0.05 s for a block deal, 0.15 s for a draw deal, 0.55 s for
#: a 101 match and 1.7 s for a «Козёл» match (four players, whole matches, the hard computer
#: thinking in most seats), so the matches get fewest: 443 s of processor time in all when
#: measured (under 4 minutes of 2 idle cores; 50 minutes at a load of 20 to 25)
TYPES: dict[str, tuple[tuple[int, ...], int, int, int]] = {
    "draw": ((2, 2, 3, 4), 400, 20, 150),
    "block": ((2, 2, 3, 4), 600, 30, 250),
    "101": ((2,), 100, 16, 40),
    "kozel": ((4,), 40, 8, 20),
}
#: ``--full``: the campaign of the figures in the note (``bench/arena-figures.md``'s sizes),
#: about 650 s of processor time (36 minutes at a load of about 20)
FULL: dict[str, tuple[tuple[int, ...], int, int, int]] = {
    "draw": ((2, 2, 3, 4), 600, 30, 400),
    "block": ((2, 2, 3, 4), 600, 30, 600),
    "101": ((2,), 200, 20, 100),
    "kozel": ((4,), 100, 10, 50),
}
#: "within its band": this close to the settled mean of its strength
BAND = 75


@dataclass(frozen=True)
class Game:
    preset: str
    #: the profile in each seat
    seats: tuple[int, ...]
    #: the strength (an index of STRENGTHS) in each seat
    specs: tuple[int, ...]
    seed: int


def play(game: Game) -> int | None:
    """Play one rated game with each profile's bot; the winning side (None: a draw)."""
    rules = find_preset(game.preset, players=len(game.seats))
    bots = [make_any(STRENGTHS[spec], game.seed * 8 + s) for s, spec in enumerate(game.specs)]
    match = Match(rules, seed=game.seed)
    deals = 1
    while True:
        if match.deal_over:
            if match.is_over or not rules.is_match or deals >= MAX_DEALS:
                break
            match.next_deal()
            deals += 1
            continue
        seat = match.to_move
        assert seat is not None
        match.apply(bots[seat].choose(PlayerView.of(match, seat)), seat)  # type: ignore[union-attr]
    if rules.is_match:
        return match.winner
    outcome = match.deal.outcome
    assert outcome is not None
    return outcome.winner


def timed(game: Game) -> tuple[int | None, float]:
    """:func:`play`, and the processor time it took (the wall clock says more of the load on
    a shared machine than of the bench)."""
    start = time.process_time()
    winner = play(game)
    return winner, time.process_time() - start


@dataclass(frozen=True)
class Step:
    """The arena's score of strength ``lo + 1`` against strength ``lo`` (paired deals)."""

    lo: int
    rate: float
    half: float
    pairs: int

    @property
    def told_apart(self) -> int:
        """+1: the stronger by design is measurably stronger; -1: measurably weaker; 0: a tie
        as far as these deals can tell."""
        if self.rate - self.half > 0.5:
            return 1
        if self.rate + self.half < 0.5:
            return -1
        return 0


def arena_pair(job: tuple[str, int, int]) -> PairResult:
    """One paired deal of the arena: strength ``lo + 1`` against ``lo`` in *preset*."""
    preset, lo, seed = job
    rules = find_preset(preset, players=4 if preset == "kozel" else 2)
    return play_pair(rules, STRENGTHS[lo + 1], STRENGTHS[lo], seed)


def measure_steps(preset: str, pairs: int, rng: random.Random,
                  executor: ProcessPoolExecutor) -> list[Step]:
    """Each strength against the next weaker, in *pairs* paired deals each."""
    jobs = [(preset, lo, rng.randrange(2**31))
            for lo in range(len(STRENGTHS) - 1) for _ in range(pairs)]
    results = list(executor.map(arena_pair, jobs, chunksize=2))
    steps = []
    for lo in range(len(STRENGTHS) - 1):
        # the two games of a pair share their deal: the pair is the independent unit
        means = [sum(r.scores) / 2 for (_, at, _), r in zip(jobs, results, strict=True)
                 if at == lo]
        rate = statistics.fmean(means)
        half = 1.96 * statistics.stdev(means) / math.sqrt(len(means))
        steps.append(Step(lo, rate, half, len(means)))
    return steps


def sides_of(game: Game) -> list[list[int]]:
    """The profiles of each side: a pair in «Козёл» (seats 0 and 2, 1 and 3), else one."""
    if game.preset == "kozel":
        return [[game.seats[0], game.seats[2]], [game.seats[1], game.seats[3]]]
    return [[p] for p in game.seats]


def schedule(rng: random.Random, preset: str, counts: Sequence[int], games: int,
             pool: Sequence[int], strength: dict[int, int],
             newcomer: int | None = None) -> list[Game]:
    out = []
    for _ in range(games):
        n = rng.choice(counts)
        if newcomer is None:
            seats = rng.sample(pool, n)
        else:
            seats = [newcomer, *rng.sample(pool, n - 1)]
            rng.shuffle(seats)
        out.append(Game(preset, tuple(seats), tuple(strength[p] for p in seats),
                        rng.randrange(2**31)))
    return out


@dataclass
class Scores:
    """Prequential scores of the model's predictions and of the constant 1/n."""

    brier: list[float] = field(default_factory=list)
    logloss: list[float] = field(default_factory=list)
    brier_const: list[float] = field(default_factory=list)
    logloss_const: list[float] = field(default_factory=list)

    def add(self, probs: Sequence[float], winner: int | None) -> None:
        n = len(probs)
        # a drawn game shares the win among its sides
        observed = [1 / n] * n if winner is None else [float(i == winner) for i in range(n)]
        self.brier.append(sum((p - o) ** 2 for p, o in zip(probs, observed, strict=True)))
        self.logloss.append(-sum(o * math.log(max(p, 1e-12))
                                 for p, o in zip(probs, observed, strict=True) if o))
        self.brier_const.append(sum((1 / n - o) ** 2 for o in observed))
        self.logloss_const.append(math.log(n))

    def line(self, label: str) -> str:
        if not self.brier:
            return f"  {label:<22} no games"
        m = statistics.fmean
        return (f"  {label:<22} {len(self.brier):>5} games  Brier {m(self.brier):.4f}"
                f" (constant {m(self.brier_const):.4f})  log loss {m(self.logloss):.4f}"
                f" (constant {m(self.logloss_const):.4f})")


@dataclass
class Replay:
    """The games of one type rated in order from a given prior."""

    model: Model
    ratings: dict[int, Rating]
    played: dict[int, int]
    overall: Scores = field(default_factory=Scores)
    burned: Scores = field(default_factory=Scores)
    by_players: dict[int, Scores] = field(default_factory=dict)
    bins: dict[int, list[tuple[float, float]]] = field(default_factory=dict)
    head: dict[tuple[int, int], list[float]] = field(default_factory=dict)

    def rate(self, game: Game, winner: int | None) -> list[float]:
        """Rate one game; the win probabilities the model gave its sides before it."""
        sides = sides_of(game)
        before = [[self.ratings[p] for p in side] for side in sides]
        probs = self.model.win_probability(before)
        rated_sides = self.model.rate(before, ranks_of(winner, len(sides)))
        for side, rated in zip(sides, rated_sides, strict=True):
            for p, r in zip(side, rated, strict=True):
                self.ratings[p] = r
                self.played[p] += 1
        return probs

    def settle(self, games: Sequence[Game], winners: Sequence[int | None],
               strength: dict[int, int]) -> None:
        for n, (game, winner) in enumerate(zip(games, winners, strict=True)):
            probs = self.rate(game, winner)
            self.overall.add(probs, winner)
            if n >= len(games) // 5:
                self.burned.add(probs, winner)
            self.by_players.setdefault(len(game.seats), Scores()).add(probs, winner)
            if len(probs) != 2:
                continue
            observed = 0.5 if winner is None else float(winner == 0)
            self.bins.setdefault(min(int(probs[0] * 10), 9), []).append((probs[0], observed))
            if game.preset != "kozel":
                a, b = (strength[p] for p in game.seats)
                if a != b:
                    self.head.setdefault((min(a, b), max(a, b)), []).append(
                        observed if a > b else 1 - observed)


def run_type(preset: str, args: argparse.Namespace, executor: ProcessPoolExecutor) -> None:
    counts, games, new_games, arena_pairs = (FULL if args.full else TYPES)[preset]
    games = args.games or games
    new_games = args.newcomer_games or new_games
    arena_pairs = args.arena_pairs or arena_pairs
    shipped = model(preset)
    key = shipped.key
    rng = random.Random(f"{args.seed}:{preset}")
    strength = {p: p // COPIES for p in range(len(STRENGTHS) * COPIES)}
    settled = list(strength)
    newcomers = []
    for s in range(len(STRENGTHS)):
        for _ in range(args.newcomers):
            newcomers.append(len(strength))
            strength[len(strength)] = s
    phase1 = schedule(rng, preset, counts, games, settled, strength)
    phase2 = {p: schedule(rng, preset, counts, new_games, settled, strength, newcomer=p)
              for p in newcomers}
    every = phase1 + [g for p in newcomers for g in phase2[p]]
    start = time.perf_counter()
    steps = measure_steps(preset, arena_pairs, random.Random(f"{args.seed}:{preset}:arena"),
                          executor)
    print(f"\n== {preset}: the arena, each strength against the next weaker by design"
          f" ({arena_pairs} paired deals each, {time.perf_counter() - start:.0f} s):")
    for step in steps:
        verdict = {1: "stronger", -1: "WEAKER, against the design", 0: "not told apart"}
        print(f"  {STRENGTHS[step.lo + 1]} vs {STRENGTHS[step.lo]}: {step.rate:.1%}"
              f" ± {step.half:.1%}  -> {verdict[step.told_apart]}")
    start = time.perf_counter()
    results = list(executor.map(timed, every, chunksize=4))
    winners = [winner for winner, _ in results]
    seconds = time.perf_counter() - start
    cpu = sum(spent for _, spent in results)
    print(f"\n== {preset} (rating {key!r}; {games} games with {sorted(set(counts))} players,"
          f" then {len(newcomers)} newcomers x {new_games}; played in {seconds:.0f} s,"
          f" {cpu:.0f} s of processor time)")

    def replay(rating: Model) -> Replay:
        fresh = {p: rating.new() for p in strength}
        run = Replay(rating, fresh, dict.fromkeys(fresh, 0))
        run.settle(phase1, winners[:len(phase1)], strength)
        return run

    print("the prior (sigma of a new profile, points) against the prequential log loss, with"
          " gamma 1/k (shipped) and openskill's sigma/c:")
    prior_points = shipped.prior * SCALE
    for prior in sorted({*args.priors, prior_points}):
        fits = [replay(Model(key, prior, gamma)) for gamma in (True, False)]
        mark = "  <- shipped" if prior == prior_points else ""
        print(f"  prior {prior:>4.0f}: " + ";  ".join(
            f"log loss {statistics.fmean(f.overall.logloss):.4f},"
            f" Brier {statistics.fmean(f.overall.brier):.4f}" for f in fits) + mark)

    run = replay(shipped)
    ratings = run.ratings
    print("final ratings, strongest first:")
    for p in sorted(settled, key=lambda p: -ratings[p].display):
        r = ratings[p]
        print(f"  {STRENGTHS[strength[p]]:<16} #{p % COPIES}  {r.label():>6}"
              f"  ±{r.deviation:<4} {run.played[p]:>4} games")
    means = [statistics.fmean(ratings[p].display for p in settled if strength[p] == s)
             for s in range(len(STRENGTHS))]
    print("  strength means, weakest by design first: "
          + ", ".join(f"{STRENGTHS[s]} {means[s]:.0f}" for s in range(len(STRENGTHS))))
    print("  each step: the arena's verdict; the ratings' gap; the head-to-head win probability"
          " the final ratings predict (mean over the profiles) against the arena's score;"
          " the score in the rating games' 2-player games")
    wrong = 0
    for step in steps:
        lo, hi = step.lo, step.lo + 1
        gap = means[hi] - means[lo]
        predicted = statistics.fmean(
            run.model.win_probability([[ratings[a]], [ratings[b]]])[0]
            for a in settled if strength[a] == hi for b in settled if strength[b] == lo)
        agrees = step.told_apart == 0 or (gap > 0) == (step.told_apart > 0)
        wrong += not agrees
        judged = "not judged (a tie)" if step.told_apart == 0 else (
            "right" if agrees else "WRONG")
        scores = run.head.get((lo, hi), [])
        head = (f"{statistics.fmean(scores):.1%} of {len(scores)}" if scores else "none")
        print(f"    {STRENGTHS[hi]} vs {STRENGTHS[lo]}: gap {gap:+.0f} -> {judged};"
              f" predicted {predicted:.1%}, arena {step.rate:.1%} ± {step.half:.1%};"
              f" rating games {head}")
    told = sum(1 for step in steps if step.told_apart)
    if not told:
        print("  -> nothing to judge: the arena told no step apart (play more --arena-pairs)")
    else:
        print(f"  -> {'ordered correctly' if not wrong else 'NOT ordered correctly'}:"
              f" {told - wrong} of the {told} steps the arena told apart are rated in its order")
    print("calibration (each game predicted from the games before it):")
    print(run.overall.line("all games"))
    print(run.burned.line("after the first 20%"))
    if len(run.by_players) > 1:
        for n in sorted(run.by_players):
            print(run.by_players[n].line(f"{n} players"))
    print("  reliability of 2-sided games: predicted -> observed (games)")
    print("   " + "  ".join(
        f"{statistics.fmean(p for p, _ in v):.2f}->{statistics.fmean(o for _, o in v):.2f}"
        f" ({len(v)})" for _, v in sorted(run.bins.items())))

    print(f"newcomers: games until the rating stays within {BAND} points of its strength's"
          f" settled mean; the rating when it loses the «?» ({PROVISIONAL_GAMES} games):")
    rest = iter(winners[len(phase1):])
    for p in newcomers:
        inside_from: int | None = None
        at_mark: str = "-"
        for k, game in enumerate(phase2[p], 1):
            run.rate(game, next(rest))
            r = ratings[p]
            if abs(r.display - means[strength[p]]) <= BAND:
                inside_from = k if inside_from is None else inside_from
            else:
                inside_from = None
            if r.games == PROVISIONAL_GAMES:
                at_mark = r.label()
        print(f"  {STRENGTHS[strength[p]]:<16} within after "
              f"{inside_from if inside_from is not None else f'>{new_games}'}; at the «?»'s"
              f" end {at_mark}, final {ratings[p].label()} (settled"
              f" {means[strength[p]]:.0f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--types", default=",".join(TYPES),
                        help=f"the game types, comma-separated (default {','.join(TYPES)})")
    parser.add_argument("--games", type=int, default=0,
                        help="games of the settled population per type (default: per type)")
    parser.add_argument("--arena-pairs", type=int, default=0,
                        help="the arena's paired deals per step of strength (default: per type)")
    parser.add_argument("--newcomers", type=int, default=1,
                        help="newcomers per strength (default 1)")
    parser.add_argument("--newcomer-games", type=int, default=0,
                        help="games of each newcomer (default: per type)")
    parser.add_argument("--full", action="store_true",
                        help="the full campaign (more games per type: about half an hour)")
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--priors", default="50,75,100,150,200,423",
                        help="the priors (points) the log loss is compared at; 423 is"
                             " openskill's default")
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2),
                        help="processes playing the games (the machine is shared: at most 2)")
    args = parser.parse_args()
    args.priors = [float(p) for p in args.priors.split(",")]
    # the time below is the machine's as much as the bench's: say how busy it was
    print(f"load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as executor:
        for preset in args.types.split(","):
            if preset not in TYPES:
                parser.error(f"unknown type {preset!r}: choose from {', '.join(TYPES)}")
            run_type(preset, args, executor)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"\n{time.perf_counter() - start:.0f} s in all, {children.ru_utime:.0f} s of processor"
          " time in the processes that played")


if __name__ == "__main__":
    main()
