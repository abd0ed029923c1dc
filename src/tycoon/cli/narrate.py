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

What waits to be shown can be longer than the screen (the opening of a Playboss game with all
six steps: every bot hires, writes down its goal and moves before the person's first decision).
:meth:`Narrator.within` then tells the earliest turns one line each, a summary of what the rules
narrated of them (``bot 1: hires 1 worker(s) …; writes down a personal goal; rolls 5 …``), and
the latest in full.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

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


@dataclass
class Turn:
    """The moves of one seat in a row (the dice and cards that fall in its turn with them), as
    one line of a summary tells them."""

    seat: int | None
    """Who moved; ``None`` for what the rules narrated before any move (the rolls for the start)."""
    start: int
    """Where its lines begin among the lines waiting to be shown."""
    said: list[tuple[str, int]] = field(default_factory=list)
    """What each move did, in the rules' words (or the move's when they say nothing), with how
    many times in a row."""


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
        self.turns: list[Turn] = []
        """The turns the lines in :attr:`fresh` tell."""
        self.taken: list[Turn] = []
        """The turns of the lines :meth:`take_fresh` took last."""
        self.summed_up = 0
        """How many of the lines :meth:`within` had last it summed up, from the first."""
        self.summing = 0
        """How many lines :meth:`within` had last."""

    def who(self, seat: int) -> str:
        """The name of the seat that moved (``chance`` for chance), in the terminal's language."""
        from tycoon.cli.render.base import seat_name

        return seat_name(self.seats.names, seat)

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
        log = self.state.log or []
        narrated = len(log) > self.told
        self._note(line, [self.named(entry) for entry in log[self.told :]])
        if self.compact and line.plain and narrated:
            self._last = None
        elif self.compact and line.plain and self._joins(line):
            joined = self.fresh[-1].copy()
            joined.append(f" · {line.said}")
            self.history[-1] = self.fresh[-1] = joined
        else:
            self._tell(line.text)
            self._last = line if line.plain and not narrated else None
        self._tell_news()

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
            self._note(None, [self.named(entry) for entry in log[self.told :]])
        self._tell_news()

    def _tell_news(self) -> None:
        log = self.state.log or []
        if len(log) > self.told:
            self._last = None
        for entry in log[self.told :]:
            self._tell(Text(f"      {self.named(entry)}", style="italic"))
        self.told = len(log)

    def take_fresh(self) -> list[Text]:
        """The lines not shown yet; they count as shown from now on."""
        fresh, self.fresh = self.fresh, []
        self.taken, self.turns = self.turns, []
        return fresh

    def _note(self, line: MoveLine | None, narrated: list[str]) -> None:
        """Keep, for a summary, what a move (``None``: no move) did: its ``narrated`` lines.
        Lines printed at once (``show``) are never summed up, so nothing is kept for them."""
        if self.show is not None:
            return
        turn = self.turns[-1] if self.turns else None
        seat = None if line is None else line.seat
        if seat == CHANCE:  # a die or a card is part of the turn it falls in
            if not narrated:
                return
            seat = turn.seat if turn is not None else None
        if turn is None or turn.seat != seat:
            turn = Turn(seat, len(self.fresh))
            self.turns.append(turn)
        for text in narrated or ([line.said] if line is not None else []):
            if turn.said and turn.said[-1][0] == text:
                turn.said[-1] = (text, turn.said[-1][1] + 1)
            else:
                turn.said.append((text, 1))

    def summary(self, turn: Turn) -> Text:
        """One line telling ``turn``: who, then what each move did."""
        if turn.seat is None:
            said = [f"{text} (×{count})" if count > 1 else text for text, count in turn.said]
            return Text("      " + " ".join(said), style="italic")
        who = self.who(turn.seat)
        line = Text(f"{who}: ", style="bold")
        line.append(
            "; ".join(_predicate(text, who) + (f" (×{count})" if count > 1 else "") for text, count in turn.said)
        )
        return line

    def within(self, lines: Sequence[Text], rows: int, measure: Callable[[Text], int]) -> list[Text]:
        """``lines`` (just taken by :meth:`take_fresh`) in at most ``rows`` rows as ``measure``
        counts them: as they are if they fit, else with the fewest earliest turns told one
        summary line each that make them fit (the last :data:`SUMMARY_KEEP` lines kept as told
        if that is enough, every turn summed up if not). When even every turn summed up is too
        long, the lines as they are: the terminal's scrollback keeps what scrolls away."""

        def size(candidate: Sequence[Text]) -> int:
            return sum(measure(line) for line in candidate)

        self.summed_up, self.summing = 0, len(lines)
        if size(lines) <= rows or not self.taken or self.taken[0].start != 0:
            return list(lines)
        ends = [t.start for t in self.taken[1:]] + [len(lines)]
        kept = [n for n in range(1, len(self.taken) + 1) if ends[n - 1] <= len(lines) - SUMMARY_KEEP]
        for n in [*kept, len(self.taken)]:
            shown = [self.summary(t) for t in self.taken[:n]] + list(lines[ends[n - 1] :])
            if size(shown) <= rows:
                self.summed_up = ends[n - 1]
                return shown
        return list(lines)

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


SUMMARY_KEEP = 4
"""Lines told last that a summary leaves as they are."""


def _predicate(text: str, who: str) -> str:
    """``text`` as a clause after ``who:``: without its final stop, and without ``who`` at its
    start (``bot 1 hires 1 worker`` is ``hires 1 worker``)."""
    text = text.strip().removesuffix(".")
    if text.lower().startswith(who.lower() + " "):
        return text[len(who) + 1 :]
    if text[:1].isupper() and text[1:2].islower():
        return text[:1].lower() + text[1:]
    return text


def _repeats(plain: str) -> tuple[str, int]:
    """A told line without its count of repeats, and that count (1 if none)."""
    text, sep, rest = plain.rpartition(" (×")
    if sep and rest.endswith(")") and rest[:-1].isdigit():
        return text, int(rest[:-1])
    return plain, 1
