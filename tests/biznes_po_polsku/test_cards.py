"""The LOS and NIESPODZIANKA stacks (rulebook, "Chance (LOS) and Surprise (NIESPODZIANKA)
Cards"): drawn from the top, read, put back at the bottom; cards kept for later."""

from __future__ import annotations

from fractions import Fraction

from tycoon.core import CHANCE
from tycoon.games.biznes_po_polsku.actions import Draw, Pass
from tycoon.games.biznes_po_polsku.phases import DRAW, TURN

from .helpers import (
    DISMISSAL,
    HOSPITAL,
    LOS,
    NIESPODZIANKA,
    PRISON,
    START,
    TEACHER,
    card,
    check_books,
    draw,
    finish_turn,
    give_car,
    give_firm,
    land_on,
    new_game,
    news,
    set_cash,
)


def test_each_stack_holds_30_cards_with_the_rulebooks_examples() -> None:
    """Components: 30 LOS and 30 NIESPODZIANKA cards; fig. 16 and fig. 17 quote one of each."""
    state = new_game(2)
    assert len(state.rules.los) == 30 and len(state.rules.niespodzianka) == 30
    refund = card(state, "los", "receive", title="Tax refund for last year")
    assert refund.amount == 300
    bill = card(state, "niespodzianka", "pay", title="You must settle the bill for electricity and gas")
    assert bill.amount == 300
    assert card(state, "niespodzianka", "dismissal").title.startswith("Staff reduction")
    assert card(state, "los", "car_stolen") and card(state, "niespodzianka", "car_stolen")
    assert card(state, "los", "insurance") and card(state, "niespodzianka", "insurance")


def test_the_first_draw_is_chance_over_the_whole_stack() -> None:
    state = new_game(2)
    land_on(state, 0, LOS, 2)
    assert state.phase == DRAW and state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [Draw("los", c) for c in range(30)]
    assert all(p == Fraction(1, 30) for _, p in outcomes)


def test_the_tax_refund_card_pays_300_and_goes_to_the_bottom() -> None:
    """fig. 16: "Tax refund for last year - the BANK pays you 300 zł." "After reading the
    content of the card aloud, the player places it at the bottom of the deck"."""
    state = new_game(2)
    refund = card(state, "los", "receive", title="Tax refund")
    land_on(state, 0, LOS, 2)
    draw(state, "los", refund.number)
    assert state.players[0].cash == 15_300
    assert refund.number not in state.unseen["los"] and state.known["los"] == [refund.number]
    land_on(state, 1, LOS, 2)
    assert len(state.chance_outcomes()) == 29  # the card seen lies at the bottom


def test_the_electricity_and_gas_bill_costs_300() -> None:
    """fig. 17: "You must settle the bill for electricity and gas - you pay 300 zł." """
    state = new_game(2)
    land_on(state, 0, NIESPODZIANKA, 2)
    draw(state, "niespodzianka", card(state, "niespodzianka", "pay", title="You must settle").number)
    assert state.players[0].cash == 14_700
    check_books(state)


def test_after_the_last_unseen_card_the_stack_repeats_in_the_same_order() -> None:
    state = new_game(2)
    order = list(range(29, -1, -1))
    state.unseen["los"] = []
    state.known["los"] = order.copy()
    first = state.rules.los[order[0]]
    land_on(state, 0, LOS, 2)
    assert state.phase != DRAW  # no chance: the top card is known
    assert state.card == f"los:{first.number}"
    assert first.effect != "insurance"
    assert state.known["los"] == [*order[1:], order[0]]


def test_insurance_is_kept_one_per_player_and_leaves_the_stack() -> None:
    """ "A player who draws an INSURANCE card may keep it until the end of the game ... If a
    player draws a second INSURANCE card, he places it at the bottom of the deck"."""
    state = new_game(2)
    first, second = [c for c in state.rules.los if c.effect == "insurance"]
    land_on(state, 0, LOS, 2)
    draw(state, "los", first.number)
    assert state.players[0].insurance == ("los", first.number)
    assert first.number not in state.known["los"] + state.unseen["los"]
    finish_turn(state, 1)
    land_on(state, 0, LOS, 2)
    draw(state, "los", second.number)
    assert state.players[0].insurance == ("los", first.number)
    assert state.known["los"] == [second.number]
    check_books(state)


def test_insurance_covers_every_damage_and_stays_until_the_holder_is_dismissed() -> None:
    """ "A player who draws an INSURANCE card may keep it until the end of the game. He must,
    however, return it (to the deck) if he is dismissed from work, either by drawing a card or
    by stopping on the DISMISSAL space." Covering a damage does not use the card up: it stays
    with its holder, and goes back to the bottom of its stack only on dismissal."""
    state = new_game(2)
    insurance = card(state, "niespodzianka", "insurance")
    state.unseen["niespodzianka"].remove(insurance.number)
    state.players[0].insurance = ("niespodzianka", insurance.number)
    state.players[0].profession, state.job_holder[TEACHER] = TEACHER, 0
    pipe = card(state, "niespodzianka", "pay", insurable=True, title="A burst pipe")
    accident = card(state, "niespodzianka", "pay", insurable=True, title="A car accident")
    land_on(state, 0, NIESPODZIANKA, 2)
    draw(state, "niespodzianka", pipe.number)
    assert state.players[0].cash == 15_000
    assert state.players[0].insurance == ("niespodzianka", insurance.number)
    assert state.known["niespodzianka"] == [pipe.number]
    assert "INSURANCE pays for it" in news(state)
    finish_turn(state, 1)
    land_on(state, 0, NIESPODZIANKA, 2)
    draw(state, "niespodzianka", accident.number)
    assert state.players[0].cash == 15_000  # covered again: the card is still held
    assert state.players[0].insurance == ("niespodzianka", insurance.number)
    check_books(state)
    # Dismissed by stopping on the DISMISSAL space: the card goes back under the stack.
    finish_turn(state, 1)
    land_on(state, 0, DISMISSAL, 2)
    assert state.players[0].insurance is None
    assert state.known["niespodzianka"] == [pipe.number, accident.number, insurance.number]
    check_books(state)


def test_a_stolen_car_is_lost() -> None:
    """ "A player loses his car if he draws a LOS or NIESPODZIANKA card stating that it has been
    stolen." """
    state = new_game(2)
    give_car(state, 0)
    land_on(state, 0, LOS, 2)
    draw(state, "los", card(state, "los", "car_stolen").number)
    assert state.players[0].car == 0 and state.bank_cars == 5
    check_books(state)


def test_moving_cards() -> None:
    state = new_game(2)
    land_on(state, 0, LOS, 2)
    draw(state, "los", card(state, "los", "advance", space=START).number)
    assert state.players[0].position == START and state.players[0].cash == 15_300
    land_on(state, 1, LOS, 2)
    draw(state, "los", card(state, "los", "go", space=PRISON).number)
    assert state.players[1].position == PRISON and state.players[1].wait == 2
    land_on(state, 0, NIESPODZIANKA, 2)
    draw(state, "niespodzianka", card(state, "niespodzianka", "go", space=HOSPITAL).number)
    assert state.players[0].position == HOSPITAL and state.players[0].cash == 15_100
    finish_turn(state, 0 if state.current_player() == 0 else 1)
    assert state.phase == TURN


def test_go_back_three_spaces_lands_on_the_doctor() -> None:
    state = new_game(2)
    land_on(state, 0, LOS, 2)
    draw(state, "los", card(state, "los", "back").number)
    assert state.players[0].position == LOS - 3
    state.apply(Pass(), 0)  # the doctor's free profession


def test_collect_and_pay_each_move_money_between_players() -> None:
    state = new_game(3)
    land_on(state, 0, LOS, 2)
    draw(state, "los", card(state, "los", "collect").number)
    assert [p.cash for p in state.players] == [15_200, 14_900, 14_900]
    land_on(state, 1, LOS, 2)
    draw(state, "los", card(state, "los", "pay_each").number)
    assert [p.cash for p in state.players] == [15_250, 14_800, 14_950]
    check_books(state)


def test_repairs_are_paid_per_brick_and_per_pyramid() -> None:
    state = new_game(2)
    give_firm(state, 0, 4, 3)
    give_firm(state, 0, 14, 5)
    give_firm(state, 0, 31, 4)
    land_on(state, 0, LOS, 2)
    draw(state, "los", card(state, "los", "repairs").number)  # 100 a brick, 400 a pyramid
    assert state.players[0].cash == 15_000 - 700 - 400


def test_a_fine_and_a_wait_are_paid_first_then_waited() -> None:
    """ "Tax inspection - a 200 zł fine and you wait one turn": the fine, then the wait."""
    state = new_game(2)
    land_on(state, 0, NIESPODZIANKA, 2)
    inspection = card(state, "niespodzianka", "pay", title="Tax inspection")
    draw(state, "niespodzianka", inspection.number)
    assert state.players[0].cash == 14_800 and state.players[0].wait == 1
    told = news(state)
    assert told.index("pays 200 zł to the bank") < told.index("Seat 0 waits 1 turn.")
    check_books(state)


def test_a_player_bankrupt_by_the_fine_does_not_wait() -> None:
    state = new_game(3)
    set_cash(state, 0, 100)
    land_on(state, 0, NIESPODZIANKA, 2)
    draw(state, "niespodzianka", card(state, "niespodzianka", "pay", title="Tax inspection").number)
    assert state.players[0].bankrupt and state.players[0].wait == 0
    assert "Seat 0 waits" not in news(state)
    check_books(state)
