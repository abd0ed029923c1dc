"""Telling a game as it goes: each move with who made it, then the rules' own narration."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from tycoon.cli.render import seat_name
from tycoon.core.actions import Action
from tycoon.core.game import CHANCE, State

SEAT_MENTION = re.compile(r"\b[Ss]eat (\d+)\b")
"""How the rules name a player in their narration: ``seat N``, counting from 0."""


class Narrator:
    """Prints each applied move and the new entries of ``state.log``.

    It switches the state's narration on (``state.log = []``) and remembers how much of the
    log it has told. The rules narrate players as ``seat N`` (from 0); the narrator puts the
    players' names in their place.
    """

    def __init__(self, console: Console, state: State, names: Sequence[str]) -> None:
        self.console = console
        self.state = state
        self.names = list(names)
        self.game_id = state.game.id
        state.log = []
        self.told = 0

    def who(self, seat: int) -> str:
        """The name of the seat that moved (``chance`` for chance)."""
        return "chance" if seat == CHANCE else seat_name(self.names, seat)

    def move(self, seat: int, action: Action, number: int | None = None) -> None:
        """Tell that ``seat`` took ``action`` (already applied), then the narration it caused."""
        line = Text()
        if number is not None:
            line.append(f"{number:>4}. ", style="dim")
        line.append(f"{self.who(seat)}: ", style="dim" if seat == CHANCE else "bold")
        line.append(self.state.describe(action), style="dim" if seat == CHANCE else "")
        self.console.print(line)
        self.news()

    def named(self, text: str) -> str:
        """``text`` with each ``seat N`` of a seat in this game replaced by its player's name."""

        def name(match: re.Match[str]) -> str:
            seat = int(match.group(1))
            return self.names[seat] if seat < len(self.names) else match.group(0)

        return SEAT_MENTION.sub(name, text)

    def news(self) -> None:
        """Print whatever the rules narrated since the last call."""
        log = self.state.log or []
        for entry in log[self.told :]:
            self.console.print(Text(f"      {self.named(entry)}", style="italic"))
        self.told = len(log)
