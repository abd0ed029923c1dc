"""The data of a game of Die Bosse: where every card lies, whose turn it is, what this turn has
done so far. Fields, ``clone`` and ``fingerprint`` only; the rules live in the modules above it
(``turn``, ``paying``, ``rationalising``, ``chance``, ``profits``) and ``flow.py`` drives them.

Where the 108 cards can be: industry cards in the industry stack, out of the game (two
players), in the row for sale, being placed, or in a player's concern; action cards in the
action stack, the discard pile, a hand, or on the table this turn (transfer cards played,
capital cards handed over in payment).

The stacks are face down and shuffled, so their order is never stored: drawing is a chance
node over the cards still in the stack (``chance.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from tycoon.core.agenda import Agenda
from tycoon.core.messages import Text
from tycoon.games.die_bosse.cards import worth
from tycoon.games.die_bosse.data import Rules
from tycoon.games.die_bosse.phases import SETUP, Phase

if TYPE_CHECKING:
    from tycoon.games.die_bosse.game import DieBosse


class DieBosseData:
    """Everything on the table of one game of Die Bosse, and the turn in progress."""

    game: DieBosse
    log: list[Text] | None

    def __init__(self, game: DieBosse, *, blank: bool = False) -> None:
        self.game = game
        self.rules: Rules = game.rules
        self.log = None
        """Narration of what happened, or ``None`` when nobody listens."""
        if blank:
            return
        r = self.rules
        n = game.num_seats
        self.industry_stack: list[int] = [c.number for c in r.companies]
        """Industry cards face down, as a sorted list (their order is chance's)."""
        self.removed: list[int] = []
        """Industry cards taken out unseen before a two-player game."""
        self.row: list[int] = []
        """The companies face up for sale, in the order they were laid."""
        self.action_stack: list[int] = [c.number for c in r.actions]
        """Action cards face down, as a sorted list."""
        self.discard: list[int] = []
        """The discard pile (played and given-up cards), reshuffled when the stack runs out."""
        self.given_up: list[list[int]] = [[] for _ in range(n)]
        """Each player's action cards given up face down that lie in the discard pile: only
        their holder saw them (``information.resample`` deals the others' anew). Emptied when
        the pile is shuffled into a new stack."""
        self.hands: list[list[int]] = [[] for _ in range(n)]
        """Each player's action cards, sorted."""
        self.columns: list[list[list[int]]] = [[] for _ in range(n)]
        """Each player's concerns, each a column of companies from top to bottom."""
        self.sheets: list[list[int]] = [[] for _ in range(n)]
        """Each player's profit sheet: the share written down at each distribution, in millions."""
        self.distributions = 0
        """Profit distributions so far."""
        self.turn_seat = 0
        """The player whose turn it is."""
        self.turns = 0
        """Turns begun so far."""
        self.phase: Phase = SETUP
        """The pending decision (``phases.py``)."""
        self.ending = False
        """The last company has been sold: this is the last turn."""
        self.agenda = Agenda()
        """What is still to happen at the end of this turn (``tasks.py``)."""
        self.reset_turn()

    def reset_turn(self) -> None:
        """Clear what belongs to one turn."""
        self.bill = 0
        """What the purchases and transfers of this turn cost, in millions, paid at the end of
        the turn (rationalising is paid in advance instead, see ``prepaid``)."""
        self.played: list[int] = []
        """Action cards played this turn: transfer cards, and capital cards of payments already
        made (they go to the discard pile when the turn is over)."""
        self.paying: list[int] = []
        """Capital cards handed over so far in the payment being made (the bill, or an advance
        payment for rationalising)."""
        self.prepaid = 0
        """Millions paid in advance for rationalising and not used yet; the bank gives no
        change, so what is left when the turn ends is lost."""
        self.moving: list[tuple[int, int]] = []
        """Rationalising moves waiting for their payment in advance: (company, concern index,
        or ``NEW`` for a concern of its own)."""
        self.moved: list[int] = []
        """Companies the player has rationalised this turn, in the order moved (every player
        at the table saw the moves)."""
        self.placing = -1
        """The company bought or taken that is waiting to be laid (-1: none)."""
        self.bought = False
        """Whether ``placing`` was bought (the row is refilled after it is laid)."""
        self.discarded = 0
        """Cards given up this turn (a turn without an action card played)."""

    def clone(self) -> Self:
        s = type(self)(self.game, blank=True)
        s.industry_stack = self.industry_stack.copy()
        s.removed = self.removed.copy()
        s.row = self.row.copy()
        s.action_stack = self.action_stack.copy()
        s.discard = self.discard.copy()
        s.given_up = [g.copy() for g in self.given_up]
        s.hands = [h.copy() for h in self.hands]
        s.columns = [[c.copy() for c in cols] for cols in self.columns]
        s.sheets = [sh.copy() for sh in self.sheets]
        s.distributions = self.distributions
        s.turn_seat = self.turn_seat
        s.turns = self.turns
        s.phase = self.phase
        s.ending = self.ending
        s.agenda = self.agenda.copy()
        s.bill = self.bill
        s.played = self.played.copy()
        s.paying = self.paying.copy()
        s.prepaid = self.prepaid
        s.moving = self.moving.copy()
        s.moved = self.moved.copy()
        s.placing = self.placing
        s.bought = self.bought
        s.discarded = self.discarded
        s.log = None if self.log is None else self.log.copy()
        return s

    def fingerprint(self) -> dict[str, Any]:
        """Everything that makes the state what it is, as plain data (tests compare them)."""
        return {
            "industry_stack": self.industry_stack.copy(),
            "removed": self.removed.copy(),
            "row": self.row.copy(),
            "action_stack": self.action_stack.copy(),
            "discard": self.discard.copy(),
            "given_up": [g.copy() for g in self.given_up],
            "hands": [h.copy() for h in self.hands],
            "columns": [[c.copy() for c in cols] for cols in self.columns],
            "sheets": [sh.copy() for sh in self.sheets],
            "distributions": self.distributions,
            "turn": [self.turn_seat, self.turns, str(self.phase)],
            "agenda": self.agenda.to_json(),
            "this_turn": [
                self.bill,
                self.played.copy(),
                self.paying.copy(),
                self.prepaid,
                [list(m) for m in self.moving],
                self.moved.copy(),
                self.placing,
                self.bought,
                self.discarded,
            ],
            "ending": self.ending,
        }

    def say(self, text: Text) -> None:
        """Tell ``text`` to whoever listens (``log``)."""
        if self.log is not None:
            self.log.append(text)

    def score(self, seat: int) -> int:
        """The profit shares written on ``seat``'s sheet: the only thing that counts."""
        return sum(self.sheets[seat])

    def removals(self) -> int:
        """How many industry cards are taken out before the game (two players only)."""
        return self.rules.two_player_removed if self.game.num_seats == 2 else 0

    def advance_due(self) -> int:
        """What is still to be paid in advance for the moves waiting (0 when none wait)."""
        if not self.moving:
            return 0
        return max(0, len(self.moving) * self.rules.rationalise - self.prepaid - worth(self.rules, self.paying))
