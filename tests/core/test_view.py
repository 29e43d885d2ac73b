"""PlayerView: exactly what one seat may know; nothing reaches the state."""

from __future__ import annotations

import dataclasses

import pytest

from doublesix.core.actions import ActionKind
from doublesix.core.match import Match
from doublesix.core.notation import view_to_json
from doublesix.core.rules import find_preset
from doublesix.core.view import PlayerView, TableView, view_of
from tests.core.walk import reachable


def test_view_shows_own_hand_and_public_counts_only() -> None:
    game = Match(find_preset("draw"), seed=8)
    seat = game.to_move
    assert seat is not None
    view = PlayerView.of(game, seat)
    other = PlayerView.of(game, 1 - seat)
    assert set(view.hand) == set(game.deal.hand(seat))
    assert view.my_turn and not other.my_turn and other.legal == ()
    assert view.lead_options and view.boneyard_size == 14 and view.players == 2
    assert view.revealed_hands is None
    for value in reachable([getattr(view, f.name) for f in dataclasses.fields(view)
                            if f.name != "rules"]):
        assert value is not game.deal and value is not game.deal.hands


def test_draws_are_public_but_not_the_tile() -> None:
    game = Match(find_preset("draw"), seed=1)
    while ActionKind.DRAW not in {e.action.kind for e in game.deal.history}:
        if game.deal_over:
            pytest.skip("no draw in this deal")
        game.apply(game.legal_actions()[0])
    view = PlayerView.of(game, 0)
    draws = [e for e in view.history if e.action.kind is ActionKind.DRAW]
    assert draws and all(not hasattr(e, "drawn") for e in draws)


def test_the_walker_would_see_a_leak() -> None:
    """The property tests rely on tests.core.walk; it must find a planted reference."""
    game = Match(find_preset("draw"), seed=2)
    view = PlayerView.of(game, 0)
    leaky = dataclasses.replace(view, history=(game.deal,))  # type: ignore[arg-type]
    assert any(v is game.deal for v in reachable(leaky))


def test_seat_must_exist() -> None:
    with pytest.raises(ValueError):
        PlayerView.of(Match(find_preset("draw"), seed=2), 2)


def test_kozel_view_names_the_pairs_but_hides_the_partner() -> None:
    import json

    from doublesix.core.notation import view_to_json

    game = Match(find_preset("kozel"), seed=11)
    for seat in range(4):
        view = PlayerView.of(game, seat)
        data = view_to_json(view)
        assert data["teams"] == [[0, 2], [1, 3]] and data["partner"] == (seat + 2) % 4
        assert data["match"]["scores"] == [0, 0] and data["match"]["teams"] == [[0, 2], [1, 3]]
        assert data["boneyard"] == 0 and data["hand_sizes"] == [7, 7, 7, 7]
        text = json.dumps({k: v for k, v in data.items() if k != "rules"})
        for other in range(4):
            if other != seat:  # the partner's tiles are as absent as the opponents'
                assert not any(f'"{t}"' in text for t in game.deal.hand(other))
    plain = view_to_json(PlayerView.of(Match(find_preset("block", players=4), seed=1), 0))
    assert plain["teams"] is None and plain["partner"] is None


PRIVATE = ("hand", "legal", "lead_options", "revealed_hands", "secret")


@pytest.mark.parametrize("preset", ["draw", "101", "kozel"])
def test_a_spectators_view_is_a_seats_view_without_the_seat(preset: str) -> None:
    game = Match(find_preset(preset), seed=5)
    steps = 0
    while True:
        watched = view_of(game, None)
        assert type(watched) is TableView and watched.seat is None
        assert watched.hand == () and watched.legal == () and watched.lead_options == ()
        assert watched.revealed_hands is None  # not even once the deal is over
        public = {f.name for f in dataclasses.fields(TableView)} - {"seat", *PRIVATE}
        for seat in range(game.rules.players):
            mine = view_of(game, seat)
            assert isinstance(mine, PlayerView) and mine == PlayerView.of(game, seat)
            assert all(getattr(mine, k) == getattr(watched, k) for k in public), seat
        data = view_to_json(watched)
        assert not set(PRIVATE) & set(data) and data["seat"] is None
        assert data["partner"] is None
        seat_data = view_to_json(PlayerView.of(game, 0))
        assert {k: v for k, v in seat_data.items() if k not in {"seat", "partner", *PRIVATE}} \
            == {k: v for k, v in data.items() if k not in {"seat", "partner"}}
        if game.deal_over:
            break
        game.apply(game.legal_actions()[0])
        steps += 1
    assert steps > 5 and view_to_json(watched)["result"] is not None


def test_a_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    game = Match(find_preset("draw"), seed=5)
    with pytest.raises(ValueError):
        view_of(game, 2)
