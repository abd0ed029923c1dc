"""The game-agnostic kernel: protocol, actions, errors, chance, records, registry, driver.

Standard library only.
"""

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
from tycoon.core.record import Move, Record, read, replay
from tycoon.core.registry import load, register, registered, spec, specs
from tycoon.core.spec import Faces, GameOption, GameSpec

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
