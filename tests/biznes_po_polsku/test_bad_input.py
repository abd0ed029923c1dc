"""Actions and seats of the wrong type, built by hand in Python, are refused as illegal with
the game exactly as it was (the records and the text form cannot produce them; code can)."""

from __future__ import annotations

from typing import Any

import pytest

from tycoon.core import CHANCE
from tycoon.core.actions import Action
from tycoon.games.biznes_po_polsku.actions import (
    Bid,
    Die,
    Draw,
    Invest,
    Mortgage,
    OfferExchange,
    OfferPurchase,
    OfferSale,
    Roll,
)
from tycoon.games.biznes_po_polsku.phases import MOVE, TURN

from .helpers import FRYZJER, KIOSK, LOS, RTV, assert_rejected, give_firm, give_group, land_on, new_game

BAD_FIELDS: list[Action] = [
    Invest(1.5),  # type: ignore[arg-type]
    Invest(True),
    Mortgage("14"),  # type: ignore[arg-type]
    OfferSale(KIOSK, 1.0, 500),  # type: ignore[arg-type]
    OfferSale(KIOSK, True, 500),
    OfferPurchase(RTV, 750.0),  # type: ignore[arg-type]
    OfferExchange({}, RTV, 0),  # type: ignore[arg-type]
    Bid(1.5),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("action", BAD_FIELDS, ids=repr)
def test_a_field_of_the_wrong_type_is_refused_on_the_players_turn(action: Action) -> None:
    state = new_game(2)
    give_group(state, 0, FRYZJER)
    give_firm(state, 0, KIOSK)
    give_firm(state, 1, RTV)
    assert state.phase == TURN
    assert_rejected(state, 0, action, f"'{action.kind}'", "must be")


@pytest.mark.parametrize(
    "outcome",
    [Draw("los", 1.0), Draw("los", True), Draw(5, 1), Die(True), Die(2.0)],  # type: ignore[arg-type]
    ids=repr,
)
def test_a_chance_outcome_of_the_wrong_type_is_refused(outcome: Action) -> None:
    """``Draw("los", 1.0)`` equals ``Draw("los", 1)`` as a dataclass, and used to be accepted,
    leaving the card ``los:1.0`` in the state."""
    state = new_game(2)
    if isinstance(outcome, Draw):
        land_on(state, 0, LOS, 2)
    else:
        state.apply(Roll(), 0)
        assert state.phase == MOVE
    assert_rejected(state, CHANCE, outcome, "must be")


@pytest.mark.parametrize("seat", ["0", 0.0, True, [0]], ids=repr)
def test_a_seat_that_is_no_whole_number_is_refused(seat: Any) -> None:
    """``apply(Roll(), True)`` used to play for seat 1, and ``"0"`` raised a TypeError."""
    state = new_game(2)
    assert_rejected(state, seat, Roll(), "a seat is a whole number")


def test_an_action_of_another_game_is_refused() -> None:
    from tycoon.games.die_bosse.actions import Discard

    state = new_game(2)
    assert_rejected(state, 0, Discard(0), "not an action of this game")


def test_messages_name_chance_not_seat_minus_one() -> None:
    state = new_game(2)
    state.apply(Roll(), 0)
    error = assert_rejected(state, 1, Roll(), "chance")
    assert "seat -1" not in str(error)
    state.apply(Die(3), CHANCE)
    error = assert_rejected(state, CHANCE, Die(3), "seat 0")
    assert "seat -1" not in str(error)
