"""Random playouts at full speed: the engine the bots use for determinized simulations.

A playout finishes a deal from any position by uniformly random legal actions, under exactly
the rules of :class:`~doublesix.core.state.DealState` (draw rules, passes, the dead-board
fish, domino), and scores it with :mod:`doublesix.core.scoring`.

Speed comes from the representation. Inside the loop a hand is a 7x7 bit matrix: bit
``7*v + j`` is set when the hand holds the tile ``v-j`` (a tile sits at two places, a double
at one). "My tiles that fit an end showing v" is then one shift and one AND, giving a 7-bit
row whose set bits are the values that end will show next; one table lookup on (end, row)
gives every choice as (bits to remove, new end). No object is created per ply; the
two-player loop keeps both hands in local variables, with its body written once per player.
A ply costs about 56 bytecodes; a whole random 2-player deal with its shuffle, lead and
scoring about 2,350 (`doublesix bench` measures the time).

Random choices follow one protocol, so a kernel game can be replayed on a DealState: when
*n* >= 2 actions are legal, the kernel takes ``int(rand() * n)`` (see :func:`pick`) as an
index into the actions in :func:`kernel_order`; a forced action consumes no random number.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from doublesix.core.actions import Action, ActionKind, End
from doublesix.core.outcome import Outcome
from doublesix.core.rules import Ruleset
from doublesix.core.scoring import score_blocked, score_domino
from doublesix.core.tiles import FULL_SET, HIGH, LOW, TILE_COUNT, indices_of, tile_index

Rand = Callable[[], float]

# -- tables ---------------------------------------------------------------------------------
#: _REMOVE[7*v + j]: the matrix bits of tile v-j (both of its places)
_REMOVE: tuple[int, ...] = tuple(
    (1 << (7 * v + j)) | (1 << (7 * j + v)) for v in range(7) for j in range(7)
)
#: _MATRIX[i]: the matrix bits of tile index i
_MATRIX: tuple[int, ...] = tuple(_REMOVE[7 * LOW[i] + HIGH[i]] for i in range(TILE_COUNT))
#: _VALUES[row]: the values j whose bit is set in a 7-bit row, lowest first (= tile order)
_VALUES: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(7) if row >> j & 1) for row in range(128)
)
_COUNT: tuple[int, ...] = tuple(len(v) for v in _VALUES)
#: _MOVES[7v << 7 | row]: for an end showing v and the hand's row v, the choices in tile
#: order as (the matrix bits to remove, the new end times seven); one lookup per ply
_MOVES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((_REMOVE[(key >> 7) + j], 7 * j) for j in _VALUES[key & 127])
    if (key >> 7) % 7 == 0 else ()
    for key in range((42 << 7) + 128)
)


def _chunk_to_matrix(chunk: int, bits: int) -> int:
    matrix = 0
    for b in range(7):
        i = 7 * chunk + b
        if bits >> b & 1 and i < TILE_COUNT:
            matrix |= _MATRIX[i]
    return matrix


#: _TO_MATRIX[c][bits]: the matrix of the tiles 7c..7c+6 of a standard mask
_TO_MATRIX: tuple[tuple[int, ...], ...] = tuple(
    tuple(_chunk_to_matrix(c, bits) for bits in range(128)) for c in range(4)
)
#: _TO_STANDARD[v][row]: the standard mask of the tiles v-j with j >= v in matrix row v
_TO_STANDARD: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(1 << tile_index(v, j) for j in range(v, 7) if row >> j & 1) for row in range(128)
    )
    for v in range(7)
)
_NEXT: tuple[tuple[int, ...], ...] = tuple(tuple((s + 1) % n for s in range(n)) for n in range(5))

# how a loop ended
_DOMINO = 0
_BLOCKED = 1


def to_matrix(mask: int) -> int:
    """The kernel's matrix form of a standard tile mask."""
    t = _TO_MATRIX
    return t[0][mask & 127] | t[1][mask >> 7 & 127] | t[2][mask >> 14 & 127] | t[3][mask >> 21]


def to_standard(matrix: int) -> int:
    """The standard tile mask of a kernel matrix."""
    if not matrix:  # the domino winner's hand: skip seven lookups
        return 0
    t = _TO_STANDARD
    return (
        t[0][matrix & 127] | t[1][matrix >> 7 & 127] | t[2][matrix >> 14 & 127]
        | t[3][matrix >> 21 & 127] | t[4][matrix >> 28 & 127] | t[5][matrix >> 35 & 127]
        | t[6][matrix >> 42 & 127]
    )


def pick(rand: Rand, n: int) -> int:
    """The kernel's choice among *n* >= 2 legal actions, as an index into :func:`kernel_order`."""
    return int(rand() * n)


def kernel_order(actions: Sequence[Action]) -> list[Action]:
    """*actions* (a DealState's legal actions) in the order the kernel numbers them.

    Plays on the left end come first, then plays on the right end, each by tile; leads (no
    end) are numbered by tile. A draw or a pass is the only legal action when it is legal.
    """

    def key(action: Action) -> tuple[int, int]:
        if action.kind is not ActionKind.PLAY or action.tile is None:
            return (2, 0)
        return (1 if action.end is End.RIGHT else 0, action.tile.index)

    return sorted(actions, key=key)


class PlayoutResult(NamedTuple):
    """A finished playout: the scored outcome, the final hands (standard masks) and counts.

    A named tuple, because one is built per playout and that is the cheapest immutable record.
    """

    outcome: Outcome
    hands: tuple[int, ...]
    ends: tuple[int, int]
    #: tiles taken from the boneyard during the playout
    drawn: int
    #: actions applied during the playout: plays (a lead too), draws and passes
    plies: int

    @property
    def winner(self) -> int | None:
        return self.outcome.winner

    def points_by_seat(self) -> tuple[int, ...]:
        """Per seat: a single deal's winner gets its points; in a match the loser its penalty.

        In a pairs match (kozel) ``winner`` and ``loser`` are pairs: the penalty is shown at
        the pair's first seat (0 or 1), so the entries still add up to the points scored.
        """
        o = self.outcome
        seats = [0] * len(self.hands)
        if o.loser is not None:
            seats[o.loser] = o.points
        elif o.winner is not None:
            seats[o.winner] = o.points
        return tuple(seats)


def playout(
    rules: Ruleset,
    hands: Sequence[int],
    boneyard: Sequence[int],
    ends: tuple[int, int] | None,
    to_move: int,
    rand: Rand,
    *,
    passes: int = 0,
    last_placer: int = -1,
    lead_mask: int = FULL_SET,
    led_with: int = -1,
    hanging_in: int = 0,
) -> PlayoutResult:
    """Finish a deal by uniformly random legal actions and score it.

    *hands* are standard tile masks per seat, *boneyard* tile indices in draw order (the next
    draw takes the first), *ends* the open ends, or None on an empty table: then *to_move*
    leads with one of ``hands[to_move] & lead_mask`` (the kernel never asks for a redeal).
    *passes* counts the passes in a row so far and *last_placer* is the seat that placed the
    last tile (the fisherman should the deal block), as in a DealState; *led_with* and
    *hanging_in* feed the 101 scoring. *rand* returns floats in [0, 1), e.g.
    ``random.Random(seed).random``. The caller's sequences are left unchanged.
    """
    players = len(hands)
    if players != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} hands")
    matrices = list(map(to_matrix, hands))
    held = sum(map(int.bit_count, hands))
    p = to_move
    if ends is None:
        allowed = hands[p] & lead_mask
        if not allowed:
            raise ValueError(f"seat {p} has no tile to lead with")
        if allowed & (allowed - 1):
            options = indices_of(allowed)
            lead = options[pick(rand, len(options))]
        else:  # a forced lead (the highest double, say) needs no choice
            lead = allowed.bit_length() - 1
        matrices[p] ^= _MATRIX[lead]
        led_with = lead
        ends = (LOW[lead], HIGH[lead])
        last_placer = p
        passes = 0
        if not matrices[p]:
            return _finish(rules, _DOMINO, p, p, lead, matrices, ends, 0, 0, held, led_with,
                           hanging_in)
        p = (p + 1) % players
    bone = list(map(_MATRIX.__getitem__, boneyard))
    nb = len(bone) if rules.draw_rule != "none" else 0
    one = rules.draw_rule == "one_then_pass"
    dead = rules.dead_board_fish
    if players == 2:
        # the loop knows the players as roles, 0 being the one to move now: seat = role ^ first
        first = p
        code, role, last, tile, h, o, bi, left7, right7, npass = _loop2(
            matrices[first], matrices[1 - first], bone, nb, ends[0] * 7, ends[1] * 7, passes,
            last_placer ^ first if last_placer >= 0 else -1, one, dead, rand,
        )
        matrices[first] = h
        matrices[1 - first] = o
        p = role ^ first
        last = last ^ first if last >= 0 else -1
    else:
        code, p, last, tile, bi, left7, right7, npass = _loop_n(
            matrices, bone, nb, ends[0] * 7, ends[1] * 7, p, passes, last_placer, one, dead,
            rand,
        )
    return _finish(rules, code, p, last, tile, matrices, (left7 // 7, right7 // 7), bi, npass,
                   held, led_with, hanging_in)


def _finish(
    rules: Ruleset,
    code: int,
    seat: int,
    last: int,
    tile: int,
    matrices: list[int],
    ends: tuple[int, int],
    drawn: int,
    npass: int,
    held_before: int,
    led_with: int,
    hanging_in: int,
) -> PlayoutResult:
    hands = list(map(to_standard, matrices))
    # every tile that left the hands (those held at the start, plus draws) was played
    plays = held_before + drawn - sum(map(int.bit_count, hands))
    if code == _DOMINO:
        outcome = score_domino(rules, hands, seat, tile, led_with, hanging_in)
    else:
        outcome = score_blocked(rules, hands, last if last >= 0 else None, led_with, hanging_in)
    return PlayoutResult(outcome, tuple(hands), ends, drawn, plays + drawn + npass)


def _all_down(value7: int, hands: int, bone: list[int], bi: int) -> bool:
    """Dead board: no tile showing the value is held or left in the boneyard."""
    rest = hands
    for t in bone[bi:]:
        rest |= t
    return not rest >> value7 & 127


#: _INDEX_OF[matrix bits of a tile]: its index
_INDEX_OF: dict[int, int] = {m: i for i, m in enumerate(_MATRIX)}

_Loop2Result = tuple[int, int, int, int, int, int, int, int, int, int]
_LoopNResult = tuple[int, int, int, int, int, int, int, int]


def _loop2(
    h: int, o: int, bone: list[int], nb: int, left7: int, right7: int, passes: int,
    last: int, one: bool, dead: bool, rand: Rand,
) -> _Loop2Result:
    """The two-player loop. *h* is the hand of the player to move ("role 0"), *o* the
    other's ("role 1"); *last* is the role that placed the last tile, or -1.

    The body is written once per role, so the turn passing over costs a jump instead of
    swapping hands and flipping a seat number on every ply. Ends are kept times seven: the
    shift that finds a value's row in a matrix. Returns (how it ended, the role that acted
    last, the role that placed last, the last tile or -1, the two hands, tiles drawn, left7,
    right7, passes made).
    """
    moves = _MOVES
    count = _COUNT
    bi = 0
    npass = 0
    while True:
        while True:  # role 0 acts until the turn goes over
            a = h >> left7 & 127
            b = h >> right7 & 127
            if not a | b:
                if bi < nb:
                    # nothing fitted, so only a drawn tile can: test just that one
                    want = 127 << left7 | 127 << right7
                    t = bone[bi]
                    bi += 1
                    h |= t
                    if not one:
                        while not t & want and bi < nb:
                            t = bone[bi]
                            bi += 1
                            h |= t
                    if not t & want:
                        if one:
                            break  # seed 003: one unlucky draw hands the turn over; no pass
                        continue  # the boneyard ran out: the next action is a pass
                    a = t >> left7 & 127
                    b = t >> right7 & 127
                else:
                    npass += 1
                    passes += 1
                    if passes >= 2:
                        return _BLOCKED, 0, last, -1, h, o, bi, left7, right7, npass
                    break
            na = count[a]
            n = na + count[b]
            k = int(rand() * n) if n > 1 else 0
            if k < na:
                t, left7 = moves[left7 << 7 | a][k]
            else:
                t, right7 = moves[right7 << 7 | b][k - na]
            h ^= t
            if not h:
                return _DOMINO, 0, 0, _INDEX_OF[t], h, o, bi, left7, right7, npass
            if dead and left7 == right7 and _all_down(left7, h | o, bone, bi):
                return _BLOCKED, 0, 0, -1, h, o, bi, left7, right7, npass
            passes = 0
            last = 0
            break
        while True:  # role 1: the same, on the other hand
            a = o >> left7 & 127
            b = o >> right7 & 127
            if not a | b:
                if bi < nb:
                    want = 127 << left7 | 127 << right7
                    t = bone[bi]
                    bi += 1
                    o |= t
                    if not one:
                        while not t & want and bi < nb:
                            t = bone[bi]
                            bi += 1
                            o |= t
                    if not t & want:
                        if one:
                            break
                        continue
                    a = t >> left7 & 127
                    b = t >> right7 & 127
                else:
                    npass += 1
                    passes += 1
                    if passes >= 2:
                        return _BLOCKED, 1, last, -1, h, o, bi, left7, right7, npass
                    break
            na = count[a]
            n = na + count[b]
            k = int(rand() * n) if n > 1 else 0
            if k < na:
                t, left7 = moves[left7 << 7 | a][k]
            else:
                t, right7 = moves[right7 << 7 | b][k - na]
            o ^= t
            if not o:
                return _DOMINO, 1, 1, _INDEX_OF[t], h, o, bi, left7, right7, npass
            if dead and left7 == right7 and _all_down(left7, h | o, bone, bi):
                return _BLOCKED, 1, 1, -1, h, o, bi, left7, right7, npass
            passes = 0
            last = 1
            break


def _loop_n(
    hands: list[int], bone: list[int], nb: int, left7: int, right7: int, p: int, passes: int,
    last: int, one: bool, dead: bool, rand: Rand,
) -> _LoopNResult:
    """The loop for any number of players; *hands* (matrices) is updated in place.

    Returns (how it ended, seat to move then, last placer, last tile or -1, tiles drawn,
    left7, right7, passes made).
    """
    moves = _MOVES
    count = _COUNT
    players = len(hands)
    nxt = _NEXT[players]
    bi = 0
    npass = 0
    while True:
        h = hands[p]
        a = h >> left7 & 127
        b = h >> right7 & 127
        if a | b:
            na = count[a]
            n = na + count[b]
            k = int(rand() * n) if n > 1 else 0
            if k < na:
                t, left7 = moves[left7 << 7 | a][k]
            else:
                t, right7 = moves[right7 << 7 | b][k - na]
            h ^= t
            hands[p] = h
            if not h:
                return _DOMINO, p, p, _INDEX_OF[t], bi, left7, right7, npass
            if dead and left7 == right7:
                held = 0
                for other in hands:
                    held |= other
                if _all_down(left7, held, bone, bi):
                    return _BLOCKED, p, p, -1, bi, left7, right7, npass
            passes = 0
            last = p
            p = nxt[p]
        elif bi < nb:
            want = 127 << left7 | 127 << right7
            t = bone[bi]
            bi += 1
            h |= t
            if not one:
                while not t & want and bi < nb:
                    t = bone[bi]
                    bi += 1
                    h |= t
            hands[p] = h
            if one and not t & want:
                p = nxt[p]
        else:
            npass += 1
            passes += 1
            if passes >= players:
                return _BLOCKED, p, last, -1, bi, left7, right7, npass
            p = nxt[p]
