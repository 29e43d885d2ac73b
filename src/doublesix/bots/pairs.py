"""Who a bot plays for: itself, or in a pairs game (kozel, RULES.md §9) its pair.

One small mapping shared by the levels: the search maximises over the seats marked friendly
and minimises over the rest, and values a finished deal by the side that scores. It is
computed from the public ruleset alone: a partner's hand stays as hidden as an opponent's.
"""

from __future__ import annotations

from doublesix.bots.heuristics import p_stuck
from doublesix.bots.knowledge import Knowledge
from doublesix.core.rules import Ruleset


def friends(rules: Ruleset, me: int) -> tuple[bool, ...]:
    """For every seat, whether it plays for *me* (*me* itself and, with teams, the partner)."""
    mine = rules.side_of(me)
    return tuple(rules.side_of(seat) == mine for seat in range(rules.players))


def side(rules: Ruleset, me: int) -> int:
    """The index of *me*'s side in a match's scores and in ``Outcome.winner`` / ``loser``."""
    return rules.side_of(me)


#: how much (in pips) the medium level likes leaving ends its partner can probably follow
W_PARTNER = 10.0


def partner_bonus(know: Knowledge, rules: Ruleset, ends: tuple[int, int],
                  weight: float = W_PARTNER) -> float:
    """In a pairs game, a liking for ends the partner is not known to be out of.

    Only public inference is used (:func:`doublesix.bots.heuristics.p_stuck` on the partner's
    possible tiles), never the partner's hand.
    """
    partner = rules.partner_of(know.seat)
    if partner is None or weight == 0.0:
        return 0.0
    return weight * (1.0 - p_stuck(know, partner, ends))
