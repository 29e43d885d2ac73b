"""JSON for states, views, actions and game records.

A record (format ``doublesix-record``, version 1) holds the ruleset, the seed and every action
in order; loading it replays those actions, so it reloads to exactly the same state.
"""

from __future__ import annotations

from typing import Any

from doublesix.core.actions import Action
from doublesix.core.dealing import SeededDealer
from doublesix.core.errors import IllegalAction, InvalidSetup
from doublesix.core.match import Match
from doublesix.core.rules import Ruleset
from doublesix.core.view import PlayerView, PublicEvent

RECORD_FORMAT = "doublesix-record"
RECORD_VERSION = 1


def state_to_json(game: Match) -> dict[str, Any]:
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


def event_to_json(event: PublicEvent) -> dict[str, Any]:
    return {
        "seat": event.seat,
        "action": str(event.action),
        "ends_before": list(event.ends_before) if event.ends_before else None,
    }


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """What a seat is sent: built from its PlayerView only."""
    return {
        "seat": view.seat,
        "rules": view.rules.to_dict(),
        "hand": [str(t) for t in view.hand],
        "line": [[a, b] for a, b in view.line],
        "ends": list(view.ends) if view.ends else None,
        "hand_sizes": list(view.hand_sizes),
        "boneyard": view.boneyard_size,
        "to_move": view.to_move,
        "legal": [str(a) for a in view.legal],
        "lead_options": [str(t) for t in view.lead_options],
        "history": [event_to_json(e) for e in view.history],
        "result": view.outcome.to_dict() if view.outcome else None,
        "revealed_hands": (
            [[str(t) for t in hand] for hand in view.revealed_hands]
            if view.revealed_hands is not None
            else None
        ),
        "match": view.match.to_dict() if view.match else None,
        "version": view.version,
        # pairs (kozel): who plays with whom, so a client can seat the partner opposite
        "teams": [list(t) for t in view.rules.sides] if view.rules.teams else None,
        "partner": view.partner,
    }


def record_of(game: Match, seed: int) -> dict[str, Any]:
    """A record of a game dealt by ``SeededDealer(seed)``."""
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": game.rules.to_dict(),
        "seed": seed,
        "actions": [
            {"do": "next_deal"} if seat is None else {"seat": seat, "action": text}
            for seat, text in game.log
        ],
    }


def load_record(data: Any) -> Match:
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
            if step == {"do": "next_deal"}:
                game.next_deal()
            else:
                game.apply(Action.parse(step["action"]), step["seat"])
        except (IllegalAction, ValueError, KeyError, TypeError) as exc:
            raise InvalidSetup(f"record action {number} cannot be replayed: {exc}") from None
    return game
