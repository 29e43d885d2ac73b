"""Single-observer information-set MCTS (issue 15, part 2), as an alternative to PIMC.

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG 4(2),
2012): one tree over the *observer's* information sets. Every iteration deals a fresh world
(here from the same inference-weighted sampler the alpha-beta level uses), walks down the tree
choosing by UCB only among the moves legal in that world (counting how often each was
available), adds one node, plays the deal out greedily, and backs the result up. Because all
worlds share one tree, the observer's own choices are made once for the whole information set
instead of once per world: that is what removes PIMC's strategy fusion. Opponents' nodes are
keyed by their public moves, so their choices are averaged over the worlds too.

Draws are not tree moves: in a sampled world the boneyard order is fixed, so drawing is
forced, as in :mod:`doublesix.bots.search` (whose terminal scoring and greedy playout this
module reuses, so 101 deals are valued by match equity here as well).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator

from doublesix.bots.search import OTHER, Searcher, encoded_moves
from doublesix.core.tiles import HIGH, LOW, VALUE_MASK

#: an opponent model: (its hand, the next seat's hand, left, right, line, its moves) -> move
Policy = Callable[[int, int, int, int, int, list[int]], int]

#: values are divided by this before UCB (a deal is worth 50 plus its points)
SCALE = 100.0
#: the UCB exploration constant, on that scale
UCB_C = 0.7


class Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0  # from the point of view of the seat that moved into this node
        self.avail = 0


def search(searcher: Searcher, worlds: Iterator[tuple[list[int], list[int]]],
           root_moves: list[int], left: int, right: int, line: int,
           deadline: float | None, iterations: int | None,
           policy: Policy | None = None) -> dict[int, tuple[int, float]]:
    """Run ISMCTS from the observer's turn; *root_moves* are its legal plays as codes
    ``tile * 2 + side`` (side 0 left, 1 right; a lead uses side 0 with *left* = -1).
    With *policy*, opponents in the tree play by it instead of by UCB (an opponent model).
    Returns visits and mean value (the searcher's scale) per root move."""
    root = Node()
    me = searcher.me
    done = 0
    while iterations is None or done < iterations:
        if deadline is not None and done and time.perf_counter() > deadline:
            break
        hands, bone = next(worlds)
        searcher.set_world(bone)
        _iterate(searcher, root, list(hands), bone, root_moves, left, right, line, me, policy)
        done += 1
    return {mv: (child.visits, child.total / child.visits * SCALE if child.visits else 0.0)
            for mv, child in root.children.items()}


def _iterate(searcher: Searcher, root: Node, hands: list[int], bone: list[int],
             root_moves: list[int], left: int, right: int, line: int, me: int,
             policy: Policy | None) -> None:
    players = searcher.players
    path: list[tuple[Node, int]] = []  # (node entered, seat that moved into it)
    node = root
    mover, bpos, passes = me, 0, 0
    moves = root_moves
    value: float | None = None
    expanded = False
    while True:
        # selection among the moves legal in this world; expand the first untried one
        for mv in moves:
            child = node.children.get(mv)
            if child is not None:
                child.avail += 1
        untried = [mv for mv in moves if mv not in node.children]
        if mover != me and policy is not None:
            # the opponent as the inference fitted it, not as a best responder
            mv = policy(hands[mover], hands[(mover + 1) % players], left, right, line, moves)
            child = node.children.get(mv)
            if child is None:
                child = Node()
                child.avail = 1
                node.children[mv] = child
                expanded = True
        elif untried:
            mv = untried[0]
            child = Node()
            child.avail = 1
            node.children[mv] = child
            expanded = True
        else:
            # each child's total is from its mover's side: the best for whoever moves
            best, mv, child = -1e18, moves[0], node.children[moves[0]]
            for m in moves:
                c = node.children[m]
                u = c.total / c.visits + UCB_C * math.sqrt(math.log(c.avail) / c.visits)
                if u > best:
                    best, mv, child = u, m, c
        tile = mv >> 1
        hands[mover] &= ~(1 << tile)
        if left < 0:
            left, right = LOW[tile], HIGH[tile]
        elif mv & 1:
            right = OTHER[tile * 7 + right]
        else:
            left = OTHER[tile * 7 + left]
        line |= 1 << tile
        path.append((child, mover))
        node = child
        if not hands[mover]:
            value = searcher.terminal(hands, 0, mover, tile)
            break
        if searcher.dead_board and left == right and \
                line & VALUE_MASK[left] == VALUE_MASK[left]:
            value = searcher.terminal(hands, 1, mover, tile)
            break
        mover = (mover + 1) % players
        passes = 0
        if expanded:
            # the new leaf: the rest of the deal by the greedy playout
            value = searcher.playout(hands, bpos, left, right, mover, passes)
            break
        state = _settle(searcher, hands, bone, bpos, left, right, mover, passes)
        if isinstance(state, float):
            value = state
            break
        bpos, mover, passes, moves = state
    for n, seat in path:
        n.visits += 1
        n.total += (value if seat == me else -value) / SCALE


def _settle(searcher: Searcher, hands: list[int], bone: list[int], bpos: int, left: int,
            right: int, mover: int, passes: int) -> tuple[int, int, int, list[int]] | float:
    """Forced draws and passes until a seat has a play: its moves, or the deal's value."""
    players = searcher.players
    draw = searcher.draw
    while True:
        hand = hands[mover]
        fit_l = hand & VALUE_MASK[left]
        fit_r = hand & VALUE_MASK[right]
        if not (fit_l | fit_r):
            if draw == 0 or bpos >= len(bone):
                passes += 1
                if passes >= players:
                    return searcher.terminal(hands, 1, -1, -1)
                mover = (mover + 1) % players
                continue
            drew = 0
            if draw == 1:
                while bpos < len(bone):
                    t = bone[bpos]
                    bpos += 1
                    drew |= 1 << t
                    if VALUE_MASK[left] >> t & 1 or VALUE_MASK[right] >> t & 1:
                        break
            else:
                drew = 1 << bone[bpos]
                bpos += 1
            hands[mover] = hand | drew
            fit_l = drew & VALUE_MASK[left]
            fit_r = drew & VALUE_MASK[right]
            if not (fit_l | fit_r):
                if draw == 2:  # one_then_pass: the turn goes on, not a pass
                    mover = (mover + 1) % players
                    continue
                passes += 1
                if passes >= players:
                    return searcher.terminal(hands, 1, -1, -1)
                mover = (mover + 1) % players
                continue
        moves = encoded_moves(fit_l, fit_r, left != right)
        return bpos, mover, passes, moves
