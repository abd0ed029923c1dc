"""A game of Die Bosse in progress: where every card lies, whose decision is pending, chance.

What a player may do on a turn lives in ``turn.py``, profit distributions in ``profits.py``;
this module holds the cards, deals and draws them (chance), and shows the views.

Where the 108 cards can be: industry cards in the industry stack, out of the game (two
players), in the row for sale, being placed, or in a player's concern; action cards in the
action stack, the discard pile, a hand, or on the table this turn (transfer cards played,
capital cards handed over in payment).

The stacks are face down and shuffled, so their order is never stored: drawing is a chance
node over the cards still in the stack, each equally likely (as decided for Playboss's risk
stack in ``docs/decisions/0003-risk-deck-chance.md``). Identical action cards are one outcome.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action, action_problem, seat_problem
from tycoon.core.errors import GameOver, IllegalAction, NotYourTurn
from tycoon.core.game import CHANCE, TERMINAL, Outcome, State, who
from tycoon.games.die_bosse import profits, turn, words
from tycoon.games.die_bosse.actions import CODEC, Draw, Remove, Reveal
from tycoon.games.die_bosse.cards import worth
from tycoon.games.die_bosse.concerns import NEW, share
from tycoon.games.die_bosse.data import PROFIT, TRANSFER, Rules
from tycoon.games.die_bosse.phases import (
    ADVANCE,
    CHANCE_PHASES,
    DISCARD,
    DRAW,
    OVER,
    PAY,
    PLACE,
    REFILL,
    SETUP,
    TURN,
)

if TYPE_CHECKING:
    from tycoon.games.die_bosse.game import DieBosse


RULE_SETUP = 'Die Bosse, "Spelvoorbereiding"'
RULE_TURN = 'Die Bosse, "Spelverloop"'


class DieBosseState(State):
    """A game of Die Bosse in progress."""

    game: DieBosse

    def __init__(self, game: DieBosse, *, blank: bool = False) -> None:
        self.game = game
        self.rules: Rules = game.rules
        self.log = None
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
        self.hands: list[list[int]] = [[] for _ in range(n)]
        """Each player's action cards, sorted."""
        self.columns: list[list[list[int]]] = [[] for _ in range(n)]
        """Each player's concerns, each a column of companies from top to bottom."""
        self.sheets: list[list[int]] = [[] for _ in range(n)]
        """Each player's profit sheet: the share written down at each distribution, in millions."""
        self.distributions = 0
        self.turn_seat = 0
        self.turns = 0
        """Turns begun so far."""
        self.phase = SETUP
        self.reset_turn()
        self.ending = False
        """The last company has been sold: this is the last turn."""
        self.draws_left = 0

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
        self.ended = False
        """The player has ended the turn: the payments of the turn's end are being made."""
        self.moved: list[int] = []
        """Companies the player has rationalised this turn, in the order moved (every player
        at the table saw the moves)."""
        self.placing = -1
        """The company bought or taken that is waiting to be laid (-1: none)."""
        self.bought = False
        """Whether ``placing`` was bought (the row is refilled after it is laid)."""
        self.discarded = 0
        """Cards given up this turn (a turn without an action card played)."""

    # --- the protocol ---------------------------------------------------------------

    def clone(self) -> DieBosseState:
        s = DieBosseState(self.game, blank=True)
        s.industry_stack = self.industry_stack.copy()
        s.removed = self.removed.copy()
        s.row = self.row.copy()
        s.action_stack = self.action_stack.copy()
        s.discard = self.discard.copy()
        s.hands = [h.copy() for h in self.hands]
        s.columns = [[c.copy() for c in cols] for cols in self.columns]
        s.sheets = [sh.copy() for sh in self.sheets]
        s.distributions = self.distributions
        s.turn_seat = self.turn_seat
        s.turns = self.turns
        s.phase = self.phase
        s.bill = self.bill
        s.played = self.played.copy()
        s.paying = self.paying.copy()
        s.prepaid = self.prepaid
        s.moving = self.moving.copy()
        s.ended = self.ended
        s.moved = self.moved.copy()
        s.placing = self.placing
        s.bought = self.bought
        s.discarded = self.discarded
        s.ending = self.ending
        s.draws_left = self.draws_left
        s.log = None if self.log is None else self.log.copy()
        return s

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.turn_seat

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase == SETUP:
            if len(self.removed) < self.removals():
                p = Fraction(1, len(self.industry_stack))
                return [(Remove(c), p) for c in self.industry_stack]
            if len(self.row) < self.rules.row:
                p = Fraction(1, len(self.industry_stack))
                return [(Reveal(c), p) for c in self.industry_stack]
            # A profit card dealt in the first deal is replaced (shuffled back): the same as
            # dealing only from the other cards.
            return self._draw_outcomes(initial=True)
        if self.phase == REFILL:
            p = Fraction(1, len(self.industry_stack))
            return [(Reveal(c), p) for c in self.industry_stack]
        if self.phase == DRAW:
            return self._draw_outcomes(initial=False)
        return []

    def _draw_outcomes(self, initial: bool) -> list[tuple[Action, Fraction]]:
        groups = self._draw_groups(initial)
        total = sum(groups.values())
        return [(Draw(first), Fraction(n, total)) for first, n in groups.items()]

    def _draw_groups(self, initial: bool) -> dict[int, int]:
        """The cards that can be drawn: for each kind of card the lowest number in the stack
        and how many of that kind are there. The first deal skips the profit cards."""
        kinds, first = self.rules.kinds, self.rules.first_action
        first_of: dict[int, int] = {}
        groups: dict[int, int] = {}
        for c in self.action_stack:
            kind = kinds[c - first]
            if initial and kind < 0:
                continue
            lowest = first_of.setdefault(kind, c)
            groups[lowest] = groups.get(lowest, 0) + 1
        return groups

    def _chance_allowed(self, action: Action) -> bool:
        if self.phase == SETUP:
            if len(self.removed) < self.removals():
                return isinstance(action, Remove) and action.card in self.industry_stack
            if len(self.row) < self.rules.row:
                return isinstance(action, Reveal) and action.card in self.industry_stack
            return isinstance(action, Draw) and action.card in self._draw_groups(initial=True)
        if self.phase == REFILL:
            return isinstance(action, Reveal) and action.card in self.industry_stack
        return self.phase == DRAW and isinstance(action, Draw) and action.card in self._draw_groups(initial=False)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current_player()
        if self.phase == OVER:
            return []
        if seat == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if self.phase in CHANCE_PHASES or seat != self.turn_seat:
            return []
        return turn.legal(self, seat)

    def apply(self, action: Action, seat: int | None = None) -> None:
        problem = action_problem(action, CODEC) or seat_problem(seat)
        if problem:
            raise IllegalAction(problem)
        if self.phase == OVER:
            raise GameOver(f"the game is over; {action} can no longer be played")
        current = self.current_player()
        if seat is None:
            seat = current
        if seat == CHANCE:
            if current != CHANCE:
                raise NotYourTurn(f"{action} is a chance outcome, but {who(current)} must decide: {self.phase_text()}")
            if not self._chance_allowed(action):
                raise IllegalAction(f"{action} is not a possible chance outcome now")
            self._apply_chance(action)
            return
        if not 0 <= seat < self.game.num_seats:
            raise IllegalAction(f"there is no seat {seat}; seats are 0 to {self.game.num_seats - 1}")
        if current == CHANCE:
            raise NotYourTurn(f"chance is to move, not {who(seat)}: {self.phase_text()}")
        if seat != current:
            raise NotYourTurn(f"it is {who(current)}'s turn, not {who(seat)}'s: {self.phase_text()}", RULE_TURN)
        turn.apply(self, seat, action)

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise IllegalAction("the game is not over yet")
        scores = tuple(self.score(s) for s in range(self.game.num_seats))
        best = max(scores)
        return Outcome(scores, tuple(s for s, v in enumerate(scores) if v == best))

    def score(self, seat: int) -> int:
        """The profit shares written on ``seat``'s sheet: the only thing that counts."""
        return sum(self.sheets[seat])

    # --- chance -----------------------------------------------------------------------

    def removals(self) -> int:
        return self.rules.two_player_removed if self.game.num_seats == 2 else 0

    def _apply_chance(self, action: Action) -> None:
        if isinstance(action, Remove):
            self.industry_stack.remove(action.card)
            self.removed.append(action.card)
            if len(self.removed) == self.removals():
                self.say(f"{words.plural(len(self.removed), 'industry card')} are taken out of the game unseen.")
        elif isinstance(action, Reveal):
            self.industry_stack.remove(action.card)
            self.row.append(action.card)
            self.say(f"For sale: {self.rules.companies[action.card].text}.")
            if self.phase == REFILL and (len(self.row) == self.rules.row or not self.industry_stack):
                self.phase = TURN
        else:
            assert isinstance(action, Draw)
            if self.phase == SETUP:
                self._deal(action.card)
            else:
                self._draw(action.card)

    def _deal(self, card: int) -> None:
        seat = min(range(self.game.num_seats), key=lambda s: len(self.hands[s]))
        self.action_stack.remove(card)
        self.hands[seat].append(card)
        self.hands[seat].sort()
        if all(len(h) == self.rules.hand for h in self.hands):
            self.say(f"Each player is dealt {words.plural(self.rules.hand, 'action card')}.")
            self.start_turn(0)

    def _draw(self, card: int) -> None:
        seat = self.turn_seat
        self.action_stack.remove(card)
        self.draws_left -= 1
        if self.rules.action(card).kind == PROFIT:
            # Rulebook "Profit": play pauses, the concerns are paid; the card is discarded
            # and no replacement is drawn.
            self.say(f"Seat {seat} draws a profit card: play pauses for a profit distribution.")
            self.discard.append(card)
            profits.distribute(self, f"profit card drawn by seat {seat}")
        else:
            self.hands[seat].append(card)
            self.hands[seat].sort()
            self.say(f"Seat {seat} draws an action card.")
        self.next_draw()

    def start_draws(self) -> None:
        """After the payment: draw the new action cards (rulebook "Spelverloop")."""
        self.phase = DRAW
        self.draws_left = self.rules.draw
        self.next_draw()

    def next_draw(self) -> None:
        """Make the next draw pending, reshuffling the discard pile into a new stack when the
        stack has run out; with no cards left anywhere to draw, the turn passes."""
        while self.draws_left > 0:
            if not self.action_stack and self.discard:
                # Rulebook "Spelverloop": when the stack is used up, all played cards are
                # shuffled into a new stack.
                self.action_stack = sorted(self.discard)
                self.discard = []
                self.say("The discard pile is shuffled into a new action stack.")
            if self.action_stack:
                return
            self.say(f"No action card is left to draw: seat {self.turn_seat} draws no more.")
            self.draws_left = 0
        self.start_turn((self.turn_seat + 1) % self.game.num_seats)

    def start_turn(self, seat: int) -> None:
        self.turn_seat = seat
        self.turns += 1
        self.phase = TURN
        self.reset_turn()

    def advance_due(self) -> int:
        """What is still to be paid in advance for the moves waiting (0 when none wait)."""
        if not self.moving:
            return 0
        return max(0, len(self.moving) * self.rules.rationalise - self.prepaid - worth(self.rules, self.paying))

    # --- what players see -------------------------------------------------------------

    def phase_text(self) -> str:
        texts = {
            SETUP: "the cards are dealt",
            TURN: "buy companies, play transfer cards, rationalise, or end the turn",
            PLACE: "lay the company at the bottom of a concern or start a new one",
            REFILL: "the row of companies for sale is refilled",
            ADVANCE: (
                f"pay {self.advance_due()} million in advance for rationalising, a capital card at a time "
                "(no change is given)"
            ),
            PAY: f"hand over capital cards for the bill of {self.bill} million (no change is given)",
            DISCARD: "no action card was played: give up at least one action card",
            DRAW: "new action cards are drawn",
            OVER: "the game is over",
        }
        return texts.get(self.phase, self.phase)

    def company_json(self, number: int) -> dict[str, Any]:
        c = self.rules.companies[number]
        return {"card": number, "industry": c.industry, "letters": "".join(sorted(c.letters)), "price": c.price}

    def action_json(self, number: int) -> dict[str, Any]:
        a = self.rules.action(number)
        out: dict[str, Any] = {"card": number, "kind": a.kind}
        if a.kind == TRANSFER:
            out["halves"] = a.halves
        elif a.kind != PROFIT:
            out["value"] = a.value
            out["symbol"] = a.symbol or None
        return out

    def describe(self, action: Action, viewer: int | None = None) -> str:
        return words.describe(self, action, viewer)

    def view(self, seat: int | None) -> dict[str, Any]:
        current = self.current_player()
        players = []
        for s in range(self.game.num_seats):
            players.append(
                {
                    "seat": s,
                    "hand": [self.action_json(c) for c in self.hands[s]] if s == seat else None,
                    "hand_size": len(self.hands[s]),
                    "concerns": [
                        {"companies": [self.company_json(c) for c in col], "share": share(self.rules, col)}
                        for col in self.columns[s]
                    ],
                    "sheet": self.sheets[s].copy(),
                    "profit": self.score(s),
                }
            )
        return {
            "game": "die_bosse",
            "you": seat,
            "pending": {
                "seat": current if current >= 0 else None,
                "decision": self.phase,
                "text": self.phase_text(),
            },
            "turn": self.turn_seat,
            "round": self.turns // self.game.num_seats,
            "row": [self.company_json(c) for c in self.row],
            "industry_stack": len(self.industry_stack),
            "removed": len(self.removed),
            "action_stack": len(self.action_stack),
            "discard_pile": len(self.discard),
            "players": players,
            "this_turn": {
                "bill": self.bill,
                "played": [self.action_json(c) for c in self.played],
                "paid": [self.action_json(c) for c in self.paying],
                "prepaid": self.prepaid,
                "moving": [
                    {"company": self.company_json(c), "concern": None if t == NEW else t} for c, t in self.moving
                ],
                "advance_due": self.advance_due(),
                "moved": [self.company_json(c) for c in self.moved],
                "placing": self.company_json(self.placing) if self.placing >= 0 else None,
                "last_turn": self.ending,
            },
            "distributions": self.distributions,
            "profit_table": {str(k): v for k, v in sorted(self.rules.profit_table.items())},
        }

    def fingerprint(self) -> dict[str, Any]:
        return {
            "industry_stack": self.industry_stack.copy(),
            "removed": self.removed.copy(),
            "row": self.row.copy(),
            "action_stack": self.action_stack.copy(),
            "discard": self.discard.copy(),
            "hands": [h.copy() for h in self.hands],
            "columns": [[c.copy() for c in cols] for cols in self.columns],
            "sheets": [sh.copy() for sh in self.sheets],
            "distributions": self.distributions,
            "turn": [self.turn_seat, self.turns, self.phase],
            "this_turn": [
                self.bill,
                self.played.copy(),
                self.paying.copy(),
                self.prepaid,
                [list(m) for m in self.moving],
                self.ended,
                self.moved.copy(),
                self.placing,
                self.bought,
                self.discarded,
            ],
            "ending": self.ending,
            "draws_left": self.draws_left,
        }
