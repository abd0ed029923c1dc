"""The turn engine of Biznes po polsku, on top of the package: ``apply``'s first checks and the
pending decision's entry (``decisions.py``), the agenda, the end of a turn, and paying what is
due or going bankrupt.

``BiznesPlay`` is the state the game hands out: the data of ``state.py`` with the protocol's
moves. The rules themselves live in the modules below (``board``, ``firms``, ``cards``,
``trade``, ``bankruptcy``, ...), which queue typed tasks (``tasks.py``) that the agenda runs
here while no decision is pending (docs/decisions/0017-biznes-po-polsku-layers-and-families.md).
The flow ends each decision once its check has allowed the action; the rules open the next.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

from tycoon.core.actions import Action, JSONValue
from tycoon.core.agenda import Handlers
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, CountedFamilies, Domain
from tycoon.core.game import CHANCE, TERMINAL, Observation, Outcome
from tycoon.core.guard import admit, require_turn, tell
from tycoon.core.messages import Seat, Text, msg
from tycoon.core.start import roll_for_start
from tycoon.core.turns import pass_turn
from tycoon.games.biznes_po_polsku import anytime, bankruptcy, board, fortune, naming, observe, trade, views, words
from tycoon.games.biznes_po_polsku.actions import (
    ANYTIME,
    CODEC,
    DICE,
    DRAWS,
    OFFERS,
    Draw,
)
from tycoon.games.biznes_po_polsku.decisions import DECISIONS, phase_text
from tycoon.games.biznes_po_polsku.phases import (
    BANK,
    CHANCE_PHASES,
    DRAW,
    END,
    MOVE,
    OVER,
    RAISE,
    READY,
    SETUP,
    TURN,
)
from tycoon.games.biznes_po_polsku.players import OFFICE, Player
from tycoon.games.biznes_po_polsku.state import BiznesState
from tycoon.games.biznes_po_polsku.tasks import Land, Pay, TurnEnds, Wait

DIE = [(DICE[pips], Fraction(1, 6)) for pips in range(1, 7)]
"""The die's outcomes, each with probability 1/6."""
DIE_ACTIONS: tuple[Action, ...] = tuple(DICE[pips] for pips in range(1, 7))
SIX = (1,) * 6


def _draw(deck: str, card: int) -> Action:
    return DRAWS.get((deck, card)) or Draw(deck, card)


BY_PHASE: Final = DECISIONS.by_phase
"""The decisions by phase (``decisions.py``), indexed without a call."""
AT_ANY_TIME: Final = frozenset(ANYTIME)
"""What may be done at any time (``anytime.py``), by its action class: no decision's entry."""

SETUP_RULE = msg("bp.no.rule.setup")


class BiznesPlay(BiznesState):
    """A game of Biznes po polsku in play: the state's data with the protocol's moves."""

    # --- the protocol ---------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        return self.pending

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase == SETUP or self.phase == MOVE:
            return list(DIE)
        if self.phase == DRAW:
            # docs/decisions/0003-risk-deck-chance.md: the unseen cards lie on top, in an order
            # nobody knows, so each is equally likely to be the next.
            left = self.unseen[self.drawing]
            p = Fraction(1, len(left))
            return [(_draw(self.drawing, c), p) for c in left]
        return []

    def chance_weights(self) -> tuple[Sequence[Action], Sequence[int]]:
        # The same outcomes as chance_outcomes, each of weight 1: no Fraction on the hot path.
        # apply takes any of them without asking again, as it takes what legal_actions lists.
        if self.phase == SETUP or self.phase == MOVE:
            self.allowed = (DIE_ACTIONS, CHANCE)
            return DIE_ACTIONS, SIX
        if self.phase == DRAW:
            deck = self.drawing
            left = self.unseen[deck]
            outcomes = tuple([_draw(deck, c) for c in left])
            self.allowed = (outcomes, CHANCE)
            return outcomes, [1] * len(left)
        return [], []

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        if seat is None:
            seat = self.current_player()
        if seat == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if not 0 <= seat < len(self.players) or phase == SETUP:
            return []
        p = self.players[seat]
        if p.bankrupt:
            return []
        if seat != self.pending or phase in CHANCE_PHASES:
            legal = anytime.legal(self, p)
        else:
            legal = BY_PHASE[phase].legal(self, seat)
        self.allowed = (tuple(legal), seat)  # apply takes any of these without asking again
        return legal

    def action_families(self, seat: int | None = None) -> list[ActionFamily]:
        if seat is None:
            seat = self.current_player()
        if seat != self.pending or not 0 <= seat < len(self.players) or self.players[seat].bankrupt:
            return []
        return BY_PHASE[self.phase].families(self, seat)

    def counted_families(self, seat: int | None = None) -> CountedFamilies:
        if seat is None:
            seat = self.current_player()
        if seat != self.pending or not 0 <= seat < len(self.players) or self.players[seat].bankrupt:
            return CountedFamilies(0, list)
        return BY_PHASE[self.phase].counted_families(self, seat)

    def apply(self, action: Action, seat: object = None) -> None:
        # ``seat: object``: ``admit`` refuses a seat that is no whole number as illegal; the
        # compiled build (docs/decisions/0019-compiled-build.md) would raise TypeError before it.
        # The checks every game makes first (wrong types, the end, chance, no such seat) raise
        # before anything changes, so an illegal action leaves the state exactly as it was.
        phase = self.phase
        # What legal_actions, refusal or chance_weights has just allowed for this seat is not
        # checked again (nothing has changed since): that very object (``is``: Mortgage(True)
        # equals Mortgage(1)), for a seat admit would take.
        allowed, self.allowed = self.allowed, None
        taker: int | None = None
        if allowed is not None and (seat is None or type(seat) is int) and seat in (None, allowed[1]):
            for listed in allowed[0]:
                if listed is action:
                    taker = allowed[1]
                    break
        checked = taker is not None
        if taker is None:
            taker = self._admit(action, seat)
        if taker != CHANCE and type(action) in AT_ANY_TIME:
            self._at_any_time(self.players[taker], action)
            return
        decision = BY_PHASE[phase]
        if not checked:
            decision.refuse(self, taker, action)
        # The flow ends the decision; what it does may open the next one, or keep it.
        self.phase = READY
        if decision.carry_out(self, taker, action):
            self.phase = phase
        elif self.phase == READY:
            self.run()

    def _at_any_time(self, p: Player, action: Action) -> None:
        """``p`` does what may be done at any time (``anytime.apply`` checks it as it goes):
        the pending decision stays, unless what ``p`` did raised the payment due, or claimed the
        last income passed before the turn ends."""
        anytime.apply(self, p, action)
        if p.seat == self.pending:
            if self.phase == RAISE:
                self._try_pay_due()
            elif self.phase == END and not p.claims:
                self.phase = READY
                self.run()

    def _admit(self, action: Action, seat: object) -> int:
        """The seat taking ``action``, once the checks every action passes first have: ``admit``,
        the start, bankruptcy, and for a decision (not what may be done "at any time") the
        seat's turn; ``IllegalAction`` otherwise."""
        current = self.current_player()
        seat = admit(action, seat, current, len(self.players), CODEC)
        if seat == CHANCE:
            return seat
        if self.phase == SETUP:
            raise IllegalAction(msg("bp.no.before_start"), SETUP_RULE)
        if self.players[seat].bankrupt:
            raise IllegalAction(msg("bp.no.bankrupt", seat=Seat(seat)))
        if seat != current and type(action) not in AT_ANY_TIME:
            require_turn(action, seat, current, phase_text(self))
        return seat

    def narrow(self, family: ActionFamily, prefix: Sequence[JSONValue], seat: int | None = None) -> Domain:
        # An offer's price runs up to the paying side's cash, too many to try one by one: the
        # trade's own bounds answer (trade.narrow).
        own = seat is None or (type(seat) is int and seat == self.pending)
        if family.cls in OFFERS and not family.whole and own and 0 <= self.pending < len(self.players):
            return trade.narrow(self, self.players[self.pending], family, list(prefix), seat)
        return super().narrow(family, prefix, seat)

    def refusal(self, action: Action, seat: int | None = None) -> Text | None:
        # What apply would refuse, from the same checks: apply's first ones, then the pending
        # decision's own, without a clone. What may be done at any time is checked by its rule
        # as it is done (anytime.apply): its answer is a clone's.
        if type(action) in AT_ANY_TIME:
            return super().refusal(action, seat)
        try:
            s = self._admit(action, seat)
        except IllegalAction as e:
            return e.text or type(e).__name__
        refused = BY_PHASE[self.phase].refusal(self, s, action)
        if refused is None:
            self.allowed = ((action,), s)  # apply takes it without asking again
        return refused

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise IllegalAction(msg("refuse.not_over"))
        scores = tuple(0 if p.bankrupt else fortune.fortune(self, p) for p in self.players)
        alive = [p.seat for p in self.players if not p.bankrupt]
        best = max((scores[s] for s in alive), default=None)
        winners = tuple(s for s in alive if scores[s] == best)
        return Outcome(scores, winners, tuple(self.eliminated))

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat, self.current_player())

    def common_view(self) -> dict[str, Any]:
        return views.common(self, self.current_player())

    def own_view(self, seat: int | None, common: dict[str, Any]) -> dict[str, Any]:
        return views.own(self, seat, common)

    def observation(self, seat: int) -> Observation:
        return observe.observation(self, seat, self.current_player())

    def observation_vector(self, seat: int) -> array[float]:
        return observe.vector(self, seat, self.current_player())

    def resample(self, seat: int, rng: random.Random) -> BiznesState:
        return observe.resample(self, seat, rng)

    def describe(self, action: Action, viewer: int | None = None) -> Text:
        return tell(action, CODEC, lambda: words.describe(self, action, viewer))

    def phase_text(self) -> Text:
        """What the pending decision is, as a message."""
        return phase_text(self)

    # --- chance -----------------------------------------------------------------------

    def setup_roll(self, pips: int) -> bool:
        """A die rolled for the start; whether the start goes on (the next contender rolls, or
        the tied roll again). Rulebook, "Setup": whoever rolls the highest number begins; ties
        roll again (``tycoon.core.start``)."""
        first = roll_for_start(self, pips, ("bp.say.start_roll", "bp.say.start_tie"))
        if first is None:
            return True
        self.start_seat = self.turn_seat = first
        self.decide(TURN, first)
        self.say(msg("bp.say.begins", seat=Seat(first)))
        return False

    # --- the turn ---------------------------------------------------------------------

    def roll(self, p: Player) -> None:
        """``p`` rolls the die for the move (the claims forgotten are lost first, with that rule)."""
        if self.game.forfeit_forgotten_salary:
            # Rulebook, "Profession": a salary not reported before the next player moves is lost.
            for other in self.players:
                if other is not p and other.claims:
                    total = sum(a for a, _ in other.claims)
                    self.say(msg("bp.say.forgot", seat=Seat(other.seat), amount=naming.zl(total)))
                    other.claims.clear()
        self.phase = MOVE
        self.pending = p.seat

    def run(self) -> None:
        """Work through the turn's agenda until a decision is pending."""
        agenda = self.agenda
        while self.phase == READY and agenda:
            HANDLERS.do(self, agenda.pop())

    def end_turn(self, reminded: bool = False) -> None:
        """The turn is over: the next player in seat order who need not wait moves next."""
        p = self.players[self.turn_seat]
        if self.game.forfeit_forgotten_salary and p.claims and not p.bankrupt and not reminded:
            # Give the player a last moment to claim before the next player moves.
            self.agenda.push(TurnEnds(reminded=True))
            self.decide(END, p.seat)
            return
        while True:
            playing: list[bool] = []
            for q in self.players:  # (a loop: a comprehension is a call of its own here)
                playing.append(not q.bankrupt)
            if playing.count(True) <= 1:  # one player (or none) is left: the game is decided
                self._finish()
                return
            nxt, _, round_done = pass_turn(self.turn_seat, self.start_seat, playing)
            if round_done:
                # The turn passes the start player again: a round is complete.
                self.rounds_done += 1
                if self.game.rounds and self.rounds_done >= self.game.rounds:
                    self.say(msg("bp.say.rounds_over", n=self.rounds_done))
                    self._finish()
                    return
            self.turn_seat = nxt
            q = self.players[nxt]
            if q.wait <= 0:
                break
            q.wait -= 1
            self.say(msg("bp.say.waits_turn", seat=Seat(nxt)))
            if q.wait == 0 and q.position == OFFICE:
                # Rulebook, "Dismissal": after waiting, the WELFARE BENEFIT card and START.
                q.position = 1
                if not q.welfare and self.bank_welfare:
                    self.bank_welfare -= 1
                    q.welfare = True
                self.say(msg("bp.say.rejoins", seat=Seat(nxt)))
        self.agenda.clear()
        self.offers_made = 0
        self.said = None
        self.decide(TURN, self.turn_seat)

    def _finish(self) -> None:
        self.phase = OVER
        self.agenda.clear()
        self.say(msg("bp.say.over"))

    # --- what is due: paid, raised, or bankruptcy -------------------------------------

    def settle(self, p: Player, amount: int, why: str, payee: int) -> None:
        """``p`` pays ``amount`` to ``payee``: from cash; else the pending decision is to raise
        it by mortgaging and selling investments; else, when even that cannot cover it, ``p``
        is bankrupt (rulebook, "Mortgage" and "Bankruptcy")."""
        if p.cash >= amount:
            self._hand(p, amount, why, payee)
            return
        if fortune.raisable(self, p) >= amount:
            self.due, self.due_to, self.due_for = amount, payee, why
            if self.log is not None:
                told = naming.why(self.rules, why)
                self.say(msg("bp.say.must_raise", seat=Seat(p.seat), amount=naming.zl(amount), why=told, cash=p.cash))
            self.decide(RAISE, p.seat)
            return
        if self.log is not None:
            told = naming.why(self.rules, why)
            self.say(msg("bp.say.cannot_pay", seat=Seat(p.seat), amount=naming.zl(amount), why=told))
        bankruptcy.declare(self, p, amount, payee)

    def _hand(self, p: Player, amount: int, why: str, payee: int) -> None:
        if payee == BANK:
            self.pay(p, amount, why)
        else:
            self.transfer(p, self.players[payee], amount, why)

    def _try_pay_due(self) -> None:
        p = self.players[self.pending]
        if p.cash >= self.due:
            self._hand(p, self.due, self.due_for, self.due_to)
            self.due, self.due_to, self.due_for = 0, BANK, ""
            self.phase = READY
            self.run()


HANDLERS: Handlers[BiznesPlay] = Handlers()
"""What each task on the agenda does."""


@HANDLERS.on(Land)
def _land(st: BiznesPlay, _: Land) -> None:
    board.land(st, st.players[st.turn_seat])


@HANDLERS.on(Pay)
def _pay(st: BiznesPlay, task: Pay) -> None:
    payer = st.players[task.payer]
    if payer.bankrupt or (task.payee != BANK and st.players[task.payee].bankrupt):
        return
    st.settle(payer, task.amount, task.why, task.payee)


@HANDLERS.on(Wait)
def _wait(st: BiznesPlay, task: Wait) -> None:
    p = st.players[task.seat]
    if not p.bankrupt:
        p.wait += task.turns
        st.say(msg("bp.say.waits", seat=Seat(p.seat), turns=task.turns))


@HANDLERS.on(TurnEnds)
def _turn_ends(st: BiznesPlay, task: TurnEnds) -> None:
    st.end_turn(task.reminded)
