"""The data of a game of Playboss: the businesses, the market, the bank's stock and ledger, the
turn in progress (its phase and its agenda of tasks), and what the expansion steps and private
business add. Fields, ``clone``, ``fingerprint`` and the ledger's primitives only.

The layers, each importing only those below it: ``phases``, ``tasks``, ``actions``, ``data``,
``menus``, ``market``, ``business``, ``finance`` and the data of the steps and of private
business (``expansion``, ``private``) at the bottom; this module; the rule modules that read
and write it and queue tasks (``fields``, ``risk``, ``anytime``, ``loans``, ``leases``,
``bankruptcy``, ``deals``, the steps' modules, ...), then ``words``; ``flow.py`` on top, with
the game protocol's ``PlaybossState``, the agenda's handlers and the end of the turn.

Money only moves through ``pay``, ``receive`` and ``transfer``, so the bank's ledger always
balances. A payment a rule makes a business owe is queued with ``charge`` as a ``Charge`` task,
done next by the flow: from cash, by raising the money, or in bankruptcy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from tycoon.core import ledger
from tycoon.core.agenda import Agenda
from tycoon.core.messages import Text
from tycoon.games.playboss import naming, private
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.data import Rules
from tycoon.games.playboss.expansion import Expansion
from tycoon.games.playboss.finance import BalanceSheet, balance_sheet, profit
from tycoon.games.playboss.market import initial_market, place
from tycoon.games.playboss.phases import BARGAINING, RAISE, SETUP, Phase
from tycoon.games.playboss.private import Deals
from tycoon.games.playboss.tasks import Charge

if TYPE_CHECKING:
    from tycoon.games.playboss.bankruptcy import Auction
    from tycoon.games.playboss.game import Playboss


class PlaybossData:
    """Everything on the table of one game of Playboss, and the turn in progress."""

    game: Playboss
    log: list[Text] | None

    def __init__(self, game: Playboss, *, blank: bool = False) -> None:
        self.game = game
        self.rules: Rules = game.rules
        self.log = None
        """Narration of what happened, or ``None`` when nobody listens."""
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
        self.agenda = Agenda()
        """What is still to happen this turn (``tasks.py``), run by the flow."""
        self.phase: Phase = SETUP
        """The pending decision (``phases.py``); ``READY`` while the agenda runs."""
        self.pending = 0
        self.due = 0
        self.due_why = ""
        """What the payment due is for, as a reason code (``naming.why``)."""
        self.setup_rolls: list[int] = [0] * n
        self.contenders: list[int] = [s for s in range(n) if s != rep]
        self.roller = 0
        self.card = -1
        self.auction: Auction | None = None
        """The bankruptcy auction under way (``bankruptcy.py``)."""
        self.expansion = Expansion(r.marketing_troughs if game.step(3) else 0)
        """What the expansion steps add (Playboss II); empty in the base model (its labour
        market is set up by the flow, ``labour.new``)."""
        self.deals = Deals(n)
        """Private business between players: the open offer, private loans."""
        self.due_to = -1
        """The seat a payment due is owed to (a private lender), or -1 for the bank."""
        self.due_loan = True
        """Whether the payment due to ``due_to`` settles private loans (not salaries)."""

    def clone(self) -> Self:
        if COMPILED:
            # A compiled PlaybossData keeps its fields in a C struct: each plain one (``PLAIN``)
            # is set by name, written out: a loop over ``PLAIN`` by getattr and setattr made the
            # compiled clone about a quarter slower (docs/performance.md). ``PLAIN`` drives the
            # fingerprint, so a field left out here fails the through-__init__ test in
            # ``tests/playboss/test_compiled_clone.py``.
            s = type(self)(self.game, blank=True)
            s.outside_play = self.outside_play
            s.bank_machines = self.bank_machines
            s.bank_computers = self.bank_computers
            s.bank_webs = self.bank_webs
            s.risk_draws = self.risk_draws
            s.ledger_in = self.ledger_in
            s.ledger_out = self.ledger_out
            s.written_off = self.written_off
            s.start_seat = self.start_seat
            s.turn_seat = self.turn_seat
            s.rounds_done = self.rounds_done
            s.phase = self.phase
            s.pending = self.pending
            s.due = self.due
            s.due_why = self.due_why
            s.roller = self.roller
            s.card = self.card
            s.due_to = self.due_to
            s.due_loan = self.due_loan
            s.auction = None
        else:
            # The instance's dictionary copied at once, about twice as fast as setting each
            # field by name.
            s = object.__new__(type(self))
            s.__dict__ = self.__dict__.copy()
        # Then each field that holds a mutable value, copied in its own way.
        s.businesses = [b.clone() for b in self.businesses]
        s.market = self.market.copy()
        s.risk_order = self.risk_order.copy()
        s.eliminated = self.eliminated.copy()
        s.agenda = self.agenda.copy()
        s.setup_rolls = self.setup_rolls.copy()
        s.contenders = self.contenders.copy()
        if self.auction is not None:
            s.auction = self.auction.clone()
        s.expansion = self.expansion.clone()
        s.deals = self.deals.clone()
        if self.log is not None:
            s.log = self.log.copy()
        return s

    def fingerprint(self) -> dict[str, Any]:
        found: dict[str, Any] = {name: getattr(self, name) for name in PLAIN}
        found["phase"] = str(self.phase)
        # Then each field that holds a mutable value, as plain data.
        found["businesses"] = [b.fingerprint() for b in self.businesses]
        found["market"] = self.market.copy()
        found["risk_order"] = self.risk_order.copy()
        found["eliminated"] = self.eliminated.copy()
        found["steps"] = [str(t) for t in self.agenda]
        found["setup"] = [self.setup_rolls.copy(), self.contenders.copy()]
        found["auction"] = self.auction.to_json() if self.auction else None
        found["expansion"] = self.expansion.fingerprint(self.rules.zone_prices)
        found["deals"] = self.deals.fingerprint()
        return found

    # --- the decision pending -----------------------------------------------------------

    def decide(self, phase: Phase, seat: int) -> None:
        """Make ``seat``'s decision of kind ``phase`` the pending one."""
        self.phase = phase
        self.pending = seat

    def raising(self, seat: int) -> bool:
        """Whether ``seat`` must raise a payment due, also while a deal it offered is answered."""
        if self.phase in BARGAINING:
            return self.deals.resume == (RAISE, seat)
        return self.phase == RAISE and seat == self.pending

    def say(self, text: Text) -> None:
        """Narrate an event, if anybody listens."""
        if self.log is not None:
            self.log.append(text)

    # --- money ------------------------------------------------------------------------

    def pay(self, b: Business, amount: int, why: str) -> None:
        """``b`` pays ``amount`` to the bank (the caller has checked that it can); ``why`` is a
        reason code (``naming.why``), as are those below."""
        ledger.pay(self, b, amount, self.reason(why), WORDING)

    def receive(self, b: Business, amount: int, why: str) -> None:
        """The bank pays ``amount`` to ``b``."""
        ledger.receive(self, b, amount, self.reason(why), WORDING)

    def transfer(self, payer: Business, payee: Business, amount: int, why: str) -> None:
        """``payer`` pays ``amount`` to ``payee`` (the caller has checked that it can)."""
        ledger.transfer(self, payer, payee, amount, self.reason(why), WORDING)

    def reason(self, code: str) -> Text:
        """What a payment is for, its reason ``code``, as the narration tells it: a message when
        somebody listens, the code itself when nobody does (the bots' games)."""
        return naming.why(self.rules, code) if self.log is not None else code

    def charge(self, b: Business, amount: int, why: str, to: Business | None = None, loan: bool = True) -> None:
        """A payment ``b`` must make, to the bank or to the private lender ``to``, done next (a
        ``Charge`` task in front of the agenda; every rule charges as the last thing it does).
        The flow pays it from cash, or makes the business raise the money, or declares it
        bankrupt (Playboss I, "Explanations: Credit, Bankruptcy and Private Trade"). A private
        lender's claim is in its loans (``loans.py``); ``loan`` False: the payment to ``to`` is
        no loan payment (salaries to the worker representative)."""
        self.agenda.push(Charge(b.seat, amount, why, -1 if to is None else to.seat, loan))

    def balance_sheet(self, seat: int) -> BalanceSheet:
        return balance_sheet(
            self.businesses[seat],
            self.rules,
            loans_given=private.loans_given(self.deals.loans, seat),
            other_debt=private.other_debt(self.deals.loans, seat),
        )

    def profit(self, seat: int) -> int:
        """``balance_sheet(seat).profit``, without laying out the sheet."""
        loans = self.deals.loans
        return profit(
            self.businesses[seat],
            self.rules,
            loans_given=private.loans_given(loans, seat) if loans else 0,
            other_debt=private.other_debt(loans, seat) if loans else 0,
        )

    # --- products ---------------------------------------------------------------------

    def return_products(self, count: int) -> None:
        """Products going back to the bank lie in the highest open zone (I, "Repurchase Value")."""
        if count:
            place(self.market, self.rules.dimples, count)


WORDING = ledger.Wording(pays="pb.say.pays", receives="pb.say.receives", transfers="pb.say.transfers", unit=naming.MARK)
"""How the narration tells a payment."""

PLAIN = (
    "outside_play",
    "bank_machines",
    "bank_computers",
    "bank_webs",
    "risk_draws",
    "ledger_in",
    "ledger_out",
    "written_off",
    "start_seat",
    "turn_seat",
    "rounds_done",
    "phase",
    "pending",
    "due",
    "due_why",
    "roller",
    "card",
    "due_to",
    "due_loan",
)
"""The fields of ``PlaybossData`` that hold a plain value (a number, a string, the phase): a
clone shares it, a fingerprint shows it as it is. The fields that hold a mutable value are named
where ``clone`` and ``fingerprint`` copy each in its own way; with the game, its rules and the
log, they are every field (``tests/playboss/test_compiled_clone.py`` checks). The compiled
clone writes them out once more, for speed."""

COMPILED = hasattr(PlaybossData, "__mypyc_attrs__")
"""Whether this module runs compiled by mypyc (docs/decisions/0019-compiled-build.md): a
compiled ``PlaybossData`` keeps its fields in a C struct, with no ``__dict__`` to copy."""
