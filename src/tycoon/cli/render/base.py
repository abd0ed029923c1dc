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

from tycoon.cli.naming import YOU, SeatNames, nameless
from tycoon.cli.say import number, said, say
from tycoon.core.game import CHANCE
from tycoon.core.messages import Message, from_wire


def money(amount: int) -> str:
    """An amount grouped in thousands as the terminal's language writes it: ``12,500``,
    ``12.500``, ``12 500``; negative amounts keep their sign."""
    return number(amount)


def named(names: Sequence[str], text: object) -> str:
    """The rules' text with each ``seat N`` (from 0) replaced by the player's name; a message
    on the wire (a view's pending decision) rendered in the terminal's language."""
    if isinstance(text, dict):
        return SeatNames(names).named(from_wire(text))
    return SeatNames(names).named(text if isinstance(text, Message) else str(text))


def deciding(names: Sequence[str], pending: Mapping[str, Any], seat: int | None = None) -> Text:
    """Whose decision is pending and what it is, from a view's ``pending``: "Your decision: roll
    the die" for ``seat`` (or the person called "you"), "Bob's decision: ..." for another seat,
    "Chance: ..." for chance; just the text when no seat decides. Empty when the view says nothing."""
    who = pending.get("seat")
    what = named(names, pending.get("text") or pending.get("decision") or "")
    text = Text()
    if isinstance(who, int) and not isinstance(who, bool):
        mine = who == seat or (0 <= who < len(names) and names[who] == YOU)
        name = seat_name(names, who)
        whose = (
            say("decision.yours") if mine else say("cli.chance") if who == CHANCE else say("cli.decision_of", name=name)
        )
        text.append(whose, style="bold yellow")
        if what:
            text.append(f": {what}")
    elif what:
        text.append(what, style="bold yellow")
    return text


def seat_name(names: Sequence[str], seat: int | None) -> str:
    """The name of ``seat`` (``"-"`` for nobody, "chance" for chance), falling back to
    ``"seat N"`` (from 1), as the narration names it: the person called "you" is "you" in
    English and their seat ("Spieler 1") in another language (:func:`~tycoon.cli.naming.nameless`)."""
    if seat is None:
        return "-"
    if seat == CHANCE:
        return say("seat.chance")
    if not 0 <= seat < len(names) or nameless(names[seat]):
        from tycoon.words import SeatNumber

        # A name of its own, capitalised as one ("Gracz 1"), that a Polish text can decline.
        words = say("seat.n", n=seat + 1)
        return SeatNumber(words[:1].upper() + words[1:], seat + 1)
    return say("seats.you") if names[seat] == YOU else names[seat]


def listed_name(names: Sequence[str], seat: int) -> str:
    """The name of ``seat`` in a list of every seat, marked when it is the person called "you"
    and the name does not say so ("Spieler 1 (du)")."""
    return seat_name(names, seat) + you_mark(names, seat, None)


def is_you(names: Sequence[str], seat: int | None) -> str:
    """``"yes"`` when ``seat`` is the person called "you", else ``"no"``: the ``you`` parameter
    by which a catalogue text chooses "your business" over "Bob's business"."""
    return "yes" if seat is not None and 0 <= seat < len(names) and names[seat] == YOU else "no"


def headed(names: Sequence[str], seat: int) -> Text:
    """``Bob: ``, in bold: the start of a line that tells one seat's figures."""
    return Text(f"{seat_name(names, seat)}: ", style="bold")


def seat_rows(
    title: str,
    seats: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    seat: int | None,
    pending: int | None,
    rows: Sequence[tuple[str, Sequence[RenderableType]]],
    status: str,
    bankrupt: str,
) -> Table:
    """A table of one column a seat (``seats``: the view's entries, each with its ``seat`` and
    ``bankrupt``) and one row a figure (``rows``: its label and a cell a seat). The column of
    ``seat``'s view is marked, the seat to decide (``pending``) has ``◀``; when a seat is
    bankrupt, a last row ``status`` says ``bankrupt`` under it."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("", style="dim")
    for entry in seats:
        s = int(entry["seat"])
        header = Text(f"{s + 1} {seat_name(names, s)}", style="bold")
        header.append(you_mark(names, s, seat), style="cyan")
        if s == pending:
            header.append(" ◀", style="yellow")
        table.add_column(header, justify="right", style="dim" if entry.get("bankrupt") else None)
    for label, cells in rows:
        table.add_row(label, *cells)
    if any(entry.get("bankrupt") for entry in seats):
        broke = bankrupt.upper()
        table.add_row(status, *(Text(broke if e.get("bankrupt") else "", style="bold red") for e in seats))
    return table


def seen_by(title: str, names: Sequence[str], seat: int | None) -> str:
    """A view's title, ``Playboss — round 3 — as seen by Bob`` when it is one seat's view."""
    if seat is None:
        return title
    if 0 <= seat < len(names) and names[seat] == YOU:
        return say("cli.seen_by_you", title=title)
    return say("cli.seen_by", title=title, name=seat_name(names, seat))


def you_mark(names: Sequence[str], s: int, seat: int | None) -> str:
    """`` (you)`` after the name of the seat whose view it is, and of the person called "you"
    where the terminal's language names them by their seat ("Spieler 1 (du)"), unless the name
    says so ("you")."""
    if not 0 <= s < len(names):
        return ""
    yours = s == seat or names[s] == YOU
    return " " + say("cli.you_mark") if yours and seat_name(names, s) != say("seats.you") else ""


class Renderer:
    """Turns a game's views and end-of-game reports into rich renderables.

    This generic renderer shows a view as a pretty-printed dict; a game registers a subclass
    (see :mod:`tycoon.cli.render`) to draw its own views.
    """

    def view(self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None) -> RenderableType:
        """What ``seat`` sees (``None``: a spectator), given the view ``state.view(seat)``."""
        title = seen_by(str(view.get("game", "game")), names, seat)
        return Panel(Pretty(dict(view), expand_all=False), title=title, title_align="left")

    def decision(self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None) -> Text:
        """The pending decision in one line: who must decide, and what (from ``view["pending"]``).

        Addressed to ``seat`` ("Your decision: ...") when it is that seat's decision."""
        return deciding(names, view.get("pending") or {}, seat)

    def position(self, view: Mapping[str, Any], names: Sequence[str], seat: int) -> RenderableType:
        """``seat``'s own position in a line or two: its money and what it holds.

        This generic reading takes every per-seat list of the view (one entry per seat)."""
        text = headed(names, seat)
        figures = [f"{key.replace('_', ' ')} {_figure(value[seat])}" for key, value in _per_seat(view, len(names))]
        text.append(" · ".join(figures) if figures else say("cli.nothing_to_show"))
        return text

    def standings(self, view: Mapping[str, Any], names: Sequence[str]) -> RenderableType | None:
        """Every seat's public position, a line each, for the compact screen (or ``None``)."""
        lists = _per_seat(view, len(names))
        if not lists:
            return None
        table = Table(box=None, show_header=True, padding=(0, 1), show_edge=False)
        table.add_column("", justify="right", style="cyan", no_wrap=True)
        table.add_column("", no_wrap=True)
        for key, _ in lists:
            table.add_column(key.replace("_", " "), justify="right", no_wrap=True)
        for s in range(len(names)):
            table.add_row(str(s + 1), listed_name(names, s), *(_figure(values[s]) for _, values in lists))
        return table

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

        The profit (a loss when negative) closes the liabilities side unless the game already
        listed a profit or loss row there or its rows add up to the assets as they are (Die
        Bosse's "Profit shares"): nothing is counted twice. The liabilities total is the sum of
        that column.
        """
        profit = int(sheet["profit"])
        right = [list(row) for row in sheet["liabilities"]]
        balanced = sum(int(row[1]) for row in right) == int(sheet["total_assets"])
        listed = any("profit" in str(row[0]).lower() or "loss" in str(row[0]).lower() for row in right)
        if not listed and (not balanced or profit == 0):
            right.append([say("cli.sheet.profit") if profit >= 0 else say("cli.sheet.loss"), profit])
        table = Table(
            title=sheet_title(sheet, names, "cli.sheet.balance"),
            title_justify="left",
            box=box.SIMPLE_HEAD,
            show_footer=True,
        )
        table.add_column(say("cli.sheet.assets"), footer=say("cli.sheet.total"))
        table.add_column(say("cli.sheet.amount"), justify="right", footer=_amount(int(sheet["total_assets"])))
        table.add_column(say("cli.sheet.liabilities"), footer=say("cli.sheet.total"))
        table.add_column(say("cli.sheet.amount"), justify="right", footer=_amount(sum(int(r[1]) for r in right)))
        for left_row, right_row in zip_longest(sheet["assets"], right):
            cells: list[RenderableType] = []
            for row in (left_row, right_row):
                if row is None:
                    cells += ["", ""]
                else:
                    cells += [self.row_label(row[0]), _amount(row[1])]
            table.add_row(*cells)
        return table

    def row_label(self, label: Any) -> str:
        """A sheet's row label as the reader's language says it (a game whose report gives
        English labels maps them to its catalogue here)."""
        return said(label) if isinstance(label, Message) else str(label)

    def outcome(
        self,
        scores: Sequence[int],
        winners: Sequence[int],
        eliminated: Sequence[int],
        names: Sequence[str],
    ) -> Table:
        """The final result: each seat's score, who won and who was knocked out."""
        table = Table(title=say("cli.result.title"), title_justify="left", box=box.SIMPLE_HEAD)
        table.add_column(say("cli.result.seat"), justify="right")
        table.add_column(say("cli.result.player"))
        table.add_column(say("cli.result.score"), justify="right")
        table.add_column("")
        for seat, score in enumerate(scores):
            status = Text()
            if seat in winners:
                status.append(
                    say("cli.result.winner") if len(winners) == 1 else say("cli.result.shares_win"), style="bold green"
                )
            if seat in eliminated:
                status.append(say("cli.result.bankrupt"), style="red")
            table.add_row(str(seat + 1), seat_name(names, seat), _amount(score), status)
        return table


def sheet_title(sheet: Mapping[str, Any], names: Sequence[str], default: str) -> str:
    """A sheet's title with whose it is: ``Balance sheet — Bob (bankrupt)``; the game's own
    title (a message or a string) or the catalogue's ``default`` key."""
    given = sheet.get("title")
    title = said(given) if given else say(default)
    text = say("cli.sheet.title", title=title, name=seat_name(names, int(sheet["seat"])))
    return text + " " + say("cli.sheet.bankrupt") if sheet.get("bankrupt") else text


def _per_seat(view: Mapping[str, Any], seats: int) -> list[tuple[str, list[Any]]]:
    """The view's lists that hold one plain value per seat (``"scores": [3, 5]``)."""
    return [
        (key, value)
        for key, value in view.items()
        if isinstance(value, list)
        and len(value) == seats
        and all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in value)
    ]


def _figure(value: Any) -> str:
    return money(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)


def _amount(value: Any) -> Text:
    if isinstance(value, int) and not isinstance(value, bool):
        return Text(money(value), style="red" if value < 0 else "")
    return Text("–" if value is None else str(value))
