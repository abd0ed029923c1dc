"""``tycoon simulate`` and ``tycoon games`` on the coin flip test game."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

from rich.console import Console

import tycoon
from tycoon.cli import main
from tycoon.core import read, replay
from tycoon.sim import simulate


def test_the_table_has_a_row_per_seat_and_the_game_lengths(console: Console) -> None:
    argv = ["simulate", "coinflip", "--games", "200", "--seats", "heads,bold", "--seed", "11"]
    assert main([*argv, "--rounds", "4"], console=console) == 0
    text = console.export_text()
    report = simulate("coinflip", {"rounds": 4}, ["heads", "bold"], games=200, seed=11)
    assert "coinflip (players=2, rounds=4) — 200 games, seed 11" in text
    for s in report.seats:
        low, high = s.win_interval
        wins = f"{s.wins:.2f}".rstrip("0").rstrip(".")
        row = (
            rf"\s{s.seat + 1}\s+{s.kind}\s+{re.escape(wins)}\s+{s.win_rate:.1%}\s+{low:.1%}–{high:.1%}\s+"
            rf"{s.score.mean:.1f} ± {s.score.sd:.1f}\s+{s.eliminations}\s"
        )
        assert re.search(row, text), row
    length = report.length
    assert f"Game length: mean {length.mean:.1f} ± {length.sd:.1f} actions" in text
    assert report.rounds is not None
    assert f"Rounds: mean {report.rounds.mean:.1f} ± {report.rounds.sd:.1f} rounds" in text


def test_out_writes_every_record_as_json_lines(console: Console, tmp_path: Path) -> None:
    out = tmp_path / "batch.jsonl"
    argv = ["simulate", "coinflip", "-n", "25", "--seats", "random,bold", "--out", str(out)]
    assert main(argv, console=console) == 0
    records = read(out)
    assert len(records) == 25
    assert [r.seed for r in records] == [f"0:{i}" for i in range(25)]
    for record in records:
        assert record.result is not None
        assert list(replay(record).outcome().scores) == record.result["scores"]
    assert f"25 records written to {out}." in console.export_text()


def test_workers_print_the_same_report(tmp_path: Path) -> None:
    def run(workers: str) -> str:
        console = Console(file=io.StringIO(), width=120, record=True, color_system=None)
        argv = ["simulate", "coinflip", "-n", "60", "--seats", "bold,random", "--workers", workers]
        assert main(argv, console=console) == 0
        return console.export_text()

    assert run("1") == run("3")


def test_game_options_pass_through_only_when_given(console: Console) -> None:
    main(["simulate", "coinflip", "-n", "3", "--seats", "heads,heads"], console=console)
    main(["simulate", "coinflip", "-n", "3", "--seats", "heads,heads", "-o", "rounds=2"], console=console)
    text = console.export_text()
    assert "coinflip (players=2) — 3 games" in text
    assert "coinflip (players=2, rounds=2) — 3 games" in text


def test_unknown_kinds_and_options_are_reported(console: Console) -> None:
    assert main(["simulate", "coinflip", "--seats", "heads,genius"], console=console) == 1
    assert main(["simulate", "coinflip", "--seats", "heads,heads", "-o", "colour=red"], console=console) == 1
    text = console.export_text()
    assert "unknown agent kind 'genius' for coinflip; known kinds: random, heads, bold" in text
    assert "coinflip has no option 'colour' (-o colour=red); its options: rounds" in text


def test_years_and_rounds_exclude_each_other(console: Console) -> None:
    assert main(["simulate", "playboss", "--seats", "bot,bot", "--years", "1", "--rounds", "2"], console=console) == 1
    assert "agree on one length: give years or rounds, not both" in console.export_text()


def test_the_progress_bar_runs_on_a_terminal() -> None:
    console = Console(file=io.StringIO(), width=100, force_terminal=True, color_system=None)
    assert main(["simulate", "coinflip", "-n", "5", "--seats", "heads,bold"], console=console) == 0


def test_games_lists_each_game_with_its_agents(console: Console) -> None:
    assert main(["games"], console=console) == 0
    text = console.export_text()
    assert "coinflip — " in text
    assert "agents for --seats: random, heads, bold" in text
    assert re.search(r"--rounds N  a whole number; default 3\n\s+flips per game", text)


def test_a_bad_out_path_fails_before_any_game(console: Console, tmp_path: Path) -> None:
    out = tmp_path / "no-such-folder" / "batch.jsonl"
    assert main(["simulate", "coinflip", "--seats", "heads,bold", "--out", str(out)], console=console) == 1
    text = console.export_text()
    assert f"--out {out}: the folder {out.parent} does not exist" in text
    assert "Game length" not in text


def test_the_command_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tycoon.cli", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert done.stdout.strip() == f"tycoon {tycoon.__version__}"
