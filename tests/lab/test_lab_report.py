"""An experiment's report: its numbers are the Parquet data's; the page and plots are written;
the command line runs and reports as a user would."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

from tycoon.cli.main import main
from tycoon.sim.lab.experiment import read_experiment
from tycoon.sim.lab.report import findings, write
from tycoon.sim.lab.run import run_experiment
from tycoon.sim.stats import wilson_interval

pq = pytest.importorskip("pyarrow.parquet")
pytest.importorskip("matplotlib")


def test_the_reports_numbers_are_the_parquet_datas(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    run_experiment(read_experiment(tiny), out, workers=1)
    f, page = write(out)
    table = pq.read_table(out / "games.parquet").to_pylist()
    for stats in f.cells:
        games = [r for r in table if r["cell"] == stats.cell]
        assert stats.games == len(games) == 6
        # The start player's wins, counted here from the rows themselves.
        wins = sum(1 / len(r["winners"]) for r in games if (r["first_seat"] in r["winners"]))
        assert stats.by_place[0].wins == pytest.approx(wins)
        assert (stats.by_place[0].low, stats.by_place[0].high) == pytest.approx(wilson_interval(wins, 6))
        bot_wins = sum(1 / len(r["winners"]) for r in games for w in r["winners"] if r["kinds"][w] == "bot")
        assert stats.by_kind["bot"].rate == pytest.approx(bot_wins / 6)
        scores = [s for r in games for s in r["scores"]]
        assert stats.score.mean == pytest.approx(sum(scores) / len(scores))
        assert stats.eliminations == sum(len(r["eliminated"]) for r in games)
        assert stats.rounds is not None and stats.rounds.mean == pytest.approx(sum(r["rounds"] for r in games) / 6)
    # The page shows those figures, and embeds its plots.
    text = page.read_text(encoding="utf-8")
    assert f.cells[0].by_place[0].text() in text
    assert f.comparisons and f.comparisons[0].sentence.split(":")[0] in text
    pictures = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', text)
    assert len(pictures) >= 5
    # Each plot's caption says what it shows, not the name of a file the page does not need.
    assert not re.findall(r"<figcaption>[^<]*\.png", text)
    for png in page.parent.glob("*.png"):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # The variant against the base: the difference is the two rates' difference.
    comp = f.comparisons[0]
    assert [n.cell.variant for n in f.needed] == ["base", "steps=4", "steps=4"]
    assert comp.by_place[0].value == pytest.approx(f.cells[1].by_place[0].rate - f.cells[0].by_place[0].rate)
    assert comp.by_place[0].low < comp.by_place[0].value < comp.by_place[0].high


def test_how_many_games_narrow_an_interval() -> None:
    from tycoon.sim.lab.analysis import Rate, games_for_difference, games_for_width

    # 9,604 games give a 50% rate ± 1 point (the textbook figure); a Wilson interval of that many
    # games is that wide.
    assert games_for_width(0.5, 0.01) == 9604
    assert Rate.of(4802, 9604).half_width == pytest.approx(0.01, abs=2e-5)
    assert games_for_width(0.25, 0.014) == 3675
    # Two cells of 25%: each needs twice the games for the same width of their difference.
    assert games_for_difference(0.25, 0.25, 0.01) == 14406


def test_the_command_line_runs_reports_and_exports(tiny: Path, tmp_path: Path) -> None:
    console = Console(record=True, width=140)
    out = tmp_path / "run"
    assert (
        main(
            ["lab", "run", str(tiny), "--out", str(out), "--workers", "2", "--csv", str(tmp_path / "g.csv")],
            console=console,
        )
        == 0
    )
    assert main(["lab", "report", str(out), "--width", "2"], console=console) == 0
    text = console.export_text()
    assert "12 games played on processes (2)" in text
    assert "12 rows written to" in text
    assert "the start player wins" in text and "more games" in text
    assert (out / "report" / "report.html").exists()
    f = findings(out, 0.02)
    assert f.needed[0].sentence() in text.replace("\n", " ") or f.needed[0].sentence()[:40] in text
    assert main(["lab", "run", str(tiny), "--out", str(out)], console=console) == 0
    assert "12 games were already in" in console.export_text()


def test_a_bad_experiment_is_one_line_on_the_command_line(tmp_path: Path) -> None:
    console = Console(record=True, width=200)
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "playboss"\n[[lineups]]\nseats = ["bot", "genius"]\n', encoding="utf-8")
    assert main(["lab", "run", str(bad), "--out", str(tmp_path / "x")], console=console) == 1
    assert "tycoon: line-up 'bot-genius': unknown agent kind 'genius' for playboss" in console.export_text()
    assert main(["lab", "report", str(tmp_path / "nothing")], console=console) == 1
    assert "holds no experiment results" in console.export_text()


def test_a_rate_of_nothing_or_everything_lies_within_its_interval() -> None:
    from tycoon.sim.lab.analysis import Rate

    for wins, trials in ((0, 300), (300, 300), (0, 1), (1, 1), (0, 7)):
        r = Rate.of(wins, trials)
        assert r.low <= r.rate <= r.high


def test_a_report_of_an_unfinished_run_says_so(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"

    def stop_after_four(done: int, total: int) -> None:
        if done >= 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_experiment(read_experiment(tiny), out, workers=1, chunk=1, progress=stop_after_four)
    console = Console(record=True, width=200)
    assert main(["lab", "report", str(out)], console=console) == 0
    assert "4 of the 12 games planned are done" in console.export_text()
    assert "4 played of 12 planned" in (out / "report" / "report.html").read_text(encoding="utf-8")
