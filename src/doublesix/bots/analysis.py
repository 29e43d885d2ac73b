"""«Разбор партии»: the engine reviews one seat's decisions in a finished deal.

Every decision is judged from what that seat knew *then*: its PlayerView at that moment, from
which worlds consistent with it are sampled and searched (:mod:`doublesix.bots.evaluate`).
The review never looks at the other hands or the boneyard, so it reveals nothing the seat
could not have known, and it is only ever offered once the deal is over.

Values are in the engine's units: points the deal is worth to the seat, a win counting
:data:`~doublesix.bots.search.WIN` (50) on top. A decision's *loss* is the best option's value
minus the chosen one's, on the same sampled worlds; labels come from fixed thresholds on the
loss (:data:`THRESHOLDS`, calibrated in docs/analysis.md).

Deterministic for a seed: worlds come from ``Random(seed, ply)``; the time budget per decision
only cuts the number of worlds when it runs out (``worlds`` in each decision says how many).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypedDict

from doublesix.bots.evaluate import final_value, search_values
from doublesix.core.actions import Action, ActionKind
from doublesix.core.errors import IllegalAction, InvalidSetup
from doublesix.core.match import Match
from doublesix.core.notation import RECORD_FORMAT, RECORD_VERSION, dealer_of_record
from doublesix.core.rules import Ruleset, RulesJSON
from doublesix.core.view import PlayerView

#: worlds searched per decision (and per position of the graph) unless told otherwise
DEFAULT_WORLDS = 64
#: the time budget of one decision, in milliseconds
DEFAULT_MS = 1500.0


class Label(StrEnum):
    BEST = "best"            # точно
    INACCURACY = "inaccuracy"  # неточность
    MISTAKE = "mistake"      # ошибка
    BLUNDER = "blunder"      # грубая ошибка
    FORCED = "forced"        # no choice: not judged


#: (label, the smallest loss that earns it), worst first; a loss below them all is BEST
THRESHOLDS: tuple[tuple[Label, float], ...] = (
    (Label.BLUNDER, 40.0),
    (Label.MISTAKE, 20.0),
    (Label.INACCURACY, 8.0),
)

LABEL_RU = {Label.BEST: "точно", Label.INACCURACY: "неточность", Label.MISTAKE: "ошибка",
            Label.BLUNDER: "грубая ошибка", Label.FORCED: "вынужденно"}


def label_for(loss: float) -> Label:
    for label, floor in THRESHOLDS:
        if loss >= floor:
            return label
    return Label.BEST


class NotFinished(ValueError):
    """The deal asked for is still being played: no review may show anything of it."""


@dataclass(frozen=True, slots=True)
class Option:
    action: Action
    value: float


@dataclass(frozen=True, slots=True)
class Decision:
    """One turn of the reviewed seat, with the position as that seat saw it."""

    ply: int
    chosen: Action
    best: Action
    loss: float
    label: Label
    #: every legal option, best first (empty when forced)
    options: tuple[Option, ...]
    worlds: int
    hand: tuple[str, ...]
    line: tuple[tuple[int, int], ...]
    ends: tuple[int, int] | None
    hand_sizes: tuple[int, ...]
    boneyard: int

    def to_dict(self) -> DecisionJSON:
        return {
            "ply": self.ply, "chosen": str(self.chosen), "best": str(self.best),
            "loss": round(self.loss, 2), "label": self.label.value,
            "options": [{"action": str(o.action), "value": round(o.value, 2)}
                        for o in self.options],
            "worlds": self.worlds, "hand": list(self.hand),
            "line": [list(p) for p in self.line],
            "ends": list(self.ends) if self.ends else None,
            "hand_sizes": list(self.hand_sizes), "boneyard": self.boneyard,
        }


@dataclass(frozen=True, slots=True)
class Point:
    """The seat's expected deal value after ply ``ply`` (1-based), as it knew then."""

    ply: int
    seat: int
    action: Action
    value: float | None

    def to_dict(self) -> PointJSON:
        return {"ply": self.ply, "seat": self.seat, "action": str(self.action),
                "value": None if self.value is None else round(self.value, 2)}


@dataclass(frozen=True)
class Analysis:
    seat: int
    deal: int
    rules: Ruleset
    decisions: tuple[Decision, ...]
    curve: tuple[Point, ...]
    result: float
    seconds: float
    worlds: int
    seed: int
    #: worlds searched in all (the time budget may have cut some decisions short)
    searched: int = 0
    thresholds: tuple[tuple[Label, float], ...] = field(default=THRESHOLDS)

    def worst(self, count: int = 3) -> list[Decision]:
        """The costliest judged decisions (mistakes and blunders first), at most *count*."""
        judged = [d for d in self.decisions if d.label not in (Label.BEST, Label.FORCED)]
        return sorted(judged, key=lambda d: (-d.loss, d.ply))[:count]

    def to_dict(self) -> AnalysisJSON:
        return {
            "seat": self.seat, "deal": self.deal, "rules": self.rules.to_dict(),
            "decisions": [d.to_dict() for d in self.decisions],
            "curve": [p.to_dict() for p in self.curve],
            "result": round(self.result, 2),
            "worst": [d.ply for d in self.worst()],
            "thresholds": {label.value: floor for label, floor in self.thresholds},
            "worlds": self.worlds, "searched": self.searched, "seed": self.seed,
            "seconds": round(self.seconds, 2),
        }


Progress = Callable[[int, int], None]


class OptionJSON(TypedDict):
    action: str
    value: float


class DecisionJSON(TypedDict):
    ply: int
    chosen: str
    best: str
    loss: float
    label: str
    options: list[OptionJSON]
    worlds: int
    hand: list[str]
    line: list[list[int]]
    ends: list[int] | None
    hand_sizes: list[int]
    boneyard: int


class PointJSON(TypedDict):
    ply: int
    seat: int
    action: str
    value: float | None


class AnalysisJSON(TypedDict):
    """``Analysis.to_dict()``: a review (docs/protocol.md «Разбор»; docs/analysis.md)."""

    seat: int
    deal: int
    rules: RulesJSON
    decisions: list[DecisionJSON]
    curve: list[PointJSON]
    result: float
    worst: list[int]
    thresholds: dict[str, float]
    worlds: int
    searched: int
    seed: int
    seconds: float


# -- reading a record ----------------------------------------------------------------------
def deal_of_record(record: Any, deal: int | None = None) -> tuple[Match, list[tuple[int, Action]]]:
    """The game at the start of deal number *deal* (default: the last one) and its actions.

    A redeal voids a deal: the deal that follows it under the same number is the one played.
    """
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise InvalidSetup("not a doublesix game record")
    if record.get("version") != RECORD_VERSION:
        raise InvalidSetup(f"record version {record.get('version')!r} is not supported")
    dealer = dealer_of_record(record)
    rules = Ruleset.from_dict(record.get("rules", {}))
    steps = _steps(record.get("actions", []))
    # where each deal starts: after the start, every next_deal and every redeal
    starts: list[tuple[int, int]] = [(1, 0)]
    number = 1
    for i, (seat, action) in enumerate(steps):
        if seat is None:
            number += 1
            starts.append((number, i + 1))
        elif action is not None and action.kind is ActionKind.REDEAL:
            starts.append((number, i + 1))
    wanted = number if deal is None else deal
    begin = [i for n, i in starts if n == wanted]
    if not begin:
        raise InvalidSetup(f"the record has no deal {wanted} (it has {number})")
    first = begin[-1]
    end = next((i for n, i in starts if i > first), len(steps) + 1) - 1
    game = Match(rules, dealer)
    for number_, (seat, action) in enumerate(steps[:first]):
        _apply(game, seat, action, number_)
    deal_steps = [(s, a) for s, a in steps[first:end] if s is not None and a is not None]
    return game, deal_steps


def _steps(raw: Any) -> list[tuple[int | None, Action | None]]:
    if not isinstance(raw, list):
        raise InvalidSetup("a record's actions must be a list")
    out: list[tuple[int | None, Action | None]] = []
    for number, step in enumerate(raw):
        if step == {"do": "next_deal"}:
            out.append((None, None))
            continue
        if isinstance(step, dict) and step.get("do") in ("resign", "resign_match"):
            # a resignation ends its deal without an action (docs/rules.md §10): (seat, None)
            if type(step.get("seat")) is not int:
                raise InvalidSetup(f"record action {number} cannot be read: no seat")
            out.append((step["seat"], None))
            continue
        try:
            out.append((int(step["seat"]), Action.parse(step["action"])))
        except (ValueError, KeyError, TypeError) as exc:
            raise InvalidSetup(f"record action {number} cannot be read: {exc}") from None
    return out


def _apply(game: Match, seat: int | None, action: Action | None, number: int) -> None:
    try:
        if seat is None:
            game.next_deal()
        elif action is None:
            game.resign(seat)  # a deal before the reviewed one (a match resigned has no more)
        else:
            game.apply(action, seat)
    except (IllegalAction, ValueError) as exc:
        raise InvalidSetup(f"record action {number} cannot be replayed: {exc}") from None


# -- the review ----------------------------------------------------------------------------
def analyse_record(record: Any, seat: int, deal: int | None = None, **options: Any) -> Analysis:
    """Review *seat*'s decisions in deal *deal* (default: the last) of a game record."""
    game, steps = deal_of_record(record, deal)
    return analyse(game, steps, seat, resigned=_resigner(record, game.deal_number), **options)


def _resigner(record: Any, deal: int) -> int | None:
    """The seat that resigned deal number *deal* of *record* (read by deal_of_record), if any."""
    number = 1
    for step in record.get("actions", []):
        if step == {"do": "next_deal"}:
            number += 1
        elif number == deal and step.get("do") in ("resign", "resign_match"):
            return int(step["seat"])
    return None


def analyse(
    game: Match,
    steps: list[tuple[int, Action]],
    seat: int,
    *,
    worlds: int = DEFAULT_WORLDS,
    ms: float | None = DEFAULT_MS,
    seed: int = 0,
    progress: Progress | None = None,
    resigned: int | None = None,
) -> Analysis:
    """Review *seat* over *steps*, the actions of the deal that *game* is at the start of.

    *game* is advanced through the steps. Raises :class:`NotFinished` unless they end the deal
    or seat *resigned* gave it up after them.
    """
    if not 0 <= seat < game.rules.players:
        raise ValueError(f"seat {seat} does not exist")
    start = time.perf_counter()
    deal_no = game.deal_number
    decisions: list[Decision] = []
    curve: list[Point] = []
    used = 0
    total = len(steps)
    # check first that the steps finish the deal, so nothing is searched for a live deal
    trial = _ends_deal(game, steps)
    if not trial and resigned is None:
        raise NotFinished("the deal is still being played: it can be reviewed once it is over")
    judged: Decision | None = None  # the seat's next decision, judged ahead for the graph
    for ply, (mover, action) in enumerate(steps, start=1):
        if mover == seat:
            view = PlayerView.of(game, seat)
            if judged is None or judged.ply != ply:
                judged = _judge(view, ply, action, worlds, ms, _rng(seed, ply))
                used += judged.worlds
            decisions.append(judged)
        game.apply(action, mover)
        after: float | None = None
        if game.deal.is_over:
            outcome = game.deal.outcome
            assert outcome is not None
            after = final_value(outcome, seat, game.over)
        elif mover == seat and decisions[-1].options:
            after = next(o.value for o in decisions[-1].options if o.action == action)
        else:
            now = PlayerView.of(game, seat)
            if now.to_move == seat and ply < total and steps[ply][0] == seat:
                # the seat chooses next: its best option is what the position is worth to it
                judged = _judge(now, ply + 1, steps[ply][1], worlds, ms, _rng(seed, ply + 1))
                used += judged.worlds
                if judged.options:
                    after = judged.options[0].value
            if after is None and now.ends is not None and now.to_move is not None:
                values = search_values(now, [], worlds, _rng(seed, ply), _deadline(ms))
                used += values.worlds
                after = values.position
        curve.append(Point(ply, mover, action, after))
        if progress is not None:
            progress(ply, total)
    result = curve[-1].value if curve and curve[-1].value is not None else 0.0
    if resigned is not None and not game.deal.is_over:
        game.resign(resigned)  # the deal's worth to the seat is what the resignation scored
        assert game.deal.outcome is not None
        result = final_value(game.deal.outcome, seat, game.over)
    return Analysis(seat=seat, deal=deal_no, rules=game.rules, decisions=tuple(decisions),
                    curve=tuple(curve), result=result, seconds=time.perf_counter() - start,
                    worlds=worlds, seed=seed, searched=used)


def _ends_deal(game: Match, steps: list[tuple[int, Action]]) -> bool:
    import copy

    trial = copy.deepcopy(game)
    for mover, action in steps:
        if trial.deal.is_over:
            return False  # actions past the end: not this deal's
        trial.apply(action, mover)
    return trial.deal.is_over


def _rng(seed: int, ply: int) -> random.Random:
    return random.Random(seed * 1_000_003 + ply)


def _deadline(ms: float | None) -> float | None:
    return None if ms is None else time.perf_counter() + ms / 1000.0


def _judge(view: PlayerView, ply: int, action: Action, worlds: int, ms: float | None,
           rng: random.Random) -> Decision:
    plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
    seen = {"hand": tuple(str(t) for t in view.hand), "line": view.line, "ends": view.ends,
            "hand_sizes": view.hand_sizes, "boneyard": view.boneyard_size}
    if len(plays) < 2 or action.kind is not ActionKind.PLAY:
        # one play, or a draw/pass/redeal that the rules (or plain sense) dictate
        return Decision(ply=ply, chosen=action, best=action, loss=0.0, label=Label.FORCED,
                        options=(), worlds=0, **seen)  # type: ignore[arg-type]
    values = search_values(view, plays, worlds, rng, _deadline(ms))
    ranked = sorted(values.options.items(), key=lambda kv: (-kv[1], kv[0] != action))
    best_action, best_value = ranked[0]
    loss = max(0.0, best_value - values.options[action])
    if loss == 0.0:
        best_action = action
    return Decision(
        ply=ply, chosen=action, best=best_action, loss=loss, label=label_for(loss),
        options=tuple(Option(a, v) for a, v in ranked), worlds=values.worlds,
        **seen,  # type: ignore[arg-type]
    )
