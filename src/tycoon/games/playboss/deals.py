"""Private business between players: offers, answers and the trades they agree.

Playboss I, "Private Business between Players": "Private business between players is allowed at
any time, even without a red field." "Explanations: Credit, Bankruptcy and Private Trade": "One
can, at any time, sell raw materials or finished product to other players or purchase them from
other players for freely agreed upon prices. Likewise you can privately sell ... machines with
single or double production capacity. However ... you cannot produce anything on those machines
until the turn after next." "Decision: Investment": the same for machines bought from players.
"Lines of Credit": private loans on freely negotiated terms (``loans.py``). Machines leased
between players: ``leases.py``.

Designed here (docs/decisions/0006-private-deals.md):

* A deal is an offer from one seat to another (``OfferTrade``, ``OfferLoan``; ``OfferLease``:
  docs/decisions/0007-machine-leasing.md), made at any time by a seat that may act. Its answer
  (``Accept`` or ``Decline``) is at once the recipient's decision: the decision pending is set
  aside, the recipient answers, and the game goes on where it was. So an offer never blocks
  the game and lapses with the answer; every offer and answer is an action in the record.
* One offer is open at a time, and each seat makes at most one offer between two rolls of the
  die: games with players who keep offering still end.
* An offer that either side could not honour now is refused with the reason; at acceptance
  both sides are checked again (the offering side may have sold or spent meanwhile).
* ``legal_actions`` lists a menu of offers at fixed price points (``MENU_*``); ``apply``
  accepts any well-formed offer the two sides can honour, at any price. The menu holds every
  offer of its grid that ``apply`` would accept now, so the listed actions stay consistent.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.games.playboss import labour, leases, loans, takeover, words
from tycoon.games.playboss.actions import (
    TRADE_GOODS,
    Accept,
    Decline,
    OfferBusiness,
    OfferLease,
    OfferLoan,
    OfferTrade,
    OfferWorkers,
    RepayPrivate,
)
from tycoon.games.playboss.business import NO_COMPUTER, OWN, OWNED, Business, Machine

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossState

RULE = 'Playboss I, "Private Business between Players"'
TRADE_RULE = 'Playboss I, "Explanations: Credit, Bankruptcy and Private Trade"'

ANSWER = "answer"
"""The phase: the recipient of an offer must accept or decline it."""

MENU_TRADES: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "raw": ((1, 3), (150, 300, 500)),
    "finished": ((1, 3), (1500, 3000, 5000)),
    "machine": ((1,), (5000, 10000)),
    "double-machine": ((1,), (5000, 10000)),
    "computer": ((1,), (10000, 20000)),
    "web": ((1, 2), (500, 1000)),
}
"""The menu of trades listed: counts, and prices per unit (the bank's repurchase value, the end
valuation or a market price, the market's dearest zone)."""
MENU_TAKEOVERS = (10_000, 25_000, 50_000)
"""The prices of the takeovers listed (``takeover.py``): any price may be offered."""
MENU_LOANS: tuple[tuple[int, int, int, int], ...] = tuple(
    (amount, interest, fee, laps)
    for amount in (2000, 5000)
    for interest, fee in ((10, 1000), (5, 0))
    for laps in (0, 1)
)
"""The menu of loans listed: (amount, interest percent, fee, laps until due or 0)."""
MENU_LEASES: tuple[tuple[bool, int, int], ...] = tuple(
    (double, rent, laps) for double in (False, True) for rent in (2000, 5000) for laps in (1, 2)
)
"""The menu of machine leases listed: (double, rent per year, laps the lease runs)."""

Offer = OfferTrade | OfferLoan | OfferLease | OfferWorkers | OfferBusiness
ANSWERS = (Accept, Decline)
DEAL_ACTIONS = (OfferTrade, OfferLoan, OfferLease, OfferWorkers, OfferBusiness, RepayPrivate, *ANSWERS)
"""Every action of private business; all but the answers may be used at any time."""


def answers(st: PlaybossState) -> list[Action]:
    """The recipient's options while an offer waits for its answer: accepting only while both
    sides can still honour the deal."""
    d = st.deals
    assert d.offer is not None
    ok = _problem(st, st.businesses[d.offerer], d.offer) is None
    return [Accept(), Decline()] if ok else [Decline()]


def raises_funds(action: Action) -> bool:
    """Whether ``action`` is an offer that would bring Marks to a business short of cash: selling
    to another player or asking for a loan ("Explanations: Producing and Selling")."""
    return (isinstance(action, OfferTrade) and action.sell) or (isinstance(action, OfferLoan) and not action.lend)


class Deals:
    """What private business adds to a game's state."""

    __slots__ = ("last_offer", "loans", "offer", "offerer", "resume")

    def __init__(self, seats: int) -> None:
        self.offer: Offer | None = None
        """The offer waiting for its answer."""
        self.offerer = -1
        """The seat that made it."""
        self.resume: tuple[str, int] = ("", -1)
        """The decision (phase, seat) set aside while the offer is answered."""
        self.last_offer: list[int] = [-1] * seats
        """For each seat, the number of die rolls in the game when it last made an offer."""
        self.loans: list[loans.Loan] = []
        """Private loans outstanding, in the order agreed."""

    def clone(self) -> Deals:
        d = Deals.__new__(Deals)
        d.offer = self.offer
        d.offerer = self.offerer
        d.resume = self.resume
        d.last_offer = self.last_offer.copy()
        d.loans = [x.clone() for x in self.loans]
        return d

    def fingerprint(self) -> dict[str, Any]:
        return {
            "offer": self.offer.to_json() if self.offer else None,
            "offerer": self.offerer,
            "resume": list(self.resume),
            "last_offer": self.last_offer.copy(),
            "loans": [x.to_json() for x in self.loans],
        }


def view(st: PlaybossState) -> dict[str, Any]:
    d = st.deals
    return {
        "offer": None if d.offer is None else {"from": d.offerer, "offer": d.offer.to_json(), "text": str(d.offer)},
        "loans": [x.to_json() for x in d.loans],
        "leases": leases.view(st),
    }


def _rolls(st: PlaybossState) -> int:
    return sum(b.turns for b in st.businesses)


# --- what may be offered --------------------------------------------------------------------


def legal(st: PlaybossState, b: Business) -> list[Action]:
    """The private business ``b`` may do now: repay private loans, and offers from the menu.

    The menu is long (some 170 offers per other seat), so what the two sides are (bankrupt,
    raising a payment, running a business, their Marks) is looked at once per seat, and each
    offer only for what it needs (``_menu_check``): for the menu's well-formed offers this is
    exactly ``_problem``, which decides every offer made."""
    out = loans.legal(st, b)
    if _may_offer(st, b) is not None:
        return out
    from tycoon.games.playboss import state as S

    # Takeovers (decision 0009) are agreed only between turns, in games with step 4 or 6.
    takeovers = (st.game.step(4) or st.game.step(6)) and st.phase == S.TURN
    for to in range(len(st.businesses)):
        other = st.businesses[to]
        if to == b.seat or other.bankrupt:
            continue
        ok = _menu_check(st, b, other)
        out += [offer for offer in _menu(to, loans_only=not (b.firm and other.firm)) if ok(offer)]
        for marks in MENU_TAKEOVERS if takeovers else ():
            for buy in (True, False):
                takeover_offer = OfferBusiness(to, marks, buy)
                if _problem(st, b, takeover_offer) is None:
                    out.append(takeover_offer)
    if st.expansion.labour is not None:
        # Playboss II, "6. Step": agreements between a business and the worker representative.
        agreements = [OfferWorkers(to, n, s) for to, n, s in labour.menu(st, b.seat)]
        out += [x for x in agreements if _problem(st, b, x) is None]
    return out


@cache
def _menu(to: int, loans_only: bool = False) -> tuple[Offer, ...]:
    out: list[Offer] = []
    for goods, (counts, prices) in () if loans_only else MENU_TRADES.items():
        for sell in (True, False):
            out += [OfferTrade(to, goods, n, n * p, sell) for n in counts for p in prices]
    for lend in (True, False):
        out += [OfferLoan(to, a, i, f, laps, lend) for a, i, f, laps in MENU_LOANS]
    for lend in () if loans_only else (True, False):
        out += [OfferLease(to, double, rent, laps, lend) for double, rent, laps in MENU_LEASES]
    return tuple(out)


def _menu_check(st: PlaybossState, offerer: Business, other: Business) -> Callable[[Offer], bool]:
    """``_problem(st, offerer, offer) is None`` for the menu's trades, loans and leases between
    the two (well-formed by construction), with the facts about the two sides looked up once."""
    cash = {offerer.seat: _available(st, offerer), other.seat: _available(st, other)}
    raising = st.raising(other.seat)
    firms = offerer.firm and other.firm
    # _lease_problem for the menu's leases: the lessor has an own machine of the kind.
    own = {(x.seat, d): _machine(x, d) >= 0 for x in (offerer, other) for d in (False, True)}

    def ok(offer: Offer) -> bool:
        if raising and not _pays_recipient(offer):
            return False
        if isinstance(offer, OfferLoan):
            return cash[(offerer if offer.lend else other).seat] >= offer.amount
        if not firms:
            return False
        if isinstance(offer, OfferLease):
            return own[(offerer if offer.lend else other).seat, offer.double]
        assert isinstance(offer, OfferTrade)
        seller, buyer = (offerer, other) if offer.sell else (other, offerer)
        if cash[buyer.seat] < offer.marks:
            return False
        g, n = offer.goods, offer.count
        if g == "raw":
            return seller.raw >= n
        if g == "finished":
            return seller.finished >= n
        if g == "web":
            return seller.webs >= n
        return _goods_problem(st, seller, buyer, offer) is None

    return ok


def _pays_recipient(offer: Offer) -> bool:
    return (isinstance(offer, OfferTrade) and not offer.sell) or (isinstance(offer, OfferLoan) and offer.lend)


def _may_offer(st: PlaybossState, b: Business) -> str | None:
    """Why ``b`` may not make an offer now, or None."""
    if len(st.businesses) < 2:
        return "there is nobody to do business with"
    if st.deals.offer is not None:
        return f"seat {st.deals.offerer}'s offer is waiting for its answer; one offer is open at a time"
    if st.deals.last_offer[b.seat] == _rolls(st):
        return "you have made an offer since the last roll of the die; one offer per seat between two rolls"
    return None


def _available(st: PlaybossState, b: Business) -> int:
    """Cash ``b`` may spend: what it holds less what it promised at an auction."""
    from tycoon.games.playboss.anytime import promised

    return b.cash - promised(st, b)


def _problem(st: PlaybossState, offerer: Business, offer: Offer) -> str | None:
    """Why ``offer`` by ``offerer`` cannot be agreed now (either side unable to honour it), or
    None. Used at the offer and again at the acceptance."""
    n = len(st.businesses)
    if not 0 <= offer.to < n or offer.to == offerer.seat:
        return f"there is no other seat {offer.to}; seats are 0 to {n - 1}"
    other = st.businesses[offer.to]
    if other.bankrupt:
        return f"seat {offer.to} is bankrupt and out of the game"
    if st.raising(other.seat) and not _pays_recipient(offer):
        return f"seat {other.seat} must raise a payment due and may only take deals that bring it Marks"
    if isinstance(offer, OfferWorkers):
        return labour.offer_problem(st, offerer.seat, offer.to, offer.count, offer.salary)
    if isinstance(offer, OfferBusiness):
        buyer, seller = (offerer, other) if offer.buy else (other, offerer)
        return takeover.problem(st, buyer, seller, offer.marks)
    if isinstance(offer, (OfferTrade, OfferLease)) and not (offerer.firm and other.firm):
        nobody = offerer if not offerer.firm else other
        return f"seat {nobody.seat} runs no business: it trades no goods and leases no machines; it lends money"
    if isinstance(offer, OfferLoan):
        if offer.amount <= 0 or offer.interest < 0 or offer.fee < 0 or offer.laps < 0:
            return "a loan needs an amount above 0 and no negative interest, fee or term"
        lender = offerer if offer.lend else other
        if _available(st, lender) < offer.amount:
            return f"seat {lender.seat} may spend {_available(st, lender):,} Marks and cannot lend {offer.amount:,}"
        return None
    if isinstance(offer, OfferLease):
        return _lease_problem(st, offerer, other, offer)
    if offer.goods not in TRADE_GOODS:
        return f"goods must be one of {', '.join(TRADE_GOODS)}, not {offer.goods!r}"
    if offer.count < 1 or offer.marks < 0:
        return "a trade needs at least one unit and a price of 0 Marks or more"
    seller, buyer = (offerer, other) if offer.sell else (other, offerer)
    if _available(st, buyer) < offer.marks:
        return f"seat {buyer.seat} may spend {_available(st, buyer):,} Marks and cannot pay {offer.marks:,}"
    return _goods_problem(st, seller, buyer, offer)


def _goods_problem(st: PlaybossState, seller: Business, buyer: Business, offer: OfferTrade) -> str | None:
    g, n = offer.goods, offer.count
    held = {"raw": seller.raw, "finished": seller.finished, "web": seller.webs}
    if g in held:
        return None if held[g] >= n else f"seat {seller.seat} holds {held[g]} {g} and cannot sell {n}"
    if n != 1:
        return "machines and computers are traded one at a time"
    if g == "computer":
        if seller.computer != OWNED:
            return f"seat {seller.seat} owns no purchased computer (leased ones cannot be sold)"
        if buyer.computer != NO_COMPUTER:
            return f"seat {buyer.seat} has a computer already"
        lost = st.rules.credit_per_computer
    else:
        if _machine(seller, g == "double-machine") < 0:
            kind = "double" if g == "double-machine" else "single"
            return f"seat {seller.seat} has no {kind} machine of its own (leased ones are not theirs to sell)"
        lost = st.rules.credit_per_machine
    # Playboss I, "Lines of Credit": the machine or computer secured the seller's bank credit;
    # what the debt exceeds the new limit by must be repaid out of the price.
    excess = seller.debt - (seller.credit_limit(st.rules) - lost)
    if excess > 0 and _available(st, seller) + offer.marks < excess:
        return (
            f"seat {seller.seat} owes the bank {seller.debt:,}; without it the bank lends "
            f"{seller.credit_limit(st.rules) - lost:,}, and the {excess:,} above that must be repaid"
        )
    return None


def _lease_problem(st: PlaybossState, offerer: Business, other: Business, offer: OfferLease) -> str | None:
    """Decision 0007: the lessor leases out one of its own machines of the kind, for a rent of
    0 Marks or more, for at least one of the lessee's crossings of start."""
    if offer.rent < 0 or offer.laps < 1:
        return "a lease needs a rent of 0 Marks or more and a term of at least 1 crossing of start"
    lessor = offerer if offer.lend else other
    if _machine(lessor, offer.double) < 0:
        kind = "double" if offer.double else "single"
        return f"seat {lessor.seat} has no {kind} machine of its own to lease out (leased ones are not sublet)"
    return None


def _machine(b: Business, double: bool) -> int:
    """The business's own machine of that kind that goes in a sale or a lease: the one ready
    latest, or -1."""
    found = [(m.ready, i) for i, m in enumerate(b.machines) if m.double == double and m.lessor == OWN]
    return max(found)[1] if found else -1


# --- carrying out ----------------------------------------------------------------------------


def apply(st: PlaybossState, b: Business, action: Action) -> None:
    """An offer, an answer or a private repayment; IllegalAction leaves the state as it was."""
    from tycoon.games.playboss import state as S

    if isinstance(action, RepayPrivate):
        loans.repay(st, b, action)
        return
    d = st.deals
    if isinstance(action, (Accept, Decline)):
        if d.offer is None or st.phase != ANSWER or b.seat != st.pending:
            raise IllegalAction("no offer is waiting for your answer", RULE)
        offer, offerer = d.offer, st.businesses[d.offerer]
        if isinstance(action, Accept):
            why = _problem(st, offerer, offer)
            if why is not None:
                raise IllegalAction(f"the deal can no longer be honoured: {why}; decline it", RULE)
            st.say(f"Seat {b.seat} accepts seat {offerer.seat}'s offer.")
            _carry_out(st, offerer, offer)
        else:
            st.say(f"Seat {b.seat} declines seat {offerer.seat}'s offer.")
        d.offer, d.offerer = None, -1
        st.phase, st.pending = d.resume
        d.resume = ("", -1)
        if st.phase == S.RAISE:
            st._try_pay_due()
        return
    assert isinstance(action, (OfferTrade, OfferLoan, OfferLease, OfferWorkers, OfferBusiness))
    why = _may_offer(st, b) or _problem(st, b, action)
    if why is not None:
        raise IllegalAction(why, RULE)
    d.offer, d.offerer = action, b.seat
    d.last_offer[b.seat] = _rolls(st)
    d.resume = (st.phase, st.pending)
    st.say(words.offer_told(b.seat, action) + ".")
    st.decide(ANSWER, action.to)


def _carry_out(st: PlaybossState, offerer: Business, offer: Offer) -> None:
    other = st.businesses[offer.to]
    if isinstance(offer, OfferBusiness):
        buyer, seller = (offerer, other) if offer.buy else (other, offerer)
        takeover.carry_out(st, buyer, seller, offer.marks)
        return
    if isinstance(offer, OfferWorkers):
        business = offer.to if labour.is_rep(st, offerer.seat) else offerer.seat
        labour.agree(st, business, offer.count, offer.salary)
        return
    if isinstance(offer, OfferLoan):
        lender, borrower = (offerer, other) if offer.lend else (other, offerer)
        loans.lend(st, lender, borrower, offer.amount, offer.interest, offer.fee, offer.laps)
        return
    if isinstance(offer, OfferLease):
        lessor, lessee = (offerer, other) if offer.lend else (other, offerer)
        leases.lease(st, lessor, lessee, _machine(lessor, offer.double), offer.rent, offer.laps)
        return
    seller, buyer = (offerer, other) if offer.sell else (other, offerer)
    g, n = offer.goods, offer.count
    if offer.marks:
        st.transfer(buyer, seller, offer.marks, f"{n} {g} bought privately")
    if g == "raw":
        seller.raw -= n
        buyer.raw += n
    elif g == "finished":
        seller.finished -= n
        seller.fresh = min(seller.fresh, seller.finished)
        buyer.finished += n
    elif g == "web":
        seller.webs -= n
        buyer.webs += n
    elif g == "computer":
        seller.computer, buyer.computer = NO_COMPUTER, OWNED
        _repay_excess(st, seller)
    else:
        double = seller.machines.pop(_machine(seller, g == "double-machine")).double
        # Playboss I, "Decision: Investment": delivery and setup take until the turn after next;
        # with step 6, until the buyer's next red field.
        buyer.machines.append(Machine(double, labour.machine_ready(st, buyer)))
        _repay_excess(st, seller)


def _repay_excess(st: PlaybossState, seller: Business) -> None:
    excess = seller.debt - seller.credit_limit(st.rules)
    if excess > 0:
        seller.debt -= excess
        st.pay(seller, excess, "the bank debt that equipment secured")
