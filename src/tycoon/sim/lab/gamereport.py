"""One game's report from its record: the teacher's hand-out after a class game.

For Playboss: each business's balance sheet at the end of every business year and at the end
of the game, its yearly financial statements with step 4's tax, a chart of capital, cash and
debt over the game, and the big events (machines and computers bought, risk cards, bankruptcies).
For the other games: each seat's money and holdings over the game, and the final sheets.

The record is replayed move by move (:func:`tycoon.core.record.replay`'s checks); the figures
are read from the state as it goes. The page is self-contained, its charts drawn with
matplotlib's Agg backend (``pip install 'tycoon[lab]'``); without matplotlib the page has every
table and says how to get the charts.
"""

from __future__ import annotations

import base64
import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from tycoon.core.errors import InvalidConfig
from tycoon.core.game import CHANCE, JSON, State
from tycoon.core.record import Record, apply_move, game_of
from tycoon.core.registry import spec
from tycoon.core.spec import find
from tycoon.sim.lab.faces import faces_of, unit_of
from tycoon.sim.lab.html import COLOURS, STYLE, plotting_missing, pyplot
from tycoon.sim.lab.probes import fortunes_of


@dataclass
class Point:
    """One seat's figures at one moment."""

    round: int
    values: dict[str, int]


@dataclass
class YearEnd:
    """A Playboss business's balance sheet when it closed a business year (or the game)."""

    year: int
    """The business year closed (1, 2, ...); the game's end is the year in progress."""
    round: int
    assets: list[tuple[str, int]]
    liabilities: list[tuple[str, int]]
    profit: int
    final: bool = False


@dataclass
class GameReport:
    """What the hand-out shows."""

    game: str
    title: str
    options: JSON
    seed: Any
    names: list[str]
    unit: str
    series: list[list[Point]]
    """Per seat, its figures at the start, after every round and at the end."""
    measures: list[str]
    """The figures in ``series`` (``capital``, ``cash``, ``debt`` …), the first is charted first."""
    x_label: str = "round"
    """What one step along the charts is (``Watcher.x_label``)."""
    panels: tuple[str, str] | None = None
    """Every measure in one chart per seat, with this title and caption (``Watcher.panels``), or
    a chart per measure with every seat in it."""
    money: list[str] = field(default_factory=list)
    """The measures counted in the game's unit (``Watcher.money``)."""
    years: list[list[YearEnd]] = field(default_factory=list)
    """Playboss: per business, its balance sheet at each year end and at the end."""
    statements: list[list[JSON]] = field(default_factory=list)
    """Playboss with step 4: per business, each year's profit, loss offset and tax."""
    events: list[tuple[int, str]] = field(default_factory=list)
    """(round, what happened), in order."""
    sheets: list[JSON] = field(default_factory=list)
    """The game's own end-of-game sheets (``GameSpec.report``)."""
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    finished: bool = True


def game_report(record: Record) -> GameReport:
    """Replay ``record`` and gather its report."""
    game = game_of(record)
    state = game.new_state()
    names = [str(s.get("name", f"seat {i + 1}")) for i, s in enumerate(record.seats)][: game.num_seats]
    names += [f"seat {i + 1}" for i in range(len(names), game.num_seats)]
    watcher = _watcher(record.game, state, names)
    for number, move in enumerate(record.moves, 1):
        before = _round(state)
        action = game.codec.from_json(move.action) if isinstance(move.action, dict) else None
        watcher.before(state, move.seat, action)
        apply_move(game, state, number, move)
        watcher.after(state, move.seat, action, before)
    watcher.end(state)
    game_spec = spec(record.game)
    out = GameReport(
        game=record.game,
        title=game_spec.title,
        options={k: v for k, v in record.config.items() if not isinstance(v, str) or len(v) < 60},
        seed=record.seed,
        names=names,
        unit=unit_of(record.game),
        x_label=watcher.x_label,
        panels=watcher.panels,
        money=list(watcher.money),
        series=watcher.series,
        measures=watcher.measures,
        years=getattr(watcher, "years", []),
        statements=getattr(watcher, "statements", []),
        events=watcher.events,
        finished=state.is_terminal(),
    )
    if state.is_terminal():
        outcome = state.outcome()
        out.scores, out.winners = list(outcome.scores), list(outcome.winners)
        if game_spec.report is not None:
            out.sheets = game_spec.report(state)
    return out


def _round(state: State) -> int:
    r = getattr(state, "rounds_done", None)
    return r if isinstance(r, int) else 0


class Watcher:
    """Gathers figures as a game is replayed; knows nothing of any game but its rounds.

    A game names its own subclass in its spec's faces
    (``Faces(watcher="tycoon.sim.lab.gamereport:PlaybossWatcher")``); it is built with the fresh
    state and the seats' names, and sees every move before and after it is applied."""

    measures: ClassVar[list[str]] = []
    """The figures :meth:`figures` gives each seat, charted in this order."""
    money: ClassVar[tuple[str, ...]] = ()
    """The measures counted in the game's unit of money (their axes say it)."""
    x_label: ClassVar[str] = "round"
    """What one step of :attr:`series` is, along the charts."""
    panels: ClassVar[tuple[str, str] | None] = None
    """A chart per seat with every measure in it, titled and captioned so; ``None``: a chart per
    measure with every seat in it."""

    def __init__(self, state: State, names: list[str]) -> None:
        self.names = names
        self.series: list[list[Point]] = [[] for _ in names]
        self.events: list[tuple[int, str]] = []
        self.note(state)

    def figures(self, state: State, seat: int) -> dict[str, int]:
        return {}

    def note(self, state: State) -> None:
        for seat in range(len(self.names)):
            self.series[seat].append(Point(_round(state), self.figures(state, seat)))

    def before(self, state: State, seat: int, action: Any) -> None:
        """Called before each move is applied."""

    def after(self, state: State, seat: int, action: Any, round_before: int) -> None:
        if _round(state) != round_before:
            self.note(state)

    def end(self, state: State) -> None:
        self.note(state)


class PlaybossWatcher(Watcher):
    """Playboss: capital, cash and debt in one chart per business, the balance sheet at each
    year end, step 4's statements, and the machines, computers, risk cards and bankruptcies."""

    measures: ClassVar[list[str]] = ["capital", "cash", "debt"]
    panels: ClassVar[tuple[str, str] | None] = (
        "Capital, cash and debt of each business over the game",
        "Capital (what the business owns less its debts), cash and debt, after every round.",
    )

    def __init__(self, state: State, names: list[str]) -> None:
        st: Any = state
        self.years: list[list[YearEnd]] = [[] for _ in names]
        self.statements: list[list[JSON]] = [[] for _ in names]
        self._laps = [b.laps for b in st.businesses]
        self._out = 0
        super().__init__(state, names)

    def figures(self, state: State, seat: int) -> dict[str, int]:
        st: Any = state
        sheet = st.balance_sheet(seat)
        return {"capital": sheet.owned_capital, "cash": sheet.cash, "debt": sheet.bank_debt + sheet.other_debt}

    def _year_end(self, st: Any, seat: int, year: int, final: bool = False) -> None:
        sheet = st.balance_sheet(seat)
        assets, liabilities = sheet.rows()
        self.years[seat].append(YearEnd(year, st.rounds_done, assets, liabilities, sheet.profit, final))

    def before(self, state: State, seat: int, action: Any) -> None:
        st: Any = state
        if seat == CHANCE and type(action).__name__ == "DrawRisk":
            card = st.rules.risk_cards[action.card]
            self.events.append((st.rounds_done, f"{self.names[st.turn_seat]} draws the risk card “{card.title}”"))
        elif type(action).__name__ == "Invest":
            credit = f", {action.credit:,} Marks on credit" if action.credit else ""
            self.events.append((st.rounds_done, f"{self.names[seat]} buys a machine{credit}"))
        elif type(action).__name__ == "BuyComputer":
            credit = f", {action.credit:,} Marks on credit" if action.credit else ""
            self.events.append((st.rounds_done, f"{self.names[seat]} buys a computer{credit}"))

    def after(self, state: State, seat: int, action: Any, round_before: int) -> None:
        st: Any = state
        for s, b in enumerate(st.businesses):
            if b.laps != self._laps[s]:
                self._laps[s] = b.laps
                self._year_end(st, s, b.laps)
        if len(st.eliminated) != self._out:
            for s in st.eliminated[self._out :]:
                self.events.append((st.rounds_done, f"{self.names[s]} goes bankrupt"))
            self._out = len(st.eliminated)
        super().after(state, seat, action, round_before)

    def end(self, state: State) -> None:
        st: Any = state
        super().end(state)
        for s, b in enumerate(st.businesses):
            self._year_end(st, s, b.laps + 1, final=True)
            self.statements[s] = [
                {"year": y, "profit": p, "loss_offset": o, "tax": t} for y, p, o, t in getattr(b, "statements", [])
            ]


class BiznesWatcher(Watcher):
    """Biznes po polsku: cash, fortune, firms and investments; firms founded, professions taken,
    offices won, the party, the car and bankruptcies."""

    measures: ClassVar[list[str]] = ["cash", "fortune", "firms", "investments"]
    money: ClassVar[tuple[str, ...]] = ("cash", "fortune")

    def __init__(self, state: State, names: list[str]) -> None:
        self._out: set[int] = set()
        super().__init__(state, names)

    def figures(self, state: State, seat: int) -> dict[str, int]:
        st: Any = state
        p = st.players[seat]
        mine = [n for n in st.rules.firms if st.owner[n] == seat]
        return {
            "cash": p.cash,
            "fortune": fortunes_of(state)[seat],
            "firms": len(mine),
            "investments": sum(st.level[n] for n in mine),
        }

    def before(self, state: State, seat: int, action: Any) -> None:
        st: Any = state
        kind = type(action).__name__
        if seat < 0 or kind not in ("Buy", "TakeJob", "Run", "JoinParty", "BuyCar"):
            return
        space = st.rules.space(st.players[seat].position) if 1 <= st.players[seat].position <= 40 else None
        where = space.name if space is not None else ""
        what = {
            "Buy": f"founds the firm {where}",
            "TakeJob": f"takes the profession {where}",
            "Run": f"wins the office: {where}",
            "JoinParty": "joins the party",
            "BuyCar": "buys a car",
        }[kind]
        self.events.append((st.rounds_done, f"{self.names[seat]} {what}"))

    def after(self, state: State, seat: int, action: Any, round_before: int) -> None:
        st: Any = state
        for p in st.players:
            if p.bankrupt and p.seat not in self._out:
                self._out.add(p.seat)
                self.events.append((st.rounds_done, f"{self.names[p.seat]} goes bankrupt"))
        super().after(state, seat, action, round_before)


class DieBosseWatcher(Watcher):
    """Die Bosse: profit shares, companies and cards in hand, a point at each profit
    distribution."""

    measures: ClassVar[list[str]] = ["profit", "companies", "hand"]
    money: ClassVar[tuple[str, ...]] = ("profit",)
    x_label: ClassVar[str] = "profit distribution"

    def __init__(self, state: State, names: list[str]) -> None:
        st: Any = state
        self._done = len(st.sheets[0])
        super().__init__(state, names)

    def figures(self, state: State, seat: int) -> dict[str, int]:
        st: Any = state
        return {
            "profit": st.score(seat),
            "companies": sum(len(col) for col in st.columns[seat]),
            "hand": len(st.hands[seat]),
        }

    def note(self, state: State) -> None:
        # Die Bosse counts no rounds: a point at each profit distribution.
        st: Any = state
        for seat in range(len(self.names)):
            self.series[seat].append(Point(len(st.sheets[0]), self.figures(state, seat)))

    def after(self, state: State, seat: int, action: Any, round_before: int) -> None:
        st: Any = state
        if len(st.sheets[0]) != self._done:
            self._done = len(st.sheets[0])
            self.events.append((self._done, f"profit distribution {self._done}"))
            self.note(state)


def _watcher(game_id: str, state: State, names: list[str]) -> Watcher:
    """The watcher ``game_id``'s spec names, else the plain :class:`Watcher`."""
    named = faces_of(game_id).watcher
    kind = find(named) if named else Watcher
    if not (isinstance(kind, type) and issubclass(kind, Watcher)):
        raise InvalidConfig(f"{game_id}'s watcher {named!r} is no tycoon.sim.lab.gamereport.Watcher")
    return kind(state, names)


# --- the page -------------------------------------------------------------------------------


def write_game_report(report: GameReport, page: Path) -> Path:
    """Write the hand-out to ``page`` (HTML) with its charts beside it as PNG files."""
    page.parent.mkdir(parents=True, exist_ok=True)
    missing = plotting_missing()
    charts = _charts(report, page) if missing is None else []
    page.write_text(_page(report, charts, missing), encoding="utf-8")
    return page


def _charts(report: GameReport, page: Path) -> list[tuple[str, Path]]:
    if not report.measures:
        return []
    plt = pyplot()
    x_label = report.x_label
    out: list[tuple[str, Any]] = []
    if report.panels is not None:
        seats = len(report.names)
        cols = min(2, seats)
        rows = (seats + cols - 1) // cols
        fig, axes = plt.subplots(rows, cols, figsize=(6 * cols, 3.4 * rows), squeeze=False, sharex=True)
        for s in range(seats):
            ax = axes[s // cols][s % cols]
            xs = [p.round for p in report.series[s]]
            for m, colour in zip(report.measures, COLOURS, strict=False):
                ax.plot(xs, [p.values[m] for p in report.series[s]], label=m, color=colour, drawstyle="steps-post")
            ax.axhline(0, color="grey", linewidth=0.8)
            ax.set_title(report.names[s], fontsize="medium")
            ax.set_xlabel(x_label)
            ax.xaxis.get_major_locator().set_params(integer=True)
            ax.set_ylabel(report.unit)
            ax.legend(fontsize="x-small")
        for n in range(seats, rows * cols):
            axes[n // cols][n % cols].set_visible(False)
        title, caption = report.panels
        fig.suptitle(title)
        out.append((caption, fig))
    else:
        for m in report.measures:
            fig, ax = plt.subplots(figsize=(8, 3.6))
            for s, name in enumerate(report.names):
                ax.plot(
                    [p.round for p in report.series[s]],
                    [p.values[m] for p in report.series[s]],
                    label=name,
                    color=COLOURS[s % len(COLOURS)],
                    drawstyle="steps-post",
                )
            ax.set_xlabel(x_label)
            ax.xaxis.get_major_locator().set_params(integer=True)
            ax.set_ylabel(m + (f" ({report.unit})" if m in report.money and report.unit else ""))
            ax.legend(fontsize="x-small")
            ax.set_title(f"{m.capitalize()} over the game")
            out.append((f"Each player's {m} over the game.", fig))
    saved = []
    for i, (caption, fig) in enumerate(out):
        path = page.with_name(f"{page.stem}-{i + 1}.png")
        fig.savefig(path, dpi=110, bbox_inches="tight")
        plt.close(fig)
        saved.append((caption, path))
    return saved


def _money(value: int) -> str:
    return f"{value:,}"


def _page(r: GameReport, charts: list[tuple[str, Path]], missing: str | None = None) -> str:
    e = html.escape
    options = ", ".join(f"{k}={v}" for k, v in r.options.items())
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(r.title)}: game report</title><style>{STYLE}</style></head><body>",
        f"<h1>{e(r.title)}: the game's report</h1>",
        f"<p>{e(options)}; seed {e(str(r.seed))}; players: {e(', '.join(r.names))}.</p>",
    ]
    if not r.finished:
        out.append('<p class="note">The record stops before the end of the game: this is the game so far.</p>')
    if r.scores:
        out.append("<h2>Result</h2><table><tr><th>player</th><th>score</th><th></th></tr>")
        for s, name in enumerate(r.names):
            out.append(
                f"<tr><td>{e(name)}</td><td>{_money(r.scores[s])}</td>"
                f"<td>{'winner' if s in r.winners else ''}</td></tr>"
            )
        out.append("</table>")
    if missing is not None and r.measures:
        out.append(f'<p class="note">The charts are left out: {e(missing)}.</p>')
    for caption, path in charts:
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        out.append(
            f'<figure><img alt="{e(caption)}" src="data:image/png;base64,{data}">'
            f"<figcaption>{e(caption)}</figcaption></figure>"
        )
    if r.years:
        out.append("<h2>Balance sheets</h2>")
        for s, name in enumerate(r.names):
            if not r.years[s]:
                continue
            out.append(f"<h3>{e(name)}</h3>")
            out.append(_balance_sheets(r.years[s], r.unit))
            if r.statements and r.statements[s]:
                out.append(_statements(r.statements[s], r.unit))
    elif r.sheets:
        out.append("<h2>Final sheets</h2>")
        for sheet in r.sheets:
            s = int(sheet.get("seat", 0))
            out.append(f"<h3>{e(r.names[s])}</h3><table>")
            for label, value in sheet.get("assets", []):
                out.append(f"<tr><td>{e(str(label))}</td><td>{_money(int(value))}</td></tr>")
            for label, value in sheet.get("liabilities", []):
                out.append(f"<tr><td>less: {e(str(label))}</td><td>{_money(int(value))}</td></tr>")
            out.append(f"<tr><th>result</th><th>{_money(int(sheet.get('profit', 0)))}</th></tr></table>")
    if r.events:
        out.append("<h2>The big events</h2><table><tr><th>round</th><th>what happened</th></tr>")
        for when, what in r.events:
            out.append(f'<tr><td>{when}</td><td class="text">{e(what)}</td></tr>')
        out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _balance_sheets(years: list[YearEnd], unit: str) -> str:
    """The balance sheets of one business, a column per year end, each side with its total.

    The profit closes the liabilities side, as in the rulebook's example, so both totals are
    the same. Its row is named for every column at once: "Profit" or "Loss" when all columns
    agree, else "Profit (loss)" with each loss negative."""
    e = html.escape
    head = "".join(
        f"<th>{'end of the game' if y.final else f'end of year {y.year}'} (round {y.round})</th>" for y in years
    )
    labels_a = [label for label, _ in years[0].assets]
    labels_l = [label for label, _ in years[0].liabilities[:-1]]
    if all(y.profit >= 0 for y in years):
        result = "Profit"
    elif all(y.profit < 0 for y in years):
        result = "Loss"
    else:
        result = "Profit (loss)"

    def row(label: str, values: list[int], cell: str = "td") -> str:
        return f"<tr><{cell}>{e(label)}</{cell}>" + "".join(f"<{cell}>{_money(v)}</{cell}>" for v in values) + "</tr>"

    rows = [f"<caption>Balance sheet ({e(unit)})</caption><tr><th>assets</th>{head}</tr>"]
    for i, label in enumerate(labels_a):
        rows.append(row(label, [y.assets[i][1] for y in years]))
    rows.append(row("Total assets", [sum(v for _, v in y.assets) for y in years], "th"))
    rows.append(f"<tr><th>liabilities</th>{'<th></th>' * len(years)}</tr>")
    for i, label in enumerate(labels_l):
        rows.append(row(label, [y.liabilities[i][1] for y in years]))
    rows.append(row(result, [y.liabilities[-1][1] for y in years]))
    rows.append(row("Total liabilities", [sum(v for _, v in y.liabilities) for y in years], "th"))
    return "<table>" + "".join(rows) + "</table>"


def _statements(statements: list[JSON], unit: str) -> str:
    rows = [
        f"<caption>Financial statements with taxation, step 4 ({html.escape(unit)})</caption>"
        "<tr><th>year</th><th>profit</th><th>loss carried forward, offset</th><th>tax</th><th>after tax</th></tr>"
    ]
    for st in statements:
        rows.append(
            f"<tr><td>{st['year']}</td><td>{_money(st['profit'])}</td><td>{_money(st['loss_offset'])}</td>"
            f"<td>{_money(st['tax'])}</td><td>{_money(st['profit'] - st['tax'])}</td></tr>"
        )
    return "<table>" + "".join(rows) + "</table>"
