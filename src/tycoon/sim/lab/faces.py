"""The lab's reading of a game's faces (``GameSpec.faces``): its probe, its report's watcher, its
board study and its unit of money, each found by the name the spec gives
(docs/decisions/0028-games-bring-their-faces.md)."""

from __future__ import annotations

from tycoon.core.errors import InvalidConfig
from tycoon.core.registry import spec
from tycoon.core.spec import Faces

NONE = Faces()
"""The faces of a game that names none: the lab's plain figures."""


def faces_of(game_id: str) -> Faces:
    """The faces ``game_id``'s spec names, or none for a game the registry does not know (a
    record of a game no longer installed, a game built without registering it)."""
    try:
        return spec(game_id).faces
    except InvalidConfig:
        return NONE


def unit_of(game_id: str) -> str:
    """The game's unit of money (``"Marks"``), or empty."""
    return faces_of(game_id).unit
