"""The end of the game: its length, the final valuation, the balance sheet and the winner.

Playboss I, "Goal of the Game", "End of the Game" and "Explanations: Financial Statement and
Profit".
"""

from __future__ import annotations

import dataclasses

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import TERMINAL, IllegalAction, load, play
from tycoon.games.playboss import report
from tycoon.games.playboss.actions import Borrow
from tycoon.games.playboss.finance import BalanceSheet
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import OVER, TURN

from .helpers import (
    check_books,
    give_computer,
    give_machines,
    give_products,
    give_webs,
    land_on,
    new_game,
    options,
    owe,
    set_cash,
    space_of,
)

RULEBOOK_EXAMPLE = BalanceSheet(
    machines=30_000,
    computers=0,
    raw=150,
    finished=3_000,
    loans_given=0,
    cash=1_000,
    bank_debt=10_000,
    other_debt=2_000,
    starting_capital=20_000,
)
"""Playboss I, "Explanations: Financial Statement and Profit": 3 machines, 1 raw and 2
finished products, 1,000 cash; 10,000 bank debt and 2,000 other debt."""


def quiet_turn(state: PlaybossState, seat: int) -> None:
    """``seat`` lands on the write-off field without a machine: nothing happens, the turn ends."""
    land_on(state, seat, space_of(state, "white"))


# --- the length of the game -------------------------------------------------------------


def test_the_game_ends_after_the_round_in_which_a_business_completes_its_last_year() -> None:
    """Playboss I, "End of the Game": at the agreed time the current round is run to its end."""
    state = new_game(3, years=1)

    quiet_turn(state, 0)
    land_on(state, 1, 0)  # seat 1 completes its first business year
    assert state.businesses[1].laps == 1
    assert (state.phase, state.current_player()) == (TURN, 2)  # the round goes on
    quiet_turn(state, 2)

    assert state.phase == OVER and state.current_player() == TERMINAL
    assert state.rounds_done == 1
    assert options(state, 0) == []


def test_a_year_completed_by_the_start_player_lets_everybody_else_finish_the_round() -> None:
    """Playboss I, "End of the Game": the current round is run to its conclusion."""
    state = new_game(3, start=1, years=1)

    land_on(state, 1, 0)
    quiet_turn(state, 2)
    assert not state.is_terminal()
    quiet_turn(state, 0)

    assert state.is_terminal()


def test_the_years_count_laps_not_rounds() -> None:
    """Playboss I, "The Start Field": one crossing of start is one business year."""
    state = new_game(2, years=2)

    quiet_turn(state, 0)
    land_on(state, 1, 0)  # seat 1: year 1
    quiet_turn(state, 0)
    quiet_turn(state, 1)
    assert (state.rounds_done, state.is_terminal()) == (2, False)
    land_on(state, 0, 0)  # seat 0: year 1
    land_on(state, 1, 0)  # seat 1: year 2

    assert state.is_terminal()
    assert state.rounds_done == 3
    assert [b.laps for b in state.businesses] == [1, 2]


def test_the_rounds_option_ends_after_that_many_rounds() -> None:
    """Playboss I, "Goal of the Game": a fixed duration agreed before the game, here in rounds."""
    state = new_game(2, start=1, rounds=2)

    for seat in (1, 0, 1):
        quiet_turn(state, seat)
    assert not state.is_terminal()
    land_on(state, 0, 0)  # crossing start does not matter with a length in rounds

    assert state.is_terminal()
    assert state.rounds_done == 2


# --- valuation and profit ----------------------------------------------------------------


def test_every_asset_is_valued_as_the_rulebook_says() -> None:
    """Playboss I, "End of the Game": raw 150, finished 1,500, machines 10,000 (double ones
    too), purchased computers 20,000; WEBs nothing; minus 20,000 capital and the debts."""
    state = new_game(2)
    land_on(state, 0, 0)  # the second half of the starting capital: 20,000 received
    give_machines(state, 0, 1)
    give_machines(state, 0, 1, double=True)
    give_computer(state, 0)
    give_products(state, 0, raw=2, finished=3)
    give_webs(state, 0, 4)
    set_cash(state, 0, 7_000)
    owe(state, 0, 5_000)

    sheet = state.balance_sheet(0)

    assert sheet == BalanceSheet(
        machines=20_000,
        computers=20_000,
        raw=300,
        finished=4_500,
        loans_given=0,
        cash=7_000,
        bank_debt=5_000,
        other_debt=0,
        starting_capital=20_000,
    )
    assert sheet.total_assets == 51_800
    assert sheet.total_liabilities == 25_000
    assert sheet.profit == 26_800
    assert sheet.owned_capital == 46_800
    check_books(state)


def test_a_leased_computer_and_webs_are_worth_nothing() -> None:
    """Playboss I, "End of the Game": WEBs and leased computers have no final value."""
    state = new_game(2)
    give_computer(state, 0, leased=True)
    give_webs(state, 0, 3)

    sheet = state.balance_sheet(0)

    assert (sheet.computers, sheet.total_assets, sheet.profit) == (0, 10_000, 0)


def test_the_starting_capital_subtracted_is_what_was_received() -> None:
    """Playboss I, "End of the Game" subtracts 20,000; before its first crossing of start a
    business has received only 10,000, and that is what it subtracts (finance.py)."""
    state = new_game(2)

    assert state.balance_sheet(1).starting_capital == 10_000
    assert state.balance_sheet(1).profit == 0
    land_on(state, 0, 0)
    assert state.balance_sheet(0).starting_capital == 20_000
    assert state.balance_sheet(0).profit == 0


def test_the_rulebook_balance_sheet_example() -> None:
    """Playboss I, "Explanations: Financial Statement and Profit": 34,150 minus 32,000 = 2,150 profit."""
    sheet = RULEBOOK_EXAMPLE

    assert sheet.total_assets == 34_150
    assert sheet.total_liabilities == 32_000
    assert sheet.profit == 2_150
    assert sheet.owned_capital == 22_150  # "the profit and the starting capital together"
    assets, liabilities = sheet.rows()
    assert assets == [
        ("Machines", 30_000),
        ("Computers", 0),
        ("Raw material", 150),
        ("Finished product", 3_000),
        ("Loans given", 0),
        ("Cash", 1_000),
    ]
    assert liabilities == [
        ("Bank debt", 10_000),
        ("Other debt", 2_000),
        ("Starting capital", 20_000),
        ("Profit", 2_150),
    ]
    assert sum(v for _, v in assets) == sum(v for _, v in liabilities) == 34_150  # "Total 34,150"


def test_the_rulebook_example_with_15000_bank_debt_is_a_loss() -> None:
    """Playboss I, "Explanations: Financial Statement and Profit": 34,150 minus 37,000 = -2,850 loss."""
    sheet = dataclasses.replace(RULEBOOK_EXAMPLE, bank_debt=15_000)

    assert sheet.total_assets == 34_150
    assert sheet.total_liabilities == 37_000
    assert sheet.profit == -2_850
    assert sheet.rows()[1][-1] == ("Loss", -2_850)


def test_the_rulebook_example_as_a_business_in_play() -> None:
    """Playboss I, "Explanations: Financial Statement and Profit", with a business built to the
    example's numbers. Private loans are not part of the game yet, so its "other debt" is 0
    and is added to the sheet by hand."""
    state = new_game(1)
    land_on(state, 0, 0)  # 20,000 starting capital received
    give_machines(state, 0, 3)
    state.apply(Borrow(10_000), 0)
    give_products(state, 0, raw=1, finished=2)
    set_cash(state, 0, 1_000)

    sheet = state.balance_sheet(0)
    assert sheet == dataclasses.replace(RULEBOOK_EXAMPLE, other_debt=0)
    assert sheet.profit == 4_150
    assert dataclasses.replace(sheet, other_debt=2_000).profit == 2_150

    state.apply(Borrow(5_000), 0)
    set_cash(state, 0, 1_000)
    sheet = state.balance_sheet(0)
    assert sheet.bank_debt == 15_000
    assert dataclasses.replace(sheet, other_debt=2_000).profit == -2_850


def test_the_report_lays_out_each_balance_sheet_as_the_rulebook_does() -> None:
    """Playboss I, "Explanations: Financial Statement and Profit": assets on the left;
    debts, starting capital and the profit on the right; both columns add up alike."""
    state = new_game(2)
    land_on(state, 0, 0)
    give_machines(state, 0, 3)
    state.apply(Borrow(10_000), 0)
    give_products(state, 0, raw=1, finished=2)
    set_cash(state, 0, 1_000)
    set_cash(state, 1, 4_000)

    sheets = report(state)

    assert sheets == [
        {
            "seat": 0,
            "assets": [
                ["Machines", 30_000],
                ["Computers", 0],
                ["Raw material", 150],
                ["Finished product", 3_000],
                ["Loans given", 0],
                ["Cash", 1_000],
            ],
            "liabilities": [
                ["Bank debt", 10_000],
                ["Other debt", 0],
                ["Starting capital", 20_000],
                ["Profit", 4_150],
            ],
            "total_assets": 34_150,
            "total_liabilities": 30_000,
            "profit": 4_150,
            "bankrupt": False,
        },
        {
            "seat": 1,
            "assets": [
                ["Machines", 0],
                ["Computers", 0],
                ["Raw material", 0],
                ["Finished product", 0],
                ["Loans given", 0],
                ["Cash", 4_000],
            ],
            "liabilities": [
                ["Bank debt", 0],
                ["Other debt", 0],
                ["Starting capital", 10_000],
                ["Loss", -6_000],
            ],
            "total_assets": 4_000,
            "total_liabilities": 10_000,
            "profit": -6_000,
            "bankrupt": False,
        },
    ]
    for sheet in sheets:
        assert sum(v for _, v in sheet["assets"]) == sheet["total_assets"]
        assert sum(v for _, v in sheet["liabilities"]) == sheet["total_assets"]


# --- the winner ----------------------------------------------------------------------------


def test_the_highest_profit_wins() -> None:
    """Playboss I, "Goal of the Game": whoever can demonstrate the most profit is the winner."""
    state = new_game(3, rounds=1)
    give_products(state, 1, finished=1)
    give_products(state, 2, raw=2)

    for seat in range(3):
        quiet_turn(state, seat)

    outcome = state.outcome()
    assert outcome.scores == (0, 1_500, 300)
    assert outcome.winners == (1,)
    assert outcome.eliminated == ()
    assert outcome.returns() == (0.0, 1.0, 0.0)


def test_equal_profits_share_the_win() -> None:
    """Playboss I, "Goal of the Game"; a tie is shared (a design choice: the rulebook names one winner)."""
    state = new_game(3, rounds=1)
    give_products(state, 0, raw=10)
    give_products(state, 2, finished=1)

    for seat in range(3):
        quiet_turn(state, seat)

    outcome = state.outcome()
    assert outcome.scores == (1_500, 0, 1_500)
    assert outcome.winners == (0, 2)
    assert outcome.returns() == (0.5, 0.0, 0.5)


def test_the_outcome_is_known_only_at_the_end() -> None:
    """Playboss I, "End of the Game"."""
    state = new_game(2)
    with pytest.raises(IllegalAction, match="not over"):
        state.outcome()


def test_a_solo_game_plays_to_the_end() -> None:
    """Playboss I, "Explanations: Goal and Setup": Playboss can be played alone to learn it."""
    game = load("playboss", players=1, years=2)

    result = play(game, [RandomAgent()], seed=7)

    state = result.state
    assert state.is_terminal()
    b = state.businesses[0]
    assert b.bankrupt or b.laps == 2
    assert state.outcome().scores == (state.balance_sheet(0).profit,)
    check_books(state)
