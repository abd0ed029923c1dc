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
* Offers are families (``families``; docs/decisions/0011-action-families.md): ``apply``
  accepts any well-formed offer the two sides can honour, at any price and on any terms. The
  answer is the recipient's decision (``check_answer`` and ``answer``, its entry in
  ``decisions.py``).
* The recipient may also decline saying why (a key of ``reasons.REASONS`` that holds), or
  hand back a counter-offer: the same deal at other money terms (a trade's or a takeover's
  price, a loan's interest, a lease's rent, an agreement's salary), better for it and terms the
  offerer can honour (``counter_bounds``). The offerer accepts or declines it; it is not
  countered again, and it is no offer of its own, so the bargaining over one offer takes three
  moves at most (docs/decisions/0032-bots-that-negotiate.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action, JSONValue
from tycoon.core.decisions import ALLOWED, Refusal
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, Choice, Domain, IntRange, narrow_by_bounds
from tycoon.core.messages import Items, Message, Param, Seat, msg, to_wire
from tycoon.games.playboss import labour, leases, loans, reasons, takeover, words
from tycoon.games.playboss.actions import (
    TRADE_GOODS,
    Accept,
    Counter,
    Decline,
    DeclineBecause,
    OfferBusiness,
    OfferLease,
    OfferLoan,
    OfferTrade,
    OfferWorkers,
    RepayPrivate,
)
from tycoon.games.playboss.business import NO_COMPUTER, OWN, OWNED, Business, Machine
from tycoon.games.playboss.menus import goods_choice, word
from tycoon.games.playboss.naming import code, goods, goods_code, money
from tycoon.games.playboss.phases import ANSWER, BARGAINING, COUNTER, READY, TURN
from tycoon.games.playboss.private import Said
from tycoon.games.playboss.promises import promised
from tycoon.games.playboss.reasons import REASONS

if TYPE_CHECKING:
    from tycoon.games.playboss.flow import PlaybossState
    from tycoon.games.playboss.state import PlaybossData

RULE = msg("pb.no.rule.private")
TRADE_RULE = msg("pb.no.rule.bankruptcy")


MOST_INTEREST = 100
"""The highest interest a private loan may carry, in percent a year (the bank's is 10)."""
MOST_FEE = 10_000
"""The highest yearly fee of a private loan, in Marks (the bank's is 1,000)."""
MOST_LAPS = 10
"""The longest term of a loan or a lease, in crossings of start (a loan without a term runs
to the end of the game)."""
MOST_RENT = 10_000
"""The highest yearly rent of a machine lease: a new machine's price."""
MOST_SALARY = 5_000
"""The highest salary per worker and red field in a worker agreement (ten times the first
lap's)."""

# The rulebook leaves these terms to the players ("free to be negotiated"); the bounds are
# chosen here, generous beside the bank's terms (docs/playboss.md, design choices), so that no
# figure of a game grows beyond what a view can carry: a loan at 2**63 percent would leave
# arrears that no JSON encoder of 64-bit integers can send.


Offer = OfferTrade | OfferLoan | OfferLease | OfferWorkers | OfferBusiness
OFFERS: tuple[type[OfferTrade], type[OfferLoan], type[OfferLease], type[OfferWorkers], type[OfferBusiness]] = (
    OfferTrade,
    OfferLoan,
    OfferLease,
    OfferWorkers,
    OfferBusiness,
)
ANSWERS: tuple[type[Accept], type[Decline], type[DeclineBecause], type[Counter]] = (
    Accept,
    Decline,
    DeclineBecause,
    Counter,
)
"""The answers to an offer (the recipient's decision) and to a counter-offer (the offerer's):
``decisions.py``."""
ANYTIME_DEALS: tuple[type[Action], ...] = (*OFFERS, RepayPrivate)
"""The actions of private business that may be used at any time: offers and private repayments."""


def judged(st: PlaybossData) -> Offer | None:
    """The deal the pending seat answers: the offer, or the counter-offer handed back (the same
    deal, offered by the same seat, at other terms)."""
    d = st.deals
    return d.counter if st.phase == COUNTER else d.offer


def answers(st: PlaybossData) -> list[Action]:
    """The options listed while an offer (or a counter-offer) waits for its answer: accepting
    only while both sides can still honour the deal."""
    deal = judged(st)
    assert deal is not None
    ok = _problem(st, st.businesses[st.deals.offerer], deal) is None
    return [Accept(), Decline()] if ok else [Decline()]


def raises_funds(action: Action) -> bool:
    """Whether ``action`` is an offer that would bring Marks to a business short of cash: selling
    to another player or asking for a loan ("Explanations: Producing and Selling")."""
    return (isinstance(action, OfferTrade) and action.sell) or (isinstance(action, OfferLoan) and not action.lend)


def view(st: PlaybossData) -> dict[str, Any]:
    """The private deals as every seat sees them: the deal on the table (the offer waiting for
    its answer, or the counter-offer handed back, with the offer it answers and what was said),
    the last answer, the loans and the leases."""
    d = st.deals
    return {
        "offer": _on_table(st),
        "answer": d.said.to_json() if d.said is not None else None,
        "loans": [x.to_json() for x in d.loans],
        "leases": leases.view(st),
    }


def _on_table(st: PlaybossData) -> dict[str, Any] | None:
    d = st.deals
    deal = d.counter if d.counter is not None else d.offer
    if deal is None or d.offer is None:
        return None
    shown: dict[str, Any] = {
        "from": d.offerer,
        "to": deal.to,
        "offer": deal.to_json(),
        "text": to_wire(words.deal_terms(st, d.offerer, deal)),
        "counter": d.counter is not None,
    }
    if d.counter is not None:
        shown["was"] = {"offer": d.offer.to_json(), "text": to_wire(words.deal_terms(st, d.offerer, d.offer))}
        shown["said"] = d.said.to_json() if d.said is not None else None
    return shown


def _rolls(st: PlaybossData) -> int:
    return sum(b.turns for b in st.businesses)


# --- what may be offered --------------------------------------------------------------------


def families(st: PlaybossData, b: Business) -> list[ActionFamily]:
    """The private business ``b`` may do now, as families (docs/decisions/0011-action-families.md):
    repaying private loans, and offers to the other seats.

    There is a family per kind of offer and direction (``b`` sells or buys, lends or borrows,
    leases out or in, buys or sells a business), with the seats it may be made to as a choice.
    The bounds are what the paying side may spend and what the selling side holds; the choice
    of seats is ordered so that its first seat reaches them, so that members at both ends of
    every range are legal. Terms the rules leave free (interest, fees, terms, rents, salaries)
    run up to ``MOST_*``. A member may still be refused where the seats differ (a poorer buyer
    than the richest); ``apply`` decides every offer with ``_problem``, at any terms."""
    raising = st.raising(b.seat)
    # A seat raising a payment may only take deals that bring it Marks: no repaying.
    out = [] if raising else loans.families(st, b)
    if why_no_offer(st, b) is not None:
        return out
    others = [x for x in st.businesses if x.seat != b.seat and not x.bankrupt]
    # An offer that does not bring Marks to a seat raising a payment is refused to it.
    takers = [x for x in others if not st.raising(x.seat)]
    out += _trade_families(st, b, others, takers, raising)
    out += _loan_families(st, b, others, takers, raising)
    if b.firm and not raising:
        out += _lease_families(st, b, takers)
    # A business changes hands only between turns, at the "turn" decision (decision 0009).
    if (st.game.step(4) or st.game.step(6)) and st.phase == TURN and not raising:
        out += _takeover_families(st, b, others)
    if st.expansion.labour is not None and not raising:
        out += _worker_families(st, b, takers)
    return out


_STOCK = ("raw", "finished", "web")


def _seats(values: list[Business]) -> Choice:
    # No labels: a front end names a seat field's values by the players' names.
    return Choice(tuple(x.seat for x in values))


def _goods_held(st: PlaybossData, seller: Business, buyer: Business) -> list[tuple[str, int]]:
    """What ``seller`` could sell ``buyer`` now, with the most units of each (machines and
    computers one at a time, and only where a sale for nothing is possible: the debt they
    secure may ask for a price)."""
    out = [(g, n) for g, n in zip(_STOCK, (seller.raw, seller.finished, seller.webs), strict=True) if n]
    if not seller.machines and seller.computer != OWNED:
        return out  # no machine and no purchased computer: nothing more to ask _goods_problem
    for g in ("machine", "double-machine", "computer"):
        if _goods_problem(st, seller, buyer, OfferTrade(buyer.seat, g, 1, 0, True)) is None:
            out.append((g, 1))
    return out


def _trade_families(
    st: PlaybossData, b: Business, others: list[Business], takers: list[Business], raising: bool
) -> list[ActionFamily]:
    if not b.firm:
        return []
    out: list[ActionFamily] = []
    # b sells: to the seats that may pay, the richest first; what b holds, the most first.
    buyers = sorted((x for x in takers if x.firm), key=lambda x: -_available(st, x))
    if buyers and _available(st, buyers[0]) >= 0:
        held = sorted(_goods_held(st, b, buyers[0]), key=lambda gn: -gn[1])
        if held:
            most = held[0][1]
            fields = (
                _seats(buyers),
                goods_choice(tuple(g for g, _ in held)),
                IntRange(1, most),
                IntRange(0, _available(st, buyers[0])),
                Choice((True,)),
            )
            out.append(ActionFamily(OfferTrade, fields, word("offer_goods")))
    for x in buyers:
        out += _priced_families(st, b, x, sell=True)
    # b buys: from the seats holding most first (a seat raising a payment may sell to it).
    cash = _available(st, b)
    if raising or cash < 0:
        return out
    stock = [(x, sorted(_goods_held(st, x, b), key=lambda gn: -gn[1])) for x in others if x.firm]
    stock = sorted([(x, h) for x, h in stock if h], key=lambda xh: -xh[1][0][1])
    if stock:
        goods = [g for g, _ in stock[0][1]]
        goods += [g for _, h in stock[1:] for g, _ in h if g not in goods]
        goods = list(dict.fromkeys(goods))
        fields = (
            _seats([x for x, _ in stock]),
            goods_choice(tuple(goods)),
            IntRange(1, stock[0][1][0][1]),
            IntRange(0, cash),
            Choice((False,)),
        )
        out.append(ActionFamily(OfferTrade, fields, word("ask_goods")))
    for x in others:
        if x.firm:
            out += _priced_families(st, x, b, sell=False)
    return out


def _priced_goods(st: PlaybossData, seller: Business, buyer: Business) -> list[tuple[str, int]]:
    """The machines and computers ``seller`` could sell ``buyer`` only at a price (the bank
    debt they secure asks for more than the seller's own cash: ``_goods_held`` leaves them out),
    each with the least price, where the buyer can pay it."""
    out: list[tuple[str, int]] = []
    for g in ("machine", "double-machine", "computer"):
        offer = OfferTrade(buyer.seat, g, 1, 0, True)
        if _goods_problem(st, seller, buyer, offer) is None:
            continue  # for nothing too: in the families of every price
        least, most = _money_bounds(st, seller, offer)
        if least <= most and _goods_problem(st, seller, buyer, OfferTrade(buyer.seat, g, 1, least, True)) is None:
            out.append((g, least))
    return out


def _priced_families(st: PlaybossData, seller: Business, buyer: Business, *, sell: bool) -> list[ActionFamily]:
    """One family per piece of equipment ``seller`` could sell ``buyer`` only at a price
    (``_priced_goods``): from that price up to the buyer's cash; offered by the seller
    (``sell``) or asked by the buyer."""
    to = buyer.seat if sell else seller.seat
    out: list[ActionFamily] = []
    for g, least in _priced_goods(st, seller, buyer):
        fields = (
            Choice((to,)),
            goods_choice((g,)),
            IntRange(1, 1),
            IntRange(least, _available(st, buyer)),
            Choice((sell,)),
        )
        label = msg("pb.fam.offer_secured" if sell else "pb.fam.ask_secured", seat=Seat(to), goods=goods(g, 1))
        out.append(ActionFamily(OfferTrade, fields, label))
    return out


def _loan_terms() -> tuple[IntRange, IntRange, IntRange]:
    return IntRange(0, MOST_INTEREST), IntRange(0, MOST_FEE), IntRange(0, MOST_LAPS)


def _loan_families(
    st: PlaybossData, b: Business, others: list[Business], takers: list[Business], raising: bool
) -> list[ActionFamily]:
    """One family for a loan either way: ``b`` lends (not while raising a payment) or asks
    another seat to lend. The seats able to lend come first, the richest first, and the way
    that reaches the largest amount comes first, so both ends of the amount are legal."""
    cash = _available(st, b)
    lends = not raising and cash >= 1 and bool(others)
    lenders = sorted((x for x in takers if _available(st, x) >= 1), key=lambda x: -_available(st, x))
    if not lends and not lenders:
        return []
    asked = _available(st, lenders[0]) if lenders else 0
    seats = [*lenders, *(x for x in others if x not in lenders)] if lends else lenders
    if not lends:
        ways: tuple[bool, ...] = (False,)
    elif not lenders:
        ways = (True,)
    else:
        ways = (True, False) if cash >= asked else (False, True)
    fields = (_seats(seats), IntRange(1, max(cash if lends else 0, asked)), *_loan_terms(), Choice(ways))
    whole = ways == (True,)
    return [ActionFamily(OfferLoan, fields, word("offer_loan"), whole=whole)]


def _kinds_owned(x: Business) -> list[bool]:
    return [d for d in (False, True) if _machine(x, d) >= 0]


def _lease_families(st: PlaybossData, b: Business, takers: list[Business]) -> list[ActionFamily]:
    out: list[ActionFamily] = []
    firms = [x for x in takers if x.firm]
    terms = (IntRange(0, MOST_RENT), IntRange(1, MOST_LAPS))
    kinds = _kinds_owned(b)
    if firms and kinds:
        fields = (_seats(firms), Choice(tuple(kinds)), *terms, Choice((True,)))
        out.append(ActionFamily(OfferLease, fields, word("lease_out"), whole=True))
    lessors = [(x, _kinds_owned(x)) for x in firms]
    lessors = sorted([(x, k) for x, k in lessors if k], key=lambda xk: -len(xk[1]))
    if lessors:
        kinds = list(dict.fromkeys([*lessors[0][1], *(d for _, k in lessors for d in k)]))
        fields = (_seats([x for x, _ in lessors]), Choice(tuple(kinds)), *terms, Choice((False,)))
        whole = len(lessors) == 1
        out.append(ActionFamily(OfferLease, fields, word("lease_in"), whole=whole))
    return out


def _takeover_families(st: PlaybossData, b: Business, others: list[Business]) -> list[ActionFamily]:
    out: list[ActionFamily] = []
    sellers = [x for x in others if takeover.problem(st, b, x, 0) is None]
    cash = _available(st, b)
    if sellers:
        fields = (_seats(sellers), IntRange(0, cash), Choice((True,)))
        out.append(ActionFamily(OfferBusiness, fields, word("buy_business"), whole=True))
    buyers = sorted((x for x in others if takeover.problem(st, x, b, 0) is None), key=lambda x: -_available(st, x))
    if buyers:
        fields = (_seats(buyers), IntRange(0, _available(st, buyers[0])), Choice((False,)))
        whole = len(buyers) == 1
        out.append(ActionFamily(OfferBusiness, fields, word("sell_business"), whole=whole))
    return out


def _worker_families(st: PlaybossData, b: Business, takers: list[Business]) -> list[ActionFamily]:
    """Playboss II, "6. Step": agreements between a business and the worker representative on
    more workers (up to those in his hand) and the salary of all its workers."""
    lab = st.expansion.labour
    assert lab is not None
    allowed = {x.seat for x in takers}
    # The representative offers to the businesses, a business to him.
    tos = [s for s in allowed if s != lab.rep] if b.seat == lab.rep else [s for s in allowed if s == lab.rep]
    # For each side: whether more workers may be agreed, whether the salary alone may be.
    sides = [
        (to, labour.offer_problem(st, b.seat, to, 1, 0) is None, labour.offer_problem(st, b.seat, to, 0, 0) is None)
        for to in sorted(tos)
    ]
    sides = [side for side in sides if side[1] or side[2]]
    # Seats with workers first: an agreement on the salary alone (0 more workers) is theirs.
    sides.sort(key=lambda side: not side[2])
    if not sides:
        return []
    lo = 0 if sides[0][2] else 1
    hi = lab.free if sides[0][1] else 0
    if hi < lo:
        return []
    values = [side[0] for side in sides]
    fields = (Choice(tuple(values)), IntRange(lo, hi), IntRange(0, MOST_SALARY))
    return [ActionFamily(OfferWorkers, fields, word("workers"), whole=len(values) == 1)]


def _pays_recipient(offer: Offer) -> bool:
    return (isinstance(offer, OfferTrade) and not offer.sell) or (isinstance(offer, OfferLoan) and offer.lend)


def why_no_offer(st: PlaybossData, b: Business) -> Message | None:
    """Why ``b`` may not make an offer now (a message), or None."""
    if len(st.businesses) < 2:
        return msg("pb.no.nobody")
    if st.deals.offer is not None:
        return msg("pb.no.offer_waiting", seat=Seat(st.deals.offerer))
    if st.deals.last_offer[b.seat] == _rolls(st):
        return msg("pb.no.one_offer_per_roll")
    return None


def offer_refusal(st: PlaybossData, b: Business, offer: Offer) -> Message | None:
    """Why ``b`` may not make ``offer`` now (another offer open, one made since the last roll,
    either side unable to honour it), or None: what ``apply`` decides of an offer."""
    return why_no_offer(st, b) or _problem(st, b, offer)


def _available(st: PlaybossData, b: Business) -> int:
    """Cash ``b`` may spend: what it holds less what it promised at an auction."""

    return b.cash - promised(st, b)


def _problem(st: PlaybossData, offerer: Business, offer: Offer) -> Message | None:
    """Why ``offer`` by ``offerer`` cannot be agreed now (either side unable to honour it), or
    None. Used at the offer and again at the acceptance."""
    n = len(st.businesses)
    if not 0 <= offer.to < n or offer.to == offerer.seat:
        return msg("pb.no.no_other_seat", seat=offer.to, last=n - 1)
    other = st.businesses[offer.to]
    if other.bankrupt:
        return msg("pb.no.out_of_game", seat=Seat(offer.to))
    if st.raising(other.seat) and not _pays_recipient(offer):
        return msg("pb.no.other_raising", seat=Seat(other.seat))
    if isinstance(offer, OfferWorkers):
        if not 0 <= offer.salary <= MOST_SALARY:
            return msg("pb.no.salary_range", most=money(MOST_SALARY))
        return labour.offer_problem(st, offerer.seat, offer.to, offer.count, offer.salary)
    if isinstance(offer, OfferBusiness):
        buyer, seller = (offerer, other) if offer.buy else (other, offerer)
        return takeover.problem(st, buyer, seller, offer.marks)
    if isinstance(offer, (OfferTrade, OfferLease)) and not (offerer.firm and other.firm):
        nobody = offerer if not offerer.firm else other
        return msg("pb.no.runs_no_business", seat=Seat(nobody.seat))
    if isinstance(offer, OfferLoan):
        if (
            offer.amount <= 0
            or not 0 <= offer.interest <= MOST_INTEREST
            or not 0 <= offer.fee <= MOST_FEE
            or not 0 <= offer.laps <= MOST_LAPS
        ):
            return msg("pb.no.loan_terms", interest=MOST_INTEREST, fee=money(MOST_FEE), laps=MOST_LAPS)
        lender = offerer if offer.lend else other
        if _available(st, lender) < offer.amount:
            spend = money(_available(st, lender))
            return msg("pb.no.cannot_lend", seat=Seat(lender.seat), spend=spend, amount=offer.amount)
        return None
    if isinstance(offer, OfferLease):
        return _lease_problem(st, offerer, other, offer)
    if offer.goods not in TRADE_GOODS:
        return msg("pb.no.trade_goods", goods=Items(tuple(TRADE_GOODS)), given=repr(offer.goods))
    if offer.count < 1 or offer.marks < 0:
        return msg("pb.no.trade_terms")
    seller, buyer = (offerer, other) if offer.sell else (other, offerer)
    if _available(st, buyer) < offer.marks:
        return msg("pb.no.cannot_pay", seat=Seat(buyer.seat), spend=money(_available(st, buyer)), price=offer.marks)
    return _goods_problem(st, seller, buyer, offer)


def _goods_problem(st: PlaybossData, seller: Business, buyer: Business, offer: OfferTrade) -> Message | None:
    g, n = offer.goods, offer.count
    held = {"raw": seller.raw, "finished": seller.finished, "web": seller.webs}
    if g in held:
        if held[g] >= n:
            return None
        return msg("pb.no.holds_goods", seat=Seat(seller.seat), held=held[g], goods=g, n=n)
    if n != 1:
        return msg("pb.no.one_at_a_time")
    if g == "computer":
        if seller.computer != OWNED:
            return msg("pb.no.no_purchased_computer", seat=Seat(seller.seat))
        if buyer.computer != NO_COMPUTER:
            return msg("pb.no.has_computer", seat=Seat(buyer.seat))
        lost = st.rules.credit_per_computer
    else:
        if _machine(seller, g == "double-machine") < 0:
            kind = "double" if g == "double-machine" else "single"
            return msg("pb.no.no_own_machine", seat=Seat(seller.seat), kind=kind)
        lost = st.rules.credit_per_machine
    # Playboss I, "Lines of Credit": the machine or computer secured the seller's bank credit;
    # what the debt exceeds the new limit by must be repaid out of the price.
    excess = seller.debt - (seller.credit_limit(st.rules) - lost)
    if excess > 0 and _available(st, seller) + offer.marks < excess:
        limit = money(seller.credit_limit(st.rules) - lost)
        return msg(
            "pb.no.secured_debt", seat=Seat(seller.seat), debt=money(seller.debt), limit=limit, excess=money(excess)
        )
    return None


def _lease_problem(st: PlaybossData, offerer: Business, other: Business, offer: OfferLease) -> Message | None:
    """Decision 0007: the lessor leases out one of its own machines of the kind, for a rent of
    0 Marks or more, for at least one of the lessee's crossings of start."""
    if not 0 <= offer.rent <= MOST_RENT or not 1 <= offer.laps <= MOST_LAPS:
        return msg("pb.no.lease_terms", rent=money(MOST_RENT), laps=MOST_LAPS)
    lessor = offerer if offer.lend else other
    if _machine(lessor, offer.double) < 0:
        kind = "double" if offer.double else "single"
        return msg("pb.no.no_machine_to_lease", seat=Seat(lessor.seat), kind=kind)
    return None


def _machine(b: Business, double: bool) -> int:
    """The business's own machine of that kind that goes in a sale or a lease: the one ready
    latest, or -1."""
    found = [(m.ready, i) for i, m in enumerate(b.machines) if m.double == double and m.lessor == OWN]
    return max(found)[1] if found else -1


# --- carrying out ----------------------------------------------------------------------------


def apply(st: PlaybossData, b: Business, action: Action) -> None:
    """An offer (made at any time; its answer is the recipient's decision next) or a private
    repayment; IllegalAction leaves the state as it was."""

    if isinstance(action, RepayPrivate):
        loans.repay(st, b, action)
        return
    assert isinstance(action, OFFERS)
    why = offer_refusal(st, b, action)
    if why is not None:
        raise IllegalAction(why, RULE)
    d = st.deals
    d.offer, d.offerer = action, b.seat
    d.counter, d.said = None, None
    d.last_offer[b.seat] = _rolls(st)
    d.resume = (st.phase, st.pending)
    if st.log is not None:  # the words only when somebody listens (bots make many offers)
        st.say(words.offer_told(b.seat, action))
    st.decide(ANSWER, action.to)


def check_answer(st: PlaybossData, seat: int, action: Action) -> Refusal:
    """Why ``seat`` may not give the answer ``action`` now (no offer waits for its answer, the
    deal can no longer be honoured, a reason that does not hold, a counter-offer out of bounds
    or to a counter-offer), or ``ALLOWED``."""
    d = st.deals
    deal = judged(st)
    if deal is None or st.phase not in BARGAINING or seat != st.pending:
        return msg("pb.no.no_offer_waiting"), RULE
    if isinstance(action, Accept):
        why = _problem(st, st.businesses[d.offerer], deal)
        if why is not None:
            return msg("pb.no.not_honoured", why=why), RULE
        return ALLOWED
    if isinstance(action, Decline):
        return ALLOWED
    if isinstance(action, DeclineBecause):
        problem = _reason_problem(st, seat, deal, action.reason)
        return (msg("pb.no.not_possible", action=str(action), problem=problem), RULE) if problem else ALLOWED
    assert isinstance(action, Counter)
    if st.phase == COUNTER:
        return msg("pb.no.counter_again", action=str(action)), RULE
    bounds = counter_bounds(st)
    if bounds is None:
        return msg("pb.no.no_better_terms", action=str(action)), RULE
    lo, hi = bounds
    if not lo <= action.terms <= hi:
        return msg("pb.no.counter_range", action=str(action), lo=_terms(deal, lo), hi=_terms(deal, hi)), RULE
    problem = _reason_problem(st, seat, deal, action.reason)
    return (msg("pb.no.not_possible", action=str(action), problem=problem), RULE) if problem else ALLOWED


def _terms(deal: Offer, terms: int) -> Param:
    """A counter-offer's terms as a message parameter: a loan's interest, else Marks."""
    return msg("pb.no.percent", n=terms) if isinstance(deal, OfferLoan) else money(terms)


def _reason_problem(st: PlaybossData, seat: int, deal: Offer, key: str) -> Message | None:
    problem = REASONS.problem(key)
    if problem is not None:
        return problem
    if reasons.figures(st, key, reasons.side_of(st, deal, st.deals.offerer, seat)) is None:
        return msg("pb.no.reason_false", key=key)
    return None


def answer(st: PlaybossData, seat: int, action: Action, said: Said) -> bool:
    """``seat`` accepts, declines or counters the offer (``check_answer`` has allowed it), as
    ``said`` tells it: the decision set aside while it was answered is pending again and the
    deal is done, or not; or the offerer answers the counter-offer next. The deal is done as at
    that decision (a machine bought before the roll, a takeover between turns)."""
    d = st.deals
    offer = d.offer
    assert offer is not None
    d.said = said
    st.say(said.text)
    if isinstance(action, Counter):
        d.counter = countered(offer, action.terms)
        st.decide(COUNTER, d.offerer)
        return False
    _close(st, offer if isinstance(action, Accept) else None)
    return False


def answer_counter(st: PlaybossData, seat: int, action: Action, said: Said) -> bool:
    """``seat``, who made the offer, accepts or declines the counter-offer handed back
    (``check_answer`` has allowed it), as ``said`` tells it; the decision set aside is pending
    again, and the deal is done at the counter-offer's terms, or not."""
    d = st.deals
    deal = d.counter
    assert deal is not None
    d.said = said
    st.say(said.text)
    _close(st, deal if isinstance(action, Accept) else None)
    return False


def _close(st: PlaybossData, done: Offer | None) -> None:
    """The bargaining is over: the decision set aside is pending again, and ``done`` (the offer
    or the counter-offer accepted) is carried out, if any."""
    d = st.deals
    offerer = st.businesses[d.offerer]
    st.phase, st.pending = d.resume
    d.resume = (READY, -1)
    d.offer, d.offerer, d.counter = None, -1, None
    if done is not None:
        _carry_out(st, offerer, done)


# --- counter-offers ----------------------------------------------------------------------------

TERMS: dict[type[Action], str] = {
    OfferTrade: "marks",
    OfferLoan: "interest",
    OfferLease: "rent",
    OfferWorkers: "salary",
    OfferBusiness: "marks",
}
"""The field of each kind of offer that a counter-offer names anew: its money terms."""


def terms_of(deal: Offer) -> int:
    """``deal``'s money terms (``TERMS``)."""
    if isinstance(deal, OfferLoan):
        return deal.interest
    if isinstance(deal, OfferLease):
        return deal.rent
    if isinstance(deal, OfferWorkers):
        return deal.salary
    return deal.marks


def countered(deal: Offer, terms: int) -> Offer:
    """``deal`` with ``terms`` as its money terms, everything else as offered."""
    if isinstance(deal, OfferTrade):
        return OfferTrade(deal.to, deal.goods, deal.count, terms, deal.sell)
    if isinstance(deal, OfferLoan):
        return OfferLoan(deal.to, deal.amount, terms, deal.fee, deal.laps, deal.lend)
    if isinstance(deal, OfferLease):
        return OfferLease(deal.to, deal.double, terms, deal.laps, deal.lend)
    if isinstance(deal, OfferWorkers):
        return OfferWorkers(deal.to, deal.count, terms)
    return OfferBusiness(deal.to, terms, deal.buy)


def terms_bounds(st: PlaybossData, offerer: Business, deal: Offer) -> tuple[int, int]:
    """The money terms ``_problem`` allows ``deal`` by ``offerer`` (its other fields as they
    are): a price up to what the paying side may spend (``_money_bounds``), free terms within
    the ``MOST_*``."""
    if isinstance(deal, OfferLoan):
        return 0, MOST_INTEREST
    if isinstance(deal, OfferLease):
        return 0, MOST_RENT
    if isinstance(deal, OfferWorkers):
        return 0, MOST_SALARY
    return _money_bounds(st, offerer, deal)


def counter_bounds(st: PlaybossData) -> tuple[int, int] | None:
    """The money terms a counter-offer to the pending offer may name, lowest and highest, or
    ``None`` when there are none: always better for the seat answering than the offer (a lower
    price, interest, rent or salary when it pays them, a higher one when it is paid), and
    terms the offerer can honour, so that it may accept every one."""
    d = st.deals
    deal = d.offer
    if deal is None or d.counter is not None or st.phase != ANSWER:
        return None
    offerer = st.businesses[d.offerer]
    if _problem(st, offerer, deal) is not None:
        return None
    lo, hi = terms_bounds(st, offerer, deal)
    now = terms_of(deal)
    if reasons.payer_of(st, deal, d.offerer) == deal.to:
        hi = min(hi, now - 1)
    else:
        lo = max(lo, now + 1)
    return (lo, hi) if lo <= hi else None


COUNTER_PROMPTS: dict[type[Action], Message] = {
    OfferTrade: word("counter_price_all"),
    OfferLoan: word("counter_interest"),
    OfferLease: word("counter_rent"),
    OfferWorkers: word("counter_salary"),
    OfferBusiness: word("counter_price"),
}
"""What a counter-offer's terms are, by the kind of offer it answers."""

BECAUSE = word("because")
"""What a refusal or a counter-offer asks for its reason."""


def answer_families(st: PlaybossData, seat: int) -> list[ActionFamily]:
    """The answers with fields to the deal the pending seat answers: a reason (the keys that
    hold for its part), and to an offer a counter-offer (the terms ``counter_bounds`` allows,
    with the reasons that hold for its part in the offer as made)."""
    deal = judged(st)
    if deal is None:
        return []
    keys = REASONS.choice(reasons.applicable(st, reasons.side_of(st, deal, st.deals.offerer, seat)))
    out = [ActionFamily(DeclineBecause, (keys,), word("decline_because"), (BECAUSE,), whole=True)]
    bounds = counter_bounds(st)
    if bounds is not None:
        out.append(
            ActionFamily(
                Counter,
                (IntRange(bounds[0], bounds[1]), keys),
                word("counter"),
                (COUNTER_PROMPTS[type(deal)], BECAUSE),
                whole=True,
            )
        )
    return out


def _carry_out(st: PlaybossData, offerer: Business, offer: Offer) -> None:
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
        st.transfer(buyer, seller, offer.marks, code("bought", goods_code(g, n)))
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


def _repay_excess(st: PlaybossData, seller: Business) -> None:
    excess = seller.debt - seller.credit_limit(st.rules)
    if excess > 0:
        seller.debt -= excess
        st.pay(seller, excess, "secured")


# --- narrowing an offer field by field ------------------------------------------------------

_MONEY = {OfferTrade: "marks", OfferLoan: "amount", OfferBusiness: "marks"}
"""The field of an offer that counts the Marks paid or lent: what ``_problem`` bounds by cash."""
_TERMS = {OfferLoan: ("interest", "fee", "laps"), OfferLease: ("rent", "laps"), OfferWorkers: ("salary",)}
"""The terms left free to the players: ``_problem`` takes any value inside the family's own
bounds (the ``MOST_*``), so one value stands for them all."""


def _money_bounds(st: PlaybossData, b: Business, offer: Offer) -> tuple[int, int]:
    """The Marks that ``_problem`` allows ``offer`` (its other fields as they are) to carry: the
    paying side's cash above, and below it nothing, one Mark for a loan, or what a seller of
    equipment must repay the bank beyond its own cash."""
    other = st.businesses[offer.to]
    if isinstance(offer, OfferLoan):
        return 1, _available(st, b if offer.lend else other)
    if isinstance(offer, OfferBusiness):
        return 0, _available(st, b if offer.buy else other)
    assert isinstance(offer, OfferTrade)
    seller, buyer = (b, other) if offer.sell else (other, b)
    lo = 0
    if offer.goods in ("machine", "double-machine", "computer"):
        lost = st.rules.credit_per_computer if offer.goods == "computer" else st.rules.credit_per_machine
        excess = seller.debt - (seller.credit_limit(st.rules) - lost)
        if excess > 0:
            lo = excess - _available(st, seller)
    return max(0, lo), _available(st, buyer)


_FIELDS: dict[type[Action], tuple[int | None, tuple[int, ...]]] = {}
"""Each kind of offer's Marks field and free terms, as indices (``_MONEY``, ``_TERMS``)."""


def narrow(
    state: PlaybossState, b: Business, family: ActionFamily, prefix: list[JSONValue], seat: int | None
) -> Domain:
    """``State.narrow`` for an offer family: the Marks of the offer run as ``_money_bounds``
    says, and the free terms take any value within the family's bounds."""
    cls = family.cls
    fields = _FIELDS.get(cls)
    if fields is None:
        names = family.names
        fields = _FIELDS[cls] = (
            names.index(_MONEY[cls]) if cls in _MONEY else None,
            tuple(names.index(n) for n in _TERMS.get(cls, ())),
        )
    money, terms = fields

    def bounds(values: list[JSONValue]) -> tuple[int, int]:
        probe = cls(*values)
        assert isinstance(probe, OFFERS)
        return _money_bounds(state, b, probe)

    return narrow_by_bounds(state, family, prefix, seat, money=money, bounds=bounds, free=terms)
