"""The medium level: seed 001's advice, played greedily one move deep."""

from __future__ import annotations

from doublesix.bots.base import obvious_choice
from doublesix.bots.heuristics import DEFAULT, Weights, ends_after, score_play
from doublesix.bots.knowledge import infer
from doublesix.bots.pairs import W_PARTNER, partner_bonus
from doublesix.bots.seeding import decision_rng
from doublesix.core.actions import Action
from doublesix.core.view import PlayerView


class MediumBot:
    """Scores every legal play (pips, doubles, variety, the opponent's known voids; in kozel
    also the ends its partner can probably follow)."""

    name = "medium"

    def __init__(self, seed: int | None = None, weights: Weights = DEFAULT,
                 partner: float = W_PARTNER) -> None:
        self.seed = seed
        self.weights = weights
        #: in kozel, the liking for ends the partner can follow (0: play as if alone)
        self.partner = partner

    def choose(self, view: PlayerView) -> Action:
        obvious = obvious_choice(view)
        if obvious is not None:
            return obvious
        legal = view.legal
        know = infer(view)
        rng = decision_rng(self.seed, view)
        rules = view.rules

        def liking(action: Action) -> float:
            score = score_play(action, view.ends, know, self.weights)
            if rules.teams and action.tile is not None and len(view.hand) > 1:
                score += partner_bonus(know, rules, ends_after(view.ends, action.tile.index,
                                                               action.end), self.partner)
            # a tiny random tie-break keeps equal plays from always going the same way
            return score + rng.random() * 1e-3

        return max(legal, key=liking)
