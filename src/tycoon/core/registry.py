"""The game registry: each game registers its :class:`~tycoon.core.spec.GameSpec` under its id.

Games are found through the ``tycoon.games`` entry-point group (``pyproject.toml`` names the
three shipped games), loaded on first use: ``tycoon.core.load("playboss")`` works without
importing ``tycoon.games`` first, and a game shipped in another package plugs in the same way.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tycoon.core.errors import InvalidConfig
from tycoon.core.spec import GameSpec

if TYPE_CHECKING:
    from tycoon.core.game import Game

ENTRY_POINTS = "tycoon.games"
"""The entry-point group naming the modules that register games."""
BUILTIN = "tycoon.games"
"""The package of the shipped games, imported when no entry point is installed (a source tree
used without installing it)."""

_REGISTRY: dict[str, GameSpec] = {}
_discovered = False


def register(spec: GameSpec) -> None:
    """Make ``spec.factory(players=..., **options)`` loadable as ``spec.id``."""
    _REGISTRY[spec.id] = spec


def _discover() -> None:
    """Import every module the ``tycoon.games`` entry points name (once)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    from importlib.metadata import entry_points  # only here: it takes a tenth of the start-up

    found = entry_points(group=ENTRY_POINTS)
    for point in found:
        importlib.import_module(point.value.partition(":")[0])
    if not found:
        importlib.import_module(BUILTIN)


def registered() -> list[str]:
    """The ids of all registered games, sorted."""
    _discover()
    return sorted(_REGISTRY)


def spec(game_id: str) -> GameSpec:
    """The spec of a registered game; :class:`InvalidConfig` naming the known ones otherwise."""
    if game_id not in _REGISTRY:
        _discover()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(registered()) or "none"
        raise InvalidConfig(f"unknown game {game_id!r}; registered games: {known}") from None


def specs() -> list[GameSpec]:
    """Every registered game's spec, by id."""
    return [_REGISTRY[g] for g in registered()]


def load(game_id: str, **options: Any) -> Game:
    """Set up a game by id: ``load("playboss", players=4, years=3)``.

    ``players`` must lie in the game's seat range and every other option must be one the game
    declares, of its type; anything else is :class:`InvalidConfig` with one line that says what
    was wrong and what the game takes.
    """
    s = spec(game_id)
    players = options.pop("players", s.default_seats)
    if not isinstance(players, int) or isinstance(players, bool) or not s.min_seats <= players <= s.max_seats:
        seats = f"{s.min_seats}" if s.min_seats == s.max_seats else f"{s.min_seats} to {s.max_seats}"
        raise InvalidConfig(f"{s.title} is for {seats} players, not {players!r}")
    return s.factory(players=players, **s.check_options(options))
