"""What the pending decision of a game of Playboss is: the phases, at the bottom of the
package's layers (every other module may import them; they import nothing of the game). Each
phase but ``READY`` has its entry in ``decisions.py`` (docs/decisions/0026-decisions-registry.md).
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the pending decision is (its value is the name views and records show)."""

    READY = ""
    """No decision is pending (``tycoon.core.decisions.READY``): the flow works through the
    turn's agenda (``tasks.py``). Never seen from outside: ``apply`` runs the agenda until a
    decision is pending."""
    SETUP = "setup"
    """Chance: the die decides the start player."""
    TURN = "turn"
    """The player may do business at any time, then rolls."""
    MOVE = "move"
    """Chance: the die moves the piece."""
    RED = "red"
    """The red decision field: purchase, invest, produce, sell, or do nothing."""
    GREEN = "green"
    """The green WEB field."""
    YELLOW = "yellow"
    """The yellow cost field."""
    WHITE = "white"
    """The white write-off field."""
    LEASE = "lease"
    """The computer lease is due again."""
    RISK = "risk"
    """Chance: a risk card is drawn."""
    LOSE = "lose-machine"
    """A risk card destroyed a machine; the owner picks which."""
    RAISE = "raise"
    """A payment is due and cash is short: sell to the bank or borrow."""
    AUCTION = "auction"
    """The bank auctions a bankrupt business's assets."""
    BIDDING = "purchase-auction"
    """Step 2: the bank auctions the rest of a price zone."""
    DUE = "marketing-due"
    """Step 3: an organisation's yearly costs are due; pay them or give it up."""
    UNDERBIDDING = "free-market"
    """Step 1: a round of price underbidding after a red-field sale."""
    ANSWER = "answer"
    """The recipient of an offer must accept, decline or counter it."""
    COUNTER = "counter"
    """The seat that made an offer must accept or decline the counter-offer handed back."""
    LABOUR = "labour"
    """Step 6: a business has landed on a red field; the worker representative may call strikes
    and announce terminations before it pays and decides."""
    OVER = "over"
    """The game is over."""


READY = Phase.READY
SETUP = Phase.SETUP
TURN = Phase.TURN
MOVE = Phase.MOVE
RED = Phase.RED
GREEN = Phase.GREEN
YELLOW = Phase.YELLOW
WHITE = Phase.WHITE
LEASE = Phase.LEASE
RISK = Phase.RISK
LOSE = Phase.LOSE
RAISE = Phase.RAISE
AUCTION = Phase.AUCTION
BIDDING = Phase.BIDDING
DUE = Phase.DUE
UNDERBIDDING = Phase.UNDERBIDDING
ANSWER = Phase.ANSWER
COUNTER = Phase.COUNTER
LABOUR = Phase.LABOUR
OVER = Phase.OVER

CHANCE_PHASES = (SETUP, MOVE, RISK)
"""The phases in which chance moves."""
BARGAINING = (ANSWER, COUNTER)
"""The decisions taken while a deal is on the table, the decision it set aside waiting
(``Deals.resume``): the offer's answer, and the counter-offer's."""
STEP_PHASES = (BIDDING, DUE, UNDERBIDDING)
"""The decisions the expansion steps add: bidding at a purchase auction; marketing costs due; a
round of price underbidding."""
