"""Playboss in the terminal: the board, the market, the bank and every business.

It draws the view that the Playboss rules return from ``state.view(seat)``: the round and the
goal, the pending decision, the board with each player's token, the market's price zones with
their filled dimples, the bank's stock, one column per business (cash, warehouses, machines,
computer, WEBs, credit) and any auction under way. Amounts are in Marks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tycoon.cli.render.base import (
    Renderer,
    deciding,
    headed,
    is_you,
    listed_name,
    money,
    named,
    seat_name,
    seat_rows,
    seen_by,
)
from tycoon.cli.say import said, say

SPACE_STYLES: dict[str, str] = {
    "start": "bold black on bright_white",
    "red": "bold white on red",
    "green": "bold black on green",
    "yellow": "bold black on yellow",
    "blue": "bold white on blue",
    "white": "bold black on white",
}
"""How each kind of board space is coloured."""

SPACE_NAMES = ("start", "red", "green", "yellow", "blue", "white")
"""The kinds of board space, each named for what it is for (``pb.field_short.<kind>``)."""

SPACE_LETTERS: dict[str, str] = {
    "start": "S",
    "red": "r",
    "green": "g",
    "yellow": "y",
    "blue": "b",
    "white": "w",
}
"""The letter that marks each kind of space (legible without colour)."""

CELL = 2
"""Columns per board space."""

SHEET_ROWS: dict[str, str] = {
    "Machines": "machines",
    "Computers": "computers",
    "Raw material": "raw",
    "Finished product": "finished",
    "Loans given": "loans_given",
    "Cash": "cash",
    "Bank debt": "bank_debt",
    "Other debt": "other_debt",
    "Starting capital": "starting_capital",
    "Profit": "profit",
    "Loss": "loss",
}
"""The balance sheet's rows as the game's report names them (``finance.BalanceSheet.rows``),
each with its catalogue key ``pb.row.<name>``."""


def kind(space: str) -> str:
    """What a kind of space is for, in a word: ``Entscheidung``, ``WEB``, ``Risiko``."""
    return say(f"pb.field_short.{space}") if space in SPACE_NAMES else space


class PlaybossRenderer(Renderer):
    """Draws Playboss views with tables and panels."""

    def view(self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None) -> RenderableType:
        parts: list[RenderableType] = [self.status(view, names), self.board(view, names)]
        parts.append(self.market(view))
        parts.append(self.businesses(view, names, seat))
        if view.get("auction"):
            parts.append(self.auction(view["auction"], names))
        if view.get("expansion"):
            parts.append(self.expansion(view["expansion"], names))
        title = seen_by(say("pb.screen.title", round=view.get("round", "?")), names, seat)
        return Panel(Group(*parts), title=title, title_align="left", box=box.ROUNDED)

    def position(self, view: Mapping[str, Any], names: Sequence[str], seat: int) -> RenderableType:
        """The seat's own business in a line: space, cash, stock, machines and credit."""
        business = _business(view, seat)
        text = headed(names, seat)
        if business is None:
            text.append(say("pb.screen.no_business"))
            return text
        spaces: list[str] = list(view.get("board") or [])
        figures = Text()
        if business.get("business", True):
            figures.append(say("pb.screen.space") + " ")
            figures.append_text(_space(int(business["position"]), spaces))
            figures.append(" · ")
        figures.append(say("pb.screen.cash") + " ")
        figures.append_text(_money(business["cash"]))
        figures.append(
            " · "
            + say(
                "pb.screen.position",
                raw=int(business["raw"]),
                finished=int(business["finished"]),
                machines=len(business.get("machines") or []),
                debt=money(int(business["bank_debt"])),
                room=money(int(business["credit_room"])),
                webs=int(business.get("webs", 0)),
            )
        )
        labour = (view.get("expansion") or {}).get("labour") or {}
        for workers in labour.get("businesses") or []:
            if int(workers["seat"]) == seat:
                line = say("pb.workers_line", n=int(workers["workers"]), salary=money(int(workers["salary"])))
                figures.append(f" · {say('pb.workers')} {line}")
        for personal in (view.get("expansion") or {}).get("businesses") or []:
            if int(personal["seat"]) == seat and personal.get("goal"):
                figures.append(" · " + say("pb.screen.your_goal", goal=_goal(personal["goal"])))
        if business.get("bankrupt"):
            figures.append(" · " + say("pb.bankrupt").upper(), style="bold red")
        text.append_text(figures)
        return text

    def standings(self, view: Mapping[str, Any], names: Sequence[str]) -> RenderableType | None:
        """A line per business: where it stands, its cash, stock, machines and debt."""
        spaces: list[str] = list(view.get("board") or [])
        table = Table(box=None, show_header=True, padding=(0, 1), show_edge=False)
        table.add_column("", justify="right", style="cyan", no_wrap=True)
        table.add_column("", no_wrap=True, max_width=16, overflow="ellipsis")
        for label in ("space", "cash", "raw", "finished", "machines", "debt"):
            table.add_column(say(f"pb.screen.{label}"), justify="left" if label == "space" else "right", no_wrap=True)
        for b in view.get("businesses") or []:
            s = int(b["seat"])
            space = _space(int(b["position"]), spaces) if b.get("business", True) else Text("–")
            cash = _money(b["cash"])
            if b.get("bankrupt"):
                cash = Text(say("pb.bankrupt"), style="red")
            table.add_row(
                str(s + 1),
                listed_name(names, s),
                space,
                cash,
                str(b["raw"]),
                str(b["finished"]),
                str(len(b.get("machines") or [])),
                money(int(b["bank_debt"])),
            )
        return table

    def status(self, view: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        """The goal, the pending decision and the bank's stock."""
        text = Text()
        years, rounds = view.get("year_target"), view.get("round_target")
        if years is not None:
            text.append(say("pb.screen.ends_years", n=int(years)))
        elif rounds is not None:
            text.append(say("pb.screen.ends_round", n=int(rounds)))
        else:
            text.append(say("pb.screen.open_ended"))
        text.append(" · " + say("pb.round", n=view.get("round", "?")) + "\n")
        pending = view.get("pending") or {}
        line = deciding(names, pending)
        if line.plain:
            text.append_text(line)
            text.append("\n")
        if view.get("due"):
            text.append(say("pb.screen.due", amount=say("pb.unit.mark", n=int(view["due"]))) + "\n", style="bold red")
        if view.get("turn") is not None:
            text.append(say("pb.screen.turn", name=seat_name(names, view["turn"])))
            if view.get("start_seat") is not None:
                text.append(" · " + say("pb.screen.started_by", name=seat_name(names, view["start_seat"])))
            text.append("\n")
        bank = view.get("bank") or {}
        text.append(
            say(
                "pb.screen.bank",
                machines=int(bank.get("machines", 0)),
                computers=int(bank.get("computers", 0)),
                webs=int(bank.get("webs", 0)),
                outside=int(view.get("outside_play", 0)),
                risk=int(view.get("risk_cards", 0)),
            ),
            style="dim",
        )
        return text

    def board(self, view: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        """The board: the spaces with each token's seat number below its space, and a legend."""
        spaces: list[str] = list(view.get("board") or [])
        if not spaces:
            return Text("")
        here: dict[int, list[int]] = {}
        for business in view.get("businesses") or []:
            # A seat without a business (the worker representative, a seller) has no token.
            if not business.get("bankrupt") and business.get("business", True):
                here.setdefault(int(business["position"]), []).append(int(business["seat"]))
        legend = Text("  ".join(f"{SPACE_LETTERS[k]} {kind(k)}" for k in SPACE_NAMES), style="dim")
        players = Text(say("pb.screen.tokens") + " ", style="dim")
        for business in view.get("businesses") or []:
            seat = int(business["seat"])
            players.append(f"{seat + 1} {seat_name(names, seat)}  ")
        players.append(say("pb.screen.several"), style="dim")
        return Group(Text(say("pb.screen.board"), style="bold"), BoardStrip(spaces, here), legend, players)

    def market(self, view: Mapping[str, Any]) -> RenderableType:
        """The market's price zones, cheapest first: each zone's price and its dimples,
        filled (●) or empty (○)."""
        zones = view.get("market") or []
        table = Table(
            title=say("pb.screen.market"),
            title_justify="left",
            box=box.SIMPLE_HEAD,
            show_edge=False,
            padding=(0, 1),
        )
        for zone in zones:
            table.add_column(money(int(zone["price"])), justify="center", no_wrap=True)
        table.add_row(*(_dimples(int(z["products"]), int(z["dimples"])) for z in zones))
        return table

    def businesses(self, view: Mapping[str, Any], names: Sequence[str], seat: int | None) -> RenderableType:
        """One column per business: where it stands and what it owns and owes."""
        businesses = list(view.get("businesses") or [])
        spaces: list[str] = list(view.get("board") or [])
        pending = (view.get("pending") or {}).get("seat")
        no_business = say("pb.screen.no_business")
        rows: list[tuple[str, list[RenderableType]]] = [
            (
                say("pb.screen.space"),
                [
                    _space(int(b["position"]), spaces) if b.get("business", True) else Text(no_business, style="dim")
                    for b in businesses
                ],
            ),
            (say("pb.screen.cash"), [_money(b["cash"]) for b in businesses]),
            (say("pb.screen.raw_warehouse"), [str(b["raw"]) for b in businesses]),
            (say("pb.screen.finished_warehouse"), [str(b["finished"]) for b in businesses]),
            (say("pb.machines"), [_machines(b.get("machines") or []) for b in businesses]),
            (say("pb.computer"), [_computer(b.get("computer")) for b in businesses]),
            (say("pb.screen.webs"), [str(b.get("webs", 0)) for b in businesses]),
            (say("pb.screen.bank_debt"), [_money(b["bank_debt"]) for b in businesses]),
            (say("pb.screen.credit_room"), [_money(b["credit_room"]) for b in businesses]),
            (say("pb.advertising"), [_flag(b.get("advertising")) for b in businesses]),
            (say("pb.insured"), [_flag(b.get("insured")) for b in businesses]),
            (say("pb.screen.laps"), [str(b.get("laps", 0)) for b in businesses]),
            (say("pb.screen.capital_received"), [_money(b.get("capital_received", 0)) for b in businesses]),
        ]
        status, broke = say("pb.screen.status"), say("pb.bankrupt")
        return seat_rows(say("pb.screen.businesses"), businesses, names, seat, pending, rows, status, broke)

    def auction(self, auction: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        """The auction under way: the lot, whose assets it is, and the highest bid so far."""
        text = Text()
        text.append(say("pb.screen.lot", lot=named(names, auction.get("lot") or "")), style="bold")
        debtor = auction.get("debtor")
        text.append(
            " " + say("pb.screen.from_business", name=seat_name(names, debtor), you=is_you(names, debtor)) + "\n"
        )
        if auction.get("high_bidder") is None:
            text.append(say("pb.screen.no_bid"))
        else:
            bid, bidder = money(int(auction["high_bid"])), seat_name(names, auction["high_bidder"])
            text.append(say("pb.screen.highest_bid", amount=bid, name=bidder))
        return Panel(text, title=say("pb.screen.auction"), title_align="left", border_style="magenta")

    def expansion(self, ex: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        """The expansion steps (Playboss II): the goal, a purchase auction, the marketing
        troughs, and each business's sales, taxes and personal goal."""
        text = Text()
        text.append(say("pb.screen.steps", steps=", ".join(map(str, ex.get("steps") or []))), style="bold")
        if ex.get("goal"):
            text.append(" · " + say("pb.screen.goal", goal=_goal(ex["goal"])))
        if ex.get("sales_target"):
            text.append(" · " + say("pb.screen.sales_target", amount=money(int(ex["sales_target"]))))
        text.append("\n")
        lot = ex.get("purchase_auction")
        if lot:
            zone = money(int(lot["zone_price"]))
            if lot.get("high_bidder") is None:
                line = say("pb.screen.purchase_opening", n=int(lot["units"]), zone=zone)
            else:
                bid, bidder = money(int(lot["high_bid"])), seat_name(names, lot["high_bidder"])
                line = say("pb.screen.purchase_bid", n=int(lot["units"]), zone=zone, bid=bid, name=bidder)
            text.append(line + "\n")
        troughs = ex.get("troughs") or []
        if troughs:
            free = say("pb.screen.free")
            owners = [seat_name(names, t["owner"]) if t.get("owner") is not None else free for t in troughs]
            text.append(say("pb.screen.troughs", owners=", ".join(owners)) + "\n")
        for b in ex.get("businesses") or []:
            line = f"{seat_name(names, b['seat'])}: " + say("pb.screen.sales", amount=money(int(b.get("sales", 0))))
            statements = b.get("statements")
            if statements is not None:
                last = statements[-1]["tax"] if statements else 0
                carried = money(int(b.get("loss_carried", 0)))
                line += ", " + say("pb.screen.taxes", tax=money(int(last)), carried=carried)
            if b.get("goal"):
                line += ", " + say("pb.screen.personal_goal", goal=_goal(b["goal"]))
            text.append(line + "\n")
        labour = ex.get("labour")
        if labour:
            self._labour(text, labour, names)
        text.rstrip()
        return Panel(text, title=say("pb.screen.expansion"), title_align="left", border_style="blue")

    @staticmethod
    def _labour(text: Text, labour: Mapping[str, Any], names: Sequence[str]) -> None:
        """Step 6: the worker representative, the fund, and each business's workers."""
        text.append(
            say(
                "pb.screen.labour",
                name=seat_name(names, labour["representative"]),
                fund=money(int(labour["fund"])),
                free=int(labour["free_workers"]),
                removed=int(labour["removed_workers"]),
                highest=money(int(labour["highest_salary"])),
            )
            + ("" if labour.get("salaries_negotiable") else " · " + say("pb.screen.first_lap"))
            + "\n"
        )
        for b in labour.get("businesses") or []:
            workers = say(
                "pb.workers_line", n=say("pb.screen.workers_n", n=int(b["workers"])), salary=money(int(b["salary"]))
            )
            line = f"  {seat_name(names, b['seat'])}: {workers}"
            if b.get("notice"):
                line += ", " + say("pb.screen.notice", n=int(b["notice"]))
            if b.get("strike") != "none":
                line += ", " + say("pb.strike", state=say(f"pb.screen.strike.{b['strike']}"))
            if b.get("lockout"):
                line += ", " + say("pb.lockout")
            text.append(line + "\n")

    def row_label(self, label: Any) -> str:
        """A balance sheet's row as the German edition's sheet names it, in the reader's
        language (``Rohware``); a label the catalogue does not know as it is."""
        name = SHEET_ROWS.get(str(label))
        return say(f"pb.row.{name}") if name else super().row_label(label)


class BoardStrip:
    """The track as rows of spaces, each row three lines: an index ruler every 5 spaces,
    the spaces (coloured, with their kind's letter) and the tokens on them. The track is cut
    into as many rows as the width needs, so the lines stay aligned on a narrow terminal."""

    def __init__(self, spaces: Sequence[str], tokens: Mapping[int, Sequence[int]]) -> None:
        self.spaces = list(spaces)
        self.tokens = {k: list(v) for k, v in tokens.items()}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        per_row = max(5, (options.max_width - 1) // CELL // 5 * 5)
        for first in range(0, len(self.spaces), per_row):
            indices = range(first, min(first + per_row, len(self.spaces)))
            ruler = [" "] * (CELL * len(indices) + 4)
            strip, marks = Text(), Text()
            for column, index in enumerate(indices):
                if index % 5 == 0:
                    for offset, digit in enumerate(str(index)):
                        ruler[CELL * column + offset] = digit
                kind = self.spaces[index]
                strip.append(f"{SPACE_LETTERS.get(kind, kind[:1])} ", style=SPACE_STYLES.get(kind, "reverse"))
                seats = self.tokens.get(index, [])
                mark = str(seats[0] + 1) if len(seats) == 1 else ("+" if seats else " ")
                marks.append(f"{mark:<{CELL}}", style="bold cyan")
            yield Text("".join(ruler).rstrip(), style="dim", no_wrap=True, overflow="crop")
            strip.no_wrap = marks.no_wrap = True
            yield strip
            yield marks


def _business(view: Mapping[str, Any], seat: int) -> Mapping[str, Any] | None:
    for business in view.get("businesses") or []:
        if int(business["seat"]) == seat:
            return dict(business)
    return None


def _dimples(products: int, dimples: int) -> Text:
    text = Text("●" * products, style="bold")
    text.append("○" * max(0, dimples - products), style="dim")
    return text


def _space(position: int, spaces: Sequence[str]) -> Text:
    found = spaces[position] if 0 <= position < len(spaces) else "?"
    text = Text(f"{position} ")
    text.append(kind(found), style=SPACE_STYLES.get(found, ""))
    return text


def _machines(machines: Sequence[Mapping[str, Any]]) -> Text:
    if not machines:
        return Text("–")
    text = Text()
    for i, m in enumerate(machines):
        if i:
            text.append("\n")
        text.append(say("pb.screen.double") if m.get("double") else say("pb.screen.single"))
        if m.get("leased_from") is not None:
            text.append(" " + say("pb.screen.leased_from", n=int(m["leased_from"]) + 1), style="cyan")
        if not m.get("ready"):
            text.append(" " + say("pb.screen.being_set_up"), style="yellow")
    return text


def _money(amount: Any) -> Text:
    value = int(amount)
    return Text(money(value), style="red" if value < 0 else "")


def _flag(value: Any) -> str:
    return say("pb.screen.yes") if value else "–"


def _computer(value: Any) -> str:
    return "–" if value in (None, "none") else say(f"pb.computer.{value}")


def _goal(goal: Any) -> str:
    """A goal of step 5 by its name in the data (``market-share``), or as the view gives it."""
    from tycoon.words import has

    if isinstance(goal, str) and has(f"pb.goals.{goal}"):
        return say(f"pb.goals.{goal}")
    return said(goal)
