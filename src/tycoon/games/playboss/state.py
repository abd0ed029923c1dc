"""The flow of a game of Playboss: setup, turns, movement, the fields, the end.

What each field and each "at any time" option does lives in its own module (``fields``,
``anytime``, ``risk``, ``bankruptcy``); this module runs the turn and keeps the books. Money
only moves through ``pay``, ``receive`` and ``transfer``, so the bank's ledger always balances.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily
from tycoon.core.game import CHANCE, TERMINAL, Outcome, State
from tycoon.core.guard import admit, require_turn
from tycoon.games.playboss import (
    anytime,
    bankruptcy,
    deals,
    fields,
    goals,
    labour,
    leases,
    loans,
    marketing,
    purchase_auction,
    risk,
    words,
)
from tycoon.games.playboss import steps as expansion_steps
from tycoon.games.playboss.actions import CODEC, Die, DrawRisk, Roll
from tycoon.games.playboss.business import LEASED, Business
from tycoon.games.playboss.data import Rules
from tycoon.games.playboss.finance import BalanceSheet, balance_sheet
from tycoon.games.playboss.market import initial_market, place

if TYPE_CHECKING:
    from tycoon.games.playboss.game import Playboss

# Phases: what the pending decision is.
SETUP = "setup"  # chance: the die decides the start player
TURN = "turn"  # the player may do business at any time, then rolls
MOVE = "move"  # chance: the die moves the piece
RED = "red"  # decision field
GREEN = "green"  # WEB field
YELLOW = "yellow"  # cost field
WHITE = "white"  # write-off field
LEASE = "lease"  # computer lease due again
RISK = "risk"  # chance: a risk card is drawn
LOSE = "lose-machine"  # a risk card destroyed a machine; the owner picks which
RAISE = "raise"  # a payment is due and cash is short: sell to the bank or borrow
AUCTION = "auction"  # the bank auctions a bankrupt business's assets
BIDDING = purchase_auction.BIDDING  # step 2: the bank auctions the rest of a price zone
DUE = marketing.DUE  # step 3: a marketing organisation's yearly costs are due
ANSWER = deals.ANSWER  # a player answers a deal offered to it
LABOUR = labour.WINDOW  # step 6: the worker representative's say when a business lands on red
OVER = "over"

CHANCE_PHASES = (SETUP, MOVE, RISK)
ANYTIME_ACTIONS = anytime.ANYTIME_ACTIONS
DIE = [(Die(p), Fraction(1, 6)) for p in range(1, 7)]


class PlaybossState(State):
    """A game of Playboss in progress."""

    game: Playboss

    def __init__(self, game: Playboss, *, blank: bool = False) -> None:
        self.game = game
        self.rules: Rules = game.rules
        self.log = None
        if blank:
            return
        r = self.rules
        n = game.num_seats
        rep = game.representative
        self.businesses = [Business(s, r.start_position, 0 if s == rep else r.start_capital) for s in range(n)]
        if rep >= 0:
            # Playboss II, "6. Step": the worker representative "does not get a business to start".
            self.businesses[rep].firm = False
        self.market, self.outside_play = initial_market(r, n)
        self.bank_machines = r.machines
        self.bank_computers = r.computers
        self.bank_webs = r.webs
        self.risk_order: list[int] = []
        """Risk cards in the order first drawn. Until all are drawn the next card is chance;
        afterwards the stack repeats in this order (cards go back at the bottom)."""
        self.risk_draws = 0
        self.ledger_in = 0
        """Marks paid to the bank over the game."""
        self.ledger_out = sum(b.capital_received for b in self.businesses)
        """Marks paid out by the bank over the game (starting capital included)."""
        self.written_off = 0
        """Bank debt lost in bankruptcies."""
        self.eliminated: list[int] = []
        self.start_seat = 0
        self.turn_seat = 0
        self.rounds_done = 0
        self.steps: list[str] = []
        self.phase = SETUP
        self.pending = 0
        self.due = 0
        self.due_reason = ""
        self.setup_rolls: list[int] = [0] * n
        self.contenders: list[int] = [s for s in range(n) if s != rep]
        self.roller = 0
        self.card = -1
        self.auction: bankruptcy.Auction | None = None
        self.expansion = expansion_steps.new(self)
        """What the expansion steps add (Playboss II); empty in the base model."""
        self.deals = deals.Deals(n)
        """Private business between players: the open offer, private loans."""
        self.due_to = -1
        """The seat a payment due is owed to (a private lender), or -1 for the bank."""
        self.due_loan = True
        """Whether the payment due to ``due_to`` settles private loans (not salaries)."""
        if self.expansion.labour is not None:
            # Playboss II, "6. Step": the bank funds the unemployment support with 5,000 Marks.
            self.ledger_out += self.expansion.labour.fund
        if len(self.contenders) == 1:
            self._start_game(self.contenders[0])

    # --- the protocol ---------------------------------------------------------------

    def clone(self) -> PlaybossState:
        s = PlaybossState(self.game, blank=True)
        s.businesses = [b.clone() for b in self.businesses]
        s.market = self.market.copy()
        s.outside_play = self.outside_play
        s.bank_machines = self.bank_machines
        s.bank_computers = self.bank_computers
        s.bank_webs = self.bank_webs
        s.risk_order = self.risk_order.copy()
        s.risk_draws = self.risk_draws
        s.ledger_in = self.ledger_in
        s.ledger_out = self.ledger_out
        s.written_off = self.written_off
        s.eliminated = self.eliminated.copy()
        s.start_seat = self.start_seat
        s.turn_seat = self.turn_seat
        s.rounds_done = self.rounds_done
        s.steps = self.steps.copy()
        s.phase = self.phase
        s.pending = self.pending
        s.due = self.due
        s.due_reason = self.due_reason
        s.setup_rolls = self.setup_rolls.copy()
        s.contenders = self.contenders.copy()
        s.roller = self.roller
        s.card = self.card
        s.auction = self.auction.clone() if self.auction else None
        s.expansion = self.expansion.clone()
        s.deals = self.deals.clone()
        s.due_to = self.due_to
        s.due_loan = self.due_loan
        s.log = None if self.log is None else self.log.copy()
        return s

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
        if self.phase in expansion_steps.PHASES:
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
        if self.phase in expansion_steps.PHASES:
            return [*expansion_steps.families(self, b), *free]
        return [*fields.families(self, b), *free]

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
        elif self.phase in expansion_steps.PHASES:
            expansion_steps.apply(self, b, action)
        elif self.phase == RAISE:
            raise IllegalAction(f"{self.due:,} Marks are due; sell to the bank or borrow first")
        else:
            fields.apply(self, b, action)
        self.run()

    def describe(self, action: Action, viewer: int | None = None) -> str:
        return words.describe(self, action, viewer)

    def raising(self, seat: int) -> bool:
        """Whether ``seat`` must raise a payment due, also while a deal it offered is answered."""
        if self.phase == ANSWER:
            return self.deals.resume == (RAISE, seat)
        return self.phase == RAISE and seat == self.pending

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

    def balance_sheet(self, seat: int) -> BalanceSheet:
        return balance_sheet(
            self.businesses[seat],
            self.rules,
            loans_given=loans.loans_given(self, seat),
            other_debt=loans.other_debt(self, seat),
        )

    # --- chance -----------------------------------------------------------------------

    def _apply_chance(self, action: Action) -> None:
        if self.phase == SETUP:
            assert isinstance(action, Die)
            self._setup_roll(action.pips)
        elif self.phase == MOVE:
            assert isinstance(action, Die)
            self._move(self.businesses[self.turn_seat], action.pips)
            self.phase = ""
            self.run()
        else:
            assert isinstance(action, DrawRisk)
            self.risk_order.append(action.card)
            self.phase = ""
            risk.resolve(self, self.businesses[self.turn_seat], action.card)
            self.run()

    def _setup_roll(self, pips: int) -> None:
        # Playboss I, "Now We Can Begin to Play": whoever rolls highest begins (ties roll again).
        seat = self.contenders[self.roller]
        self.setup_rolls[seat] = pips
        self.say(f"Seat {seat} rolls {pips} for the start.")
        self.roller += 1
        if self.roller < len(self.contenders):
            return
        best = max(self.setup_rolls[s] for s in self.contenders)
        tied = [s for s in self.contenders if self.setup_rolls[s] == best]
        if len(tied) == 1:
            self._start_game(tied[0])
        else:
            self.say(f"Seats {', '.join(map(str, tied))} tie with {best} and roll again.")
            self.contenders = tied
            self.roller = 0

    def _start_game(self, seat: int) -> None:
        self.start_seat = self.turn_seat = self.pending = seat
        self.phase = TURN
        self.say(f"Seat {seat} begins.")

    # --- the turn ---------------------------------------------------------------------

    def _move(self, b: Business, pips: int) -> None:
        size = len(self.rules.board)
        before = b.position
        b.position = (before + pips) % size
        self.say(f"Seat {b.seat} rolls {pips} and moves to space {b.position} ({self.rules.board[b.position]}).")
        steps = []
        if before + pips >= size:
            steps.append("cross")
        if b.computer == LEASED and _passes(before, pips, b.lease_mark, size):
            steps.append("lease")
        steps += ["land", "end"]
        self.steps = steps

    def run(self) -> None:
        """Work through the turn's remaining steps until a decision is pending."""
        while self.phase == "" and self.steps:
            step = self.steps.pop(0)
            b = self.businesses[self.turn_seat]
            if step == "cross":
                self._cross_start(b)
            elif step == "lease":
                fields.lease_due(self, b)
            elif step == "land":
                fields.land(self, b)
            elif step == "end":
                self._end_turn()
            elif step.startswith("loan "):
                loans.due(self, b, int(step.split()[1]))
            elif step.startswith("rent "):
                leases.due(self, b, int(step.split()[1]))
            else:
                expansion_steps.run_step(self, b, step)

    def decide(self, phase: str, seat: int) -> None:
        """Make ``seat``'s decision of kind ``phase`` the pending one."""
        self.phase = phase
        self.pending = seat

    def _cross_start(self, b: Business) -> None:
        r = self.rules
        b.laps += 1
        self.say(f"Seat {b.seat} crosses start: business year {b.laps} is complete.")
        if b.laps == 1 and r.after_first_lap:
            # Playboss I, "Important!": another 10,000 after the first crossing, never more.
            b.capital_received += r.after_first_lap
            self.receive(b, r.after_first_lap, "the second half of the starting capital")
        # Playboss II: marketing costs, then the year's financial statement and its tax.
        expansion_steps.on_cross(self, b)
        # Machines leased from other players: each lessor's rent and the machines due back,
        # after the private loans (queued in front of them) and before the steps' costs.
        leases.on_cross(self, b)
        # Private loans: each lender's interest, fees and amounts due, before the steps' costs.
        loans.on_cross(self, b)
        if b.debt:
            # Playboss I, "Lines of Credit": 10% of the outstanding debt plus a 1,000 fee.
            due = b.debt * r.interest_percent // 100 + r.loan_fee
            self.charge(b, due, f"interest and fees on {b.debt:,} Marks of bank debt")

    def _end_turn(self) -> None:
        n = len(self.businesses)
        if self.game_decided() or goals.leader_found(self):
            self._finish()
            return
        offset = (self.turn_seat - self.start_seat) % n
        rep = self.game.representative
        nxt, k = self.turn_seat, 0
        for k in range(1, n + 1):
            nxt = (self.turn_seat + k) % n
            if not self.businesses[nxt].bankrupt and self.businesses[nxt].firm:
                break
        if rep >= 0 and 0 < (rep - self.turn_seat) % n <= k:
            # Playboss II, "6. Step": the die passes the worker representative (or, once he runs
            # a business he bought, comes to him).
            labour.on_pass(self)
        if offset + k >= n:
            # The turn passes the start player again: a round is complete.
            self.rounds_done += 1
            if self.length_reached():
                self._finish()
                return
        self.turn_seat = nxt
        self.steps = []
        expansion_steps.on_turn_start(self)
        self.decide(TURN, nxt)

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

    def _finish(self) -> None:
        self.phase = OVER
        self.steps = []
        self.say("The game is over.")

    # --- money ------------------------------------------------------------------------

    def pay(self, b: Business, amount: int, why: str) -> None:
        """``b`` pays ``amount`` to the bank (the caller has checked that it can)."""
        b.cash -= amount
        self.ledger_in += amount
        self.say(f"Seat {b.seat} pays {amount:,} Marks for {why}.")

    def receive(self, b: Business, amount: int, why: str) -> None:
        """The bank pays ``amount`` to ``b``."""
        b.cash += amount
        self.ledger_out += amount
        self.say(f"Seat {b.seat} receives {amount:,} Marks for {why}.")

    def transfer(self, payer: Business, payee: Business, amount: int, why: str) -> None:
        payer.cash -= amount
        payee.cash += amount
        self.say(f"Seat {payer.seat} pays {amount:,} Marks to seat {payee.seat} for {why}.")

    def charge(self, b: Business, amount: int, why: str, to: Business | None = None, loan: bool = True) -> None:
        """A payment ``b`` must make, to the bank or to the private lender ``to``. When cash is
        short the business must raise the money by selling to the bank or borrowing; when even
        that cannot cover it, it is bankrupt (Playboss I, "Explanations: Credit, Bankruptcy and
        Private Trade"). A private lender's claim is in its loans (``loans.py``); ``loan`` False:
        the payment to ``to`` is no loan payment (salaries to the worker representative)."""
        if b.cash >= amount:
            self._pay_due(b, amount, why, to, loan)
            return
        if anytime.raisable(self, b) >= amount:
            self.due, self.due_reason = amount, why
            self.due_to = -1 if to is None else to.seat
            self.due_loan = loan
            self.say(f"Seat {b.seat} owes {amount:,} Marks for {why} but holds {b.cash:,}: it must raise the money.")
            self.decide(RAISE, b.seat)
            return
        self.say(f"Seat {b.seat} cannot pay {amount:,} Marks for {why}: bankrupt.")
        bankruptcy.declare(self, b, amount if to is None else 0)

    def _pay_due(self, b: Business, amount: int, why: str, to: Business | None, loan: bool = True) -> None:
        if to is None:
            self.pay(b, amount, why)
        else:
            self.transfer(b, to, amount, why)
            if loan:
                loans.settle(self, b.seat, to.seat, amount)

    def _try_pay_due(self) -> None:
        b = self.businesses[self.pending]
        if b.cash >= self.due:
            to = self.businesses[self.due_to] if self.due_to >= 0 else None
            self._pay_due(b, self.due, self.due_reason, to, self.due_loan)
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

    # --- products ---------------------------------------------------------------------

    def return_products(self, count: int) -> None:
        """Products going back to the bank lie in the highest open zone (I, "Repurchase Value")."""
        if count:
            place(self.market, self.rules.dimples, count)

    # --- what players see -------------------------------------------------------------

    def phase_text(self) -> str:
        texts = {
            SETUP: "the die decides who begins",
            TURN: "do business at any time, then roll the die",
            MOVE: "the die is rolled",
            RED: "red decision field: purchase, invest, produce, sell, or do nothing",
            GREEN: "green WEB field: buy a WEB chip for 1,000 Marks, or not",
            YELLOW: "yellow cost field: sell all finished products at half price, produce on every "
            "machine at 3,000 per product, pay 1,000 idling costs per machine, or pay 1 WEB",
            WHITE: "white write-off field: give up a machine (a double one falls back to single) or pay 1 WEB",
            LEASE: "the computer lease is due: pay 2 WEBs again or return the computer",
            RISK: "a risk card is drawn",
            LOSE: "a risk card destroyed a machine: choose which one",
            RAISE: f"{self.due:,} Marks are due for {self.due_reason}: sell to the bank or borrow",
            AUCTION: "the bank auctions a bankrupt business's assets: bid or pass",
            BIDDING: "the bank auctions the rest of the price zone: bid per unit or pass",
            ANSWER: f"seat {self.deals.offerer} offers you a deal: accept or decline it",
            DUE: f"the marketing organisation's {self.rules.marketing_yearly:,} Marks are due: pay them or give it up",
            expansion_steps.UNDERBIDDING: "the free market: offer units at the price point or 500 less, or withdraw",
            LABOUR: labour.window_text(self) if self.expansion.labour else "",
            OVER: "the game is over",
        }
        return texts.get(self.phase, self.phase)

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
                {"price": p, "products": n, "dimples": r.dimples}
                for p, n in zip(r.zone_prices, self.market, strict=True)
            ],
            "outside_play": self.outside_play,
            "risk_cards": len(r.risk_cards),
            "bank": {"machines": self.bank_machines, "computers": self.bank_computers, "webs": self.bank_webs},
            "businesses": [b.to_json(r) for b in self.businesses],
            "due": self.due if self.phase == RAISE else 0,
            "auction": self.auction.to_json() if self.auction else None,
            "expansion": expansion_steps.view(self, seat),
            "deals": deals.view(self),
        }

    def fingerprint(self) -> dict[str, Any]:
        return {
            "businesses": [b.fingerprint() for b in self.businesses],
            "market": self.market.copy(),
            "outside_play": self.outside_play,
            "bank": [self.bank_machines, self.bank_computers, self.bank_webs],
            "risk_order": self.risk_order.copy(),
            "risk_draws": self.risk_draws,
            "ledger": [self.ledger_in, self.ledger_out, self.written_off],
            "eliminated": self.eliminated.copy(),
            "seats": [self.start_seat, self.turn_seat, self.pending, self.rounds_done],
            "steps": self.steps.copy(),
            "phase": self.phase,
            "due": [self.due, self.due_reason],
            "setup": [self.setup_rolls.copy(), self.contenders.copy(), self.roller],
            "card": self.card,
            "auction": self.auction.to_json() if self.auction else None,
            "expansion": self.expansion.fingerprint(self.rules.zone_prices),
            "deals": self.deals.fingerprint(),
            "due_to": self.due_to,
            "due_loan": self.due_loan,
        }


def _passes(before: int, pips: int, mark: int, size: int) -> bool:
    """Whether a move of ``pips`` from ``before`` passes or reaches space ``mark``."""
    return 0 < (mark - before) % size <= pips
