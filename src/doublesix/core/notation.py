"""JSON for states, views, actions and game records.

A record (format ``doublesix-record``, version 1) holds the ruleset, the seed and every action
in order; loading it replays those actions, so it reloads to exactly the same state. A record
with ``"shuffle": 2`` also lists the secret of every shuffle made (core/shuffle.py); one
without the field was dealt by shuffle 1, Python's ``random`` seeded with ``seed``.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from doublesix.core.actions import Action
from doublesix.core.dealing import Dealer, SeededDealer
from doublesix.core.errors import IllegalAction, InvalidSetup
from doublesix.core.match import RESIGN, RESIGN_MATCH, Match
from doublesix.core.outcome import MatchJSON, OutcomeJSON
from doublesix.core.rules import Ruleset, RulesJSON
from doublesix.core.shuffle import SHUFFLE_VERSION, CommitDealer, commitment
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
    commitment: str | None
    secret: NotRequired[str | None]


class ActionStep(TypedDict):
    seat: int
    action: str


class NextDealStep(TypedDict):
    do: str


class ResignStep(TypedDict):
    """``{"do": "resign", "seat": 1}`` (the deal) or ``{"do": "resign_match", "seat": 1}``."""

    do: str
    seat: int


class ShuffleJSON(TypedDict):
    """One shuffle of a shuffle-2 record: its secret (hex) and the commitment shown for it."""

    commitment: str
    secret: str


class RecordJSON(TypedDict):
    """A game record (``record_of``): what a room stores to replay its game."""

    format: str
    version: int
    rules: RulesJSON
    seed: int
    #: 2: dealt by core/shuffle.py from ``shuffles``, later ones from ``key``; absent:
    #: shuffle 1 (``random`` seeded by ``seed``)
    shuffle: NotRequired[int]
    key: NotRequired[str]
    shuffles: NotRequired[list[ShuffleJSON]]
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
        "commitment": view.commitment,
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
        data["secret"] = view.secret
    return data


def record_of(game: Match, seed: int) -> RecordJSON:
    """A record of a game dealt by ``SeededDealer(seed)``, or by a :class:`CommitDealer`
    (then with the secret of every shuffle it made: the record is storage, never sent)."""
    record: RecordJSON = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": game.rules.to_dict(),
        "seed": seed,
        "actions": [step_of(seat, text) for seat, text in game.log],
    }
    if isinstance(game.dealer, CommitDealer):
        record["shuffle"] = SHUFFLE_VERSION
        record["key"] = game.dealer.key.hex()
        record["shuffles"] = [{"commitment": commitment(s), "secret": s.hex()}
                              for s in game.dealer.made()]
    return record


def record_secrets(data: dict[str, object]) -> list[bytes]:
    """The shuffle secrets of a shuffle-2 record, in order; InvalidSetup when malformed."""
    shuffles = data.get("shuffles")
    if not isinstance(shuffles, list):
        raise InvalidSetup("a shuffle 2 record needs its list of shuffles")
    out = []
    for number, item in enumerate(shuffles):
        text = item.get("secret") if isinstance(item, dict) else None
        try:
            secret = bytes.fromhex(text) if isinstance(text, str) else b""
        except ValueError:
            secret = b""
        if len(secret) != 32:
            raise InvalidSetup(f"shuffle {number}: the secret must be 64 hex digits")
        out.append(secret)
    return out


def dealer_of_record(data: dict[str, object]) -> Dealer:
    """The dealer that replays a record's deals: shuffle 2 from its secrets (shuffles past
    them are derived from its ``key``), or shuffle 1 (``random`` seeded by ``seed``) for a
    record without ``shuffle``, as every record was before shuffle 2."""
    seed = data.get("seed")
    if not isinstance(seed, int):
        raise InvalidSetup("a record needs an integer seed")
    shuffle = data.get("shuffle", 1)
    if shuffle == 1:
        return SeededDealer(seed)
    if shuffle != SHUFFLE_VERSION:
        raise InvalidSetup(f"shuffle {shuffle!r} is not supported")
    key = data.get("key")
    try:
        key_bytes = bytes.fromhex(key) if isinstance(key, str) else b""
    except ValueError:
        key_bytes = b""
    if len(key_bytes) != 32:
        raise InvalidSetup("a shuffle 2 record needs its key: 64 hex digits")
    return CommitDealer(seed, key_bytes, record_secrets(data))


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
    game = Match(Ruleset.from_dict(data.get("rules", {})), dealer_of_record(data))
    for number, step in enumerate(data.get("actions", [])):
        try:
            apply_step(game, step)
        except (IllegalAction, ValueError, KeyError, TypeError) as exc:
            raise InvalidSetup(f"record action {number} cannot be replayed: {exc}") from None
    return game
