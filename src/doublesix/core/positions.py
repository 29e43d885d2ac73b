"""Building a game from given data: a deal, a mid-game position, a list of match deals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from doublesix.core.dealing import Deal, ListDealer
from doublesix.core.errors import InvalidSetup
from doublesix.core.line import Line
from doublesix.core.match import Match
from doublesix.core.opening import first_deal_opening, later_opening
from doublesix.core.rules import Ruleset
from doublesix.core.state import DealState
from doublesix.core.tiles import TILE_COUNT, Tile


def parse_tiles(names: Any, what: str) -> list[int]:
    if not isinstance(names, list):
        raise InvalidSetup(f"{what} must be a list of tile names")
    try:
        return [Tile.parse(n).index for n in names]
    except ValueError as exc:
        raise InvalidSetup(f"{what}: {exc}") from None


def parse_hands(hands: Any) -> list[int]:
    if not isinstance(hands, list):
        raise InvalidSetup("hands must be a list of lists of tile names")
    masks = []
    for seat, names in enumerate(hands):
        indices = parse_tiles(names, f"hand {seat}")
        mask = 0
        for i in indices:
            if mask >> i & 1:
                raise InvalidSetup(f"{Tile.from_index(i)} is dealt twice")
            mask |= 1 << i
        masks.append(mask)
    return masks


def parse_deal(rules: Ruleset, data: Any) -> Deal:
    if not isinstance(data, dict):
        raise InvalidSetup("a deal is an object with hands and boneyard")
    hands = parse_hands(data.get("hands"))
    boneyard = parse_tiles(data.get("boneyard", []), "boneyard")
    if len(hands) != rules.players:
        raise InvalidSetup(f"{rules.players} players need {rules.players} hands")
    for seat, hand in enumerate(hands):
        if hand.bit_count() != rules.hand_size:
            raise InvalidSetup(
                f"hand {seat} holds {hand.bit_count()} tiles, not {rules.hand_size}"
            )
    if len(boneyard) != TILE_COUNT - rules.players * rules.hand_size:
        raise InvalidSetup(
            f"the boneyard holds {len(boneyard)} tiles, not "
            f"{TILE_COUNT - rules.players * rules.hand_size}"
        )
    _check_whole_set(hands, boneyard, 0)
    return hands, boneyard


def _check_whole_set(hands: list[int], boneyard: list[int], on_line: int) -> None:
    seen = on_line
    for piece in [*hands, *(1 << i for i in boneyard)]:
        twice = seen & piece
        if twice:
            raise InvalidSetup(f"{Tile.from_index(twice.bit_length() - 1)} is dealt twice")
        seen |= piece


def match_from_deals(rules: Ruleset, deals: Sequence[Any]) -> Match:
    """A game starting with the first of *deals*; later deals and redeals take the next ones."""
    if not deals:
        raise InvalidSetup("no deal is given")
    parsed = [parse_deal(rules, d) for d in deals]
    return Match(rules, ListDealer(parsed))


def match_from_position(
    rules: Ruleset, position: Any, later_deals: Sequence[Any] = ()
) -> Match:
    """A game continuing from a mid-game *position* (FORMAT.md), with *later_deals* to follow."""
    if not isinstance(position, dict):
        raise InvalidSetup("a position is an object with line, hands and boneyard")
    line_data = position.get("line", [])
    if not isinstance(line_data, list):
        raise InvalidSetup("line must be a list of [left, right] pairs")
    try:
        line = Line.from_placed(line_data)
    except (TypeError, ValueError) as exc:
        raise InvalidSetup(str(exc)) from None
    hands = parse_hands(position.get("hands"))
    boneyard = parse_tiles(position.get("boneyard", []), "boneyard")
    _check_whole_set(hands, boneyard, line.mask)
    to_move = position.get("to_move")
    passes = position.get("passes", 0)
    if to_move is not None and not isinstance(to_move, int):
        raise InvalidSetup("to_move must be a seat number")
    if not isinstance(passes, int) or not 0 <= passes < rules.players:
        raise InvalidSetup(f"passes must be a count below {rules.players}")
    led_with = position.get("led_with")
    led = -1
    if led_with is not None:
        try:
            led = Tile.parse(led_with).index
        except ValueError as exc:
            raise InvalidSetup(f"led_with: {exc}") from None
        if len(line) and not line.mask >> led & 1:
            raise InvalidSetup(f"led_with {led_with} is not on the line")
    scores, hanging, deal_number = _match_fields(rules, position.get("match"))
    if len(hands) != rules.players:
        raise InvalidSetup(f"{rules.players} players need {rules.players} hands")
    opening = None
    if len(line) == 0:
        if deal_number >= 2 and rules.is_match:
            if to_move is None or not 0 <= to_move < rules.players:
                raise InvalidSetup("a later deal's position must say who leads (to_move)")
            opening = later_opening(rules, to_move, hands[to_move])
        else:
            opening = first_deal_opening(rules, hands)
            if opening is None:
                raise InvalidSetup("nobody may lead this deal")
            if to_move is not None and to_move != opening.leader:
                raise InvalidSetup(f"seat {opening.leader} leads this deal, not seat {to_move}")
    deal = DealState(
        rules,
        hands,
        boneyard,
        opening=opening,
        line=line,
        to_move=to_move,
        passes=passes,
        led_with=led,
        hanging_in=hanging,
    )
    if len(line) and to_move is not None:
        # A position reads as "the last tile, then *passes* passes": the seat before the
        # passes placed the last tile, and is the fisherman should the deal block (RULES.md
        # §4, §9). Under until_playable and none every turn ends in a play or a pass, so that
        # is certain. Under one_then_pass (101) a turn may also end on a drawn tile that
        # misses, which a position cannot say (FORMAT.md); but with every tile in play a fish
        # by passes needs all tiles of both end values on the line, which two different ends
        # cannot have and two equal ends make a dead board first (§5.3, fisherman known).
        deal.last_placer = (to_move - passes - 1) % rules.players
    dealer = ListDealer([parse_deal(rules, d) for d in later_deals])
    leader = opening.leader if opening is not None else None
    return Match(
        rules,
        dealer,
        deal=deal,
        scores=scores,
        hanging=hanging,
        deal_number=deal_number,
        leader=leader,
    )


def _match_fields(rules: Ruleset, data: Any) -> tuple[list[int] | None, int, int]:
    if data is None:
        return None, 0, 1
    if not isinstance(data, dict):
        raise InvalidSetup("match must be an object with scores, hanging and deal")
    scores = data.get("scores")
    hanging = data.get("hanging", 0)
    deal = data.get("deal", 1)
    sides = len(rules.sides)
    if scores is not None and (
        not isinstance(scores, list)
        or len(scores) != sides
        or not all(isinstance(s, int) and s >= 0 for s in scores)
    ):
        what = "pair" if rules.teams else "player"
        raise InvalidSetup(f"match.scores must be {sides} whole numbers, one per {what}")
    if not isinstance(hanging, int) or hanging < 0:
        raise InvalidSetup("match.hanging must be a whole number")
    if not isinstance(deal, int) or deal < 1:
        raise InvalidSetup("match.deal must be 1 or more")
    return scores, hanging, deal
