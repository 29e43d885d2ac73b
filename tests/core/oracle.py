"""The rules again, written independently of the engine from RULES.md, to check it against.

Everything here works on plain values (tile names as (low, high) pairs), never on the
engine's masks or tables, so a slip in one is not repeated in the other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Pair = tuple[int, int]

ALL: tuple[Pair, ...] = tuple((a, b) for a in range(7) for b in range(a, 7))

LEAD_BONUS = {(0, 0): 25, (6, 6): 50}
FINISH_BONUS = {(0, 0): 50, (1, 1): 50, (2, 2): 50, (3, 3): 25, (4, 4): 25, (5, 5): 50, (6, 6): 50}
LONE_DOUBLE = {(0, 0): 25, (1, 1): 2, (2, 2): 4, (3, 3): 6, (4, 4): 8, (5, 5): 50, (6, 6): 50}


def pips(hand: Iterable[Pair]) -> int:
    return sum(a + b for a, b in hand)


def legal(
    hand: Sequence[Pair],
    ends: Pair | None,
    boneyard_size: int,
    draw_rule: str,
    lead_options: Sequence[Pair] = (),
) -> set[str]:
    """RULES.md §5: forced play, else draw (if the rule and the boneyard allow), else pass."""
    if ends is None:
        return {f"play {a}-{b}" for a, b in lead_options}
    left, right = ends
    plays = set()
    for a, b in hand:
        if left in (a, b):
            plays.add(f"play {a}-{b} left")
        if right in (a, b):
            plays.add(f"play {a}-{b} right")
    if plays:
        return plays
    if draw_rule != "none" and boneyard_size:
        return {"draw"}
    return {"pass"}


def single_deal_points(
    hands: Sequence[Sequence[Pair]], blocked_points: str
) -> tuple[int | None, int]:
    """RULES.md §6: (winner, points) of a finished single deal."""
    totals = [pips(h) for h in hands]
    empty = [s for s, h in enumerate(hands) if not h]
    if empty:
        winner = empty[0]
        return winner, sum(totals) - totals[winner]
    low = min(totals)
    if totals.count(low) > 1:
        return None, 0
    winner = totals.index(low)
    if blocked_points == "difference":
        return winner, sum(t - low for t in totals)
    return winner, sum(totals) - low


def match_deal_points(
    hands: Sequence[Sequence[Pair]],
    led_with: Pair | None,
    last_tile: Pair | None,
    hanging_in: int,
) -> tuple[int | None, int | None, int, int]:
    """RULES.md §7: (winner, loser, points the loser adds, points left hanging) of a 101 deal."""
    totals = [pips(h) for h in hands]
    if not hands[0] or not hands[1]:
        winner = 0 if not hands[0] else 1
        loser = 1 - winner
        held = list(hands[loser])
        base = LONE_DOUBLE.get(held[0], totals[loser]) if len(held) == 1 else totals[loser]
        bonus = LEAD_BONUS.get(led_with, 0) if led_with else 0
        bonus += FINISH_BONUS.get(last_tile, 0) if last_tile else 0
        return winner, loser, base + bonus + hanging_in, 0
    if totals[0] == totals[1]:
        return None, None, 0, hanging_in + sum(totals)
    loser = 0 if totals[0] > totals[1] else 1
    return 1 - loser, loser, totals[loser] + hanging_in, 0


def first_leader(hands: Sequence[Sequence[Pair]], first_lead: str) -> tuple[int, Pair] | None:
    """RULES.md §4 for a first deal: who leads with which tile (None: redeal)."""
    order = [6, 5, 4, 3, 2, 1, 0] if first_lead == "highest_double" else [1, 2, 3, 4, 5, 6, 0]
    for v in order:
        for seat, hand in enumerate(hands):
            if (v, v) in hand:
                return seat, (v, v)
    if first_lead != "highest_double":
        return None
    best = max((t for h in hands for t in h), key=lambda t: (t[0] + t[1], t[1]))
    seat = next(s for s, h in enumerate(hands) if best in h)
    return seat, best


def obliged_leads(hand: Sequence[Pair]) -> tuple[set[Pair], bool]:
    """Seed 003's lead obligations: (tiles that may lead, whether a redeal may be asked)."""
    doubles = {t for t in hand if t[0] == t[1]}
    if not doubles:
        return set(hand), False
    if len(doubles) == 1:
        (only,) = doubles
        return (set(hand) if only in ((0, 0), (6, 6)) else doubles), False
    return doubles, len(doubles) >= 4


# -- kozel (RULES.md section 9) ---------------------------------------------------------------
#: the pairs, partners opposite: pair 0 is seats 0 and 2, pair 1 seats 1 and 3
KOZEL_PAIRS = {0: (0, 2), 1: (1, 3)}


def kozel_count(hand: Sequence[Pair]) -> int:
    """A hand's count in kozel: a lone 0-0 is 25, anything else its pips."""
    if list(hand) == [(0, 0)]:
        return 25
    return pips(hand)


def kozel_deal_points(
    hands: Sequence[Sequence[Pair]], hanging_in: int
) -> tuple[int | None, int | None, int, int]:
    """(winning pair, losing pair, points the losing pair adds, points left hanging)."""
    pair_counts = {
        pair: sum(kozel_count(hands[s]) for s in seats) for pair, seats in KOZEL_PAIRS.items()
    }
    out = [s for s, h in enumerate(hands) if not h]
    if out:
        winner = next(p for p, seats in KOZEL_PAIRS.items() if out[0] in seats)
        loser = 1 - winner
        return winner, loser, pair_counts[loser] + hanging_in, 0
    if pair_counts[0] == pair_counts[1]:
        return None, None, 0, hanging_in + pair_counts[0] + pair_counts[1]
    loser = 0 if pair_counts[0] > pair_counts[1] else 1
    return 1 - loser, loser, pair_counts[loser] + hanging_in, 0
