"""``tycoon lab balance``: the board-balance study for any board file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tycoon.cli.main import main
from tycoon.games.playboss.data import rules
from tycoon.sim.lab.balance import key_per_year, study

pytest.importorskip("pyarrow")

WHITE_MID = list(rules().board)
WHITE_MID[WHITE_MID.index("white")], WHITE_MID[21] = WHITE_MID[21], "white"


def board_file(tmp_path: Path) -> Path:
    path = tmp_path / "white-mid.toml"
    path.write_text(f"spaces = {WHITE_MID!r}\nstart_position = 1\n".replace("'", '"'), encoding="utf-8")
    return path


def test_the_exact_red_fields_per_year_are_docs_board_balance_figures() -> None:
    # docs/board-balance.md: on our board a business gets 5.38 ± 1.74 reds in year 1 (from
    # space 1) and 5.71 ± 1.81 in the later years.
    board = rules().board
    years = key_per_year(board, 1, 3, {i for i, k in enumerate(board) if k == "red"})
    means = [sum(k * p for k, p in d.items()) for d in years]
    assert [round(m, 2) for m in means] == [5.38, 5.71, 5.71]
    assert all(sum(d.values()) == pytest.approx(1) for d in years)


def test_a_study_compares_the_board_given_with_ours(tmp_path: Path) -> None:
    result = study("playboss", board_file(tmp_path), games=6, players=3, years=1, workers=1)
    ours, yours = result["boards"]["ours"], result["boards"]["yours"]
    assert yours["layout"]["kinds"][21] == "white" and ours["layout"]["kinds"][21] != "white"
    for b in (ours, yours):
        s = b["simulated"]
        assert s["games"] == 6
        assert sum(r[0] for r in s["seat_win_rate"]) == pytest.approx(1)
        assert sum(r[0] for r in s["place_win_rate"]) == pytest.approx(1)
        assert sum(s["space_share"]) == pytest.approx(1)
        assert b["exact"]["key_share"] == pytest.approx(20 / 43)
    # The same seeds on both boards: the first rolls are the same, the games then differ.
    assert ours["simulated"]["rounds"] > 0


def test_the_command_prints_the_study(tmp_path: Path) -> None:
    console = Console(record=True, width=200)
    args = ["lab", "balance", "playboss", "--board", str(board_file(tmp_path)), "--games", "4", "--players", "2"]
    assert main([*args, "--years", "1", "--workers", "1", "--json", str(tmp_path / "b.json")], console=console) == 0
    text = console.export_text()
    assert "Board balance, playboss: ours against white-mid.toml" in text
    assert "win rate per place in the turn order" in text and "reds in year 1" in text
    assert (tmp_path / "b.json").exists()


def test_biznes_designed_spaces_are_studied(tmp_path: Path) -> None:
    from importlib import resources

    text = resources.files("tycoon.games.biznes_po_polsku").joinpath("data", "board.toml").read_text("utf-8")
    path = tmp_path / "ours-again.toml"
    path.write_text(text, encoding="utf-8")
    console = Console(record=True, width=200)
    args = ["lab", "balance", "biznes_po_polsku", "--board", str(path), "--games", "3", "--players", "2"]
    assert main([*args, "--rounds", "8", "--workers", "1"], console=console) == 0
    out = console.export_text()
    assert "designed spaces 9 Los" in out and "13 Zwolnienie" in out
    # The same board and the same seeds: the same games, the same figures.
    result = study("biznes_po_polsku", path, games=3, players=2, rounds=8, workers=1)
    assert result["boards"]["ours"]["simulated"] == result["boards"]["yours"]["simulated"]


def test_a_board_file_that_is_not_there_says_where_boards_come_from(tmp_path: Path) -> None:
    console = Console(record=True, width=200)
    args = ["lab", "balance", "playboss", "--board", str(tmp_path / "my-board.toml"), "--games", "2"]
    assert main(args, console=console) == 1
    text = console.export_text()
    assert "no board file" in text and "my-board.toml" in text and "examples/experiments/boards/" in text
    assert "experiment file" not in text  # there is none


def _result(tmp_path: Path) -> dict[str, object]:
    return study("playboss", board_file(tmp_path), games=8, players=4, years=1, workers=1)


def test_the_study_ends_in_a_verdict_by_its_chi_square_tests(tmp_path: Path) -> None:
    from tycoon.sim.lab.balance import render

    result: dict[str, Any] = _result(tmp_path)
    yours = result["boards"]["yours"]["simulated"]
    yours["seat_chi2"], yours["place_chi2"] = [1.0, 0.61], [0.5, 0.85]
    (verdict,) = [line for line in render(result) if line.startswith("Verdict:")]
    assert verdict.startswith("Verdict: in balance") and "0.61" in verdict and "0.85" in verdict
    yours["place_chi2"] = [12.0, 0.004]
    (verdict,) = [line for line in render(result) if line.startswith("Verdict:")]
    assert verdict.startswith("Verdict: not in balance") and "turn order" in verdict and "4e-03" in verdict
    # Our own board failing by chance does not make the verdict on yours.
    result["boards"]["ours"]["simulated"]["seat_chi2"] = [12.0, 0.001]
    yours["place_chi2"] = [0.5, 0.85]
    (verdict,) = [line for line in render(result) if line.startswith("Verdict:")]
    assert verdict.startswith("Verdict: in balance")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_study_fits_in_100_columns(tmp_path: Path, players: int) -> None:
    from tycoon.sim.lab.balance import render

    result = study("playboss", board_file(tmp_path), games=4, players=players, years=3, workers=1)
    lines = render(result)
    assert max(len(line) for line in lines) <= 100, "\n".join(line for line in lines if len(line) > 100)
    assert "seat 1" in "\n".join(lines) and f"turn {players}" in "\n".join(lines)


def test_the_biznes_study_fits_in_100_columns(tmp_path: Path) -> None:
    from importlib import resources

    from tycoon.sim.lab.balance import render

    text = resources.files("tycoon.games.biznes_po_polsku").joinpath("data", "board.toml").read_text("utf-8")
    path = tmp_path / "ours-again.toml"
    path.write_text(text, encoding="utf-8")
    lines = render(study("biznes_po_polsku", path, games=3, players=4, rounds=8, workers=1))
    assert max(len(line) for line in lines) <= 100, "\n".join(line for line in lines if len(line) > 100)
