"""Experiment files: the grid of cells, the seeds, the line-ups, and what is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tycoon.core import load, play
from tycoon.sim import make_agent
from tycoon.sim.lab.experiment import ExperimentError, read_experiment
from tycoon.sim.lab.play import chunk_of, play_probed, play_row


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "exp.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_cells_are_every_variant_by_every_lineup_the_base_first(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
game = "playboss"
seed = 9
games = 3
[options]
years = 2
[variants]
steps = [[], [4]]
rounds = [10, 20]
[[lineups]]
name = "bots"
seats = ["bot", "bot"]
[[lineups]]
seats = ["bot", "random", "random"]
rotate = true
""",
    )
    with pytest.raises(ExperimentError, match=r"give years or rounds, not both"):
        read_experiment(path)
    path = write(tmp_path, path.read_text().replace("years = 2", ""))
    e = read_experiment(path)
    assert e.name == "exp" and e.total == 8 * 3
    assert [(c.variant, c.lineup.name) for c in e.cells][:4] == [
        ("base", "bots"),
        ("base", "bot-random-random-rotated"),
        ("rounds=20", "bots"),
        ("rounds=20", "bot-random-random-rotated"),
    ]
    assert e.cells[-1].variant == "steps=4, rounds=20"
    assert e.cells[-1].options == {"players": 3, "steps": (4,), "rounds": 20}
    assert e.cells[1].seed(e.seed, 7) == "9:base:bot-random-random-rotated:7"
    rotated = e.cells[1].lineup
    assert [rotated.kinds(g)[0] for g in range(4)] == [
        ("bot", "random", "random"),
        ("random", "random", "bot"),
        ("random", "bot", "random"),
        ("bot", "random", "random"),
    ]


def test_a_data_file_axis_gives_the_game_the_files_text(tmp_path: Path) -> None:
    board = 'spaces = ["start", "red", "green", "red", "blue", "red", "yellow", "white"]\nstart_position = 1\n'
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "short.toml").write_text(board, encoding="utf-8")
    path = write(
        tmp_path,
        """
game = "playboss"
[files]
board = ["base", "boards/short.toml"]
[[lineups]]
seats = ["bot", "bot"]
""",
    )
    e = read_experiment(path)
    assert [c.variant for c in e.cells] == ["base", "board=boards/short.toml"]
    assert "board" not in e.cells[0].options and e.cells[1].options["board"] == board
    row, _ = play_row(load("playboss", **e.cells[1].options), chunk_of(e, e.cells[1], (0,)), 0)
    assert row["var_board"] == "boards/short.toml" and len(row["landings"][0]) == 8


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('game = "chess"', r"unknown game 'chess'"),
        ('game = "playboss"\n[options]\ncolour = 3', r"Playboss has no option 'colour'; its options: years"),
        ('game = "playboss"\n[options]\nyears = 0\n[[lineups]]\nseats = ["bot"]', r"from 1 to 100; not 0"),
        ('game = "playboss"\n[options]\nplayers = 4', r"leave 'players' out of \[options\]"),
        ('game = "playboss"\nseats = 4', r"unknown key 'seats' in the experiment"),
        ('game = "playboss"', r"needs at least one line-up: \[\[lineups\]\]"),
        ('game = "playboss"\n[[lineups]]\nseats = ["bot", "genius"]', r"unknown agent kind 'genius' for playboss"),
        ('game = "playboss"\n[variants]\nsteps = [[], [9]]\n[[lineups]]\nseats = ["bot"]', r"cell steps=9 .*not 9"),
        ('game = "playboss"\n[variants]\nyears = 3\n[[lineups]]\nseats = ["bot"]', r"a list of the values to try"),
        ('game = "playboss"\n[files]\nboard = ["base", "nowhere.toml"]\n[[lineups]]\nseats = ["bot"]', r"no file"),
        ('game = "playboss"\ngames = 0\n[[lineups]]\nseats = ["bot"]', r"games \(per cell\) must be .* at least 1"),
        (
            'game = "playboss"\n[options]\nyears = 2\n[variants]\nyears = [1, 2]\n[[lineups]]\nseats = ["bot"]',
            r"more than once",
        ),
    ],
)
def test_a_bad_experiment_is_refused_with_what_would_be_right(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises((ExperimentError, ValueError), match=message):
        read_experiment(write(tmp_path, text))


def test_a_lab_game_is_the_game_the_driver_plays_from_the_same_seed() -> None:
    game = load("playboss", players=3, years=1, steps=[4])
    record, notes, actions = play_probed(game, ["bot", "random", "bot"], "x:base:l:3")
    agents = [make_agent("playboss", k) for k in ("bot", "random", "bot")]
    driven = play(game, agents, "x:base:l:3")
    assert record.moves == driven.record.moves and record.result == driven.record.result
    assert record.seats == driven.record.seats and actions == driven.actions
    assert notes.first_seat == driven.state.start_seat  # type: ignore[attr-defined]
    assert notes.rounds == driven.state.view(None)["round"]
    # Every seat's worth starts at 0 (profit), and each year's point is its balance sheet then.
    assert [series[0] for series in notes.worth] == [0, 0, 0]
    assert all(len(series) <= 2 for series in notes.worth)
    # Only die rolls move a Playboss piece, one landing each (the start rolls move none).
    rolls = sum(1 for m in record.moves if m.seat == -1 and "pips" in m.action)
    assert 0 < sum(map(sum, notes.landings)) < rolls


def test_a_paired_experiment_seeds_every_variant_alike(tmp_path: Path) -> None:
    text = 'game = "playboss"\nseed = 3\n[variants]\nyears = [1, 2]\n[[lineups]]\nname = "b"\nseats = ["bot", "bot"]\n'
    plain = read_experiment(write(tmp_path, text))
    assert [c.seed(plain.seed, 4, plain.paired) for c in plain.cells] == ["3:base:b:4", "3:years=2:b:4"]
    paired = read_experiment(write(tmp_path, "paired = true\n" + text))
    assert [c.seed(paired.seed, 4, paired.paired) for c in paired.cells] == ["3:paired:b:4"] * 2
    assert paired.identity() != plain.identity()


EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "experiments"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_example_experiment_reads_and_sets_its_games_up(path: Path) -> None:
    e = read_experiment(path)
    assert e.cells and e.total >= 100 and e.about


def test_there_is_an_example_per_game() -> None:
    assert {read_experiment(p).game for p in EXAMPLES.glob("*.toml")} == {"playboss", "die_bosse", "biznes_po_polsku"}
