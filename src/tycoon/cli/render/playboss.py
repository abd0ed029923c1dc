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

from tycoon.cli.naming import counted
from tycoon.cli.render.base import Renderer, deciding, money, owner, seat_name

SPACE_STYLES: dict[str, str] = {
    "start": "bold black on bright_white",
    "red": "bold white on red",
    "green": "bold black on green",
    "yellow": "bold black on yellow",
    "blue": "bold white on blue",
    "white": "bold black on white",
}
"""How each kind of board space is coloured."""

SPACE_NAMES: dict[str, str] = {
    "start": "start",
    "red": "decision",
    "green": "WEB",
    "yellow": "costs",
    "blue": "risk",
    "white": "write-off",
}
"""What each kind of board space is for."""

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

COMPUTER: dict[str, str] = {"none": "–", "leased": "leased", "owned": "owned"}


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
        title = f"Playboss — round {view.get('round', '?')}"
        if seat is not None:
            title += f" — as seen by {seat_name(names, seat)}"
        return Panel(Group(*parts), title=title, title_align="left", box=box.ROUNDED)

    def position(self, view: Mapping[str, Any], names: Sequence[str], seat: int) -> RenderableType:
        """The seat's own business in a line: space, cash, stock, machines and credit."""
        business = _business(view, seat)
        text = Text(f"{seat_name(names, seat)}: ", style="bold")
        if business is None:
            text.append("no business")
            return text
        spaces: list[str] = list(view.get("board") or [])
        figures = Text()
        if business.get("business", True):
            figures.append("space ")
            figures.append_text(_space(int(business["position"]), spaces))
            figures.append(" · ")
        figures.append("cash ")
        figures.append_text(_money(business["cash"]))
        figures.append(
            f" · raw {business['raw']} · finished {business['finished']}"
            f" · machines {len(business.get('machines') or [])} · debt {money(int(business['bank_debt']))}"
            f" · credit room {money(int(business['credit_room']))} · WEBs {business.get('webs', 0)}"
        )
        labour = (view.get("expansion") or {}).get("labour") or {}
        for workers in labour.get("businesses") or []:
            if int(workers["seat"]) == seat:
                figures.append(f" · workers {workers['workers']} at {money(int(workers['salary']))}")
        for personal in (view.get("expansion") or {}).get("businesses") or []:
            if int(personal["seat"]) == seat and personal.get("goal"):
                figures.append(f" · your goal: {personal['goal']}")
        if business.get("bankrupt"):
            figures.append(" · BANKRUPT", style="bold red")
        text.append_text(figures)
        return text

    def standings(self, view: Mapping[str, Any], names: Sequence[str]) -> RenderableType | None:
        """A line per business: where it stands, its cash, stock, machines and debt."""
        spaces: list[str] = list(view.get("board") or [])
        table = Table(box=None, show_header=True, padding=(0, 1), show_edge=False)
        table.add_column("", justify="right", style="cyan", no_wrap=True)
        table.add_column("", no_wrap=True, max_width=16, overflow="ellipsis")
        for label in ("space", "cash", "raw", "finished", "machines", "debt"):
            table.add_column(label, justify="left" if label == "space" else "right", no_wrap=True)
        for b in view.get("businesses") or []:
            s = int(b["seat"])
            space = _space(int(b["position"]), spaces) if b.get("business", True) else Text("–")
            cash = _money(b["cash"])
            if b.get("bankrupt"):
                cash = Text("bankrupt", style="red")
            table.add_row(
                str(s + 1),
                seat_name(names, s),
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
            text.append(f"Game ends after {years} year{'s' if years != 1 else ''}")
        elif rounds is not None:
            text.append(f"Game ends after round {rounds}")
        else:
            text.append("Open-ended game")
        text.append(f" · round {view.get('round', '?')}\n")
        pending = view.get("pending") or {}
        line = deciding(names, pending)
        if line.plain:
            text.append_text(line)
            text.append("\n")
        if view.get("due"):
            text.append(f"Due now: {money(int(view['due']))} Marks\n", style="bold red")
        if view.get("turn") is not None:
            text.append(f"Turn: {seat_name(names, view['turn'])}")
            if view.get("start_seat") is not None:
                text.append(f" · started by {seat_name(names, view['start_seat'])}")
            text.append("\n")
        bank = view.get("bank") or {}
        text.append(
            f"Bank: {counted(bank.get('machines', 0), 'machine')}, {counted(bank.get('computers', 0), 'computer')}, "
            f"{counted(bank.get('webs', 0), 'WEB')} · outside play: {view.get('outside_play', 0)} · "
            f"risk cards: {view.get('risk_cards', 0)}",
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
        legend = Text("  ".join(f"{SPACE_LETTERS[k]} {SPACE_NAMES[k]}" for k in SPACE_NAMES), style="dim")
        players = Text("Tokens: ", style="dim")
        for business in view.get("businesses") or []:
            seat = int(business["seat"])
            players.append(f"{seat + 1} {seat_name(names, seat)}  ")
        players.append("(+ several on one space)", style="dim")
        return Group(Text("Board", style="bold"), BoardStrip(spaces, here), legend, players)

    def market(self, view: Mapping[str, Any]) -> RenderableType:
        """The market's price zones, cheapest first: each zone's price and its dimples,
        filled (●) or empty (○)."""
        zones = view.get("market") or []
        table = Table(
            title="Market (products per price zone)",
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
        table = Table(title="Businesses", title_justify="left", box=box.SIMPLE_HEAD)
        table.add_column("", style="dim")
        for b in businesses:
            s = int(b["seat"])
            header = Text(f"{s + 1} {seat_name(names, s)}", style="bold")
            if s == seat and seat_name(names, s) != "you":
                header.append(" (you)", style="cyan")
            if s == pending:
                header.append(" ◀", style="yellow")
            table.add_column(header, justify="right", style="dim" if b.get("bankrupt") else None)
        rows: list[tuple[str, list[RenderableType]]] = [
            (
                "space",
                [
                    _space(int(b["position"]), spaces) if b.get("business", True) else Text("no business", style="dim")
                    for b in businesses
                ],
            ),
            ("cash", [_money(b["cash"]) for b in businesses]),
            ("raw warehouse", [str(b["raw"]) for b in businesses]),
            ("finished warehouse", [str(b["finished"]) for b in businesses]),
            ("machines", [_machines(b.get("machines") or []) for b in businesses]),
            (
                "computer",
                [COMPUTER.get(str(b.get("computer")), str(b.get("computer"))) for b in businesses],
            ),
            ("WEBs", [str(b.get("webs", 0)) for b in businesses]),
            ("bank debt", [_money(b["bank_debt"]) for b in businesses]),
            ("credit room", [_money(b["credit_room"]) for b in businesses]),
            ("advertising", [_flag(b.get("advertising")) for b in businesses]),
            ("insured", [_flag(b.get("insured")) for b in businesses]),
            ("laps", [str(b.get("laps", 0)) for b in businesses]),
            ("capital received", [_money(b.get("capital_received", 0)) for b in businesses]),
        ]
        if any(b.get("bankrupt") for b in businesses):
            rows.append(
                (
                    "status",
                    [Text("BANKRUPT", style="bold red") if b.get("bankrupt") else Text("") for b in businesses],
                )
            )
        for label, cells in rows:
            table.add_row(label, *cells)
        return table

    def auction(self, auction: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        """The auction under way: the lot, whose assets it is, and the highest bid so far."""
        text = Text()
        text.append(f"Lot: {auction.get('lot')}", style="bold")
        text.append(f" from {owner(names, auction.get('debtor'))} business\n")
        if auction.get("high_bidder") is None:
            text.append("No bid yet")
        else:
            text.append(f"Highest bid: {money(int(auction['high_bid']))} by {seat_name(names, auction['high_bidder'])}")
        return Panel(text, title="Auction", title_align="left", border_style="magenta")

    def expansion(self, ex: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        """The expansion steps (Playboss II): the goal, a purchase auction, the marketing
        troughs, and each business's sales, taxes and personal goal."""
        text = Text()
        text.append(f"Steps {', '.join(map(str, ex.get('steps') or []))}", style="bold")
        if ex.get("goal"):
            text.append(f" · goal: {ex['goal']}")
        if ex.get("sales_target"):
            text.append(f" · sales target {money(int(ex['sales_target']))}")
        text.append("\n")
        lot = ex.get("purchase_auction")
        if lot:
            units = counted(int(lot["units"]), "raw product")
            text.append(f"Purchase auction: {units} of the {lot['zone_price']} zone, ")
            if lot.get("high_bidder") is None:
                text.append(f"opening at {money(int(lot['zone_price']))} per unit\n")
            else:
                text.append(f"{money(int(lot['high_bid']))} per unit by {seat_name(names, lot['high_bidder'])}\n")
        troughs = ex.get("troughs") or []
        if troughs:
            owners = [seat_name(names, t["owner"]) if t.get("owner") is not None else "free" for t in troughs]
            text.append(f"Marketing troughs: {', '.join(owners)}\n")
        for b in ex.get("businesses") or []:
            line = f"{seat_name(names, b['seat'])}: sales {money(int(b.get('sales', 0)))}"
            statements = b.get("statements")
            if statements is not None:
                last = statements[-1]["tax"] if statements else 0
                line += f", tax last year {money(int(last))}, losses carried {money(int(b.get('loss_carried', 0)))}"
            if b.get("goal"):
                line += f", personal goal: {b['goal']}"
            text.append(line + "\n")
        labour = ex.get("labour")
        if labour:
            self._labour(text, labour, names)
        text.rstrip()
        return Panel(text, title="Expansion steps", title_align="left", border_style="blue")

    @staticmethod
    def _labour(text: Text, labour: Mapping[str, Any], names: Sequence[str]) -> None:
        """Step 6: the worker representative, the fund, and each business's workers."""
        text.append(
            f"Labour market: worker representative {seat_name(names, labour['representative'])} · "
            f"fund {money(int(labour['fund']))} · {counted(int(labour['free_workers']), 'unit')} in hand · "
            f"{labour['removed_workers']} out of play · highest salary {money(int(labour['highest_salary']))}"
            + ("" if labour.get("salaries_negotiable") else " · first lap: hiring at the starting salary")
            + "\n"
        )
        for b in labour.get("businesses") or []:
            workers = counted(int(b["workers"]), "worker")
            line = f"  {seat_name(names, b['seat'])}: {workers} at {money(int(b['salary']))}"
            if b.get("notice"):
                line += f", {b['notice']} leaving on the next red field"
            if b.get("strike") != "none":
                line += f", strike {b['strike']}"
            if b.get("lockout"):
                line += ", lockout"
            text.append(line + "\n")


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
    kind = spaces[position] if 0 <= position < len(spaces) else "?"
    text = Text(f"{position} ")
    text.append(kind, style=SPACE_STYLES.get(kind, ""))
    return text


def _machines(machines: Sequence[Mapping[str, Any]]) -> Text:
    if not machines:
        return Text("–")
    text = Text()
    for i, m in enumerate(machines):
        if i:
            text.append("\n")
        text.append("double" if m.get("double") else "single")
        if m.get("leased_from") is not None:
            text.append(f" (leased from seat {int(m['leased_from']) + 1})", style="cyan")
        if not m.get("ready"):
            text.append(" (being set up)", style="yellow")
    return text


def _money(amount: Any) -> Text:
    value = int(amount)
    return Text(money(value), style="red" if value < 0 else "")


def _flag(value: Any) -> str:
    return "yes" if value else "–"
