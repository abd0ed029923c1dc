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
from tycoon.core.game import CHANCE, TERMINAL, Game, Outcome, State
from tycoon.core.record import Move, Record, read, replay
from tycoon.core.registry import load, register, registered

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionCodec",
    "Agent",
    "Game",
    "GameOver",
    "GameTooLong",
    "IllegalAction",
    "InvalidConfig",
    "InvalidNotation",
    "Move",
    "NotYourTurn",
    "Outcome",
    "PlayResult",
    "Record",
    "RecordError",
    "State",
    "TycoonError",
    "action",
    "load",
    "play",
    "read",
    "register",
    "registered",
    "replay",
    "sample_chance",
]
