"""How the Playboss bot does private business between players (``deals.py``, ``loans.py``).

It never takes a deal that could ruin it:

* it buys only what it can use or sell back without loss, at or below its value to it (raw
  products it can produce from, at no more than the market asks; finished products at no more
  than the bank's repurchase value; a machine when it would invest anyway, well below the end
  valuation), and only while its reserve stays raisable;
* it sells only spare stock, and only at prices above its value to it;
* it borrows privately only on terms cheaper than the bank's, with no date due, to replace
  bank debt it has; it lends only out of spare cash, at interest, to a borrower whose
  collateral covers everything it owes, and never for the last year;
* it offers to buy raw products from a player who holds them when the market has none cheap,
  at a price below the market's;
* it leases a machine in only for raw products its own machines cannot make in the lease's
  time, when the rent is below what a product earns and half of what the machine would earn,
  and while it can still raise its reserve with the rent and the machine's idling costs; it
  leases out only a single machine it cannot keep busy (its other machines make all its raw
  products at once and the market has none cheap), for at least ``LEASE_RENT`` a year and at
  most two years, to a business with machines of its own (which bear its losses first).

Its figures (``reserve``, ``reds_left``, ``next_sale``, ...) are ``bot_figures``'s, below it;
``bot`` decides on top and calls it (docs/decisions/0021-playboss-layers.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.games.playboss import anytime, bot_labour, labour, loans
from tycoon.games.playboss import bot_figures as fig
from tycoon.games.playboss.actions import (
    Accept,
    Decline,
    OfferBusiness,
    OfferLease,
    OfferLoan,
    OfferTrade,
    OfferWorkers,
)
from tycoon.games.playboss.business import NO_COMPUTER, OWN, Business

if TYPE_CHECKING:
    from tycoon.games.playboss.bot import PlaybossBot
    from tycoon.games.playboss.flow import PlaybossState

RAW_OFFER = 300
"""The price per raw product the bot offers other players."""
LEASE_RENT = 2000
"""The least rent a year for which the bot leases out a machine, and the rent it offers."""


def market_raw_price(st: PlaybossState) -> int:
    """The market's price for the next raw product (its dearest zone price when empty)."""
    for price, n in zip(st.rules.zone_prices, st.market, strict=True):
        if n:
            return price
    return st.rules.zone_prices[-1]


def _keep(bot: PlaybossBot, st: PlaybossState, b: Business) -> int:
    """What the business must be able to raise after a deal: its reserve and production costs."""
    return fig.reserve(st, b) + fig.working_capital(st, b, bot.tuning)


def _safe(
    bot: PlaybossBot,
    st: PlaybossState,
    b: Business,
    cash: int,
    raw: int = 0,
    machines: int = 0,
    keep: int | None = None,
) -> bool:
    """Whether, after the deal, the business can still raise its reserve and production costs
    (``keep``, when the caller has worked it out already)."""
    keep = _keep(bot, st, b) if keep is None else keep
    return fig.raisable_with(st, b, cash=cash, raw=raw, machines=machines) - keep >= 0 and b.cash + cash >= 0


def answer(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action:
    d = st.deals
    offer = d.offer
    if offer is None or Accept() not in bot.legal(st, b.seat):
        return Decline()
    offerer = st.businesses[d.offerer]
    if isinstance(offer, OfferWorkers):
        return Accept() if bot_labour.good_agreement(bot, st, b, offer) else Decline()
    if isinstance(offer, OfferBusiness):
        return Accept() if _good_takeover(bot, st, b, offer) else Decline()
    if isinstance(offer, OfferLease):
        good_lease = _good_lease_in(bot, st, b, offer) if offer.lend else _good_lease_out(bot, st, b, offerer, offer)
        return Accept() if good_lease else Decline()
    good = _good_loan(bot, st, b, offerer, offer) if isinstance(offer, OfferLoan) else _good_trade(bot, st, b, offer)
    return Accept() if good else Decline()


SELL_PREMIUM = 15_000
"""What a buyer must pay for the bot's business above what its balance sheet says it is worth:
the profit it expects to make with it before the end."""


def _good_takeover(bot: PlaybossBot, st: PlaybossState, b: Business, offer: OfferBusiness) -> bool:
    """It sells its business only well above its worth, and never buys one."""
    if offer.buy:  # the other side buys the bot's business
        worth = st.balance_sheet(b.seat).profit + b.capital_received
        premium = SELL_PREMIUM if fig.reds_left(st, b) >= 3 else 0
        return offer.marks >= worth + premium
    return False


def _good_trade(bot: PlaybossBot, st: PlaybossState, b: Business, offer: OfferTrade) -> bool:
    r = st.rules
    reds = fig.reds_left(st, b)
    n, g, marks = offer.count, offer.goods, offer.marks
    if offer.sell:  # the bot would buy
        if g == "raw":
            useful = fig.useful_raw(b, reds) - b.raw
            ok = n <= useful and marks <= n * min(market_raw_price(st), 400)
            return ok and _safe(bot, st, b, -marks, raw=n)
        if g == "finished":
            return marks <= n * r.repurchase_finished and _safe(bot, st, b, -marks + n * r.repurchase_finished)
        if g in ("machine", "double-machine"):
            worth = r.value_machine - 2000
            ok = marks <= worth and len(b.machines) < bot.tuning.max_machines and reds >= 4
            return ok and _safe(bot, st, b, -marks, machines=1)
        if g == "computer":
            return b.computer == NO_COMPUTER and marks <= r.repurchase_computer and _safe(bot, st, b, -marks)
        return False
    # The bot would sell: only spare stock, above its value to it.
    if g == "raw":
        spare = b.raw - fig.useful_raw(b, reds)
        return n <= spare and marks >= n * max(r.value_raw, market_raw_price(st))
    if g == "finished":
        return marks >= n * max(r.value_finished, 4000)
    if g in ("machine", "double-machine"):
        return marks >= r.value_machine + 5000 and _safe(bot, st, b, marks, machines=-1)
    if g == "web":
        return marks >= 2 * r.web_price * n and b.webs - n >= r.insurance_webs
    return False


def _good_loan(bot: PlaybossBot, st: PlaybossState, b: Business, offerer: Business, offer: OfferLoan) -> bool:
    r = st.rules
    yearly = offer.amount * offer.interest // 100 + offer.fee
    if offer.lend:  # the bot would borrow
        bank = offer.amount * r.interest_percent // 100 + r.loan_fee
        return offer.laps == 0 and yearly < bank and b.debt >= offer.amount
    # The bot would lend: spare cash, interest, a borrower whose collateral covers its debts.
    borrower = offerer
    spare = b.cash - fig.reserve(st, b) - fig.working_capital(st, b, bot.tuning, rounds=2)
    covered = anytime.raisable(st, borrower) - loans.other_debt(st, borrower.seat) - borrower.cash
    return (
        yearly > 0
        and offer.amount <= spare
        and covered >= 2 * offer.amount
        and fig.reds_left(st, b) >= 8
        and (offer.laps == 0 or offer.laps <= 1)
    )


def propose(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action | None:
    """Before its roll: buy raw products from another player when the market has none cheap,
    or else lease a spare machine out."""
    if st.deals.offer is not None:
        return None
    return _propose_raw(bot, st, b) or _propose_lease(bot, st, b)


def _propose_raw(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action | None:
    if market_raw_price(st) < 450:
        return None
    reds = fig.reds_left(st, b)
    want = fig.useful_raw(b, reds) - b.raw
    if want < 1 or not b.machines:
        return None
    keep: int | None = None
    for count in (3, 1):
        if count > want:
            continue
        # Whether the business can afford the purchase does not depend on the seller: asked
        # once per count, with what it must keep worked out once.
        keep = _keep(bot, st, b) if keep is None else keep
        if not _safe(bot, st, b, -count * RAW_OFFER, raw=count, keep=keep):
            continue
        for other in st.businesses:
            if other is b or other.bankrupt:
                continue  # no offer to itself nor to a bankrupt seat is allowed (deals._problem)
            offer = OfferTrade(other.seat, "raw", count, count * RAW_OFFER, False)
            if bot.fresh_offer(st, b, offer):  # which asks first whether the offer is allowed
                return offer
    return None


def offer_key(offer: Action) -> tuple[object, ...]:
    """What makes two offers the same offer for the bot's memory: a trade is the same at the same
    price per unit, whatever the count (a refused price is not offered again for fewer units)."""
    if isinstance(offer, OfferTrade):
        unit = offer.marks // offer.count if offer.count > 0 else offer.marks
        return ("trade", offer.to, offer.goods, offer.sell, unit)
    return (offer,)


def offer_context(st: PlaybossState, b: Business, offer: Action) -> tuple[int, ...]:
    """What speaks for the other side accepting ``offer`` by ``b``, each figure the higher the
    more it does: for a trade the seller's stock of the goods, whether the market's price (what
    the other side would get or pay elsewhere) makes the offer's price a good one, and when the
    other side buys its cash (in thousands); for a lease the lessee's raw products and the
    lessor's machines; for a worker agreement the business's cash (in 5,000s) and, asked by the
    business, the workers free. An offer refused is made again only once one of these has risen
    (``PlaybossBot.fresh_offer``)."""
    to = getattr(offer, "to", b.seat)
    other = st.businesses[to]
    if isinstance(offer, OfferTrade):
        seller, buyer = (b, other) if offer.sell else (other, b)
        stock = {"raw": seller.raw, "finished": seller.finished, "web": seller.webs}.get(
            offer.goods, len(seller.machines)
        )
        market_price = market_raw_price(st) if offer.goods == "raw" else fig.next_sale(st, st.rules.value_finished)
        unit = offer.marks // offer.count if offer.count > 0 else 0
        if offer.sell:  # the other side buys: its cash, and the market asking no less than the offer
            return (stock, buyer.cash // 1000, int(market_price >= unit))
        return (stock, 0, int(market_price <= unit))  # it sells: its stock, the market paying no more
    if isinstance(offer, OfferLease):
        lessor, lessee = (b, other) if offer.lend else (other, b)
        return (lessee.raw, len(lessor.machines))
    lab = st.expansion.labour
    if isinstance(offer, OfferWorkers) and lab is not None:
        business = to if b.seat == lab.rep else b.seat
        free = lab.free if business == b.seat else 0
        return (st.businesses[business].cash // 5000, free)
    return (other.cash // 1000,)


# --- machine leases (decision 0007) -----------------------------------------------------------


def _lease_reds(st: PlaybossState, b: Business, laps: int) -> float:
    """The red fields on which a machine leased now for ``laps`` crossings could produce: after
    its delivery (two rolls; with step 6 one), until the lease or the game ends."""

    board = st.rules.board
    rolls = min(fig.rolls_left(st, b.seat), (laps * len(board) - b.position) / 3.5)
    delivery = labour.machine_ready(st, b) - b.turns
    return max(0.0, fig.expected_reds(board, b.position, rolls) - fig.expected_reds(board, b.position, delivery))


def _good_lease_in(bot: PlaybossBot, st: PlaybossState, b: Business, offer: OfferLease) -> bool:
    """Lease a machine in: only for raw products the bot's own machines cannot make while the
    lease runs, at a rent below what a product earns and below half of what the machine would
    earn, and only if the reserve (with the rent and the machine's idling costs) stays raisable."""
    r = st.rules
    reds = fig.reds_left(st, b)
    if reds < 3 or offer.rent < 0:
        return False
    producing = _lease_reds(st, b, offer.laps) * 0.5  # the other red fields buy and sell
    surplus = b.raw - int(fig.capacity(b) * producing)
    products = min(surplus, int((2 if offer.double else 1) * producing))
    margin = fig.next_sale(st, st.rules.value_finished) - b.production_cost(r) - r.value_raw
    rent = offer.rent * offer.laps
    if products < 1 or offer.rent >= margin or 2 * rent >= products * margin:
        return False
    keep = fig.reserve(st, b, machines=len(b.machines) + 1) + offer.rent + fig.working_capital(st, b, bot.tuning)
    return fig.raisable_with(st, b) >= keep


def _spare_machine(bot: PlaybossBot, st: PlaybossState, b: Business) -> bool:
    """Whether the bot has a single machine it cannot keep busy: its other machines make all
    its raw products at once, and the market has none cheap to buy."""
    own = [m for m in b.machines if m.lessor == OWN]
    if len(own) < 2 or not any(not m.double for m in own):
        return False
    return fig.capacity(b) - 1 >= b.raw and market_raw_price(st) >= 450


def _good_lease_out(bot: PlaybossBot, st: PlaybossState, b: Business, lessee: Business, offer: OfferLease) -> bool:
    """Lease a machine out: only a spare single one, for a fair rent, for at most two years, to
    a business whose own machines bear its losses first (decision 0007)."""
    return (
        not offer.double
        and offer.rent >= LEASE_RENT
        and offer.laps <= 2
        and bool(lessee.machine_choices(own=True))
        and _spare_machine(bot, st, b)
    )


def _propose_lease(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action | None:
    """Offer a spare single machine for a year to a business holding more raw products than
    its machines make at once."""
    if not _spare_machine(bot, st, b):
        return None
    for other in st.businesses:
        if other.seat == b.seat or other.bankrupt or not other.machine_choices(own=True):
            continue
        if other.raw <= 2 * fig.capacity(other):
            continue
        offer = OfferLease(other.seat, False, LEASE_RENT, 1, True)
        if bot.fresh_offer(st, b, offer):
            return offer
    return None
