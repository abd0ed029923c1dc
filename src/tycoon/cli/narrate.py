"""Telling a game as it goes: each move with who made it, then the rules' own narration.

A move is told with ``state.describe(action, viewer)``, asked *before* the move is applied, so
what ``viewer`` may not know stays untold: at a table with one person the viewer is that
person's seat; at a hot-seat table, where everybody reads the screen, and for a spectator it is
nobody (``None``). The rules narrate players as ``seat N`` (from 0); the names go in their place.

A person at the table reads a compact story (``compact``): a move the rules narrate is told by
their narration alone when the move line would add nothing to it — a chance outcome ("die 4"
before "Bob rolls 4 and moves to space 9"), or a move the game gives no words of its own for
(its text form, which may hold what others may not know: ``declare-goal profit`` before "Bob
writes down a personal goal"); a line told again at once is counted (``(×12)``), not repeated,
and plain moves of one kind by one seat in a row share a line (``bot 3: pay 54 · pay 58``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text

from tycoon.cli.naming import SeatNames
from tycoon.core.actions import Action
from tycoon.core.game import CHANCE, State

HISTORY = 200
"""Lines of narration kept for showing again."""


@dataclass(frozen=True)
class MoveLine:
    """The line telling a move, made before the move is applied."""

    text: Text
    """Who moved and what they did, in the game's words."""
    plain: bool
    """Whether the rules' narration of the move says all it says (a chance outcome, or a move
    told only by its text form): in a compact story the narration alone tells it."""
    seat: int = CHANCE
    """Who moved."""
    kind: str = ""
    """The kind of the move."""
    said: str = ""
    """What the line says of the move, without who made it."""


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
        compact: bool = False,
    ) -> None:
        self.state = state
        self.seats = SeatNames(names)
        self.viewer = viewer
        """The seat the narration is told to (``None``: everybody)."""
        self.show = show
        self.compact = compact
        """Tell the compact story a person at the table reads (see the module's docstring)."""
        state.log = []
        self.told = 0
        self.fresh: list[Text] = []
        """Lines not shown yet."""
        self.history: deque[Text] = deque(maxlen=HISTORY)
        """The last lines told, shown or not."""
        self._last: MoveLine | None = None
        """The plain move told last, if nothing was told after it (later ones of its kind join it)."""

    def who(self, seat: int) -> str:
        """The name of the seat that moved (``chance`` for chance)."""
        return "chance" if seat == CHANCE else self.seats.name(seat)

    def named(self, text: str) -> str:
        """``text`` with each ``seat N`` of a seat in this game replaced by its player's name."""
        return self.seats.named(text)

    def line(self, seat: int, action: Action, number: int | None = None) -> MoveLine:
        """The line telling that ``seat`` takes ``action``; call it before the action is applied."""
        described = self.state.describe(action, self.viewer)
        line = Text()
        if number is not None:
            line.append(f"{number:>4}. ", style="dim")
        line.append(f"{self.who(seat)}: ", style="dim" if seat == CHANCE else "bold")
        line.append(self.named(described), style="dim" if seat == CHANCE else "")
        said = self.named(described)
        return MoveLine(line, seat == CHANCE or described == str(action), seat, action.kind, said)

    def move(self, line: MoveLine) -> None:
        """Tell a move (its :meth:`line`, made before it was applied), then what the rules
        narrated of it; in a compact story the narration alone when the line adds nothing."""
        narrated = len(self.state.log or []) > self.told
        if self.compact and line.plain and narrated:
            self._last = None
        elif self.compact and line.plain and self._joins(line):
            joined = self.fresh[-1].copy()
            joined.append(f" · {line.said}")
            self.history[-1] = self.fresh[-1] = joined
        else:
            self._tell(line.text)
            self._last = line if line.plain and not narrated else None
        self.news()

    def _joins(self, line: MoveLine) -> bool:
        """Whether ``line`` goes on the line before: plain moves of one kind by one seat in a
        row, none of them narrated (``bot 3: pay 54 · pay 58 · pay 60``)."""
        last = self._last
        return (
            last is not None
            and self.show is None
            and bool(self.fresh)
            and bool(self.history)
            and self.history[-1] is self.fresh[-1]
            and (last.seat, last.kind) == (line.seat, line.kind)
            and line.seat != CHANCE
        )

    def news(self) -> None:
        """Tell whatever the rules narrated since the last call."""
        log = self.state.log or []
        if len(log) > self.told:
            self._last = None
        for entry in log[self.told :]:
            self._tell(Text(f"      {self.named(entry)}", style="italic"))
        self.told = len(log)

    def take_fresh(self) -> list[Text]:
        """The lines not shown yet; they count as shown from now on."""
        fresh, self.fresh = self.fresh, []
        return fresh

    def _tell(self, line: Text) -> None:
        if self.compact and self.show is None and self.fresh and self.history:
            last = self.history[-1]
            said, count = _repeats(last.plain)
            if last is self.fresh[-1] and said == line.plain:
                again = line.copy()
                again.append(f" (×{count + 1})", style="dim")
                self.history[-1] = self.fresh[-1] = again
                return
        self.history.append(line)
        if self.show is not None:
            self.show(line)
        else:
            self.fresh.append(line)


def _repeats(plain: str) -> tuple[str, int]:
    """A told line without its count of repeats, and that count (1 if none)."""
    text, sep, rest = plain.rpartition(" (×")
    if sep and rest.endswith(")") and rest[:-1].isdigit():
        return text, int(rest[:-1])
    return plain, 1
