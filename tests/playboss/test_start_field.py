"""The start field: business years and the second half of the starting capital.

Playboss I, "Choose a Bank Director" ("Important!") and "The Start Field".
"""

from __future__ import annotations

from tycoon.games.playboss.actions import DoNothing
from tycoon.games.playboss.phases import RED, TURN

from .helpers import check_books, land_on, new_game, space_of, told


def test_the_first_crossing_pays_the_second_10000() -> None:
    """Playboss I, "Important!": after the FIRST crossing of start, another 10,000 Marks."""
    state = new_game(2)
    state.log = []
    red = space_of(state, "red")  # space 1, just past start

    land_on(state, 0, red, pips=3)

    b = state.businesses[0]
    assert (b.cash, b.capital_received, b.laps, b.position) == (20_000, 20_000, 1, red)
    assert state.ledger_out == 30_000
    assert told(state) == [
        "Seat 0 rolls 3 and moves to space 1 (red decision field).",
        "Seat 0 crosses start: business year 1 is complete.",
        "Seat 0 receives 10,000 Marks for the second half of the starting capital.",
    ]
    assert state.phase == RED  # crossing comes first, then the field landed on
    assert state.businesses[1].capital_received == 10_000
    check_books(state)


def test_later_crossings_pay_no_more_capital() -> None:
    """Playboss I, "Important!": under no circumstance more than 20,000 starting capital."""
    state = new_game(1, years=9)
    b = state.businesses[0]

    for lap in range(1, 5):
        land_on(state, 0, 0)
        assert (b.laps, b.cash, b.capital_received) == (lap, 20_000, 20_000)
    assert state.ledger_out == 20_000


def test_landing_exactly_on_start_counts_as_crossing() -> None:
    """Playboss I, "The Start Field": every crossing completes a year; landing on it is one."""
    state = new_game(2)

    land_on(state, 0, 0, pips=6)

    b = state.businesses[0]
    assert (b.position, b.laps, b.cash) == (0, 1, 20_000)
    assert (state.phase, state.current_player()) == (TURN, 1)  # the start field asks nothing


def test_stopping_short_of_start_is_no_crossing() -> None:
    """Playboss I, "The Start Field"."""
    state = new_game(2)
    last = len(state.rules.board) - 1

    land_on(state, 0, last, pips=2)

    b = state.businesses[0]
    assert (b.position, b.laps, b.cash) == (last, 0, 10_000)


def test_moving_on_from_start_is_no_second_crossing() -> None:
    """Playboss I, "The Start Field": leaving the start field does not cross it again."""
    state = new_game(1, years=5)
    land_on(state, 0, 0)
    b = state.businesses[0]

    land_on(state, 0, space_of(state, "red"), pips=1)  # from start to space 1

    assert (b.laps, b.cash) == (1, 20_000)


def test_laps_are_counted_per_business() -> None:
    """Playboss I, "The Start Field": each player's own business year."""
    state = new_game(3)
    red = space_of(state, "red")

    land_on(state, 0, red, pips=2)
    state.apply(DoNothing(), 0)
    land_on(state, 1, red, pips=2)
    state.apply(DoNothing(), 1)
    land_on(state, 2, 5, pips=4)  # from space 1 to 5: no crossing
    state.apply(DoNothing(), 2)
    land_on(state, 0, red, pips=1)  # from space 0: no crossing

    assert [b.laps for b in state.businesses] == [1, 1, 0]
    assert [b.capital_received for b in state.businesses] == [20_000, 20_000, 10_000]
    check_books(state)
