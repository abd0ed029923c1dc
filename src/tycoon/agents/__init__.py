"""Game-agnostic agents over the core protocol.

``Partners`` and ``RandomAgent`` are imported from their modules when first asked for, so that
the agent catalogue (and so ``tycoon games``) does not import the agents themselves.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tycoon.agents.partners import Partners
    from tycoon.agents.random_agent import RandomAgent

_HOMES = {"Partners": "partners", "RandomAgent": "random_agent"}
"""The module each name below lives in."""


def __getattr__(name: str) -> Any:
    """``tycoon.agents.NAME``: the name from its module, imported now (PEP 562)."""
    if name not in _HOMES:
        raise AttributeError(f"module 'tycoon.agents' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value


__all__ = ["Partners", "RandomAgent"]
