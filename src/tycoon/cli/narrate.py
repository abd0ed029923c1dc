"""Telling a game as it goes: each move with who made it, then the rules' own narration.

A move is told with ``state.describe(action, viewer)``, asked *before* the move is applied, so
what ``viewer`` may not know stays untold: at a table with one person the viewer is that
person's seat; at a hot-seat table, where everybody reads the screen, and for a spectator it is
nobody (``None``). The rules narrate players as ``seat N`` (from 0); the names go in their place.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from rich.text import Text

from tycoon.cli.naming import SeatNames
from tycoon.core.actions import Action
from tycoon.core.game import CHANCE, State

HISTORY = 200
"""Lines of narration kept for showing again."""


class Narrator:
    """Turns moves and the state's log into lines, printed at once or kept until asked for.

    It switches the state's narration on (``state.log = []``) and remembers how much of the log
    it has told. ``show`` prints a line at once (a game of bots, a replay); without it the lines
    wait in :attr:`fresh` until the game draws its next screen.
    """

    def __init__(
        self,
        state: State,
        names: Sequence[str],
        viewer: int | None = None,
        show: Callable[[Text], None] | None = None,
    ) -> None:
        self.state = state
        self.seats = SeatNames(names)
        self.viewer = viewer
        """The seat the narration is told to (``None``: everybody)."""
        self.show = show
        state.log = []
        self.told = 0
        self.fresh: list[Text] = []
        """Lines not shown yet."""
        self.history: deque[Text] = deque(maxlen=HISTORY)
        """The last lines told, shown or not."""

    def who(self, seat: int) -> str:
        """The name of the seat that moved (``chance`` for chance)."""
        return "chance" if seat == CHANCE else self.seats.name(seat)

    def named(self, text: str) -> str:
        """``text`` with each ``seat N`` of a seat in this game replaced by its player's name."""
        return self.seats.named(text)

    def line(self, seat: int, action: Action, number: int | None = None) -> Text:
        """The line telling that ``seat`` takes ``action``; call it before the action is applied."""
        line = Text()
        if number is not None:
            line.append(f"{number:>4}. ", style="dim")
        line.append(f"{self.who(seat)}: ", style="dim" if seat == CHANCE else "bold")
        line.append(self.named(self.state.describe(action, self.viewer)), style="dim" if seat == CHANCE else "")
        return line

    def move(self, line: Text) -> None:
        """Tell a move (its :meth:`line`, made before it was applied), then what the rules
        narrated of it."""
        self._tell(line)
        self.news()

    def news(self) -> None:
        """Tell whatever the rules narrated since the last call."""
        log = self.state.log or []
        for entry in log[self.told :]:
            self._tell(Text(f"      {self.named(entry)}", style="italic"))
        self.told = len(log)

    def take_fresh(self) -> list[Text]:
        """The lines not shown yet; they count as shown from now on."""
        fresh, self.fresh = self.fresh, []
        return fresh

    def _tell(self, line: Text) -> None:
        self.history.append(line)
        if self.show is not None:
            self.show(line)
        else:
            self.fresh.append(line)
