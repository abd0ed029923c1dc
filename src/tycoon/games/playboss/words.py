"""Playboss actions in the game's own words, with their figures, as each seat may read them:
messages (``tycoon.core.messages``) whose words are the catalogues' (``pb.do.`` the labels,
``pb.deal.`` offers and their terms, ``pb.why.`` the answers to offers and their reasons,
``pb.word.`` the game's words they share).

``describe`` is ``PlaybossState.describe``: asked before an action is applied, for the seat
reading (``viewer``; ``None`` for everybody). Seats are ``Seat`` parameters, which a front end
renders as the players' names. What the viewer may not know stays out of the message and its
parameters: a personal goal written down (step 5) reads "declares a personal goal" to everybody
but its owner. See docs/decisions/0038-words-as-data.md.

The acting seat is not given: a decision is the current player's; an "at any time" action may
be anybody's, so its words do not depend on whose business it is, except where the reader is
the seat whose decision is pending and so reads its own menu.

Above the rule modules it describes and below ``flow.py``; the state never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tycoon.core.actions import Action, JSONValue
from tycoon.core.game import CHANCE
from tycoon.core.messages import Message, Param, Seat, Term, Text, msg
from tycoon.games.playboss import labour, market, naming, reasons
from tycoon.games.playboss.actions import (
    Accept,
    Advertise,
    BankSell,
    BankSellComputer,
    BankSellMachine,
    Bid,
    Borrow,
    BuyComputer,
    BuyWeb,
    CallStrike,
    CostChoice,
    Counter,
    DeclareGoal,
    Decline,
    DeclineBecause,
    Die,
    DoNothing,
    DrawRisk,
    EndLockout,
    EndStrike,
    FoundMarketing,
    GiveNotice,
    GiveUpMarketing,
    Hire,
    Improve,
    Invest,
    LeaseComputer,
    Lockout,
    LoseMachine,
    MarketingSell,
    Offer,
    OfferBusiness,
    OfferLease,
    OfferLoan,
    OfferTrade,
    OfferWorkers,
    Pass,
    Produce,
    Purchase,
    RenewLease,
    RenewMarketing,
    Repay,
    RepayPrivate,
    ReturnComputer,
    Roll,
    Sell,
    WithdrawMarketing,
    WriteOff,
)
from tycoon.games.playboss.bankruptcy import Lot
from tycoon.games.playboss.business import OWN, Business
from tycoon.games.playboss.naming import money
from tycoon.games.playboss.phases import (
    AUCTION,
    BIDDING,
    COUNTER,
    GREEN,
    LABOUR,
    LOSE,
    RED,
    SETUP,
    UNDERBIDDING,
    WHITE,
)
from tycoon.games.playboss.private import Said

if TYPE_CHECKING:
    from tycoon.games.playboss.deals import Offer as Deal
    from tycoon.games.playboss.flow import PlaybossState
    from tycoon.games.playboss.state import PlaybossData


def counted(goods: str, n: int) -> Message:
    """``n`` of ``goods`` with its plural form (``pb.word.<goods>``): the goods a business holds
    and may sell or trade (``raw``, ``finished``, ``machine``, ``double-machine``, ``computer``,
    ``web``: ``BankSell.goods``, ``OfferTrade.goods``), or ``product``, ``worker``,
    ``more_worker``, ``machines``, ``crossing``: ``3 raw products``, ``1 WEB chip``."""
    return msg(f"pb.word.{goods}", n=n)


def one_of(goods: str) -> Term:
    """One of ``goods`` named with its article, as a price is paid for it: ``a single machine``."""
    return Term(f"pb.word.one_{goods}")


def percent(n: int) -> Message:
    """``8%`` (``8 %`` in German)."""
    return msg("pb.word.percent", n=n)


def describe(st: PlaybossState, action: Action, viewer: int | None = None) -> Text:
    """``action`` in Playboss's words with its figures, as ``viewer`` may read it."""
    words = _WORDS.get(type(action))
    return words(st, action, viewer) if words is not None else str(action)


# --- chance and the turn ------------------------------------------------------------------------


def _die(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, Die)
    return msg("pb.do.die_start" if st.phase == SETUP else "pb.do.die", pips=a.pips)


def _risk(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, DrawRisk)
    cards = st.rules.risk_cards
    if not 0 <= a.card < len(cards):
        return msg("pb.do.risk_unknown", card=a.card)
    return msg("pb.do.risk", title=naming.risk_card(st.rules, a.card))


def _roll(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.roll")


# --- the red field ---------------------------------------------------------------------------


def _mover(st: PlaybossState) -> Business | None:
    """The business whose decision is pending, or None (chance, the game over)."""
    seat = st.current_player()
    return st.businesses[seat] if 0 <= seat < len(st.businesses) else None


def _own(st: PlaybossState, viewer: int | None) -> Business | None:
    """The viewer's business when it reads its own menu (its decision is pending), else None."""
    b = _mover(st)
    return b if b is not None and viewer == b.seat else None


def _purchase(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, Purchase)
    n = a.count
    what = counted("raw", n)
    if not 1 <= n <= sum(st.market):
        return msg("pb.do.purchase", what=what)
    cost = money(market.purchase_cost(st.market, st.rules.zone_prices, n))
    return msg("pb.do.purchase_market" if st.game.step(2) else "pb.do.purchase_cost", what=what, cost=cost)


def _invest(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, Invest)
    price = money(st.rules.machine_price)
    if a.credit <= 0:
        return msg("pb.do.invest_cash", price=price)
    return msg("pb.do.invest_credit", price=price, credit=a.credit)


def _produce(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, Produce)
    b = _mover(st)
    what = counted("product", a.count)
    if b is None or a.count < 1:
        return msg("pb.do.produce", what=what)
    each = labour.production_cost(st, b) if st.game.step(6) else b.production_cost(st.rules)
    return msg("pb.do.produce_cost", what=what, cost=money(a.count * each))


def _sell(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    from tycoon.games.playboss import free_market

    assert isinstance(a, Sell)
    b = _mover(st)
    what = counted("finished", a.count)
    if a.count < 1:
        return msg("pb.do.sell", what=what)
    advertising = b is not None and b.advertising
    free = st.game.step(1) and not advertising and market.empty_dimples(st.market, st.rules.dimples)
    if free:
        # Playboss II, "1. Step": the seller is only the first supplier.
        return msg("pb.do.sell_free", what=what, count=a.count, price=money(free_market.market_price(st)))
    earned = money(sum(market.sale_prices(st.market, st.rules, a.count, advertising)))
    return msg("pb.do.sell_advertising" if advertising else "pb.do.sell_for", what=what, earned=earned)


def _offer(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    from tycoon.games.playboss import free_market

    assert isinstance(a, Offer)
    what = counted("finished", a.count)
    if st.phase == RED and market.empty_dimples(st.market, st.rules.dimples):
        market_price = money(free_market.market_price(st))
        return msg("pb.do.offer_below", what=what, count=a.count, price=money(a.price), market=market_price)
    return msg("pb.do.offer", what=what, count=a.count, price=money(a.price))


def _nothing(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    phase = st.phase
    if phase == GREEN:
        return msg("pb.do.no_web")
    if phase == LABOUR:
        lab = st.expansion.labour
        field = lab.field if lab is not None else -1
        return msg("pb.do.labour_goes_on", seat=Seat(field)) if field >= 0 else msg("pb.do.say_nothing")
    if phase in (WHITE, LOSE):
        return msg("pb.do.nothing_to_lose")
    return msg("pb.do.nothing")


# --- the other fields ----------------------------------------------------------------------------


def _buy_web(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.buy_web", price=money(st.rules.web_price))


def _cost(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, CostChoice)
    r = st.rules
    b = _mover(st)
    if b is None:
        return msg("pb.do.cost", choice=a.choice)
    if a.choice == "sell-half":
        zones = market.place(st.market.copy(), r.dimples, b.finished)
        earned = sum(r.sale_multiplier * r.zone_prices[z] // 2 for z in zones)
        return msg("pb.do.cost_sell_half", what=counted("finished", b.finished), earned=money(earned))
    if a.choice == "produce":
        if st.game.step(6):
            made, cost = labour.cost_field_production(st, b)
            return msg("pb.do.cost_produce_salaries", what=counted("product", made), cost=money(cost))
        made = min(b.ready_capacity(), b.raw)
        return msg("pb.do.cost_produce", what=counted("product", made), each=money(r.cost_field_production))
    if a.choice == "idle":
        n = len(b.machines)
        if not n:
            return msg("pb.do.cost_idle_none")
        return msg("pb.do.cost_idle", cost=money(n * r.cost_field_idle), machines=counted("machines", n))
    if a.choice == "web":
        return msg("pb.do.cost_web")
    return msg("pb.do.cost", choice=a.choice)


def machine_words(b: Business | None, index: int) -> Message:
    """Machine ``index`` (from 0) of ``b`` as the board lists it: ``machine 2 (double, leased
    from seat 1)``; without the business only its number."""
    if b is None or not 0 <= index < len(b.machines):
        return msg("pb.word.machine_n", n=index + 1)
    m = b.machines[index]
    kind = "double" if m.double else "single"
    setup = "_setup" if m.ready > b.turns else ""
    if m.lessor != OWN:
        return msg(f"pb.word.machine_leased{setup}", n=index + 1, kind=kind, lessor=Seat(m.lessor))
    return msg(f"pb.word.machine_own{setup}", n=index + 1, kind=kind)


def _write_off(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, WriteOff)
    if a.machine == -1:
        return msg("pb.do.write_off_web")
    b = _mover(st)
    machine = machine_words(b, a.machine)
    if b is not None and 0 <= a.machine < len(b.machines) and b.machines[a.machine].double:
        return msg("pb.do.write_off_double", machine=machine)
    return msg("pb.do.write_off", machine=machine)


def _lose_machine(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, LoseMachine)
    return msg("pb.do.lose_machine", machine=machine_words(_mover(st), a.machine))


def _renew_lease(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.renew_lease", webs=counted("web", st.rules.lease_webs))


def _return_computer(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.return_computer")


# --- at any time ---------------------------------------------------------------------------------


def _bank_sell(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, BankSell)
    r = st.rules
    each = {"raw": r.repurchase_raw, "finished": r.repurchase_finished}.get(a.goods)
    what = counted(a.goods, a.count)
    if each is None:
        return msg("pb.do.bank_sell", what=what)
    return msg("pb.do.bank_sell_for", what=what, earned=money(a.count * each))


def _bank_sell_machine(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, BankSellMachine)
    machine = machine_words(_own(st, viewer), a.machine)
    return msg("pb.do.bank_sell_machine", machine=machine, earned=money(st.rules.repurchase_machine))


def _bank_sell_computer(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.bank_sell_computer", earned=money(st.rules.repurchase_computer))


def _borrow(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, Borrow)
    return msg("pb.do.borrow", amount=money(a.amount))


def _repay(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, Repay)
    return msg("pb.do.repay", amount=money(a.amount))


def _improve(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, Improve)
    machine = machine_words(_own(st, viewer), a.machine)
    return msg("pb.do.improve", webs=counted("web", st.rules.efficiency_webs), machine=machine)


def _advertise(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.advertise", webs=counted("web", st.rules.advertising_webs))


def _lease_computer(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.lease_computer", webs=counted("web", st.rules.lease_webs))


def _buy_computer(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, BuyComputer)
    price = money(st.rules.computer_price)
    if a.credit <= 0:
        return msg("pb.do.buy_computer_cash", price=price)
    return msg("pb.do.buy_computer_credit", price=price, credit=a.credit)


# --- auctions ------------------------------------------------------------------------------------


def lot_words(lot: Lot) -> Message:
    """A lot of a bankrupt business's auction: ``a double machine``, ``3 raw products``."""
    what, n = lot
    if what == "machine":
        return msg("pb.word.lot_double" if n else "pb.word.lot_machine")
    if what == "computer":
        return msg("pb.word.lot_computer")
    return counted(what, n)


def _bid(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, Bid)
    amount = money(a.amount)
    if st.phase == BIDDING and st.expansion.auction is not None:
        lot = st.expansion.auction
        if lot.units == 1:
            return msg("pb.do.bid_last", amount=amount)
        total = money(a.amount * lot.units)
        return msg("pb.do.bid_rest", amount=amount, what=counted("raw", lot.units), total=total)
    if st.phase == AUCTION and st.auction is not None and st.auction.lots:
        lot_of = lot_words(st.auction.lots[0])
        return msg("pb.do.bid_lot", amount=amount, lot=lot_of, debtor=Seat(st.auction.debtor))
    return msg("pb.do.bid", amount=amount)


def _pass(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.pass_underbidding" if st.phase == UNDERBIDDING else "pb.do.pass")


# --- the expansion steps -------------------------------------------------------------------------


def _found(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.found_marketing", price=money(st.rules.marketing_founding))


def _withdraw(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, WithdrawMarketing)
    return msg("pb.do.withdraw_marketing", trough=a.trough, webs=counted("web", st.rules.marketing_webs))


def _marketing_sell(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    price = sum(market.sale_prices(st.market, st.rules, 1))
    if not price:
        return msg("pb.do.marketing_sell")
    return msg("pb.do.marketing_sell_for", earned=money(price))


def _renew_marketing(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.renew_marketing", price=money(st.rules.marketing_yearly))


def _give_up_marketing(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.give_up_marketing", webs=counted("web", st.rules.marketing_webs))


def _declare(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, DeclareGoal)
    # Playboss II, "5. Step": a personal goal is written down; the others learn it after the
    # game. Only the seat whose decision is pending declares one, so the reader is its owner
    # exactly when it is that seat.
    if viewer is not None and viewer == st.current_player() and viewer != CHANCE:
        return msg("pb.do.declare_goal", goal=Term(f"pb.goals.{a.goal}"))
    return msg("pb.do.declares_goal")


def _hire(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, Hire)
    return msg("pb.do.hire", workers=counted("worker", a.count), salary=money(st.rules.salary))


def _notice(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, GiveNotice)
    return msg("pb.do.notice", workers=counted("worker", a.count), seat=Seat(a.seat))


def _strike(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, CallStrike)
    return msg("pb.do.strike", seat=Seat(a.seat))


def _end_strike(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, EndStrike)
    return msg("pb.do.end_strike", seat=Seat(a.seat))


def _lockout(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.lockout", idle=money(st.rules.lockout_idle))


def _end_lockout(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    return msg("pb.do.end_lockout")


# --- private business between players -----------------------------------------------------------


def _trade_terms(count: int, goods: str, marks: int) -> dict[str, Param]:
    """A trade's parameters: what, how many, the price and the price of one."""
    return {"what": counted(goods, count), "count": count, "price": money(marks), "each": money(marks // max(count, 1))}


def _trade(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, OfferTrade)
    key = "pb.do.trade_sell" if a.sell else "pb.do.trade_buy"
    return msg(key, seat=Seat(a.to), **_trade_terms(a.count, a.goods, a.marks))


def _loan_terms(amount: int, interest: int, fee: int, laps: int) -> Message:
    """``3,000 Marks at 8% a year, no fee, due at the borrower's second crossing of start``."""
    due = msg("pb.deal.due_lap", n=laps) if laps else msg("pb.offer.due_any")
    if interest and fee:
        cost = msg("pb.deal.cost_interest_fee", interest=percent(interest), fee=money(fee))
    elif interest:
        cost = msg("pb.deal.cost_interest", interest=percent(interest))
    elif fee:
        cost = msg("pb.deal.cost_fee", fee=money(fee))
    else:
        cost = msg("pb.deal.cost_free")
    return msg("pb.deal.loan", amount=money(amount), cost=cost, due=due)


def _lease_terms(rent: int, laps: int) -> Message:
    """``for 2,000 Marks rent at each of the lessee's next 2 crossings of start``."""
    if laps == 1:
        return msg("pb.deal.lease_once", rent=money(rent)) if rent else msg("pb.deal.lease_once_free")
    if rent:
        return msg("pb.deal.lease", rent=money(rent), laps=laps)
    return msg("pb.deal.lease_free", laps=laps)


def _kind(double: bool) -> str:
    """A machine's kind for a ``select`` of the catalogue."""
    return "double" if double else "single"


def _loan(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, OfferLoan)
    terms = _loan_terms(a.amount, a.interest, a.fee, a.laps)
    return msg("pb.do.loan_lend" if a.lend else "pb.do.loan_ask", seat=Seat(a.to), terms=terms)


def _lease(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, OfferLease)
    terms = _lease_terms(a.rent, a.laps)
    key = "pb.do.lease_out" if a.lend else "pb.do.lease_in"
    return msg(key, seat=Seat(a.to), kind=_kind(a.double), terms=terms)


def _agreement(count: int, salary: int) -> Message:
    """``1 more worker and a salary of 700 Marks per worker and red field``."""
    if count:
        return msg("pb.deal.agreement_hire", workers=counted("more_worker", count), salary=money(salary))
    return msg("pb.deal.agreement", salary=money(salary))


def _workers(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, OfferWorkers)
    lab = st.expansion.labour
    rep = lab.rep if lab is not None else -1
    key = "pb.do.workers_rep" if a.to == rep else "pb.do.workers"  # a business asks the representative
    return msg(key, seat=Seat(a.to), agreement=_agreement(a.count, a.salary))


def _business(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, OfferBusiness)
    key = "pb.do.business_buy" if a.buy else "pb.do.business_sell"
    return msg(key, seat=Seat(a.to), price=money(a.marks))


def _repay_private(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    assert isinstance(a, RepayPrivate)
    return msg("pb.do.repay_private", amount=money(a.amount), seat=Seat(a.lender))


def offer_words(offer: Action) -> Message:
    """An offer as its recipient reads it, after "seat N's offer": ``to sell you 3 raw products
    for 900 Marks``, ``of a loan of ...``."""
    if isinstance(offer, OfferTrade):
        key = "pb.deal.words_sell" if offer.sell else "pb.deal.words_buy"
        return msg(key, what=counted(offer.goods, offer.count), price=money(offer.marks))
    if isinstance(offer, OfferLoan):
        terms = _loan_terms(offer.amount, offer.interest, offer.fee, offer.laps)
        return msg("pb.deal.words_lend" if offer.lend else "pb.deal.words_borrow", terms=terms)
    if isinstance(offer, OfferLease):
        terms = _lease_terms(offer.rent, offer.laps)
        key = "pb.deal.words_lease_out" if offer.lend else "pb.deal.words_lease_in"
        return msg(key, kind=_kind(offer.double), terms=terms)
    if isinstance(offer, OfferWorkers):
        return msg("pb.deal.words_workers", agreement=_agreement(offer.count, offer.salary))
    if isinstance(offer, OfferBusiness):
        key = "pb.deal.words_buy_business" if offer.buy else "pb.deal.words_sell_business"
        return msg(key, price=money(offer.marks))
    return msg("pb.deal.words_other", offer=str(offer))


def offer_told(offerer: int, offer: Action) -> Message:
    """The narration of an offer made: ``Seat 1 offers to buy 3 raw products from seat 0 for 900
    Marks.``"""
    o, to = Seat(offerer), Seat(getattr(offer, "to", -1))
    if isinstance(offer, OfferTrade):
        key = "pb.deal.told_sell" if offer.sell else "pb.deal.told_buy"
        return msg(key, seat=o, to=to, what=counted(offer.goods, offer.count), price=money(offer.marks))
    if isinstance(offer, OfferLoan):
        terms = _loan_terms(offer.amount, offer.interest, offer.fee, offer.laps)
        return msg("pb.deal.told_lend" if offer.lend else "pb.deal.told_borrow", seat=o, to=to, terms=terms)
    if isinstance(offer, OfferLease):
        terms = _lease_terms(offer.rent, offer.laps)
        key = "pb.deal.told_lease_out" if offer.lend else "pb.deal.told_lease_in"
        return msg(key, seat=o, to=to, kind=_kind(offer.double), terms=terms)
    if isinstance(offer, OfferWorkers):
        return msg("pb.deal.told_workers", seat=o, to=to, agreement=_agreement(offer.count, offer.salary))
    if isinstance(offer, OfferBusiness):
        key = "pb.deal.told_buy_business" if offer.buy else "pb.deal.told_sell_business"
        return msg(key, seat=o, to=to, price=money(offer.marks))
    return msg("pb.deal.told_other", seat=o, to=to, offer=str(offer))


def mirrored(offer: Deal) -> Deal:
    """The same deal as if the other side had offered it: what a counter-offer proposes to the
    seat that made the offer (a trade's buyer becomes its seller's counterpart, and so on)."""
    if isinstance(offer, OfferTrade):
        return OfferTrade(offer.to, offer.goods, offer.count, offer.marks, not offer.sell)
    if isinstance(offer, OfferLoan):
        return OfferLoan(offer.to, offer.amount, offer.interest, offer.fee, offer.laps, not offer.lend)
    if isinstance(offer, OfferLease):
        return OfferLease(offer.to, offer.double, offer.rent, offer.laps, not offer.lend)
    if isinstance(offer, OfferBusiness):
        return OfferBusiness(offer.to, offer.marks, not offer.buy)
    return offer


def deal_terms(st: PlaybossData, offerer: int, offer: Action) -> Message:
    """A deal between two seats as a statement of who does what (``seat 0 borrows 3,000 Marks
    from seat 2 at 8% a year, no fee, due at the borrower's second crossing of start``): the
    terms on the table, whichever side offered them."""
    o, to = Seat(offerer), Seat(getattr(offer, "to", -1))
    if isinstance(offer, OfferTrade):
        key = "pb.deal.terms_sell" if offer.sell else "pb.deal.terms_buy"
        return msg(key, seat=o, to=to, **_trade_terms(offer.count, offer.goods, offer.marks))
    if isinstance(offer, OfferLoan):
        terms = _loan_terms(offer.amount, offer.interest, offer.fee, offer.laps)
        lender, borrower = (o, to) if offer.lend else (to, o)
        return msg("pb.deal.terms_loan", lender=lender, borrower=borrower, terms=terms)
    if isinstance(offer, OfferLease):
        terms = _lease_terms(offer.rent, offer.laps)
        key = "pb.deal.terms_lease_out" if offer.lend else "pb.deal.terms_lease_in"
        return msg(key, seat=o, to=to, kind=_kind(offer.double), terms=terms)
    if isinstance(offer, OfferWorkers):
        lab = st.expansion.labour
        business = offer.to if lab is not None and offerer == lab.rep else offerer
        rep = offerer if business == offer.to else offer.to
        agreement = _agreement(offer.count, offer.salary)
        return msg("pb.deal.terms_workers", business=Seat(business), rep=Seat(rep), agreement=agreement)
    if isinstance(offer, OfferBusiness):
        key = "pb.deal.terms_buy_business" if offer.buy else "pb.deal.terms_sell_business"
        return msg(key, seat=o, to=to, price=money(offer.marks))
    return msg("pb.deal.terms_other", seat=o, offer=str(offer))


_ANSWERS = {Accept: "accept", Decline: "decline", DeclineBecause: "decline", Counter: "counter"}
"""Each answer's verb, in its labels' keys (``pb.do.accept``, ``pb.do.accept_offer``, …)."""


def _answer(st: PlaybossState, a: Action, viewer: int | None) -> Text:
    d = st.deals
    verb = _ANSWERS[type(a)]
    countering = st.phase == COUNTER and d.counter is not None
    deal = d.counter if countering else d.offer
    if deal is None:
        return msg(f"pb.do.{verb}")
    if countering:
        whose = msg("pb.deal.counter_of", seat=Seat(deal.to), offer=offer_words(mirrored(deal)))
    else:
        whose = msg("pb.deal.offer_of", seat=Seat(d.offerer), offer=offer_words(deal))
    if isinstance(a, (DeclineBecause, Counter)):
        seat = d.offerer if countering else deal.to
        facts = reasons.figures(st, a.reason, reasons.side_of(st, deal, d.offerer, seat))
        # A reason that does not hold is refused when the answer is given; its label names it.
        because = reason_text(a.reason, facts) if facts is not None else msg("pb.why.not_holding", reason=a.reason)
        if isinstance(a, DeclineBecause):
            return msg("pb.do.decline_because", offer=whose, because=because)
        return msg("pb.do.counter_offer", offer=whose, terms=asked_terms(deal, a.terms), because=because)
    return msg(f"pb.do.{verb}_offer", offer=whose)


# --- answers to offers, and their reasons --------------------------------------------------------

PARAMETERS = {
    "seat": "seat",
    "borrower": "seat",
    "seller": "seat",
    "left": "money",
    "market": "money",
    "each": "money",
    "bank": "money",
    "value": "money",
    "yearly": "money",
    "room": "money",
    "cash": "money",
    "debt": "money",
    "owed": "money",
    "salary": "money",
    "highest": "money",
    "marks": "money",
    "book": "money",
    "capacity": "products",
    "kept": "raw products",
    "raw": "raw products",
    "goods": "goods",
}
"""What each figure of a reason (``reasons.figures``) is, so that it is the one kind of parameter:
a seat (``Seat``), Marks (``naming.money``), products counted (``2 products``, ``1 raw
product``), goods by their name with their article (``a single machine``)."""

ZERO_VARIANTS = {
    ("borrower-debt", "owed"): "borrower-debt_bank",
    ("borrower-debt", "debt"): "borrower-debt_players",
    ("borrower-cash", "cash"): "borrower-cash_none",
    ("no-raw", "raw"): "no-raw_none",
}
"""A reason's words when one of its figures is 0 (key, figure): "owes the bank 2,000 Marks", not
"owes the bank 2,000 Marks and other players 0 Marks"; each its own key under ``pb.why.``."""


def reason_param(name: str, value: JSONValue) -> Param:
    """A reason's figure ``name`` as the parameter its kind (``PARAMETERS``) is."""
    kind = PARAMETERS[name]
    if kind == "seat":
        return Seat(int(str(value)))
    if kind == "money":
        return money(int(str(value)))
    if kind == "products":
        return counted("product", int(str(value)))
    if kind == "raw products":
        return counted("raw", int(str(value)))
    if kind == "goods":
        return one_of(str(value))
    return str(value)


def reason_text(key: str, facts: reasons.Facts) -> Message:
    """The reason ``key`` (``reasons.REASONS``) as a message of its figures ``facts``: key
    ``pb.why.<key>``, one parameter a figure."""
    for (variant_of, figure), variant in ZERO_VARIANTS.items():
        if variant_of == key and facts.get(figure) == 0:
            key = variant
            break
    return msg(f"pb.why.{key}", **{name: reason_param(name, value) for name, value in facts.items()})


def asked_terms(deal: Action, terms: int) -> Message:
    """A counter-offer's terms: ``8% a year``, ``900 Marks rent a year``, ``900 Marks``."""
    if isinstance(deal, OfferLoan):
        return msg("pb.deal.asked_interest", interest=percent(terms))
    if isinstance(deal, OfferLease):
        return msg("pb.deal.asked_rent", rent=money(terms))
    if isinstance(deal, OfferWorkers):
        return msg("pb.deal.asked_salary", salary=money(terms))
    return msg("pb.deal.asked_price", price=money(terms))


def _offered(deal: Action) -> Message:
    """What a counter-offer compares: the offer's terms and what they are for (``5% on a loan
    of 3,000 Marks over 2 crossings of start``)."""
    if isinstance(deal, OfferTrade):
        return msg("pb.why.offered_trade", price=money(deal.marks), what=counted(deal.goods, deal.count))
    if isinstance(deal, OfferLoan):
        term = msg("pb.why.over", crossings=counted("crossing", deal.laps)) if deal.laps else msg("pb.offer.due_any")
        params: dict[str, Param] = {"interest": percent(deal.interest), "amount": money(deal.amount), "term": term}
        if deal.fee:
            return msg("pb.why.offered_loan_fee", fee=money(deal.fee), **params)
        return msg("pb.why.offered_loan", **params)
    if isinstance(deal, OfferLease):
        return msg("pb.why.offered_lease", rent=money(deal.rent), kind=_kind(deal.double))
    if isinstance(deal, OfferWorkers):
        return msg("pb.why.offered_salary", salary=money(deal.salary))
    if isinstance(deal, OfferBusiness):
        return msg("pb.why.offered_business", price=money(deal.marks))
    return msg("pb.why.offered_other", offer=str(deal))


def _asks(st: PlaybossData, deal: Deal, terms: int, seat: int) -> Message:
    """How a counter-offer of ``terms`` by ``seat`` to ``deal`` compares with it (``5% on a loan
    of 3,000 Marks over 2 crossings of start is less than the 8% seat 2 asks``)."""
    asked: Param = percent(terms) if isinstance(deal, OfferLoan) else money(terms)
    key = "pb.why.more_than_offers" if reasons.payer_of(st, deal, st.deals.offerer) == seat else "pb.why.less_than_asks"
    return msg(key, offered=_offered(deal), asked=asked, seat=Seat(seat))


def said(st: PlaybossData, seat: int, action: Action, countering: bool) -> Said:
    """The answer ``action`` of ``seat`` to the deal it answers (the offer, or the counter-offer
    handed back, when ``countering``), as the table hears it, read before it is carried out:
    ``Seat 2 declines: 5% on a loan of 3,000 Marks over 2 crossings of start is less than the 8%
    seat 2 asks; seat 0 holds only 1,200 Marks in cash.`` (``pb.why.`` keys)."""
    d = st.deals
    deal = d.counter if countering else d.offer
    assert deal is not None
    key = action.reason if isinstance(action, (DeclineBecause, Counter)) else ""
    facts: reasons.Facts = {}
    if key:
        facts = reasons.figures(st, key, reasons.side_of(st, deal, d.offerer, seat)) or {}
    whose = (
        msg("pb.deal.whose_counter", seat=Seat(deal.to)) if countering else msg("pb.deal.whose", seat=Seat(d.offerer))
    )
    to = deal.to if countering else d.offerer
    text: Message
    if isinstance(action, Accept):
        text = msg("pb.why.accepts", seat=Seat(seat), offer=whose)
    elif isinstance(action, Decline):
        text = msg("pb.why.declines", seat=Seat(seat), offer=whose)
    elif isinstance(action, DeclineBecause):
        text = msg("pb.why.declines_because", seat=Seat(seat), offer=whose, because=reason_text(key, facts))
    else:
        assert isinstance(action, Counter)
        asks = _asks(st, deal, action.terms, seat)
        if key != reasons.NEUTRAL:
            text = msg("pb.why.counters_because", seat=Seat(seat), asks=asks, because=reason_text(key, facts))
        else:
            text = msg("pb.why.counters", seat=Seat(seat), asks=asks)
    return Said(seat, to, action.kind, key, tuple(facts.items()), text)


Describer = Callable[["PlaybossState", Action, "int | None"], Text]

_WORDS: dict[type[Action], Describer] = {
    Die: _die,
    DrawRisk: _risk,
    Roll: _roll,
    Purchase: _purchase,
    Invest: _invest,
    Produce: _produce,
    Sell: _sell,
    Offer: _offer,
    DoNothing: _nothing,
    BuyWeb: _buy_web,
    CostChoice: _cost,
    WriteOff: _write_off,
    LoseMachine: _lose_machine,
    RenewLease: _renew_lease,
    ReturnComputer: _return_computer,
    BankSell: _bank_sell,
    BankSellMachine: _bank_sell_machine,
    BankSellComputer: _bank_sell_computer,
    Borrow: _borrow,
    Repay: _repay,
    Improve: _improve,
    Advertise: _advertise,
    LeaseComputer: _lease_computer,
    BuyComputer: _buy_computer,
    Bid: _bid,
    Pass: _pass,
    FoundMarketing: _found,
    WithdrawMarketing: _withdraw,
    MarketingSell: _marketing_sell,
    RenewMarketing: _renew_marketing,
    GiveUpMarketing: _give_up_marketing,
    DeclareGoal: _declare,
    Hire: _hire,
    GiveNotice: _notice,
    CallStrike: _strike,
    EndStrike: _end_strike,
    Lockout: _lockout,
    EndLockout: _end_lockout,
    OfferTrade: _trade,
    OfferLoan: _loan,
    OfferLease: _lease,
    OfferWorkers: _workers,
    OfferBusiness: _business,
    RepayPrivate: _repay_private,
    Accept: _answer,
    Decline: _answer,
    DeclineBecause: _answer,
    Counter: _answer,
}
"""The words of each kind of action."""
