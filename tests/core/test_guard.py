"""The checks every apply starts with: bad seat, bad action, game over, chance, no such seat,
and the wrong seat for a pending decision."""

from __future__ import annotations

import pytest

from tycoon.core.actions import Action, ActionCodec, action
from tycoon.core.errors import GameOver, IllegalAction, NotYourTurn
from tycoon.core.game import CHANCE, TERMINAL
from tycoon.core.guard import admit, require_turn, whose_turn
from tycoon.core.messages import plain


@action("hire")
class Hire(Action):
    count: int


@action("die")
class Die(Action):
    pips: int


@action("other")
class Other(Action):
    pass


CODEC = ActionCodec([Hire, Die])


def test_no_seat_means_the_current_player() -> None:
    assert admit(Hire(1), None, 2, 4, CODEC) == 2
    assert admit(Die(3), None, CHANCE, 4, CODEC) == CHANCE
    assert admit(Hire(1), 3, 0, 4, CODEC) == 3  # "at any time" actions pass; require_turn decides


@pytest.mark.parametrize(
    ("act", "seat", "message"),
    [
        (Hire(1), "0", "a seat is a whole number counted from 0 (or none for the seat to move), not '0'"),
        (Hire(1), True, "not True"),
        (Hire(1), 1.0, "not 1.0"),
        (Hire(1.5), 0, "'hire': count must be int, not 1.5"),  # type: ignore[arg-type]
        (Hire(True), 0, "'hire': count must be int, not True"),
        (Other(), 0, "is not an action of this game; its actions: hire and die"),
        ("hire 1", 0, "is not an action of this game"),
    ],
)
def test_malformed_input_is_illegal(act: object, seat: object, message: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        admit(act, seat, 0, 4, CODEC)
    assert message in str(caught.value)
    assert not isinstance(caught.value, NotYourTurn | GameOver)


def test_nothing_after_the_end() -> None:
    with pytest.raises(GameOver, match="the game is over; hire 1 can no longer be played"):
        admit(Hire(1), 0, TERMINAL, 4, CODEC)
    with pytest.raises(GameOver):
        admit(Die(1), CHANCE, TERMINAL, 4, CODEC)


def test_a_chance_outcome_while_a_seat_decides() -> None:
    with pytest.raises(NotYourTurn, match="die 3 is a chance outcome, but it is seat 1's decision"):
        admit(Die(3), CHANCE, 1, 4, CODEC)


@pytest.mark.parametrize("seat", [4, 7, -2, -5])
def test_no_such_seat(seat: int) -> None:
    with pytest.raises(IllegalAction, match=f"there is no seat {seat}; seats are 0 to 3"):
        admit(Hire(1), seat, 0, 4, CODEC)


def test_wrong_seat_for_the_pending_decision() -> None:
    require_turn(Hire(1), 2, 2)
    with pytest.raises(NotYourTurn) as caught:
        require_turn(Hire(1), 1, 2, "seat 2 bids or passes")
    assert str(caught.value) == (
        "hire 1 cannot be played now: it is seat 2's decision, not seat 1's: seat 2 bids or passes"
    )
    with pytest.raises(NotYourTurn, match=r"it is chance's turn, not seat 0's$"):
        require_turn(Hire(1), 0, CHANCE)


def test_whose_turn_never_says_seat_minus_one() -> None:
    assert plain(whose_turn(3)) == "Seat 3's decision"  # a sentence of its own begins with a capital
    assert plain(whose_turn(CHANCE)) == "chance's turn"
    assert plain(whose_turn(TERMINAL)) == "nobody's turn: the game is over"
