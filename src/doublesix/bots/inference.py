"""Policy-based inference: how likely a sampled world makes the opponents' observed plays.

Hard constraints (a draw or a pass proves a void; :mod:`doublesix.bots.knowledge`) say which
worlds are possible; this module says which are *likely*. An opponent that chose 2-3 while,
in some world, it also held 6-6 on the same end is a worse fit for that world than one where
6-6 was not in its hand. Each play is scored under a model of how people play (the medium
level's liking, :func:`doublesix.bots.heuristics.score_play`, taken as a softmax with a
temperature), and a world's weight is the product of those probabilities over every play the
opponents made so far. The hard level then searches worlds drawn in proportion to it.

This is the policy-based inference of the Skat programs: Buro, Long, Furtak and Sturtevant,
"Improving State Evaluation, Inference, and Search in Trick-Based Card Games" (IJCAI 2009)
weight sampled worlds by the product of the opponents' move probabilities; Rebstock, Solinas,
Buro and Sturtevant, "Policy Based Inference in Trick-Taking Card Games" (IEEE CoG 2019,
arXiv:1905.10911) do the same with a learned policy and resample the worlds to search; and
Solinas, Rebstock and Buro, "Improving Search with Supervised Learning in Trick-Based Card
Games" (AAAI 2019, arXiv:1903.09604) show that better sampling, not better evaluation, is
what PIMC lacked. Here the policy is our own medium level, not a network, and its temperature
is fitted per decision: the one under which the observed plays are most likely on average
over the sampled worlds (a Monte Carlo estimate of the marginal likelihood), so a random
opponent gets a high temperature (flat weights) and a sharp one a low temperature.

Draws and passes are forced (nothing else is legal), so their probability is 0 or 1 and they
enter only through the hard constraints. Only plays with a choice carry evidence.

A past hand is rebuilt from the world without guessing: the tiles the seat played later are
certainly in hand at that moment if it did not draw in between, and of its present hand the
tiles it was dealt or drew before that moment (the sampler tells which slot, dealt or drawn
when, each tile filled). Tiles of unknown origin are left out, which only weakens the
evidence.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from doublesix.bots.heuristics import DEFAULT, Weights, ends_after, miss_chance
from doublesix.bots.knowledge import infer
from doublesix.core.actions import ActionKind, End
from doublesix.core.tiles import FULL_SET, HIGH, LOW, PIPS, VALUE_MASK
from doublesix.core.view import PlayerView

#: temperatures tried (in the medium level's score units, roughly pips)
TEMPERATURES = (0.5, 1.5, 4.0, 12.0, 50.0)
#: the chance that a play ignores the model altogether (keeps a surprise from zeroing a world)
EPSILON = 0.05


@dataclass(frozen=True, slots=True)
class Choice:
    """One play an opponent chose freely, and what is public about its moment."""

    seat: int
    #: the play's place in the deal's history
    index: int
    ends: tuple[int, int]
    tile: int
    end: End
    #: tiles surely in the seat's hand then, whatever the world (played later, no draw between)
    known: int
    #: whether the seat's present hand was all in hand then (it has not drawn since)
    with_hand: bool
    #: hand size then
    size: int
    line: int
    #: the next seat, its hand size then, and the tiles the chooser knew it lacked then
    nxt: int
    nxt_size: int
    nxt_lacks: int


def observed_choices(view: PlayerView) -> list[Choice]:
    """Every non-forced play by another seat in the current deal, as :class:`Choice`."""
    history = view.history
    players = view.players
    # sizes at the deal's start: present size plus plays minus draws; replayed forward below
    start = list(view.hand_sizes)
    for e in history:
        if e.action.kind is ActionKind.PLAY:
            start[e.seat] += 1
        elif e.action.kind is ActionKind.DRAW:
            start[e.seat] -= 1
    sizes = start
    line = 0
    line_pairs: list[tuple[int, int]] = []
    out: list[Choice] = []
    for i, e in enumerate(history):
        kind = e.action.kind
        s = e.seat
        if kind is ActionKind.PLAY:
            tile = e.action.tile
            assert tile is not None
            just_drew = i > 0 and history[i - 1].seat == s and \
                history[i - 1].action.kind is ActionKind.DRAW
            if s != view.seat and e.ends_before is not None and not just_drew and \
                    e.action.end is not None:
                known, with_hand = _known_then(view, i)
                nxt = (s + 1) % players
                out.append(Choice(
                    seat=s, index=i, ends=e.ends_before, tile=tile.index, end=e.action.end,
                    known=known, with_hand=with_hand, size=sizes[s], line=line, nxt=nxt,
                    nxt_size=sizes[nxt], nxt_lacks=_lacks_then(view, i, s, nxt, line_pairs),
                ))
            line |= 1 << tile.index
            line_pairs.append((tile.low, tile.high))
            sizes[s] -= 1
        elif kind is ActionKind.DRAW:
            sizes[s] += 1
    return out


def _known_then(view: PlayerView, i: int) -> tuple[int, bool]:
    seat = view.history[i].seat
    known = 0
    drew = False
    for e in view.history[i:]:
        if e.seat != seat:
            continue
        if e.action.kind is ActionKind.DRAW:
            drew = True
        elif e.action.kind is ActionKind.PLAY and not drew and e.action.tile is not None:
            known |= 1 << e.action.tile.index
    return known, not drew


def _lacks_then(view: PlayerView, i: int, chooser: int, nxt: int,
                line_pairs: list[tuple[int, int]]) -> int:
    """Tiles *chooser* knew, before event *i*, that *nxt* did not hold (its voids)."""
    if nxt == chooser:
        return 0
    past = replace(view, seat=chooser, hand=(), line=tuple(line_pairs),
                   history=view.history[:i], to_move=chooser, legal=(), lead_options=())
    sizes = list(view.hand_sizes)
    for e in view.history[i:]:
        if e.action.kind is ActionKind.PLAY:
            sizes[e.seat] += 1
        elif e.action.kind is ActionKind.DRAW:
            sizes[e.seat] -= 1
    know = infer(replace(past, hand_sizes=tuple(sizes)))
    slots = know.slots[nxt]
    return slots[-1] if slots else 0


def lacks_now(view: PlayerView, chooser: int, nxt: int) -> int:
    """Tiles *chooser* knows, at the view's moment, that *nxt* does not hold."""
    return _lacks_then(view, len(view.history), chooser, nxt, list(view.line))


def model_policy(temperature: float, lacks: int, rng: random.Random,
                 epsilon: float = EPSILON) -> Callable[[int, int, int, int, int, list[int]], int]:
    """The fitted opponent model as a move picker for a search: softmax over the medium
    level's scores at *temperature*, a uniform move with chance *epsilon*."""
    def pick(hand: int, nxt_hand: int, left: int, right: int, line: int,
             moves: list[int]) -> int:
        if len(moves) == 1 or rng.random() < epsilon:
            return moves[rng.randrange(len(moves))]
        size = hand.bit_count()
        nxt_size = nxt_hand.bit_count()
        scores = [score_option(hand, size, (left, right), mv >> 1,
                               End.RIGHT if mv & 1 else End.LEFT, line, nxt_size, lacks)
                  for mv in moves]
        top = max(scores)
        weights = [math.exp((sc - top) / temperature) for sc in scores]
        return rng.choices(moves, weights)[0]
    return pick


def model_probs(temperature: float, lacks: int, epsilon: float = EPSILON
                ) -> Callable[[int, int, int, int, int, list[int]], list[float]]:
    """The fitted opponent model as move probabilities, for an expectimax search: softmax
    over the medium level's scores at *temperature*, mixed with a uniform move (chance
    *epsilon*); at the flattest temperature of :data:`TEMPERATURES` simply uniform (an
    opponent the model explains no better than chance is taken as a random player)."""
    if temperature >= TEMPERATURES[-1]:
        def uniform(hand: int, nxt_hand: int, left: int, right: int, line: int,
                    moves: list[int]) -> list[float]:
            return [1.0 / len(moves)] * len(moves)
        return uniform

    def probs(hand: int, nxt_hand: int, left: int, right: int, line: int,
              moves: list[int]) -> list[float]:
        size = hand.bit_count()
        nxt_size = nxt_hand.bit_count()
        scores = [score_option(hand, size, (left, right), mv >> 1,
                               End.RIGHT if mv & 1 else End.LEFT, line, nxt_size, lacks)
                  for mv in moves]
        top = max(scores)
        weights = [math.exp((sc - top) / temperature) for sc in scores]
        z = sum(weights)
        flat = epsilon / len(moves)
        return [(1 - epsilon) * w / z + flat for w in weights]
    return probs


def model_choice(lacks: int) -> Callable[[int, int, int, int, int, list[int]], int]:
    """The model's most likely move (the medium level's own choice), for a search that
    lets a sharp opponent play as it was seen to play."""
    def pick(hand: int, nxt_hand: int, left: int, right: int, line: int,
             moves: list[int]) -> int:
        size = hand.bit_count()
        nxt_size = nxt_hand.bit_count()
        return max(moves, key=lambda mv: score_option(
            hand, size, (left, right), mv >> 1, End.RIGHT if mv & 1 else End.LEFT, line,
            nxt_size, lacks))
    return pick


def score_option(hand: int, size: int, ends: tuple[int, int], tile: int, end: End,
                 line: int, nxt_size: int, nxt_lacks: int,
                 weights: Weights = DEFAULT) -> float:
    """The medium level's score (:func:`heuristics.score_play`) from a mask-level position:
    the mover's *hand* (maybe partly known; *size* is its true size)."""
    if size <= 1:
        return 1000.0
    rest = hand & ~(1 << tile)
    score = float(PIPS[tile])
    if LOW[tile] == HIGH[tile]:
        score += weights.double
    score += weights.variety * sum(1 for v in range(7) if rest & VALUE_MASK[v])
    new = ends_after(ends, tile, end)
    follow = rest & (VALUE_MASK[new[0]] | VALUE_MASK[new[1]])
    if follow:
        score += weights.follow + weights.follow_each * min(3, follow.bit_count())
    could = FULL_SET & ~hand & ~line & ~nxt_lacks
    fitting = (could & (VALUE_MASK[new[0]] | VALUE_MASK[new[1]])).bit_count()
    return score + weights.starve * miss_chance(could.bit_count(), fitting, nxt_size)


def hand_then(choice: Choice, now: int, origins: dict[int, int] | None) -> int:
    """The chooser's hand at the moment of *choice*, rebuilt from its present hand *now* in a
    world: the tiles it played later, and of *now* those held since before the play (all of
    them if it has not drawn since; with the world's *origins*, those dealt or drawn before)."""
    if choice.with_hand:
        hand = choice.known | now
    elif origins is not None:
        held = 0
        while now:
            b = now & -now
            now ^= b
            if origins.get(b.bit_length() - 1, -1) < choice.index:
                held |= b
        hand = choice.known | held
    else:
        hand = choice.known
    return hand | 1 << choice.tile


def choice_scores(choice: Choice, hands: list[int],
                  origins: dict[int, int] | None = None) -> tuple[float, list[float]] | None:
    """The chosen play's score and every option's, in world *hands*; None when the world
    leaves the chooser no alternative (the play carries no evidence there). With the world's
    *origins* (when each hidden tile came to its hand, see ``sample_world``) the tiles held
    since before the play count too, not only when the seat has not drawn since."""
    hand = hand_then(choice, hands[choice.seat], origins)
    left, right = choice.ends
    fit_l = hand & VALUE_MASK[left]
    fit_r = hand & VALUE_MASK[right]
    options = (fit_l.bit_count() + fit_r.bit_count())
    if options <= 1:
        return None
    scores = []
    chosen = 0.0
    for t in range(28):
        for end, fits in ((End.LEFT, fit_l), (End.RIGHT, fit_r)):
            if fits >> t & 1:
                sc = score_option(hand, choice.size, choice.ends, t, end, choice.line,
                                  choice.nxt_size, choice.nxt_lacks)
                scores.append(sc)
                if t == choice.tile and end is choice.end:
                    chosen = sc
    return chosen, scores


def log_likelihood(evidence: list[tuple[float, list[float]]], temperature: float,
                   epsilon: float = EPSILON) -> float:
    """log P(the observed plays | world) under a softmax policy at *temperature*."""
    total = 0.0
    for chosen, scores in evidence:
        top = max(scores)
        z = sum(math.exp((s - top) / temperature) for s in scores)
        p = math.exp((chosen - top) / temperature) / z
        total += math.log((1 - epsilon) * p + epsilon / len(scores))
    return total


def world_weights(choices: list[Choice], worlds: list[list[int]],
                  temperatures: tuple[float, ...] = TEMPERATURES,
                  origins: list[dict[int, int]] | None = None) -> tuple[list[float], float]:
    """Normalised weights of *worlds* (hands), and the temperature fitted to the choices."""
    evidence = []
    for w, hands in enumerate(worlds):
        ev = []
        for c in choices:
            sc = choice_scores(c, hands, origins[w] if origins is not None else None)
            if sc is not None:
                ev.append(sc)
        evidence.append(ev)
    if not any(evidence):
        return [1.0 / len(worlds)] * len(worlds), math.inf
    best_t, best_logs, best_marginal = temperatures[0], [0.0], -math.inf
    for temp in temperatures:
        logs = [log_likelihood(ev, temp) for ev in evidence]
        top = max(logs)
        marginal = top + math.log(sum(math.exp(x - top) for x in logs))
        if marginal > best_marginal:
            best_t, best_logs, best_marginal = temp, logs, marginal
    top = max(best_logs)
    raw = [math.exp(x - top) for x in best_logs]
    total = sum(raw)
    return [r / total for r in raw], best_t


def resample(weights: list[float], count: int, u: float) -> list[int]:
    """Systematic resampling: *count* indices, each drawn about weight * count times."""
    out = []
    step = 1.0 / count
    target = u * step
    acc = 0.0
    i = 0
    for _ in range(count):
        while i < len(weights) - 1 and acc + weights[i] < target:
            acc += weights[i]
            i += 1
        out.append(i)
        target += step
    return out


__all__ = ["Choice", "choice_scores", "hand_then", "log_likelihood", "observed_choices", "resample",
           "score_option", "world_weights"]
