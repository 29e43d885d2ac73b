"""Per-decision random generators that depend only on the bot's seed and the public view.

A bot then keeps no mutable state between calls (safe to share between threads), the same
view always gets the same decision, and views that differ only in hidden tiles cannot differ
in their randomness either.
"""

from __future__ import annotations

import random
import zlib

from doublesix.core.view import PlayerView


def view_key(view: PlayerView) -> str:
    """A text of everything the seat knows that can matter for its decision."""
    history = ";".join(f"{e.seat}{e.action}" for e in view.history)
    hand = ",".join(str(t) for t in view.hand)
    status = view.match
    match = "" if status is None else f"{status.scores}{status.deal}{status.hanging}"
    return f"{view.seat}|{hand}|{history}|{view.boneyard_size}|{match}"


def decision_rng(seed: int | None, view: PlayerView) -> random.Random:
    base = 0 if seed is None else seed
    return random.Random(base * 1_000_003 + zlib.crc32(view_key(view).encode()))
