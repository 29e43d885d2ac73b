"""OpenSpiel's ISMCTS bot playing in our games, seeing only what its seat may see."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from bench.peers.openspiel_rules import from_os_action, load_game, mirror
from doublesix.core.actions import Action
from doublesix.core.match import Match


class ISMCTSPeer:
    """A full-information adapter (it is handed the game to mirror it into OpenSpiel), whose
    search only ever sees worlds from :func:`resample`: its own hand, the public plays, and
    random opponent tiles consistent with the turns the opponent was skipped."""

    def __init__(self, seed: int, simulations: int = 1000, uct_c: float = 4.0) -> None:
        from open_spiel.python.algorithms import ismcts, mcts

        self.name = f"ismcts-{simulations}"
        self.game = load_game()
        rng = np.random.RandomState(seed % 2**32)
        self.bot = ismcts.ISMCTSBot(
            game=self.game,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
            uct_c=uct_c,
            max_simulations=simulations,
            random_state=rng,
        )
        self.py_rng = random.Random(seed)
        self.bot.set_resampler(self.resample)

    def choose_full(self, match: Match, seat: int) -> Action:
        legal = match.legal_actions()
        if len(legal) == 1:
            return legal[0]  # a forced play or our explicit pass (implicit in OpenSpiel)
        state = mirror(self.game, match)
        assert state.current_player() == seat
        os_action = self.bot.step(state)
        return from_os_action(int(os_action), match.deal.ends)

    def resample(self, state: Any, player: int) -> Any:
        """A state the player cannot tell from *state*: the opponent's tiles re-dealt."""
        from open_spiel.python.games import block_dominoes as bd

        opp = 1 - player
        played = [a.tile for a in state.actions_history]
        unseen = [t for t in bd._DECK if t not in state.hands[player] and t not in played]
        voids = _skipped_voids(state, opp)
        size = len(state.hands[opp])
        for _ in range(200):
            hand = self.py_rng.sample(unseen, size)
            if not any(v in t for t in hand for v in voids):
                break
        new = self.game.new_initial_state()
        new.hands = [None, None]
        new.hands[player] = list(state.hands[player])
        new.hands[opp] = sorted(hand)
        new.deck = [t for t in unseen if t not in hand]
        new.open_edges = list(state.open_edges)
        new.actions_history = list(state.actions_history)
        new._next_player = state._next_player
        new._game_over = state._game_over
        return new


def _skipped_voids(state: Any, opp: int) -> set[float]:
    """Edge values *opp* cannot hold: the ends at which their turn was skipped."""
    voids: set[float] = set()
    history = state.actions_history
    edges: list[float] = []
    for i, act in enumerate(history):
        if not edges:
            edges = sorted(act.tile)
        else:
            edges.remove(act.edge)
            edges.append(act.tile[0] if act.tile[0] != act.edge else act.tile[1])
            edges.sort()
        nxt = history[i + 1].player if i + 1 < len(history) else state._next_player
        if act.player == 1 - opp and nxt == act.player:
            voids.update(edges)
    return voids
