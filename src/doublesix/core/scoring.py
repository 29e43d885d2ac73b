"""Points at the end of a deal: single deals (RULES.md §6), 101 penalties (§7) and the
penalties of pairs in kozel (§9)."""

from __future__ import annotations

from doublesix.core.outcome import Bonus, BonusKind, Outcome, Reason
from doublesix.core.rules import Ruleset
from doublesix.core.tiles import pips_of


def score_domino(
    rules: Ruleset, hands: list[int], winner: int, last_tile: int, led_with: int, hanging_in: int
) -> Outcome:
    """Seat *winner* laid its last tile, *last_tile*."""
    pips = tuple(map(pips_of, hands))
    if not rules.is_match:
        return Outcome(Reason.DOMINO, winner, sum(pips) - pips[winner], pips, out=winner)
    won = rules.side_of(winner)
    loser = 1 - won  # a match has two sides: two players, or two pairs
    base, bonuses = _side_count(rules, hands, loser, led_with)
    finish = rules.finish_bonus_for(last_tile)
    if finish:
        bonuses.append(Bonus(BonusKind.FINISH, finish, last_tile))
    if hanging_in:
        bonuses.append(Bonus(BonusKind.HANGING, hanging_in))
    points = base + sum(b.points for b in bonuses if b.added)
    return Outcome(
        Reason.DOMINO, won, points, pips, loser=loser, bonuses=tuple(bonuses), out=winner,
        counts=_side_counts(rules, hands, lone_doubles=True),
    )


def score_blocked(
    rules: Ruleset, hands: list[int], fisherman: int | None, led_with: int, hanging_in: int
) -> Outcome:
    pips = tuple(map(pips_of, hands))
    if not rules.is_match:
        low = min(pips)
        lowest = [seat for seat, p in enumerate(pips) if p == low]
        if len(lowest) > 1:
            return Outcome(Reason.BLOCKED, None, 0, pips, fisherman)
        winner = lowest[0]
        others = [p for seat, p in enumerate(pips) if seat != winner]
        if rules.blocked_points == "difference":
            points = sum(p - low for p in others)
        else:
            points = sum(others)
        return Outcome(Reason.BLOCKED, winner, points, pips, fisherman)
    # a match: the side (player or pair) with the higher count loses and adds its own count
    counts = _side_counts(rules, hands, lone_doubles=rules.lone_double_in_fish)
    if counts[0] == counts[1]:
        # повисло («яйца»): a tie leaves both counts hanging for the loser of the next deal
        return Outcome(
            Reason.BLOCKED, None, 0, pips, fisherman, hanging=hanging_in + sum(counts),
            counts=counts,
        )
    loser = 0 if counts[0] > counts[1] else 1
    bonuses: list[Bonus] = []
    if rules.lone_double_in_fish:
        for seat in rules.sides[loser]:
            lone = _count(rules, hands[seat], lone_doubles=True)[1]
            if lone is not None:
                bonuses.append(lone)
    if rules.fish_bonuses:
        _add_lead_bonus(rules, led_with, bonuses)
    if hanging_in:
        bonuses.append(Bonus(BonusKind.HANGING, hanging_in))
    points = counts[loser] + sum(b.points for b in bonuses if b.added)
    return Outcome(
        Reason.BLOCKED, 1 - loser, points, pips, fisherman, loser=loser, bonuses=tuple(bonuses),
        counts=counts,
    )


def score_resigned(
    rules: Ruleset, hands: list[int], resigner: int, led_with: int, hanging_in: int
) -> Outcome:
    """Seat *resigner* gave the deal up: scored as if an opponent had just gone out, with no
    tile to go out with (docs/rules.md, "Resigning").

    A single deal: one winner scores the resigner's pips — the opponent with two players; with
    three or four, the other player with the fewest pips in hand (the lower seat on a tie),
    who would have been the likeliest to go out. The others' hands are not counted: they did
    not lose to anyone. A match (101, «Козёл»): the resigner's side loses the deal and adds
    what its hands count (a pair: both hands; a lone double by its table value), the lead
    bonus and any hanging points, exactly as a loser to a domino would; there is no finish
    bonus, for nobody finished."""
    pips = tuple(map(pips_of, hands))
    if not rules.is_match:
        others = [s for s in range(rules.players) if s != resigner]
        winner = min(others, key=lambda s: (pips[s], s))
        return Outcome(Reason.RESIGNED, winner, pips[resigner], pips, resigned=resigner)
    loser = rules.side_of(resigner)
    base, bonuses = _side_count(rules, hands, loser, led_with)
    if hanging_in:
        bonuses.append(Bonus(BonusKind.HANGING, hanging_in))
    points = base + sum(b.points for b in bonuses if b.added)
    return Outcome(
        Reason.RESIGNED, 1 - loser, points, pips, loser=loser, bonuses=tuple(bonuses),
        counts=_side_counts(rules, hands, lone_doubles=True), resigned=resigner,
    )


def _count(
    rules: Ruleset, hand: int, lone_doubles: bool
) -> tuple[int, Bonus | None]:
    """What a hand counts in a match, and the lone-double entry when one replaced its pips."""
    if lone_doubles and hand and not hand & (hand - 1):
        index = hand.bit_length() - 1
        lone = rules.lone_double_for(index)
        if lone is not None:
            return lone, Bonus(BonusKind.LONE_DOUBLE, lone, index)
    return pips_of(hand), None


def _side_counts(rules: Ruleset, hands: list[int], lone_doubles: bool) -> tuple[int, ...]:
    return tuple(
        sum(_count(rules, hands[seat], lone_doubles)[0] for seat in side) for side in rules.sides
    )


def _add_lead_bonus(rules: Ruleset, led_with: int, bonuses: list[Bonus]) -> None:
    if led_with >= 0:
        lead = rules.lead_bonus_for(led_with)
        if lead:
            bonuses.append(Bonus(BonusKind.LEAD, lead, led_with))


def _side_count(rules: Ruleset, hands: list[int], side: int,
                led_with: int) -> tuple[int, list[Bonus]]:
    """The pips a losing side's hands count, with their lone doubles and the lead bonus:
    what a go-out and a resignation both charge that side."""
    bonuses: list[Bonus] = []
    base = 0
    for seat in rules.sides[side]:
        count, lone = _count(rules, hands[seat], lone_doubles=True)
        base += count
        if lone is not None:
            bonuses.append(lone)
    _add_lead_bonus(rules, led_with, bonuses)
    return base, bonuses
