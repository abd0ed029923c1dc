"""A game's own words in a reader's language: its summary, its levels' lines and its options'
help, which its spec gives in English.

A shipped game has them in the catalogue (``cli.cmd.games.summary.<game>``,
``cli.cmd.games.level.<game>.<level>``, ``cli.cmd.games.option.<game>.<name>``), the English
ones the same words as the spec's; a game installed from elsewhere without them is told in its
spec's words. ``tycoon games`` renders these texts and the server's ``GET /api/games`` sends
them to the page, so both say the same.
"""

from __future__ import annotations

from tycoon.core.messages import Text, msg
from tycoon.words import has


def summary(game_id: str, english: str) -> Text:
    """The game's one line on what it is."""
    return _own(f"cli.cmd.games.summary.{game_id}", english)


def level(game_id: str, name: str, english: str) -> Text:
    """The line on how the game's level ``name`` plays."""
    return _own(f"cli.cmd.games.level.{game_id}.{name}", english)


def option_help(game_id: str, name: str, english: str) -> Text:
    """The help of the game's option ``name``."""
    return _own(f"cli.cmd.games.option.{game_id}.{name}", english)


def _own(key: str, english: str) -> Text:
    """The catalogue's ``key`` as a message where English has it, else ``english``."""
    return msg(key) if has(key) else english
