"""The game-agnostic kernel: protocol, actions, errors, chance, records, registry, driver.

Standard library only. The names below are imported from their modules when first used, so
that importing one module of the kernel (the registry, a spec) does not import all of it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Bound now, not when first asked for: ``spec`` is also the name of a module of the kernel, which
# the registry imports first, so that the function, bound after it, stays in its place.
from tycoon.core.registry import load, register, registered, spec, specs
from tycoon.core.spec import Faces, GameOption, GameSpec

if TYPE_CHECKING:
    from tycoon.core.actions import Action, ActionCodec, action
    from tycoon.core.driver import Agent, GameTooLong, PlayResult, play, sample_chance
    from tycoon.core.errors import (
        GameOver,
        IllegalAction,
        InvalidConfig,
        InvalidNotation,
        NotYourTurn,
        RecordError,
        TycoonError,
    )
    from tycoon.core.families import ActionFamily, Choice, IntRange, family_of
    from tycoon.core.game import CHANCE, TERMINAL, Game, Observation, Outcome, Segment, SharedDict, SharedList, State
    from tycoon.core.reasons import Reasons
    from tycoon.core.record import Move, Record, read, replay

_HOMES = {
    "actions": ("Action", "ActionCodec", "action"),
    "driver": ("Agent", "GameTooLong", "PlayResult", "play", "sample_chance"),
    "errors": (
        "GameOver",
        "IllegalAction",
        "InvalidConfig",
        "InvalidNotation",
        "NotYourTurn",
        "RecordError",
        "TycoonError",
    ),
    "families": ("ActionFamily", "Choice", "IntRange", "family_of"),
    "game": ("CHANCE", "TERMINAL", "Game", "Observation", "Outcome", "Segment", "SharedDict", "SharedList", "State"),
    "reasons": ("Reasons",),
    "record": ("Move", "Record", "read", "replay"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}
"""The module of the kernel each name of ``__all__`` lives in."""


def __getattr__(name: str) -> Any:
    """``tycoon.core.NAME``: the name from its module, imported now (PEP 562)."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'tycoon.core' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"tycoon.core.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionCodec",
    "ActionFamily",
    "Agent",
    "Choice",
    "Faces",
    "Game",
    "GameOption",
    "GameOver",
    "GameSpec",
    "GameTooLong",
    "IllegalAction",
    "IntRange",
    "InvalidConfig",
    "InvalidNotation",
    "Move",
    "NotYourTurn",
    "Observation",
    "Outcome",
    "PlayResult",
    "Reasons",
    "Record",
    "RecordError",
    "Segment",
    "SharedDict",
    "SharedList",
    "State",
    "TycoonError",
    "action",
    "family_of",
    "load",
    "play",
    "read",
    "register",
    "registered",
    "replay",
    "sample_chance",
    "spec",
    "specs",
]
