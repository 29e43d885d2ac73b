"""PlayerView: exactly what one seat may know (RULES.md §2), copied out of the state.

A view holds plain values only (no reference to the state it came from), so a bot or a client
given a view cannot reach another hand or the boneyard, not even through private attributes.
"""

from __future__ import annotations

from dataclasses import dataclass

from doublesix.core.actions import Action, ActionKind
from doublesix.core.match import Match
from doublesix.core.outcome import MatchStatus, Outcome
from doublesix.core.rules import Ruleset
from doublesix.core.shuffle import commitment
from doublesix.core.tiles import Tile


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """A move everyone saw: a play with its tile and end, a draw (not what), a pass."""

    seat: int
    action: Action
    ends_before: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class TableView:
    """What one place at the table knows: a seat's (a :class:`PlayerView`) or, with ``seat``
    None, a spectator's. Both are built by :func:`view_of`, so a spectator sees exactly the
    public part of a seat's view: no hand, no legal actions, no revealed hands (not even after
    the deal), the boneyard only as a count."""

    seat: int | None
    rules: Ruleset
    hand: tuple[Tile, ...]
    line: tuple[tuple[int, int], ...]
    ends: tuple[int, int] | None
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    to_move: int | None
    history: tuple[PublicEvent, ...]
    legal: tuple[Action, ...]
    #: tiles the seat must choose the lead from (the UI's highlight), empty after the lead
    lead_options: tuple[Tile, ...]
    outcome: Outcome | None
    #: every hand, shown to a seat once the deal is over (the result sheet); never the boneyard
    revealed_hands: tuple[tuple[Tile, ...], ...] | None
    match: MatchStatus | None
    version: int
    #: the hex SHA-256 of the deal's shuffle secret, shown from the deal's start (shuffle 2;
    #: None for a game dealt otherwise)
    commitment: str | None = None
    #: that secret in hex, to a seat once the deal is over (it gives every hand and the
    #: boneyard order, so never during the deal, and never to a spectator)
    secret: str | None = None

    @property
    def players(self) -> int:
        return len(self.hand_sizes)


@dataclass(frozen=True, slots=True)
class PlayerView(TableView):
    """One seat's knowledge of a game; build it with :meth:`of`."""

    seat: int

    @classmethod
    def of(cls, game: Match, seat: int) -> PlayerView:
        view = view_of(game, seat)
        assert isinstance(view, PlayerView)
        return view

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def partner(self) -> int | None:
        """The partner's seat in a pairs game (kozel): as hidden as an opponent's hand."""
        return self.rules.partner_of(self.seat)


def view_of(game: Match, seat: int | None) -> TableView:
    """The one builder of views: seat *seat*'s (a PlayerView), or a spectator's for None.

    The seat's own knowledge (hand, legal actions, lead options, the hands revealed at the end)
    is the only thing that depends on *seat*; everything else is the same for every place.
    """
    deal = game.deal
    if seat is not None and not 0 <= seat < game.rules.players:
        raise ValueError(f"seat {seat} does not exist")
    mine = seat is not None and deal.to_move == seat
    legal = tuple(deal.legal_actions()) if mine else ()
    over = seat is not None and deal.is_over and deal.outcome is not None
    kind: type[TableView] = TableView if seat is None else PlayerView
    return kind(
        seat=seat,
        rules=game.rules,
        hand=() if seat is None else deal.hand(seat),
        line=tuple(deal.line),
        ends=deal.ends,
        hand_sizes=deal.hand_sizes(),
        boneyard_size=deal.boneyard_size,
        to_move=deal.to_move,
        history=tuple(PublicEvent(e.seat, e.action, e.ends_before) for e in deal.history),
        legal=legal,
        lead_options=tuple(
            a.tile for a in legal if a.kind is ActionKind.PLAY and a.end is None and a.tile
        ),
        outcome=deal.outcome,
        revealed_hands=tuple(deal.hand(s) for s in range(game.rules.players)) if over else None,
        match=game.status(),
        version=game.version,
        commitment=None if game.secret is None else commitment(game.secret),
        secret=None if game.secret is None or not over else game.secret.hex(),
    )
