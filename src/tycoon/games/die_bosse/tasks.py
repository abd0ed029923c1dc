"""What is still to happen at the end of a turn, as typed tasks on the state's agenda
(``tycoon.core.agenda``); ``flow.py`` runs them in order until a decision is pending.

Rulebook "Spelverloop": when the player plays no more cards, the turn's bill is paid, then the
cartel office looks at the concerns (rulebook "Rationaliseren"), a player who played no card
gives one up, and the player draws 2 new action cards (a profit card drawn pays out at once);
after the last company was sold the last distribution ends the game instead.
"""

from __future__ import annotations

from tycoon.core.agenda import Task, task


@task("settle-bill")
class SettleBill(Task):
    """The player pays the turn's bill, card by card (the ``pay`` decision), if there is one."""


@task("cartel")
class Cartel(Task):
    """Two companies of one industry in a concern are moved apart, paid in advance, or the
    player gives up all action cards."""


@task("give-up")
class GiveUp(Task):
    """A player who played no action card gives up at least one (the ``discard`` decision)."""


@task("close")
class Close(Task):
    """The cards played go to the discard pile; the player draws, or the game ends."""


@task("draw-card")
class DrawCard(Task):
    """Chance: the player draws one action card (reshuffling the discard pile if need be)."""


@task("next-turn")
class NextTurn(Task):
    """The next player's turn begins."""


END_OF_TURN = (SettleBill(), Cartel(), GiveUp(), Close())
"""The tasks of ending a turn, in order."""
