"""``tycoon report GAME.jsonl`` on records of seeded bot games: the teacher's hand-out.

The records are played afresh from their seeds, so they always follow the rules of the day."""

from __future__ import annotations

import html
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from rich.console import Console

from tycoon.cli.main import main
from tycoon.core import load, play, read, replay
from tycoon.games.playboss import report as playboss_sheets
from tycoon.sim import make_agent
from tycoon.sim.lab.gamereport import GameReport, YearEnd, game_report, write_game_report
from tycoon.words import render

pytest.importorskip("matplotlib")


def _record_file(folder: Path, game_id: str, config: dict[str, object], seed: int) -> Path:
    game = load(game_id, **config)  # type: ignore[arg-type]
    bots = [make_agent(game_id, "bot") for _ in range(game.num_seats)]
    path = folder / f"{game_id}-seed{seed}.jsonl"
    play(game, bots, seed).record.save(path)
    return path


@pytest.fixture(scope="module")
def playboss_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three Playboss bots, two business years with step 4 (taxation): the first seed from 7 on
    at which a business pays tax on its first year, so that the statements have a tax to show."""
    folder = tmp_path_factory.mktemp("records")
    for seed in range(7, 40):
        path = _record_file(folder, "playboss", {"players": 3, "years": 2, "steps": [4]}, seed)
        sheets = playboss_sheets(replay(read(path)[0]))
        if any(sheet["statements"] and sheet["statements"][0]["tax"] > 0 for sheet in sheets):
            return path
    raise AssertionError("no seed from 7 to 39 has a business that pays tax on its first year")


@pytest.fixture(scope="module")
def biznes_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three Biznes po polsku bots, 20 rounds, seed 4."""
    return _record_file(tmp_path_factory.mktemp("records"), "biznes_po_polsku", {"players": 3, "rounds": 20}, 4)


def test_a_playboss_report_has_each_years_balance_sheet_statement_and_tax(playboss_file: Path) -> None:
    record = read(playboss_file)[0]
    r = game_report(record)
    final = replay(record)
    sheets = playboss_sheets(final)
    outcome = final.outcome()
    assert r.scores == list(outcome.scores) and r.winners == list(outcome.winners)
    for seat, sheet in enumerate(sheets):
        years = r.years[seat]
        # The last sheet is the end of the game's, and equals the game's own balance sheet.
        assert years[-1].final and years[-1].profit == sheet["profit"]
        assert [[render(label), value] for label, value in years[-1].assets] == sheet["assets"]
        # Step 4: the statements and their tax are the game's.
        assert r.statements[seat] == sheet["statements"]
    # A business that paid tax on year 1's profit shows, on its year-end sheet, what remained.
    taxed = [seat for seat in range(3) if r.statements[seat] and r.statements[seat][0]["tax"] > 0]
    assert taxed
    for seat in taxed:
        first = r.statements[seat][0]
        assert first["year"] == 1 and first["tax"] > 0
        assert r.years[seat][0].year == 1 and r.years[seat][0].profit == first["profit"] - first["tax"]
    # The big events: every risk card drawn and every machine bought, in order.
    risk = [m for m in record.moves if m.seat == -1 and m.action.get("kind") == "risk"]
    machines = [m for m in record.moves if m.action.get("kind") == "invest"]
    assert len([e for e in r.events if "risk card" in render(e[1])]) == len(risk) > 0
    assert len([e for e in r.events if "buys a machine" in render(e[1])]) == len(machines) > 0
    # Capital, cash and debt after every round: the last point is the end of the game.
    assert r.series[1][-1].values["capital"] == sheets[1]["profit"] + 20_000


def test_tycoon_report_writes_the_page_and_its_chart(playboss_file: Path, tmp_path: Path) -> None:
    console = Console(record=True, width=120)
    page = tmp_path / "class-game.html"
    assert main(["report", str(playboss_file), "--out", str(page)], console=console) == 0
    text = page.read_text(encoding="utf-8")
    r = game_report(read(playboss_file)[0])
    taxes = [st["tax"] for sts in r.statements for st in sts if st["tax"] > 0]
    assert "Financial statements with taxation" in text and f"{taxes[0]:,}" in text and f"{max(r.scores):,}" in text
    assert "data:image/png;base64," in text and (tmp_path / "class-game-1.png").exists()
    assert "winner" in console.export_text()


def test_a_biznes_report_follows_money_and_holdings(biznes_file: Path) -> None:
    record = read(biznes_file)[0]
    r = game_report(record)
    assert r.measures == ["cash", "fortune", "firms", "investments"]
    assert r.series[0][0].values["cash"] == 15_000 and r.series[0][0].values["firms"] == 0
    # The last point is the end of the game: each fortune is the score.
    assert [s[-1].values["fortune"] for s in r.series] == r.scores
    assert any(p.values["firms"] > 0 for s in r.series for p in s)


def test_a_record_cut_short_is_reported_so_far(playboss_file: Path, tmp_path: Path) -> None:
    lines = playboss_file.read_text(encoding="utf-8").splitlines()[:80]
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines) + "\n", encoding="utf-8")
    console = Console(record=True, width=120)
    assert main(["report", str(cut)], console=console) == 0
    assert "stops before the end of the game" in console.export_text()
    assert (tmp_path / "cut.html").exists()


class _Tables(HTMLParser):
    """Every ``<table>`` of a page as rows of (tag, text, style) cells, and every figure caption."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[tuple[str, str, str]]]] = []
        self.captions: list[str] = []
        self._cell: list[str] | None = None
        self._tag = ""
        self._style = ""
        self._in_caption = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell, self._tag, self._style = [], tag, dict(attrs).get("class") or ""
        elif tag == "figcaption":
            self._in_caption = True
            self.captions.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append((self._tag, "".join(self._cell), self._style))
            self._cell = None
        elif tag == "figcaption":
            self._in_caption = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        if self._in_caption:
            self.captions[-1] += data


def _year(year: int, cash: int, final: bool = False) -> YearEnd:
    """A year-end sheet of a business that holds only cash, against 20,000 starting capital."""
    assets = [("Machines", 10_000), ("Cash", cash)]
    profit = 10_000 + cash - 20_000 - 5_000
    liabilities = [("Bank debt", 5_000), ("Starting capital", 20_000), ("Profit" if profit >= 0 else "Loss", profit)]
    return YearEnd(year, year * 10, assets, liabilities, profit, final)


def _sheet_rows(years: list[YearEnd], tmp_path: Path) -> list[list[tuple[str, str, str]]]:
    report = GameReport("playboss", "Playboss", {}, 1, ["Ann"], "Marks", [[]], [], years=[years])
    page = write_game_report(report, tmp_path / "sheet.html")
    parser = _Tables()
    parser.feed(page.read_text(encoding="utf-8"))
    (sheet,) = [t for t in parser.tables if t and t[0] and t[0][0][1] == "assets"]
    return sheet


def test_the_profit_row_says_profit_or_loss_in_each_column_and_the_sheet_has_totals(tmp_path: Path) -> None:
    # A loss in year 1 (-2,250), profits after it: the live game's sheet says "Loss" for the
    # first and "Profit" for the others; the report must not call all three a loss.
    years = [_year(1, 12_750), _year(2, 25_850), _year(3, 41_050, final=True)]
    rows = {row[0][1]: [cell[1] for cell in row[1:]] for row in _sheet_rows(years, tmp_path)}
    assert "Loss" not in rows and "Profit" not in rows
    assert rows["Profit (loss)"] == ["-2,250", "10,850", "26,050"]
    # Both sides add up to the same total in every column.
    assert rows["Total assets"] == ["22,750", "35,850", "51,050"]
    assert rows["Total liabilities"] == rows["Total assets"]


def test_a_sheet_of_profits_only_says_profit(tmp_path: Path) -> None:
    rows = {row[0][1]: [cell[1] for cell in row[1:]] for row in _sheet_rows([_year(1, 30_000)], tmp_path)}
    assert rows["Profit"] == ["15,000"]


def test_the_events_are_left_aligned_and_captions_name_no_file(playboss_file: Path, tmp_path: Path) -> None:
    page = write_game_report(game_report(read(playboss_file)[0]), tmp_path / "class.html")
    text = page.read_text(encoding="utf-8")
    parser = _Tables()
    parser.feed(text)
    assert parser.captions and not any(".png" in c for c in parser.captions)
    (events,) = [t for t in parser.tables if t and [c[1] for c in t[0]] == ["round", "what happened"]]
    # The second column is text: it reads from the left, as every column styled "text" does.
    assert all(row[1][2] == "text" for row in events[1:]) and "td.text" in text and "text-align: left" in text


def test_tycoon_report_without_the_lab_extra_writes_the_tables_and_says_how_to_get_the_charts(
    playboss_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The README's Play install has no matplotlib: the hand-out still has every table.
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    console = Console(record=True, width=200)
    page = tmp_path / "class-game.html"
    assert main(["report", str(playboss_file), "--out", str(page)], console=console) == 0
    text = page.read_text(encoding="utf-8")
    assert "Balance sheet" in text and "The big events" in text and "data:image/png" not in text
    assert "pip install 'tycoon[lab]'" in html.unescape(text) and not list(tmp_path.glob("*.png"))
    said = console.export_text()
    assert "without its charts" in said and "pip install 'tycoon[lab]'" in said
