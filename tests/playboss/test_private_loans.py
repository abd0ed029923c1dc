"""Private loans between players.

Playboss I, "Lines of Credit" ("Every player can offer private credit loans to fellow players.
The interest rate and fees are free to be negotiated"), "End of the Game" ("Private loans are
also subtracted and the positive credit added to the lender's totals") and "Explanations:
Financial Statement and Profit" (the balance sheet's "Loans given" and "Other debts").
"""

from __future__ import annotations

from tycoon.games.playboss.actions import Accept, Borrow, DoNothing, OfferLoan, RepayPrivate
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import OVER

from .helpers import (
    assert_rejected,
    check_books,
    give_machines,
    give_products,
    land_on,
    new_game,
    options,
    pass_turn,
    set_cash,
    space_of,
    told,
)


def lend(
    state: PlaybossState, lender: int, borrower: int, amount: int, interest: int = 10, fee: int = 1_000, laps: int = 0
) -> None:
    """``lender`` offers ``borrower`` a loan, which is accepted."""
    state.apply(OfferLoan(borrower, amount, interest, fee, laps, True), lender)
    state.apply(Accept(), borrower)


def test_a_loan_shows_in_both_balance_sheets_and_changes_no_profit() -> None:
    state = new_game(2)
    lend(state, 1, 0, 5_000, interest=8, fee=500)
    a, b = state.businesses
    assert (a.cash, b.cash) == (15_000, 5_000)
    assert state.balance_sheet(0).other_debt == 5_000 and state.balance_sheet(0).loans_given == 0
    assert state.balance_sheet(1).loans_given == 5_000 and state.balance_sheet(1).other_debt == 0
    assert state.balance_sheet(0).profit == state.balance_sheet(1).profit == 0
    assert state.view(1)["deals"]["loans"][0] == {
        "lender": 1,
        "borrower": 0,
        "amount": 5_000,
        "interest_percent": 8,
        "fee": 500,
        "due_lap": None,
        "arrears": 0,
    }
    check_books(state)


def test_a_player_may_ask_another_for_a_loan() -> None:
    state = new_game(2)
    state.apply(OfferLoan(1, 2_000, 5, 0, 1, False), 0)
    state.apply(Accept(), 1)
    assert (state.businesses[0].cash, state.businesses[1].cash) == (12_000, 8_000)
    assert state.deals.loans[0].lender == 1 and state.deals.loans[0].due_lap == 1


def test_interest_and_fee_are_paid_to_the_lender_at_the_borrowers_crossing_of_start() -> None:
    """Like bank credit: at each crossing of start while anything is owed."""
    state = new_game(2)
    lend(state, 1, 0, 5_000, interest=8, fee=500)
    state.log = []
    land_on(state, 0, 0)  # crossing start: 10,000 more capital, then 8% of 5,000 plus 500
    a, b = state.businesses
    assert (a.cash, b.cash) == (15_000 + 10_000 - 900, 5_000 + 900)
    assert "Seat 0 pays 900 Marks to seat 1 for interest, fees and loans due to seat 1." in told(state)
    assert state.balance_sheet(0).other_debt == 5_000
    check_books(state)


def test_repaid_by_agreement_at_any_time_in_steps_or_whole() -> None:
    state = new_game(2)
    lend(state, 1, 0, 5_000)
    assert RepayPrivate(1, 500) in options(state, 0)
    state.apply(RepayPrivate(1, 2_000), 0)
    assert state.balance_sheet(0).other_debt == state.balance_sheet(1).loans_given == 3_000
    assert_rejected(state, 0, RepayPrivate(1, 3_500), "you owe seat 1 3,000")
    assert_rejected(state, 1, RepayPrivate(0, 500), "you owe seat 0 nothing")
    state.apply(RepayPrivate(1, 3_000), 0)
    assert state.deals.loans == [] and state.businesses[1].cash == 10_000
    land_on(state, 0, 0)  # repaid before crossing: nothing due
    assert state.businesses[1].cash == 10_000


def test_a_loan_with_a_date_is_due_whole_at_that_crossing() -> None:
    state = new_game(2)
    lend(state, 1, 0, 2_000, interest=10, fee=0, laps=1)
    land_on(state, 0, 0)
    assert state.deals.loans == []
    assert (state.businesses[0].cash, state.businesses[1].cash) == (12_000 + 10_000 - 2_200, 10_200)
    check_books(state)


def test_the_rulebooks_balance_sheet_with_a_real_private_loan_of_2000() -> None:
    """ "Explanations: Financial Statement and Profit": 3 machines 30,000, 1 raw 150, 2 finished
    3,000, cash 1,000: 34,150; starting capital 20,000, bank debts 10,000, other debts 2,000:
    profit 2,150. The other debts are a private loan; the lender counts it as "Loans given"."""
    state = new_game(2, rounds=1)
    lend(state, 1, 0, 2_000, interest=0, fee=0)
    a = state.businesses[0]
    a.capital_received = 20_000
    give_machines(state, 0, 3)
    state.apply(Borrow(10_000), 0)
    give_products(state, 0, raw=1, finished=2)
    set_cash(state, 0, 1_000)
    pass_turn(state, 0)
    land_on(state, 1, space_of(state, "green", after=6), 2)
    state.apply(DoNothing(), 1)
    assert state.phase == OVER

    sheet = state.balance_sheet(0)
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
    assert sheet.total_assets == 34_150
    assert state.balance_sheet(1).loans_given == 2_000
    # "Private loans are also subtracted and the positive credit added to the lender's totals."
    assert state.outcome().scores == (2_150, 8_000 + 2_000 - 10_000)
