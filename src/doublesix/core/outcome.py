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
    drawn deal.
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
        }


@dataclass(frozen=True, slots=True)
class MatchStatus:
    """The score of a match between deals; ``leader`` leads the current (or next) deal."""

    scores: tuple[int, ...]
    hanging: int
    deal: int
    leader: int | None
    over: bool
    winner: int | None
    target: int

    def to_dict(self) -> dict[str, object]:
        return {
            "scores": list(self.scores),
            "hanging": self.hanging,
            "deal": self.deal,
            "leader": self.leader,
            "over": self.over,
            "winner": self.winner,
            "target": self.target,
        }
