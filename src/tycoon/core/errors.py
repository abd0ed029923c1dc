"""The errors tycoon raises. Each subclasses ``ValueError`` where bad input is the cause."""

from __future__ import annotations


class TycoonError(Exception):
    """Base class of every error tycoon raises on purpose."""


class IllegalAction(TycoonError, ValueError):
    """An action the rules do not allow now. The state is left exactly as it was.

    ``rule`` names the rule that forbids it (a rulebook section), so a player can look it up.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message if not rule else f"{message} ({rule})")
        self.reason = message
        self.rule = rule


class NotYourTurn(IllegalAction):
    """A seat tried to take a decision that is pending for another seat."""


class GameOver(IllegalAction):
    """An action was applied to a game that has ended."""


class InvalidConfig(TycoonError, ValueError):
    """A game cannot be set up with these options (unknown game, bad seat count, bad option)."""


class InvalidNotation(TycoonError, ValueError):
    """An action's text or JSON form could not be read."""


class RecordError(TycoonError, ValueError):
    """A game record is malformed or does not replay."""
