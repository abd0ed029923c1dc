"""The agent catalogue: build an agent for a game from a short kind name.

``"random"`` is the game-agnostic :class:`~tycoon.agents.RandomAgent`. Every other kind is a
game's own bot. A game package (``tycoon.games.<game_id>``, with any ``-`` in the id read as
``_``) offers its bots as a module-level mapping::

    BOTS: dict[str, Callable[[], Agent]] = {"bot": PlaybossBot}

from kind names to factories that take no arguments. The catalogue imports it on demand, so a
game that offers no bots still works with ``"random"``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType

from tycoon.agents import RandomAgent
from tycoon.core.driver import Agent

AgentFactory = Callable[[], Agent]
"""Builds a fresh agent; the driver seeds it before each game."""

GENERIC_KINDS: dict[str, AgentFactory] = {"random": RandomAgent}
"""Agents that play any game, by kind name."""


class UnknownAgent(ValueError):
    """An agent kind that neither the catalogue nor the game knows."""


def game_module(game_id: str) -> ModuleType | None:
    """The package ``tycoon.games.<game_id>`` (``-`` read as ``_``), or ``None`` if there is none.

    Only a missing package counts as "none": an error raised while importing an existing
    package is a real bug and propagates.
    """
    name = f"tycoon.games.{game_id.replace('-', '_')}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is not None and (name == e.name or name.startswith(e.name + ".")):
            return None
        raise


def game_bots(game_id: str) -> dict[str, AgentFactory]:
    """The bots a game offers (its package's ``BOTS`` mapping), or an empty dict."""
    module = game_module(game_id)
    bots = getattr(module, "BOTS", None) if module is not None else None
    return dict(bots) if bots else {}


def known_kinds(game_id: str, bots: Mapping[str, AgentFactory] | None = None) -> list[str]:
    """Every agent kind that can play ``game_id``: ``"random"`` first, then the game's bots.

    ``bots`` replaces the game's own ``BOTS`` mapping (useful for tests and experiments).
    """
    own = game_bots(game_id) if bots is None else dict(bots)
    return [*GENERIC_KINDS, *(k for k in own if k not in GENERIC_KINDS)]


def make_agent(game_id: str, kind: str, bots: Mapping[str, AgentFactory] | None = None) -> Agent:
    """A fresh agent of ``kind`` for ``game_id``.

    ``kind`` is ``"random"`` or one of the game's bots; ``bots`` replaces the game's own
    ``BOTS`` mapping. Raises :class:`UnknownAgent` listing the known kinds otherwise.
    """
    own = game_bots(game_id) if bots is None else dict(bots)
    factory = own.get(kind) or GENERIC_KINDS.get(kind)
    if factory is None:
        known = ", ".join(known_kinds(game_id, own))
        raise UnknownAgent(f"unknown agent kind {kind!r} for {game_id}; known kinds: {known}")
    return factory()
