"""What a person at the terminal sees: the last screenful of lines, and what is on it.

The terminal scrolls; what a person sees after a prompt is the last lines printed, as many as
the terminal is high. :class:`Screen` prints through the console and remembers, for that many
lines, what each one shows (an event, the pending decision, the seat's own position, the menu,
anything else), so the game can tell whether the decision, the position and the last events are
still in sight before it asks, and show them again when they have scrolled away.
"""

from __future__ import annotations

from collections import deque
from enum import StrEnum

from rich.console import Console, RenderableType
from rich.text import Text

from tycoon.cli.wrap import hanging


class Shows(StrEnum):
    """What a printed line shows."""

    EVENT = "event"
    """Something that happened: a move or the rules' narration of it."""
    DECISION = "decision"
    """The decision pending."""
    POSITION = "position"
    """The seat's own position (cash, holdings)."""
    MENU = "menu"
    """The choices."""
    INPUT = "input"
    """A prompt and what was typed."""
    OTHER = "other"
    """Anything else: the board, help, a refusal."""


class Screen:
    """Prints to a console and keeps track of the last screenful."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.tail: deque[Shows] = deque(maxlen=max(1, self.height))
        """What each of the last ``height`` lines shows, oldest first."""

    @property
    def width(self) -> int:
        return self.console.size.width

    @property
    def height(self) -> int:
        return self.console.size.height

    def lines(self, renderable: RenderableType) -> int:
        """How many lines ``renderable`` takes at the console's width."""
        return len(self.console.render_lines(renderable, self.console.options, pad=False, new_lines=False))

    def print(self, renderable: RenderableType, shows: Shows = Shows.OTHER, soft_wrap: bool = False) -> None:
        """Print ``renderable`` and remember its lines as showing ``shows``."""
        self.console.print(renderable, soft_wrap=soft_wrap)
        count = self.lines(renderable) if not soft_wrap else self._soft_lines(renderable)
        self.mark(shows, count)

    def say(self, line: str | Text, style: str = "", shows: Shows = Shows.OTHER) -> None:
        """Print words (help, a refusal, a warning, the position) broken between words to the
        terminal's width, each line's continuation under its first word."""
        text = Text(line, style=style) if isinstance(line, str) else line
        lines = [piece for part in text.split("\n") for piece in hanging(part, self.width)]
        self.console.print(Text("\n").join(lines), soft_wrap=True)
        self.mark(shows, len(lines))

    def mark(self, shows: Shows, count: int = 1) -> None:
        """Note ``count`` lines showing ``shows`` (printed some other way, as a typed answer)."""
        if self.tail.maxlen != max(1, self.height):  # the terminal was resized
            self.tail = deque(self.tail, maxlen=max(1, self.height))
        self.tail.extend([shows] * count)

    def in_sight(self, shows: Shows) -> bool:
        """Whether a line showing ``shows`` is still on screen above the prompt line."""
        visible = list(self.tail)[-(self.height - 1) :] if self.height > 1 else []
        return shows in visible

    def since(self, shows: Shows) -> int:
        """How many lines on screen were printed after the last line showing ``shows``."""
        visible = list(self.tail)[-self.height :]
        after = 0
        for line in reversed(visible):
            if line == shows:
                break
            after += 1
        return after

    def _soft_lines(self, renderable: RenderableType) -> int:
        text = str(renderable)
        width = max(1, self.width)
        return sum(max(1, -(-len(line) // width)) for line in text.split("\n"))
