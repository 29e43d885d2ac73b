"""The opponent model's likelihood of a world, fast: what :func:`inference.choice_scores` and
:func:`inference.log_likelihood` compute, with everything that does not depend on the world
worked out once per observed choice and every hand's scores remembered.

A Markov chain over worlds (:mod:`doublesix.bots.mcmc`) evaluates a few hundred worlds per
decision, most of them differing from the last by one tile, so the same past hands come back
often: the per-choice memo makes a repeated hand free, and a new one costs a loop over the
hand's fitting tiles only (not the 28 × 2 of the reference implementation).
"""

from __future__ import annotations

import math

from doublesix.bots.heuristics import DEFAULT, ends_after, miss_chance
from doublesix.bots.inference import Choice, hand_then
from doublesix.core.actions import End
from doublesix.core.tiles import FULL_SET, HIGH, LOW, PIPS, VALUE_MASK

_W = DEFAULT


class FastChoice:
    """One observed choice, precomputed for scoring it in many worlds."""

    __slots__ = ("choice", "fit_l", "fit_r", "new_l", "new_r", "memo", "outside")

    def __init__(self, choice: Choice) -> None:
        self.choice = choice
        left, right = choice.ends
        self.fit_l = VALUE_MASK[left]
        self.fit_r = VALUE_MASK[right]
        # the ends each option leaves, as the mask of tiles that would fit them
        self.new_l = [0] * 28
        self.new_r = [0] * 28
        for t in range(28):
            if self.fit_l >> t & 1:
                a, b = ends_after(choice.ends, t, End.LEFT)
                self.new_l[t] = VALUE_MASK[a] | VALUE_MASK[b]
            if self.fit_r >> t & 1:
                a, b = ends_after(choice.ends, t, End.RIGHT)
                self.new_r[t] = VALUE_MASK[a] | VALUE_MASK[b]
        #: tiles the next seat could not hold whatever the hand (line and its known voids)
        self.outside = choice.line | choice.nxt_lacks
        self.memo: dict[int, tuple[float, list[float]] | None] = {}

    def hand_then(self, now: int, origins: dict[int, int] | None) -> int:
        """The chooser's hand at the moment of the choice (:func:`inference.hand_then`)."""
        return hand_then(self.choice, now, origins)

    def scores(self, hand: int) -> tuple[float, list[float]] | None:
        """The chosen play's score and every option's for the past *hand*; None when it
        left no alternative."""
        memo = self.memo
        if hand in memo:
            return memo[hand]
        out = self._scores(hand)
        memo[hand] = out
        return out

    def _scores(self, hand: int) -> tuple[float, list[float]] | None:
        c = self.choice
        fit_l = hand & self.fit_l
        fit_r = hand & self.fit_r
        n = fit_l.bit_count() + fit_r.bit_count()
        if n <= 1:
            return None
        if c.size <= 1:
            return 1000.0, [1000.0] * n
        counts = [(hand & VALUE_MASK[v]).bit_count() for v in range(7)]
        present = sum(1 for x in counts if x)
        could = FULL_SET & ~hand & ~self.outside
        pool = could.bit_count()
        nxt = c.nxt_size
        scores: list[float] = []
        chosen = 0.0
        for fits, news, end in ((fit_l, self.new_l, End.LEFT), (fit_r, self.new_r, End.RIGHT)):
            while fits:
                b = fits & -fits
                fits ^= b
                t = b.bit_length() - 1
                lo, hi = LOW[t], HIGH[t]
                score = float(PIPS[t])
                values = present
                if lo == hi:
                    score += _W.double
                    if counts[lo] == 1:
                        values -= 1
                else:
                    values -= (counts[lo] == 1) + (counts[hi] == 1)
                score += _W.variety * values
                new = news[t]
                follow = (hand & ~b & new).bit_count()
                if follow:
                    score += _W.follow + _W.follow_each * min(3, follow)
                score += _W.starve * miss_chance(pool, (could & new).bit_count(), nxt)
                scores.append(score)
                if t == c.tile and end is c.end:
                    chosen = score
        return chosen, scores


def log_prob(scored: tuple[float, list[float]], temperature: float, epsilon: float) -> float:
    """log P(the chosen play) under the softmax at *temperature*, *epsilon* left to chance."""
    chosen, scores = scored
    top = max(scores)
    z = 0.0
    for s in scores:
        z += math.exp((s - top) / temperature)
    p = math.exp((chosen - top) / temperature) / z
    return math.log((1 - epsilon) * p + epsilon / len(scores))


class Likelihood:
    """log P(the opponents' observed choices | world), memoised per choice and hand."""

    def __init__(self, choices: list[Choice], epsilon: float, use_origins: bool) -> None:
        self.fast = [FastChoice(c) for c in choices]
        self.epsilon = epsilon
        self.use_origins = use_origins
        self._logs: dict[tuple[int, int, float], float] = {}

    def evidence(self, hands: list[int], origins: dict[int, int] | None
                 ) -> list[tuple[float, list[float]]]:
        """The scored choices that carry evidence in this world."""
        out = []
        for f in self.fast:
            sc = f.scores(f.hand_then(hands[f.choice.seat],
                                      origins if self.use_origins else None))
            if sc is not None:
                out.append(sc)
        return out

    def log(self, hands: list[int], origins: dict[int, int] | None, temperature: float) -> float:
        total = 0.0
        eps = self.epsilon
        logs = self._logs
        for k, f in enumerate(self.fast):
            hand = f.hand_then(hands[f.choice.seat], origins if self.use_origins else None)
            key = (k, hand, temperature)
            v = logs.get(key)
            if v is None:
                sc = f.scores(hand)
                v = 0.0 if sc is None else log_prob(sc, temperature, eps)
                logs[key] = v
            total += v
        return total

    def consistent(self, hands: list[int], origins: dict[int, int] | None,
                   slack: float = 1e-2) -> bool:
        """Whether, in this world, every observed choice was the model's best play."""
        for chosen, scores in self.evidence(hands, origins):
            if chosen < max(scores) - slack:
                return False
        return True


def weigh(per_temp: list[list[float]], prior: list[float] | None = None
          ) -> tuple[list[float], int]:
    """Normalised weights under the temperature (index) of the highest marginal likelihood,
    from the log-likelihoods of every world under every temperature; *prior*, when given,
    is added to each temperature's log marginal (a leaning towards some of them)."""
    best, best_marginal = 0, -math.inf
    for k, logs in enumerate(per_temp):
        top = max(logs)
        marginal = top + math.log(sum(math.exp(x - top) for x in logs))
        if prior is not None:
            marginal += prior[k]
        if marginal > best_marginal:
            best, best_marginal = k, marginal
    logs = per_temp[best]
    top = max(logs)
    raw = [math.exp(x - top) for x in logs]
    total = sum(raw)
    return [r / total for r in raw], best


__all__ = ["FastChoice", "Likelihood", "log_prob", "weigh"]
