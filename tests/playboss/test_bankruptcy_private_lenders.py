"""Bankruptcy with private lenders.

Playboss I, "Explanations: Credit, Bankruptcy and Private Trade": "If your assets are not
sufficient to repay a bank or private loan when it comes due, you will enter bankruptcy. The
bank will then auction off all of your assets. The resulting cash from the auction belongs to
the bank if we are dealing with a bank loan, or the player who lent the money on a private
player-to-player loan. If both bank and personal loans are in effect, the bank has first rights
to repayment and any money left after the bank has been satisfied is left for private lenders."
Designed here: several lenders share pro rata; a bankrupt lender's loans pass to the bank.
"""

from __future__ import annotations

from tycoon.games.playboss.actions import Accept, Bid, OfferLoan, Pass
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import AUCTION

from .helpers import card_with, check_books, draw_risk, give_machines, land_on, new_game, owe, set_cash, space_of, told


def lend(state: PlaybossState, lender: int, borrower: int, amount: int, interest: int, laps: int) -> None:
    state.apply(OfferLoan(borrower, amount, interest, 0, laps, True), lender)
    state.apply(Accept(), borrower)


def seat_1_buys_every_lot(state: PlaybossState) -> None:
    """At the auction seat 1 bids the opening price for every lot; the others pass."""
    while state.phase == AUCTION:
        seat = state.current_player()
        state.apply(Bid(state.rules.repurchase_machine) if seat == 1 else Pass(), seat)


def test_a_private_loan_that_cannot_be_repaid_when_due_means_bankruptcy_and_lenders_share_pro_rata() -> None:
    state = new_game(3, steps=[2])  # 20,000 at once: no second half of the capital at start
    give_machines(state, 0, 1)
    lend(state, 1, 0, 6_000, interest=10, laps=1)  # due at the next crossing, with 600 interest
    lend(state, 2, 0, 4_000, interest=0, laps=0)  # by agreement
    set_cash(state, 0, 0)
    state.log = []

    land_on(state, 0, 0)  # 6,600 due to seat 1; at most 5,000 can be raised
    assert state.businesses[0].bankrupt and state.phase == AUCTION
    assert "Seat 0 cannot pay 6,600 Marks for interest, fees and loans due to seat 1: bankrupt." in told(state)
    seat_1_buys_every_lot(state)

    # No bank claim; the 5,000 go to the lenders pro rata: 6,600 and 4,000 of 10,600 claimed.
    assert state.deals.loans == []
    assert state.businesses[0].cash == 0
    assert state.businesses[1].cash == 20_000 - 6_000 - 5_000 + 3_114
    assert state.businesses[2].cash == 20_000 - 4_000 + 1_886
    assert "Seat 2 loses 2,114 Marks it lent to seat 0." in told(state)
    assert state.written_off == 0
    check_books(state)


def test_the_bank_is_satisfied_first_then_the_private_lender() -> None:
    state = new_game(3, steps=[2])
    give_machines(state, 0, 2)
    owe(state, 0, 5_000)
    lend(state, 1, 0, 8_000, interest=0, laps=1)
    set_cash(state, 0, 1_500)  # just the bank's interest and fee on 5,000

    land_on(state, 0, 0)  # the bank's 1,500 are paid; the 8,000 due cannot be raised
    assert state.businesses[0].bankrupt
    seat_1_buys_every_lot(state)  # two machines at 5,000

    # 10,000 raised: 5,000 to the bank for its debt, the remaining 5,000 to seat 1.
    assert state.businesses[1].cash == 20_000 - 8_000 - 10_000 + 5_000
    assert state.businesses[0].debt == 0 and state.written_off == 0
    assert state.deals.loans == []
    check_books(state)


def test_a_bankrupt_lenders_loans_pass_to_the_bank() -> None:
    """Designed here: the bank auctions "all of your assets"; a claim is taken over by the bank
    at face value, credited to the estate, and the borrower owes the bank instead."""
    state = new_game(3, start=1, steps=[2])
    lend(state, 1, 2, 3_000, interest=10, laps=0)
    set_cash(state, 1, 0)
    land_on(state, 1, space_of(state, "blue"))
    draw_risk(state, card_with(state, title="Storm tears the roof off").number)  # 2,500 it cannot raise

    assert state.businesses[1].bankrupt
    assert state.deals.loans == []
    assert state.businesses[2].debt == 3_000
    # The 3,000 credited to the estate paid the bank's 2,500 claim: nothing written off, and
    # the estate keeps the 500 left.
    assert state.written_off == 0 and state.businesses[1].cash == 500
    check_books(state)
