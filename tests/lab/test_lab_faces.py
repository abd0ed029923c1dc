"""A game from outside tycoon in the lab, with the probe, the report's watcher and the unit its
spec names (``dice_faces``): simulated and reported, run as an experiment and reported, and
refused by the board study it names none of."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

import dice_faces
from dice_faces.lab import DiceWatcher
from tycoon.cli.main import main
from tycoon.core import read
from tycoon.sim.lab.gamereport import game_report
from tycoon.sim.lab.store import read_rows

pytest.importorskip("pyarrow")
pytest.importorskip("matplotlib")

EXPERIMENT = f"""
name = "race"
game = "{dice_faces.ID}"
seed = 3
games = 5

[options]
rounds = 4

[[lineups]]
name = "random"
seats = ["random", "random"]
"""


def test_a_simulated_game_is_reported_with_the_game_s_own_figures(tmp_path: Path) -> None:
    records = tmp_path / "races.jsonl"
    console = Console(record=True, width=200)
    argv = ["simulate", dice_faces.ID, "--games", "3", "--seats", "random,random", "--seed", "2"]
    assert main([*argv, "--rounds", "4", "--out", str(records)], console=console) == 0
    record = read(records)[0]
    report = game_report(record)
    assert report.unit == "points" and report.measures == DiceWatcher.measures and report.x_label == "roll"
    rolls = sum(1 for m in record.moves if m.action["kind"] == "face")
    # A point at the start, one after every roll and one at the end, which is what each seat banked.
    assert [len(points) for points in report.series] == [rolls + 2] * 2
    assert [points[-1].values["banked"] for points in report.series] == report.scores
    ones = sum(1 for m in record.moves if m.action == {"kind": "face", "value": 1})
    assert len(report.events) == ones and all("rolls a 1" in what for _, what in report.events)
    page = tmp_path / "race.html"
    assert main(["report", str(records), "--game-index", "0", "--out", str(page)], console=console) == 0
    text = page.read_text(encoding="utf-8")
    assert "<h1>Dice race with faces: the game's report</h1>" in text
    assert "Each player&#x27;s banked over the game." in text and "data:image/png;base64," in text


def test_an_experiment_notes_what_the_game_s_probe_notes_and_reports_in_its_unit(tmp_path: Path) -> None:
    plan = tmp_path / "race.toml"
    plan.write_text(EXPERIMENT, encoding="utf-8")
    out = tmp_path / "results"
    console = Console(record=True, width=200)
    assert main(["lab", "run", str(plan), "--out", str(out), "--workers", "1"], console=console) == 0
    _, rows = read_rows(out)
    assert len(rows) == 5
    for row in rows:
        assert row["checkpoint"] == "round" and 1 <= row["rounds"] <= 4
        # The banked points at the start, as each new round begins and at the end, where they
        # are what the seat scored.
        assert [len(worth) for worth in row["worth"]] == [row["rounds"] + 1] * 2
        assert [worth[0] for worth in row["worth"]] == [0, 0]
        assert [worth[-1] for worth in row["worth"]] == row["scores"]
        assert all(worth == sorted(worth) for worth in row["worth"])  # banked points never go down
    assert main(["lab", "report", str(out)], console=console) == 0
    page = (out / "report" / "report.html").read_text(encoding="utf-8")
    assert "Final scores (points)" in page


def test_the_board_study_says_which_games_it_is_for(tmp_path: Path) -> None:
    board = tmp_path / "board.toml"
    board.write_text("", encoding="utf-8")
    console = Console(record=True, width=200)
    assert main(["lab", "balance", dice_faces.ID, "--board", str(board), "--games", "2"], console=console) == 1
    said = console.export_text()
    assert "the board-balance study is for biznes_po_polsku and playboss, not 'dice-faces'" in said
