"""A game at the terminal as a person sees it: a screen of a given size, and a player at the
keyboard who types what a bot would choose.

:class:`Table` runs ``tycoon play`` on a recording console of ``width`` × ``height``; before
each answer it cuts the screen a person would see (the last rows above the prompt, long lines
wrapped as a terminal wraps them) and hands it to a check, then types the next scripted line
or, once the script is done, the text form of what the keyboard's bot chooses (seats as the
table numbers them), and "yes" to every question.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console

from tycoon.cli.menu import Menu
from tycoon.cli.naming import SeatNames
from tycoon.cli.play import TerminalGame, plan_seats
from tycoon.core import load
from tycoon.core.driver import Agent
from tycoon.core.game import State
from tycoon.sim import make_agent

Check = Callable[["Table", str, list[str]], None]
"""Called with the table, the prompt and the screen's rows above it."""


def rows(text: str, width: int) -> list[str]:
    """``text`` as a terminal of ``width`` columns shows it: a long line takes several rows."""
    out: list[str] = []
    for line in text.split("\n"):
        line = line.rstrip()
        while len(line) > width:
            out.append(line[:width])
            line = line[width:]
        out.append(line)
    return out


@dataclass
class Table:
    """One game with a person's seat played from the keyboard."""

    game_id: str
    seats: Sequence[str]
    """Seat kinds, one of them ``you``."""
    seed: int | str
    options: dict[str, object] = field(default_factory=dict)
    width: int = 100
    height: int = 30
    script: list[str] = field(default_factory=list)
    """Lines typed before the keyboard's bot takes over."""
    keyboard: str = "bot"
    """The agent kind that chooses the person's moves once the script is done."""
    check: Check | None = None
    prompts: int = 0
    """Prompts answered so far."""
    limit: int = 400
    """Prompts answered before the person leaves (``quit``, ``yes``)."""
    out: Path | None = None
    """Where the game's record is written as it goes."""

    def __post_init__(self) -> None:
        self.console = Console(file=io.StringIO(), width=self.width, height=self.height, record=True, color_system=None)
        self.seat = list(self.seats).index("you")
        self.game = load(self.game_id, players=len(self.seats), **self.options)
        plans = plan_seats(self.game_id, self.seats)
        self.terminal = TerminalGame(self.game, plans, self.seed, self.console, self.ask, self.out)
        self.bot: Agent = make_agent(self.game_id, self.keyboard)
        self.bot.seed(f"{self.seed}:keyboard")
        self.names = SeatNames([p.name for p in plans])
        self._leaving: list[str] = []
        self.rows: list[str] = []
        """Every row printed so far, as the terminal wrapped it."""
        self.printed = ""
        """What was printed since the last prompt."""

    def run(self) -> int:
        status = self.terminal.run()
        self._take()
        return status

    @property
    def state(self) -> State:
        return self.terminal.state

    def _take(self) -> None:
        self.printed = self.console.export_text(clear=True)
        self.rows.extend(rows(self.printed.rstrip("\n"), self.width) if self.printed else [])

    def screen(self) -> list[str]:
        """The rows a person sees above the prompt line."""
        return self.rows[-(self.height - 1) :]

    def ask(self, prompt: str) -> str:
        self._take()
        if self.check is not None:
            self.check(self, prompt, self.screen())
        answer = self.answer(prompt)
        self.console.print(prompt + answer, markup=False, highlight=False, soft_wrap=True)
        return answer

    def answer(self, prompt: str) -> str:
        self.prompts += 1
        if self._leaving:
            return self._leaving.pop(0)
        if self.prompts > self.limit:
            self._leaving = ["yes"]
            return "quit"
        if self.script:
            return self.script.pop(0)
        if "(yes/no)>" in prompt:
            return "yes"
        action = self.bot.act(self.state, self.seat)
        return Menu([], [], str, self.game.codec, self.names).typed(action)
