"""The renderer interface and the generic renderer that works for any game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import zip_longest
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text


def money(amount: int) -> str:
    """An amount with thousands separators: ``12,500``; negative amounts keep their sign."""
    return f"{amount:,}"


def seat_name(names: Sequence[str], seat: int | None) -> str:
    """The name of ``seat`` (``"-"`` for nobody), falling back to ``"seat N"`` (from 1)."""
    if seat is None:
        return "-"
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


class Renderer:
    """Turns a game's views and end-of-game reports into rich renderables.

    This generic renderer shows a view as a pretty-printed dict; a game registers a subclass
    (see :mod:`tycoon.cli.render`) to draw its own views.
    """

    def view(self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None) -> RenderableType:
        """What ``seat`` sees (``None``: a spectator), given the view ``state.view(seat)``."""
        title = str(view.get("game", "game"))
        if seat is not None:
            title += f" — as seen by {seat_name(names, seat)}"
        return Panel(Pretty(dict(view), expand_all=False), title=title, title_align="left")

    def balance_sheets(self, sheets: Sequence[Mapping[str, Any]], names: Sequence[str]) -> RenderableType:
        """Each seat's end-of-game balance sheet as a two-column table.

        A sheet is ``{"seat", "assets": [[label, amount], ...], "liabilities": [...],
        "total_assets", "total_liabilities", "profit"}``, as a game's ``report(state)`` gives
        it. As in the Playboss rulebook's example, the profit (or loss) closes the liabilities
        side, so both columns add up to the same total.
        """
        return Columns([self.balance_sheet(sheet, names) for sheet in sheets], padding=(0, 4))

    def balance_sheet(self, sheet: Mapping[str, Any], names: Sequence[str]) -> Table:
        """One seat's balance sheet.

        The profit (a loss when negative) is added as the last liabilities row unless the game
        already listed it there; the liabilities total is the sum of that column.
        """
        profit = int(sheet["profit"])
        right = [list(row) for row in sheet["liabilities"]]
        if not any(str(row[0]).lower() in ("profit", "loss") for row in right):
            right.append(["Profit" if profit >= 0 else "Loss", profit])
        title = f"Balance sheet — {seat_name(names, int(sheet['seat']))}"
        if sheet.get("bankrupt"):
            title += " (bankrupt)"
        table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_footer=True)
        table.add_column("Assets", footer="Total")
        table.add_column("Amount", justify="right", footer=_amount(int(sheet["total_assets"])))
        table.add_column("Liabilities", footer="Total")
        table.add_column("Amount", justify="right", footer=_amount(sum(int(r[1]) for r in right)))
        for left_row, right_row in zip_longest(sheet["assets"], right):
            cells: list[RenderableType] = []
            for row in (left_row, right_row):
                if row is None:
                    cells += ["", ""]
                else:
                    cells += [str(row[0]), _amount(row[1])]
            table.add_row(*cells)
        return table

    def outcome(
        self,
        scores: Sequence[int],
        winners: Sequence[int],
        eliminated: Sequence[int],
        names: Sequence[str],
    ) -> Table:
        """The final result: each seat's score, who won and who was knocked out."""
        table = Table(title="Result", title_justify="left", box=box.SIMPLE_HEAD)
        table.add_column("Seat", justify="right")
        table.add_column("Player")
        table.add_column("Score", justify="right")
        table.add_column("")
        for seat, score in enumerate(scores):
            status = Text()
            if seat in winners:
                status.append("winner" if len(winners) == 1 else "shares the win", style="bold green")
            if seat in eliminated:
                status.append("bankrupt", style="red")
            table.add_row(str(seat + 1), seat_name(names, seat), _amount(score), status)
        return table


def _amount(value: Any) -> Text:
    if isinstance(value, int) and not isinstance(value, bool):
        return Text(money(value), style="red" if value < 0 else "")
    return Text("–" if value is None else str(value))
