"""One deal: whose turn, the legal actions, applying an action, the outcome (RULES.md §4–6, §8)."""

from __future__ import annotations

from dataclasses import dataclass

from doublesix.core.actions import DRAW, PASS, PLAYS, REDEAL, Action, ActionKind, End
from doublesix.core.errors import IllegalAction, InvalidSetup
from doublesix.core.line import Line
from doublesix.core.opening import Opening
from doublesix.core.outcome import Outcome
from doublesix.core.rules import Ruleset
from doublesix.core.scoring import score_blocked, score_domino, score_resigned
from doublesix.core.tiles import (
    ALL_TILES,
    FULL_SET,
    TILE_COUNT,
    VALUE_MASK,
    Tile,
    indices_of,
    name,
    tiles_of,
)


@dataclass(frozen=True, slots=True)
class Event:
    """One applied action. ``drawn`` is the tile a draw took: private to the drawer."""

    seat: int
    action: Action
    ends_before: tuple[int, int] | None
    drawn: Tile | None = None
    placed: tuple[int, int] | None = None


class DealState:
    """A deal in progress. Drive it with :meth:`legal_actions` and :meth:`apply`."""

    __slots__ = (
        "rules", "hands", "_boneyard", "line", "to_move", "passes", "history",
        "outcome", "led_with", "last_placer", "opening", "hanging_in",
    )

    def __init__(
        self,
        rules: Ruleset,
        hands: list[int],
        boneyard: list[int],
        *,
        opening: Opening | None = None,
        line: Line | None = None,
        to_move: int | None = None,
        passes: int = 0,
        led_with: int = -1,
        hanging_in: int = 0,
    ) -> None:
        """*hands* are tile masks; *boneyard* lists tile indices in draw order (first first)."""
        self.rules = rules
        self.hands = list(hands)
        self._boneyard = list(reversed(boneyard))  # the next draw pops from the end
        self.line = line if line is not None else Line()
        self.opening = opening
        self.passes = passes
        self.history: list[Event] = []
        self.outcome: Outcome | None = None
        self.led_with = led_with
        self.last_placer = -1
        self.hanging_in = hanging_in
        if len(self.line) == 0:
            if opening is None:
                raise InvalidSetup("an empty table needs an opening (who leads with what)")
            self.to_move: int | None = opening.leader
        else:
            if to_move is None:
                raise InvalidSetup("a position on a laid line must say who is to move")
            self.to_move = to_move
        _check_partition(self)

    # -- reading --------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def ends(self) -> tuple[int, int] | None:
        return self.line.ends

    @property
    def boneyard_size(self) -> int:
        return len(self._boneyard)

    def boneyard(self) -> tuple[Tile, ...]:
        """The boneyard in draw order: the whole truth, for storage and replay only."""
        return tuple(ALL_TILES[i] for i in reversed(self._boneyard))

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tiles_of(self.hands[seat])

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self.hands)

    def fitting(self, seat: int) -> int:
        """The tiles of *seat* that fit an open end now (a mask)."""
        line = self.line
        if line.left < 0:
            assert self.opening is not None
            return self.hands[seat] & self.opening.lead_mask
        return self.hands[seat] & (VALUE_MASK[line.left] | VALUE_MASK[line.right])

    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to move, plays first (by tile), then draw/pass."""
        if self.to_move is None:
            return []
        seat = self.to_move
        line = self.line
        if line.left < 0:
            assert self.opening is not None
            acts = [PLAYS[(i, None)] for i in indices_of(self.hands[seat] & self.opening.lead_mask)]
            if self.opening.may_redeal:
                acts.append(REDEAL)
            return acts
        left_fit = self.hands[seat] & VALUE_MASK[line.left]
        right_fit = self.hands[seat] & VALUE_MASK[line.right]
        if left_fit | right_fit:
            acts = []
            for i in indices_of(left_fit | right_fit):
                if left_fit >> i & 1:
                    acts.append(PLAYS[(i, End.LEFT)])
                if right_fit >> i & 1:
                    acts.append(PLAYS[(i, End.RIGHT)])
            return acts
        if self.rules.draw_rule != "none" and self._boneyard:
            return [DRAW]
        return [PASS]

    # -- acting ---------------------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> Event:
        """Apply *action* for *seat* (default: the player to move), or raise IllegalAction."""
        if self.to_move is None:
            raise IllegalAction("the deal is over")
        if seat is not None and seat != self.to_move:
            raise IllegalAction(f"it is not your turn: seat {self.to_move} is to move")
        mover = self.to_move
        if action.kind is ActionKind.PLAY:
            return self._play(mover, action)
        if action.kind is ActionKind.DRAW:
            return self._draw(mover)
        if action.kind is ActionKind.PASS:
            return self._pass(mover)
        return self._redeal(mover)

    def _play(self, seat: int, action: Action) -> Event:
        assert action.tile is not None
        index = action.tile.index
        tile = action.tile
        if not self.hands[seat] >> index & 1:
            raise IllegalAction(f"you do not hold {tile}")
        line = self.line
        ends_before = line.ends
        if line.left < 0:
            assert self.opening is not None
            if not self.opening.lead_mask >> index & 1:
                allowed = ", ".join(
                    name(i) for i in indices_of(self.opening.lead_mask & self.hands[seat])
                )
                raise IllegalAction(f"{tile} may not lead: {self.opening.why} ({allowed})")
            if action.end is not None:
                # RULES.md section 8: the legal lead is "play 6-6"; an end that does not exist
                # yet is refused, not silently dropped
                raise IllegalAction(
                    f"the first tile takes no end: play {tile} without {action.end.value}"
                )
            end = None
            self.led_with = index
        else:
            end = action.end
            fits_left = tile.has(line.left)
            fits_right = tile.has(line.right)
            if not (fits_left or fits_right):
                raise IllegalAction(f"{tile} does not fit {line.left} or {line.right}")
            if end is None:
                if fits_left and fits_right:
                    raise IllegalAction(f"say which end: {tile} fits both")
                raise IllegalAction(
                    f"say which end: {tile} fits the {'left' if fits_left else 'right'} end"
                )
            if end is End.LEFT and not fits_left:
                raise IllegalAction(f"{tile} does not fit the left end ({line.left})")
            if end is End.RIGHT and not fits_right:
                raise IllegalAction(f"{tile} does not fit the right end ({line.right})")
        placed = line.place(index, end)
        self.hands[seat] &= ~(1 << index)
        self.passes = 0
        self.last_placer = seat
        event = Event(seat, PLAYS[(index, end)], ends_before, placed=placed)
        self.history.append(event)
        if not self.hands[seat]:
            self._finish(
                score_domino(self.rules, self.hands, seat, index, self.led_with, self.hanging_in)
            )
        elif self._dead_board():
            self._finish(self._blocked(fisherman=seat))
        else:
            self.to_move = (seat + 1) % self.players
        return event

    def _draw(self, seat: int) -> Event:
        if self.rules.draw_rule == "none":
            raise IllegalAction("this game has no drawing: pass when nothing fits")
        if self.line.left < 0:
            raise IllegalAction("the deal starts with a lead, not a draw")
        fit = self.fitting(seat)
        if fit:
            raise IllegalAction(f"you must play: {name(indices_of(fit)[0])} fits")
        if not self._boneyard:
            raise IllegalAction("the boneyard is empty")
        index = self._boneyard.pop()
        self.hands[seat] |= 1 << index
        event = Event(seat, DRAW, self.line.ends, drawn=ALL_TILES[index])
        self.history.append(event)
        if self.rules.draw_rule == "one_then_pass" and not self.fitting(seat):
            # seed 003: an unlucky single draw hands the turn over; it is not a pass
            self.to_move = (seat + 1) % self.players
        return event

    def _pass(self, seat: int) -> Event:
        if self.line.left < 0:
            raise IllegalAction("the leader must lead, not pass")
        fit = self.fitting(seat)
        if fit:
            raise IllegalAction(f"you must play: {name(indices_of(fit)[0])} fits")
        if self.rules.draw_rule != "none" and self._boneyard:
            raise IllegalAction("you must draw: the boneyard is not empty")
        self.passes += 1
        event = Event(seat, PASS, self.line.ends)
        self.history.append(event)
        if self.passes >= self.players:
            fisherman = self.last_placer if self.last_placer >= 0 else None
            self._finish(self._blocked(fisherman))
        else:
            self.to_move = (seat + 1) % self.players
        return event

    def _redeal(self, seat: int) -> Event:
        if self.line.left >= 0 or self.opening is None or not self.opening.may_redeal:
            raise IllegalAction(
                f"a redeal is only for a leader with {self.rules.redeal_doubles} or more doubles"
            )
        event = Event(seat, REDEAL, None)
        self.history.append(event)
        self.to_move = None  # the match deals again; this deal is void
        return event

    def resign(self, seat: int) -> Outcome:
        """*seat* gives the deal up, on its turn or not; raises IllegalAction when the deal is
        over (or void: redealt) or the seat does not exist."""
        if self.to_move is None:
            raise IllegalAction("the deal is over: there is nothing to resign")
        if not 0 <= seat < self.players:
            raise IllegalAction(f"seat {seat} does not exist")
        outcome = score_resigned(self.rules, self.hands, seat, self.led_with, self.hanging_in)
        self._finish(outcome)
        return outcome

    # -- ending ---------------------------------------------------------------------------
    def _dead_board(self) -> bool:
        line = self.line
        if not self.rules.dead_board_fish or line.left != line.right:
            return False
        every = VALUE_MASK[line.left]
        return line.mask & every == every

    def _blocked(self, fisherman: int | None) -> Outcome:
        return score_blocked(self.rules, self.hands, fisherman, self.led_with, self.hanging_in)

    def _finish(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.to_move = None

    @property
    def redealt(self) -> bool:
        return bool(self.history) and self.history[-1].action is REDEAL

    # -- copying --------------------------------------------------------------------------
    def copy(self) -> DealState:
        other = DealState.__new__(DealState)
        other.rules = self.rules
        other.hands = list(self.hands)
        other._boneyard = list(self._boneyard)
        other.line = self.line.copy()
        other.to_move = self.to_move
        other.passes = self.passes
        other.history = list(self.history)
        other.outcome = self.outcome
        other.led_with = self.led_with
        other.last_placer = self.last_placer
        other.opening = self.opening
        other.hanging_in = self.hanging_in
        return other


def _check_partition(state: DealState) -> None:
    """The 28 tiles are split exactly between the line, the hands and the boneyard."""
    seen = state.line.mask
    count = len(state.line)
    pieces = [*state.hands, *(1 << i for i in state._boneyard)]
    if len(state.hands) != state.rules.players:
        raise InvalidSetup(f"{state.rules.players} players need {state.rules.players} hands")
    for piece in pieces:
        twice = seen & piece
        if twice:
            raise InvalidSetup(f"{name(indices_of(twice)[0])} is dealt twice")
        seen |= piece
        count += piece.bit_count()
    if seen != FULL_SET or count != TILE_COUNT:
        missing = ", ".join(name(i) for i in indices_of(FULL_SET & ~seen))
        raise InvalidSetup(f"the deal is missing {missing}")
    if state.to_move is not None and not 0 <= state.to_move < state.rules.players:
        raise InvalidSetup(f"seat {state.to_move} does not exist")
    if any(h == 0 for h in state.hands):
        raise InvalidSetup("a hand is empty: that deal is already over")
