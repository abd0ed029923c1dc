"""The environments by name, as PettingZoo's classic environments are found: a module per game
(``tycoon.rl.envs.die_bosse_v0``) with ``env()`` and ``raw_env()``, and :func:`make`; and the
single-agent environments registered with Gymnasium (``gymnasium.make("tycoon/DieBosse-v0")``).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from tycoon.rl.envs import biznes_po_polsku_v1, die_bosse_v0, playboss_v0
from tycoon.rl.registration import GYMNASIUM_IDS, register_gymnasium

MODULES = {
    "biznes_po_polsku_v1": biznes_po_polsku_v1,
    "die_bosse_v0": die_bosse_v0,
    "playboss_v0": playboss_v0,
}
"""The AEC environments by name; a game's version (``VERSIONS``) changes when its behaviour does."""


def make(name: str, **kwargs: Any) -> AECEnv[str, dict[str, Any], int]:
    """The wrapped AEC environment ``name`` (``"die_bosse_v0"``), set up with ``kwargs``."""
    try:
        module = MODULES[name]
    except KeyError:
        raise ValueError(f"unknown environment {name!r}; known: {', '.join(sorted(MODULES))}") from None
    return module.env(**kwargs)


register_gymnasium()

__all__ = ["GYMNASIUM_IDS", "MODULES", "make", "register_gymnasium"]
