"""What is still to happen this turn: the typed tasks on the state's agenda (``tycoon.core.agenda``).

The rule modules queue them; the flow (``flow.py``) does them in order while no decision is
pending. Imports nothing of the game.
"""

from __future__ import annotations

from tycoon.core.agenda import Task, task


@task("land")
class Land(Task):
    """The pawn of the player whose turn it is has stopped: what its space does comes next."""


@task("pay")
class Pay(Task):
    """A payment that must be made: from the cash in hand, else by raising the money
    (mortgages, investments sold), else in bankruptcy (rulebook, "Mortgage", "Bankruptcy")."""

    payer: int
    """The seat that pays."""
    amount: int
    """Złoty due."""
    payee: int
    """The seat paid, or ``BANK`` (-1)."""
    why: str
    """What for, as the narration says it ("a visit to Zakład fryzjerski")."""


@task("wait")
class Wait(Task):
    """A card's "… and you wait a turn": added once what the card does is done."""

    seat: int
    """The seat that waits."""
    turns: int
    """Turns to wait."""


@task("end-turn")
class TurnEnds(Task):
    """The turn is over: the next player in seat order who need not wait moves next."""

    reminded: bool = False
    """Table-faithful play: the player was already given a last moment to claim incomes."""


LAND = Land()
"""The pawn has stopped (tasks are frozen: one serves every move)."""
TURN_ENDS = TurnEnds()
"""The turn is over, no reminder given yet."""
