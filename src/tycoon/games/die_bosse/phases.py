"""The phases of a game of Die Bosse (what the pending decision is) and the rulebook sections
that messages cite. The bottom of the package: it imports nothing of the game."""

from __future__ import annotations

from enum import StrEnum

from tycoon.core.messages import msg


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

# Refusals cite the rulebook's sections as catalogue words: each rendered in the reader's
# language with the Dutch rulebook's own heading beside it, where a player looks it up.
RULE_SETUP = msg("db.no.rule.setup")  # "Spelvoorbereiding"
RULE_TURN = msg("db.no.rule.turn")  # "Spelverloop"
RULE_BUY = msg("db.no.rule.buy")  # "1. Bedrijven kopen en concern uitbouwen"
RULE_CAPITAL = msg("db.no.rule.capital")  # "Kaarten": "kapitaalkaarten"
RULE_TRANSFER = msg("db.no.rule.transfer")  # "2. Transfers doorvoeren"
RULE_RATIONALISE = msg("db.no.rule.rationalise")  # "3. Rationaliseren"
