"""``tycoon report GAME.jsonl`` on golden records: the teacher's hand-out."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from tycoon.cli.main import main
from tycoon.core import read, replay
from tycoon.games.playboss import report as playboss_sheets
from tycoon.sim.lab.gamereport import game_report

pytest.importorskip("matplotlib")

GOLDEN = Path(__file__).parent / "golden"
PLAYBOSS = GOLDEN / "playboss-steps4-3p-2y-seed7.jsonl"
"""Three Playboss bots, two business years with step 4 (taxation), seed 7."""
BIZNES = GOLDEN / "biznes-3p-20r-seed4.jsonl"
"""Three Biznes po polsku bots, 20 rounds, seed 4."""


def test_a_playboss_report_has_each_years_balance_sheet_statement_and_tax() -> None:
    record = read(PLAYBOSS)[0]
    r = game_report(record)
    final = replay(record)
    sheets = playboss_sheets(final)
    assert r.scores == [1450, 22350, 12050] and r.winners == [1]
    for seat, sheet in enumerate(sheets):
        years = r.years[seat]
        # The last sheet is the end of the game's, and equals the game's own balance sheet.
        assert years[-1].final and years[-1].profit == sheet["profit"]
        assert [list(row) for row in years[-1].assets] == sheet["assets"]
        # Step 4: the statements and their tax are the game's.
        assert r.statements[seat] == sheet["statements"]
    # Business 3 paid 2,000 Marks of tax on year 1's 6,150 profit, and its year-end sheet shows
    # the 4,150 that remained.
    assert r.statements[2][0] == {"year": 1, "profit": 6150, "loss_offset": 0, "tax": 2000}
    assert r.years[2][0].year == 1 and r.years[2][0].profit == 4150
    # The big events: every risk card drawn and every machine bought, in order.
    risk = [m for m in record.moves if m.seat == -1 and m.action.get("kind") == "risk"]
    machines = [m for m in record.moves if m.action.get("kind") == "invest"]
    assert len([e for e in r.events if "risk card" in e[1]]) == len(risk) > 0
    assert len([e for e in r.events if "buys a machine" in e[1]]) == len(machines) > 0
    # Capital, cash and debt after every round: the last point is the end of the game.
    assert r.series[1][-1].values["capital"] == sheets[1]["profit"] + 20_000


def test_tycoon_report_writes_the_page_and_its_chart(tmp_path: Path) -> None:
    console = Console(record=True, width=120)
    page = tmp_path / "class-game.html"
    assert main(["report", str(PLAYBOSS), "--out", str(page)], console=console) == 0
    text = page.read_text(encoding="utf-8")
    assert "Financial statements with taxation" in text and "2,000" in text and "22,350" in text
    assert "data:image/png;base64," in text and (tmp_path / "class-game-1.png").exists()
    assert "winner" in console.export_text()


def test_a_biznes_report_follows_money_and_holdings() -> None:
    record = read(BIZNES)[0]
    r = game_report(record)
    assert r.measures == ["cash", "fortune", "firms", "investments"]
    assert r.series[0][0].values["cash"] == 15_000 and r.series[0][0].values["firms"] == 0
    # The last point is the end of the game: each fortune is the score.
    assert [s[-1].values["fortune"] for s in r.series] == r.scores
    assert any(p.values["firms"] > 0 for s in r.series for p in s)


def test_a_record_cut_short_is_reported_so_far(tmp_path: Path) -> None:
    lines = PLAYBOSS.read_text(encoding="utf-8").splitlines()[:80]
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines) + "\n", encoding="utf-8")
    console = Console(record=True, width=120)
    assert main(["report", str(cut)], console=console) == 0
    assert "stops before the end of the game" in console.export_text()
    assert (tmp_path / "cut.html").exists()
