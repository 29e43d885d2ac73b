"""Registers the levels offered to players: easy, medium, hard."""

from __future__ import annotations

from doublesix.bots import register
from doublesix.bots.easy import EasyBot
from doublesix.bots.hard import HardBot
from doublesix.bots.medium import MediumBot

register("easy", EasyBot)
register("medium", MediumBot)
register("hard", HardBot)
