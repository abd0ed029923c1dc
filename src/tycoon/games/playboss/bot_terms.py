"""How the Playboss bots weigh a deal: what it is worth to either side, the terms at which it
stops suiting a side, the terms that suit both, the reason to give, and the deals worth
offering.

One reckoning serves both sides, read from what every seat sees (cash, debt, stock, machines,
the market, the red fields ahead), so a bot reckons the other side's limit the way it reckons
its own and offers, or counters, at terms between the two limits, leaving the other side
``THEIR_SHARE`` of what the deal gains the two of them:

- **Raw products.** Each raw product a business holds is worth what it makes of it while its
  machines can still work it before the end (a finished product's price, blended with its
  value at the end, less the production cost), but no more than fetching one from the market
  costs (its price and a share of the red field that buys it); one its machines cannot work
  in time is worth what the bank or the end pays for it. A business with spare raw products
  and one with idle machines find a price between the two.
- **Other goods.** Finished products by what a sale fetches, machines, computers and WEB
  chips by what they count at the end or stand for in the business (a WEB chip its insurance).
- **Loans.** The borrower weighs the interest against what the money earns it: the bank's
  interest and fee on debt it would carry over start, and ``NEED_RATE`` on money it lacks for
  its reserve and production; the lender asks ``LEND_RATE`` on its spare cash, ``NEED_RATE`` on
  cash it would lack itself, and ``RISK_RATE`` more of a borrower whose assets do not cover
  twice what it would owe. Interest counts once a crossing of start while the loan runs.
- **Leases.** The lessee counts the products the machine makes from raw products its own
  machines cannot work during the lease; the lessor the products the machine would have made
  at home, the risk of losing it with a lessee that has no machine of its own, and
  ``LEAST_RENT`` a crossing.
- **Workers** (step 6) and **takeovers** (steps 4 and 6) by the bot's own limits: the highest
  salary it pays while production pays, the starting salary the representative asks, and its
  business's balance-sheet worth with ``SELL_PREMIUM`` while the game has a while to run.

Nothing here decides anything for a seat: ``bot_deals`` does. See
docs/decisions/0032-bots-that-negotiate.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tycoon.games.playboss import anytime, labour, loans, reasons
from tycoon.games.playboss import bot_figures as fig
from tycoon.games.playboss.actions import OfferBusiness, OfferLease, OfferLoan, OfferTrade, OfferWorkers
from tycoon.games.playboss.bot_figures import Tuning
from tycoon.games.playboss.business import NO_COMPUTER, OWN, Business
from tycoon.games.playboss.deals import Offer, countered, terms_of
from tycoon.games.playboss.reasons import NEUTRAL, Side, applicable, side_of

if TYPE_CHECKING:
    from tycoon.games.playboss.flow import PlaybossState

THEIR_SHARE = 1 / 4
"""The share of a deal's gain to both sides that a bot leaves the other side when it names the
terms: enough that the other side, reckoning as it does, takes them."""
LEAST_GAIN = 300
"""Marks a deal must gain a bot, by its reckoning, before it proposes it."""
RAW_FETCH = 150
"""What fetching a raw product from the market costs beyond its price: a share of the red
field's one decision that buys it."""
LEND_RATE = 8
"""Percent a crossing of start: the least interest a bot lends its spare cash at."""
NEED_RATE = 25
"""Percent a crossing of start: what money a business lacks for its reserve and production earns
it (a product pays back its raw product and production cost and more within a year)."""
RISK_RATE = 10
"""Percent a crossing of start more, asked of a borrower whose assets do not cover twice what
it would owe."""
LEAST_RENT = 500
"""Marks a crossing of start: the least rent a bot leases a machine out for."""
SELL_PREMIUM = 15_000
"""What a buyer must pay for the bot's business above its balance-sheet worth while three red
fields or more lie ahead: the profit it expects to make with it before the end."""
MOST_SALARY = 700
"""The highest salary a business bot pays while production pays (1,000 to end a strike)."""
STRIKE_SALARY = 1000
"""The highest salary a struck business bot agrees to, to end the strike."""

NEVER = -(10**9)
"""A payer's limit when no terms suit it (it would not pay even nothing)."""
ALWAYS = 10**9
"""A payee's limit when no terms suit it."""

REASONING = Tuning()
"""The knobs both sides are reckoned with (the normal bot's): a bot reckons the other side's
limit as the other side, reckoning as it does, finds it."""

Judgement = Callable[[int], int]
"""How a bot sees a figure of its own: as it is (the normal bot), or misjudged (a beginner)."""


def exact(value: int) -> int:
    return value


# --- the figures both sides share ------------------------------------------------------------


def finished_worth(st: PlaybossState, b: Business) -> int:
    """What a finished product is worth to ``b``: what the next sale fetches, blended with its
    value at the end, while a red field lies ahead; its value at the end after."""
    r = st.rules
    if fig.reds_left(st, b) < 1:
        return r.value_finished
    return (3 * fig.next_sale(st, r.value_finished) + r.value_finished) // 4


def production_value(st: PlaybossState, b: Business) -> int:
    """What a raw product worked into a finished one is worth to ``b``."""
    return max(st.rules.value_raw, finished_worth(st, b) - fig.production_cost(st, b))


def planned_capacity(b: Business, reds: float) -> int:
    """Products a red field ``b``'s machines make, counting the first machine a business
    without one means to buy while the game has a while to run (``reds``: its red fields left)."""
    cap = fig.capacity(b)
    if not cap and b.firm and reds >= REASONING.preload_reds:
        return 1
    return cap


def useful_raw(st: PlaybossState, b: Business) -> int:
    """The raw products ``b``'s machines can work in time, the first machine it means to buy
    counted."""
    reds = fig.reds_left(st, b)
    return fig.useful_raw(b, reds, planned_capacity(b, reds))


def raw_unit(st: PlaybossState, b: Business) -> tuple[int, int]:
    """What one raw product is worth to ``b`` while its machines can work it in time, and how
    many they can (``useful_raw``): its production value, but no more than fetching one from
    the market costs."""
    value = production_value(st, b)
    market = reasons.market_raw(st)
    if market:
        value = min(value, market + RAW_FETCH)
    return max(st.rules.value_raw, value), useful_raw(st, b)


def raw_worth(st: PlaybossState, b: Business, above: int, n: int) -> int:
    """What ``n`` raw products beyond the first ``above`` ``b`` holds are worth to it: each its
    machines can work in time at ``raw_unit``, the rest at the bank's price."""
    unit, useful = raw_unit(st, b)
    usable = max(0, min(n, useful - above))
    return usable * unit + (n - usable) * st.rules.value_raw


def goods_worth(st: PlaybossState, b: Business, goods: str, n: int, gaining: bool) -> int:
    """What ``n`` units of ``goods`` gained (or lost, not ``gaining``) are worth to ``b``."""
    r = st.rules
    if goods == "raw":
        return raw_worth(st, b, b.raw if gaining else b.raw - n, n)
    if goods == "finished":
        return n * finished_worth(st, b)
    reds = fig.reds_left(st, b)
    if goods in ("machine", "double-machine"):
        if gaining:
            # A machine counts its value at the end; one more is worth more only while it can
            # be kept busy, and never more than the bank's (when the bank has one).
            busy = len(b.machines) < REASONING.max_machines and reds >= 4 and b.raw > fig.capacity(b)
            return r.value_machine - (1000 if busy else 5000)
        return r.value_machine + (5000 if b.raw >= fig.capacity(b) and reds >= 2 else 0)
    if goods == "computer":
        if gaining:
            return r.value_computer - (0 if b.computer == NO_COMPUTER and fig.capacity(b) >= 2 else 10_000)
        return r.value_computer + 1000
    if goods == "web":
        if reds < REASONING.web_reds:
            return 0
        insurance = 1500 if not gaining and b.webs - n < r.insurance_webs else 0
        return n * r.web_price + insurance
    return 0


def cash_room(st: PlaybossState, b: Business) -> int:
    """The Marks ``b`` may pay out and still raise its reserve and a round of production."""
    return fig.liquid(st, b) - fig.reserve(st, b) - fig.working_capital(st, b, REASONING)


def crossings_left(st: PlaybossState, b: Business) -> int:
    """The crossings of start ``b`` is expected to make before the game ends."""
    spaces = fig.rolls_left(st, b.seat) * 3.5 + b.position
    return int(spaces // len(st.rules.board))


def _carried(st: PlaybossState, b: Business, reserve: int | None = None) -> int:
    """The bank debt ``b`` would carry over start, where interest and the fee fall due: what
    its cash beyond the reserve (``fig.reserve``, unless given) cannot repay."""
    reserve = fig.reserve(st, b) if reserve is None else reserve
    return max(0, b.debt - max(0, b.cash - reserve))


def _shortfall(st: PlaybossState, b: Business, reserve: int | None = None) -> int:
    """The Marks ``b`` lacks for its reserve (``fig.reserve``, unless given) and two rounds of
    production."""
    reserve = fig.reserve(st, b) if reserve is None else reserve
    need = reserve + fig.working_capital(st, b, REASONING, rounds=2)
    return max(0, need - fig.liquid(st, b))


def _need(st: PlaybossState, b: Business) -> int:
    """The Marks ``b`` would borrow: the bank debt it would carry and what it lacks (its
    reserve worked out once for both)."""
    reserve = fig.reserve(st, b)
    return _carried(st, b, reserve) + _shortfall(st, b, reserve)


def borrower_yearly(st: PlaybossState, b: Business, amount: int) -> int:
    """The most ``b`` would pay a crossing of start for ``amount`` lent: the bank's interest and
    fee on debt it would carry, and ``NEED_RATE`` on money it lacks."""
    r = st.rules
    carried = min(amount, _carried(st, b))
    value = carried * r.interest_percent // 100
    if carried and carried >= _carried(st, b):
        value += r.loan_fee
    value += min(amount - carried, _shortfall(st, b)) * NEED_RATE // 100
    return value


def _cover(st: PlaybossState, b: Business) -> int:
    """What ``b`` could raise against what it owes other players."""
    return anytime.raisable(st, b) - loans.other_debt(st, b.seat)


def lender_yearly(st: PlaybossState, lender: Business, borrower: Business, amount: int) -> int:
    """The least ``lender`` asks a crossing of start for ``amount`` lent to ``borrower``:
    ``LEND_RATE`` on its spare cash, ``NEED_RATE`` on what it would lack itself, and
    ``RISK_RATE`` more when the borrower's assets do not cover twice the loan."""
    spare = max(0, lender.cash - fig.reserve(st, lender) - fig.working_capital(st, lender, REASONING))
    lacking = max(0, amount - spare)
    asked = amount * LEND_RATE // 100 + lacking * NEED_RATE // 100
    if _cover(st, borrower) < 2 * amount:
        asked += amount * RISK_RATE // 100
    return asked


def _loan_runs(st: PlaybossState, borrower: Business, loan: OfferLoan) -> int:
    """The crossings of start at which the loan's interest is expected to fall due."""
    left = crossings_left(st, borrower)
    return min(loan.laps, left) if loan.laps else left


def _lease_products(st: PlaybossState, b: Business, double: bool, laps: int) -> float:
    """Products a machine (``double`` or not) makes for ``b`` from its spare raw products over
    ``laps`` of its crossings: those its own machines cannot work in that time."""
    board = st.rules.board
    rolls = min(fig.rolls_left(st, b.seat), (laps * len(board) - b.position) / 3.5)
    delivery = labour.machine_ready(st, b) - b.turns
    reds = fig.expected_reds(board, b.position, rolls) - fig.expected_reds(board, b.position, delivery)
    producing = max(0.0, reds) * REASONING.produce_share
    spare = b.raw - fig.capacity(b) * producing
    return max(0.0, min(spare, (2 if double else 1) * producing))


def _lease_lost(st: PlaybossState, b: Business, double: bool, laps: int) -> float:
    """Products ``b`` would not make over ``laps`` of the lessee's crossings without one of its
    machines (``double`` or not): those its raw products keep that machine busy for."""
    board = st.rules.board
    rolls = min(fig.rolls_left(st, b.seat), laps * len(board) / 3.5)
    producing = max(0.0, fig.expected_reds(board, b.position, rolls)) * REASONING.produce_share
    capacity = fig.capacity(b)
    without = max(0, capacity - (2 if double else 1))
    return max(0.0, min(b.raw, capacity * producing) - min(b.raw, without * producing))


def _lease_crossings(st: PlaybossState, lessee: Business, laps: int) -> int:
    """The lessee's crossings of start, while the lease runs, at which rent falls due."""
    return max(1, min(laps, crossings_left(st, lessee)))


# --- a side's limit ------------------------------------------------------------------------------


def limit(st: PlaybossState, side: Side, judge: Judgement = exact) -> int:
    """The terms (``deals.TERMS``: a price, an interest, a rent, a salary) at which the deal
    just suits ``side``: the most it pays when it is the payer, the least it takes otherwise
    (``NEVER`` or ``ALWAYS`` when none)."""
    deal = side.deal
    b = st.businesses[side.seat]
    other = st.businesses[side.other]
    if isinstance(deal, OfferTrade):
        worth = judge(goods_worth(st, b, deal.goods, deal.count, side.payer))
        return min(worth, cash_room(st, b)) if side.payer else worth
    if isinstance(deal, OfferLoan):
        if deal.amount <= 0:
            return NEVER if side.payer else ALWAYS
        if side.payer:
            # The borrower must be able to repay by the date, its other debts first.
            if deal.laps and _cover(st, b) < deal.amount:
                return NEVER
            yearly = judge(borrower_yearly(st, b, deal.amount))
            return (yearly - deal.fee) * 100 // deal.amount
        if not _loan_runs(st, other, deal) or deal.amount > lender_cash(st, b):
            return ALWAYS
        yearly = judge(lender_yearly(st, b, other, deal.amount))
        return -(-(yearly - deal.fee) * 100 // deal.amount)
    if isinstance(deal, OfferLease):
        paid = _lease_crossings(st, b if side.payer else other, deal.laps)
        unit = production_value(st, b) - st.rules.value_raw
        if side.payer:
            products = _lease_products(st, b, deal.double, deal.laps)
            costs = deal.laps * st.rules.cost_field_idle // 2
            if fig.reserve(st, b, machines=len(b.machines) + 1) > fig.raisable_with(st, b):
                return NEVER
            return judge(int(products * unit) - costs) // paid
        if not any(m.double == deal.double and m.lessor == OWN for m in b.machines):
            return ALWAYS
        home = 0 if spare_machine(st, b) else int(_lease_lost(st, b, deal.double, deal.laps) * unit)
        risk = 0 if other.machine_choices(own=True) else st.rules.value_machine // 4
        return -(-judge(home + risk) // paid) + LEAST_RENT
    if isinstance(deal, OfferWorkers):
        return _salary_limit(st, b, deal, side.payer)
    assert isinstance(deal, OfferBusiness)
    if side.payer:
        return NEVER  # the bot never buys a business
    premium = SELL_PREMIUM if fig.reds_left(st, b) >= 3 else 0
    return judge(reasons.worth(st, b.seat) + premium)


def lender_cash(st: PlaybossState, b: Business) -> int:
    """The most ``b`` lends: its cash above the reserve."""
    return b.cash - fig.reserve(st, b)


def spare_machine(st: PlaybossState, b: Business) -> bool:
    """Whether ``b`` has a single machine of its own it cannot keep busy: its other machines
    make all its raw products at once, and the market has none cheap to buy."""
    own = [m for m in b.machines if m.lessor == OWN]
    if len(own) < 2 or not any(not m.double for m in own):
        return False
    market = reasons.market_raw(st)
    return fig.capacity(b) - 1 >= b.raw and (not market or market >= 450)


def _salary_limit(st: PlaybossState, b: Business, deal: OfferWorkers, business: bool) -> int:
    """Step 6: the most a business pays its workers, the least the representative asks."""
    lab = st.expansion.labour
    if lab is None:
        return NEVER if business else ALWAYS
    if not business:
        return st.rules.salary
    s = b.seat
    struck = lab.strike[s] != labour.NONE
    total = lab.workers[s] + deal.count
    if total > len(b.machines) + 1 or fig.reds_left(st, b) < 2:
        # Workers it cannot use: only a lower salary suits it.
        return lab.wage[s] - 1 if deal.count == 0 else NEVER
    if b.cash + b.credit_room(st.rules) < total * deal.salary + fig.reserve(st, b):
        return min(lab.wage[s], (b.cash + b.credit_room(st.rules) - fig.reserve(st, b)) // max(1, total))
    return max(lab.wage[s], STRIKE_SALARY if struck else MOST_SALARY)


# --- both sides --------------------------------------------------------------------------------


def suits(st: PlaybossState, deal: Offer, offerer: int, seat: int, judge: Judgement = exact) -> bool:
    """Whether ``deal``, offered by ``offerer``, suits ``seat`` (either side) at its terms."""
    side = side_of(st, deal, offerer, seat)
    terms = terms_of(deal)
    mine = limit(st, side, judge)
    return terms <= mine if side.payer else terms >= mine


def _step(deal: Offer) -> int:
    """The round figure a bot names terms in: percent for a loan, 50 Marks for a salary, 100
    for the rest."""
    if isinstance(deal, OfferLoan):
        return 1
    if isinstance(deal, OfferWorkers):
        return 50
    return 100


def meeting(st: PlaybossState, deal: Offer, offerer: int, seat: int, judge: Judgement = exact) -> int | None:
    """The terms at which ``deal`` (offered by ``offerer``) suits both sides, leaving the side
    other than ``seat`` ``THEIR_SHARE`` of the gain, in round figures; ``None`` when no terms
    suit both."""
    mine = side_of(st, deal, offerer, seat)
    theirs = side_of(st, deal, offerer, mine.other)
    payer, payee = (mine, theirs) if mine.payer else (theirs, mine)
    most = limit(st, payer, judge if payer is mine else exact)
    least = limit(st, payee, judge if payee is mine else exact)
    if most < least or most <= 0 or least >= ALWAYS:
        # A payer who would pay nothing has no use for the deal: no terms to meet at.
        return None
    step = _step(deal)
    gap = most - least
    if mine.payer:
        # Seat pays: the other side gets its share above its least, rounded up to a step.
        terms = least + int(gap * THEIR_SHARE)
        terms = -(-terms // step) * step
    else:
        terms = most - int(gap * THEIR_SHARE)
        terms = terms // step * step
    if not least <= terms <= most:
        return None
    return max(0, terms)


CLOSE = 1 / 2
"""An offer comes near a bot's own limit when it misses it by no more than this share of the
limit (a loan's interest by at most 10 points more): the bot then counters at its limit."""


def asking(st: PlaybossState, deal: Offer, offerer: int, seat: int, judge: Judgement = exact) -> int | None:
    """``seat``'s own limit for ``deal`` (offered by ``offerer``) in round figures, its way;
    ``None`` when the offer is far from it: not worth a counter-offer."""
    side = side_of(st, deal, offerer, seat)
    mine = limit(st, side, judge)
    if mine >= ALWAYS or mine < 0 or (side.payer and mine <= 0):
        # A payer who would pay nothing for the deal has no use for it: no counter-offer.
        return None
    step = _step(deal)
    terms = mine // step * step if side.payer else -(-mine // step) * step
    offered = terms_of(deal)
    near = max(10, abs(mine) * CLOSE) if isinstance(deal, OfferLoan) else abs(mine) * CLOSE
    if abs(offered - terms) > near:
        return None
    return terms


def gain(st: PlaybossState, deal: Offer, seat: int, judge: Judgement = exact) -> int:
    """What ``deal``, offered by ``seat``, gains it by its reckoning, in Marks: the terms
    measured against its own limit, over what they count for (the units of a trade, the
    crossings of a loan or a lease)."""
    side = side_of(st, deal, seat, seat)
    mine = limit(st, side, judge)
    if mine <= NEVER or mine >= ALWAYS:
        return NEVER
    terms = terms_of(deal)
    margin = mine - terms if side.payer else terms - mine
    if isinstance(deal, OfferLoan):
        borrower = st.businesses[seat if side.payer else deal.to]
        return margin * deal.amount // 100 * _loan_runs(st, borrower, deal)
    if isinstance(deal, OfferLease):
        lessee = st.businesses[seat if side.payer else deal.to]
        return margin * _lease_crossings(st, lessee, deal.laps)
    return margin


# --- the reason -------------------------------------------------------------------------------

_PREFERRED = (
    "short-of-cash",
    "no-capacity",
    "market-cheaper",
    "own-use",
    "bank-cheaper",
    "cash-in-hand",
    "borrower-cash",
    "borrower-debt",
    "no-due-date",
    "below-bank",
    "machines-busy",
    "no-raw",
    "salary-above",
    "salary-below",
    "below-book",
    "above-book",
    "bank-pays-more",
    "below-valuation",
    "above-valuation",
)
"""The reasons in the order a bot gives them, when they hold: what stops it first."""


def reason(st: PlaybossState, side: Side, judge: Judgement = exact) -> str:
    """The reason ``side`` gives for declining (a key of ``reasons.REASONS`` that holds): its
    cash when that is what stops it, else what weighs most for the kind of deal, else the
    terms."""
    keys = applicable(st, side)
    deal = side.deal
    b = st.businesses[side.seat]
    if "short-of-cash" in keys and isinstance(deal, OfferTrade) and cash_room(st, b) < terms_of(deal):
        return "short-of-cash"
    if "short-of-cash" in keys and isinstance(deal, OfferLoan) and deal.amount > lender_cash(st, b):
        return "short-of-cash"
    for key in _PREFERRED[1:]:
        if key in keys:
            return key
    return NEUTRAL


# --- the deals worth offering -----------------------------------------------------------------


def offers(st: PlaybossState, seat: int, judge: Judgement = exact) -> list[tuple[int, Offer]]:
    """The deals worth proposing for ``seat``, each with what it gains ``seat`` by its
    reckoning, best first: buying raw products its machines can work from a business holding
    more than its own can, selling its spare raw products to a business with idle machines,
    lending spare cash to a business that lacks money or carries bank debt, asking a loan of a
    business with spare cash when it lacks money, and leasing a spare machine out; each at the
    terms where it suits both (``meeting``), and gaining at least ``LEAST_GAIN``."""
    b = st.businesses[seat]
    found: list[tuple[int, Offer]] = []
    if not b.firm:
        return found

    def consider(deal: Offer) -> None:
        terms = meeting(st, deal, seat, seat, judge)
        if terms is None:
            return
        made = countered(deal, terms)
        gained = gain(st, made, seat, judge)
        if gained >= LEAST_GAIN:
            found.append((gained, made))

    others = [x for x in st.businesses if x.seat != seat and not x.bankrupt]
    # Each figure below is worked out only where it can lead to an offer: most turns offer
    # nothing, and this runs before every roll.
    useful = useful_raw(st, b)
    want = useful - b.raw
    spare = b.raw - useful
    if want > 0 or spare > 0:
        for x in others:
            if not x.firm:
                continue
            x_useful = useful_raw(st, x)
            if want > 0 and x.raw > x_useful:
                consider(OfferTrade(x.seat, "raw", min(want, x.raw - x_useful, 4), 0, False))
            if spare > 0 and x.raw < x_useful and fig.capacity(x):
                consider(OfferTrade(x.seat, "raw", min(spare, x_useful - x.raw, 4), 0, True))
    lendable = lender_cash(st, b) - fig.working_capital(st, b, REASONING)
    if lendable >= 1000:  # else no loan of 1,000 or more
        for x in others:
            if not x.firm:
                continue
            amount = min(_need(st, x), lendable) // 500 * 500
            if amount >= 1000:
                consider(OfferLoan(x.seat, amount, 0, 0, min(2, max(1, crossings_left(st, x))), True))
    need = _need(st, b)
    if need >= 1000:
        amount = -(-need // 500) * 500
        for x in others:
            if lender_cash(st, x) - fig.working_capital(st, x, REASONING) >= amount:
                consider(OfferLoan(x.seat, amount, 0, 0, min(2, max(1, crossings_left(st, b))), False))
    if spare_machine(st, b):
        for x in others:
            if x.firm and x.machine_choices(own=True) and x.raw > 2 * fig.capacity(x):
                consider(OfferLease(x.seat, False, 0, 1, True))
    found.sort(key=lambda item: -item[0])
    return found
