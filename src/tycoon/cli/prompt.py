"""Reading a line at the terminal: line editing, a history of what was typed, and nothing but
printable text taken in.

At a terminal the line is read through :mod:`readline` (standard library, where Python has it):
the arrows move in the line and the Up arrow brings back what was typed before, instead of
printing ``^[[A`` into it. Whatever the input, a line is cleaned of escape sequences and
control characters before the game sees it, so an error that quotes what was typed never
prints a raw escape character that would garble the screen.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from types import ModuleType

from rich.console import Console
from rich.text import Text

_SEQUENCE = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|O.|[^\x1b])?|\x9b[0-9;?]*[ -/]*[@-~]")
"""An escape sequence as a terminal's keys send them (the arrows ``ESC [ A`` or ``ESC O A``,
Alt with a key ``ESC x``), or a lone escape."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_STYLE = re.compile(r"(\x1b\[[0-9;]*m)")


def clean(text: str) -> str:
    """``text`` without escape sequences and control characters (a tab is a space)."""
    return _CONTROL.sub("", _SEQUENCE.sub("", text.replace("\t", " ")))


def _line_editing() -> ModuleType | None:
    """:mod:`readline`, set up for the game's prompts, when both ends are a terminal."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    try:
        import readline
    except ImportError:  # a Python built without it: plain input, still cleaned
        return None
    # Tab would complete file names, which no answer is.
    readline.set_completer(lambda text, state: None)
    readline.set_auto_history(False)
    return readline


def terminal_reader(console: Console) -> Callable[[str], str]:
    """The ``ask`` of ``tycoon play`` at a terminal: shows ``prompt`` in bold and reads one line,
    cleaned; each line typed (not a repeat of the one before) goes into the history the Up
    arrow walks back through."""
    editing = _line_editing()

    def ask(prompt: str) -> str:
        if editing is None:
            return clean(console.input(Text(prompt, style="bold")))
        with console.capture() as captured:
            console.print(Text(prompt, style="bold"), end="")
        # readline must know which characters of the prompt take no room on the screen (the
        # styles' escape sequences), or it redraws a recalled line in the wrong column.
        shown = _STYLE.sub("\x01\\1\x02", captured.get())
        line = clean(input(shown))
        count = editing.get_current_history_length()
        if line.strip() and (count == 0 or editing.get_history_item(count) != line):
            editing.add_history(line)
        return line

    return ask
