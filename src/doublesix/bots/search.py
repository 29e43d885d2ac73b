"""Alpha-beta search of one fully known deal ("a determinized world"), on bit masks.

The hard level runs it on many sampled worlds and averages (perfect-information Monte Carlo);
the omniscient solver runs it on the true one. With the boneyard order known, drawing is no
choice: a player with nothing to play draws until a tile fits, so draws never branch here.

Values are from one seat's point of view (``me``); every other seat minimises them (the
paranoid view, exact for two players). In a pairs game (kozel) the partner maximises with
``me`` and values are the pair's (see :mod:`doublesix.bots.pairs`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from doublesix.bots.matchvalue import match_equity
from doublesix.bots.pairs import friends, side
from doublesix.core.rules import Ruleset
from doublesix.core.scoring import score_blocked, score_domino
from doublesix.core.tiles import DOUBLES_MASK, HIGH, LOW, PIPS, VALUE_MASK

#: a won deal is worth this much on top of its points: winning comes first
WIN = 50.0
#: a won or lost match, in the same units
MATCH = 400.0
#: a depth meaning "to the end"
EXACT = 99

_DRAW_NONE, _DRAW_UNTIL, _DRAW_ONE = 0, 1, 2
_DRAW_CODES = {"none": _DRAW_NONE, "until_playable": _DRAW_UNTIL, "one_then_pass": _DRAW_ONE}
_EXACT_FLAG, _LOWER, _UPPER = 0, 1, 2

#: OTHER[tile * 7 + v]: the other half of *tile* when its half v is matched
OTHER = tuple(
    (HIGH[t] if LOW[t] == v else LOW[t]) if v in (LOW[t], HIGH[t]) else -1
    for t in range(28) for v in range(7)
)
#: ORDER[mask]-free move ordering: heavier tiles, doubles first, are usually best to shed
_ORDER_KEY = tuple(PIPS[t] + (7 if LOW[t] == HIGH[t] else 0) for t in range(28))


class OutOfTime(Exception):
    """Raised inside a search when its deadline passed; the caller drops that world."""


@dataclass(frozen=True, slots=True)
class MatchContext:
    """What a 101 deal's result means for the match: scores before it, its lead, hanging."""

    scores: tuple[int, ...]
    target: int
    led_with: int
    hanging_in: int


@dataclass(frozen=True, slots=True)
class EvalWeights:
    tiles: float = 10.0
    pips: float = 0.5
    mobility: float = 3.0
    #: being the one to move, and holding fewer doubles (hard to place); 0 in the hand-set
    #: weights, fitted in evaluation.py
    turn: float = 0.0
    doubles: float = 0.0



def encoded_moves(fit_left: int, fit_right: int, two_ends: bool) -> list[int]:
    """Every play as ``tile * 2 + side`` (0 left, 1 right) from the masks of tiles that fit
    each end; with both ends equal only the left ones, as the right would repeat them."""
    moves: list[int] = []
    m = fit_left
    while m:
        b = m & -m
        moves.append((b.bit_length() - 1) * 2)
        m ^= b
    if two_ends:
        m = fit_right
        while m:
            b = m & -m
            moves.append((b.bit_length() - 1) * 2 + 1)
            m ^= b
    return moves

class Searcher:
    """Depth-limited alpha-beta with a transposition table, for one seat's values."""

    def __init__(
        self,
        rules: Ruleset,
        me: int,
        match: MatchContext | None = None,
        weights: EvalWeights | None = None,
        deadline: float | None = None,
        rollout: bool = False,
        equity: bool = False,
        points: float = 1.0,
    ) -> None:
        self.rules = rules
        #: how much a deal's points count beside the WIN for winning it (0: the win alone;
        #: the goals are win rates, and points can buy a lower chance of winning)
        self.points = points
        #: value a finished 101 deal by the match equity it wins or loses (matchvalue.py)
        self.equity = equity and rules.players == 2
        #: when set, the other seats' moves in the tree: (hand, next hand, left, right, line,
        #: moves) -> the move (see inference.model_choice); otherwise they minimise
        self.model: Callable[[int, int, int, int, int, list[int]], int] | None = None
        #: when set, the other seats are chance nodes: (hand, next hand, left, right, line,
        #: moves) -> each move's probability, and a position is worth the expectation over
        #: them (expectimax against a stochastic opponent, e.g. a random player)
        self.chance: Callable[[int, int, int, int, int, list[int]], list[float]] | None = None
        #: value leaves by a greedy playout to the end instead of the static guess
        self.rollout = rollout
        self.me = me
        #: friendly[seat]: the seat plays for me (myself, and in kozel my partner)
        self.friendly = friends(rules, me)
        self.side = side(rules, me)
        self.players = rules.players
        self.draw = _DRAW_CODES[rules.draw_rule]
        self.dead_board = rules.dead_board_fish
        self.match = match if rules.is_match else None
        self.w = weights or EvalWeights()
        self.deadline = deadline
        self.nodes = 0
        self.tt: dict[tuple[object, ...], tuple[int, int, float, int]] = {}
        self.bone: list[int] = []
        self._terminal: Callable[[list[int], int, int, int], float] = (
            self._terminal_match if self.match is not None else self._terminal_deal
        )

    # -- the world ------------------------------------------------------------------------
    def set_world(self, bone: list[int], keep_table: bool = False) -> None:
        """Use *bone* (draw order, first drawn first) as the boneyard of the next searches."""
        self.bone = bone
        if not keep_table:
            self.tt = {}

    # -- root -----------------------------------------------------------------------------
    def value_after_play(
        self, hands: list[int], bpos: int, left: int, right: int, mover: int, tile: int,
        side: int, line: int, depth: int,
    ) -> float:
        """The value of *mover* laying *tile* (side 0 left, 1 right; -1 the lead)."""
        hand = hands[mover]
        hands[mover] = hand & ~(1 << tile)
        try:
            if side < 0:
                nl, nr = LOW[tile], HIGH[tile]
            elif side == 0:
                nl, nr = OTHER[tile * 7 + left], right
            else:
                nl, nr = left, OTHER[tile * 7 + right]
            return self._after_play(hands, bpos, nl, nr, mover, tile, line | 1 << tile, depth,
                                    -1e9, 1e9)
        finally:
            hands[mover] = hand

    def value(self, hands: list[int], bpos: int, left: int, right: int, mover: int,
              passes: int, line: int, depth: int) -> float:
        """The value of the position with *mover* to act (draws included)."""
        return self._node(hands, bpos, left, right, mover, passes, line, depth, -1e9, 1e9)

    def playout(self, hands: list[int], bpos: int, left: int, right: int, mover: int,
                passes: int) -> float:
        """The value of a greedy playout to the deal's end (changes *hands*)."""
        return self._playout(hands, bpos, left, right, mover, passes)

    def terminal(self, hands: list[int], reason: int, winner: int, tile: int) -> float:
        """The value of a finished deal: *reason* 0 a domino by *winner* with *tile*,
        1 blocked."""
        return self._terminal(hands, reason, winner, tile)

    # -- recursion ------------------------------------------------------------------------
    def _after_play(self, hands: list[int], bpos: int, left: int, right: int, mover: int,
                    tile: int, line: int, depth: int, alpha: float, beta: float) -> float:
        if not hands[mover]:
            return self._terminal(hands, 0, mover, tile)
        if self.dead_board and left == right and line & VALUE_MASK[left] == VALUE_MASK[left]:
            return self._terminal(hands, 1, mover, tile)
        return self._node(hands, bpos, left, right, (mover + 1) % self.players, 0, line,
                          depth - 1, alpha, beta)

    def _node(self, hands: list[int], bpos: int, left: int, right: int, mover: int,
              passes: int, line: int, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 255 and \
                time.perf_counter() > self.deadline:
            raise OutOfTime
        hand = hands[mover]
        fit_l = hand & VALUE_MASK[left]
        fit_r = hand & VALUE_MASK[right]
        drew = 0
        if not (fit_l | fit_r):
            bone = self.bone
            if self.draw == _DRAW_NONE or bpos >= len(bone):
                if passes + 1 >= self.players:
                    return self._terminal(hands, 1, -1, -1)
                if depth <= 0:
                    return self._leaf(hands, bpos, left, right, mover, passes)
                return self._node(hands, bpos, left, right, (mover + 1) % self.players,
                                  passes + 1, line, depth - 1, alpha, beta)
            # forced draws: no branching, so they cost no depth
            if self.draw == _DRAW_UNTIL:
                while bpos < len(bone):
                    t = bone[bpos]
                    bpos += 1
                    drew |= 1 << t
                    if VALUE_MASK[left] >> t & 1 or VALUE_MASK[right] >> t & 1:
                        break
            else:
                t = bone[bpos]
                bpos += 1
                drew = 1 << t
            hands[mover] = hand | drew
            fit_l = drew & VALUE_MASK[left]
            fit_r = drew & VALUE_MASK[right]
            if not (fit_l | fit_r):
                try:
                    if self.draw == _DRAW_ONE:  # the turn goes on, and it is not a pass
                        return self._node(hands, bpos, left, right, (mover + 1) % self.players,
                                          passes, line, depth, alpha, beta)
                    # boneyard emptied with nothing to play: a pass
                    if passes + 1 >= self.players:
                        return self._terminal(hands, 1, -1, -1)
                    return self._node(hands, bpos, left, right, (mover + 1) % self.players,
                                      passes + 1, line, depth - 1, alpha, beta)
                finally:
                    hands[mover] = hand
        try:
            return self._branch(hands, bpos, left, right, mover, line, depth, alpha, beta,
                                fit_l, fit_r)
        finally:
            hands[mover] = hand

    def _branch(self, hands: list[int], bpos: int, left: int, right: int, mover: int,
                line: int, depth: int, alpha: float, beta: float, fit_l: int,
                fit_r: int) -> float:
        if depth <= 0:
            return self._leaf(hands, bpos, left, right, mover, 0)
        key = (*hands, bpos, left, right, mover) if left <= right else \
            (*hands, bpos, right, left, mover)
        entry = self.tt.get(key)
        best_move = -1
        if entry is not None:
            e_depth, flag, value, best_move = entry
            if e_depth >= depth:
                if flag == _EXACT_FLAG:
                    return value
                if flag == _LOWER and value >= beta:
                    return value
                if flag == _UPPER and value <= alpha:
                    return value
        moves = encoded_moves(fit_l, fit_r, left != right)
        if self.model is not None and not self.friendly[mover] and len(moves) > 1:
            # an opponent model: the opponent plays what the model says, no search of it
            moves = [self.model(hands[mover], hands[(mover + 1) % self.players], left, right,
                                line, moves)]
        if self.chance is not None and not self.friendly[mover] and len(moves) > 1:
            return self._expect(hands, bpos, left, right, mover, line, depth, moves, key)
        if len(moves) > 1:
            moves.sort(key=lambda mv: -_ORDER_KEY[mv >> 1])
            if best_move in moves:
                moves.remove(best_move)
                moves.insert(0, best_move)
        maximizing = self.friendly[mover]
        a0, b0 = alpha, beta
        best = -1e9 if maximizing else 1e9
        chosen = moves[0]
        hand = hands[mover]
        for mv in moves:
            tile = mv >> 1
            if mv & 1:
                nl, nr = left, OTHER[tile * 7 + right]
            else:
                nl, nr = OTHER[tile * 7 + left], right
            hands[mover] = hand & ~(1 << tile)
            v = self._after_play(hands, bpos, nl, nr, mover, tile, line | 1 << tile, depth,
                                 alpha, beta)
            hands[mover] = hand
            if maximizing:
                if v > best:
                    best, chosen = v, mv
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best, chosen = v, mv
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        flag = _EXACT_FLAG
        if best <= a0:
            flag = _UPPER
        elif best >= b0:
            flag = _LOWER
        self.tt[key] = (depth, flag, best, chosen)
        return best

    def _expect(self, hands: list[int], bpos: int, left: int, right: int, mover: int,
                line: int, depth: int, moves: list[int], key: tuple[object, ...]) -> float:
        """A chance node: the opponent's moves weighted by the model's probabilities, each
        searched with a full window (bounds do not carry through an average)."""
        assert self.chance is not None
        hand = hands[mover]
        probs = self.chance(hand, hands[(mover + 1) % self.players], left, right, line, moves)
        total = 0.0
        for mv, p in zip(moves, probs, strict=True):
            if p <= 0.0:
                continue
            tile = mv >> 1
            if mv & 1:
                nl, nr = left, OTHER[tile * 7 + right]
            else:
                nl, nr = OTHER[tile * 7 + left], right
            hands[mover] = hand & ~(1 << tile)
            total += p * self._after_play(hands, bpos, nl, nr, mover, tile, line | 1 << tile,
                                          depth, -1e9, 1e9)
            hands[mover] = hand
        self.tt[key] = (depth, _EXACT_FLAG, total, moves[0])
        return total

    # -- leaves ---------------------------------------------------------------------------
    def _leaf(self, hands: list[int], bpos: int, left: int, right: int, mover: int,
              passes: int) -> float:
        if self.rollout:
            return self._playout(list(hands), bpos, left, right, mover, passes)
        return self._evaluate(hands, left, right, mover)

    def _playout(self, hands: list[int], bpos: int, left: int, right: int, mover: int,
                 passes: int) -> float:
        """Play the deal out greedily: shed the heaviest tile, doubles first, and above all
        lay ends the next player cannot follow (seed 001's advice, seen through this world)."""
        bone = self.bone
        players = self.players
        draw = self.draw
        while True:
            hand = hands[mover]
            ends = VALUE_MASK[left] | VALUE_MASK[right]
            fit = hand & ends
            nxt = (mover + 1) % players
            if not fit:
                if draw == _DRAW_NONE or bpos >= len(bone):
                    passes += 1
                    if passes >= players:
                        return self._terminal(hands, 1, -1, -1)
                    mover = nxt
                    continue
                if draw == _DRAW_UNTIL:
                    while bpos < len(bone):
                        t = bone[bpos]
                        bpos += 1
                        hand |= 1 << t
                        if ends >> t & 1:
                            break
                else:
                    t = bone[bpos]
                    bpos += 1
                    hand |= 1 << t
                hands[mover] = hand
                fit = hand & ends
                if not fit:
                    if draw == _DRAW_ONE:
                        mover = nxt
                        continue
                    passes += 1
                    if passes >= players:
                        return self._terminal(hands, 1, -1, -1)
                    mover = nxt
                    continue
            follow = hands[nxt]
            best_t, best_l, best_r, best_s = -1, left, right, -1e9
            m = fit
            while m:
                b = m & -m
                m ^= b
                t = b.bit_length() - 1
                base = _ORDER_KEY[t]
                if VALUE_MASK[left] >> t & 1:
                    nl = OTHER[t * 7 + left]
                    sc = base + (20 if not follow & (VALUE_MASK[nl] | VALUE_MASK[right]) else 0)
                    if sc > best_s:
                        best_t, best_l, best_r, best_s = t, nl, right, sc
                if left != right and VALUE_MASK[right] >> t & 1:
                    nr = OTHER[t * 7 + right]
                    sc = base + (20 if not follow & (VALUE_MASK[left] | VALUE_MASK[nr]) else 0)
                    if sc > best_s:
                        best_t, best_l, best_r, best_s = t, left, nr, sc
            hand &= ~(1 << best_t)
            hands[mover] = hand
            left, right = best_l, best_r
            passes = 0
            if not hand:
                return self._terminal(hands, 0, mover, best_t)
            mover = nxt

    def _evaluate(self, hands: list[int], left: int, right: int, mover: int) -> float:
        """A cheap guess: fewer tiles and fewer pips than the best opponent, and being able to
        play on the current ends."""
        if self.rules.teams:
            return self._evaluate_pairs(hands, left, right)
        me = self.me
        w = self.w
        mine = hands[me]
        n_me = mine.bit_count()
        p_me = sum(PIPS[t] for t in _bits(mine))
        d_me = (mine & DOUBLES_MASK).bit_count()
        ends = VALUE_MASK[left] | VALUE_MASK[right]
        best = 1e9
        for s in range(self.players):
            if s == me:
                continue
            h = hands[s]
            v = w.tiles * (h.bit_count() - n_me) + w.pips * (
                sum(PIPS[t] for t in _bits(h)) - p_me
            ) + w.mobility * ((1 if mine & ends else -1) - (1 if h & ends else -1))
            if w.turn:
                v += w.turn * ((mover == me) - (mover == s))
            if w.doubles:
                v += w.doubles * ((h & DOUBLES_MASK).bit_count() - d_me)
            if v < best:
                best = v
        return best

    def _evaluate_pairs(self, hands: list[int], left: int, right: int) -> float:
        """The pairs' version: the pair whose nearest player to going out is nearer, the
        lighter pair (the loser pays both its hands), and who can follow the ends."""
        w = self.w
        ends = VALUE_MASK[left] | VALUE_MASK[right]
        near = [99, 99]
        pips = [0, 0]
        mobile = [-1, -1]
        for s, h in enumerate(hands):
            k = 0 if self.friendly[s] else 1
            near[k] = min(near[k], h.bit_count())
            pips[k] += sum(PIPS[t] for t in _bits(h))
            if h & ends:
                mobile[k] = 1
        return (w.tiles * (near[1] - near[0]) + w.pips * (pips[1] - pips[0]) / 2
                + w.mobility * (mobile[0] - mobile[1]))

    def _terminal_deal(self, hands: list[int], reason: int, winner: int, _tile: int) -> float:
        """A single deal's end: reason 0 domino by *winner*, 1 blocked."""
        pips = [sum(PIPS[t] for t in _bits(h)) for h in hands]
        me = self.me
        if reason == 1:
            low = min(pips)
            lowest = [s for s, p in enumerate(pips) if p == low]
            if len(lowest) > 1:
                return 0.0
            winner = lowest[0]
            if self.rules.blocked_points == "difference":
                points = sum(p - low for p in pips)
            else:
                points = sum(pips) - low
        else:
            points = sum(pips) - pips[winner]
        value = WIN + self.points * points
        return value if winner == me else -value

    def _terminal_match(self, hands: list[int], reason: int, winner: int, tile: int) -> float:
        """A 101 deal's end, valued by the penalty points it adds and the match it may end."""
        ctx = self.match
        assert ctx is not None
        if reason == 0:
            outcome = score_domino(self.rules, hands, winner, tile, ctx.led_with, ctx.hanging_in)
        else:
            outcome = score_blocked(self.rules, hands, None, ctx.led_with, ctx.hanging_in)
        loser = outcome.loser  # a side: a player, or in kozel a pair
        if loser is None:
            return 0.0
        if self.equity and len(ctx.scores) == 2:  # the match equity table is for two sides
            scores = list(ctx.scores)
            before = match_equity(scores[self.side], scores[1 - self.side], ctx.target)
            scores[loser] += outcome.points
            after = match_equity(scores[self.side], scores[1 - self.side], ctx.target)
            return MATCH * (after - before)
        sign = -1.0 if loser == self.side else 1.0
        value = WIN + self.points * outcome.points
        if ctx.scores[loser] + outcome.points > ctx.target:
            value += MATCH
        return sign * value


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        b = mask & -mask
        out.append(b.bit_length() - 1)
        mask ^= b
    return out
