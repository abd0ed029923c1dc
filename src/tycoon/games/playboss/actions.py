"""Playboss actions, one frozen dataclass per kind. The text form is the kind and its values
(``invest 5000``, ``bank-sell raw 2``); ``words.py`` gives each in the game's own words.

Machines are named by their index in the business's machine list, from 0 (``view`` shows the
list in that order). Seats are numbered from 0; the fields that hold a seat are each class's
``seat_fields``, so a front end can show and read them as names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tycoon.core.actions import Action, ActionCodec, action
from tycoon.core.messages import Text, msg

MARKS = msg("pb.marks_unit")
"""The unit a form's field of Marks shows ("Marks", "Mark", "marek")."""

# --- chance -----------------------------------------------------------------------------


@action("die")
class Die(Action):
    """Chance: the die is rolled, for who begins or to move the piece of the seat on its turn."""

    pips: int
    """The number shown, 1 to 6."""


@action("risk")
class DrawRisk(Action):
    """Chance: a risk card is drawn on the blue field (one of those not seen yet, until the stack
    comes round again)."""

    card: int
    """The card's number: its place in ``data/risk_cards.toml``, 0 to 29."""


# --- the turn ---------------------------------------------------------------------------


@action("roll")
class Roll(Action):
    """Done with business before the roll: roll the die and move."""


# --- red decision field (rulebook I, "The Red Decision Field") --------------------------


@action("purchase")
class Purchase(Action):
    """Red field, decision 1: buy raw products from the market, cheapest occupied zone first, at
    the zones' prices, in cash (with step 2 at most 2 at the market price; the rest of that zone
    is then auctioned)."""

    field_labels: ClassVar[Mapping[str, Text]] = {"count": msg("pb.fam.field.count")}

    count: int
    """Raw products to buy, 1 or more."""


@action("invest")
class Invest(Action):
    """Red field, decision 2: buy a machine from the bank for 10,000 Marks; it produces from the
    turn after next (with step 6, from the next red field)."""

    field_labels: ClassVar[Mapping[str, Text]] = {"credit": msg("pb.fam.field.credit")}
    field_units: ClassVar[Mapping[str, Text]] = {"credit": MARKS}

    credit: int
    """Marks of the price borrowed from the bank, in 500s, at most 5,000; 0: all paid in cash
    (``invest 5000``: 5,000 in cash and 5,000 on credit)."""


@action("produce")
class Produce(Action):
    """Red field, decision 3: turn raw products into finished ones, one per ready machine (two on
    a double one), at 1,000 Marks each (500 with a computer; with step 6 500 and 250, besides
    the field's other decision)."""

    field_labels: ClassVar[Mapping[str, Text]] = {"count": msg("pb.fam.field.count")}

    count: int
    """Products to make, 1 up to what the machines, the raw products and the cash allow."""


@action("sell")
class Sell(Action):
    """Red field, decision 4: sell finished products into the market's dearest empty dimples, at
    ten times each dimple's zone price (with an advertising campaign the next higher price; with
    step 1 this announces them at the market price and opens the underbidding)."""

    field_labels: ClassVar[Mapping[str, Text]] = {"count": msg("pb.fam.field.count")}

    count: int
    """Finished products to sell, 1 up to those held (with step 6 not those made on this turn)."""


@action("nothing")
class DoNothing(Action):
    """Red field, decision 5: do nothing. Also: buy no WEB on a green field; the worker
    representative's "nothing more to say" (step 6); going on when no machine is left to lose."""


# --- green WEB field --------------------------------------------------------------------


@action("buy-web")
class BuyWeb(Action):
    """Green field: buy one WEB chip from the bank for 1,000 Marks."""


# --- yellow cost field (rulebook I, "The Yellow Cost Field") ----------------------------

COST_CHOICES = ("sell-half", "produce", "idle", "web")
"""sell-half: sell all finished products at half the market price; produce: produce on every
machine at 3,000 per product; idle: produce nothing and pay 1,000 per machine; web: pay 1 WEB."""


@action("cost")
class CostChoice(Action):
    """Yellow cost field: one of its four choices."""

    choice: str
    """``sell-half`` (all finished products at half the market price), ``produce`` (on every
    machine at 3,000 per product), ``idle`` (1,000 per machine) or ``web`` (pay 1 WEB chip)."""


# --- white write-off field and machine losses -------------------------------------------


@action("write-off")
class WriteOff(Action):
    """White field: a machine reaches the end of its life and goes back to the bank (a double one
    only falls back to single), unless 1 WEB chip is paid instead."""

    machine: int
    """The machine written off, its index from 0; -1: pay 1 WEB chip and keep every machine."""


@action("lose-machine")
class LoseMachine(Action):
    """A risk card destroyed a machine: the owner says which one goes back to the bank (its own
    before a leased one)."""

    machine: int
    """The machine lost, its index from 0."""


# --- computer lease renewal -------------------------------------------------------------


@action("renew-lease")
class RenewLease(Action):
    """The leased computer's year is up: pay 2 WEB chips again and keep it for another year."""


@action("return-computer")
class ReturnComputer(Action):
    """The leased computer's year is up: give it back to the bank."""


# --- at any time ------------------------------------------------------------------------


@action("bank-sell")
class BankSell(Action):
    """At any time: sell products back to the bank, 150 Marks a raw product, 1,500 a finished
    one; they go into the market's dearest open zone."""

    field_labels: ClassVar[Mapping[str, Text]] = {
        "goods": msg("pb.fam.field.goods"),
        "count": msg("pb.fam.field.count"),
    }

    goods: str
    """``raw`` or ``finished``."""
    count: int
    """Products to sell, 1 up to those held."""


@action("bank-sell-machine")
class BankSellMachine(Action):
    """At any time: sell one of your own machines back to the bank for 5,000 Marks (single or
    double); the bank first keeps what the debt it secured exceeds the new credit limit by."""

    machine: int
    """The machine sold, its index from 0."""


@action("bank-sell-computer")
class BankSellComputer(Action):
    """At any time: sell the purchased computer back to the bank for 10,000 Marks (a leased one
    cannot be sold)."""


@action("borrow")
class Borrow(Action):
    """At any time: take bank credit, up to 5,000 Marks per machine owned and 10,000 for a
    purchased computer; 10% interest and 1,000 fees at each crossing of start."""

    field_labels: ClassVar[Mapping[str, Text]] = {"amount": msg("pb.fam.field.amount")}
    field_units: ClassVar[Mapping[str, Text]] = {"amount": MARKS}

    amount: int
    """Marks borrowed, in 500s, up to the credit limit left."""


@action("repay")
class Repay(Action):
    """At any time: pay bank debt back (repaid in full before crossing start, it costs no
    interest)."""

    field_labels: ClassVar[Mapping[str, Text]] = {"amount": msg("pb.fam.field.amount")}
    field_units: ClassVar[Mapping[str, Text]] = {"amount": MARKS}

    amount: int
    """Marks repaid, in 500s (or the whole debt), up to the debt and the cash."""


@action("improve")
class Improve(Action):
    """At any time, an efficiency improvement for 3 WEB chips: turn one of your own single
    machines to its double side; it makes two products a red field."""

    machine: int
    """The machine improved, its index from 0."""


@action("advertise")
class Advertise(Action):
    """At any time, an advertising campaign for 2 WEB chips: a sale on the next red field earns
    the next higher price, at most 5,000 Marks a product, and cannot be underbid."""


@action("lease-computer")
class LeaseComputer(Action):
    """At any time: lease a computer for a year for 2 WEB chips, put on the space the piece
    stands on; production costs half."""


@action("buy-computer")
class BuyComputer(Action):
    """At any time: buy a computer from the bank for 20,000 Marks; production costs half."""

    field_labels: ClassVar[Mapping[str, Text]] = {"credit": msg("pb.fam.field.credit")}
    field_units: ClassVar[Mapping[str, Text]] = {"credit": MARKS}

    credit: int
    """Marks of the price borrowed from the bank, in 500s, at most 10,000; 0: all in cash."""


# --- bankruptcy auction -----------------------------------------------------------------


@action("bid")
class Bid(Action):
    """At an auction: at a bankruptcy auction a bid for the lot under the hammer; at step 2's
    purchase auction a bid per unit for the rest of the price zone."""

    amount: int
    """Marks bid: for the whole lot at a bankruptcy auction; per raw product at a purchase
    auction (more than the standing price, by one of the raises)."""


@action("pass")
class Pass(Action):
    """Drop out of the bidding for this lot (in step 1's underbidding: withdraw the whole offer)."""


# --- Part II, the expansion steps -------------------------------------------------------


@action("found-marketing")
class FoundMarketing(Action):
    """Step 3, at any time: found a marketing organisation in the first free trough for 20,000
    Marks; the bank puts 3 WEB chips in it; 15,000 more at each crossing of start."""


@action("withdraw-marketing")
class WithdrawMarketing(Action):
    """Step 3, at any time: take the 3 WEB chips out of one of your troughs; the organisation
    closes and the WEBs are yours."""

    trough: int
    """The trough, 0 to 2."""


@action("marketing-sell")
class MarketingSell(Action):
    """Step 3, on one's own turn: sell one finished product through a marketing organisation,
    without competition, at the market price (one a turn, however many organisations)."""


@action("renew-marketing")
class RenewMarketing(Action):
    """Step 3, crossing start: pay the 15,000 due for the marketing organisation in question."""


@action("give-up-marketing")
class GiveUpMarketing(Action):
    """Step 3, crossing start: do not pay; the trough is free again and its WEBs are yours."""


@action("offer")
class Offer(Action):
    """Step 1, the free market: on a red field the first supplier's announcement below the
    market price (``sell`` announces at the market price); in the underbidding rounds an offer
    at the round's price point or one step (500) below it. ``pass`` withdraws the whole offer."""

    count: int
    """Finished products offered: at most those held, and in the rounds at most the last offer."""
    price: int
    """Marks asked per product, a multiple of 500, at least 500."""


@action("declare-goal")
class DeclareGoal(Action):
    """Step 5, on one's own turn before the first roll: write down a personal goal, kept secret
    until the game is over and then discussed."""

    goal: str
    """``profit``, ``market-share``, ``production-capacity``, ``sales``, ``sales-yield`` or
    ``asset-yield``."""


# --- step 6, the labour market (Playboss II, "6. Step: Labor Market") ------------------------


@action("hire")
class Hire(Action):
    """Step 6, at any time in the first lap: take worker units from the worker representative at
    the starting salary (500 Marks per worker and red field); later, agree with him
    (``offer-workers``)."""

    field_labels: ClassVar[Mapping[str, Text]] = {"count": msg("pb.fam.field.workers")}

    count: int
    """Workers hired, 1 up to those in his hand."""


@action("notice")
class GiveNotice(Action):
    """Step 6, on a business's red field, by that business or the worker representative: some of
    its workers leave on its next red field (they produce and are paid a last time there)."""

    field_labels: ClassVar[Mapping[str, Text]] = {
        "seat": msg("pb.fam.field.business"),
        "count": msg("pb.fam.field.workers"),
    }
    seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    seat: int
    """The business whose workers leave (the one on the red field)."""
    count: int
    """Workers given notice, 1 up to those not leaving already."""


@action("strike")
class CallStrike(Action):
    """Step 6, the worker representative when a business lands on a red field: call a strike at
    a business; it becomes active on that business's next red field unless they agree first."""

    seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    seat: int
    """The business struck (any business employing workers)."""


@action("end-strike")
class EndStrike(Action):
    """Step 6, the worker representative at any time: end a strike."""

    seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    seat: int
    """The business whose strike ends."""


@action("lockout")
class Lockout(Action):
    """Step 6, a business at any time while another business is struck: lock its workers out (no
    salaries, no production, 300 Marks a machine on each red field)."""


@action("end-lockout")
class EndLockout(Action):
    """Step 6, a business at any time: end its lockout."""


LABOUR_ANYTIME = (Hire, GiveNotice, EndStrike, Lockout, EndLockout)
"""Step 6's actions that do not wait for a decision of their own."""

ROLL, PASS, DO_NOTHING = Roll(), Pass(), DoNothing()
"""The actions without fields, each made once: an action is a value (frozen, equal to any other
of its kind), and these are listed and chosen at most decisions."""

ANYTIME = (BankSell, BankSellMachine, BankSellComputer, Borrow, Repay, Improve, Advertise, LeaseComputer, BuyComputer)
"""The actions the rulebook allows "at any time" in the base model."""

STEP_ANYTIME = (FoundMarketing, WithdrawMarketing, MarketingSell, DeclareGoal, *LABOUR_ANYTIME)
"""The expansion steps' actions that do not wait for a decision of their own."""


# --- private business between players (Playboss I, "Private Business between Players") ---

TRADE_GOODS = ("raw", "finished", "machine", "double-machine", "computer", "web")
"""What players trade for Marks: raw or finished products, a single or a double machine, a
purchased computer, WEB chips."""


@action("offer-trade")
class OfferTrade(Action):
    """At any time: offer another player a trade of goods for Marks, at any price; it answers."""

    seat_fields: ClassVar[tuple[str, ...]] = ("to",)
    field_labels: ClassVar[Mapping[str, Text]] = {
        "to": msg("pb.fam.field.with"),
        "goods": msg("pb.fam.field.goods"),
        "count": msg("pb.fam.field.count"),
        "marks": msg("pb.fam.field.price_all"),
        "sell": msg("pb.fam.field.sell"),
    }
    field_units: ClassVar[Mapping[str, Text]] = {"marks": MARKS}
    to: int
    """The seat the offer is made to."""
    goods: str
    """``raw``, ``finished``, ``machine`` (single), ``double-machine``, ``computer`` (a purchased
    one) or ``web``."""
    count: int
    """Units traded, 1 or more (machines and computers one at a time)."""
    marks: int
    """The price in Marks for all of them, 0 or more."""
    sell: bool
    """yes: the offering seat sells them to ``to``; no: it buys them from ``to``."""


@action("offer-loan")
class OfferLoan(Action):
    """At any time: offer another player a private loan on freely agreed terms; it answers. The
    borrower pays the interest and the fee at each of its crossings of start."""

    seat_fields: ClassVar[tuple[str, ...]] = ("to",)
    field_labels: ClassVar[Mapping[str, Text]] = {
        "to": msg("pb.fam.field.with"),
        "amount": msg("pb.fam.field.amount"),
        "interest": msg("pb.fam.field.interest"),
        "fee": msg("pb.fam.field.fee"),
        "laps": msg("pb.fam.field.due"),
        "lend": msg("pb.fam.field.lend"),
    }
    field_units: ClassVar[Mapping[str, Text]] = {"amount": MARKS, "interest": "%", "fee": MARKS}
    to: int
    """The seat the offer is made to."""
    amount: int
    """Marks lent, above 0."""
    interest: int
    """Percent of the amount outstanding due at each of the borrower's crossings of start; 0:
    none."""
    fee: int
    """Marks due at each of the borrower's crossings of start until repaid; 0: none."""
    laps: int
    """The borrower's crossing of start, from now, at which the amount is due (1: the next);
    0: repaid by agreement, at any time, at the latest at the end of the game."""
    lend: bool
    """yes: the offering seat lends to ``to``; no: it asks ``to`` for the loan."""


@action("offer-lease")
class OfferLease(Action):
    """At any time: offer another player a machine lease; it answers. The machine stays its
    owner's asset and moves into the lessee's factory until the lease ends."""

    seat_fields: ClassVar[tuple[str, ...]] = ("to",)
    field_labels: ClassVar[Mapping[str, Text]] = {
        "to": msg("pb.fam.field.with"),
        "double": msg("pb.fam.field.double"),
        "rent": msg("pb.fam.field.rent"),
        "laps": msg("pb.fam.field.runs"),
        "lend": msg("pb.fam.field.lease_out"),
    }
    field_units: ClassVar[Mapping[str, Text]] = {"rent": MARKS}
    to: int
    """The seat the offer is made to."""
    double: bool
    """yes: a double machine; no: a single one."""
    rent: int
    """Marks the lessee pays at each of its crossings of start while the lease runs; 0: free."""
    laps: int
    """The lessee's crossings of start the lease runs, 1 or more: at the last the machine goes
    back."""
    lend: bool
    """yes: the offering seat leases one of its own machines out to ``to``; no: it asks to lease
    one of ``to``'s."""


@action("accept")
class Accept(Action):
    """Accept the deal offered to you: it is carried out at once."""


@action("decline")
class Decline(Action):
    """Decline the deal offered to you (or the counter-offer handed back to you), saying
    nothing: nothing changes."""


@action("decline-because")
class DeclineBecause(Action):
    """Decline the deal offered to you (or the counter-offer handed back to you), saying why
    (``decline-because market-cheaper``): the reason is a key of ``reasons.REASONS`` that holds
    for the deal, told in the game's words with its figures."""

    field_labels: ClassVar[Mapping[str, Text]] = {"reason": msg("pb.fam.field.because")}
    reason: str
    """Why, as a key of ``reasons.REASONS`` that holds for your part in the deal."""


@action("counter")
class Counter(Action):
    """Decline the deal offered to you and hand back the same deal at your money terms
    (``counter 8 borrower-means``: the loan at 8%): a trade's or a takeover's price, a loan's
    interest, a lease's rent, an agreement's salary; always better for you than the offer, and
    terms the one who offered can honour. It accepts or declines; a counter-offer is not
    countered again."""

    field_labels: ClassVar[Mapping[str, Text]] = {"reason": msg("pb.fam.field.because")}
    terms: int
    """The deal's money terms as you ask them: the price in Marks of a trade (for all the goods)
    or of a takeover, a loan's interest in percent a year (its amount, fee and term as
    offered), a lease's rent in Marks a year, the salary in Marks per worker and red field."""
    reason: str
    """Why, as a key of ``reasons.REASONS`` that holds for your part in the deal as offered
    (``price`` says no more than the terms)."""


@action("repay-private")
class RepayPrivate(Action):
    """At any time: pay back part or all of a private loan (interest in arrears first)."""

    field_labels: ClassVar[Mapping[str, Text]] = {
        "lender": msg("pb.fam.field.lender"),
        "amount": msg("pb.fam.field.amount"),
    }
    field_units: ClassVar[Mapping[str, Text]] = {"amount": MARKS}
    seat_fields: ClassVar[tuple[str, ...]] = ("lender",)
    lender: int
    """The seat that lent the money."""
    amount: int
    """Marks repaid, 1 up to what is owed to it."""


@action("offer-workers")
class OfferWorkers(Action):
    """Step 6, after the first lap: an agreement offered between a business and the worker
    representative, on more workers and the salary of all the business's workers. Accepted, it
    ends a strike at that business."""

    seat_fields: ClassVar[tuple[str, ...]] = ("to",)
    field_labels: ClassVar[Mapping[str, Text]] = {
        "to": msg("pb.fam.field.with"),
        "count": msg("pb.fam.field.more_workers"),
        "salary": msg("pb.fam.field.salary"),
    }
    field_units: ClassVar[Mapping[str, Text]] = {"salary": MARKS}
    to: int
    """The other side: the representative when a business offers, the business when he does."""
    count: int
    """More worker units the business takes; 0: none, only the salary is agreed."""
    salary: int
    """Marks per worker and red field, for all its workers from now on."""


@action("offer-business")
class OfferBusiness(Action):
    """With step 4 or 6, between turns: offer a takeover of a whole business; the buyer takes over
    everything the business is, the seller leaves the game with the price (``takeover.py``)."""

    seat_fields: ClassVar[tuple[str, ...]] = ("to",)
    field_labels: ClassVar[Mapping[str, Text]] = {
        "to": msg("pb.fam.field.with"),
        "marks": msg("pb.fam.field.price"),
        "buy": msg("pb.fam.field.buy"),
    }
    field_units: ClassVar[Mapping[str, Text]] = {"marks": MARKS}
    to: int
    """The seat the offer is made to."""
    marks: int
    """The price in Marks, 0 or more, paid in cash."""
    buy: bool
    """yes: the offering seat buys ``to``'s business; no: it sells its own to ``to``."""


DEALS = (OfferTrade, OfferLoan, OfferLease, OfferWorkers, OfferBusiness, RepayPrivate)
"""Private business that needs no decision to be pending: offers and repaying private loans."""

CODEC = ActionCodec(
    [
        Die,
        DrawRisk,
        Roll,
        Purchase,
        Invest,
        Produce,
        Sell,
        DoNothing,
        BuyWeb,
        CostChoice,
        WriteOff,
        LoseMachine,
        RenewLease,
        ReturnComputer,
        *ANYTIME,
        Bid,
        Pass,
        *STEP_ANYTIME,
        RenewMarketing,
        GiveUpMarketing,
        *DEALS,
        Accept,
        Decline,
        Offer,
        CallStrike,
        DeclineBecause,
        Counter,
    ]
)
