"""Mortgages (rulebook, "Mortgage (ZASTAW)") and the car (rulebook, "Car (SAMOCHÓD)")."""

from __future__ import annotations

from tycoon.core import CHANCE
from tycoon.games.biznes_po_polsku.actions import (
    BuyCar,
    Die,
    Drive,
    Invest,
    Mortgage,
    MortgageCar,
    Redeem,
    RedeemCar,
    Roll,
)
from tycoon.games.biznes_po_polsku.phases import CAR as CAR_PHASE
from tycoon.games.biznes_po_polsku.phases import TURN
from tycoon.games.biznes_po_polsku.players import CAR, CAR_MORTGAGED

from .helpers import (
    FRYZJER,
    RTV,
    SZKOLA,
    assert_rejected,
    check_books,
    give_car,
    give_firm,
    give_group,
    land_on,
    new_game,
)


def test_mortgaging_pays_the_mortgage_value() -> None:
    """fig. 21: Zakład fryzjerski, mortgage 800 zł."""
    state = new_game(2)
    give_firm(state, 0, FRYZJER)
    state.apply(Mortgage(FRYZJER), 0)
    assert state.mortgaged[FRYZJER] and state.owner[FRYZJER] == 0
    assert state.players[0].cash == 15_800
    check_books(state)


def test_the_groups_investments_are_sold_first_at_half_price() -> None:
    """ "he must first sell to the BANK all investment elements ... from the given colour group,
    regardless of whether he sells or mortgages one firm or all firms of that group." """
    state = new_game(2)
    give_group(state, 0, FRYZJER, 2)
    state.apply(Mortgage(RTV), 0)
    assert [state.level[n] for n in (SZKOLA, FRYZJER, RTV)] == [0, 0, 0]
    half = (800 + 600 + 800) * 2 // 2
    assert state.players[0].cash == 15_000 + half + 750
    assert state.bank_bricks == 40
    check_books(state)


def test_a_mortgaged_firm_earns_nothing() -> None:
    """ "A mortgaged firm yields no income: fees cannot be collected"."""
    state = new_game(2, start=1)
    give_firm(state, 0, FRYZJER, mortgaged=True)
    land_on(state, 1, FRYZJER, 2)
    assert state.players[1].cash == 15_000 and state.players[0].cash == 15_000


def test_redeeming_costs_the_mortgage_value_plus_10_percent() -> None:
    """ "To redeem a mortgaged firm, he must pay the mortgage value plus a 10% margin"."""
    state = new_game(2)
    give_firm(state, 0, FRYZJER, mortgaged=True)
    state.apply(Redeem(FRYZJER), 0)
    assert not state.mortgaged[FRYZJER] and state.players[0].cash == 15_000 - 880
    check_books(state)


def test_no_investing_while_a_firm_of_the_group_is_mortgaged() -> None:
    state = new_game(2)
    give_group(state, 0, FRYZJER)
    state.set_mortgaged(SZKOLA, True)
    assert_rejected(state, 0, Invest(FRYZJER), "mortgaged")


def test_mortgaging_only_on_your_own_turn() -> None:
    """ "A transaction between players, or the mortgaging of a firm, may take place only when it
    is the turn of the player wishing to carry out that transaction." """
    state = new_game(2)
    give_firm(state, 1, FRYZJER)
    assert_rejected(state, 1, Mortgage(FRYZJER), "your own turn")


def test_a_car_costs_7000() -> None:
    state = new_game(2)
    state.apply(BuyCar(), 0)
    assert state.players[0].car == CAR and state.players[0].cash == 8_000 and state.bank_cars == 4
    assert BuyCar() not in state.legal_actions(0)
    check_books(state)


def test_with_a_car_a_player_stops_on_the_rolled_space_or_five_further() -> None:
    """ "A player with a car may stop on a space indicated by the number of pips on the rolled
    die, or on a space 5 spaces further." """
    state = new_game(2)
    give_car(state, 0)
    state.players[0].position = 1
    state.apply(Roll(), 0)
    state.apply(Die(2), CHANCE)
    assert state.phase == CAR_PHASE and state.legal_actions(0)[:2] == [Drive(2), Drive(7)]
    assert_rejected(state, 0, Drive(4), "not possible now")
    state.apply(Drive(7), 0)
    assert state.players[0].position == 8


def test_the_car_is_mortgaged_for_2000_and_redeemed_for_3000() -> None:
    """ "A car may also be mortgaged at the BANK (mortgage value 2000 zł); it may be redeemed
    for the mortgage value plus 1000 zł for the BANK." A mortgaged car gives no choice."""
    state = new_game(2)
    give_car(state, 0)
    state.apply(MortgageCar(), 0)
    assert state.players[0].car == CAR_MORTGAGED and state.players[0].cash == 17_000
    state.apply(Roll(), 0)
    state.apply(Die(2), CHANCE)
    assert state.phase != CAR_PHASE
    state2 = new_game(2)
    give_car(state2, 0, mortgaged=True)
    state2.apply(RedeemCar(), 0)
    assert state2.players[0].car == CAR and state2.players[0].cash == 12_000
    check_books(state2)
    assert state2.phase == TURN
