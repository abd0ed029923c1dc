"""Game-specific rendering for the terminal: a renderer per game id, a generic one for the rest.

A game with its own look registers a :class:`Renderer` subclass here::

    register_renderer("playboss", PlaybossRenderer())
"""

from __future__ import annotations

from tycoon.cli.render.base import Renderer, money, seat_name
from tycoon.cli.render.biznes_po_polsku import BiznesRenderer
from tycoon.cli.render.die_bosse import DieBosseRenderer
from tycoon.cli.render.playboss import PlaybossRenderer

_RENDERERS: dict[str, Renderer] = {}
_GENERIC = Renderer()


def register_renderer(game_id: str, renderer: Renderer) -> None:
    """Draw ``game_id``'s views and reports with ``renderer``."""
    _RENDERERS[game_id] = renderer


def renderer_for(game_id: str) -> Renderer:
    """The renderer registered for ``game_id``, or the generic one."""
    return _RENDERERS.get(game_id, _GENERIC)


register_renderer("playboss", PlaybossRenderer())
register_renderer("biznes_po_polsku", BiznesRenderer())
register_renderer("die_bosse", DieBosseRenderer())

__all__ = [
    "DieBosseRenderer",
    "PlaybossRenderer",
    "Renderer",
    "money",
    "register_renderer",
    "renderer_for",
    "seat_name",
]
