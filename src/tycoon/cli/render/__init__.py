"""Game-specific rendering for the terminal: the renderer a game's spec names, a generic one for
the rest.

A game with its own look names a :class:`Renderer` subclass in its spec's faces
(``Faces(terminal="tycoon.cli.render.playboss:PlaybossRenderer")``); it is imported the first
time the game is drawn. :func:`register_renderer` sets one by hand (a test, a one-off script).
See docs/decisions/0028-games-bring-their-faces.md.
"""

from __future__ import annotations

from tycoon.cli.render.base import Renderer, money, seat_name
from tycoon.core.errors import InvalidConfig
from tycoon.core.registry import spec
from tycoon.core.spec import find

_RENDERERS: dict[str, Renderer] = {}
_GENERIC = Renderer()


def register_renderer(game_id: str, renderer: Renderer) -> None:
    """Draw ``game_id``'s views and reports with ``renderer``, whatever its spec names."""
    _RENDERERS[game_id] = renderer


def renderer_for(game_id: str) -> Renderer:
    """The renderer of ``game_id``: one registered by hand, else the one its spec names (built
    once), else the generic one (also for a game the registry does not know, such as an old
    record's)."""
    if game_id not in _RENDERERS:
        try:
            named = spec(game_id).faces.terminal
        except InvalidConfig:
            return _GENERIC
        if not named:
            return _GENERIC
        renderer = find(named)()
        if not isinstance(renderer, Renderer):
            raise InvalidConfig(f"{game_id}'s terminal face {named!r} is no tycoon.cli.render.Renderer")
        _RENDERERS[game_id] = renderer
    return _RENDERERS[game_id]


__all__ = [
    "Renderer",
    "money",
    "register_renderer",
    "renderer_for",
    "seat_name",
]
