"""Properties of thousands of random games, every preset and player count (hypothesis).

Each game is checked step by step against tests/core/oracle.py, an independent reading of
RULES.md: the partition of the 28 tiles, the legal actions, refusals of illegal actions,
the end of every game, points, 101 match bookkeeping, views and records.
"""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesix.core.actions import Action, ActionKind
from doublesix.core.errors import IllegalAction
from doublesix.core.line import Line
from doublesix.core.match import Match
from doublesix.core.notation import load_record, record_of, state_to_json
from doublesix.core.rules import find_preset
from doublesix.core.state import DealState
from doublesix.core.tiles import Tile
from doublesix.core.view import PlayerView
from tests.core import oracle
from tests.core.walk import reachable, slot_names
from tests.support.examples import examples

SETUPS = [("draw", 2), ("draw", 3), ("draw", 4), ("block", 2), ("block", 3), ("block", 4),
          ("101", 2), ("kozel", 4)]
# a 101 or kozel game is a whole match of several deals; DOUBLESIX_KOZEL_MATCHES raises the
# kozel count for a long run (the "thousands of random kozel matches")
EXAMPLES = {"101": 60, "kozel": int(os.environ.get("DOUBLESIX_KOZEL_MATCHES", "1000"))}
DEFAULT_EXAMPLES = 300
MAX_STEPS_PER_DEAL = 120  # 28 plays + 28 draws + a round of passes is far below this


def pair(tile: Tile) -> oracle.Pair:
    return (tile.low, tile.high)


class Referee:
    """Plays one random game and checks every step independently."""

    def __init__(self, preset: str, players: int, seed: int) -> None:
        self.rules = find_preset(preset, players=players)
        self.kozel = preset == "kozel"
        self.seed = seed
        self.rng = random.Random(seed ^ 0x5EED)
        self.game = Match(self.rules, seed=seed)
        self.hanging = 0
        self.scores = [0] * (2 if self.kozel else players)
        self.next_leader: int | None = None

    # -- the game loop --------------------------------------------------------------------
    def play(self) -> None:
        for _ in range(60):
            self.play_deal()
            if self.game.is_over:
                return
            self.game.next_deal()
        raise AssertionError("the match did not end in 60 deals")

    def play_deal(self) -> None:
        game = self.game
        for _ in range(MAX_STEPS_PER_DEAL):
            deal = game.deal
            if deal.is_over:
                self.check_end(deal)
                return
            legal = self.check_position(deal)
            if self.rng.random() < 0.3:
                self.try_illegal(legal)
            seat = deal.to_move
            assert seat is not None
            action = self.rng.choice(game.legal_actions())
            assert str(action) in legal
            if self.rng.random() < 0.1:
                self.check_view(seat)
            game.apply(action, seat)
        raise AssertionError("the deal did not end")

    # -- checks ---------------------------------------------------------------------------
    def check_position(self, deal: DealState) -> set[str]:
        players = self.rules.players
        line = list(deal.line)
        on_line = [tuple(sorted(p)) for p in line]
        hands = [[pair(t) for t in deal.hand(s)] for s in range(players)]
        bone = [pair(t) for t in deal.boneyard()]
        everything = on_line + [t for h in hands for t in h] + bone
        assert sorted(everything) == sorted(oracle.ALL), "the 28 tiles are not partitioned"
        for (_, b), (c, _) in zip(line, line[1:], strict=False):
            assert b == c, f"broken line {line}"
        assert deal.ends == ((line[0][0], line[-1][1]) if line else None)
        assert deal.boneyard_size == len(bone)
        if self.kozel:  # every tile is dealt: no boneyard, ever
            assert not bone and len(line) + sum(map(len, hands)) == 28
        seat = deal.to_move
        assert seat is not None
        lead_options: list[oracle.Pair] = []
        redeal = False
        if not line:
            lead_options, redeal = self.expected_lead(hands, seat)
        want = oracle.legal(hands[seat], deal.ends, len(bone), self.rules.draw_rule,
                            lead_options)
        if redeal:
            want.add("redeal")
        got = {str(a) for a in deal.legal_actions()}
        assert got == want, f"legal {sorted(got)} != {sorted(want)}"
        return got

    def expected_lead(
        self, hands: list[list[oracle.Pair]], seat: int
    ) -> tuple[list[oracle.Pair], bool]:
        if self.rules.is_match and self.game.deal_number >= 2:
            assert seat == self.next_leader
            if self.kozel:  # the last winner or fisherman leads with any tile, no redeal
                return sorted(hands[seat]), False
            options, redeal = oracle.obliged_leads(hands[seat])
            return sorted(options), redeal
        found = oracle.first_leader(hands, self.rules.first_lead)
        assert found is not None, "a deal nobody may lead was dealt"
        assert found[0] == seat
        return [found[1]], False

    def try_illegal(self, legal: set[str]) -> None:
        game = self.game
        seat = game.to_move
        assert seat is not None
        rng = self.rng
        kind = rng.choice(["play", "play", "draw", "pass", "redeal"])
        if kind == "play":
            tile = Tile.from_index(rng.randrange(28))
            end = rng.choice([None, "left", "right"])
            action = Action.play(tile, end)
        else:
            action = Action.parse(kind)
        actor = seat if rng.random() < 0.8 else rng.randrange(self.rules.players)
        if actor == seat and str(action) in legal:
            return
        lead = actor == seat and action.kind is ActionKind.PLAY and game.deal.ends is None
        if lead and str(Action.play(tile)) in legal:
            return  # a lead named with an end is the same lead: accepted, not illegal
        before = json.dumps(state_to_json(game), sort_keys=True)
        version = game.version
        with pytest.raises(IllegalAction) as refused:
            game.apply(action, actor)
        assert isinstance(refused.value, ValueError)
        assert len(str(refused.value)) > 5, "a refusal needs a readable reason"
        assert json.dumps(state_to_json(game), sort_keys=True) == before
        assert game.version == version

    def check_end(self, deal: DealState) -> None:
        outcome = deal.outcome
        assert outcome is not None and deal.to_move is None and deal.legal_actions() == []
        hands = [[pair(t) for t in deal.hand(s)] for s in range(self.rules.players)]
        plays = [e for e in deal.history if e.action.kind is ActionKind.PLAY]
        assert outcome.pips == tuple(oracle.pips(h) for h in hands)
        if not self.rules.is_match:
            winner, points = oracle.single_deal_points(hands, self.rules.blocked_points)
            assert (outcome.winner, outcome.points) == (winner, points)
            assert self.game.is_over and self.game.winner == winner
            return
        led = plays[0].action.tile if plays else None
        last = plays[-1].action.tile if plays else None
        domino = any(not h for h in hands)
        if self.kozel:
            winner, loser, points, hanging = oracle.kozel_deal_points(hands, self.hanging)
            if not domino:  # a fish is a full round of four passes, nothing placed between
                assert [e.action.kind for e in deal.history[-4:]] == [ActionKind.PASS] * 4
        else:
            winner, loser, points, hanging = oracle.match_deal_points(
                hands,
                pair(led) if led else None,
                pair(last) if last and domino else None,
                self.hanging,
            )
        assert (outcome.winner, outcome.loser, outcome.points) == (winner, loser, points)
        assert outcome.hanging == hanging
        self.hanging = hanging
        if loser is not None:
            self.scores[loser] += points
        assert list(self.game.scores) == self.scores
        # the next deal is led by whoever went out, or after a fish by the fisherman: in both
        # cases the seat that placed the last tile
        self.next_leader = plays[-1].seat
        if not domino:
            assert outcome.fisherman == plays[-1].seat
        assert self.game.leader == self.next_leader
        target = self.rules.target
        assert target is not None
        over = loser is not None and self.scores[loser] > target
        assert self.game.is_over == over
        if over:
            assert self.game.winner == winner
        status = self.game.status()
        assert status is not None
        if self.kozel:
            assert outcome.out == (next(s for s, h in enumerate(hands) if not h) if domino
                                   else None)
            dry = over and winner is not None and self.scores[winner] == 0
            assert status.dry == dry and status.teams == ((0, 2), (1, 3))

    def check_view(self, seat: int) -> None:
        game = self.game
        view = PlayerView.of(game, seat)
        deal = game.deal
        assert not hasattr(view, "__dict__")
        mine = set(deal.hand(seat))
        line_tiles = {Tile.of(a, b) for a, b in deal.line}
        secret = set(deal.boneyard())
        for other in range(self.rules.players):
            if other != seat:
                secret |= set(deal.hand(other))
        assert set(view.hand) == mine
        if self.kozel:  # the partner's hand is as secret as an opponent's
            partner = (seat + 2) % 4
            assert view.partner == partner and set(deal.hand(partner)) <= secret
        assert view.hand_sizes == deal.hand_sizes()
        assert view.boneyard_size == deal.boneyard_size
        forbidden = (DealState, Match, Line)
        # the ruleset is shared, immutable data (its bonus tables name tiles): not a secret
        assert view.rules is game.rules
        held = [getattr(view, name) for name in slot_names(PlayerView) if name != "rules"]
        for value in reachable(held):
            assert not isinstance(value, forbidden), f"the view holds a {type(value).__name__}"
            assert value is not deal.hands and value is not deal.history
            if isinstance(value, Tile):
                assert value not in secret or value in line_tiles, f"the view shows {value}"
            if isinstance(value, str) and "-" in value and len(value) == 3:
                assert Tile.parse(value) not in secret, f"the view names {value}"


@pytest.mark.parametrize(("preset", "players"), SETUPS)
def test_random_games_follow_the_rules(preset: str, players: int) -> None:
    @settings(max_examples=examples(EXAMPLES.get(preset, DEFAULT_EXAMPLES)), deadline=None,
              derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32 - 1))
    def one_game(seed: int) -> None:
        Referee(preset, players, seed).play()

    one_game()


@pytest.mark.parametrize(("preset", "players"), SETUPS)
def test_records_round_trip(preset: str, players: int) -> None:
    @settings(max_examples=examples(40), deadline=None, derandomize=True)
    @given(seed=st.integers(0, 2**32 - 1), stop=st.floats(0, 1))
    def one_record(seed: int, stop: float) -> None:
        referee = Referee(preset, players, seed)
        referee.play()
        game = referee.game
        # a record of the finished game, and of the same game cut at a random point
        for cut in (len(game.log), int(stop * len(game.log))):
            replayed = load_record(json.loads(json.dumps(record_of(game, seed))))
            if cut == len(game.log):
                assert state_to_json(replayed) == state_to_json(game)
                assert replayed.log == game.log and replayed.scores == game.scores
            record = record_of(game, seed)
            record["actions"] = record["actions"][:cut]
            partial = load_record(record)
            assert record_of(partial, seed) == record
            assert len(partial.log) == cut

    one_record()
