"""Playboss actions, one frozen dataclass per kind. The text form is the kind and its values.

Machines are named by their index in the business's machine list (``view`` shows the list).
"""

from __future__ import annotations

from tycoon.core.actions import Action, ActionCodec, action

# --- chance -----------------------------------------------------------------------------


@action("die")
class Die(Action):
    """Chance: the die shows ``pips`` (1 to 6)."""

    pips: int


@action("risk")
class DrawRisk(Action):
    """Chance: the risk card ``card`` (its number in the deck data) is drawn."""

    card: int


# --- the turn ---------------------------------------------------------------------------


@action("roll")
class Roll(Action):
    """End the business done before the roll, and roll the die."""


# --- red decision field (rulebook I, "The Red Decision Field") --------------------------


@action("purchase")
class Purchase(Action):
    """Decision 1: buy ``count`` raw products from the cheapest occupied zones upward."""

    count: int


@action("invest")
class Invest(Action):
    """Decision 2: buy a machine for 10,000, of which ``credit`` Marks are borrowed from the bank."""

    credit: int


@action("produce")
class Produce(Action):
    """Decision 3: turn ``count`` raw products into finished products."""

    count: int


@action("sell")
class Sell(Action):
    """Decision 4: sell ``count`` finished products into the dearest empty dimples."""

    count: int


@action("nothing")
class DoNothing(Action):
    """Decision 5: do nothing (also: buy no WEB on a green field)."""


# --- green WEB field --------------------------------------------------------------------


@action("buy-web")
class BuyWeb(Action):
    """Green field: buy one WEB chip for 1,000 Marks."""


# --- yellow cost field (rulebook I, "The Yellow Cost Field") ----------------------------

COST_CHOICES = ("sell-half", "produce", "idle", "web")
"""sell-half: sell all finished products at half the market price; produce: produce on every
machine at 3,000 per product; idle: produce nothing and pay 1,000 per machine; web: pay 1 WEB."""


@action("cost")
class CostChoice(Action):
    """Yellow field: one of ``COST_CHOICES``."""

    choice: str


# --- white write-off field and machine losses -------------------------------------------


@action("write-off")
class WriteOff(Action):
    """White field: give up machine ``machine`` (a double one falls back to single), or pay
    1 WEB instead with ``machine = -1``."""

    machine: int


@action("lose-machine")
class LoseMachine(Action):
    """A risk card destroyed a machine: the owner says which one goes back to the bank."""

    machine: int


# --- computer lease renewal -------------------------------------------------------------


@action("renew-lease")
class RenewLease(Action):
    """A year has passed since the lease: pay 2 WEBs again and keep the computer."""


@action("return-computer")
class ReturnComputer(Action):
    """Give the leased computer back to the bank."""


# --- at any time ------------------------------------------------------------------------


@action("bank-sell")
class BankSell(Action):
    """Sell ``count`` raw or finished products (``goods`` = raw | finished) back to the bank."""

    goods: str
    count: int


@action("bank-sell-machine")
class BankSellMachine(Action):
    """Sell machine ``machine`` back to the bank for 5,000."""

    machine: int


@action("bank-sell-computer")
class BankSellComputer(Action):
    """Sell the purchased computer back to the bank for 10,000."""


@action("borrow")
class Borrow(Action):
    """Take ``amount`` Marks of bank credit against machines and a purchased computer."""

    amount: int


@action("repay")
class Repay(Action):
    """Pay back ``amount`` Marks of bank debt."""

    amount: int


@action("improve")
class Improve(Action):
    """Efficiency improvement (3 WEBs): turn machine ``machine`` to its double side."""

    machine: int


@action("advertise")
class Advertise(Action):
    """Advertising campaign (2 WEBs): the next higher price on the next red-field sale."""


@action("lease-computer")
class LeaseComputer(Action):
    """Computer leasing (2 WEBs) for one year."""


@action("buy-computer")
class BuyComputer(Action):
    """Buy a computer for 20,000, of which ``credit`` Marks are borrowed from the bank."""

    credit: int


# --- bankruptcy auction -----------------------------------------------------------------


@action("bid")
class Bid(Action):
    """Bid ``amount`` Marks for the lot under the hammer."""

    amount: int


@action("pass")
class Pass(Action):
    """Drop out of the bidding for this lot."""


# --- Part II, the expansion steps -------------------------------------------------------


@action("found-marketing")
class FoundMarketing(Action):
    """Step 3, at any time: found a marketing organisation in the first free trough for 20,000."""


@action("withdraw-marketing")
class WithdrawMarketing(Action):
    """Step 3, at any time: take the 3 WEBs out of trough ``trough``; the organisation closes."""

    trough: int


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
    """Step 1, the free market: offer ``count`` finished products at ``price`` Marks each. On a
    red field, the first supplier's announcement below the market price (``sell`` announces at
    the market price); in the underbidding rounds, an offer at the round's price point or one
    step (500) below it. ``pass`` withdraws the whole offer."""

    count: int
    price: int


@action("declare-goal")
class DeclareGoal(Action):
    """Step 5, before one's first roll: write down a personal goal (one of ``goals.PERSONAL``)."""

    goal: str


# --- step 6, the labour market (Playboss II, "6. Step: Labor Market") ------------------------


@action("hire")
class Hire(Action):
    """Step 6, at any time in the first lap: take ``count`` worker units from the worker
    representative at the starting salary (500 Marks per worker and red field)."""

    count: int


@action("notice")
class GiveNotice(Action):
    """Step 6, on business ``seat``'s red field, by that business or the worker representative:
    ``count`` of its workers leave on its next red field."""

    seat: int
    count: int


@action("strike")
class CallStrike(Action):
    """Step 6, the worker representative when a business lands on a red field: call a strike
    at business ``seat``; it becomes active on that business's next red field."""

    seat: int


@action("end-strike")
class EndStrike(Action):
    """Step 6, the worker representative at any time: end the strike at business ``seat``."""

    seat: int


@action("lockout")
class Lockout(Action):
    """Step 6, a business at any time while a strike is called elsewhere: lock its workers out."""


@action("end-lockout")
class EndLockout(Action):
    """Step 6, at any time: end your lockout."""


LABOUR_ANYTIME = (Hire, GiveNotice, EndStrike, Lockout, EndLockout)
"""Step 6's actions that do not wait for a decision of their own."""

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
    """Offer seat ``to`` a trade for Marks: the offering seat sells ``count`` of ``goods`` (one of
    ``TRADE_GOODS``) for ``marks`` Marks in all when ``sell``, or buys them for that when not."""

    to: int
    goods: str
    count: int
    marks: int
    sell: bool


@action("offer-loan")
class OfferLoan(Action):
    """Offer seat ``to`` a private loan of ``amount`` Marks: the offering seat lends when
    ``lend``, or asks to borrow when not. At each of the borrower's crossings of start it pays
    ``interest`` percent of the outstanding amount and a ``fee`` in Marks; the amount is due at
    the borrower's ``laps``-th crossing of start from now, or repaid by agreement (any time,
    at the latest at the end of the game) when ``laps`` is 0."""

    to: int
    amount: int
    interest: int
    fee: int
    laps: int
    lend: bool


@action("offer-lease")
class OfferLease(Action):
    """Offer seat ``to`` a machine lease: the offering seat leases one of its own machines
    (a double one when ``double``) out to ``to`` when ``lend``, or asks to lease one of
    ``to``'s when not. The lessee pays ``rent`` Marks at each of its crossings of start while
    the lease runs; at its ``laps``-th crossing from now the machine goes back to its owner."""

    to: int
    double: bool
    rent: int
    laps: int
    lend: bool


@action("accept")
class Accept(Action):
    """Accept the deal offered to you."""


@action("decline")
class Decline(Action):
    """Decline the deal offered to you."""


@action("repay-private")
class RepayPrivate(Action):
    """Pay back ``amount`` Marks of what you owe seat ``lender`` (interest in arrears first)."""

    lender: int
    amount: int


@action("offer-workers")
class OfferWorkers(Action):
    """Step 6, after the first lap, between a business and the worker representative (``to`` is
    the other side): the business takes ``count`` more worker units (0: none) and pays
    ``salary`` Marks per worker and red field for all its workers from now on. Accepting it is
    an agreement: a strike called at that business ends."""

    to: int
    count: int
    salary: int


@action("offer-business")
class OfferBusiness(Action):
    """Offer seat ``to`` a takeover for ``marks`` Marks: the offering seat buys ``to``'s whole
    business when ``buy``, or sells its own to ``to`` when not. The buyer takes over everything
    the business is; the seller leaves the game with the price (``takeover.py``)."""

    to: int
    marks: int
    buy: bool


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
    ]
)
