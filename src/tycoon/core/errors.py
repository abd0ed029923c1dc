"""The errors tycoon raises. Each subclasses ``ValueError`` where bad input is the cause."""

from __future__ import annotations

from tycoon.core.messages import Text, msg, plain


class TycoonError(Exception):
    """Base class of every error tycoon raises on purpose."""


class IllegalAction(TycoonError, ValueError):
    """An action the rules do not allow now. The state is left exactly as it was.

    ``reason`` says why, ``rule`` names the rule that forbids it (a rulebook section), so a
    player can look it up; both are messages (or plain strings), rendered in the reader's
    language by a front end from :attr:`text`. ``str`` gives the English sentence
    (``tycoon.core.messages.plain``; docs/decisions/0041-refusals-as-messages.md).
    """

    def __init__(self, message: Text, rule: Text = "") -> None:
        # Both go to ``args``, so that the error pickles and comes back whole (a worker's).
        super().__init__(message, rule)
        self.reason = message
        """Why the action is refused."""
        self.rule = rule
        """The rule that refuses it (a rulebook section), or ``""``."""

    @property
    def text(self) -> Text:
        """The reason with the rule cited, as one message for the reader (:func:`cited`)."""
        return cited(self.reason, self.rule)

    def __str__(self) -> str:
        return plain(self.text)


def cited(reason: Text, rule: Text) -> Text:
    """``reason`` with ``rule`` cited after it ("… (Playboss I, "Lines of Credit")"); ``reason``
    itself when no rule is given."""
    return msg("refuse.cited", reason=reason, rule=rule) if rule else reason


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
