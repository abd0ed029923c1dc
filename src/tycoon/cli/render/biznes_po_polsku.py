"""Biznes po polsku in the terminal: the track, the players, the bank and any offer or auction.

It draws the view that ``state.view(seat)`` returns: the round and the agreed end, the pending
decision, the 40 spaces in four columns (each firm in its colour group's colour, with its owner,
investment level — ``▮`` a brick, ``▲`` the pyramid — and ``M`` when mortgaged; the pawns on
each space), one column per player (cash, space, profession, offices, cards, car, firms,
fortune), the bank's stock, and a trade offer or a bankruptcy auction under way. Amounts are in
złoty.
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

from tycoon.cli.naming import counted
from tycoon.cli.render.base import Renderer, deciding, money, named, owner, seat_name

GROUP_STYLES: dict[str, str] = {
    "green": "bold white on dark_olive_green3",
    "orange": "bold white on dark_orange3",
    "violet": "bold white on medium_purple4",
    "teal": "bold white on dark_cyan",
    "red": "bold white on red3",
    "blue": "bold white on dodger_blue3",
    "magenta": "bold white on deep_pink4",
    "yellow": "bold black on khaki3",
    "navy": "bold white on navy_blue",
}
"""Each colour group's look (research 3.4's colours, approximately)."""

KIND_STYLES: dict[str, str] = {
    "start": "bold black on bright_white",
    "profession": "bold cyan",
    "party": "bold",
    "post": "bold",
    "los": "bold yellow",
    "niespodzianka": "bold yellow",
    "police": "bold red",
    "prison": "bold red",
    "hospital": "bold red",
    "tax": "bold red",
    "dismissal": "bold red",
}

OFFICE_NAMES = {"councillor": "council member", "mp": "MP", "senator": "senator"}


class BiznesRenderer(Renderer):
    """Draws Biznes po polsku views with tables and panels."""

    def view(self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None) -> RenderableType:
        parts: list[RenderableType] = [
            self.status(view, names),
            self.track(view, names),
            self.players(view, names, seat),
        ]
        if view.get("offer"):
            parts.append(self.offer(view["offer"], names))
        elif view.get("answer"):
            parts.append(self.answer(view["answer"], names))
        if view.get("auction"):
            parts.append(self.auction(view["auction"], view, names))
        title = f"Biznes po polsku — round {view.get('round', '?')}"
        if seat is not None:
            title += f" — as seen by {seat_name(names, seat)}"
        return Panel(Group(*parts), title=title, title_align="left", box=box.ROUNDED)

    def position(self, view: Mapping[str, Any], names: Sequence[str], seat: int) -> RenderableType:
        """The seat's own position in a line: cash, space, firms, offices and fortune."""
        text = Text(f"{seat_name(names, seat)}: ", style="bold")
        spaces = {int(s["number"]): s for s in view.get("board") or []}
        for p in view.get("players") or []:
            if int(p["seat"]) != seat:
                continue
            where = "employment office" if p.get("in_employment_office") else _space_name(p["position"], spaces)
            text.append(f"cash {money(int(p['cash']))} zł · {where} · firms {len(p.get('firms') or [])}")
            if p.get("profession"):
                text.append(f" · profession {_space_name(p['profession'], spaces)}")
            if p.get("offices"):
                text.append(" · " + ", ".join(OFFICE_NAMES.get(o, o) for o in p["offices"]))
            if p.get("car") not in (None, "none"):
                text.append(f" · car {p['car']}")
            text.append(f" · fortune {money(int(p.get('fortune', 0)))} zł")
            if p.get("bankrupt"):
                text.append(" · BANKRUPT", style="bold red")
        return text

    def standings(self, view: Mapping[str, Any], names: Sequence[str]) -> RenderableType | None:
        """A line per player: cash, space, firms and fortune."""
        spaces = {int(s["number"]): s for s in view.get("board") or []}
        table = Table(box=None, show_header=True, padding=(0, 1), show_edge=False)
        table.add_column("", justify="right", style="cyan", no_wrap=True)
        table.add_column("", no_wrap=True, max_width=16, overflow="ellipsis")
        table.add_column("cash", justify="right", no_wrap=True)
        table.add_column("space", no_wrap=True, max_width=30, overflow="ellipsis")
        table.add_column("firms", justify="right", no_wrap=True)
        table.add_column("fortune", justify="right", no_wrap=True)
        for p in view.get("players") or []:
            s = int(p["seat"])
            where = "employment office" if p.get("in_employment_office") else _space_name(p["position"], spaces)
            cash = Text("bankrupt", style="red") if p.get("bankrupt") else Text(money(int(p["cash"])))
            table.add_row(
                str(s + 1),
                seat_name(names, s),
                cash,
                where,
                str(len(p.get("firms") or [])),
                money(int(p.get("fortune", 0))),
            )
        return table

    def status(self, view: Mapping[str, Any], names: Sequence[str]) -> Text:
        text = Text()
        target = view.get("round_target")
        text.append(f"Agreed end after round {target}" if target else "Played until one player is left")
        if view.get("forfeit_forgotten_salary"):
            text.append(" · claim your salaries before the next player moves", style="yellow")
        text.append("\n")
        pending = view.get("pending") or {}
        line = deciding(names, pending)
        if line.plain:
            text.append_text(line)
            text.append("\n")
        due = view.get("due")
        if due:
            to = "the bank" if due.get("to") is None else seat_name(names, due["to"])
            text.append(
                f"Due now: {money(int(due['amount']))} zł to {to} for {named(names, due['for'])}\n", style="bold red"
            )
        if view.get("last_card_text") or view.get("last_card"):
            card = view.get("last_card_text") or view["last_card"]
            text.append(f"Last card: {named(names, card)}\n", style="dim")
        bank = view.get("bank") or {}
        text.append(
            f"Bank: {counted(bank.get('bricks', 0), 'brick')}, {counted(bank.get('pyramids', 0), 'pyramid')}, "
            f"{counted(bank.get('cars', 0), 'car')}, {counted(bank.get('welfare_cards', 0), 'welfare card')}, "
            f"{counted(bank.get('party_cards', 0), 'membership card')} · "
            f"stacks: LOS {view.get('decks', {}).get('los', 0)}, "
            f"NIESPODZIANKA {view.get('decks', {}).get('niespodzianka', 0)}",
            style="dim",
        )
        return text

    def track(self, view: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        """The 40 spaces in four columns of ten."""
        spaces = list(view.get("board") or [])
        firms = {int(f["space"]): f for f in view.get("firms") or []}
        pawns: dict[int, list[int]] = {}
        for p in view.get("players") or []:
            if not p.get("bankrupt"):
                pawns.setdefault(int(p["position"]), []).append(int(p["seat"]))
        holders: dict[int, int | None] = {int(k): v for k, v in (view.get("professions") or {}).items()}
        offices = view.get("offices") or {}
        columns = []
        for first in range(0, len(spaces), 10):
            table = Table(box=box.SIMPLE, show_header=False, padding=(0, 1), show_edge=False)
            table.add_column(justify="right", style="dim")
            table.add_column(no_wrap=True, max_width=22, overflow="ellipsis")
            table.add_column(no_wrap=True)
            table.add_column(no_wrap=True, style="bold cyan")
            for space in spaces[first : first + 10]:
                n = int(space["number"])
                style = GROUP_STYLES.get(space.get("group") or "", KIND_STYLES.get(space["kind"], ""))
                name = Text(str(space["name"]), style=style)
                state = Text()
                if n in firms and firms[n].get("owner") is not None:
                    f = firms[n]
                    state.append(f"{int(f['owner']) + 1}")
                    level = int(f.get("level", 0))
                    state.append(" ▲" if level == 5 else " " + "▮" * level if level else "")
                    if f.get("mortgaged"):
                        state.append(" M", style="red")
                elif n in holders and holders[n] is not None:
                    state.append(f"{int(holders[n] or 0) + 1}")
                elif space["kind"] == "post" and offices.get(space.get("post")) is not None:
                    state.append(f"{int(offices[space['post']]) + 1}")
                here = " ".join(str(s + 1) for s in pawns.get(n, []))
                table.add_row(str(n), name, state, here)
            columns.append(table)
        office = pawns.get(0)
        legend = Text(
            "Owner's seat number after each firm, profession and office; ▮ brick, ▲ pyramid, M mortgaged; "
            "pawns in the last column.",
            style="dim",
        )
        parts: list[RenderableType] = [Columns(columns, padding=(0, 2)), legend]
        if office:
            parts.append(Text("Employment office: " + ", ".join(seat_name(names, s) for s in office)))
        return Group(*parts)

    def players(self, view: Mapping[str, Any], names: Sequence[str], seat: int | None) -> RenderableType:
        players = list(view.get("players") or [])
        spaces = {int(s["number"]): s for s in view.get("board") or []}
        pending = (view.get("pending") or {}).get("seat")
        table = Table(title="Players", title_justify="left", box=box.SIMPLE_HEAD)
        table.add_column("", style="dim")
        for p in players:
            s = int(p["seat"])
            header = Text(f"{s + 1} {seat_name(names, s)}", style="bold")
            if s == seat and seat_name(names, s) != "you":
                header.append(" (you)", style="cyan")
            if s == pending:
                header.append(" ◀", style="yellow")
            table.add_column(header, justify="right", style="dim" if p.get("bankrupt") else None)

        def space_name(n: Any) -> str:
            return "–" if not n else f"{n} {spaces[int(n)]['name']}" if int(n) in spaces else str(n)

        rows: list[tuple[str, list[RenderableType]]] = [
            ("cash", [Text(money(int(p["cash"]))) for p in players]),
            (
                "space",
                ["employment office" if p.get("in_employment_office") else space_name(p["position"]) for p in players],
            ),
            ("profession", [space_name(p.get("profession")) for p in players]),
            ("offices", [", ".join(OFFICE_NAMES.get(o, o) for o in p.get("offices", [])) or "–" for p in players]),
            ("party member", ["yes" if p.get("party_member") else "–" for p in players]),
            ("welfare card", ["yes" if p.get("welfare") else "–" for p in players]),
            ("insurance", ["yes" if p.get("insurance") else "–" for p in players]),
            ("car", [str(p.get("car", "none")).replace("none", "–") for p in players]),
            ("waits", [str(p.get("wait", 0) or "–") for p in players]),
            ("firms", [str(len(p.get("firms", []))) for p in players]),
            ("fortune", [Text(money(int(p.get("fortune", 0))), style="bold") for p in players]),
        ]
        if any(p.get("claims") for p in players):
            rows.append(("to claim", [money(int(p.get("claims", 0))) if p.get("claims") else "–" for p in players]))
        if any(p.get("bankrupt") for p in players):
            rows.append(
                ("status", [Text("BANKRUPT", style="bold red") if p.get("bankrupt") else Text("") for p in players])
            )
        for label, cells in rows:
            table.add_row(label, *cells)
        return table

    def offer(self, offer: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        """The offer on the table in the game's words (its firms by name), from the view's
        ``offer.text``; a counter-offer with what its maker said and the offer it answers."""
        terms = offer.get("text") or ", ".join(f"{k} {v}" for k, v in offer.items() if k not in ("from", "text"))
        if not offer.get("counter"):
            text = Text(named(names, f"Seat {offer.get('from')} offers {terms}"))
            return Panel(text, title="Trade offer", title_align="left", border_style="cyan")
        said = offer.get("said") or {}
        text = Text()
        if said.get("text"):
            text.append(named(names, str(said["text"])) + "\n")
        text.append(named(names, f"Seat {offer.get('to')} counters: seat {offer.get('from')} {terms}"), style="bold")
        return Panel(text, title="Counter-offer", title_align="left", border_style="cyan")

    def answer(self, answer: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        """The last answer to an offer this turn, as the table heard it."""
        text = Text(named(names, str(answer.get("text") or "")))
        return Panel(text, title="Answer to the offer", title_align="left", border_style="cyan")

    def auction(self, auction: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        spaces = {int(s["number"]): s for s in view.get("board") or []}
        firm = auction.get("firm")
        text = Text(f"{spaces[int(firm)]['name'] if firm in spaces else firm}", style="bold")
        text.append(f" from {owner(names, auction.get('debtor'))} bankruptcy\n")
        if auction.get("high_bidder") is None:
            text.append("No bid yet")
        else:
            text.append(
                f"Highest bid: {money(int(auction['high_bid']))} zł by {seat_name(names, auction['high_bidder'])}"
            )
        return Panel(text, title="Auction", title_align="left", border_style="magenta")

    def balance_sheets(self, sheets: Sequence[Mapping[str, Any]], names: Sequence[str]) -> RenderableType:
        """Each player's fortune: possessions, mortgages to redeem, and the fortune."""
        tables = []
        for sheet in sheets:
            title = f"{sheet.get('title') or 'Fortune'} — {seat_name(names, int(sheet['seat']))}"
            if sheet.get("bankrupt"):
                title += " (bankrupt)"
            table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_footer=True)
            table.add_column("Possessions", footer="Fortune")
            table.add_column("zł", justify="right", footer=money(int(sheet["profit"])))
            for label, amount in sheet["assets"]:
                table.add_row(str(label), money(int(amount)))
            for label, amount in sheet["liabilities"]:
                table.add_row(Text(str(label), style="red"), Text(money(-int(amount)), style="red"))
            tables.append(table)
        return Columns(tables, padding=(0, 4))


def _space_name(n: Any, spaces: Mapping[int, Mapping[str, Any]]) -> str:
    if not n:
        return "–"
    return f"{n} {spaces[int(n)]['name']}" if int(n) in spaces else str(n)
