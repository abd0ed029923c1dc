"""Raising money and bankruptcy (rulebook, "Mortgage" and "Bankruptcy (BANKRUCTWO)")."""

from __future__ import annotations

from tycoon.core.families import IntRange
from tycoon.games.biznes_po_polsku.actions import Bid, Mortgage, Pass, Roll, SellInvestment
from tycoon.games.biznes_po_polsku.phases import AUCTION, OVER, RAISE, TURN

from .helpers import (
    FRYZJER,
    KIOSK,
    RTV,
    SZKOLA,
    TAX,
    assert_rejected,
    check_books,
    give_car,
    give_firm,
    give_group,
    land_on,
    new_game,
    set_cash,
)


def test_a_payment_short_of_cash_is_raised_by_mortgaging() -> None:
    """ "A player who has no money to pay his obligations may sell his assets or mortgage them." """
    state = new_game(2)
    set_cash(state, 0, 500)
    give_firm(state, 0, FRYZJER)
    land_on(state, 0, TAX, 2)
    assert state.phase == RAISE and state.current_player() == 0
    assert state.legal_actions(0) == [Mortgage(FRYZJER)]
    assert_rejected(state, 0, Roll(), "mortgage firms or sell investments first")
    state.apply(Mortgage(FRYZJER), 0)
    assert state.phase == TURN and state.current_player() == 1
    assert state.players[0].cash == 500 + 800 - 800
    check_books(state)


def test_selling_investments_raises_money_too() -> None:
    state = new_game(2)
    set_cash(state, 0, 300)
    give_group(state, 0, FRYZJER, 1)
    land_on(state, 0, TAX, 2)
    assert SellInvestment(FRYZJER) in state.legal_actions(0)
    state.apply(SellInvestment(SZKOLA), 0)
    assert state.phase == RAISE and state.players[0].cash == 700
    state.apply(SellInvestment(RTV), 0)
    assert state.phase == TURN and state.players[0].cash == 700 + 400 - 800
    check_books(state)


def test_bankrupt_to_the_bank_the_firms_are_auctioned_without_investments() -> None:
    """ "If a player goes bankrupt owing a debt to the BANK, the BANK takes over the rest of his
    fortune, and the firms taken over are put up for auction (without their investment
    elements, which always pass to the ownership of the BANK)." """
    state = new_game(3)
    set_cash(state, 0, 0)
    give_firm(state, 0, KIOSK, mortgaged=True)
    give_firm(state, 0, FRYZJER, mortgaged=True)
    give_car(state, 0, mortgaged=True)
    land_on(state, 0, TAX, 2)
    assert state.players[0].bankrupt and state.bank_cars == 5
    assert state.phase == AUCTION and state.current_player() == 1
    assert state.auction is not None and state.auction.lots == [KIOSK, FRYZJER]
    # Bids are a family: from the opening (the mortgage value) up to the bidder's cash.
    assert state.legal_actions(1) == [Pass()]
    (bids,) = state.action_families(1)
    assert bids.cls is Bid and bids.domains == (IntRange(500, 15_000, 10),) and bids.whole
    state.apply(Bid(500), 1)
    # Each bid beats the last by at least 100 zł.
    assert state.action_families(2)[0].domains == (IntRange(600, 15_000, 10),)
    assert_rejected(state, 2, Bid(550), "bids now run from 600 to 15,000 zł, in steps of 10")
    assert_rejected(state, 2, Bid(605), "to 15,000 zł, in steps of 10, not 605")
    assert_rejected(state, 2, Bid(15_010), "bids now run from 600 to 15,000 zł")
    state.apply(Bid(1_000), 2)
    state.apply(Pass(), 1)
    assert state.owner[KIOSK] == 2 and not state.mortgaged[KIOSK] and state.players[2].cash == 14_000
    # Nobody wants the salon: it stays with the bank.
    state.apply(Pass(), 1)
    state.apply(Pass(), 2)
    assert state.owner[FRYZJER] == -1 and not state.mortgaged[FRYZJER]
    assert state.phase == TURN and state.current_player() == 1
    assert state.written_off == 800
    check_books(state)


def test_bankrupt_to_a_player_the_creditor_takes_the_rest() -> None:
    """ "If a player goes bankrupt owing a debt to another player, the rest of his fortune is
    taken over by the creditor ... The investment elements do not pass to the creditor's
    ownership; the BANK buys them back (for half their price) and the money for them is returned
    to the creditor. The creditor also takes over the right to redeem the mortgaged Ownership
    Certificates." """
    state = new_game(2, start=1)
    give_group(state, 0, 39, 5)  # red: Kurczaki z rożna and Sklep spożywczy, fee 9,000 at level 5
    give_group(state, 1, FRYZJER, 2)
    give_firm(state, 1, KIOSK, mortgaged=True)
    set_cash(state, 1, 100)
    give_car(state, 1)
    give_car(state, 0)
    land_on(state, 1, 39, 2)
    one, zero = state.players[1], state.players[0]
    assert one.bankrupt and state.phase == OVER
    # Cash 100, the investments bought back for half (6 levels: 2×800 + 2×600 + 2×800 → 2,200),
    # the car's mortgage value (the creditor has a car already).
    assert zero.cash == 15_000 + 100 + 2_200 + 2_000
    assert all(state.owner[n] == 0 for n in (SZKOLA, FRYZJER, RTV, KIOSK))
    assert state.mortgaged[KIOSK] and state.level[FRYZJER] == 0
    check_books(state)


def test_a_player_who_could_mortgage_enough_is_not_bankrupt() -> None:
    """ "... and whose debt exceeds the value of the rest of his fortune, is declared bankrupt." """
    state = new_game(2)
    set_cash(state, 0, 0)
    give_firm(state, 0, SZKOLA)  # mortgage 1,400 ≥ 800
    land_on(state, 0, TAX, 2)
    assert not state.players[0].bankrupt and state.phase == RAISE


def test_a_bidder_who_cannot_pay_the_next_bid_can_only_pass() -> None:
    state = new_game(3)
    set_cash(state, 0, 0)
    give_firm(state, 0, KIOSK, mortgaged=True)
    set_cash(state, 2, 550)
    land_on(state, 0, TAX, 2)
    assert state.current_player() == 1
    state.apply(Bid(500), 1)
    assert state.current_player() == 2
    assert state.legal_actions(2) == [Pass()] and state.action_families(2) == []
    assert_rejected(state, 2, Bid(600), "the lowest bid now is 600 zł and you can pay at most 550 zł")
    state.apply(Pass(), 2)
    assert state.owner[KIOSK] == 1 and state.players[1].cash == 15_000 - 500
    check_books(state)
