"""Match equity: the chance of winning a penalty-point match from a given score.

In 101 a deal is worth what it does to the match, not its points: 20 points taken at 95 end
the match, 20 points at 10 hardly matter, and a player far behind should gamble. The hard
level values a finished deal by the change it makes to this equity.

The model: every deal is lost by either side with even chances, and the loser adds points
drawn from :data:`DEAL_POINTS` (the points of 1,666 deals of medium against medium under the
101 preset, 5-point buckets); a side whose total goes above the target loses the match. The
table is solved backwards once per target (highest totals first: points only ever grow).
"""

from __future__ import annotations

from functools import lru_cache

#: (points added by the deal's loser, how often), measured as the module docstring says;
#: each 5-point bucket is represented by its middle
DEAL_POINTS: tuple[tuple[int, int], ...] = (
    (2, 134), (7, 272), (12, 240), (17, 179), (22, 118), (27, 123), (32, 61), (37, 53),
    (42, 26), (47, 9), (52, 117), (57, 101), (62, 83), (67, 42), (72, 28), (77, 22),
    (82, 13), (87, 7), (92, 4), (97, 1), (102, 11), (107, 5), (112, 7), (117, 3), (122, 1),
    (127, 3), (142, 1), (152, 2),
)
#: table cells per target: coarser steps for long matches keep the solve near 50 ms
_CELLS = 52


@lru_cache(maxsize=8)
def _table(target: int) -> tuple[int, tuple[tuple[float, ...], ...]]:
    step = max(1, -(-target // _CELLS))
    n = target // step + 1
    total = sum(c for _, c in DEAL_POINTS)
    jumps = [(-(-p // step), c / total) for p, c in DEAL_POINTS]
    # eq[a][b]: the chance that the side on a points (in steps) wins against the side on b
    eq = [[0.0] * n for _ in range(n)]
    for a in range(n - 1, -1, -1):
        row = eq[a]
        for b in range(n - 1, -1, -1):
            v = 0.0
            for j, p in jumps:
                # this side loses the deal: it goes on unless it passes the target
                if a + j < n:
                    v += p * eq[a + j][b]
                # the other side loses the deal
                v += p * (1.0 if b + j >= n else row[b + j])
            row[b] = 0.5 * v
    return step, tuple(tuple(r) for r in eq)


def match_equity(mine: int, theirs: int, target: int) -> float:
    """The chance of winning the match with *mine* penalty points against *theirs*."""
    if mine > target:
        return 0.0
    if theirs > target:
        return 1.0
    step, eq = _table(target)
    return eq[mine // step][theirs // step]
