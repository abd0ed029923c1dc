"""``tycoon lab ladder``: a seeded round robin of agents rated with openskill."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from rich.console import Console

from tycoon.cli import main
from tycoon.core.errors import InvalidConfig
from tycoon.core.game import Outcome
from tycoon.sim.lab.ladder import CSV_COLUMNS, ladder, line_ups, standing

pytest.importorskip("openskill")


def test_line_ups_are_every_choice_of_agents_and_repeat_some_when_seats_outnumber_them() -> None:
    assert line_ups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert line_ups(["a", "b", "c"], 4) == [("a", "b", "c", "a"), ("a", "b", "c", "b"), ("a", "b", "c", "c")]


def test_the_standing_puts_the_winners_first_then_scores_then_who_went_out_first_last() -> None:
    assert standing(Outcome(scores=(10, 30, 20), winners=(1,))) == [3, 1, 2]
    assert standing(Outcome(scores=(5, 5, 0, 0), winners=(0, 1), eliminated=(3, 2))) == [1, 1, 3, 4]
    assert standing(Outcome(scores=(7, 3, 3), winners=(0,))) == [1, 2, 2]


def test_a_ladder_is_the_same_for_a_seed_and_counts_every_game() -> None:
    first = ladder("die_bosse", ["random", "normal"], games=4, players=(2, 3), seed=5)
    again = ladder("die_bosse", ["random", "normal"], games=4, players=(2, 3), seed=5)
    assert first == again
    assert [r.agent for r in first.rungs] == ["normal", "random"]
    assert all(r.games == 8 for r in first.rungs)
    # Every game has a winner (ties share one): 8 games in all.
    assert sum(r.wins for r in first.rungs) == pytest.approx(8)
    normal, rand = first.rungs
    assert normal.mu > rand.mu and normal.interval[0] < normal.mu < normal.interval[1]


def test_a_ladder_played_by_two_processes_is_the_ladder_of_one() -> None:
    kinds = ["random", "easy", "normal"]
    alone = ladder("die_bosse", kinds, games=6, players=(2, 3), seed="w")
    shared = ladder("die_bosse", kinds, games=6, players=(2, 3), seed="w", workers=2)
    assert shared == alone
    with pytest.raises(InvalidConfig, match="at least 1 worker"):
        ladder("die_bosse", kinds, games=1, players=(2,), workers=0)


def test_the_csv_holds_the_table(tmp_path: Path) -> None:
    result = ladder("die_bosse", ["random", "easy"], games=2, players=(2,), seed=1)
    path = tmp_path / "ladder.csv"
    result.write_csv(path)
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [r["agent"] for r in rows] == [r.agent for r in result.rungs]
    assert float(rows[0]["rating"]) == round(result.rungs[0].mu, 2)
    assert int(rows[0]["games"]) == 2


def test_bad_numbers_of_players_and_games_are_refused() -> None:
    with pytest.raises(InvalidConfig, match="Die Bosse takes 2 to 6 players, not 9"):
        ladder("die_bosse", ["random", "easy"], games=1, players=(9,))
    with pytest.raises(InvalidConfig, match="at least 2 agents"):
        ladder("die_bosse", ["random"], games=1)


def test_the_command_prints_a_row_per_agent_and_writes_the_csv(tmp_path: Path) -> None:
    console = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    out = tmp_path / "l.csv"
    code = main(
        ["lab", "ladder", "die_bosse", "--agents", "random,bot", "--games", "2", "--players", "2", "--csv", str(out)],
        console=console,
    )
    assert code == 0
    text = console.export_text()
    assert "interval (mu ± 2σ)" in text
    rows = [line.split() for line in text.splitlines() if line.strip().startswith(("bot ", "random "))]
    assert [row[0] for row in rows] == ["bot", "random"]
    assert out.read_text(encoding="utf-8").startswith(",".join(CSV_COLUMNS))


def test_the_command_names_the_known_agents_for_an_unknown_one() -> None:
    console = Console(file=io.StringIO(), width=200, record=True, color_system=None)
    assert main(["lab", "ladder", "die_bosse", "--agents", "random,genius", "--games", "1"], console=console) == 1
    assert (
        "unknown agent kind 'genius' for die_bosse; known kinds: random, easy, normal, hard, bot"
        in console.export_text()
    )
