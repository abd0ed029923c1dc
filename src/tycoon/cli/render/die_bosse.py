"""Die Bosse in the terminal: the row for sale, the stacks, every player's concerns and sheet,
and — only for the seat whose view it is — that player's own hand.

It draws the view that the Die Bosse rules return from ``state.view(seat)``; other players'
hands appear there only as their size, so nothing hidden can be drawn. Amounts are in millions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tycoon.cli.render.base import Renderer, deciding, headed, listed_name, seat_name, seen_by, sheet_title
from tycoon.cli.say import number, say
from tycoon.cli.wrap import KEEP

INDUSTRY_STYLES: dict[str, str] = {
    "aviation": "bold white on blue",
    "electronics": "bold black on yellow",
    "alternative-energy": "bold black on green",
    "chemistry": "bold white on magenta",
    "oil": "bold white on black",
    "auto": "bold white on red",
}
"""Each industry's colour, as the cards have one."""

SYMBOL_MARKS: dict[str, str] = {"triangle": "▲", "half-circle": "◗", "rectangle": "■"}
FACTORS: dict[int, str] = {1: "½", 2: "1", 3: "1½"}


def company_text(card: Mapping[str, Any], keep: bool = False) -> Text:
    """A company as ``#12 aviation CDE 16M``, in its industry's colour. ``keep``: held
    together on one line (its spaces are :data:`~tycoon.cli.wrap.KEEP`)."""
    space = KEEP if keep else " "
    industry = say(f"db.industry.{card['industry']}").replace(" ", space)
    text = Text(f"#{card['card']}{space}", style="dim")
    text.append(f"{space}{industry}{space}", style=INDUSTRY_STYLES.get(str(card["industry"]), "bold"))
    text.append(f"{space}{card['letters']}{space}" + _m(int(card["price"])).replace(" ", space))
    return text


def _m(amount: int) -> str:
    """An amount in short: ``16M``, ``16 Mio.``, ``16 mln``."""
    return say("db.millions", n=amount)


def action_text(card: Mapping[str, Any], keep: bool = False) -> str:
    """An action card as ``#60 8M ▲``, ``#99 transfer ½×`` or ``#106 profit``. ``keep``: held
    together on one line."""
    if card["kind"] == "transfer":
        text = f"#{card['card']} " + say("db.card.transfer", factor=FACTORS.get(int(card["halves"]), "?"))
    elif card["kind"] == "profit":
        text = f"#{card['card']} " + say("db.card.profit")
    else:
        mark = SYMBOL_MARKS.get(str(card.get("symbol")), "")
        text = f"#{card['card']} {_m(int(card['value']))}{(' ' + mark) if mark else ''}"
    return text.replace(" ", KEEP) if keep else text


class DieBosseRenderer(Renderer):
    """Draws Die Bosse views with tables and panels."""

    def view(self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None) -> RenderableType:
        parts: list[RenderableType] = [self.status(view, names), self.row(view)]
        parts += [self.player(p, names, view) for p in view.get("players", [])]
        title = seen_by(say("db.screen.title", round=view.get("round", "?")), names, seat)
        return Panel(Group(*parts), title=title, title_align="left", box=box.ROUNDED)

    def position(self, view: Mapping[str, Any], names: Sequence[str], seat: int) -> RenderableType:
        """The seat's own hand, profit shares and concerns."""
        text = headed(names, seat)
        for p in view.get("players") or []:
            if int(p["seat"]) != seat:
                continue
            text.append(say("db.profit", n=int(p.get("profit", 0))) + " · " + _concerns(p))
            hand = p.get("hand")
            if hand is not None:
                cards = ", ".join(action_text(c, keep=True) for c in hand) or say("db.screen.empty")
                text.append(" · " + say("db.screen.hand", cards=cards))
        turn = view.get("this_turn") or {}
        if view.get("turn") == seat and turn.get("bill"):
            text.append(" · " + say("db.screen.bill_short", n=int(turn["bill"])))
        return text

    def decision(self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None) -> Text:
        """The pending decision, and what it is about: the companies for sale (what ``buy N``
        takes), the company to lay, the bill and what has been paid towards it."""
        text = super().decision(view, names, seat)
        turn = view.get("this_turn") or {}
        if view.get("row"):
            text.append("\n")
            text.append_text(self.row(view, keep=True))
        if turn.get("placing"):
            text.append("\n" + say("db.screen.to_lay") + " ", style="bold")
            text.append_text(company_text(turn["placing"], keep=True))
        if turn.get("bill") and turn.get("paid"):
            paid = ", ".join(action_text(c, keep=True) for c in turn["paid"])
            text.append("\n" + say("db.screen.bill_paid", n=int(turn["bill"]), cards=paid))
        return text

    def standings(self, view: Mapping[str, Any], names: Sequence[str]) -> RenderableType | None:
        """A line per player: profit shares, concerns and cards in hand."""
        table = Table(box=None, show_header=True, padding=(0, 1), show_edge=False)
        table.add_column("", justify="right", style="cyan", no_wrap=True)
        table.add_column("", no_wrap=True, max_width=16, overflow="ellipsis")
        table.add_column(say("db.screen.profit_shares"), justify="right", no_wrap=True)
        table.add_column(say("db.screen.concerns"), no_wrap=True)
        table.add_column(say("db.screen.hand_column"), justify="right", no_wrap=True)
        for p in view.get("players") or []:
            s = int(p["seat"])
            table.add_row(
                str(s + 1),
                listed_name(names, s),
                _m(int(p.get("profit", 0))),
                _concerns(p),
                _cards(p.get("hand_size", 0)),
            )
        return table

    def balance_sheets(self, sheets: Sequence[Mapping[str, Any]], names: Sequence[str]) -> RenderableType:
        """Each player's profit sheet as the game reports it: a row per distribution and the
        total; nothing is added to the game's rows."""
        tables = []
        for sheet in sheets:
            table = Table(
                title=sheet_title(sheet, names, "db.screen.profit_sheet"),
                title_justify="left",
                box=box.SIMPLE_HEAD,
                show_footer=True,
            )
            table.add_column("", footer=say("db.total"))
            table.add_column(say("db.screen.million"), justify="right", footer=number(int(sheet["profit"])))
            for label, amount in sheet["assets"]:
                table.add_row(self.row_label(label), number(int(amount)))
            tables.append(table)
        return Columns(tables, padding=(0, 4))

    def status(self, view: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        text = Text()
        pending = view.get("pending") or {}
        line = deciding(names, pending)
        if line.plain:
            text.append_text(line)
            text.append("\n")
        turn = view.get("this_turn") or {}
        if turn.get("bill"):
            text.append(say("db.screen.bill", n=int(turn["bill"])), style="bold")
            if turn.get("paid"):
                text.append(" · " + say("db.screen.paid", cards=", ".join(action_text(c) for c in turn["paid"])))
            text.append("\n")
        if turn.get("placing"):
            text.append(say("db.screen.to_lay") + " ")
            text.append(company_text(turn["placing"]))
            text.append("\n")
        if turn.get("last_turn"):
            text.append(say("db.last_turn") + "\n", style="bold red")
        table = view.get("profit_table") or {}
        per = ", ".join(say("db.profit_entry", size=int(k), per=int(v)) for k, v in table.items())
        text.append(
            say(
                "db.screen.stacks",
                industry=int(view.get("industry_stack", 0)),
                action=int(view.get("action_stack", 0)),
                discard=int(view.get("discard_pile", 0)),
                distributions=int(view.get("distributions", 0)),
                table=per,
            ),
            style="dim",
        )
        return text

    def row(self, view: Mapping[str, Any], keep: bool = False) -> Text:
        """The companies for sale in a line; ``keep``: each held together when the line breaks."""
        line = Text(say("db.screen.for_sale") + " ", style="bold")
        for card in view.get("row") or []:
            line.append(company_text(card, keep))
            line.append("  ")
        return line

    def player(self, p: Mapping[str, Any], names: Sequence[str], view: Mapping[str, Any]) -> RenderableType:
        seat = int(p["seat"])
        title = f"{seat_name(names, seat)}: " + say("db.profit", n=int(p.get("profit", 0)))
        if view.get("turn") == seat:
            title += " " + say("db.screen.to_play")
        table = Table(title=title, title_justify="left", box=box.SIMPLE, show_header=True)
        table.add_column(say("db.screen.concern"), justify="right")
        table.add_column(say("db.screen.companies"))
        table.add_column(say("db.screen.share"), justify="right")
        for i, concern in enumerate(p.get("concerns") or []):
            companies = Text()
            for card in concern["companies"]:
                companies.append(company_text(card))
                companies.append("  ")
            table.add_row(str(i + 1), companies, _m(int(concern["share"])))
        hand = p.get("hand")
        caption = (
            say("db.screen.hand_caption", cards=", ".join(action_text(c) for c in hand))
            if hand is not None
            else say("db.screen.hand_hidden", n=int(p.get("hand_size", 0)))
        )
        sheet = p.get("sheet") or []
        if sheet:
            caption += " · " + say("db.screen.sheet", shares=" + ".join(number(int(x)) for x in sheet))
        return Group(table, Text(caption))


def _cards(count: int) -> str:
    return say("db.screen.cards", n=count)


def _concerns(player: Mapping[str, Any]) -> str:
    concerns = player.get("concerns") or []
    if not concerns:
        return say("db.screen.no_concern")
    sizes = [say("db.screen.companies_n", n=len(c["companies"])) for c in concerns]
    return say("db.screen.concerns_n", n=len(concerns), sizes=", ".join(sizes))
