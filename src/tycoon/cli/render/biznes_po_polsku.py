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
    sheet_title,
)
from tycoon.cli.say import say
from tycoon.core.messages import Message, from_wire

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


def office(name: str) -> str:
    """An office (``councillor``, ``mp``, ``senator``) in the reader's language."""
    return say(f"bp.office.{name}")


def zl(amount: int) -> str:
    """An amount in złoty: ``1,200 zł``."""
    return say("bp.unit.zl", n=amount)


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
        title = seen_by(say("bp.screen.title", round=view.get("round", "?")), names, seat)
        return Panel(Group(*parts), title=title, title_align="left", box=box.ROUNDED)

    def position(self, view: Mapping[str, Any], names: Sequence[str], seat: int) -> RenderableType:
        """The seat's own position in a line: cash, space, firms, offices and fortune."""
        text = headed(names, seat)
        spaces = {int(s["number"]): s for s in view.get("board") or []}
        for p in view.get("players") or []:
            if int(p["seat"]) != seat:
                continue
            where = _where(p, spaces)
            text.append(
                say("bp.screen.position", cash=zl(int(p["cash"])), where=where, firms=len(p.get("firms") or []))
            )
            if p.get("profession"):
                text.append(" · " + say("bp.screen.profession", name=_space_name(p["profession"], spaces)))
            if p.get("offices"):
                text.append(" · " + ", ".join(office(o) for o in p["offices"]))
            if p.get("car") not in (None, "none"):
                text.append(" · " + say(f"bp.car.{p['car']}"))
            text.append(" · " + say("bp.screen.fortune", amount=zl(int(p.get("fortune", 0)))))
            if p.get("bankrupt"):
                text.append(" · " + say("bp.bankrupt").upper(), style="bold red")
        return text

    def standings(self, view: Mapping[str, Any], names: Sequence[str]) -> RenderableType | None:
        """A line per player: cash, space, firms and fortune."""
        spaces = {int(s["number"]): s for s in view.get("board") or []}
        table = Table(box=None, show_header=True, padding=(0, 1), show_edge=False)
        table.add_column("", justify="right", style="cyan", no_wrap=True)
        table.add_column("", no_wrap=True, max_width=16, overflow="ellipsis")
        table.add_column(say("bp.screen.cash"), justify="right", no_wrap=True)
        table.add_column(say("bp.screen.space"), no_wrap=True, max_width=30, overflow="ellipsis")
        table.add_column(say("bp.screen.firms"), justify="right", no_wrap=True)
        table.add_column(say("bp.fortune"), justify="right", no_wrap=True)
        for p in view.get("players") or []:
            s = int(p["seat"])
            where = _where(p, spaces)
            cash = Text(say("bp.bankrupt"), style="red") if p.get("bankrupt") else Text(money(int(p["cash"])))
            table.add_row(
                str(s + 1),
                listed_name(names, s),
                cash,
                where,
                str(len(p.get("firms") or [])),
                money(int(p.get("fortune", 0))),
            )
        return table

    def status(self, view: Mapping[str, Any], names: Sequence[str]) -> Text:
        text = Text()
        target = view.get("round_target")
        text.append(say("bp.screen.agreed_end", n=int(target)) if target else say("bp.screen.open_end"))
        if view.get("forfeit_forgotten_salary"):
            text.append(" · " + say("bp.screen.claim_salaries"), style="yellow")
        text.append("\n")
        pending = view.get("pending") or {}
        line = deciding(names, pending)
        if line.plain:
            text.append_text(line)
            text.append("\n")
        due = view.get("due")
        if due:
            amount, reason = zl(int(due["amount"])), named(names, _text(due["for"]))
            if due.get("to") is None:
                line = say("bp.screen.due_bank", amount=amount, reason=reason)
            else:
                line = say("bp.screen.due_to", amount=amount, name=seat_name(names, due["to"]), reason=reason)
            text.append(line + "\n", style="bold red")
        if view.get("last_card_text") or view.get("last_card"):
            card = view.get("last_card_text") or view["last_card"]
            text.append(say("bp.screen.last_card", card=named(names, _text(card))) + "\n", style="dim")
        bank = view.get("bank") or {}
        decks = view.get("decks") or {}
        text.append(
            say(
                "bp.screen.bank",
                bricks=int(bank.get("bricks", 0)),
                pyramids=int(bank.get("pyramids", 0)),
                cars=int(bank.get("cars", 0)),
                welfare=int(bank.get("welfare_cards", 0)),
                party=int(bank.get("party_cards", 0)),
                los=int(decks.get("los", 0)),
                niespodzianka=int(decks.get("niespodzianka", 0)),
            ),
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
                name = Text(_name(n, space), style=style)
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
        legend = Text(say("bp.screen.legend"), style="dim")
        parts: list[RenderableType] = [Columns(columns, padding=(0, 2)), legend]
        if office:
            who = ", ".join(seat_name(names, s) for s in office)
            parts.append(Text(say("bp.screen.in_office", names=who)))
        return Group(*parts)

    def players(self, view: Mapping[str, Any], names: Sequence[str], seat: int | None) -> RenderableType:
        players = list(view.get("players") or [])
        spaces = {int(s["number"]): s for s in view.get("board") or []}
        pending = (view.get("pending") or {}).get("seat")

        def space_name(n: Any) -> str:
            return _space_name(n, spaces)

        yes = say("bp.screen.yes")
        rows: list[tuple[str, list[RenderableType]]] = [
            (say("bp.screen.cash"), [Text(money(int(p["cash"]))) for p in players]),
            (say("bp.screen.space"), [_where(p, spaces) for p in players]),
            (say("bp.profession"), [space_name(p.get("profession")) for p in players]),
            (say("bp.screen.offices"), [", ".join(office(o) for o in p.get("offices", [])) or "–" for p in players]),
            (say("bp.party_member"), [yes if p.get("party_member") else "–" for p in players]),
            (say("bp.welfare"), [yes if p.get("welfare") else "–" for p in players]),
            (say("bp.insurance"), [yes if p.get("insurance") else "–" for p in players]),
            (say("bp.car"), [_car(p.get("car")) for p in players]),
            (say("bp.screen.waits"), [str(p.get("wait", 0) or "–") for p in players]),
            (say("bp.screen.firms"), [str(len(p.get("firms", []))) for p in players]),
            (say("bp.fortune"), [Text(money(int(p.get("fortune", 0))), style="bold") for p in players]),
        ]
        if any(p.get("claims") for p in players):
            claims = [money(int(p.get("claims", 0))) if p.get("claims") else "–" for p in players]
            rows.append((say("bp.screen.to_claim"), claims))
        status, broke = say("bp.screen.status"), say("bp.bankrupt")
        return seat_rows(say("bp.players"), players, names, seat, pending, rows, status, broke)

    def offer(self, offer: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        """The offer on the table in the game's words (its firms by name), from the view's
        ``offer.text``; a counter-offer with what its maker said and the offer it answers."""
        given = offer.get("text")
        terms = (
            named(names, _text(given))
            if given
            else ", ".join(f"{k} {v}" for k, v in offer.items() if k not in ("from", "text"))
        )
        maker = seat_name(names, _seat(offer.get("from")))
        if not offer.get("counter"):
            text = Text(say("bp.screen.offers", name=maker, you=is_you(names, _seat(offer.get("from"))), terms=terms))
            return Panel(text, title=say("bp.screen.offer_title"), title_align="left", border_style="cyan")
        said = offer.get("said") or {}
        text = Text()
        if said.get("text"):
            text.append(named(names, _text(said["text"])) + "\n")
        to = _seat(offer.get("to"))
        counter = say("bp.screen.counters", name=seat_name(names, to), you=is_you(names, to), maker=maker, terms=terms)
        text.append(counter, style="bold")
        return Panel(text, title=say("bp.screen.counter_title"), title_align="left", border_style="cyan")

    def answer(self, answer: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        """The last answer to an offer this turn, as the table heard it."""
        text = Text(named(names, _text(answer.get("text") or "")))
        return Panel(text, title=say("bp.screen.answer_title"), title_align="left", border_style="cyan")

    def auction(self, auction: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
        spaces = {int(s["number"]): s for s in view.get("board") or []}
        firm = auction.get("firm")
        text = Text(_name(int(firm), spaces[int(firm)]) if firm in spaces else str(firm), style="bold")
        debtor = auction.get("debtor")
        text.append(
            " " + say("bp.screen.from_bankruptcy", name=seat_name(names, debtor), you=is_you(names, debtor)) + "\n"
        )
        if auction.get("high_bidder") is None:
            text.append(say("bp.screen.no_bid"))
        else:
            bid, bidder = zl(int(auction["high_bid"])), seat_name(names, auction["high_bidder"])
            text.append(say("bp.screen.highest_bid", amount=bid, name=bidder))
        return Panel(text, title=say("bp.screen.auction"), title_align="left", border_style="magenta")

    def balance_sheets(self, sheets: Sequence[Mapping[str, Any]], names: Sequence[str]) -> RenderableType:
        """Each player's fortune: possessions, mortgages to redeem, and the fortune."""
        tables = []
        for sheet in sheets:
            title = sheet_title(sheet, names, "bp.screen.fortune_title")
            table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_footer=True)
            table.add_column(say("bp.screen.possessions"), footer=say("bp.screen.fortune_title"))
            table.add_column("zł", justify="right", footer=money(int(sheet["profit"])))
            for label, amount in sheet["assets"]:
                table.add_row(self.row_label(label), money(int(amount)))
            for label, amount in sheet["liabilities"]:
                table.add_row(Text(self.row_label(label), style="red"), Text(money(-int(amount)), style="red"))
            tables.append(table)
        return Columns(tables, padding=(0, 4))


def _name(number: int, space: Mapping[str, Any]) -> str:
    """A space's printed name as the reader's catalogue gives it (the Polish name, with its
    meaning in another language); the view's name if the catalogue has none."""
    from tycoon.words import has

    key = f"bp.space.{number}"
    return say(key) if has(key) else str(space["name"])


def _space_name(n: Any, spaces: Mapping[int, Mapping[str, Any]]) -> str:
    if not n:
        return "–"
    return f"{n} {_name(int(n), spaces[int(n)])}" if int(n) in spaces else str(n)


def _where(p: Mapping[str, Any], spaces: Mapping[int, Mapping[str, Any]]) -> str:
    """Where a player stands: a space, or the employment office."""
    return say("bp.screen.employment_office") if p.get("in_employment_office") else _space_name(p["position"], spaces)


def _car(car: Any) -> str:
    return "–" if car in (None, "none") else say(f"bp.car.{car}")


def _seat(value: Any) -> int | None:
    return int(value) if isinstance(value, int) else None


def _text(value: Any) -> Any:
    """A text of the view: a message (as a dict on the wire, or already one) or a string."""
    if isinstance(value, (Message, str)):
        return value
    if isinstance(value, dict) and "k" in value:
        return from_wire(value)
    return str(value)
