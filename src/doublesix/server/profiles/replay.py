"""A finished game's replay, move by move, for one pair of eyes.

History keeps a game's record, which holds its deal seed: with it every hand of every deal can
be rebuilt, so the record itself never leaves the server. A replay is built from it here, one
step per move, each step copied out of the view (core.view.view_of) of the seat that asks —
its own hand, the line, everyone's tile counts — or, for anyone else at a public hall game,
of a spectator: no hand at all. At the end of each deal the seat sees every hand, as its
result sheet showed them when the deal was played.
"""

from __future__ import annotations

from typing import Any, TypedDict

from doublesix.core import Action, Match, Ruleset
from doublesix.core.notation import RecordJSON, dealer_of_record, view_to_json
from doublesix.core.view import view_of


class StepJSON(TypedDict, total=False):
    """One position of a replay: after *action* by *seat* (the first step of a deal has
    neither: the hands as dealt)."""

    seat: int | None
    action: str | None
    line: list[list[int]]
    ends: list[int] | None
    hand_sizes: list[int]
    boneyard: int
    to_move: int | None
    #: the viewer's hand (a seat's replay only)
    hand: list[str]


class DealJSON(TypedDict):
    deal: int
    steps: list[StepJSON]
    result: Any
    #: every hand at the end of the deal (a seat's replay only; else None)
    revealed_hands: list[list[str]] | None
    match: Any
    #: the deal's shuffle commitment, and its secret (a seat's replay only; docs/protocol.md
    #: "Verifiable deals"); None for a game dealt before shuffle 2
    commitment: str | None
    secret: str | None


def _step(match: Match, seat: int | None, mover: int | None, action: str | None) -> StepJSON:
    view = view_to_json(view_of(match, seat))
    step: StepJSON = {"seat": mover, "action": action, "line": view["line"],
                      "ends": view["ends"], "hand_sizes": view["hand_sizes"],
                      "boneyard": view["boneyard"], "to_move": view["to_move"]}
    if seat is not None:
        step["hand"] = view.get("hand", [])
    return step


def _close(match: Match, seat: int | None, number: int, steps: list[StepJSON]) -> DealJSON:
    view = view_to_json(view_of(match, seat))
    return {"deal": number, "steps": steps, "result": view["result"],
            "revealed_hands": view.get("revealed_hands") if seat is not None else None,
            "match": view["match"], "commitment": view["commitment"],
            "secret": view.get("secret") if seat is not None else None}


def replay(record: RecordJSON, seat: int | None) -> list[DealJSON]:
    """Every deal of the game in *record*, step by step, as *seat* saw it (None: as a
    spectator). Raises ``ValueError`` for a record that does not replay."""
    match = Match(Ruleset.from_dict(dict(record["rules"])), dealer_of_record(dict(record)))
    deals: list[DealJSON] = []
    steps = [_step(match, seat, None, None)]
    for entry in record.get("actions", []):
        if entry == {"do": "next_deal"}:
            deals.append(_close(match, seat, match.deal_number, steps))
            match.next_deal()
            steps = [_step(match, seat, None, None)]
            continue
        mover, text = entry["seat"], entry["action"]  # type: ignore[typeddict-item]
        match.apply(Action.parse(text), mover)
        steps.append(_step(match, seat, mover, text))
    deals.append(_close(match, seat, match.deal_number, steps))
    return deals
