"""The game registry: games register a factory under their id and are loaded by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tycoon.core.errors import InvalidConfig
from tycoon.core.game import Game

GameFactory = Callable[..., Game]

_REGISTRY: dict[str, GameFactory] = {}


def register(game_id: str, factory: GameFactory) -> None:
    """Make ``factory(players=..., **options)`` loadable as ``game_id``."""
    _REGISTRY[game_id] = factory


def registered() -> list[str]:
    """The ids of all registered games, sorted."""
    return sorted(_REGISTRY)


def load(game_id: str, **options: Any) -> Game:
    """Set up a game by id: ``load("playboss", players=4, years=3)``."""
    try:
        factory = _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(registered()) or "none"
        raise InvalidConfig(f"unknown game {game_id!r}; registered games: {known}") from None
    return factory(**options)
