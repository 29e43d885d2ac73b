"""Points at the end of a deal: single deals (RULES.md §6) and 101 penalties (§7)."""

from __future__ import annotations

from doublesix.core.outcome import Outcome, Reason
from doublesix.core.rules import Ruleset
from doublesix.core.tiles import indices_of, name, pips_of


def score_domino(
    rules: Ruleset, hands: list[int], winner: int, last_tile: int, led_with: int, hanging_in: int
) -> Outcome:
    pips = tuple(map(pips_of, hands))
    if not rules.is_match:
        return Outcome(Reason.DOMINO, winner, sum(pips) - pips[winner], pips)
    loser = 1 - winner
    bonuses: list[tuple[str, int]] = []
    base = pips[loser]
    loser_tiles = indices_of(hands[loser])
    if len(loser_tiles) == 1:
        lone = rules.lone_double_for(loser_tiles[0])
        if lone is not None:
            base = lone
            bonuses.append((f"lone double {name(loser_tiles[0])}", lone))
    _add_lead_bonus(rules, led_with, bonuses)
    finish = rules.finish_bonus_for(last_tile)
    if finish:
        bonuses.append((f"finished with {name(last_tile)}", finish))
    if hanging_in:
        bonuses.append(("hanging", hanging_in))
    points = base + sum(v for k, v in bonuses if not k.startswith("lone double"))
    return Outcome(Reason.DOMINO, winner, points, pips, loser=loser, bonuses=tuple(bonuses))


def score_blocked(
    rules: Ruleset, hands: list[int], fisherman: int | None, led_with: int, hanging_in: int
) -> Outcome:
    pips = tuple(map(pips_of, hands))
    low = min(pips)
    lowest = [seat for seat, p in enumerate(pips) if p == low]
    if not rules.is_match:
        if len(lowest) > 1:
            return Outcome(Reason.BLOCKED, None, 0, pips, fisherman)
        winner = lowest[0]
        others = [p for seat, p in enumerate(pips) if seat != winner]
        if rules.blocked_points == "difference":
            points = sum(p - low for p in others)
        else:
            points = sum(others)
        return Outcome(Reason.BLOCKED, winner, points, pips, fisherman)
    if len(lowest) > 1:
        # повисло: a tied fish leaves both totals hanging for the loser of the next deal
        return Outcome(
            Reason.BLOCKED, None, 0, pips, fisherman, hanging=hanging_in + sum(pips)
        )
    winner = lowest[0]
    loser = 1 - winner
    bonuses: list[tuple[str, int]] = []
    if rules.fish_bonuses:
        _add_lead_bonus(rules, led_with, bonuses)
    if hanging_in:
        bonuses.append(("hanging", hanging_in))
    points = pips[loser] + sum(v for _, v in bonuses)
    return Outcome(
        Reason.BLOCKED, winner, points, pips, fisherman, loser=loser, bonuses=tuple(bonuses)
    )


def _add_lead_bonus(rules: Ruleset, led_with: int, bonuses: list[tuple[str, int]]) -> None:
    if led_with >= 0:
        lead = rules.lead_bonus_for(led_with)
        if lead:
            bonuses.append((f"led with {name(led_with)}", lead))
