"""Game review: a finished game's analysis by the bots, run off the event loop."""
