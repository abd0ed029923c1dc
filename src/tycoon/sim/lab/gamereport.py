"""One game's report from its record: the teacher's hand-out after a class game.

For Playboss: each business's balance sheet at the end of every business year and at the end
of the game, its yearly financial statements with step 4's tax, a chart of capital, cash and
debt over the game, and the big events (machines and computers bought, risk cards, bankruptcies).
For the other games: each seat's money and holdings over the game, and the final sheets.

The record is replayed move by move (:func:`tycoon.core.record.replay`'s checks); the figures
are read from the state as it goes. The page is self-contained, its charts drawn with
matplotlib's Agg backend (``pip install 'tycoon[lab]'``); without matplotlib the page has every
table and says how to get the charts. Its words are catalogue messages (``report.`` and each
game's ``<prefix>.screen.``), written in the language asked for (docs/languages.md).
"""

from __future__ import annotations

import base64
import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from tycoon.core.errors import InvalidConfig
from tycoon.core.game import CHANCE, JSON, State
from tycoon.core.messages import Message, Money, Term, Text, msg
from tycoon.core.record import Record, apply_move, game_of
from tycoon.core.registry import spec
from tycoon.core.spec import find
from tycoon.sim.lab.faces import faces_of, unit_of
from tycoon.sim.lab.html import COLOURS, STYLE, plotting_missing, pyplot
from tycoon.sim.lab.probes import fortunes_of
from tycoon.words import format_number, has, render


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
    assets: list[tuple[Text, int]]
    liabilities: list[tuple[Text, int]]
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
    x_label: str = "report.round"
    """What one step along the charts is (``Watcher.x_label``), a catalogue key."""
    words: str = "report"
    """The prefix of the keys that name the measures (``Watcher.words``)."""
    unit_key: str = ""
    """The catalogue key of the game's unit of money (``Watcher.unit_key``)."""
    panels: tuple[str, str] | None = None
    """Every measure in one chart per seat, with this title and caption (``Watcher.panels``), or
    a chart per measure with every seat in it."""
    money: list[str] = field(default_factory=list)
    """The measures counted in the game's unit (``Watcher.money``)."""
    years: list[list[YearEnd]] = field(default_factory=list)
    """Playboss: per business, its balance sheet at each year end and at the end."""
    statements: list[list[JSON]] = field(default_factory=list)
    """Playboss with step 4: per business, each year's profit, loss offset and tax."""
    events: list[tuple[int, Text]] = field(default_factory=list)
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
        words=watcher.words,
        unit_key=watcher.unit_key,
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
    x_label: ClassVar[str] = "report.round"
    """What one step of :attr:`series` is, along the charts: a catalogue key (or plain words)."""
    words: ClassVar[str] = "report"
    """The prefix of the catalogue keys that name the measures: ``<words>.measure.<name>`` (a
    measure without one is shown by its name)."""
    unit_key: ClassVar[str] = ""
    """The catalogue key of the game's unit of money, as an axis names it (``Mark``)."""
    panels: ClassVar[tuple[str, str] | None] = None
    """A chart per seat with every measure in it, titled and captioned so (catalogue keys);
    ``None``: a chart per measure with every seat in it."""

    def __init__(self, state: State, names: list[str]) -> None:
        self.names = names
        self.series: list[list[Point]] = [[] for _ in names]
        self.events: list[tuple[int, Text]] = []
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
    words: ClassVar[str] = "pb.screen"
    unit_key: ClassVar[str] = "pb.marks_unit"
    panels: ClassVar[tuple[str, str] | None] = ("pb.screen.panels_title", "pb.screen.panels_caption")

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
        rows = sheet.to_json()
        assets = [(msg(f"pb.row.{name}"), value) for name, value in rows["assets"]]
        liabilities = [(msg(f"pb.row.{name}"), value) for name, value in rows["liabilities"]]
        self.years[seat].append(YearEnd(year, st.rounds_done, assets, liabilities, sheet.profit, final))

    def before(self, state: State, seat: int, action: Any) -> None:
        st: Any = state
        if seat == CHANCE and type(action).__name__ == "DrawRisk":
            card = st.rules.risk_cards[action.card]
            # The risk cards' titles are the data's English words (no catalogue key yet).
            said = msg("pb.screen.event.risk", name=self.names[st.turn_seat], card=card.title)
            self.events.append((st.rounds_done, said))
        elif type(action).__name__ in ("Invest", "BuyComputer"):
            what = "machine" if type(action).__name__ == "Invest" else "computer"
            name = self.names[seat]
            if action.credit:
                said = msg(f"pb.screen.event.{what}_credit", name=name, amount=Money(action.credit, "pb.unit.mark"))
            else:
                said = msg(f"pb.screen.event.{what}", name=name)
            self.events.append((st.rounds_done, said))

    def after(self, state: State, seat: int, action: Any, round_before: int) -> None:
        st: Any = state
        for s, b in enumerate(st.businesses):
            if b.laps != self._laps[s]:
                self._laps[s] = b.laps
                self._year_end(st, s, b.laps)
        if len(st.eliminated) != self._out:
            for s in st.eliminated[self._out :]:
                self.events.append((st.rounds_done, msg("report.bankrupt", name=self.names[s])))
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
    words: ClassVar[str] = "bp.screen"
    unit_key: ClassVar[str] = "bp.screen.zloty"

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
        position = st.players[seat].position
        where: str | Term = ""
        if 1 <= position <= len(st.rules.board):
            # The space by its printed name (a board of one's own: its data's name).
            key = f"bp.space.{position}"
            where = Term(key) if has(key) and st.rules.space(position).name == _shipped_name(position) else ""
            where = where or st.rules.space(position).name
        what = {"Buy": "found", "TakeJob": "profession", "Run": "office", "JoinParty": "party", "BuyCar": "car"}[kind]
        self.events.append((st.rounds_done, msg(f"bp.screen.event.{what}", name=self.names[seat], space=where)))

    def after(self, state: State, seat: int, action: Any, round_before: int) -> None:
        st: Any = state
        for p in st.players:
            if p.bankrupt and p.seat not in self._out:
                self._out.add(p.seat)
                self.events.append((st.rounds_done, msg("report.bankrupt", name=self.names[p.seat])))
        super().after(state, seat, action, round_before)


class DieBosseWatcher(Watcher):
    """Die Bosse: profit shares, companies and cards in hand, a point at each profit
    distribution."""

    measures: ClassVar[list[str]] = ["profit", "companies", "hand"]
    money: ClassVar[tuple[str, ...]] = ("profit",)
    x_label: ClassVar[str] = "db.screen.axis"
    words: ClassVar[str] = "db.screen"
    unit_key: ClassVar[str] = "db.screen.million"

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
            self.events.append((self._done, msg("db.screen.distribution", n=self._done)))
            self.note(state)


def _shipped_name(position: int) -> str:
    """The name the shipped Biznes po polsku board prints on ``position`` (the Polish catalogue's)."""
    return render(Message(f"bp.space.{position}", {}), "pl")


def _watcher(game_id: str, state: State, names: list[str]) -> Watcher:
    """The watcher ``game_id``'s spec names, else the plain :class:`Watcher`."""
    named = faces_of(game_id).watcher
    kind = find(named) if named else Watcher
    if not (isinstance(kind, type) and issubclass(kind, Watcher)):
        raise InvalidConfig(f"{game_id}'s watcher {named!r} is no tycoon.sim.lab.gamereport.Watcher")
    return kind(state, names)


# --- the page -------------------------------------------------------------------------------


def write_game_report(report: GameReport, page: Path, language: str = "en") -> Path:
    """Write the hand-out to ``page`` (HTML) with its charts beside it as PNG files, in
    ``language``."""
    page.parent.mkdir(parents=True, exist_ok=True)
    missing = plotting_missing()
    words = _Words(language, report)
    charts = _charts(report, page, words) if missing is None else []
    page.write_text(_page(report, charts, words, missing), encoding="utf-8")
    return page


class _Words:
    """The report's words in one language: catalogue texts, numbers and the game's measures."""

    def __init__(self, language: str, report: GameReport) -> None:
        self.language = language
        self.report = report

    def __call__(self, key: str, /, **params: Any) -> str:
        return render(Message(key, params), self.language)

    def text(self, text: Text) -> str:
        return render(text, self.language)

    def number(self, value: int) -> str:
        return format_number(value, self.language)

    def label(self, key: str) -> str:
        """A catalogue key's text; a watcher of a game without catalogue words names its axis
        in plain words, shown as they are."""
        return self(key) if has(key) else key

    def measure(self, name: str) -> str:
        key = f"{self.report.words}.measure.{name}"
        return self(key) if has(key) else name

    def unit(self) -> str:
        return self(self.report.unit_key) if self.report.unit_key else self.report.unit


def _charts(report: GameReport, page: Path, t: _Words) -> list[tuple[str, Path]]:
    if not report.measures:
        return []
    plt = pyplot()
    x_label = t.label(report.x_label)
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
                values = [p.values[m] for p in report.series[s]]
                ax.plot(xs, values, label=t.measure(m), color=colour, drawstyle="steps-post")
            ax.axhline(0, color="grey", linewidth=0.8)
            ax.set_title(report.names[s], fontsize="medium")
            ax.set_xlabel(x_label)
            ax.xaxis.get_major_locator().set_params(integer=True)
            ax.set_ylabel(t.unit())
            ax.legend(fontsize="x-small")
        for n in range(seats, rows * cols):
            axes[n // cols][n % cols].set_visible(False)
        title, caption = report.panels
        fig.suptitle(t.label(title))
        out.append((t.label(caption), fig))
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
            unit = t.unit()
            ax.set_ylabel(t.measure(m) + (f" ({unit})" if m in report.money and unit else ""))
            ax.legend(fontsize="x-small")
            ax.set_title(_capital(t("report.chart_title", measure=t.measure(m))))
            out.append((_capital(t("report.chart_caption", measure=t.measure(m))), fig))
    saved = []
    for i, (caption, fig) in enumerate(out):
        path = page.with_name(f"{page.stem}-{i + 1}.png")
        fig.savefig(path, dpi=110, bbox_inches="tight")
        plt.close(fig)
        saved.append((caption, path))
    return saved


def _capital(text: str) -> str:
    """``text`` with its first letter a capital, as a title or a sentence begins."""
    return text[:1].upper() + text[1:]


def _page(r: GameReport, charts: list[tuple[str, Path]], t: _Words, missing: str | None = None) -> str:
    e = html.escape

    def text(words: str) -> str:
        return html.escape(words, quote=False)  # an apostrophe needs no escape between tags

    money = t.number
    options = ", ".join(f"{k}={v}" for k, v in r.options.items())
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{e(t.language)}"><head><meta charset="utf-8">',
        f"<title>{text(t('report.page_title', title=r.title))}</title><style>{STYLE}</style></head><body>",
        f"<h1>{text(t('report.heading', title=r.title))}</h1>",
        f"<p>{e(t('report.facts', options=options, seed=str(r.seed), names=', '.join(r.names)))}</p>",
    ]
    if not r.finished:
        out.append(f'<p class="note">{e(t("report.unfinished"))}</p>')
    if r.scores:
        out.append(
            f"<h2>{e(t('report.result'))}</h2><table><tr><th>{e(t('report.player'))}</th>"
            f"<th>{e(t('report.score'))}</th><th></th></tr>"
        )
        for s, name in enumerate(r.names):
            out.append(
                f"<tr><td>{e(name)}</td><td>{money(r.scores[s])}</td>"
                f"<td>{e(t('report.winner')) if s in r.winners else ''}</td></tr>"
            )
        out.append("</table>")
    if missing is not None and r.measures:
        out.append(f'<p class="note">{e(t("report.no_charts", why=missing))}</p>')
    for caption, path in charts:
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        out.append(
            f'<figure><img alt="{e(caption)}" src="data:image/png;base64,{data}">'
            f"<figcaption>{e(caption)}</figcaption></figure>"
        )
    if r.years:
        out.append(f"<h2>{e(t('report.balance_sheets'))}</h2>")
        for s, name in enumerate(r.names):
            if not r.years[s]:
                continue
            out.append(f"<h3>{e(name)}</h3>")
            out.append(_balance_sheets(r.years[s], t))
            if r.statements and r.statements[s]:
                out.append(_statements(r.statements[s], t))
    elif r.sheets:
        out.append(f"<h2>{e(t('report.final_sheets'))}</h2>")
        for sheet in r.sheets:
            s = int(sheet.get("seat", 0))
            out.append(f"<h3>{e(r.names[s])}</h3><table>")
            for label, value in sheet.get("assets", []):
                out.append(f"<tr><td>{e(_label(label, t))}</td><td>{money(int(value))}</td></tr>")
            for label, value in sheet.get("liabilities", []):
                less = t("report.less", label=_label(label, t))
                out.append(f"<tr><td>{e(less)}</td><td>{money(int(value))}</td></tr>")
            result = money(int(sheet.get("profit", 0)))
            out.append(f"<tr><th>{e(t('report.sheet_result'))}</th><th>{result}</th></tr></table>")
    if r.events:
        out.append(
            f"<h2>{e(t('report.events'))}</h2><table><tr><th>{e(t.label(r.x_label))}</th>"
            f"<th>{e(t('report.what_happened'))}</th></tr>"
        )
        for when, what in r.events:
            out.append(f'<tr><td>{when}</td><td class="text">{e(t.text(what))}</td></tr>')
        out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _label(label: Any, t: _Words) -> str:
    """A sheet's row label: a message in the report's language, a plain string as it is."""
    return t.text(label) if isinstance(label, (Message, str)) else str(label)


def _balance_sheets(years: list[YearEnd], t: _Words) -> str:
    """The balance sheets of one business, a column per year end, each side with its total.

    The profit closes the liabilities side, as in the rulebook's example, so both totals are
    the same. Its row is named for every column at once: "Profit" or "Loss" when all columns
    agree, else "Profit (loss)" with each loss negative."""
    e = html.escape
    money = t.number
    head = "".join(
        "<th>"
        + e(t("report.year_end_final", round=y.round) if y.final else t("report.year_end", year=y.year, round=y.round))
        + "</th>"
        for y in years
    )
    labels_a = [_label(label, t) for label, _ in years[0].assets]
    labels_l = [_label(label, t) for label, _ in years[0].liabilities[:-1]]
    if all(y.profit >= 0 for y in years):
        result = t("pb.row.profit")
    elif all(y.profit < 0 for y in years):
        result = t("pb.row.loss")
    else:
        result = t("report.profit_loss")

    def row(label: str, values: list[int], cell: str = "td") -> str:
        return f"<tr><{cell}>{e(label)}</{cell}>" + "".join(f"<{cell}>{money(v)}</{cell}>" for v in values) + "</tr>"

    caption = t("report.balance_sheet_unit", unit=t.unit())
    rows = [f"<caption>{e(caption)}</caption><tr><th>{e(t('report.assets'))}</th>{head}</tr>"]
    for i, label in enumerate(labels_a):
        rows.append(row(label, [y.assets[i][1] for y in years]))
    rows.append(row(t("report.total_assets"), [sum(v for _, v in y.assets) for y in years], "th"))
    rows.append(f"<tr><th>{e(t('report.liabilities'))}</th>{'<th></th>' * len(years)}</tr>")
    for i, label in enumerate(labels_l):
        rows.append(row(label, [y.liabilities[i][1] for y in years]))
    rows.append(row(result, [y.liabilities[-1][1] for y in years]))
    rows.append(row(t("report.total_liabilities"), [sum(v for _, v in y.liabilities) for y in years], "th"))
    return "<table>" + "".join(rows) + "</table>"


def _statements(statements: list[JSON], t: _Words) -> str:
    e = html.escape
    money = t.number
    heads = ("report.year", "report.profit", "report.loss_offset", "report.tax", "report.after_tax")
    rows = [
        f"<caption>{e(t('report.statements', unit=t.unit()))}</caption>"
        "<tr>" + "".join(f"<th>{e(t(h))}</th>" for h in heads) + "</tr>"
    ]
    for st in statements:
        rows.append(
            f"<tr><td>{st['year']}</td><td>{money(st['profit'])}</td><td>{money(st['loss_offset'])}</td>"
            f"<td>{money(st['tax'])}</td><td>{money(st['profit'] - st['tax'])}</td></tr>"
        )
    return "<table>" + "".join(rows) + "</table>"
