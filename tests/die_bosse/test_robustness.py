"""Bad input at ``apply``: actions built by hand with wrong field types, seats that are not
whole numbers, actions of another game. Each is refused as an illegal action and leaves the
game exactly as it was; messages name chance as "chance", never "seat -1"."""

from __future__ import annotations

from typing import Any

import pytest

from tycoon.core import CHANCE
from tycoon.core.actions import Action, action
from tycoon.core.errors import IllegalAction, NotYourTurn
from tycoon.games.die_bosse.actions import Buy, Draw, End, Move, Pay, Place, Reveal, Transfer

from .helpers import assert_rejected, new_game, snapshot, state_of


@action("dance")
class Dance(Action):
    """An action no game knows."""


BAD_FIELDS: list[Action] = [
    Draw(card={}),  # type: ignore[arg-type]
    Reveal(card="3"),  # type: ignore[arg-type]
    Buy(card=1.5),  # type: ignore[arg-type]
    Buy(card=True),  # type: ignore[arg-type]
    Transfer(card=100, company=None),  # type: ignore[arg-type]
    Place(concern="0"),  # type: ignore[arg-type]
    Move(company=1, concern=[0]),  # type: ignore[arg-type]
    Pay(card=80.0),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("bad", BAD_FIELDS, ids=repr)
def test_a_field_of_the_wrong_type_is_refused_with_nothing_changed(bad: Action) -> None:
    for state in (state_of(3), new_game()):  # chance to move, then a player
        message = assert_rejected(state, bad, None)
        assert "must be int" in message


def test_an_action_of_no_game_or_no_action_at_all_is_refused() -> None:
    state = new_game()
    assert "not an action of this game" in assert_rejected(state, Dance(), 0)
    before = snapshot(state)
    not_an_action: Any = "end"
    with pytest.raises(IllegalAction, match="not an action of this game"):
        state.apply(not_an_action, 0)
    assert state.fingerprint() == before


@pytest.mark.parametrize("seat", ["0", 0.0, True, [0]], ids=repr)
def test_a_seat_that_is_not_a_whole_number_is_refused(seat: Any) -> None:
    state = new_game()
    message = assert_rejected(state, End(), seat)
    assert "a seat is a whole number" in message


def test_messages_name_chance_as_chance() -> None:
    """When chance is to move, a seat's action is refused with "chance", never "seat -1"."""
    state = state_of(3)
    before = snapshot(state)
    with pytest.raises(NotYourTurn) as info:
        state.apply(End(), 0)
    assert "chance" in str(info.value) and "seat -1" not in str(info.value)
    assert state.fingerprint() == before
    # A chance outcome played by a seat's hand, or at a seat's decision, says who is to move.
    state = new_game()
    with pytest.raises(NotYourTurn) as info:
        state.apply(Draw(state.action_stack[0]), CHANCE)
    assert "seat 0" in str(info.value) and "-1" not in str(info.value)
    for seat in (-1, -2, 3):
        message = assert_rejected(state, End(), seat)
        assert "-1's" not in message
