"""What a seat can infer about hidden tiles from its PlayerView alone (issue part 4).

Every hidden tile of an opponent is a *slot*: a dealt tile or one drawn at some moment. A
draw or a pass at ends a and b proves that, at that moment, the player held no tile showing
a or b; the proof covers every slot acquired before it, so a slot's forbidden tiles are the
union of the void values shown after it was acquired. Slots acquired earlier therefore carry
a superset of the constraints of later ones (they are *nested*), which keeps both the
bookkeeping and the sampling of consistent hands simple.

The lead of a deal tells something too: under ``highest_double`` nobody was dealt a higher
double than the one led, and so on (see :func:`_lead_forbidden`).
"""

from __future__ import annotations

from dataclasses import dataclass

from doublesix.core.actions import ActionKind
from doublesix.core.tiles import DOUBLES_MASK, FULL_SET, HIGH, LOW, PIPS, VALUE_MASK, tile_index
from doublesix.core.view import PlayerView

_DOUBLE_INDEX = tuple(tile_index(v, v) for v in range(7))


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's inferred picture of the hidden tiles.

    ``slots[s]`` lists, for every hidden tile of seat *s*, the mask of tiles it cannot be,
    most constrained first; it is empty for the seat itself (whose hand is known).
    """

    seat: int
    players: int
    mine: int
    line: int
    #: tiles in other hands or in the boneyard (or out of play): everything not seen
    unknown: int
    slots: tuple[tuple[int, ...], ...]
    #: soft evidence, per seat and slot: masks of tiles that slot probably is not (each mask
    #: holds the tiles that would have been a clearly better play than one the seat made)
    soft: tuple[tuple[tuple[int, ...], ...], ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    #: per seat and slot (the order of ``slots``): the history index of the draw that brought
    #: the tile, -1 for a dealt one (policy inference rebuilds past hands with it)
    acquired: tuple[tuple[int, ...], ...] = ()

    def lacks(self, seat: int) -> int:
        """Tiles that *seat* surely does not hold now (a mask)."""
        if seat == self.seat:
            return FULL_SET & ~self.mine
        slots = self.slots[seat]
        if not slots:
            return FULL_SET
        # nested constraints: the least constrained slot (the last) bounds them all
        return slots[-1] | ~self.unknown & FULL_SET

    def void_values(self, seat: int) -> frozenset[int]:
        """Values that *seat* surely holds no tile of (and that are not all on the line)."""
        lacks = self.lacks(seat)
        return frozenset(
            v for v in range(7) if VALUE_MASK[v] & self.unknown and
            VALUE_MASK[v] & self.unknown & ~lacks == 0
        )


def infer(view: PlayerView) -> Knowledge:
    """Replay the public history of the deal in *view* and collect every constraint."""
    players = len(view.hand_sizes)
    mine = 0
    for tile in view.hand:
        mine |= 1 << tile.index
    line = 0
    for a, b in view.line:
        line |= 1 << tile_index(a, b)
    unknown = FULL_SET & ~mine & ~line
    hand_size = view.rules.hand_size
    slots: list[list[int]] = [[0] * hand_size for _ in range(players)]
    soft: list[list[list[int]]] = [[[] for _ in range(hand_size)] for _ in range(players)]
    got: list[list[int]] = [[-1] * hand_size for _ in range(players)]
    history = view.history
    for i, event in enumerate(history):
        s = event.seat
        kind = event.action.kind
        if kind is ActionKind.PLAY:
            played = event.action.tile
            assert played is not None
            index = played.index
            if event.ends_before is None:
                lead = _lead_forbidden(view, index)
                for other, seat_slots in enumerate(slots):
                    extra = _leader_forbidden(view, index) if other == s else 0
                    # only dealt tiles: they are the first hand_size slots of every seat
                    for k in range(min(hand_size, len(seat_slots))):
                        seat_slots[k] |= lead | extra
            just_drew = i > 0 and history[i - 1].seat == s and \
                history[i - 1].action.kind is ActionKind.DRAW
            if event.ends_before is not None and not just_drew and s != view.seat:
                better = _better_plays(event.ends_before, index)
                if better:
                    for marks in soft[s]:
                        marks.append(better)
            removed = _remove_slot(slots[s], index, just_drew)
            if removed is not None:
                soft[s].pop(removed)
                got[s].pop(removed)
        elif kind is ActionKind.DRAW or kind is ActionKind.PASS:
            assert event.ends_before is not None
            a, b = event.ends_before
            void = VALUE_MASK[a] | VALUE_MASK[b]
            own = slots[s]
            for k in range(len(own)):
                own[k] |= void
            if kind is ActionKind.DRAW:
                # the drawn tile did not fit either unless its drawer played right after
                nxt = history[i + 1] if i + 1 < len(history) else None
                played_next = nxt is not None and nxt.seat == s and \
                    nxt.action.kind is ActionKind.PLAY
                still_turn = nxt is None and view.to_move == s
                own.append(0 if played_next or still_turn else void)
                soft[s].append([])
                got[s].append(i)
    result: list[tuple[int, ...]] = []
    result_soft: list[tuple[tuple[int, ...], ...]] = []
    result_got: list[tuple[int, ...]] = []
    for s in range(players):
        if s == view.seat:
            result.append(())
            result_soft.append(())
            result_got.append(())
            continue
        size = view.hand_sizes[s]
        pairs = [(m & FULL_SET, tuple(b & unknown for b in marks if b & unknown), g)
                 for m, marks, g in zip(slots[s], soft[s], got[s], strict=True)]
        if len(pairs) != size:  # never expected: fall back to no constraint
            pairs = [(0, (), -1)] * size
        # a slot that forbids every unknown tile would make sampling impossible: relax it
        pairs = [(m if unknown & ~m else 0, marks, g) for m, marks, g in pairs]
        pairs.sort(key=lambda p: -(p[0] & unknown).bit_count())
        result.append(tuple(m for m, _, _ in pairs))
        result_soft.append(tuple(marks for _, marks, _ in pairs))
        result_got.append(tuple(g for _, _, g in pairs))
    return Knowledge(
        seat=view.seat,
        players=players,
        mine=mine,
        line=line,
        unknown=unknown,
        slots=tuple(result),
        soft=tuple(result_soft),
        hand_sizes=view.hand_sizes,
        boneyard_size=view.boneyard_size,
        acquired=tuple(result_got),
    )


def _remove_slot(slots: list[int], index: int, just_drew: bool) -> int | None:
    """Take away the slot tile *index* was played from.

    Right after a draw it is the drawn tile. Otherwise it is unknown which slot it was;
    removing the most constrained one that allows the tile leaves the loosest remaining
    constraints, which contain every true possibility (a sound relaxation).
    """
    if not slots:
        return None
    if just_drew:
        slots.pop()
        return len(slots)
    bit = 1 << index
    best = -1
    for k, forbidden in enumerate(slots):
        if not forbidden & bit and (best < 0 or forbidden.bit_count() > slots[best].bit_count()):
            best = k
    k = best if best >= 0 else len(slots) - 1
    slots.pop(k)
    return k


#: how much more (pips, a double counting 5 extra) a play must be worth to count as better
_BETTER_MARGIN = 2


def _play_worth(index: int) -> int:
    return PIPS[index] + (5 if LOW[index] == HIGH[index] else 0)


def _better_plays(ends: tuple[int, int], played: int) -> int:
    """Tiles that fitted *ends* and would have shed clearly more than *played*: most players
    get rid of heavy tiles and doubles first, so holding one then is less likely."""
    fit = VALUE_MASK[ends[0]] | VALUE_MASK[ends[1]]
    bar = _play_worth(played) + _BETTER_MARGIN
    return sum(1 << t for t in range(28) if fit >> t & 1 and _play_worth(t) > bar)


def _lead_forbidden(view: PlayerView, index: int) -> int:
    """Tiles nobody was dealt, given that *index* led the deal under the view's rules."""
    rules = view.rules
    first_deal = view.match is None or view.match.deal <= 1
    if first_deal and rules.first_lead == "highest_double":
        if LOW[index] == HIGH[index]:
            return sum(1 << _DOUBLE_INDEX[v] for v in range(LOW[index] + 1, 7))
        key = (PIPS[index], HIGH[index])
        heavier = sum(1 << t for t in range(28) if (PIPS[t], HIGH[t]) > key)
        return DOUBLES_MASK | heavier
    if first_deal and rules.first_lead == "lowest_double_from_1_1":
        forbidden = 0
        for v in rules.lead_double_order:
            if _DOUBLE_INDEX[v] == index:
                break
            forbidden |= 1 << _DOUBLE_INDEX[v]
        return forbidden
    return 0


def _leader_forbidden(view: PlayerView, index: int) -> int:
    """Extra tiles the *leader* cannot hold: seed 003's obligations in later match deals."""
    rules = view.rules
    later = view.match is not None and view.match.deal >= 2 and rules.lead_obligations
    if later and LOW[index] != HIGH[index]:
        # a non-double lead: at most one double, and only 0-0 or 6-6 may stay in hand
        return sum(1 << _DOUBLE_INDEX[v] for v in range(1, 6))
    return 0
