"""Checks that frames sent to a seat never reveal another hand, the boneyard or its order,
nor a shuffle's secret (which gives them all) before its deal is over.

The truth comes from the room's stored record, replayed step by step: a frame whose view has
``version`` v was built on the state after the record's first v actions.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from typing import Any

from doublesix.core import Match, Ruleset
from doublesix.core.notation import apply_step, dealer_of_record

TILE = re.compile(r"(?<![\d-])([0-6])-([0-6])(?![\d-])")
FORBIDDEN_KEYS = {"seed", "record", "boneyard_order", "hands", "token_hash", "invite_hash",
                  "shuffles", "entropy"}


def _canon(a: str, b: str) -> str:
    x, y = sorted((int(a), int(b)))
    return f"{x}-{y}"


Truth = tuple[list[set[str]], set[str], bool, str]


def _truth(record: dict[str, Any]) -> list[Truth]:
    """For each version: every hand, the boneyard, whether the deal is over, and the secret
    of the deal's shuffle in hex."""
    assert record.get("shuffle") == 2, "a room's record is dealt by shuffle 2"
    match = Match(Ruleset.from_dict(record["rules"]), dealer_of_record(record))

    def snap() -> Truth:
        deal = match.deal
        hands = [{str(t) for t in deal.hand(s)} for s in range(match.rules.players)]
        assert match.secret is not None
        return hands, {str(t) for t in deal.boneyard()}, deal.is_over, match.secret.hex()

    states = [snap()]
    for step in record["actions"]:
        apply_step(match, step)  # a move, a next deal or a resignation
        states.append(snap())
    return states


def _strings(obj: Any, skip: set[str], path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(obj, dict):
        for key, value in obj.items():
            assert key not in FORBIDDEN_KEYS, f"secret key {key!r} at {path}"
            if key in skip:
                continue
            yield from _strings(value, skip, f"{path}.{key}")
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from _strings(value, skip, f"{path}[{i}]")
    elif isinstance(obj, str):
        yield path, obj


def _every_string(obj: Any) -> Iterator[str]:
    """Every key and text in a frame, however deep (a secret is hex: no key is skipped)."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield str(key)
            yield from _every_string(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from _every_string(value)
    elif isinstance(obj, str):
        yield obj


def _check_shuffle(frame: dict[str, Any], record: dict[str, Any], secret: str,
                   revealed: bool) -> None:
    """The view commits to its deal's shuffle; the secret is in ``view.secret`` exactly when
    *revealed*; no text of the frame holds any secret not revealed (not even a part of one)."""
    view = frame["view"]
    assert view["commitment"] == hashlib.sha256(bytes.fromhex(secret)).hexdigest(), (
        "the view's commitment is not the SHA-256 of its deal's secret")
    assert view.get("secret") == (secret if revealed else None), (
        f"view.secret must be {'the secret' if revealed else 'null'} here: {view}")
    hidden = [s["secret"] for s in record["shuffles"] if not (revealed and s["secret"] == secret)]
    for text in _every_string(frame):
        if revealed and text == secret:
            continue
        for other in hidden:
            # a half of the secret is as bad as all of it: look for any 16 hex digits of it
            for at in range(0, len(other) - 15, 8):
                assert other[at:at + 16] not in text.lower(), (
                    f"a shuffle secret leaked before its deal was over: {frame}")


def assert_no_secrets(frames: list[dict[str, Any]], record: dict[str, Any]) -> int:
    """Check every frame carrying a view; returns how many were checked."""
    states = _truth(record)
    checked = 0
    for frame in frames:
        view = frame.get("view")
        if not view:
            continue
        assert isinstance(view["boneyard"], int), "the boneyard must be a count"
        hands, boneyard, over, secret = states[view["version"]]
        _check_shuffle(frame, record, secret, revealed=over)
        seat = view["seat"]
        assert set(view["hand"]) == hands[seat], "the view's hand is not the seat's hand"
        forbidden = set(boneyard)
        for other, hand in enumerate(hands):
            if other != seat:
                forbidden |= hand
        # once a deal is over its hands are shown on purpose (the result sheet)
        # a game id is random text that may look like a tile ("S1-0H"): not game data
        skip = {"rules", "game_id"} | ({"revealed_hands", "result"} if over else set())
        for path, text in _strings(frame, skip):
            for m in TILE.finditer(text):
                tile = _canon(m.group(1), m.group(2))
                assert tile not in forbidden, f"{tile} leaked to seat {seat} at {path}: {frame}"
        checked += 1
    return checked


def assert_no_secrets_for_watcher(frames: list[dict[str, Any]], record: dict[str, Any]) -> int:
    """A spectator's frames: no hand at all, ever (not even after the deal), no boneyard."""
    states = _truth(record)
    checked = 0
    for frame in frames:
        view = frame.get("view")
        if not view:
            continue
        assert view["seat"] is None, "a spectator's view belongs to no seat"
        assert not {"hand", "legal", "lead_options", "revealed_hands", "secret"} & set(view), view
        assert isinstance(view["boneyard"], int), "the boneyard must be a count"
        hands, boneyard, over, secret = states[view["version"]]
        # a spectator never sees a hand, so never the secret that gives them all either
        _check_shuffle(frame, record, secret, revealed=False)
        forbidden = set(boneyard).union(*hands)
        # a finished deal's result names the doubles its bonuses counted: the score's reason
        skip = {"rules", "game_id"} | ({"result"} if over else set())
        for path, text in _strings(frame, skip):
            for m in TILE.finditer(text):
                tile = _canon(m.group(1), m.group(2))
                if path.startswith(".view.line") or path.startswith(".view.history"):
                    continue  # tiles already on the line are public
                assert tile not in forbidden, f"{tile} leaked to a spectator at {path}: {frame}"
        checked += 1
    return checked
