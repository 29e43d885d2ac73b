"""How a deal ended and where a match stands."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NotRequired, TypedDict

from doublesix.core.errors import InvalidSetup
from doublesix.core.tiles import Tile, name


class Reason(StrEnum):
    DOMINO = "domino"  # a player laid their last tile (выход)
    BLOCKED = "blocked"  # рыба: a full round of passes, or a dead board in 101
    RESIGNED = "resigned"  # a player gave the deal up (docs/rules.md "Resigning")


class BonusKind(StrEnum):
    """What a 101 or kozel deal added to the loser's count (RULES.md §7, §9)."""

    LEAD = "lead"  # the deal was led with a tile of the rules' lead table
    FINISH = "finish"  # the winner went out with a tile of the finish table
    LONE_DOUBLE = "lone_double"  # a hand of one double counts its table value, not its pips
    HANGING = "hanging"  # the points a tied fish left hanging, taken by this deal's loser


class BonusJSON(TypedDict):
    kind: str
    tile: str | None
    points: int


class OutcomeJSON(TypedDict):
    """``Outcome.to_dict()``: a view's ``result`` (docs/protocol.md)."""

    winner: int | None
    reason: str
    points: int
    pips: list[int]
    fisherman: int | None
    loser: int | None
    bonuses: list[BonusJSON]
    hanging: int
    out: int | None
    counts: list[int]
    #: the seat that resigned; only in a deal ended by resignation
    resigned: NotRequired[int]


class MatchJSON(TypedDict):
    """``MatchStatus.to_dict()``: a view's ``match``."""

    scores: list[int]
    hanging: int
    deal: int
    leader: int | None
    over: bool
    winner: int | None
    target: int
    teams: list[list[int]] | None
    dry: bool
    #: the seat that resigned the match; only in a match ended by resignation
    resigned: NotRequired[int]


@dataclass(frozen=True, slots=True)
class Bonus:
    """One entry of a deal's score beyond the losing hands' pips, as data: every reader (the
    scoring's total, the terminal, the browser) works from ``kind`` and ``tile``, never from a
    worded label."""

    kind: BonusKind
    points: int
    #: the tile it names (an index, see core.tiles); None for hanging points
    tile: int | None = None

    @property
    def added(self) -> bool:
        """True when the points come on top of the count; a lone double's value already *is*
        the count of that hand."""
        return self.kind is not BonusKind.LONE_DOUBLE

    def to_json(self) -> BonusJSON:
        return {"kind": self.kind.value, "tile": None if self.tile is None else name(self.tile),
                "points": self.points}

    @classmethod
    def from_json(cls, data: BonusJSON) -> Bonus:
        try:
            kind = BonusKind(data["kind"])
        except ValueError:
            raise InvalidSetup(f"{data['kind']!r} is not a bonus kind") from None
        tile = data["tile"]
        try:
            index = None if tile is None else Tile.parse(tile).index
        except ValueError as exc:
            raise InvalidSetup(str(exc)) from None
        if (index is None) != (kind is BonusKind.HANGING):
            raise InvalidSetup(f"a {kind} bonus {'names' if index is None else 'has'} no tile")
        return cls(kind, int(data["points"]), index)


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
    #: the bonuses that applied, e.g. (Bonus(BonusKind.LEAD, 50, 6-6's index),), and hanging
    #: points taken
    bonuses: tuple[Bonus, ...] = ()
    #: points left hanging by this deal for the next one (a tied fish in a match)
    hanging: int = 0
    #: the seat that laid its last tile (a domino), else None
    out: int | None = None
    #: in a match, what each side's hands count (a lone double by its table value); () else
    counts: tuple[int, ...] = ()
    #: the seat that resigned the deal (``reason`` RESIGNED), else None
    resigned: int | None = None

    def to_dict(self) -> OutcomeJSON:
        data: OutcomeJSON = {
            "winner": self.winner,
            "reason": self.reason.value,
            "points": self.points,
            "pips": list(self.pips),
            "fisherman": self.fisherman,
            "loser": self.loser,
            "bonuses": [bonus.to_json() for bonus in self.bonuses],
            "hanging": self.hanging,
            "out": self.out,
            "counts": list(self.counts),
        }
        if self.resigned is not None:  # only then: every other result keeps its old keys
            data["resigned"] = self.resigned
        return data


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
    #: the seat that resigned the match, else None
    resigned: int | None = None

    def to_dict(self) -> MatchJSON:
        data: MatchJSON = {
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
        if self.resigned is not None:
            data["resigned"] = self.resigned
        return data
