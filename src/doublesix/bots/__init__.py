"""Computer opponents. Each takes a PlayerView and returns an action; none ever sees a state."""

from __future__ import annotations

from collections.abc import Callable

from doublesix.bots.base import Bot, RandomBot

_FACTORIES: dict[str, Callable[[int | None], Bot]] = {"random": RandomBot}
#: the computer's levels offered to players, weakest first (GET /api/presets lists them)
LEVELS = ("easy", "medium", "hard")
#: what a game may be created with: the levels and a uniformly random player (tests, arenas)
GAME_LEVELS = (*LEVELS, "random")
DEFAULT_LEVEL = "medium"


def register(name: str, factory: Callable[[int | None], Bot]) -> None:
    _FACTORIES[name] = factory


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: ``random``, ``easy``, ``medium``, ``hard`` (once those are registered)."""
    _load_levels()
    try:
        factory = _FACTORIES[name]
    except KeyError:
        known = ", ".join(sorted(_FACTORIES))
        raise ValueError(f"unknown bot {name!r}: choose one of {known}") from None
    return factory(seed)


def bot_names() -> list[str]:
    _load_levels()
    return sorted(_FACTORIES)


def _load_levels() -> None:
    """Levels register themselves from their own modules; missing ones are simply absent."""
    import importlib

    for module in ("doublesix.bots.levels",):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


__all__ = ["DEFAULT_LEVEL", "GAME_LEVELS", "LEVELS", "Bot", "RandomBot", "bot_names", "make_bot",
           "register"]
