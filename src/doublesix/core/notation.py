"""JSON for states, views, actions and game records.

A record (format ``doublesix-record``, version 1) holds the ruleset, the seed and every action
in order; loading it replays those actions, so it reloads to exactly the same state.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from doublesix.core.actions import Action
from doublesix.core.dealing import SeededDealer
from doublesix.core.errors import IllegalAction, InvalidSetup
from doublesix.core.match import RESIGN, RESIGN_MATCH, Match
from doublesix.core.outcome import MatchJSON, OutcomeJSON
from doublesix.core.rules import Ruleset, RulesJSON
from doublesix.core.view import PublicEvent, TableView

RECORD_FORMAT = "doublesix-record"
RECORD_VERSION = 1


class StateJSON(TypedDict):
    line: list[list[int]]
    ends: list[int] | None
    to_move: int | None
    hands: list[list[str]]
    boneyard: int
    legal: list[str]
    result: OutcomeJSON | None
    match: MatchJSON | None


class EventJSON(TypedDict):
    seat: int
    action: str
    ends_before: list[int] | None


class ViewJSON(TypedDict):
    """``view_to_json``: a seat's view, or a spectator's (``seat`` None, without the four keys
    that only a seat may hold)."""

    seat: int | None
    rules: RulesJSON
    hand: NotRequired[list[str]]
    line: list[list[int]]
    ends: list[int] | None
    hand_sizes: list[int]
    boneyard: int
    to_move: int | None
    legal: NotRequired[list[str]]
    lead_options: NotRequired[list[str]]
    history: list[EventJSON]
    result: OutcomeJSON | None
    revealed_hands: NotRequired[list[list[str]] | None]
    match: MatchJSON | None
    version: int
    teams: list[list[int]] | None
    partner: int | None


class ActionStep(TypedDict):
    seat: int
    action: str


class NextDealStep(TypedDict):
    do: str


class ResignStep(TypedDict):
    """``{"do": "resign", "seat": 1}`` (the deal) or ``{"do": "resign_match", "seat": 1}``."""

    do: str
    seat: int


class RecordJSON(TypedDict):
    """A game record (``record_of``): what a room stores to replay its game."""

    format: str
    version: int
    rules: RulesJSON
    seed: int
    actions: list[ActionStep | NextDealStep | ResignStep]


def state_to_json(game: Match) -> StateJSON:
    """The whole truth of a game (FORMAT.md's STATE): for replay and storage, never a player."""
    deal = game.deal
    outcome = deal.outcome
    status = game.status()
    return {
        "line": [[a, b] for a, b in deal.line],
        "ends": list(deal.ends) if deal.ends else None,
        "to_move": deal.to_move,
        "hands": [sorted(str(t) for t in deal.hand(s)) for s in range(game.rules.players)],
        "boneyard": deal.boneyard_size,
        "legal": [str(a) for a in deal.legal_actions()],
        "result": outcome.to_dict() if outcome else None,
        "match": status.to_dict() if status else None,
    }


def event_to_json(event: PublicEvent) -> EventJSON:
    return {
        "seat": event.seat,
        "action": str(event.action),
        "ends_before": list(event.ends_before) if event.ends_before else None,
    }


def view_to_json(view: TableView) -> ViewJSON:
    """What a seat is sent, built from its view only; for a spectator's view (no seat) the same
    without the seat's own keys: no hand, legal actions, lead options or revealed hands."""
    data: ViewJSON = {
        "seat": view.seat,
        "rules": view.rules.to_dict(),
        "line": [[a, b] for a, b in view.line],
        "ends": list(view.ends) if view.ends else None,
        "hand_sizes": list(view.hand_sizes),
        "boneyard": view.boneyard_size,
        "to_move": view.to_move,
        "history": [event_to_json(e) for e in view.history],
        "result": view.outcome.to_dict() if view.outcome else None,
        "match": view.match.to_dict() if view.match else None,
        "version": view.version,
        # pairs (kozel): who plays with whom, so a client can seat the partner opposite
        "teams": [list(t) for t in view.rules.sides] if view.rules.teams else None,
        "partner": None if view.seat is None else view.rules.partner_of(view.seat),
    }
    if view.seat is not None:
        data["hand"] = [str(t) for t in view.hand]
        data["legal"] = [str(a) for a in view.legal]
        data["lead_options"] = [str(t) for t in view.lead_options]
        data["revealed_hands"] = (
            [[str(t) for t in hand] for hand in view.revealed_hands]
            if view.revealed_hands is not None
            else None
        )
    return data


def record_of(game: Match, seed: int) -> RecordJSON:
    """A record of a game dealt by ``SeededDealer(seed)``."""
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": game.rules.to_dict(),
        "seed": seed,
        "actions": [step_of(seat, text) for seat, text in game.log],
    }


def step_of(seat: int | None, text: str) -> ActionStep | NextDealStep | ResignStep:
    """One entry of ``Match.log`` as a record step."""
    if seat is None:
        return {"do": "next_deal"}
    if text in (RESIGN, RESIGN_MATCH):
        return {"do": text, "seat": seat}
    return {"seat": seat, "action": text}


def apply_step(game: Match, step: object) -> None:
    """Play one record step onto *game*; raises IllegalAction, ValueError, KeyError or
    TypeError when it is malformed or not legal there."""
    if not isinstance(step, dict):
        raise TypeError(f"a record step is an object, not {step!r:.40}")
    if step == {"do": "next_deal"}:
        game.next_deal()
    elif "do" in step:
        kind, seat = step["do"], step["seat"]
        if kind not in (RESIGN, RESIGN_MATCH) or type(seat) is not int:
            raise ValueError(f"unknown record step {step!r:.60}")
        game.resign(seat, match=kind == RESIGN_MATCH)
    else:
        game.apply(Action.parse(step["action"]), step["seat"])


def load_record(data: object) -> Match:
    """Replay a record; raises InvalidSetup when it is malformed or an action is illegal."""
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise InvalidSetup("not a doublesix game record")
    if data.get("version") != RECORD_VERSION:
        raise InvalidSetup(f"record version {data.get('version')!r} is not supported")
    seed = data.get("seed")
    if not isinstance(seed, int):
        raise InvalidSetup("a record needs an integer seed")
    game = Match(Ruleset.from_dict(data.get("rules", {})), SeededDealer(seed))
    for number, step in enumerate(data.get("actions", [])):
        try:
            apply_step(game, step)
        except (IllegalAction, ValueError, KeyError, TypeError) as exc:
            raise InvalidSetup(f"record action {number} cannot be replayed: {exc}") from None
    return game
