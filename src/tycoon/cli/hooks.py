"""The optional hooks a game package may offer the terminal.

A game package (``tycoon.games.<game_id>``) may define, at module level:

- ``describe(action) -> str``: a player's reading of an action, in place of its short text;
- ``report(state) -> list[dict]``: end-of-game balance sheets, one per seat (see
  :meth:`tycoon.cli.render.Renderer.balance_sheets` for their shape).
"""

from __future__ import annotations

from typing import Any

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.sim.agents import game_module


def describe(game_id: str, action: Action) -> str:
    """The game's own description of ``action``, or its short text form."""
    module = game_module(game_id)
    hook = getattr(module, "describe", None) if module is not None else None
    return str(hook(action)) if callable(hook) else str(action)


def report(game_id: str, state: State) -> list[dict[str, Any]] | None:
    """The game's end-of-game balance sheets for ``state``, or ``None`` if it has none."""
    module = game_module(game_id)
    hook = getattr(module, "report", None) if module is not None else None
    return list(hook(state)) if callable(hook) else None
