"""The dice race's look in the terminal: the race as a table of banked points, and a seat's own
points in one line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tycoon.cli.render import Renderer, seat_name


class DiceRenderer(Renderer):
    """Draws a dice race: who has banked what, whose die it is and what it last showed."""

    def view(self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None) -> RenderableType:
        table = Table(title=f"Race to {view['target']} — round {view['round']} of {view['rounds']}")
        table.add_column("Player")
        table.add_column("Banked", justify="right")
        for s, points in enumerate(view["scores"]):
            marker = " ◀ rolling" if s == view["to_play"] and view["winners"] is None else ""
            table.add_row(seat_name(names, s) + marker, str(points))
        last = "not rolled yet" if view["last_roll"] is None else f"last showed {view['last_roll']}"
        return Panel(table, title=f"Dice race: the die {last}", title_align="left")

    def position(self, view: Mapping[str, Any], names: Sequence[str], seat: int) -> RenderableType:
        banked = view["scores"][seat]
        at_stake = view["turn_points"] if seat == view["to_play"] else 0
        return Text(f"{seat_name(names, seat)}: {banked} banked, {at_stake} at stake this turn")
