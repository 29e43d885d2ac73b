"""The rating model: one openskill (Weng-Lin) rating per person and game type, no storage.

openskill's Plackett-Luce model rates two players, two pairs («Козёл»: each person keeps a
rating of their own, updated from their pair's result) and a 3-4 player free-for-all with one
set of formulas, so every game type is rated the same way and the bench (``bench/ratings.py``)
measures exactly the code the hall runs.

What a person sees is a number on the scale chess players know: ``mu`` mapped so that a new
profile starts at 1500 and 400 points are ten-to-one odds between two settled players, as in
Elo and on lichess. Like lichess's «?», a rating is provisional until enough games:
:data:`PROVISIONAL_GAMES` rated games of its type.

Dominoes is not chess: one deal is mostly the luck of the tiles, so the whole range of players,
from a random one to the hard computer, spans about 150 points in a single deal (hard wins 64 %
of block deals against random, 54 % against medium: ``bench/arena-figures.md``). openskill's
default prior (sigma 25/3, about 420 points) would move a new rating by ~130 points on its
first deal and take hundreds of deals to undo the noise, so the prior of each game type is fitted by
``bench/ratings.py`` (the prequential log loss of its predictions), not taken from chess.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from statistics import NormalDist

from openskill.models import PlackettLuce

from doublesix.core.presets import get_preset

#: openskill's defaults, written out because the displayed scale is derived from them
MU = 25.0
BETA = 25.0 / 6
#: the number shown to a new profile
START = 1500
#: displayed points per unit of mu. openskill predicts two settled players' result as
#: Phi((mu_a - mu_b) / (sqrt(2) * BETA)); ten-to-one odds (a 10/11 chance) are 400 points, as
#: in Elo and on lichess
SCALE = 400 / (math.sqrt(2) * BETA * NormalDist().inv_cdf(10 / 11))
#: the prior sigma of a new profile, on the displayed scale, per rated game type: the best
#: prequential log loss of ``bench/ratings.py``'s computer population (of 50, 75, 100, 150,
#: 200 and openskill's 423). A block deal says least about skill, a 101 match most.
PRIOR_POINTS: dict[str, float] = {"draw": 75.0, "block": 50.0, "101": 150.0, "kozel": 100.0}
#: a rating is provisional («?») for its first games of a type. A count, not a sigma: in a game
#: this luck-bound sigma falls by about as much per game whatever happens, and the bench
#: (``bench/ratings.py``, the newcomers) shows a new profile's rating within about 75 points of
#: its settled one after 10-20 games in most runs
PROVISIONAL_GAMES = 20

#: the game types rated, by preset key: «с добором», «без добора», «до 101», «Козёл». A 3 or 4
#: player single deal is rated in its preset's rating (one «с добором» rating, whatever the
#: number of players): the rules are the same, the model weighs the number of opponents
#: itself, and a small hall's games are not split over three times as many leaderboards.
RATED_PRESETS = tuple(PRIOR_POINTS)


@dataclass(frozen=True, slots=True)
class Rating:
    """One person's rating in one game type."""

    mu: float
    sigma: float
    #: the rated games it has had
    games: int = 0

    @property
    def display(self) -> int:
        """The number shown: 1500 for a new profile, 400 points for ten-to-one odds."""
        return round(START + (self.mu - MU) * SCALE)

    @property
    def deviation(self) -> int:
        """The uncertainty on the displayed scale (one sigma)."""
        return round(self.sigma * SCALE)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    def label(self) -> str:
        """``1534`` or ``1534?`` (provisional), as lichess writes it."""
        return f"{self.display}{'?' if self.provisional else ''}"


def rating_key(preset: str) -> str:
    """The rating a game of *preset* counts for; refuses a preset that is not rated."""
    get_preset(preset)  # an unknown key is refused with the registry's own message
    if preset not in RATED_PRESETS:
        raise ValueError(f"preset {preset!r} is not rated: rated are {', '.join(RATED_PRESETS)}")
    return preset


class Model:
    """The rating of one game type: its prior, and openskill's Plackett-Luce under it."""

    def __init__(self, key: str, prior_points: float | None = None, gamma: bool = True) -> None:
        self.key = rating_key(key)
        #: the sigma of a new profile (*prior_points*: another prior, for the bench's fit)
        self.prior = (PRIOR_POINTS[key] if prior_points is None else prior_points) / SCALE
        # tau, the drift added before every game so that a rating never freezes, is
        # openskill's own share of the prior (a hundredth); its default (25/300) belongs to a
        # prior of 25/3 and would hold every sigma above the provisional line in dominoes
        # gamma 1/k (k: the number of sides) instead of openskill's sigma/c: the latter shrinks
        # sigma by a further factor sigma/c, which in a game this luck-bound (c is mostly beta)
        # would keep a «?» on a profile for hundreds of deals; 1/k is Weng and Lin's other
        # choice; it predicts as well (the bench: within 0.001 of log loss at the priors
        # chosen) and lets a settled rating's sigma keep falling
        self._openskill = PlackettLuce(mu=MU, sigma=self.prior, beta=BETA, tau=self.prior / 100,
                                       gamma=_per_side if gamma else _openskill_gamma)

    def new(self) -> Rating:
        return Rating(MU, self.prior)

    def _teams(self, sides: Sequence[Sequence[Rating]]) -> list[list[object]]:
        if len(sides) < 2 or any(not side for side in sides):
            raise ValueError("a rated game needs at least two sides of at least one person")
        return [[self._openskill.rating(mu=r.mu, sigma=r.sigma) for r in side]
                for side in sides]

    def rate(self, sides: Sequence[Sequence[Rating]],
             ranks: Sequence[int]) -> list[list[Rating]]:
        """The new ratings after one game. *sides* are the persons of each side (one each,
        or a pair in «Козёл»); *ranks* their places (0 the winner; equal ranks tie)."""
        if len(ranks) != len(sides):
            raise ValueError(f"{len(sides)} sides but {len(ranks)} ranks")
        rated = self._openskill.rate(self._teams(sides), ranks=list(ranks))  # type: ignore[arg-type]
        return [[Rating(new.mu, new.sigma, was.games + 1)
                 for new, was in zip(side, old, strict=True)]
                for side, old in zip(rated, sides, strict=True)]

    def win_probability(self, sides: Sequence[Sequence[Rating]]) -> list[float]:
        """The model's chance of each side winning (they sum to 1)."""
        return list(self._openskill.predict_win(self._teams(sides)))  # type: ignore[arg-type]


def _per_side(c: float, k: int, *_: object) -> float:
    return 1 / k


def _openskill_gamma(c: float, k: int, mu: float, sigma_squared: float, *_: object) -> float:
    return math.sqrt(sigma_squared) / c


#: the shipped model of every rated game type
MODELS: dict[str, Model] = {key: Model(key) for key in RATED_PRESETS}


def model(preset: str) -> Model:
    """The model a game of *preset* is rated by."""
    return MODELS[rating_key(preset)]


def ranks_of(winner: int | None, sides: int, leaving: Collection[int] = ()) -> list[int]:
    """The places of a finished game: its winner first, every other side tied behind it (in
    dominoes the losers all lose; a drawn game, *winner* None, ties everyone).

    *leaving* are the sides with a person who left the game and had not come back at its end
    (issue 26): they are placed behind every side that stayed, whatever the score (a computer
    that stood in for them and won does not win it for them), in their own order among
    themselves. When every side left, nobody stayed to win by it: the score decides."""
    if winner is not None and not 0 <= winner < sides:
        raise ValueError(f"winner {winner} is not one of {sides} sides")
    scored = [0 if winner is None or side == winner else 1 for side in range(sides)]
    gone = set(leaving)
    if not gone or all(side in gone for side in range(sides)):
        return scored
    keys = [(side in gone, scored[side]) for side in range(sides)]
    places = sorted(set(keys))
    return [places.index(key) for key in keys]
