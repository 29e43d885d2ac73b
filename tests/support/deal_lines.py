"""The lines of real deals, tile by tile, for the layout's property tests: random legal play
under the rules core of every preset and player count, so the lines have the shapes real
deals make (a long arm, doubles in runs, a fish at 20 tiles) rather than a generator's."""

from __future__ import annotations

import random
from typing import TypedDict

from doublesix.core.actions import ActionKind, End
from doublesix.core.match import Match
from doublesix.core.presets import PRESETS
from doublesix.core.rules import find_preset


class DealLine(TypedDict):
    """One deal: its game type, the longest line it could make when it started (tiles in the
    hands, and in the boneyard where drawing is allowed), its final line, and after each
    play the index in the line of the first tile (the lead moves right by one for every tile
    laid at the left end)."""

    preset: str
    most: int
    line: list[list[int]]
    leads: list[int]


def game_types() -> list[tuple[str, int]]:
    """Every preset at every player count it offers."""
    return [(key, n) for key, preset in PRESETS.items() for n in preset.players]


def deal_lines(preset: str, players: int, count: int, seed: int) -> list[DealLine]:
    """*count* deals of *preset* for *players*, played by uniformly random legal actions."""
    rng = random.Random(seed)
    rules = find_preset(preset, players=players)
    out: list[DealLine] = []
    for _ in range(count):
        deal = Match(rules, seed=rng.randrange(1 << 30)).deal
        drawing = rules.draw_rule != "none"
        most = sum(deal.hand_sizes()) + (deal.boneyard_size if drawing else 0)
        lead = 0
        leads: list[int] = []
        while not deal.is_over:
            action = rng.choice(deal.legal_actions())
            laid = len(deal.line)
            deal.apply(action)
            if action.kind is ActionKind.PLAY:
                if laid and action.end is End.LEFT:
                    lead += 1
                leads.append(lead)
        out.append({"preset": f"{preset}/{players}", "most": most,
                    "line": deal.line.to_list(), "leads": leads})
    return out
