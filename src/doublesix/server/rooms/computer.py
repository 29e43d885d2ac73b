"""The computer's decision, taken off the event loop (a hard search may take ~250 ms)."""

from __future__ import annotations

import asyncio
import logging

from doublesix.bots import Bot, bot_names, make_bot
from doublesix.core import Action, PlayerView

log = logging.getLogger("doublesix.server.computer")


def bot_for(level: str, seed: int) -> Bot:
    """The bot of *level*; the random bot while that level is not installed (bots branch)."""
    if level in bot_names():
        return make_bot(level, seed)
    log.warning("computer level %r is not available; playing randomly", level)
    return make_bot("random", seed)


def decide(bot: Bot, view: PlayerView) -> Action:
    """The bot's action for *view*, always a legal one (runs in a worker process or thread)."""
    try:
        action = bot.choose(view)
        if action in view.legal:
            return action
        log.error("bot %s chose %s, which is not legal; playing %s",
                  bot.name, action, view.legal[0])
    except Exception:
        # a bot bug must not freeze the game: the first legal action keeps it going
        log.exception("bot %s failed; playing %s", bot.name, view.legal[0])
    return view.legal[0]


async def choose(bot: Bot, view: PlayerView) -> Action:
    """The bot's action for *view*, computed in a worker thread."""
    return await asyncio.to_thread(decide, bot, view)
