"""How a deal ended and where a match stands."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Reason(StrEnum):
    DOMINO = "domino"  # a player laid their last tile (выход)
    BLOCKED = "blocked"  # рыба: a full round of passes, or a dead board in 101


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of one deal.

    ``points`` is what the winner scores in a single deal, and what the loser adds to their
    penalty total in a match (bonuses and hanging points included). ``winner`` is None for a
    drawn deal. With ``teams`` (kozel) ``winner`` and ``loser`` are pairs (0: seats 0 and 2,
    1: seats 1 and 3), as are the entries of ``counts``.
    """

    reason: Reason
    winner: int | None
    points: int
    pips: tuple[int, ...]
    fisherman: int | None = None
    loser: int | None = None
    #: the bonuses that applied, e.g. (("lead 6-6", 50),), and hanging points taken
    bonuses: tuple[tuple[str, int], ...] = ()
    #: points left hanging by this deal for the next one (a tied fish in a match)
    hanging: int = 0
    #: the seat that laid its last tile (a domino), else None
    out: int | None = None
    #: in a match, what each side's hands count (a lone double by its table value); () else
    counts: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "reason": self.reason.value,
            "points": self.points,
            "pips": list(self.pips),
            "fisherman": self.fisherman,
            "loser": self.loser,
            "bonuses": [[name, value] for name, value in self.bonuses],
            "hanging": self.hanging,
            "out": self.out,
            "counts": list(self.counts),
        }


@dataclass(frozen=True, slots=True)
class MatchStatus:
    """The score of a match between deals; ``leader`` leads the current (or next) deal.

    With ``teams`` (kozel) ``scores`` and ``winner`` are by pair and ``teams`` lists the
    pairs' seats; ``dry`` is «сухой козёл»: the match is over and the winners have 0 points.
    """

    scores: tuple[int, ...]
    hanging: int
    deal: int
    leader: int | None
    over: bool
    winner: int | None
    target: int
    teams: tuple[tuple[int, ...], ...] | None = None
    dry: bool = False

    def to_dict(self) -> dict[str, object]:
        return {
            "scores": list(self.scores),
            "hanging": self.hanging,
            "deal": self.deal,
            "leader": self.leader,
            "over": self.over,
            "winner": self.winner,
            "target": self.target,
            "teams": [list(t) for t in self.teams] if self.teams is not None else None,
            "dry": self.dry,
        }
