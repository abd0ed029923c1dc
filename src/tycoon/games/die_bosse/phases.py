"""The phases of a game of Die Bosse (what the pending decision is) and the rulebook sections
that messages cite. The bottom of the package: it imports nothing of the game."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the pending decision is (its value is the name views and records show); each has
    its entry in ``decisions.py``."""

    READY = ""
    """No decision is pending (``tycoon.core.decisions.READY``): the end of the turn goes on with
    the next task on the agenda. Never seen from outside: ``apply`` runs the agenda until a decision is pending."""
    SETUP = "setup"
    """Chance: cards taken out (two players), the row laid out, the hands dealt."""
    TURN = "turn"
    """The player plays action cards, or ends the turn."""
    PLACE = "place"
    """The player lays the company just bought or taken."""
    REFILL = "refill"
    """Chance: the row is refilled after a purchase."""
    ADVANCE = "advance"
    """The player pays in advance for rationalising: a capital card before the move is made."""
    PAY = "pay"
    """The player hands over capital cards for the turn's bill."""
    DISCARD = "discard"
    """No action card was played: the player gives up at least one."""
    DRAW = "draw"
    """Chance: the player draws new action cards."""
    OVER = "over"
    """The game is over."""


READY = Phase.READY
SETUP = Phase.SETUP
TURN = Phase.TURN
PLACE = Phase.PLACE
REFILL = Phase.REFILL
ADVANCE = Phase.ADVANCE
PAY = Phase.PAY
DISCARD = Phase.DISCARD
DRAW = Phase.DRAW
OVER = Phase.OVER

CHANCE_PHASES = frozenset((SETUP, REFILL, DRAW))
"""The phases in which chance moves."""

# Messages cite the headings of the rulebook's English reading (the game speaks English); the
# Dutch rulebook's own headings are given beside each, as the code's docstrings cite them.
RULE_SETUP = 'Die Bosse, "Setup"'  # "Spelvoorbereiding"
RULE_TURN = 'Die Bosse, "Play"'  # "Spelverloop"
RULE_BUY = 'Die Bosse, "1. Buying companies and building concerns"'  # "1. Bedrijven kopen en concern uitbouwen"
RULE_CAPITAL = 'Die Bosse, "Cards": capital cards'  # "kapitaalkaarten"
RULE_TRANSFER = 'Die Bosse, "2. Transfers"'  # "2. Transfers doorvoeren"
RULE_RATIONALISE = 'Die Bosse, "3. Rationalising"'  # "3. Rationaliseren"
