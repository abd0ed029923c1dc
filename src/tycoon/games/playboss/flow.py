"""The turn engine of Playboss, on top of the rule modules: the game protocol's
``PlaybossState`` — who is to move, the legal actions and their families, ``apply`` (the shared
guard, then the dispatch to the rules) — the agenda's handlers (``tasks.py``), setup, the move,
crossing start, the end of the turn and of the game, and raise-funds-or-bankrupt (``Charge``).

The layers, each importing only those below it: ``phases``, ``tasks`` and the data modules at
the bottom; the state as data (``state.Table``); the rule modules that read and write it and
queue tasks (``fields``, ``risk``, ``anytime``, ``loans``, ``leases``, ``bankruptcy``,
``deals``, ``takeover``, the steps' modules and ``steps``), then ``words``; this module on top.
What each field and each "at any time" option does lives in its own module; this one runs the
turn.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action, JSONValue
from tycoon.core.agenda import Handlers
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, Domain
from tycoon.core.game import CHANCE, TERMINAL, Observation, Outcome, State
from tycoon.core.guard import admit, require_turn, tell
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
    market,
    marketing,
    risk,
    taxation,
    words,
)
from tycoon.games.playboss import steps as expansion_steps
from tycoon.games.playboss.actions import CODEC, Die, DrawRisk, Roll
from tycoon.games.playboss.business import LEASED, Business
from tycoon.games.playboss.finance import BalanceSheet
from tycoon.games.playboss.phases import (
    ANSWER,
    AUCTION,
    CHANCE_PHASES,
    LABOUR,
    MOVE,
    OVER,
    RAISE,
    RED,
    RISK,
    SETUP,
    STEP_PHASES,
    TURN,
)
from tycoon.games.playboss.state import Table
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

ANYTIME_ACTIONS = anytime.ANYTIME_ACTIONS
DIE = [(Die(p), Fraction(1, 6)) for p in range(1, 7)]


class PlaybossState(Table, State):
    """A game of Playboss in progress (the data is ``Table``'s)."""

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
            return [(DrawRisk(c), p) for c in left]
        return []

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current_player()
        if self.phase == OVER:
            return []
        if seat == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if not 0 <= seat < len(self.businesses) or self.businesses[seat].bankrupt or self.phase == SETUP:
            return []
        b = self.businesses[seat]
        free = anytime.fund_raising(self, b) if self.raising(seat) else anytime.legal(self, b)
        if self.phase == ANSWER and seat == self.pending:
            return [*deals.answers(self), *free]
        if self.raising(seat):
            return free
        if seat != self.pending or self.phase in CHANCE_PHASES:
            return free
        if self.phase == TURN:
            return [Roll(), *free]
        if self.phase == LABOUR:
            return [*labour.legal_window(self, b), *free]
        if self.phase == AUCTION:
            return [*bankruptcy.legal_bids(self, b), *free]
        if self.phase in STEP_PHASES:
            return [*expansion_steps.legal(self, b), *free]
        return [*fields.legal(self, b), *free]

    def action_families(self, seat: int | None = None) -> list[ActionFamily]:
        return self.families_of(seat, offers=True)

    def families_of(self, seat: int | None = None, *, offers: bool = True) -> list[ActionFamily]:
        """``action_families(seat)``; without the private offers when not ``offers`` (a bot
        checking a count or a credit need not work out the offers' bounds)."""
        if seat is None:
            seat = self.current_player()
        if self.phase in (OVER, SETUP) or not 0 <= seat < len(self.businesses) or self.businesses[seat].bankrupt:
            return []
        b = self.businesses[seat]
        deals_ = deals.families(self, b) if offers else []
        if self.raising(seat):
            # Only what brings Marks: sales to the bank, borrowing, selling to or borrowing from
            # another player (deals.families keeps to those for a seat raising a payment).
            return anytime.fund_raising_families(self, b) + deals_
        free = anytime.families(self, b) + deals_
        if seat != self.pending or self.phase in CHANCE_PHASES or self.phase in (ANSWER, TURN, LABOUR):
            return free
        if self.phase == AUCTION:
            return [*bankruptcy.bid_families(self, b), *free]
        if self.phase in STEP_PHASES:
            return [*expansion_steps.families(self, b), *free]
        return [*fields.families(self, b), *free]

    def narrow(self, family: ActionFamily, prefix: Sequence[JSONValue], seat: int | None = None) -> Domain:
        # An offer's Marks run up to the paying side's cash, too many to try one by one: the
        # deal's own bounds answer (deals.narrow).
        s = self.current_player() if seat is None else seat
        if family.cls in deals.OFFERS and not family.whole and type(s) is int and 0 <= s < len(self.businesses):
            return deals.narrow(self, self.businesses[s], family, list(prefix), seat)
        return super().narrow(family, prefix, seat)

    def refusal(self, action: Action, seat: int | None = None) -> str | None:
        # An offer: apply refuses exactly what its first checks and the deal's own checks find
        # (deals.offer_refusal), so that is the answer, without a clone.
        if isinstance(action, deals.OFFERS) and (seat is None or type(seat) is int):
            current = self.current_player()
            try:
                s = admit(action, seat, current, len(self.businesses), CODEC)
            except IllegalAction as e:
                return str(e) or type(e).__name__
            if s != CHANCE:
                if self.phase == SETUP:
                    return "nothing can be done before the die has decided who begins"
                b = self.businesses[s]
                if b.bankrupt:
                    return f"seat {s} is bankrupt and out of the game"
                if self.raising(s) and not deals.raises_funds(action):
                    return f"{self.due:,} Marks are due; only offers that bring you Marks are possible now"
                return deals.offer_refusal(self, b, action)
        return super().refusal(action, seat)

    def apply(self, action: Action, seat: object = None) -> None:
        # ``seat: object``: ``admit`` refuses a seat that is no whole number as illegal; the
        # compiled build (docs/decisions/0019-compiled-build.md) would raise TypeError before it.
        current = self.current_player()
        # Wrong types (``Hire(1.5)``, a seat "0"), the end, a chance outcome out of turn, a seat
        # outside the table: refused before any rule looks at the action.
        seat = admit(action, seat, current, len(self.businesses), CODEC)
        if seat == CHANCE:
            if action not in self.legal_actions(CHANCE):
                raise IllegalAction(f"{action} is not a possible chance outcome now")
            self._apply_chance(action)
            return
        if self.phase == SETUP:
            raise IllegalAction("nothing can be done before the die has decided who begins")
        b = self.businesses[seat]
        if b.bankrupt:
            raise IllegalAction(f"seat {seat} is bankrupt and out of the game")
        if not b.firm and isinstance(action, ANYTIME_ACTIONS) and not isinstance(action, labour.REP_ANYTIME):
            who = "the worker representative" if labour.is_rep(self, seat) else f"seat {seat}, which sold its business,"
            raise IllegalAction(
                f"{action} is not possible for {who}: a seat without a business lends money"
                + (", agrees salaries, calls and ends strikes" if labour.is_rep(self, seat) else ""),
                labour.RULE,
            )
        if isinstance(action, deals.DEAL_ACTIONS):
            if self.raising(seat) and not isinstance(action, deals.ANSWERS) and not deals.raises_funds(action):
                raise IllegalAction(
                    f"{self.due:,} Marks are due; only offers that bring you Marks are possible now",
                    'Playboss I, "Explanations: Credit, Bankruptcy and Private Trade"',
                )
            deals.apply(self, b, action)
            if isinstance(action, deals.ANSWERS) and self.phase == RAISE:
                # The answer gave the decision back to a business raising a payment.
                self._try_pay_due()
            return
        if isinstance(action, anytime.ANYTIME_ACTIONS):
            if self.raising(seat) and not anytime.raises_funds(action):
                raise IllegalAction(
                    f"{self.due:,} Marks are due; only selling to the bank or borrowing is possible now",
                    'Playboss I, "Explanations: Credit, Bankruptcy and Private Trade"',
                )
            anytime.apply(self, b, action)
            if self.phase == RAISE and seat == self.pending:
                self._try_pay_due()
            return
        require_turn(action, seat, current, self.phase_text())
        if self.phase == TURN:
            if not isinstance(action, Roll):
                raise IllegalAction(f"{action} is not possible now: roll the die or do business first")
            b.turns += 1
            self.phase = MOVE
            return
        if self.phase == AUCTION:
            bankruptcy.apply_bid(self, b, action)
        elif self.phase == LABOUR:
            labour.apply_window(self, b, action)
        elif self.phase in STEP_PHASES:
            expansion_steps.apply(self, b, action)
        elif self.phase == RAISE:
            raise IllegalAction(f"{self.due:,} Marks are due; sell to the bank or borrow first")
        else:
            fields.apply(self, b, action)
        self.run()

    def describe(self, action: Action, viewer: int | None = None) -> str:
        return tell(action, CODEC, lambda: words.describe(self, action, viewer))

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise IllegalAction("the game is not over yet")
        scores = tuple(self.balance_sheet(s).profit for s in range(len(self.businesses)))
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

    def phase_text(self) -> str:
        return words.phase_text(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        r = self.rules
        current = self.current_player()
        return {
            "game": "playboss",
            "round": self.rounds_done,
            "year_target": self.game.years,
            "round_target": self.game.rounds,
            "pending": {
                "seat": current if current >= 0 else None,
                "decision": self.phase,
                "text": self.phase_text(),
            },
            "you": seat,
            "start_seat": self.start_seat,
            "turn": self.turn_seat,
            "board": list(r.board),
            "market": [
                {"price": p, "sale": market.sale_price(r, z, False), "products": n, "dimples": r.dimples}
                for z, (p, n) in enumerate(zip(r.zone_prices, self.market, strict=True))
            ],
            "prices": fields.prices(self),
            "outside_play": self.outside_play,
            "risk_cards": len(r.risk_cards),
            "bank": {
                "machines": self.bank_machines,
                "computers": self.bank_computers,
                "webs": self.bank_webs,
                "web_price": r.web_price,
            },
            "businesses": [self._business_view(b) for b in self.businesses],
            # Apart from the businesses, which change at every move: a diff of the view sends
            # a business's years again only when one ends.
            "year_sheets": [
                [{"year": y[0]} | BalanceSheet(*y[1:]).to_json() for y in b.years] for b in self.businesses
            ],
            "due": self.due if self.phase == RAISE else 0,
            "auction": self.auction.to_json() if self.auction else None,
            "expansion": expansion_steps.view(self, seat),
            "deals": deals.view(self),
        }

    def _business_view(self, b: Business) -> dict[str, Any]:
        """A business as everyone sees it, with its balance sheet now (public: the page shows
        it as the bank values it, not valued anew); ``year_sheets`` holds those of its years."""
        return b.to_json(self.rules) | {"sheet": self.balance_sheet(b.seat).to_json()}

    # --- chance -----------------------------------------------------------------------

    def _apply_chance(self, action: Action) -> None:
        if self.phase == SETUP:
            assert isinstance(action, Die)
            _setup_roll(self, action.pips)
        elif self.phase == MOVE:
            assert isinstance(action, Die)
            _move(self, self.businesses[self.turn_seat], action.pips)
            self.phase = ""
            self.run()
        else:
            assert isinstance(action, DrawRisk)
            self.risk_order.append(action.card)
            self.phase = ""
            risk.resolve(self, self.businesses[self.turn_seat], action.card)
            self.run()

    # --- the turn ---------------------------------------------------------------------

    def run(self) -> None:
        """Work through the turn's agenda until a decision is pending."""
        HANDLERS.run(self, self.agenda, self._running)

    def _running(self) -> bool:
        return self.phase == ""

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

    def _try_pay_due(self) -> None:
        b = self.businesses[self.pending]
        if b.cash >= self.due:
            to = self.businesses[self.due_to] if self.due_to >= 0 else None
            _pay_due(self, b, self.due, self.due_reason, to, self.due_loan)
            self.due, self.due_reason, self.due_to, self.due_loan = 0, "", -1, True
            self.phase = ""
            self.run()
        elif anytime.raisable(self, b) < self.due:
            # A deal agreed meanwhile (a machine sold cheaply to another player) left less than
            # the bank would give for everything: the payment can no longer be raised.
            amount, why, lender = self.due, self.due_reason, self.due_to
            self.due, self.due_reason, self.due_to, self.due_loan = 0, "", -1, True
            self.phase = ""
            self.say(f"Seat {b.seat} cannot pay {amount:,} Marks for {why}: bankrupt.")
            bankruptcy.declare(self, b, amount if lender < 0 else 0)
            self.run()


# --- setup ----------------------------------------------------------------------------


def _setup_roll(st: PlaybossState, pips: int) -> None:
    # Playboss I, "Now We Can Begin to Play": whoever rolls highest begins (ties roll again).
    first = roll_for_start(st, pips)
    if first is not None:
        _start_game(st, first)


def _start_game(st: PlaybossState, seat: int) -> None:
    st.start_seat = st.turn_seat = st.pending = seat
    st.phase = TURN
    st.say(f"Seat {seat} begins.")


# --- the move and the agenda's tasks ------------------------------------------------------


def _move(st: PlaybossState, b: Business, pips: int) -> None:
    size = len(st.rules.board)
    before = b.position
    b.position = (before + pips) % size
    st.say(f"Seat {b.seat} rolls {pips} and moves to space {b.position} ({st.rules.board[b.position]}).")
    st.agenda.clear()
    if before + pips >= size:
        st.agenda.add(Cross())
    if b.computer == LEASED and _passes(before, pips, b.lease_mark, size):
        st.agenda.add(LeaseDue())
    st.agenda.add(Land(), EndTurn())


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
    st.say(f"Seat {b.seat} crosses start: business year {b.laps} is complete.")
    # Pushed first, so done last of the crossing's tasks: the year's sheet shows what the
    # crossing paid (docs/playboss.md, design choices).
    st.agenda.push(YearEnd())
    if b.laps == 1 and r.after_first_lap:
        # Playboss I, "Important!": another 10,000 after the first crossing, never more.
        b.capital_received += r.after_first_lap
        st.receive(b, r.after_first_lap, "the second half of the starting capital")
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
        st.charge(b, due, f"interest and fees on {b.debt:,} Marks of bank debt")


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
    st.say("The game is over.")


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
    """A payment due (``Table.charge``). When cash is short the business must raise the money by
    selling to the bank or borrowing; when even that cannot cover it, it is bankrupt (Playboss
    I, "Explanations: Credit, Bankruptcy and Private Trade")."""
    b = st.businesses[c.payer]
    to = st.businesses[c.to] if c.to >= 0 else None
    if b.cash >= c.amount:
        _pay_due(st, b, c.amount, c.why, to, c.loan)
        return
    if anytime.raisable(st, b) >= c.amount:
        st.due, st.due_reason = c.amount, c.why
        st.due_to = c.to
        st.due_loan = c.loan
        st.say(f"Seat {b.seat} owes {c.amount:,} Marks for {c.why} but holds {b.cash:,}: it must raise the money.")
        st.decide(RAISE, b.seat)
        return
    st.say(f"Seat {b.seat} cannot pay {c.amount:,} Marks for {c.why}: bankrupt.")
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
