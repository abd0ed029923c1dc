"""Actions and seats of the wrong type, built by hand in Python, are refused as illegal with
the game exactly as it was; a game set up with a wrong number of players is refused. The text
form and the records cannot produce such actions (the codec checks every field); code can."""

from __future__ import annotations

from typing import Any

import pytest

from tycoon.core import CHANCE, load
from tycoon.core.actions import Action
from tycoon.core.errors import InvalidConfig
from tycoon.games.playboss import Playboss
from tycoon.games.playboss.actions import (
    BankSell,
    Borrow,
    CostChoice,
    Die,
    DrawRisk,
    GiveNotice,
    Hire,
    OfferTrade,
    Purchase,
    Roll,
)
from tycoon.games.playboss.phases import MOVE, RED, TURN

from .helpers import assert_rejected, give_machines, give_products, land_on, new_game, options, space_of

BAD_FIELDS: list[Action] = [
    Hire(1.5),  # type: ignore[arg-type]
    Hire(True),
    BankSell("raw", 1.5),  # type: ignore[arg-type]
    BankSell(1, 1),  # type: ignore[arg-type]
    Borrow(500.0),  # type: ignore[arg-type]
    GiveNotice("0", 1),  # type: ignore[arg-type]
    OfferTrade("1", "raw", 1, 300, True),  # type: ignore[arg-type]
    OfferTrade(1, "raw", 1, 300, 1),  # type: ignore[arg-type]
    CostChoice(0),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("action", BAD_FIELDS, ids=repr)
def test_a_field_of_the_wrong_type_is_refused_at_any_time(action: Action) -> None:
    """``Hire(1.5)`` and ``BankSell("raw", 1.5)`` used to leave fractional workers or products,
    after which ``legal_actions()`` raised ``TypeError``."""
    state = new_game(3, steps=[6])
    give_products(state, 0, raw=3)
    give_machines(state, 0, 1)
    assert state.phase == TURN
    assert_rejected(state, 0, action, f"'{action.kind}'", "must be")
    assert options(state, 0)


@pytest.mark.parametrize("action", [Purchase(1.5), Purchase(True), Purchase("2")], ids=repr)  # type: ignore[arg-type]
def test_a_red_field_decision_of_the_wrong_type_is_refused(action: Action) -> None:
    state = new_game(2)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    assert state.phase == RED
    assert_rejected(state, 0, action, "purchase", "must be int")
    assert Purchase(1) in options(state, 0)


@pytest.mark.parametrize("outcome", [Die(2.0), Die(True), DrawRisk("3")], ids=repr)  # type: ignore[arg-type]
def test_a_chance_outcome_of_the_wrong_type_is_refused(outcome: Action) -> None:
    state = new_game(2)
    state.apply(Roll(), 0)
    assert state.phase == MOVE
    assert_rejected(state, CHANCE, outcome, "must be")


@pytest.mark.parametrize("seat", ["0", 0.0, True, [0]], ids=repr)
def test_a_seat_that_is_no_whole_number_is_refused(seat: Any) -> None:
    """``apply(Roll(), "0")`` used to raise ``TypeError``; ``True`` played for seat 1."""
    state = new_game(2)
    assert_rejected(state, seat, Roll(), "a seat is a whole number")


def test_an_action_of_another_game_is_refused() -> None:
    from tycoon.games.die_bosse.actions import Discard

    state = new_game(2)
    assert_rejected(state, 0, Discard(0), "not an action of this game")


def test_messages_name_chance_not_seat_minus_one() -> None:
    state = new_game(2)
    state.businesses[0].position = space_of(state, "red", after=6) - 3
    state.apply(Roll(), 0)
    error = assert_rejected(state, 1, Roll(), "chance")
    assert "seat -1" not in str(error)
    state.apply(Die(3), CHANCE)
    assert state.phase == RED
    error = assert_rejected(state, CHANCE, Die(3), "seat 0")
    assert "seat -1" not in str(error)


@pytest.mark.parametrize("players", [True, False, 2.0, "4", 0])
def test_a_number_of_players_that_is_no_whole_number_in_range_is_refused(players: Any) -> None:
    """``load("playboss", players=True)`` must not give a one-seat game."""
    with pytest.raises(InvalidConfig, match=r"players|businesses"):
        load("playboss", players=players)
    with pytest.raises(InvalidConfig, match=r"players|businesses"):
        Playboss(players=players)


@pytest.mark.parametrize(
    ("game", "option", "value"),
    [
        ("playboss", "years", 101),
        ("playboss", "years", 10**18),
        ("playboss", "rounds", 10_001),
        ("playboss", "sales_target", 10**12),
        ("biznes_po_polsku", "rounds", 10_001),
    ],
)
def test_a_game_length_beyond_its_bound_is_refused_naming_the_bound(game: str, option: str, value: int) -> None:
    """A game of 10**18 years would fit in 64 bits but never end, and its figures could outgrow
    what the wire carries: the length options have an upper bound like every number."""
    with pytest.raises(InvalidConfig, match=rf"{option}.*(at most|to) [\d,]+"):
        load(game, **{option: value})
