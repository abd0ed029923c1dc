"""The phases of a game of Biznes po polsku: what the pending decision is.

The bottom of the package: it imports nothing of the game. See
docs/decisions/0017-biznes-po-polsku-layers-and-families.md for the package's layers.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the pending decision is (its value is the name views and records show); each but
    ``READY`` has its entry in ``decisions.py``."""

    READY = ""
    """No decision is pending (``tycoon.core.decisions.READY``): the flow works through the
    turn's agenda."""
    SETUP = "setup"
    """Chance: the die decides who begins."""
    TURN = "turn"
    """The player may deal (trade, mortgage, invest, buy a car), then rolls."""
    MOVE = "move"
    """Chance: the die is rolled for the move."""
    CAR = "car"
    """With a car: stop on the rolled space or five further."""
    BUY = "buy"
    """An unowned firm: found it or not."""
    JOB = "job"
    """A free profession: take it or wait for a better one."""
    PARTY = "party"
    """The political party: join or not."""
    OFFICE = "office"
    """An unbought office: run for it or not."""
    DRAW = "draw"
    """Chance: a LOS or NIESPODZIANKA card is drawn."""
    RAISE = "raise"
    """A payment is due and cash is short: mortgage or sell investments."""
    AUCTION = "auction"
    """The bank auctions a bankrupt player's firms: bid or pass."""
    ANSWER = "answer"
    """A trade offer waits for the other player's answer."""
    COUNTER = "counter"
    """The player asked answered with a counter-offer: the proposer accepts or rejects it."""
    END = "end"
    """Table-faithful play: claim what was passed before ending the turn."""
    OVER = "over"
    """The game is over."""


READY = Phase.READY
SETUP = Phase.SETUP
TURN = Phase.TURN
MOVE = Phase.MOVE
CAR = Phase.CAR
BUY = Phase.BUY
JOB = Phase.JOB
PARTY = Phase.PARTY
OFFICE_CHOICE = Phase.OFFICE
DRAW = Phase.DRAW
RAISE = Phase.RAISE
AUCTION = Phase.AUCTION
ANSWER = Phase.ANSWER
COUNTER = Phase.COUNTER
END = Phase.END
OVER = Phase.OVER

CHANCE_PHASES = frozenset((SETUP, MOVE, DRAW))
"""The phases in which chance moves."""
OWN_TURN = frozenset((TURN, CAR, BUY, JOB, PARTY, OFFICE_CHOICE, END))
"""Decisions of the player whose turn it is, during which their "at any time" options are open."""

BANK = -1
"""The owner of what no player owns, and the payee of money due to the bank."""
