"""A game: one deal (`draw`, `block`) or a match of deals to a target (`101`, RULES.md §7;
`kozel`, §9, where two pairs score).

Everything outside the core drives play through :class:`Match`, so single deals and matches
look the same to bots, the server and the CLI.
"""

from __future__ import annotations

from doublesix.core.actions import Action, ActionKind
from doublesix.core.dealing import Dealer, SeededDealer
from doublesix.core.errors import IllegalAction, InvalidSetup
from doublesix.core.opening import Opening, first_deal_opening, later_opening
from doublesix.core.outcome import MatchStatus, Outcome, Reason
from doublesix.core.rules import Ruleset
from doublesix.core.shuffle import CommitDealer
from doublesix.core.state import DealState, Event

#: the texts of a resignation in ``Match.log`` (records write them as ``{"do": ..., "seat"}``)
RESIGN = "resign"
RESIGN_MATCH = "resign_match"

#: a first deal in which nobody may lead (101 with no double dealt) is shuffled again
_MAX_VOID_DEALS = 1000


class Match:
    """A single deal or a match; ``version`` counts every change, for the server's state numbers."""

    def __init__(
        self,
        rules: Ruleset,
        dealer: Dealer | None = None,
        *,
        seed: int | None = None,
        deal: DealState | None = None,
        scores: list[int] | None = None,
        hanging: int = 0,
        deal_number: int = 1,
        leader: int | None = None,
    ) -> None:
        """Start with the dealer's first deal, or continue from a given *deal* (a position)."""
        self.rules = rules
        self.dealer: Dealer = dealer if dealer is not None else SeededDealer(seed or 0)
        sides = len(rules.sides)
        self.scores = list(scores) if scores is not None else [0] * sides
        if len(self.scores) != sides:
            raise InvalidSetup(f"the match score needs {sides} entries")
        self.hanging = hanging
        self.deal_number = deal_number
        self.leader = leader
        self.over = False
        self.winner: int | None = None
        self.finished_deals: list[Outcome] = []
        #: the seat that resigned the match (``resign(seat, match=True)``), else None
        self.resigned: int | None = None
        self.version = 0
        #: every change in order: (seat, action text), (None, "next_deal"), or (seat, RESIGN)
        #: and (seat, RESIGN_MATCH) for a resignation
        self.log: list[tuple[int | None, str]] = []
        self.deal = deal if deal is not None else self._new_deal(deal_number)

    # -- reading --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.deal.to_move

    @property
    def deal_over(self) -> bool:
        return self.deal.is_over

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def can_start_next_deal(self) -> bool:
        return self.deal.is_over and not self.over

    def legal_actions(self) -> list[Action]:
        return self.deal.legal_actions()

    @property
    def secret(self) -> bytes | None:
        """The secret of the shuffle that dealt the deal in play (shuffle 2), or None for
        dealers that commit to nothing (a seed's ``random``, a fixed list)."""
        return self.dealer.last if isinstance(self.dealer, CommitDealer) else None

    def status(self) -> MatchStatus | None:
        if not self.rules.is_match:
            return None
        assert self.rules.target is not None
        return MatchStatus(
            scores=tuple(self.scores),
            hanging=self.hanging,
            deal=self.deal_number,
            leader=self.leader,
            over=self.over,
            winner=self.winner,
            target=self.rules.target,
            teams=self.rules.sides if self.rules.teams else None,
            dry=self.dry,
            resigned=self.resigned,
        )

    @property
    def dry(self) -> bool:
        """«Сухой козёл»: a pairs match is over and the winning pair has no points at all."""
        return (
            self.rules.teams and self.over and self.winner is not None
            and self.scores[self.winner] == 0
        )

    # -- acting ---------------------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> Event:
        """Apply one action of the deal in play; raises IllegalAction and changes nothing."""
        if action.kind is ActionKind.REDEAL:
            return self._redeal(seat)
        event = self.deal.apply(action, seat)
        self._record(event.seat, str(action))
        if self.deal.outcome is not None:
            self._settle(self.deal.outcome)
        return event

    def _redeal(self, seat: int | None) -> Event:
        trial = self.deal.copy()
        event = trial.apply(Action(ActionKind.REDEAL), seat)  # raises when not allowed
        self.deal = self._new_deal(self.deal_number, leader=event.seat)
        self._record(event.seat, "redeal")
        return event

    def _record(self, seat: int | None, text: str) -> None:
        self.version += 1
        self.log.append((seat, text))

    def resign(self, seat: int, *, match: bool = False) -> Outcome | None:
        """*seat* resigns the deal in play (scored as if an opponent had gone out:
        ``scoring.score_resigned``), or with *match* the whole match, which its side then
        loses, whatever the score (the deal in play, if any, is scored first). In a single
        deal the deal is the game, so *match* changes nothing. Returns the resigned deal's
        outcome (None when a match is resigned between deals); raises IllegalAction and
        changes nothing when there is nothing to resign (the deal or the match is over)."""
        if not 0 <= seat < self.rules.players:
            raise IllegalAction(f"seat {seat} does not exist")
        whole = match and self.rules.is_match
        if self.over:
            raise IllegalAction("the game is over: there is nothing to resign")
        if not whole and self.deal.is_over:
            raise IllegalAction("the deal is over: there is nothing to resign")
        outcome = None
        if not self.deal.is_over:
            outcome = self.deal.resign(seat)
            self._settle(outcome)
        if whole:
            if not self.over:  # (the resigned deal itself may have decided it)
                self.over = True
                self.winner = 1 - self.rules.side_of(seat)
            self.resigned = seat
        self._record(seat, RESIGN_MATCH if whole else RESIGN)
        return outcome

    def next_deal(self) -> DealState:
        """Deal the next deal of a match once the current one is over."""
        if not self.deal.is_over:
            raise IllegalAction("the deal is still being played")
        if self.over or not self.rules.is_match:
            raise IllegalAction("the game is over: start a new one")
        self.deal = self._new_deal(self.deal_number + 1)
        self.deal_number += 1
        self._record(None, "next_deal")
        return self.deal

    # -- internals ------------------------------------------------------------------------
    def _new_deal(self, number: int, leader: int | None = None) -> DealState:
        leader = self.leader if leader is None else leader
        for _ in range(_MAX_VOID_DEALS):
            hands, boneyard = self.dealer.next_deal(self.rules)
            opening = self._opening(number, hands, leader)
            if opening is not None:
                self.leader = opening.leader
                return DealState(
                    self.rules, hands, boneyard, opening=opening, hanging_in=self.hanging
                )
        raise InvalidSetup("no deal with a possible lead was found")

    def _opening(self, number: int, hands: list[int], leader: int | None) -> Opening | None:
        if number >= 2 and leader is not None:
            return later_opening(self.rules, leader, hands[leader])
        return first_deal_opening(self.rules, hands)

    def _settle(self, outcome: Outcome) -> None:
        self.finished_deals.append(outcome)
        if not self.rules.is_match:
            self.over = True
            self.winner = outcome.winner
            return
        assert self.rules.target is not None
        self.hanging = outcome.hanging
        if outcome.loser is not None:
            self.scores[outcome.loser] += outcome.points
        if outcome.reason is Reason.BLOCKED and outcome.fisherman is not None:
            self.leader = outcome.fisherman
        elif outcome.out is not None:
            self.leader = outcome.out
        if outcome.loser is not None and self.scores[outcome.loser] > self.rules.target:
            self.over = True
            self.winner = outcome.winner

