"""The checks every ``State.apply`` starts with, written once.

:func:`admit` refuses what no rule needs to look at — a seat that is no seat, an action that is
no action of the game, anything after the end, a chance outcome offered by a seat, a seat
outside the table — and returns the seat acting (the current player when none is given).
:func:`require_turn` refuses a decision taken by a seat whose decision is not pending; a game
calls it after letting through what the rules allow "at any time". Both raise before anything
changes, so an illegal action leaves the state exactly as it was. :func:`tell` is what every
``State.describe`` starts with: an action ``apply`` would refuse as ill-formed is not told either.

See docs/decisions/0022-shared-game-pieces.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from tycoon.core.actions import ActionCodec
from tycoon.core.errors import GameOver, IllegalAction, NotYourTurn
from tycoon.core.forms import action_problem, seat_problem
from tycoon.core.game import CHANCE, TERMINAL
from tycoon.core.messages import Message, Seat, Text, msg

T = TypeVar("T")


def whose_turn(current: int) -> Message:
    """Whose turn it is, as a message: seat 2's decision, chance's turn, or nobody's (the game
    is over)."""
    if current == CHANCE:
        return msg("refuse.whose.chance")
    if current == TERMINAL:
        return msg("refuse.whose.over")
    return msg("refuse.whose.seat", seat=Seat(current))


def admit(action: object, seat: object, current: int, seats: int, codec: ActionCodec) -> int:
    """The seat that takes ``action`` (``seat``, or ``current`` when ``seat`` is ``None``), once
    the checks every game makes first have passed.

    ``current`` is ``state.current_player()``, ``seats`` the number of seats, ``codec`` the
    game's action codec. Raises, in this order:

    - :class:`IllegalAction` when ``seat`` is neither a whole number nor ``None``, or ``action``
      is not a well-formed action of the game (``seat_problem``, ``action_problem``);
    - :class:`GameOver` when the game is over (``current`` is ``TERMINAL``);
    - :class:`NotYourTurn` when ``seat`` is ``CHANCE`` but a seat must decide;
    - :class:`IllegalAction` when ``seat`` is no seat of the table (nor ``CHANCE``).
    """
    # A whole number or None is what seat_problem lets through: it is asked only of anything
    # else (admit runs at every move).
    if seat is not None and type(seat) is not int:
        problem = seat_problem(seat)
        if problem is not None:
            raise IllegalAction(problem)
    problem = action_problem(action, codec)
    if problem is not None:
        raise IllegalAction(problem)
    if current == TERMINAL:
        raise GameOver(msg("refuse.game_over", action=str(action)))
    if seat is None:
        return current
    assert isinstance(seat, int)
    if seat == CHANCE:
        if current != CHANCE:
            raise NotYourTurn(msg("refuse.chance_outcome", action=str(action), whose=whose_turn(current)))
        return seat
    if not 0 <= seat < seats:
        raise IllegalAction(msg("refuse.no_seat", seat=seat, last=seats - 1))
    return seat


def require_turn(action: object, seat: int, current: int, context: Text = "") -> None:
    """Refuse ``action`` with :class:`NotYourTurn` unless ``seat`` is ``current``, the seat (or
    chance) whose decision is pending; ``context`` says what that decision is (the game's phase
    text) and ends the message: "it is seat 2's decision, not seat 1's: seat 2 bids or passes"."""
    if seat != current:
        mover = msg("refuse.mover.chance") if seat == CHANCE else msg("refuse.mover.seat", seat=Seat(seat))
        refused = msg("refuse.not_your_turn", action=str(action), whose=whose_turn(current), mover=mover)
        raise NotYourTurn(msg("refuse.because", reason=refused, why=context) if context else refused)


def tell(action: object, codec: ActionCodec, words: Callable[[], T]) -> T:
    """``words()``, a game's description of ``action``, once ``action`` is a well-formed action
    of the game (``action_problem``, as ``apply`` checks first); :class:`IllegalAction` with
    the same reason otherwise.

    A well-formed action may still name nothing of the game (card 10**30, seat -1), and a
    game's words look it up: what that raises (an index out of range, a key not found) is
    :class:`IllegalAction` too, so that a describe never fails in another way than ``apply``.
    """
    problem = action_problem(action, codec)
    if problem is not None:
        raise IllegalAction(problem)
    try:
        return words()
    except IllegalAction:
        raise
    except (LookupError, ArithmeticError, TypeError, ValueError) as e:
        raise IllegalAction(msg("refuse.untellable", action=str(action), error=str(e))) from None
