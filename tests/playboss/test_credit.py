"""Bank credit: what the bank lends on, repaying, and interest at the start field.

Playboss I, "Lines of Credit" and "The Start Field"; "Repurchase Value" for equipment sold
while it secures a loan.
"""

from __future__ import annotations

from tycoon.core import CHANCE
from tycoon.games.playboss.actions import BankSellComputer, BankSellMachine, Borrow, BuyComputer, Invest, Repay, Roll
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import RED, TURN

from .helpers import (
    assert_rejected,
    check_books,
    give_computer,
    give_machines,
    give_products,
    land_on,
    new_game,
    options,
    owe,
    set_cash,
    space_of,
    told,
)


def borrow_options(state: PlaybossState, seat: int) -> list[int]:
    return [a.amount for a in options(state, seat) if isinstance(a, Borrow)]


def test_bank_lends_5000_per_machine_in_500_mark_steps() -> None:
    """Playboss I, "Lines of Credit": up to half the value of a machine, 5,000 Marks each."""
    state = new_game(2)
    give_machines(state, 0, 2)
    assert borrow_options(state, 0) == list(range(500, 10_001, 500))

    state.apply(Borrow(7_500), 0)

    b = state.businesses[0]
    assert (b.cash, b.debt) == (17_500, 7_500)
    assert state.ledger_out == 2 * 10_000 + 7_500
    assert borrow_options(state, 0) == [500, 1_000, 1_500, 2_000, 2_500]
    assert state.current_player() == 0 and state.phase == TURN
    check_books(state)


def test_borrowing_beyond_the_machines_security_is_refused_with_the_limit_explained() -> None:
    """Playboss I, "Lines of Credit": 5,000 per machine, no more."""
    state = new_game(2)
    give_machines(state, 0, 1)
    state.apply(Borrow(5_000), 0)

    assert_rejected(state, 0, Borrow(500), "up to 0 Marks", "5,000 Marks per machine", "1 machine", "owe 5,000")


def test_credit_is_taken_in_500_mark_steps() -> None:
    """Playboss I, "Lines of Credit"; the 500-Mark step is designed here (rules.toml)."""
    state = new_game(2)
    give_machines(state, 0, 1)

    for amount in (750, 0, -500, 5_500):
        assert_rejected(state, 0, Borrow(amount), "steps of 500")


def test_a_purchased_computer_secures_10000() -> None:
    """Playboss I, "Lines of Credit": 10,000 Marks per (purchased) computer."""
    state = new_game(2)
    give_computer(state, 0)
    give_machines(state, 0, 1)

    assert borrow_options(state, 0) == list(range(500, 15_001, 500))
    state.apply(Borrow(15_000), 0)
    assert state.businesses[0].debt == 15_000
    assert borrow_options(state, 0) == []


def test_a_leased_computer_secures_nothing() -> None:
    """Playboss I, "Lines of Credit": only a purchased computer is security."""
    state = new_game(2)
    give_computer(state, 0, leased=True)

    assert borrow_options(state, 0) == []
    assert_rejected(state, 0, Borrow(500), "up to 0 Marks")


def test_the_bank_lends_nothing_on_products() -> None:
    """Playboss I, "Lines of Credit": on raw material and finished product the bank gives no credit."""
    state = new_game(2)
    give_products(state, 0, raw=4, finished=3)

    assert borrow_options(state, 0) == []
    assert_rejected(state, 0, Borrow(500), "up to 0 Marks")


def test_a_new_machine_is_security_for_its_own_credit() -> None:
    """Playboss I, "Decision: Investment": up to 5,000 Marks of credit on a machine."""
    state = new_game(2)
    set_cash(state, 0, 5_000)
    land_on(state, 0, space_of(state, "red"))
    assert state.phase == RED
    assert [a.credit for a in options(state, 0) if isinstance(a, Invest)] == [5_000]
    assert_rejected(state, 0, Invest(4_500), "you hold 5,000 Marks")
    assert_rejected(state, 0, Invest(5_500), "at most 5,000 Marks per machine")

    state.apply(Invest(5_000), 0)

    b = state.businesses[0]
    assert (b.cash, b.debt, len(b.machines)) == (0, 5_000, 1)
    assert state.bank_machines == 19
    check_books(state)


def test_a_computer_bought_with_credit() -> None:
    """Playboss I, "Computer Leasing (2 WEBs)": 20,000, of which up to 10,000 on credit."""
    state = new_game(2)
    assert [a.credit for a in options(state, 0) if isinstance(a, BuyComputer)] == [10_000]

    state.apply(BuyComputer(10_000), 0)

    b = state.businesses[0]
    assert (b.cash, b.debt, b.computer) == (0, 10_000, 2)
    assert state.bank_computers == 7
    assert borrow_options(state, 0) == []
    check_books(state)


def test_repay_in_steps_then_the_whole_remainder() -> None:
    """Playboss I, "Lines of Credit": the debtor can pay back the loan at any time."""
    state = new_game(2)
    give_machines(state, 0, 2)
    state.apply(Borrow(10_000), 0)
    set_cash(state, 0, 700)
    b = state.businesses[0]

    repay = [a.amount for a in options(state, 0) if isinstance(a, Repay)]
    assert repay == [500, 700]  # steps of 500, or all the cash there is
    state.apply(Repay(700), 0)
    assert (b.cash, b.debt) == (0, 9_300)

    set_cash(state, 0, 20_000)
    state.apply(Repay(1_000), 0)
    assert (b.cash, b.debt) == (19_000, 8_300)
    assert_rejected(state, 0, Repay(8_500), "you owe 8,300")
    assert_rejected(state, 0, Repay(300), "steps of 500")
    state.apply(Repay(8_300), 0)  # the whole remainder
    assert (b.cash, b.debt) == (10_700, 0)
    assert [a for a in options(state, 0) if isinstance(a, Repay)] == []
    assert_rejected(state, 0, Repay(500), "you owe 0")
    check_books(state)


def test_repaying_needs_the_cash() -> None:
    """Playboss I, "Lines of Credit"."""
    state = new_game(2)
    give_machines(state, 0, 1)
    owe(state, 0, 5_000)
    set_cash(state, 0, 1_000)

    assert_rejected(state, 0, Repay(1_500), "hold 1,000")


def test_repay_on_another_players_turn_and_while_the_die_rolls() -> None:
    """Playboss I, "Lines of Credit": "at any time in the year"."""
    state = new_game(2)
    give_machines(state, 1, 1)
    state.apply(Borrow(5_000), 1)  # seat 0 is to roll
    state.apply(Roll(), 0)
    assert state.current_player() == CHANCE

    state.apply(Repay(2_000), 1)

    assert state.businesses[1].debt == 3_000
    assert state.current_player() == CHANCE
    check_books(state)


def test_interest_and_fee_at_every_crossing_of_start() -> None:
    """Playboss I, "Lines of Credit": each crossing, 10% of the outstanding debt and 1,000 fee."""
    state = new_game(1, years=5)
    give_machines(state, 0, 2)
    state.apply(Borrow(10_000), 0)
    b = state.businesses[0]
    state.log = []

    land_on(state, 0, 0)  # first crossing: the second 10,000 of starting capital, then interest
    assert b.cash == 10_000 + 10_000 + 10_000 - 1_000 - 1_000
    assert b.debt == 10_000
    assert state.ledger_in == 2_000
    assert "Seat 0 pays 2,000 Marks for interest and fees on 10,000 Marks of bank debt." in told(state)

    state.apply(Repay(2_500), 0)
    land_on(state, 0, 0)  # second crossing: 10% of 7,500 plus the fee
    assert b.cash == 28_000 - 2_500 - 750 - 1_000
    assert b.debt == 7_500
    assert state.ledger_in == 2_000 + 2_500 + 1_750
    check_books(state)


def test_no_interest_when_the_loan_is_repaid_before_crossing() -> None:
    """Playboss I, "Lines of Credit": paid back in full before crossing start, no interest or fees."""
    state = new_game(1, years=5)
    give_machines(state, 0, 1)
    state.apply(Borrow(5_000), 0)
    state.apply(Repay(5_000), 0)

    land_on(state, 0, 0)

    b = state.businesses[0]
    assert (b.cash, b.debt) == (20_000, 0)
    assert state.ledger_in == 5_000  # the repayment only
    check_books(state)


def test_interest_is_due_each_year_until_repaid() -> None:
    """Playboss I, "Lines of Credit": the fee is due "until the debt is repaid in full"."""
    state = new_game(1, years=5)
    give_machines(state, 0, 1)
    state.apply(Borrow(500), 0)

    land_on(state, 0, 0)
    land_on(state, 0, 0)

    b = state.businesses[0]
    assert b.cash == 10_500 + 10_000 - 2 * (50 + 1_000)
    state.apply(Repay(500), 0)
    land_on(state, 0, 0)
    assert b.cash == 10_500 + 10_000 - 2 * (50 + 1_000) - 500


def test_selling_a_machine_first_repays_the_debt_beyond_the_new_limit() -> None:
    """Playboss I, "Repurchase Value" with "Lines of Credit": the machine was the bank's security."""
    state = new_game(2)
    give_machines(state, 0, 3)
    state.apply(Borrow(12_000), 0)
    b = state.businesses[0]
    cash, ledger_in = b.cash, state.ledger_in

    state.apply(BankSellMachine(0), 0)  # limit now 10,000: 2,000 of the 5,000 go to the bank
    assert (b.cash, b.debt, len(b.machines)) == (cash + 3_000, 10_000, 2)
    assert state.ledger_in == ledger_in + 2_000

    state.apply(BankSellMachine(0), 0)  # limit now 5,000: all 5,000 go to the bank
    assert (b.cash, b.debt, len(b.machines)) == (cash + 3_000, 5_000, 1)

    state.apply(Repay(1_000), 0)
    state.apply(BankSellMachine(0), 0)  # debt 4,000 beyond a limit of 0
    assert (b.cash, b.debt, len(b.machines)) == (cash + 3_000 - 1_000 + 1_000, 0, 0)
    assert state.bank_machines == 20
    check_books(state)


def test_selling_a_machine_within_the_limit_repays_nothing() -> None:
    """Playboss I, "Repurchase Value"."""
    state = new_game(2)
    give_machines(state, 0, 2)
    state.apply(Borrow(4_000), 0)
    b = state.businesses[0]

    state.apply(BankSellMachine(0), 0)

    assert (b.cash, b.debt) == (10_000 + 4_000 + 5_000, 4_000)


def test_selling_a_purchased_computer_repays_the_debt_it_secured() -> None:
    """Playboss I, "Repurchase Value" with "Lines of Credit"."""
    state = new_game(2)
    state.apply(BuyComputer(10_000), 0)
    b = state.businesses[0]

    state.apply(BankSellComputer(), 0)

    assert (b.cash, b.debt, b.computer) == (0, 0, 0)
    assert state.bank_computers == 8
    check_books(state)
