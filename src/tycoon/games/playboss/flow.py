"""The turn engine of Playboss, on top of the rule modules: the game protocol's
``PlaybossState`` — who is to move, the legal actions and their families, ``apply`` (the shared
guard, what may be done at any time, then the pending decision's entry in ``decisions.py``) —
the agenda's handlers (``tasks.py``), setup, the move, crossing start, the end of the turn and
of the game, and raise-funds-or-bankrupt (``Charge``). The flow ends each decision once its
check has allowed the action; the rules open the next.

The layers, each importing only those below it: ``phases``, ``tasks`` and the data modules at
the bottom; the state as data (``state.PlaybossData``); the rule modules that read and write it and
queue tasks (``fields``, ``risk``, ``anytime``, ``loans``, ``leases``, ``bankruptcy``,
``deals``, ``takeover``, the steps' modules and ``steps``), then ``words``; the decisions
(``decisions``) and ``views``; this module on top. What each field and each "at any time"
option does lives in its own module; this one runs the turn.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from tycoon.core.actions import Action, JSONValue
from tycoon.core.agenda import Handlers
from tycoon.core.errors import IllegalAction, cited
from tycoon.core.families import ActionFamily, Domain
from tycoon.core.game import CHANCE, TERMINAL, Observation, Outcome, State
from tycoon.core.guard import admit, require_turn, tell
from tycoon.core.messages import Message, Seat, Text, msg
from tycoon.core.start import roll_for_start
from tycoon.core.turns import pass_turn
from tycoon.games.playboss import (
    anytime,
    bankruptcy,
    deals,
    fields,
    goals,
    information,
    labour,
    leases,
    loans,
    marketing,
    naming,
    taxation,
    views,
    words,
)
from tycoon.games.playboss import steps as expansion_steps
from tycoon.games.playboss.actions import CODEC, DrawRisk
from tycoon.games.playboss.business import LEASED, Business
from tycoon.games.playboss.decisions import DECISIONS, DIE_ACTIONS, phase_text
from tycoon.games.playboss.naming import money
from tycoon.games.playboss.phases import (
    ANSWER,
    BARGAINING,
    CHANCE_PHASES,
    COUNTER,
    MOVE,
    OVER,
    RAISE,
    READY,
    RED,
    RISK,
    SETUP,
    TURN,
)
from tycoon.games.playboss.state import PlaybossData
from tycoon.games.playboss.tasks import (
    Charge,
    Cross,
    EndTurn,
    LabourDecide,
    LabourEffective,
    LabourPay,
    LabourRelease,
    LabourWages,
    LabourWindow,
    Land,
    LeaseDue,
    LoanDue,
    MarketingDue,
    RentDue,
    Tax,
    YearEnd,
)

if TYPE_CHECKING:
    from tycoon.games.playboss.game import Playboss

DIE = [(a, Fraction(1, 6)) for a in DIE_ACTIONS]
SIX = (1,) * 6
"""The die's weights (``chance_weights``)."""
_RISK_DRAWS: dict[int, Action] = {}
"""The draw of each risk card, made once (actions are immutable)."""


def _draw_risk(card: int) -> Action:
    draw = _RISK_DRAWS.get(card)
    if draw is None:
        draw = _RISK_DRAWS[card] = DrawRisk(card)
    return draw


BY_PHASE: Final = DECISIONS.by_phase
"""The decisions by phase (``decisions.py``), indexed without a call."""
ANSWERING: Final = DECISIONS[ANSWER]
"""The entry every answer to an offer goes to, whatever the phase but a counter-offer's (the
``COUNTER`` entry's): its check says when no offer waits for the seat's answer (Playboss I,
"Private Business between Players")."""

RAISING_RULE = msg("pb.no.rule.bankruptcy")


class AnyTime:
    """A kind of action a seat may take at any time, not only at its own decision: what it
    does (``do``, whose rule checks it as it goes and raises before it changes anything), and
    the guard the flow runs first: whether only a seat with a business may take it, and which
    of its actions a seat raising a payment may take."""

    __slots__ = ("brings_marks", "do", "firms_only", "short")

    def __init__(
        self,
        do: Callable[[PlaybossData, Business, Action], None],
        brings_marks: Callable[[Action], bool],
        short: Message,
        *,
        firms_only: bool,
    ) -> None:
        self.do = do
        self.brings_marks = brings_marks
        """Whether an action of this kind may be taken by a seat raising a payment (it brings Marks)."""
        self.short = short
        """What a seat raising a payment may do instead, after "N Marks are due; " (a message)."""
        self.firms_only = firms_only
        """Whether only a seat that runs a business may take it."""


_SHORT_OF_CASH = msg("pb.no.short_of_cash")
_BANK = AnyTime(anytime.apply, anytime.raises_funds, _SHORT_OF_CASH, firms_only=True)
# The worker representative's own rights (Playboss II, "6. Step"), open to a seat without a business.
_REPRESENTATIVE = AnyTime(anytime.apply, anytime.raises_funds, _SHORT_OF_CASH, firms_only=False)
_DEALS = AnyTime(deals.apply, deals.raises_funds, msg("pb.no.short_of_cash_offers"), firms_only=False)

OFFERS: Final = frozenset(deals.OFFERS)
"""The offers, by action class: what may be done at any time that ``refusal`` answers without a clone."""
ANSWERS: Final = frozenset(deals.ANSWERS)
"""The answers to an offer and to a counter-offer, by action class: the decision ``ANSWERING``,
whatever the phase but ``COUNTER`` (whose own entry takes them)."""

AT_ANY_TIME: Final[dict[type[Action], AnyTime]] = {
    **dict.fromkeys(anytime.ANYTIME_ACTIONS, _BANK),
    **dict.fromkeys(labour.REP_ANYTIME, _REPRESENTATIVE),
    **dict.fromkeys(deals.ANYTIME_DEALS, _DEALS),
}
"""What may be done at any time, by its action class: selling to the bank, credit, WEB options,
the steps' own (``anytime.py``); offers and private repayments (``deals.py``). Answers to an
offer are a decision (``ANSWERING``)."""


FAMILIES_IN_ORDER: Final[dict[str, Callable[[PlaybossData, int], Iterator[ActionFamily]]]] = {
    RED: fields.red_families_in_order,
}
"""A decision's families one at a time, where working them out in turn spares most of them: the
red field's (a bot's purchase or production is found in its first families)."""


def _no_business(st: PlaybossData, seat: int, action: Action) -> Message:
    """Why a seat without a business may not take ``action`` (Playboss II, "6. Step")."""
    if labour.is_rep(st, seat):
        return msg("pb.no.rep_cannot", action=str(action))
    return msg("pb.no.sold_cannot", action=str(action), seat=Seat(seat))


class PlaybossState(PlaybossData, State):
    """A game of Playboss in progress (the data is ``PlaybossData``'s)."""

    game: Playboss

    def __init__(self, game: Playboss, *, blank: bool = False) -> None:
        super().__init__(game, blank=blank)
        if blank:
            return
        self.expansion.labour = labour.new(self)
        if self.expansion.labour is not None:
            # Playboss II, "6. Step": the bank funds the unemployment support with 5,000 Marks.
            self.ledger_out += self.expansion.labour.fund
        if len(self.contenders) == 1:
            _start_game(self, self.contenders[0])

    # --- the protocol ---------------------------------------------------------------

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.pending

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase in (SETUP, MOVE):
            return list(DIE)
        if self.phase == RISK:
            left = [c.number for c in self.rules.risk_cards if c.number not in self.risk_order]
            p = Fraction(1, len(left))
            return [(_draw_risk(c), p) for c in left]
        return []

    def chance_weights(self) -> tuple[Sequence[Action], Sequence[int]]:
        # The outcomes of chance_outcomes, each of weight 1: no Fraction on the hot path.
        if self.phase in (SETUP, MOVE):
            return DIE_ACTIONS, SIX
        if self.phase == RISK:
            drawn = set(self.risk_order)
            left = [_draw_risk(c.number) for c in self.rules.risk_cards if c.number not in drawn]
            return left, [1] * len(left)
        return [], []

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current_player()
        phase = self.phase
        if phase == OVER:
            return []
        if seat == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if not 0 <= seat < len(self.businesses) or self.businesses[seat].bankrupt or phase == SETUP:
            return []
        b = self.businesses[seat]
        free = anytime.fund_raising(self, b) if self.raising(seat) else anytime.legal(self, b)
        return [*self.pending_choices(seat), *free]

    def pending_choices(self, seat: int) -> list[Action]:
        """The part of ``legal_actions(seat)`` that is the pending decision's own choices, before
        what ``seat`` may do at any time (none when ``seat``'s decision is not pending)."""
        phase = self.phase
        if phase in (OVER, SETUP) or not 0 <= seat < len(self.businesses) or self.businesses[seat].bankrupt:
            return []
        # The seat whose decision is pending has its choices, but for a payment to raise, which
        # takes only what brings Marks, done at any time (and answering an offer meanwhile).
        if seat != self.pending or phase in CHANCE_PHASES or (self.raising(seat) and phase not in BARGAINING):
            return []
        return BY_PHASE[phase].legal(self, seat)

    def action_families(self, seat: int | None = None) -> list[ActionFamily]:
        return self.families_of(seat, offers=True)

    def families_of(self, seat: int | None = None, *, offers: bool = True) -> list[ActionFamily]:
        """``action_families(seat)``; without the private offers when not ``offers`` (a bot
        checking a count or a credit need not work out the offers' bounds)."""
        return list(self.families_in_order(seat, offers=offers))

    def families_in_order(
        self, seat: int | None = None, *, offers: bool = True, anytime_only: bool = False
    ) -> Iterator[ActionFamily]:
        """``families_of(seat, offers=offers)`` one family at a time, each part worked out only
        when it is reached: a bot looking for the family of one action (most often one of the
        pending decision's own) stops there. With ``anytime_only`` the pending decision's own
        families are left out: a bot looking for the family of an action done at any time
        (``AT_ANY_TIME``) need not work them out, as no decision lists such an action
        (``tests/playboss/test_bot.py`` checks)."""
        if seat is None:
            seat = self.current_player()
        phase = self.phase
        if phase in (OVER, SETUP) or not 0 <= seat < len(self.businesses) or self.businesses[seat].bankrupt:
            return
        b = self.businesses[seat]
        if self.raising(seat):
            # Only what brings Marks: sales to the bank, borrowing, selling to or borrowing from
            # another player (deals.families keeps to those for a seat raising a payment).
            yield from anytime.fund_raising_families(self, b)
        else:
            if seat == self.pending and phase not in CHANCE_PHASES and not anytime_only:
                in_order = FAMILIES_IN_ORDER.get(phase)
                yield from BY_PHASE[phase].families(self, seat) if in_order is None else in_order(self, seat)
            yield from anytime.families_in_order(self, b)
        if offers:
            yield from deals.families(self, b)

    def narrow(self, family: ActionFamily, prefix: Sequence[JSONValue], seat: int | None = None) -> Domain:
        # An offer's Marks run up to the paying side's cash, too many to try one by one: the
        # deal's own bounds answer (deals.narrow).
        s = self.current_player() if seat is None else seat
        if family.cls in deals.OFFERS and not family.whole and type(s) is int and 0 <= s < len(self.businesses):
            return deals.narrow(self, self.businesses[s], family, list(prefix), seat)
        return super().narrow(family, prefix, seat)

    def apply(self, action: Action, seat: object = None) -> None:
        # ``seat: object``: ``admit`` refuses a seat that is no whole number as illegal; the
        # compiled build (docs/decisions/0019-compiled-build.md) would raise TypeError before it.
        # The checks every action passes first raise before anything changes, so an illegal
        # action leaves the state exactly as it was.
        seat, free = self._admit(action, seat)
        if free is not None:
            free.do(self, self.businesses[seat], action)
            if self.phase == RAISE and seat == self.pending:
                # What the seat did may have raised the payment due, or left it unable to.
                self.try_pay_due()
                self.run()
            return
        phase = self.phase
        decision = ANSWERING if type(action) in ANSWERS and seat != CHANCE and phase != COUNTER else BY_PHASE[phase]
        reason, rule = decision.check(self, seat, action)  # Decision.refuse, without a call
        if reason:
            raise IllegalAction(reason, rule)
        # The flow ends the decision; what it does may open the next one, or keep it.
        self.phase = READY
        if decision.carry_out(self, seat, action):
            self.phase = phase
            return
        if self.phase == RAISE and phase in BARGAINING:
            # The answer gave the decision back to a business raising a payment.
            self.try_pay_due()
        if self.phase == READY:
            self.run()

    def refusal(self, action: Action, seat: int | None = None) -> Text | None:
        # What apply would refuse, from the same checks. What may be done at any time is
        # checked by its rule as it is done (anytime.apply), so its answer is a clone's, but
        # for an offer, whose checks deals.offer_refusal gives without a clone.
        if type(action) not in OFFERS and type(action) in AT_ANY_TIME:
            return super().refusal(action, seat)
        try:
            s, free = self._admit(action, seat)
        except IllegalAction as e:
            return e.text or type(e).__name__
        if free is not None:
            why = deals.offer_refusal(self, self.businesses[s], action)  # type: ignore[arg-type]
            return None if why is None else cited(why, deals.RULE)
        phase = self.phase
        decision = ANSWERING if type(action) in ANSWERS and s != CHANCE and phase != COUNTER else BY_PHASE[phase]
        return decision.refusal(self, s, action)

    def _admit(self, action: Action, seat: object) -> tuple[int, AnyTime | None]:
        """The seat taking ``action`` once the checks every action passes first have: ``admit``,
        the start, bankruptcy, for what may be done at any time its own guard, and for a
        decision the seat's turn (an answer's entry says whose it is); with what ``action`` is
        when it may be done at any time (its ``AT_ANY_TIME`` entry, else ``None``: a decision).
        ``IllegalAction`` otherwise."""
        current = self.current_player()
        # Wrong types (``Hire(1.5)``, a seat "0"), the end, a chance outcome out of turn, a seat
        # outside the table: refused before any rule looks at the action.
        seat = admit(action, seat, current, len(self.businesses), CODEC)
        if seat == CHANCE:
            return seat, None
        if self.phase == SETUP:
            raise IllegalAction(msg("pb.no.before_start"))
        b = self.businesses[seat]
        if b.bankrupt:
            raise IllegalAction(msg("pb.no.out_of_game", seat=Seat(seat)))
        kind = type(action)
        if kind in AT_ANY_TIME:
            free = AT_ANY_TIME[kind]
            if free.firms_only and not b.firm:
                raise IllegalAction(_no_business(self, seat, action), labour.RULE)
            if self.raising(seat) and not free.brings_marks(action):
                raise IllegalAction(msg("pb.no.due_only", due=money(self.due), only=free.short), RAISING_RULE)
            return seat, free
        if seat != current and kind not in ANSWERS:
            require_turn(action, seat, current, phase_text(self))
        return seat, None

    def describe(self, action: Action, viewer: int | None = None) -> Text:
        return tell(action, CODEC, lambda: words.describe(self, action, viewer))

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise IllegalAction(msg("refuse.not_over"))
        scores = tuple(self.profit(s) for s in range(len(self.businesses)))
        # The worker representative competes on his profit like everybody (docs/playboss.md).
        alive = [s for s, b in enumerate(self.businesses) if not b.bankrupt]
        if self.game.step(5):
            winners = goals.winners(self, alive, scores) if alive else ()
        else:
            best = max((scores[s] for s in alive), default=None)
            winners = tuple(s for s in alive if scores[s] == best)
        return Outcome(scores, winners, tuple(self.eliminated))

    def observation(self, seat: int) -> Observation:
        return information.observation(self, seat)

    def observation_vector(self, seat: int) -> array[float]:
        return information.vector(self, seat)

    def resample(self, seat: int, rng: random.Random) -> PlaybossState:
        twin = self.clone()
        information.resample(twin, seat, rng)
        return twin

    def phase_text(self) -> Text:
        """The pending decision, a message (its entry's, ``decisions.py``)."""
        return phase_text(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat, self.current_player())

    def common_view(self) -> dict[str, Any]:
        return views.common(self, self.current_player())

    def own_view(self, seat: int | None, common: dict[str, Any]) -> dict[str, Any]:
        return views.own(self, seat, common)

    # --- chance -----------------------------------------------------------------------

    def start_roll(self, pips: int) -> bool:
        """A die rolled for the start; whether the start goes on (the next contender rolls, or
        the tied roll again). Playboss I, "Now We Can Begin to Play": whoever rolls highest
        begins (ties roll again; ``tycoon.core.start``)."""
        first = roll_for_start(self, pips, ("pb.say.start_roll", "pb.say.start_tie"))
        if first is None:
            return True
        _start_game(self, first)
        return False

    def move(self, pips: int) -> None:
        """The die moved the piece of the seat on turn ``pips`` spaces: the turn's tasks follow."""
        b = self.businesses[self.turn_seat]
        size = len(self.rules.board)
        before = b.position
        b.position = (before + pips) % size
        if self.log is not None:
            where = naming.field(self.rules.board[b.position])
            self.say(msg("pb.say.moves", seat=Seat(b.seat), pips=pips, space=b.position, field=where))
        self.agenda.clear()
        if before + pips >= size:
            self.agenda.add(Cross())
        if b.computer == LEASED and _passes(before, pips, b.lease_mark, size):
            self.agenda.add(LeaseDue())
        self.agenda.add(Land(), EndTurn())

    # --- the turn ---------------------------------------------------------------------

    def run(self) -> None:
        """Work through the turn's agenda until a decision is pending (none when one is)."""
        HANDLERS.run(self, self.agenda, self._running)

    def _running(self) -> bool:
        return self.phase == READY

    def game_decided(self) -> bool:
        """No business is left, or one of several (seats without a business do not count: the
        worker representative before he buys one, a seat that sold its business)."""
        firms = [b for b in self.businesses if b.firm]
        alive = sum(not b.bankrupt for b in firms)
        return alive == 0 or (len(firms) > 1 and alive == 1)

    def length_reached(self) -> bool:
        years = self.game.years
        if years is not None and any(b.laps >= years for b in self.businesses if not b.bankrupt):
            return True
        if self.game.rounds is not None and self.rounds_done >= self.game.rounds:
            return True
        # Playboss II, "5. Step": a sales target ends the game like the agreed time.
        return goals.target_reached(self)

    # --- raising a payment ------------------------------------------------------------

    def try_pay_due(self) -> None:
        """The business raising a payment may hold the Marks now: it pays them, and its decision
        is over; or it can no longer raise them: it is bankrupt. The caller then runs the agenda."""
        b = self.businesses[self.pending]
        if b.cash >= self.due:
            to = self.businesses[self.due_to] if self.due_to >= 0 else None
            _pay_due(self, b, self.due, self.due_why, to, self.due_loan)
            self.due, self.due_why, self.due_to, self.due_loan = 0, "", -1, True
            self.phase = READY
        elif anytime.raisable(self, b) < self.due:
            # A deal agreed meanwhile (a machine sold cheaply to another player) left less than
            # the bank would give for everything: the payment can no longer be raised.
            amount, why, lender = self.due, self.due_why, self.due_to
            self.due, self.due_why, self.due_to, self.due_loan = 0, "", -1, True
            self.phase = READY
            self.say(msg("pb.say.cannot_pay", seat=Seat(b.seat), amount=money(amount), why=self.reason(why)))
            bankruptcy.declare(self, b, amount if lender < 0 else 0)


# --- setup ----------------------------------------------------------------------------


def _start_game(st: PlaybossState, seat: int) -> None:
    st.start_seat = st.turn_seat = st.pending = seat
    st.phase = TURN
    st.say(msg("pb.say.begins", seat=Seat(seat)))


# --- the move and the agenda's tasks ------------------------------------------------------


def _passes(before: int, pips: int, mark: int, size: int) -> bool:
    """Whether a move of ``pips`` from ``before`` passes or reaches space ``mark``."""
    return 0 < (mark - before) % size <= pips


HANDLERS: Handlers[PlaybossState] = Handlers()
"""What each task of the agenda does."""


def _mover(st: PlaybossState) -> Business:
    return st.businesses[st.turn_seat]


@HANDLERS.on(Cross)
def _cross_start(st: PlaybossState, _: Cross) -> None:
    r = st.rules
    b = _mover(st)
    b.laps += 1
    st.say(msg("pb.say.crosses_start", seat=Seat(b.seat), year=b.laps))
    # Pushed first, so done last of the crossing's tasks: the year's sheet shows what the
    # crossing paid (docs/playboss.md, design choices).
    st.agenda.push(YearEnd())
    if b.laps == 1 and r.after_first_lap:
        # Playboss I, "Important!": another 10,000 after the first crossing, never more.
        b.capital_received += r.after_first_lap
        st.receive(b, r.after_first_lap, "capital")
    # Playboss II: marketing costs, then the year's financial statement and its tax.
    expansion_steps.on_cross(st, b)
    # Machines leased from other players: each lessor's rent and the machines due back,
    # after the private loans (queued in front of them) and before the steps' costs.
    leases.on_cross(st, b)
    # Private loans: each lender's interest, fees and amounts due, before the steps' costs.
    loans.on_cross(st, b)
    if b.debt:
        # Playboss I, "Lines of Credit": 10% of the outstanding debt plus a 1,000 fee.
        due = b.debt * r.interest_percent // 100 + r.loan_fee
        st.charge(b, due, naming.code("interest", b.debt))


@HANDLERS.on(YearEnd)
def _year_end(st: PlaybossState, _: YearEnd) -> None:
    b = _mover(st)
    b.years.append((b.laps, *st.balance_sheet(b.seat).values()))


@HANDLERS.on(LeaseDue)
def _lease_due(st: PlaybossState, _: LeaseDue) -> None:
    fields.lease_due(st, _mover(st))


@HANDLERS.on(Land)
def _land(st: PlaybossState, _: Land) -> None:
    fields.land(st, _mover(st))


@HANDLERS.on(EndTurn)
def _end_turn(st: PlaybossState, _: EndTurn) -> None:
    n = len(st.businesses)
    if st.game_decided() or goals.leader_found(st):
        _finish(st)
        return
    rep = st.game.representative
    nxt, k, round_done = pass_turn(st.turn_seat, st.start_seat, [not b.bankrupt and b.firm for b in st.businesses])
    if rep >= 0 and 0 < (rep - st.turn_seat) % n <= k:
        # Playboss II, "6. Step": the die passes the worker representative (or, once he runs
        # a business he bought, comes to him).
        _rep_bankrupt(st, labour.on_pass(st))
    if round_done:
        # The turn passes the start player again: a round is complete.
        st.rounds_done += 1
        if st.length_reached():
            _finish(st)
            return
    st.turn_seat = nxt
    st.agenda.clear()
    expansion_steps.on_turn_start(st)
    st.decide(TURN, nxt)


def _finish(st: PlaybossState) -> None:
    st.phase = OVER
    st.agenda.clear()
    st.say(msg("pb.say.over"))


@HANDLERS.on(LoanDue)
def _loan_due(st: PlaybossState, task: LoanDue) -> None:
    loans.due(st, _mover(st), task.lender)


@HANDLERS.on(RentDue)
def _rent_due(st: PlaybossState, task: RentDue) -> None:
    leases.due(st, _mover(st), task.lessor)


@HANDLERS.on(MarketingDue)
def _marketing_due(st: PlaybossState, task: MarketingDue) -> None:
    marketing.due(st, _mover(st), task.trough)


@HANDLERS.on(Tax)
def _tax(st: PlaybossState, _: Tax) -> None:
    taxation.statement(st, _mover(st))


@HANDLERS.on(LabourEffective)
def _labour_effective(st: PlaybossState, _: LabourEffective) -> None:
    labour.effective(st, _mover(st))


@HANDLERS.on(LabourWindow)
def _labour_window(st: PlaybossState, _: LabourWindow) -> None:
    labour.window(st)


@HANDLERS.on(LabourPay)
def _labour_pay(st: PlaybossState, _: LabourPay) -> None:
    labour.pay_field(st, _mover(st))


@HANDLERS.on(LabourWages)
def _labour_wages(st: PlaybossState, _: LabourWages) -> None:
    _rep_bankrupt(st, labour.strike_wages(st, _mover(st)))


@HANDLERS.on(LabourDecide)
def _labour_decide(st: PlaybossState, _: LabourDecide) -> None:
    st.decide(RED, _mover(st).seat)


@HANDLERS.on(LabourRelease)
def _labour_release(st: PlaybossState, _: LabourRelease) -> None:
    labour.release(st, _mover(st))


# --- raise funds or go bankrupt -----------------------------------------------------------


@HANDLERS.on(Charge)
def _charge(st: PlaybossState, c: Charge) -> None:
    """A payment due (``PlaybossData.charge``). When cash is short the business must raise the money by
    selling to the bank or borrowing; when even that cannot cover it, it is bankrupt (Playboss
    I, "Explanations: Credit, Bankruptcy and Private Trade")."""
    b = st.businesses[c.payer]
    to = st.businesses[c.to] if c.to >= 0 else None
    if b.cash >= c.amount:
        _pay_due(st, b, c.amount, c.why, to, c.loan)
        return
    if anytime.raisable(st, b) >= c.amount:
        st.due, st.due_why = c.amount, c.why
        st.due_to = c.to
        st.due_loan = c.loan
        st.say(
            msg(
                "pb.say.must_raise", seat=Seat(b.seat), amount=money(c.amount), why=st.reason(c.why), cash=money(b.cash)
            )
        )
        st.decide(RAISE, b.seat)
        return
    st.say(msg("pb.say.cannot_pay", seat=Seat(b.seat), amount=money(c.amount), why=st.reason(c.why)))
    bankruptcy.declare(st, b, c.amount if to is None else 0)


def _pay_due(st: PlaybossState, b: Business, amount: int, why: str, to: Business | None, loan: bool = True) -> None:
    if to is None:
        st.pay(b, amount, why)
    else:
        st.transfer(b, to, amount, why)
        if loan:
            loans.settle(st, b.seat, to.seat, amount)


def _rep_bankrupt(st: PlaybossState, owed: int) -> None:
    """The worker representative could not pay ``owed`` (``labour.rep_pays``): he is bankrupt.
    He has no assets to auction: the estate is settled at once, and the turn under way goes on."""
    if not owed:
        return
    lab = st.expansion.labour
    assert lab is not None
    left, phase, pending = list(st.agenda), st.phase, st.pending
    bankruptcy.declare(st, st.businesses[lab.rep], owed)
    assert st.auction is None
    # In place: the agenda being run is this one.
    st.agenda.replace(*left)
    st.phase, st.pending = phase, pending
