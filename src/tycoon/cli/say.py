"""The terminal's own words: catalogue texts in the language this process speaks.

Every text a person reads at the terminal (the renderers' headings, the menus, the prompts, the
reports' words) is a catalogue message (keys ``cli.``, ``report.``, ``lab.`` and a game's
``<prefix>.screen.``), rendered by :func:`tycoon.words.render` in
:func:`tycoon.cli.naming.language`. Imported only where a game is drawn or a report written, so
that ``tycoon --help`` reads no catalogue. See docs/languages.md.
"""

from __future__ import annotations

from tycoon.cli.naming import language
from tycoon.core.messages import Message, Param, Text


def say(key: str, /, **params: Param) -> str:
    """The text of ``key`` with ``params``, in this process's language."""
    from tycoon.words import render

    return render(Message(key, params), language())


def said(text: Text) -> str:
    """``text`` (a plain string or a message) as this process's language reads it."""
    if isinstance(text, str):
        return text
    from tycoon.words import render

    return render(text, language())


def number(value: int | float) -> str:
    """``value`` as this process's language writes a number: ``12,500``, ``12.500``, ``12 500``."""
    from tycoon.words import format_number

    return format_number(value, language())
