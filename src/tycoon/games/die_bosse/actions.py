"""Die Bosse actions, one frozen dataclass per kind. The text form is the kind and its values.

Cards are named by their numbers (``data.py``: companies 0 to 53, action cards 54 to 107);
a player's concerns (columns) by their index in that player's list, from 0, where the index
one past the last means "start a new concern".
"""

from __future__ import annotations

from tycoon.core.actions import Action, ActionCodec, action

# --- chance -----------------------------------------------------------------------------


@action("remove")
class Remove(Action):
    """Chance, two players only: industry card ``card`` is taken out of the game unseen."""

    card: int


@action("reveal")
class Reveal(Action):
    """Chance: industry card ``card`` is turned face up into the row for sale."""

    card: int


@action("draw")
class Draw(Action):
    """Chance: action card ``card`` is drawn from the stack (identical cards are one outcome,
    named by the lowest number among them still in the stack)."""

    card: int


# --- a turn (rulebook "Spelverloop") ----------------------------------------------------


@action("buy")
class Buy(Action):
    """Buy the face-up company ``card``; its price is added to the turn's bill."""

    card: int


@action("transfer")
class Transfer(Action):
    """Play transfer card ``card`` to take ``company``, the last company of another player's
    concern, for ½, 1 or 1½ times its price, added to the turn's bill."""

    card: int
    company: int


@action("place")
class Place(Action):
    """Lay the company just bought or taken at the bottom of concern ``concern`` (or start a
    new concern with the index one past the last)."""

    concern: int


@action("move")
class Move(Action):
    """Rationalise: move own company ``company`` to the bottom of concern ``concern`` (its own
    concern: to its bottom; one past the last: a new concern), for 1 million paid in advance:
    the move is made once it is paid for (``Pay``)."""

    company: int
    concern: int


@action("end")
class End(Action):
    """Play no more action cards this turn."""


@action("pay")
class Pay(Action):
    """Hand capital card ``card`` to the bank towards the turn's bill, or in advance for a
    rationalising move; the payment is complete as soon as the cards handed over cover what is
    due (no change is given)."""

    card: int


@action("discard")
class Discard(Action):
    """A turn without an action card played: give up action card ``card``."""

    card: int


@action("done")
class Done(Action):
    """Stop giving up cards (at least one must be given up)."""


CODEC = ActionCodec([Remove, Reveal, Draw, Buy, Transfer, Place, Move, End, Pay, Discard, Done])
