"""Reading game options, seeds, names and paths from the command line: each game's declared
options (its GameSpec) as flags or ``-o NAME=VALUE``, parsed by the game's own declarations."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from rich.console import Console

from tycoon.cli import build_parser, main
from tycoon.cli.options import OptionError, check_names, check_out, game_config, parse_seed, split_list
from tycoon.core.errors import InvalidConfig


def config(game: str, *argv: str) -> dict[str, object]:
    return game_config(build_parser().parse_args(["simulate", game, "--seats", "a,b", *argv]))


def test_flags_and_dash_o_are_parsed_by_the_game_declarations() -> None:
    assert config("playboss") == {}
    assert config("playboss", "--years", "3") == {"years": 3}
    assert config("playboss", "--steps", "2,4", "-o", "goal=sales-yield", "--sales-target", "40_000") == {
        "steps": [2, 4],
        "goal": "sales-yield",
        "sales_target": 40000,
    }
    assert config("biznes_po_polsku", "--forfeit-forgotten-salary", "yes") == {"forfeit_forgotten_salary": True}
    assert config("coinflip", "-o", "rounds=2") == {"rounds": 2}


@pytest.mark.parametrize(
    ("game", "argv", "message"),
    [
        ("die_bosse", ["--years", "2"], "Die Bosse has no option 'years' (--years 2); it takes no options"),
        (
            "biznes_po_polsku",
            ["--steps", "2"],
            "Biznes po polsku has no option 'steps' (--steps 2); "
            "its options: rounds, forfeit_forgotten_salary, board, los, niespodzianka ('tycoon games' lists them)",
        ),
        ("playboss", ["-o", "foo=3"], "Playboss has no option 'foo' (-o foo=3); its options: years, rounds, steps"),
        ("playboss", ["--years", "two"], "option 'years' takes a whole number, e.g. 1; not 'two'"),
        ("playboss", ["--years", "0"], "option 'years' is a whole number from 1 to 100; not 0"),
        ("playboss", ["--steps", "2,9"], "option 'steps' takes whole numbers from 1 to 6; not 9"),
        ("playboss", ["--goal", "fame"], "option 'goal' is one of profit, first-to-sales"),
        ("biznes_po_polsku", ["--forfeit-forgotten-salary", "maybe"], "takes yes or no; not 'maybe'"),
    ],
)
def test_an_option_a_game_does_not_take_gets_one_line_naming_those_it_does(
    game: str, argv: list[str], message: str, console: Console
) -> None:
    with pytest.raises(InvalidConfig) as caught:
        config(game, *argv)
    assert message in str(caught.value)
    assert main(["play", game, "--seats", "you,bot,bot", *argv], console=console) == 1
    text = console.export_text()
    assert text.startswith("tycoon: ") and message in text
    assert len(text.strip().splitlines()) == 1 and "Traceback" not in text


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("steps", "-o takes NAME=VALUE"),
        ("=3", "-o takes NAME=VALUE"),
        ("two words=3", "-o takes NAME=VALUE"),
        ("players=4", "the number of players comes from --seats"),
    ],
)
def test_bad_dash_o_says_what_is_expected(option: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        config("playboss", "-o", option)


def test_an_option_given_twice_is_refused() -> None:
    with pytest.raises(OptionError, match="'rounds' is given twice"):
        config("playboss", "--rounds", "3", "-o", "rounds=4")


def test_two_lengths_of_game_are_refused_by_the_game(console: Console) -> None:
    argv = ["simulate", "playboss", "--seats", "bot,bot", "--years", "1", "--rounds", "2"]
    assert main(argv, console=console) == 1
    assert "tycoon: " in console.export_text()


def test_seeds_and_lists() -> None:
    assert parse_seed("42") == 42 and parse_seed("spring-tournament") == "spring-tournament"
    assert split_list("you, bot,random") == ["you", "bot", "random"]


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["A", "A"], "--names gives 'A' twice; every seat needs a name of its own"),
        (["Ann", "ann"], "--names gives 'Ann' twice"),
        (["Ann", ""], "--names has an empty name"),
        (["Ann", "2"], "'2' is a number, and numbers stand for seats"),
        (["Ann"], "--names gives 1 name but --seats has 2 seats"),
    ],
)
def test_names_must_be_one_per_seat_and_all_different(names: list[str], message: str, console: Console) -> None:
    with pytest.raises(OptionError) as caught:
        check_names(names, 2)
    assert message in str(caught.value)
    assert main(["play", "coinflip", "--seats", "you,heads", "--names", ",".join(names)], console=console) == 1
    assert message in console.export_text()


def test_an_out_path_is_checked_before_anything_happens(tmp_path: Path, console: Console) -> None:
    with pytest.raises(OptionError, match=r"the folder .*no-such-folder does not exist"):
        check_out(tmp_path / "no-such-folder" / "x.jsonl")
    with pytest.raises(OptionError, match="that is a folder; give a file name"):
        check_out(tmp_path)
    check_out(tmp_path / "fine.jsonl")
    out = tmp_path / "nonexistent" / "dir" / "x.jsonl"
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return "quit"

    assert main(["play", "coinflip", "--seats", "you,heads", "--out", str(out)], console=console, ask=ask) == 1
    assert asked == []  # the game never started
    assert f"tycoon: --out {out}: the folder {out.parent} does not exist" in console.export_text()


def test_tycoon_games_lists_every_option_readably_at_80_columns() -> None:
    import io

    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    assert main(["games"], console=console) == 0
    lines = console.export_text().splitlines()
    assert all(len(line) <= 80 and line == line.rstrip() for line in lines)
    for flag in ("--years N", "--steps N,N,...", "--goal WORD", "--rounds N", "--forfeit-forgotten-salary yes|no"):
        assert any(line.startswith(f"  {flag}  ") for line in lines), flag
    # A paragraph that wraps goes on under its own indent, never back at the margin.
    from tycoon.core.registry import specs

    starts = (*(s.id for s in specs()), "Options go")
    assert all(line.startswith(("  ", *starts)) for line in lines if line)
    assert "      with step 5: the goal of the game (default profit)" in lines


def test_a_data_file_option_names_a_file_whose_text_the_game_takes(tmp_path: Path) -> None:
    shipped = resources.files("tycoon.games.playboss").joinpath("data", "board.toml").read_text(encoding="utf-8")
    board = tmp_path / "my-board.toml"
    board.write_text(shipped, encoding="utf-8")
    assert config("playboss", "--board", str(board)) == {"board": shipped}
    with pytest.raises(OptionError, match=r"--board .*nope\.toml: there is no such file"):
        config("playboss", "--board", str(tmp_path / "nope.toml"))
    with pytest.raises(OptionError, match="that is a folder; name a file"):
        config("playboss", "--risk-cards", str(tmp_path))


def test_the_representative_is_the_seat_number_the_table_shows() -> None:
    argv = ["play", "playboss", "--seats", "you,bot,bot", "--steps", "6"]
    # Seat 1 on the screen is the game's seat 0; 3 is the last of three.
    assert game_config(build_parser().parse_args([*argv, "--representative", "1"]))["representative"] == 0
    assert game_config(build_parser().parse_args([*argv, "-o", "representative=3"]))["representative"] == 2


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0", "--representative 0: there is no seat 0; the table has 3 seats, numbered from 1 as shown; choose 1 to 3"),
        ("4", "--representative 4: there is no seat 4; the table has 3 seats, numbered from 1 as shown; choose 1 to 3"),
        ("two", "--representative two: a seat is a whole number, as the table numbers the seats from 1; choose 1 to 3"),
    ],
)
def test_a_representative_seat_that_is_not_on_the_table_is_refused(value: str, message: str) -> None:
    console = Console(width=200, record=True, color_system=None)
    argv = ["play", "playboss", "--seats", "you,bot,bot", "--steps", "6", "--representative", value]
    assert main(argv, console=console) == 1
    assert console.export_text().strip() == f"tycoon: {message}"


def test_the_representative_seat_is_told_counted_from_1() -> None:
    console = Console(width=100, record=True, color_system=None)
    main(["games"], console=console)
    text = " ".join(console.export_text().split())
    assert "--representative N a seat number, from 1" in text
    assert "as the table numbers it, from 1" in text and "seat, from 0" not in text
