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
  at a price below the market's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.games.playboss import anytime, loans
from tycoon.games.playboss.actions import Accept, Decline, OfferLoan, OfferTrade
from tycoon.games.playboss.business import NO_COMPUTER, Business

if TYPE_CHECKING:
    from tycoon.games.playboss.bot import PlaybossBot
    from tycoon.games.playboss.state import PlaybossState

RAW_OFFER = 300
"""The price per raw product the bot offers other players."""


def _cheapest(st: PlaybossState) -> int:
    """The market's price for the next raw product (its dearest zone price when empty)."""
    for price, n in zip(st.rules.zone_prices, st.market, strict=True):
        if n:
            return price
    return st.rules.zone_prices[-1]


def _safe(bot: PlaybossBot, st: PlaybossState, b: Business, cash: int, raw: int = 0, machines: int = 0) -> bool:
    """Whether, after the deal, the business can still raise its reserve and production costs."""
    keep = bot._reserve(st, b) + bot._working_capital(st, b)
    return bot._raisable_with(st, b, cash=cash, raw=raw, machines=machines) - keep >= 0 and b.cash + cash >= 0


def answer(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action:
    d = st.deals
    offer = d.offer
    if offer is None or Accept() not in st.legal_actions(b.seat):
        return Decline()
    offerer = st.businesses[d.offerer]
    good = _good_loan(bot, st, b, offerer, offer) if isinstance(offer, OfferLoan) else _good_trade(bot, st, b, offer)
    return Accept() if good else Decline()


def _good_trade(bot: PlaybossBot, st: PlaybossState, b: Business, offer: OfferTrade) -> bool:
    r = st.rules
    reds = bot._reds_left(st, b)
    n, g, marks = offer.count, offer.goods, offer.marks
    if offer.sell:  # the bot would buy
        if g == "raw":
            useful = bot._useful_raw(b, reds) - b.raw
            ok = n <= useful and marks <= n * min(_cheapest(st), 400)
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
        spare = b.raw - bot._useful_raw(b, reds)
        return n <= spare and marks >= n * max(r.value_raw, _cheapest(st))
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
    spare = b.cash - bot._reserve(st, b) - bot._working_capital(st, b, rounds=2)
    covered = anytime.raisable(st, borrower) - loans.other_debt(st, borrower.seat) - borrower.cash
    return (
        yearly > 0
        and offer.amount <= spare
        and covered >= 2 * offer.amount
        and bot._reds_left(st, b) >= 8
        and (offer.laps == 0 or offer.laps <= 1)
    )


def propose(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action | None:
    """Before its roll: buy raw products from another player when the market has none cheap."""
    if _cheapest(st) < 450 or st.deals.offer is not None:
        return None
    reds = bot._reds_left(st, b)
    want = bot._useful_raw(b, reds) - b.raw
    if want < 1 or not b.machines:
        return None
    legal = st.legal_actions(b.seat)
    for count in (3, 1):
        if count > want:
            continue
        for other in st.businesses:
            offer = OfferTrade(other.seat, "raw", count, count * RAW_OFFER, False)
            if offer in legal and _safe(bot, st, b, -offer.marks, raw=count):
                return offer
    return None
