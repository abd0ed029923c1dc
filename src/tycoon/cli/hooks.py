"""What the terminal asks of a game beyond the protocol: its end-of-game sheets.

A game's :class:`~tycoon.core.spec.GameSpec` may give ``report(state) -> list[dict]``:
end-of-game balance sheets, one per seat (see
:meth:`tycoon.cli.render.Renderer.balance_sheets` for their shape).
"""

from __future__ import annotations

from typing import Any

from tycoon.core.game import State
from tycoon.core.registry import spec


def report(game_id: str, state: State) -> list[dict[str, Any]] | None:
    """The game's end-of-game balance sheets for ``state``, or ``None`` if it has none."""
    hook = spec(game_id).report
    return list(hook(state)) if hook is not None else None
