"""The corner and penalty spaces as the board prints them (research 3.3): START, the police
station, the hospital, the tax office, the prison; waiting turns."""

from __future__ import annotations

from tycoon.games.biznes_po_polsku.phases import TURN

from .helpers import (
    HOSPITAL,
    POLICE,
    PRISON,
    START,
    TAX,
    TEACHER,
    check_books,
    finish_turn,
    land_on,
    new_game,
    news,
)


def test_stopping_on_start_brings_the_300_bonus_and_passing_it_nothing() -> None:
    """Space 1: "if you land on START you get a 300 zł bonus"."""
    state = new_game(2)
    land_on(state, 0, START, 3)
    assert state.players[0].cash == 15_300
    land_on(state, 1, TEACHER, 3)  # from 39, passing START
    assert state.players[1].cash == 15_000
    check_books(state)


def test_the_tax_office_fines_800() -> None:
    """Space 21: "for unpaid taxes a fine of 800 zł (paid to the BANK)"."""
    state = new_game(2)
    land_on(state, 0, TAX, 4)
    assert state.players[0].cash == 14_200
    assert state.ledger_in == 800
    check_books(state)


def test_the_hospital_costs_200_and_a_turn() -> None:
    """Space 12: "you fell ill, wait 1 turn, pay 200 zł"."""
    state = new_game(2)
    land_on(state, 0, HOSPITAL, 2)
    assert state.players[0].cash == 14_800
    assert state.players[0].wait == 1
    finish_turn(state, 1)
    # Seat 0's turn is skipped: seat 1 plays again.
    assert state.phase == TURN and state.current_player() == 1
    assert state.players[0].wait == 0
    assert "Seat 0 waits a turn." in news(state)
    finish_turn(state, 1)
    assert state.current_player() == 0


def test_the_police_station_holds_a_player_one_turn() -> None:
    """Space 3: "Suspected of bank fraud, held 1 turn"."""
    state = new_game(2)
    land_on(state, 0, POLICE, 2)
    assert state.players[0].wait == 1 and state.players[0].cash == 15_000


def test_the_prison_holds_a_player_two_turns() -> None:
    """Space 24: "suspected of lollipop smuggling, 2 turns in prison"."""
    state = new_game(2)
    land_on(state, 0, PRISON, 2)
    assert state.players[0].wait == 2
    finish_turn(state, 1)
    finish_turn(state, 1)
    assert state.current_player() == 1
    finish_turn(state, 1)
    assert state.current_player() == 0


def test_waiting_turns_still_count_rounds() -> None:
    state = new_game(2, rounds=2)
    land_on(state, 0, PRISON, 2)
    finish_turn(state, 1)  # round 1 done, seat 0 waits (round 2's first turn)
    finish_turn(state, 1)  # round 2 done
    assert state.is_terminal() and state.rounds_done == 2
