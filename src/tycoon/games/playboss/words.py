"""Playboss actions in the game's own words, with their figures, as each seat may read them.

``describe`` is ``PlaybossState.describe``: asked before an action is applied, for the seat
reading (``viewer``; ``None`` for everybody). Seats are named ``seat N`` (from 0), which a
front end replaces with the players' names. What the viewer may not know stays out: a personal
goal written down (step 5) reads "declares a personal goal" to everybody but its owner.

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
from tycoon.games.playboss import labour, market, reasons
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
from tycoon.games.playboss.bankruptcy import lot_name
from tycoon.games.playboss.business import OWN, Business
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

GOAL_WORDS = {
    "profit": "maximum profit",
    "market-share": "the largest market share",
    "production-capacity": "the largest production capacity",
    "sales": "the highest sales",
    "sales-yield": "the highest sales yield",
    "asset-yield": "the highest asset yield",
}
"""Step 5's personal goals as the rulebook names them ("Maximum profit, Largest market share,
Largest production capacity, Highest asset yield, etc.")."""

GOODS_WORDS = {
    "raw": ("raw product", "raw products"),
    "finished": ("finished product", "finished products"),
    "machine": ("single machine", "single machines"),
    "double-machine": ("double machine", "double machines"),
    "computer": ("purchased computer", "purchased computers"),
    "web": ("WEB chip", "WEB chips"),
}


def marks(amount: int) -> str:
    """``12,500 Marks``."""
    return f"{amount:,} Marks"


def count_of(n: int, one: str, many: str | None = None) -> str:
    """``1 worker``, ``3 workers``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def describe(st: PlaybossState, action: Action, viewer: int | None = None) -> str:
    """``action`` in Playboss's words with its figures, as ``viewer`` may read it."""
    words = _WORDS.get(type(action))
    return words(st, action, viewer) if words is not None else str(action)


# --- chance and the turn ------------------------------------------------------------------------


def _die(st: PlaybossState, a: Action, viewer: int | None) -> str:

    assert isinstance(a, Die)
    if st.phase == SETUP:
        return f"The die shows {a.pips} (the roll for who begins)"
    return f"The die shows {a.pips}"


def _risk(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, DrawRisk)
    cards = st.rules.risk_cards
    title = cards[a.card].title if 0 <= a.card < len(cards) else f"card {a.card}"
    return f"Risk card: {title}"


def _roll(st: PlaybossState, a: Action, viewer: int | None) -> str:
    return "Roll the die"


# --- the red field ---------------------------------------------------------------------------


def _mover(st: PlaybossState) -> Business | None:
    """The business whose decision is pending, or None (chance, the game over)."""
    seat = st.current_player()
    return st.businesses[seat] if 0 <= seat < len(st.businesses) else None


def _own(st: PlaybossState, viewer: int | None) -> Business | None:
    """The viewer's business when it reads its own menu (its decision is pending), else None."""
    b = _mover(st)
    return b if b is not None and viewer == b.seat else None


def _purchase(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, Purchase)
    n = a.count
    what = count_of(n, "raw product")
    if not 1 <= n <= sum(st.market):
        return f"Buy {what}"
    cost = market.purchase_cost(st.market, st.rules.zone_prices, n)
    at_market = " at the market price" if st.game.step(2) else ""
    return f"Buy {what}{at_market} for {marks(cost)}"


def _invest(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, Invest)
    price = marks(st.rules.machine_price)
    if a.credit <= 0:
        return f"Invest in a machine: {price}, all in cash"
    return f"Invest in a machine: {price}, {a.credit:,} of it on credit"


def _produce(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, Produce)
    b = _mover(st)
    what = count_of(a.count, "product")
    if b is None or a.count < 1:
        return f"Produce {what}"
    each = labour.production_cost(st, b) if st.game.step(6) else b.production_cost(st.rules)
    return f"Produce {what} for {marks(a.count * each)}"


def _sell(st: PlaybossState, a: Action, viewer: int | None) -> str:
    from tycoon.games.playboss import free_market

    assert isinstance(a, Sell)
    b = _mover(st)
    what = count_of(a.count, "finished product")
    if a.count < 1:
        return f"Sell {what}"
    advertising = b is not None and b.advertising
    free = st.game.step(1) and not advertising and market.empty_dimples(st.market, st.rules.dimples)
    if free:
        # Playboss II, "1. Step": the seller is only the first supplier.
        price = marks(free_market.market_price(st)) + (" each" if a.count != 1 else "")
        return f"Offer {what} at the market price, {price} (the free market)"
    campaign = " with the advertising campaign" if advertising else ""
    return f"Sell {what} for {marks(sum(market.sale_prices(st.market, st.rules, a.count, advertising)))}{campaign}"


def _offer(st: PlaybossState, a: Action, viewer: int | None) -> str:
    from tycoon.games.playboss import free_market

    assert isinstance(a, Offer)
    what = count_of(a.count, "finished product")
    each = " each" if a.count != 1 else ""
    if st.phase == RED and market.empty_dimples(st.market, st.rules.dimples):
        below = f", below the market price of {marks(free_market.market_price(st))}"
        return f"Offer {what} at {marks(a.price)}{each}{below}"
    return f"Offer {what} at {marks(a.price)}{each}"


def _nothing(st: PlaybossState, a: Action, viewer: int | None) -> str:

    phase = st.phase
    if phase == GREEN:
        return "Buy no WEB chip"
    if phase == LABOUR:
        lab = st.expansion.labour
        field = lab.field if lab is not None else -1
        return f"Say nothing more: seat {field}'s red field goes on" if field >= 0 else "Say nothing more"
    if phase in (WHITE, LOSE):
        return "Go on: no machine is left to lose"
    return "Do nothing"


# --- the other fields ----------------------------------------------------------------------------


def _buy_web(st: PlaybossState, a: Action, viewer: int | None) -> str:
    return f"Buy a WEB chip for {marks(st.rules.web_price)}"


def _cost(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, CostChoice)
    r = st.rules
    b = _mover(st)
    if b is None:
        return f"Cost field: {a.choice}"
    if a.choice == "sell-half":
        zones = market.place(st.market.copy(), r.dimples, b.finished)
        earned = sum(r.sale_multiplier * r.zone_prices[z] // 2 for z in zones)
        return f"Sell all {count_of(b.finished, 'finished product')} at half the market price, for {marks(earned)}"
    if a.choice == "produce":
        if st.game.step(6):
            made, cost = labour.cost_field_production(st, b)
            return f"Produce on every machine: {count_of(made, 'product')} for {marks(cost)}, the salaries included"
        made = min(b.ready_capacity(), b.raw)
        return f"Produce on every machine: {count_of(made, 'product')} at {marks(r.cost_field_production)} each"
    if a.choice == "idle":
        n = len(b.machines)
        if not n:
            return "Produce nothing: no machine stands idle, nothing to pay"
        return f"Produce nothing and pay idling costs: {marks(n * r.cost_field_idle)} for {count_of(n, 'machine')}"
    if a.choice == "web":
        return "Pay the cost field with a WEB chip"
    return f"Cost field: {a.choice}"


def machine_words(b: Business | None, index: int) -> str:
    """Machine ``index`` (from 0) of ``b`` as the board lists it: ``machine 2 (double, leased
    from seat 1)``; without the business only its number."""
    if b is None or not 0 <= index < len(b.machines):
        return f"machine {index + 1}"
    m = b.machines[index]
    notes = ["double" if m.double else "single"]
    if m.lessor != OWN:
        notes.append(f"leased from seat {m.lessor}")
    if m.ready > b.turns:
        notes.append("being set up")
    return f"machine {index + 1} ({', '.join(notes)})"


def _write_off(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, WriteOff)
    if a.machine == -1:
        return "Pay the write-off with a WEB chip and keep every machine"
    b = _mover(st)
    if b is not None and 0 <= a.machine < len(b.machines) and b.machines[a.machine].double:
        return f"Write off {machine_words(b, a.machine)}: it falls back to single capacity"
    return f"Write off {machine_words(b, a.machine)}: it goes back to the bank"


def _lose_machine(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, LoseMachine)
    return f"Give up {machine_words(_mover(st), a.machine)}, destroyed"


def _renew_lease(st: PlaybossState, a: Action, viewer: int | None) -> str:
    return f"Renew the computer lease for a year with {count_of(st.rules.lease_webs, 'WEB chip')}"


def _return_computer(st: PlaybossState, a: Action, viewer: int | None) -> str:
    return "Return the leased computer to the bank"


# --- at any time ---------------------------------------------------------------------------------


def _bank_sell(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, BankSell)
    r = st.rules
    each = {"raw": r.repurchase_raw, "finished": r.repurchase_finished}.get(a.goods)
    one, many = GOODS_WORDS.get(a.goods, (a.goods, a.goods))
    what = count_of(a.count, one, many)
    if each is None:
        return f"Sell {what} to the bank"
    return f"Sell {what} to the bank for {marks(a.count * each)}"


def _bank_sell_machine(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, BankSellMachine)
    machine = machine_words(_own(st, viewer), a.machine)
    return f"Sell {machine} to the bank for {marks(st.rules.repurchase_machine)}"


def _bank_sell_computer(st: PlaybossState, a: Action, viewer: int | None) -> str:
    return f"Sell the purchased computer to the bank for {marks(st.rules.repurchase_computer)}"


def _borrow(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, Borrow)
    return f"Borrow {marks(a.amount)} from the bank"


def _repay(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, Repay)
    return f"Repay {marks(a.amount)} of bank debt"


def _improve(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, Improve)
    webs = count_of(st.rules.efficiency_webs, "WEB chip")
    machine = machine_words(_own(st, viewer), a.machine)
    return f"Efficiency improvement with {webs}: {machine} makes two products from now on"


def _advertise(st: PlaybossState, a: Action, viewer: int | None) -> str:
    webs = count_of(st.rules.advertising_webs, "WEB chip")
    return f"Advertising campaign with {webs}: the next red field's sale earns the next higher price"


def _lease_computer(st: PlaybossState, a: Action, viewer: int | None) -> str:
    webs = count_of(st.rules.lease_webs, "WEB chip")
    return f"Lease a computer for a year with {webs}: half the production costs"


def _buy_computer(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, BuyComputer)
    price = marks(st.rules.computer_price)
    if a.credit <= 0:
        return f"Buy a computer: {price}, all in cash"
    return f"Buy a computer: {price}, {a.credit:,} of it on credit"


# --- auctions ------------------------------------------------------------------------------------


def _bid(st: PlaybossState, a: Action, viewer: int | None) -> str:

    assert isinstance(a, Bid)
    if st.phase == BIDDING and st.expansion.auction is not None:
        lot = st.expansion.auction
        if lot.units == 1:
            return f"Bid {marks(a.amount)} for the raw product left in the zone"
        products = count_of(lot.units, "raw product")
        return (
            f"Bid {marks(a.amount)} a unit for the {products} left in the zone ({marks(a.amount * lot.units)} in all)"
        )
    if st.phase == AUCTION and st.auction is not None and st.auction.lots:
        return f"Bid {marks(a.amount)} for {lot_name(st.auction.lots[0])} of seat {st.auction.debtor}"
    return f"Bid {marks(a.amount)}"


def _pass(st: PlaybossState, a: Action, viewer: int | None) -> str:

    if st.phase == UNDERBIDDING:
        return "Withdraw from the bidding: offer nothing more"
    return "Pass: drop out of the bidding"


# --- the expansion steps -------------------------------------------------------------------------


def _found(st: PlaybossState, a: Action, viewer: int | None) -> str:
    return f"Found a marketing organisation for {marks(st.rules.marketing_founding)}"


def _withdraw(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, WithdrawMarketing)
    webs = count_of(st.rules.marketing_webs, "WEB chip")
    return f"Close the marketing organisation in trough {a.trough} and take its {webs} back"


def _marketing_sell(st: PlaybossState, a: Action, viewer: int | None) -> str:
    price = sum(market.sale_prices(st.market, st.rules, 1))
    if not price:
        return "Sell a finished product through the marketing organisation"
    return f"Sell a finished product through the marketing organisation for {marks(price)}"


def _renew_marketing(st: PlaybossState, a: Action, viewer: int | None) -> str:
    return f"Pay {marks(st.rules.marketing_yearly)} for another year of the marketing organisation"


def _give_up_marketing(st: PlaybossState, a: Action, viewer: int | None) -> str:
    webs = count_of(st.rules.marketing_webs, "WEB chip")
    return f"Do not pay: give the marketing organisation up (its {webs} are yours)"


def _declare(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, DeclareGoal)
    # Playboss II, "5. Step": a personal goal is written down; the others learn it after the
    # game. Only the seat whose decision is pending declares one, so the reader is its owner
    # exactly when it is that seat.
    if viewer is not None and viewer == st.current_player() and viewer != CHANCE:
        return f"Write down the personal goal: {GOAL_WORDS.get(a.goal, a.goal)}"
    return "declares a personal goal"


def _hire(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, Hire)
    return f"Hire {count_of(a.count, 'worker')} at {marks(st.rules.salary)} each per red field"


def _notice(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, GiveNotice)
    return f"Give notice to {count_of(a.count, 'worker')} of seat {a.seat}: leaving on its next red field"


def _strike(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, CallStrike)
    return f"Call a strike at seat {a.seat}: active on its next red field unless agreed before"


def _end_strike(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, EndStrike)
    return f"End the strike at seat {a.seat}"


def _lockout(st: PlaybossState, a: Action, viewer: int | None) -> str:
    idle = marks(st.rules.lockout_idle)
    return f"Lock out the workers: no salaries, no production, {idle} a machine on each red field"


def _end_lockout(st: PlaybossState, a: Action, viewer: int | None) -> str:
    return "End the lockout"


# --- private business between players -----------------------------------------------------------


def _trade(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, OfferTrade)
    one, many = GOODS_WORDS.get(a.goods, (a.goods, a.goods))
    what = count_of(a.count, one, many)
    each = f" ({marks(a.marks // a.count)} each)" if a.count > 1 else ""
    if a.sell:
        return f"Offer seat {a.to} to sell it {what} for {marks(a.marks)}{each}"
    return f"Offer seat {a.to} to buy {what} from it for {marks(a.marks)}{each}"


def _loan_terms(amount: int, interest: int, fee: int, laps: int) -> str:
    due = f"due at the borrower's {_nth(laps)} crossing of start" if laps else "repaid by agreement"
    if interest and fee:
        cost = f"at {interest}% and a fee of {marks(fee)} a year"
    elif interest:
        cost = f"at {interest}% a year, no fee"
    elif fee:
        cost = f"free of interest, a fee of {marks(fee)} a year"
    else:
        cost = "free of interest and fees"
    return f"{marks(amount)} {cost}, {due}"


def _lease_terms(rent: int, laps: int) -> str:
    """``for 2,000 Marks rent at each of the lessee's next 2 crossings of start``."""
    if laps == 1:
        return (
            f"for {marks(rent)} rent, until the lessee's next crossing of start"
            if rent
            else ("free of rent, until the lessee's next crossing of start")
        )
    if rent:
        return f"for {marks(rent)} rent at each of the lessee's next {laps} crossings of start"
    return f"free of rent, for the lessee's next {laps} crossings of start"


def _nth(n: int) -> str:
    return {1: "next", 2: "second", 3: "third"}.get(n, f"{n}th")


def _loan(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, OfferLoan)
    terms = _loan_terms(a.amount, a.interest, a.fee, a.laps)
    return f"Offer seat {a.to} a loan of {terms}" if a.lend else f"Ask seat {a.to} for a loan of {terms}"


def _lease(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, OfferLease)
    kind = "double machine" if a.double else "single machine"
    terms = _lease_terms(a.rent, a.laps)
    if a.lend:
        return f"Offer seat {a.to} to lease it a {kind} {terms}"
    return f"Ask seat {a.to} to lease you a {kind} {terms}"


def _workers(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, OfferWorkers)
    salary = f"a salary of {marks(a.salary)} per worker and red field"
    lab = st.expansion.labour
    rep = lab.rep if lab is not None else -1
    if a.to == rep:  # a business asks the representative
        hired = f"{count_of(a.count, 'more worker')} and " if a.count else ""
        return f"Offer the worker representative, seat {a.to}, an agreement: {hired}{salary} for all its workers"
    hired = f"{count_of(a.count, 'more worker')} and " if a.count else ""
    return f"Offer seat {a.to} an agreement: {hired}{salary} for all its workers"


def _business(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, OfferBusiness)
    if a.buy:
        return f"Offer seat {a.to} {marks(a.marks)} for its whole business"
    return f"Offer seat {a.to} the whole business for {marks(a.marks)}"


def _repay_private(st: PlaybossState, a: Action, viewer: int | None) -> str:
    assert isinstance(a, RepayPrivate)
    return f"Repay {marks(a.amount)} of what you owe seat {a.lender}"


def offer_words(offer: Action) -> str:
    """An offer as its recipient reads it, after "seat N offers you": ``to sell you 3 raw
    products for 900 Marks``."""
    if isinstance(offer, OfferTrade):
        one, many = GOODS_WORDS.get(offer.goods, (offer.goods, offer.goods))
        what = count_of(offer.count, one, many)
        return (
            f"to sell you {what} for {marks(offer.marks)}" if offer.sell else f"to buy {what} for {marks(offer.marks)}"
        )
    if isinstance(offer, OfferLoan):
        terms = _loan_terms(offer.amount, offer.interest, offer.fee, offer.laps)
        return f"a loan of {terms}" if offer.lend else f"to borrow {terms}"
    if isinstance(offer, OfferLease):
        kind = "double machine" if offer.double else "single machine"
        terms = _lease_terms(offer.rent, offer.laps)
        return f"to lease you a {kind} {terms}" if offer.lend else f"to lease your {kind} {terms}"
    if isinstance(offer, OfferWorkers):
        hired = f"{count_of(offer.count, 'more worker')} and " if offer.count else ""
        return f"an agreement on {hired}a salary of {marks(offer.salary)} per worker and red field"
    if isinstance(offer, OfferBusiness):
        return (
            f"to buy your business for {marks(offer.marks)}" if offer.buy else f"its business for {marks(offer.marks)}"
        )
    return str(offer)


def offer_told(offerer: int, offer: Action) -> str:
    """The narration of an offer made: ``Seat 1 offers to buy 3 raw products from seat 0 for 900
    Marks``."""
    o = f"Seat {offerer}"
    if isinstance(offer, OfferTrade):
        one, many = GOODS_WORDS.get(offer.goods, (offer.goods, offer.goods))
        what = count_of(offer.count, one, many)
        if offer.sell:
            return f"{o} offers to sell seat {offer.to} {what} for {marks(offer.marks)}"
        return f"{o} offers to buy {what} from seat {offer.to} for {marks(offer.marks)}"
    if isinstance(offer, OfferLoan):
        terms = _loan_terms(offer.amount, offer.interest, offer.fee, offer.laps)
        return (
            f"{o} offers seat {offer.to} a loan of {terms}"
            if offer.lend
            else f"{o} asks seat {offer.to} for a loan of {terms}"
        )
    if isinstance(offer, OfferLease):
        kind = "double machine" if offer.double else "single machine"
        terms = _lease_terms(offer.rent, offer.laps)
        if offer.lend:
            return f"{o} offers to lease seat {offer.to} a {kind} {terms}"
        return f"{o} asks to lease a {kind} of seat {offer.to}'s {terms}"
    if isinstance(offer, OfferWorkers):
        hired = f"{count_of(offer.count, 'more worker')} and " if offer.count else ""
        salary = f"a salary of {marks(offer.salary)} per worker and red field"
        return f"{o} offers seat {offer.to} an agreement on {hired}{salary}"
    if isinstance(offer, OfferBusiness):
        if offer.buy:
            return f"{o} offers seat {offer.to} {marks(offer.marks)} for its business"
        return f"{o} offers seat {offer.to} its own business for {marks(offer.marks)}"
    return f"{o} offers seat {getattr(offer, 'to', '?')}: {offer}"


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


def deal_terms(st: PlaybossData, offerer: int, offer: Action) -> str:
    """A deal between two seats as a statement of who does what (``seat 0 borrows 3,000 Marks
    from seat 2 at 8% a year, no fee, due at the borrower's second crossing of start``): the
    terms on the table, whichever side offered them."""
    o = f"seat {offerer}"
    if isinstance(offer, OfferTrade):
        one, many = GOODS_WORDS.get(offer.goods, (offer.goods, offer.goods))
        what = count_of(offer.count, one, many)
        each = f" ({marks(offer.marks // offer.count)} each)" if offer.count > 1 else ""
        if offer.sell:
            return f"{o} sells seat {offer.to} {what} for {marks(offer.marks)}{each}"
        return f"{o} buys {what} from seat {offer.to} for {marks(offer.marks)}{each}"
    if isinstance(offer, OfferLoan):
        terms = _loan_terms(offer.amount, offer.interest, offer.fee, offer.laps)
        if offer.lend:
            return f"{o} lends seat {offer.to} {terms}"
        return f"seat {offer.to} lends {o} {terms}"
    if isinstance(offer, OfferLease):
        kind = "double machine" if offer.double else "single machine"
        terms = _lease_terms(offer.rent, offer.laps)
        if offer.lend:
            return f"{o} leases seat {offer.to} a {kind} {terms}"
        return f"{o} leases a {kind} of seat {offer.to}'s {terms}"
    if isinstance(offer, OfferWorkers):
        lab = st.expansion.labour
        business = offer.to if lab is not None and offerer == lab.rep else offerer
        rep = offerer if business == offer.to else offer.to
        hired = f"{count_of(offer.count, 'more worker')} and " if offer.count else ""
        salary = f"a salary of {marks(offer.salary)} per worker and red field"
        return f"seat {business} agrees with the worker representative, seat {rep}, on {hired}{salary}"
    if isinstance(offer, OfferBusiness):
        if offer.buy:
            return f"{o} buys seat {offer.to}'s whole business for {marks(offer.marks)}"
        return f"{o} sells its whole business to seat {offer.to} for {marks(offer.marks)}"
    return f"{o}: {offer}"


def _answer(st: PlaybossState, a: Action, viewer: int | None) -> str:
    d = st.deals
    verb = {Accept: "Accept", Decline: "Decline", DeclineBecause: "Decline", Counter: "Counter"}[type(a)]
    countering = st.phase == COUNTER and d.counter is not None
    deal = d.counter if countering else d.offer
    if deal is None:
        return f"{verb} the offer"
    if countering:
        by = deal.to
        what = f"seat {by}'s counter-offer {_of(offer_words(mirrored(deal)))}"
    else:
        what = f"seat {d.offerer}'s offer {_of(offer_words(deal))}"
    if isinstance(a, (DeclineBecause, Counter)):
        seat = d.offerer if countering else deal.to
        facts = reasons.figures(st, a.reason, reasons.side_of(st, deal, d.offerer, seat))
        if facts is not None:
            because = reason_text(a.reason, facts)
        else:
            because = reasons.REASONS.line(a.reason) if a.reason in reasons.REASONS else a.reason
        if isinstance(a, DeclineBecause):
            return f"{verb} {what}: {because}"
        return f"Counter {what}: {asked_terms(deal, a.terms)}; {because}"
    return f"{verb} {what}"


def _of(words: str) -> str:
    """``offer_words`` after "an offer": ``to buy ...`` as it is, ``a loan of ...`` as ``of a
    loan of ...``."""
    return f"of {words}" if words.startswith(("a ", "an ")) else words


# --- answers to offers, and their reasons --------------------------------------------------------

REASON_TEMPLATES = {
    "price": "the terms do not suit {seat}",
    "short-of-cash": "{seat} would keep only {left} in cash",
    "market-cheaper": "the market sells a raw product for {market}, not {each}",
    "bank-pays-more": "the bank pays {bank} for a {goods}, not {each}",
    "below-valuation": "{each} is less than the {value} a {goods} counts at the end of the game",
    "above-valuation": "{each} is more than the {value} a {goods} counts at the end of the game",
    "own-use": "{seat}'s machines make {capacity} a red field, and it would keep only {kept}",
    "no-capacity": "{seat}'s machines make {capacity} a red field, and it holds {raw} already",
    "bank-cheaper": "the bank's credit would cost {seat} {bank} a year, not {yearly}, and it may borrow {room} more",
    "cash-in-hand": "{seat} holds {cash} in cash itself",
    "below-bank": "{yearly} a year is less than the {bank} the bank charges for the same credit",
    "borrower-cash": "{borrower} holds only {cash} in cash",
    "borrower-debt": "{borrower} owes the bank {debt} and other players {owed}",
    "no-due-date": "the loan has no date: {borrower} repays it when it likes",
    "machines-busy": "{seat}'s machines make {capacity} a red field, and it holds {raw} to work",
    "no-raw": "{seat}'s machines make {capacity} a red field, and it holds only {raw}",
    "salary-above": "a salary of {salary} is above the {highest} the best-paid workers get",
    "salary-below": "a salary of {salary} is below the {highest} the best-paid workers get",
    "below-book": "{marks} is less than the {book} {seller}'s business is worth on its balance sheet",
    "above-book": "{marks} is more than the {book} {seller}'s business is worth on its balance sheet",
}
"""Each reason (``reasons.REASONS``) in the game's words: one template per key, its figures
named as ``reasons.figures`` finds them and written as ``PARAMETERS`` says."""

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
"""What each figure of a reason is, so that it is written the one way: a seat as ``seat N``
(a front end puts the name in), Marks as ``1,500 Marks``, products counted (``2 products``,
``1 raw product``), goods by their name (``single machine``)."""


def reason_text(key: str, facts: reasons.Facts) -> str:
    """The reason ``key`` in words, with its figures ``facts``."""

    def written(name: str, value: JSONValue) -> str:
        kind = PARAMETERS[name]
        if kind == "seat":
            return f"seat {value}"
        if kind == "money":
            return marks(int(value))
        if kind == "products":
            return count_of(int(value), "product")
        if kind == "raw products":
            return count_of(int(value), "raw product")
        if kind == "goods":
            return GOODS_WORDS.get(str(value), (str(value), str(value)))[0]
        return str(value)

    template = REASON_TEMPLATES[key]
    for (variant_key, figure), variant in ZERO_VARIANTS.items():
        if variant_key == key and facts.get(figure) == 0:
            template = variant
            break
    return template.format(**{name: written(name, value) for name, value in facts.items()})


ZERO_VARIANTS = {
    ("borrower-debt", "owed"): "{borrower} owes the bank {debt}",
    ("borrower-debt", "debt"): "{borrower} owes other players {owed}",
    ("borrower-cash", "cash"): "{borrower} holds no cash",
    ("no-raw", "raw"): "{seat}'s machines make {capacity} a red field, and it holds no raw product",
}
"""A reason's words when one of its figures is 0 (key, figure): "owes the bank 2,000 Marks", not
"owes the bank 2,000 Marks and other players 0 Marks"."""


def asked_terms(deal: Action, terms: int) -> str:
    """A counter-offer's terms in words: ``8% a year``, ``900 Marks``."""
    if isinstance(deal, OfferLoan):
        return f"{terms}% a year"
    if isinstance(deal, OfferLease):
        return f"{marks(terms)} rent a year"
    if isinstance(deal, OfferWorkers):
        return f"a salary of {marks(terms)}"
    return marks(terms)


def _offered(deal: Action) -> str:
    """What a counter-offer compares: the offer's terms and what they are for (``5% on a loan
    of 3,000 Marks over 2 crossings of start``)."""
    if isinstance(deal, OfferTrade):
        one, many = GOODS_WORDS.get(deal.goods, (deal.goods, deal.goods))
        return f"{marks(deal.marks)} for {count_of(deal.count, one, many)}"
    if isinstance(deal, OfferLoan):
        fee = f" and a fee of {marks(deal.fee)}" if deal.fee else ""
        term = f"over {count_of(deal.laps, 'crossing')} of start" if deal.laps else "repaid by agreement"
        return f"{deal.interest}%{fee} on a loan of {marks(deal.amount)} {term}"
    if isinstance(deal, OfferLease):
        kind = "double machine" if deal.double else "single machine"
        return f"{marks(deal.rent)} rent a year for a {kind}"
    if isinstance(deal, OfferWorkers):
        return f"a salary of {marks(deal.salary)} per worker and red field"
    if isinstance(deal, OfferBusiness):
        return f"{marks(deal.marks)} for the business"
    return str(deal)


def _asks(st: PlaybossData, deal: Deal, terms: int, seat: int) -> str:
    """How a counter-offer of ``terms`` by ``seat`` to ``deal`` compares with it (``5% on a loan
    of 3,000 Marks over 2 crossings of start is less than the 8% seat 2 asks``)."""
    asked = f"{terms}%" if isinstance(deal, OfferLoan) else marks(terms)
    if reasons.payer_of(st, deal, st.deals.offerer) == seat:
        return f"{_offered(deal)} is more than the {asked} seat {seat} offers"
    return f"{_offered(deal)} is less than the {asked} seat {seat} asks"


def said(st: PlaybossData, seat: int, action: Action, countering: bool) -> Said:
    """The answer ``action`` of ``seat`` to the deal it answers (the offer, or the counter-offer
    handed back, when ``countering``), as the table hears it, read before it is carried out:
    ``Seat 2 declines: 5% on a loan of 3,000 Marks over 2 crossings of start is less than the 8%
    seat 2 asks; seat 0 holds only 1,200 Marks in cash.``"""
    d = st.deals
    deal = d.counter if countering else d.offer
    assert deal is not None
    key = action.reason if isinstance(action, (DeclineBecause, Counter)) else ""
    facts: reasons.Facts = {}
    if key:
        facts = reasons.figures(st, key, reasons.side_of(st, deal, d.offerer, seat)) or {}
    because = reason_text(key, facts) if key else ""
    whose = f"seat {deal.to}'s counter-offer" if countering else f"seat {d.offerer}'s offer"
    to = deal.to if countering else d.offerer
    if isinstance(action, Accept):
        text = f"Seat {seat} accepts {whose}."
    elif isinstance(action, Decline):
        text = f"Seat {seat} declines {whose}."
    elif isinstance(action, DeclineBecause):
        text = f"Seat {seat} declines {whose}: {because}."
    else:
        assert isinstance(action, Counter)
        clauses = [_asks(st, deal, action.terms, seat)]
        if key != reasons.NEUTRAL:
            clauses.append(because)
        text = f"Seat {seat} declines: {'; '.join(clauses)}."
    return Said(seat, to, action.kind, key, tuple(facts.items()), text)


Describer = Callable[["PlaybossState", Action, "int | None"], str]

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
