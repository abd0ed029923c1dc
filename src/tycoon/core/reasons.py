"""Reasons: why a seat declines an offer or hands back other terms, as a key of the game's list.

A refusal or a counter-offer says why in the game's words, with the figures of the deal. The
answer does not carry that sentence: it carries a key (``completes-group``) from the game's
:class:`Reasons`, which the rules check like any other field of an action, and the game's
words module renders it, one template per key, with figures read from the public state and the
deal's terms at the moment of the answer. So the reason is kept in the record and a replay
tells it again; a key holds no figure of its own (it is letters and hyphens only), so nothing
a seat holds secretly can travel in it; and a front end may one day render the same key and
parameters in another language. See docs/decisions/0032-bots-that-negotiate.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tycoon.core.families import Choice
from tycoon.core.messages import Items, Message, Text, msg

KEY = re.compile(r"[a-z]+(?:-[a-z]+)*")
"""What a reason's key is: lower-case words joined by hyphens, no digit (``completes-group``)."""


class Reasons:
    """A game's reasons for declining an offer, by key, each with a line a person reads when
    choosing it: a message of the game's (``bp.reason_line.completes-group``: "the firm you
    would get completes your colour group")."""

    __slots__ = ("_choices", "_lines", "game")

    def __init__(self, game: str, lines: Mapping[str, Text]) -> None:
        bad = [key for key in lines if not KEY.fullmatch(key)]
        if bad:
            raise ValueError(f"a reason's key is words joined by hyphens, without digits, not {bad[0]!r}")
        if not lines:
            raise ValueError("a game's list of reasons has at least one")
        self.game = game
        """The title of the game whose reasons these are, for the messages."""
        self._lines = dict(lines)
        self._choices: dict[tuple[str, ...], Choice] = {}
        """The choices made so far, by their keys (frozen, so every family may share one; a game
        has at most one per subset of its few reasons)."""

    @property
    def keys(self) -> list[str]:
        """The keys, in the order given."""
        return list(self._lines)

    def line(self, key: str) -> Text:
        """What ``key`` means, for a person choosing it."""
        return self._lines[key]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in self._lines

    def problem(self, key: str) -> Message | None:
        """Why ``key`` is no reason of the game (naming the known ones), as a message, or ``None``."""
        if key in self._lines:
            return None
        return msg("refuse.no_such_reason", key=repr(key), game=self.game, known=Items(tuple(self._lines)))

    def choice(self, keys: Iterable[str]) -> Choice:
        """The reasons ``keys`` (known ones, in the order given) as a family's choice, each
        labelled with its line."""
        chosen = tuple(keys)
        choice = self._choices.get(chosen)
        if choice is None:
            choice = Choice(chosen, tuple([self._lines[k] for k in chosen]))
            self._choices[chosen] = choice
        return choice
