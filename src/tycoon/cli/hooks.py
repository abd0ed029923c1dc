"""What the terminal asks of a game beyond the protocol: end-of-game sheets, a legend, warnings.

All of them are optional; a game that gives none plays the same.

- ``report(state) -> list[dict]``: the spec's end-of-game sheets, one per seat (see
  :meth:`tycoon.cli.render.Renderer.balance_sheets` for their shape).
- a legend: text explaining the game's symbols, shown once when a person sits down (Die Bosse's
  capital-card symbols). The spec's ``hooks["legend"]`` (a message or text, or a function
  returning one), or else ``legend`` / ``LEGEND`` in the game package's ``words`` module.
- a warning: ``warning(state, action) -> Message | str | None``, what an action about to be taken costs
  that a player may not see coming (two companies of one industry meeting in a concern); the
  person is asked to confirm. The spec's ``hooks["warning"]``, or else ``warning`` in the
  game's ``words`` module.
"""

from __future__ import annotations

import importlib
from typing import Any

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.core.messages import Message, Text
from tycoon.core.registry import spec
from tycoon.core.spec import resolved


def report(game_id: str, state: State) -> list[dict[str, Any]] | None:
    """The game's end-of-game balance sheets for ``state``, or ``None`` if it has none."""
    hook = spec(game_id).report
    return list(hook(state)) if hook is not None else None


def legend(game_id: str) -> Text | None:
    """The game's explanation of its symbols (a message, or a plain string), or ``None``."""
    found = _hook(game_id, "legend", ("legend", "LEGEND"))
    if callable(found):
        found = found()
    return _text(found)


def warning(game_id: str, state: State, action: Action) -> Text | None:
    """What the game warns of before ``action`` is taken in ``state`` (a message, or a plain
    string), or ``None``."""
    found = _hook(game_id, "warning", ("warning",))
    if not callable(found):
        return None
    return _text(found(state, action))


def _text(found: Any) -> Text | None:
    if not found:
        return None
    return found if isinstance(found, Message) else str(found)


def _hook(game_id: str, name: str, attributes: tuple[str, ...]) -> Any:
    s = spec(game_id)
    if name in s.hooks:
        return s.hooks[name]
    package = resolved(s.factory).__module__.rpartition(".")[0]
    if not package:
        return None
    try:
        words = importlib.import_module(f"{package}.words")
    except ImportError:
        return None
    for attribute in attributes:
        if hasattr(words, attribute):
            return getattr(words, attribute)
    return None
