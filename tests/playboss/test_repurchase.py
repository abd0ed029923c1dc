"""Selling back to the bank at any time.

Playboss I, "Repurchase Value": 5,000 per machine (single or double), 10,000 per purchased
computer (leased ones cannot be sold), 150 per raw product, 1,500 per finished product;
products returned go into the highest open price zone.
"""

from __future__ import annotations

from tycoon.core import CHANCE
from tycoon.games.playboss.actions import BankSell, BankSellComputer, BankSellMachine, Purchase, Roll
from tycoon.games.playboss.business import Machine
from tycoon.games.playboss.phases import RED, RISK, TURN

from .helpers import (
    assert_rejected,
    check_books,
    give_computer,
    give_machines,
    give_products,
    land_on,
    new_game,
    options,
    space_of,
)


def test_a_single_machine_sells_for_5000() -> None:
    """Playboss I, "Repurchase Value": 5,000 Marks for each machine."""
    state = new_game(2)
    give_machines(state, 0, 1)

    state.apply(BankSellMachine(0), 0)

    b = state.businesses[0]
    assert (b.cash, b.machines, state.bank_machines) == (15_000, [], 20)
    assert state.ledger_out == 25_000
    check_books(state)


def test_a_double_machine_sells_for_5000_too() -> None:
    """Playboss I, "Repurchase Value": "regardless of if it is a single or double production machine"."""
    state = new_game(2)
    give_machines(state, 0, 1)
    give_machines(state, 0, 1, double=True)

    state.apply(BankSellMachine(1), 0)

    b = state.businesses[0]
    assert (b.cash, b.machines) == (15_000, [Machine(False, 0)])
    check_books(state)


def test_identical_machines_are_offered_for_sale_once() -> None:
    """Playboss I, "Repurchase Value": which of two alike machines is sold makes no difference."""
    state = new_game(2)
    give_machines(state, 0, 2)
    give_machines(state, 0, 1, double=True)

    assert [a for a in options(state, 0) if isinstance(a, BankSellMachine)] == [
        BankSellMachine(0),
        BankSellMachine(2),
    ]


def test_a_purchased_computer_sells_for_10000() -> None:
    """Playboss I, "Repurchase Value": 10,000 Marks for a computer if it had been purchased."""
    state = new_game(2)
    give_computer(state, 0)

    state.apply(BankSellComputer(), 0)

    b = state.businesses[0]
    assert (b.cash, b.computer, state.bank_computers) == (20_000, 0, 8)
    check_books(state)


def test_a_leased_computer_cannot_be_sold() -> None:
    """Playboss I, "Repurchase Value": leased computers cannot be sold."""
    state = new_game(2)
    give_computer(state, 0, leased=True)

    assert BankSellComputer() not in options(state, 0)
    assert_rejected(state, 0, BankSellComputer(), "leased computers cannot be sold")


def test_raw_products_sell_for_150_into_the_highest_open_zone() -> None:
    """Playboss I, "Repurchase Value": 150 per raw product, placed in the highest open zone."""
    state = new_game(2)  # fewer than 5 players: zones 150-300 empty, 350-500 full
    give_products(state, 0, raw=7)
    assert state.market == [0, 0, 0, 0, 0, 3, 5, 5]

    state.apply(BankSell("raw", 4), 0)

    b = state.businesses[0]
    assert (b.raw, b.cash) == (3, 10_000 + 4 * 150)
    assert state.market == [0, 0, 0, 0, 2, 5, 5, 5]  # 2 fill zone 400, 2 go into zone 350
    state.apply(BankSell("raw", 3), 0)
    assert state.market == [0, 0, 0, 0, 5, 5, 5, 5]
    check_books(state)


def test_finished_products_sell_for_1500_into_the_highest_open_zone() -> None:
    """Playboss I, "Repurchase Value": 1,500 per finished product, placed in the highest open zone."""
    state = new_game(5)  # the whole market is filled
    give_products(state, 0, finished=8)
    assert state.market == [0, 2, 5, 5, 5, 5, 5, 5]

    state.apply(BankSell("finished", 4), 0)

    b = state.businesses[0]
    assert (b.finished, b.cash) == (4, 10_000 + 4 * 1_500)
    assert state.market == [1, 5, 5, 5, 5, 5, 5, 5]  # 3 fill zone 200, 1 goes into zone 150
    check_books(state)


def test_selling_on_another_players_turn() -> None:
    """Playboss I, "Repurchase Value": "at any time"."""
    state = new_game(3)
    give_products(state, 2, raw=2)

    state.apply(BankSell("raw", 1), 2)

    assert (state.phase, state.current_player()) == (TURN, 0)
    assert (state.businesses[2].raw, state.businesses[2].cash) == (1, 10_150)


def test_selling_while_the_die_is_rolling_and_a_risk_card_is_drawn() -> None:
    """Playboss I, "Repurchase Value": "at any time", chance nodes included."""
    state = new_game(2)
    give_machines(state, 0, 2)
    give_machines(state, 1, 1, double=True)

    state.apply(Roll(), 0)
    assert state.current_player() == CHANCE
    assert BankSellMachine(0) in options(state, 0)
    state.apply(BankSellMachine(0), 0)
    state.apply(BankSellMachine(0), 1)
    assert state.current_player() == CHANCE

    state = new_game(2)
    give_products(state, 0, finished=1)
    land_on(state, 0, space_of(state, "blue"))
    assert (state.phase, state.current_player()) == (RISK, CHANCE)
    state.apply(BankSell("finished", 1), 0)
    assert (state.phase, state.businesses[0].cash) == (RISK, 11_500)
    check_books(state)


def test_selling_during_the_own_red_decision_keeps_the_decision_pending() -> None:
    """Playboss I, "Private Business between Players": business besides the decision; "Repurchase Value"."""
    state = new_game(2)
    give_products(state, 0, finished=2)
    land_on(state, 0, space_of(state, "red"))

    state.apply(BankSell("finished", 1), 0)

    assert (state.phase, state.current_player()) == (RED, 0)
    assert Purchase(1) in options(state, 0)


def test_selling_what_one_does_not_hold_is_refused() -> None:
    """Playboss I, "Repurchase Value"."""
    state = new_game(2)
    give_products(state, 1, raw=2, finished=1)
    give_machines(state, 1, 1)

    assert_rejected(state, 1, BankSell("raw", 3), "you hold 2 raw")
    assert_rejected(state, 1, BankSell("finished", 2), "you hold 1 finished")
    assert_rejected(state, 1, BankSell("raw", 0), "you hold 2 raw")
    assert_rejected(state, 1, BankSell("gold", 1), "raw or finished")
    assert_rejected(state, 1, BankSellMachine(1), "no machine 1", "you own 1")
    assert_rejected(state, 1, BankSellComputer(), "no purchased computer")
    assert_rejected(state, 9, BankSell("raw", 1), "no seat 9")


def test_nothing_can_be_sold_before_the_start_player_is_found() -> None:
    """Playboss I, "Now We Can Begin to Play": the game begins once the die has chosen."""
    from tycoon.core import load

    state = load("playboss", players=2).new_state()
    assert options(state, 0) == []
    assert_rejected(state, 0, BankSell("raw", 1), "before the die")
