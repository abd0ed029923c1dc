"""Switching the expansion steps on, and the starting capital that goes with them.

Playboss II, "Prologue": "You can skip over expansion steps and use only ones further on ...
you can use step 1 and 3 without using step 2." II, "Starting Capital": "With any of the coming
expansion steps, all players receive the full 20,000 Marks right at the beginning of the game.
The payment of the second 10,000 Marks after the first round (year) goes away."
"""

from __future__ import annotations

import io
from itertools import combinations

import pytest
from rich.console import Console

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.agents import RandomAgent
from tycoon.cli import build_parser, main
from tycoon.cli.options import game_config
from tycoon.core import load, play, read, replay
from tycoon.core.errors import InvalidConfig
from tycoon.games.playboss.actions import DoNothing, FoundMarketing, Purchase
from tycoon.games.playboss.bot import PlaybossBot

from .helpers import check_books, land_on, new_game, options, space_of, told

IMPLEMENTED = (1, 2, 3, 4, 5)


@pytest.mark.parametrize("steps", [c for k in range(1, 6) for c in combinations(IMPLEMENTED, k)])
def test_every_combination_of_steps_1_to_5_can_be_chosen(steps: tuple[int, ...]) -> None:
    """II, "Prologue": any step alone or in any combination."""
    game = load("playboss", players=3, steps=list(steps))
    assert game.steps == steps
    assert game.config() == {"players": 3, "years": 3, "steps": list(steps)}
    assert load("playboss", **game.config()).config() == game.config()


def test_steps_are_kept_sorted_and_once_and_a_single_step_may_be_a_number() -> None:
    assert load("playboss", steps=[4, 2, 4]).config()["steps"] == [2, 4]
    assert load("playboss", steps=3).config()["steps"] == [3]
    assert load("playboss", steps=(5,)).steps == (5,)


def test_without_steps_the_configuration_is_the_base_models() -> None:
    game = load("playboss", players=4, years=2)
    assert game.config() == {"players": 4, "years": 2}
    assert game.steps == () and game.goal == "profit" and game.sales_target is None
    assert load("playboss", players=2, steps=[]).config() == {"players": 2, "years": 3}


def test_all_six_steps_together_name_the_worker_representative() -> None:
    game = load("playboss", players=4, steps=[6, 1, 2, 3, 4, 5])
    assert game.steps == (1, 2, 3, 4, 5, 6)
    assert game.config() == {"players": 4, "years": 3, "steps": [1, 2, 3, 4, 5, 6], "representative": 3}


@pytest.mark.parametrize("bad", [0, 7, "2", True, [2, "4"], [2.0]])
def test_unknown_steps_are_refused(bad: object) -> None:
    with pytest.raises(InvalidConfig, match="option 'steps' takes whole numbers"):
        load("playboss", steps=bad)


@pytest.mark.parametrize("steps", [[1], [2], [3], [4], [5], [1, 2, 3, 4, 5]])
def test_with_any_step_every_business_starts_with_the_full_20000(steps: list[int]) -> None:
    """II, "Starting Capital": the full 20,000 at the beginning."""
    state = new_game(3, steps=steps)
    for b in state.businesses:
        assert (b.cash, b.capital_received) == (20_000, 20_000)
    assert state.ledger_out == 60_000
    check_books(state)


def test_with_a_step_on_the_second_10000_after_the_first_lap_goes_away() -> None:
    """II, "Starting Capital": "The payment of the second 10,000 Marks ... goes away." """
    state = new_game(2, steps=[2])
    state.log = []
    red = space_of(state, "red")

    land_on(state, 0, red, pips=3)  # crosses start for the first time

    b = state.businesses[0]
    assert (b.cash, b.capital_received, b.laps) == (20_000, 20_000, 1)
    assert not any("second half" in line for line in told(state))
    assert state.balance_sheet(0).starting_capital == 20_000
    check_books(state)


def test_the_base_model_still_pays_the_capital_in_two_halves() -> None:
    """I, "Important!": unchanged when no step is on."""
    state = new_game(2)
    assert state.businesses[0].cash == 10_000
    land_on(state, 0, space_of(state, "red"), pips=3)
    assert state.businesses[0].cash == 20_000


def test_a_step_that_is_off_adds_nothing_to_the_game() -> None:
    """With step 2 alone there are no marketing organisations, and with step 3 alone a
    red-field purchase is not limited."""
    only2 = new_game(2, steps=[2])
    assert FoundMarketing() not in options(only2, 0)
    assert only2.expansion.troughs == []
    only3 = new_game(2, steps=[3])
    land_on(only3, 0, space_of(only3, "red", after=6), 2)
    assert Purchase(20) in options(only3, 0)
    only3.apply(DoNothing(), 0)


def test_records_of_games_with_steps_replay() -> None:
    game = load("playboss", players=2, years=1, steps=[2, 3, 4, 5], goal="sales-end-profit", sales_target=30_000)
    result = play(game, [PlaybossBot(), RandomAgent()], seed=3)
    rebuilt = replay(result.record)
    assert rebuilt.fingerprint() == result.state.fingerprint()
    assert result.record.config == game.config()


# --- the command line ------------------------------------------------------------------


def config(*argv: str) -> dict[str, object]:
    return game_config(build_parser().parse_args(["simulate", "playboss", "--seats", "bot,bot", *argv]))


def test_the_steps_flag_reads_a_comma_list() -> None:
    assert config("--steps", "2,4") == {"steps": [2, 4]}
    assert config("--steps", "5", "--years", "2") == {"years": 2, "steps": [5]}
    assert config() == {}


def test_the_steps_flag_refuses_what_is_not_a_list_of_numbers() -> None:
    with pytest.raises(InvalidConfig, match=r"option 'steps' takes a whole number, e\.g\. 1,2; not 'two'"):
        config("--steps", "two")


def test_the_steps_flag_and_the_steps_option_do_not_mix() -> None:
    from tycoon.cli.options import OptionError

    with pytest.raises(OptionError, match="'steps' is given twice"):
        config("--steps", "2", "-o", "steps=3")


def test_simulate_with_steps(tmp_path: object) -> None:
    from pathlib import Path

    out = Path(str(tmp_path)) / "games.jsonl"
    console = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    argv = ["simulate", "playboss", "-n", "3", "--seats", "bot,random", "--steps", "2,4", "--years", "1"]
    assert main([*argv, "--out", str(out)], console=console) == 0
    assert "steps=[2, 4]" in console.export_text()
    records = read(out)
    assert [r.config["steps"] for r in records] == [[2, 4]] * 3
    assert all(r.config["years"] == 1 for r in records)


def test_the_labour_market_without_a_seat_for_the_representative_is_refused_on_the_command_line() -> None:
    console = Console(file=io.StringIO(), width=200, record=True, color_system=None)
    argv = ["simulate", "playboss", "-n", "1", "--seats", "bot", "--steps", "6,2"]
    assert main(argv, console=console) == 1
    assert "needs a worker representative besides the businesses: at least 2 players" in console.export_text()


def test_the_labour_market_is_simulated_from_the_command_line(tmp_path: object) -> None:
    console = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    argv = ["simulate", "playboss", "-n", "2", "--seats", "bot,random,bot", "--steps", "6", "--years", "1"]
    assert main(argv, console=console) == 0
    assert "steps=[6]" in console.export_text()
