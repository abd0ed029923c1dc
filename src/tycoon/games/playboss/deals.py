"""Private business between players: offers, answers and the trades they agree.

Playboss I, "Private Business between Players": "Private business between players is allowed at
any time, even without a red field." "Explanations: Credit, Bankruptcy and Private Trade": "One
can, at any time, sell raw materials or finished product to other players or purchase them from
other players for freely agreed upon prices. Likewise you can privately sell ... machines with
single or double production capacity. However ... you cannot produce anything on those machines
until the turn after next." "Decision: Investment": the same for machines bought from players.
"Lines of Credit": private loans on freely negotiated terms (``loans.py``).

Designed here (docs/decisions/0006-private-deals.md):

* A deal is an offer from one seat to another (``OfferTrade``, ``OfferLoan``), made at any time
  by a seat that may act. Its answer (``Accept`` or ``Decline``) is at once the recipient's
  decision: the decision pending is set aside, the recipient answers, and the game goes on
  where it was. So an offer never blocks the game and lapses with the answer; every offer and
  answer is an action in the record.
* One offer is open at a time, and each seat makes at most one offer between two rolls of the
  die: games with players who keep offering still end.
* An offer that either side could not honour now is refused with the reason; at acceptance
  both sides are checked again (the offering side may have sold or spent meanwhile).
* ``legal_actions`` lists a menu of offers at fixed price points (``MENU_*``); ``apply``
  accepts any well-formed offer the two sides can honour, at any price. The menu holds every
  offer of its grid that ``apply`` would accept now, so the listed actions stay consistent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.games.playboss import loans
from tycoon.games.playboss.actions import TRADE_GOODS, Accept, Decline, OfferLoan, OfferTrade, RepayPrivate
from tycoon.games.playboss.business import NO_COMPUTER, OWNED, Business

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
MENU_LOANS: tuple[tuple[int, int, int, int], ...] = tuple(
    (amount, interest, fee, laps)
    for amount in (2000, 5000)
    for interest, fee in ((10, 1000), (5, 0))
    for laps in (0, 1)
)
"""The menu of loans listed: (amount, interest percent, fee, laps until due or 0)."""

Offer = OfferTrade | OfferLoan
ANSWERS = (Accept, Decline)
DEAL_ACTIONS = (OfferTrade, OfferLoan, RepayPrivate, *ANSWERS)
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
    }


def _rolls(st: PlaybossState) -> int:
    return sum(b.turns for b in st.businesses)


# --- what may be offered --------------------------------------------------------------------


def legal(st: PlaybossState, b: Business) -> list[Action]:
    """The private business ``b`` may do now: repay private loans, and offers from the menu."""
    out = loans.legal(st, b)
    if _may_offer(st, b) is not None:
        return out
    for to in range(len(st.businesses)):
        if to == b.seat or st.businesses[to].bankrupt:
            continue
        for offer in _menu(to):
            if _problem(st, b, offer) is None:
                out.append(offer)
    return out


def _menu(to: int) -> list[Offer]:
    out: list[Offer] = []
    for goods, (counts, prices) in MENU_TRADES.items():
        for sell in (True, False):
            out += [OfferTrade(to, goods, n, n * p, sell) for n in counts for p in prices]
    for lend in (True, False):
        out += [OfferLoan(to, a, i, f, laps, lend) for a, i, f, laps in MENU_LOANS]
    return out


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
    if isinstance(offer, OfferLoan):
        if offer.amount <= 0 or offer.interest < 0 or offer.fee < 0 or offer.laps < 0:
            return "a loan needs an amount above 0 and no negative interest, fee or term"
        lender = offerer if offer.lend else other
        if _available(st, lender) < offer.amount:
            return f"seat {lender.seat} may spend {_available(st, lender):,} Marks and cannot lend {offer.amount:,}"
        return None
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
            return f"seat {seller.seat} has no {'double' if g == 'double-machine' else 'single'} machine"
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


def _machine(b: Business, double: bool) -> int:
    """The machine of that kind that goes in a sale: the one ready latest, or -1."""
    found = [(ready, i) for i, (d, ready) in enumerate(b.machines) if d == double]
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
    assert isinstance(action, (OfferTrade, OfferLoan))
    why = _may_offer(st, b) or _problem(st, b, action)
    if why is not None:
        raise IllegalAction(why, RULE)
    d.offer, d.offerer = action, b.seat
    d.last_offer[b.seat] = _rolls(st)
    d.resume = (st.phase, st.pending)
    st.say(f"Seat {b.seat} offers seat {action.to}: {describe(action)}.")
    st.decide(ANSWER, action.to)


def describe(offer: Offer) -> str:
    if isinstance(offer, OfferLoan):
        due = f"due at the borrower's {offer.laps}. crossing of start" if offer.laps else "repaid by agreement"
        terms = f"{offer.amount:,} Marks at {offer.interest}% and {offer.fee:,} fee a year, {due}"
        return f"a loan of {terms}" if offer.lend else f"to borrow {terms}"
    what = f"{offer.count} {offer.goods}"
    return f"{'sells' if offer.sell else 'buys'} {what} for {offer.marks:,} Marks"


def _carry_out(st: PlaybossState, offerer: Business, offer: Offer) -> None:
    other = st.businesses[offer.to]
    if isinstance(offer, OfferLoan):
        lender, borrower = (offerer, other) if offer.lend else (other, offerer)
        loans.lend(st, lender, borrower, offer.amount, offer.interest, offer.fee, offer.laps)
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
        double, _ = seller.machines.pop(_machine(seller, g == "double-machine"))
        # Playboss I, "Decision: Investment": delivery and setup take until the turn after next.
        buyer.machines.append((double, buyer.turns + st.rules.delivery_turns))
        _repay_excess(st, seller)


def _repay_excess(st: PlaybossState, seller: Business) -> None:
    excess = seller.debt - seller.credit_limit(st.rules)
    if excess > 0:
        seller.debt -= excess
        st.pay(seller, excess, "the bank debt that equipment secured")
