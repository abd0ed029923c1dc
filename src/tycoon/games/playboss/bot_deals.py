"""How the Playboss bot does private business between players (``deals.py``, ``loans.py``,
``leases.py``): it answers offers, bargains, and proposes deals of its own.

* **Answering.** It weighs every deal by one reckoning for both sides (``bot_terms``): a trade
  by what the goods are worth to it, a loan by what the interest costs against what the money
  earns it (or what lending its cash is worth), a lease by what the machine makes, a worker
  agreement and a takeover by its own limits. It accepts what suits it. Otherwise, bargaining,
  it hands back the same deal at terms that suit both sides (``bot_terms.meeting``), or at its
  own limit when the offer came near it (``bot_terms.asking``), when the rules allow such a
  counter-offer; else it declines, saying why (``bot_terms.reason``). A counter-offer handed
  back to it it accepts when it suits it, and declines, saying why, when not.
* **Proposing.** Before its roll it offers the deal that gains it most by that reckoning, at
  least ``bot_terms.LEAST_GAIN``, priced so that the other side, reckoning the same way, takes
  it: raw products bought from a business holding more than its machines can work, or sold to
  one with idle machines; a loan to a business that lacks money or carries bank debt over
  start, or asked of one with spare cash; a spare machine leased out. The rules allow one offer
  between two rolls; it makes at most that.
* **Offers remembered.** It does not make an offer again that was made before on the same
  subject (the same kind of deal with the same seat, the same goods and direction) unless
  something relevant has changed (``offer_context``: the other side's stock, cash or need, the
  market's price) or its terms are better for the other side by a tenth (``OfferMemory``).

Its figures are ``bot_terms``'s and ``bot_figures``'s, below it; ``bot`` decides on top and
calls it (docs/decisions/0021-playboss-layers.md, 0032-bots-that-negotiate.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.games.playboss import bot_figures as fig
from tycoon.games.playboss import bot_labour, bot_terms, deals
from tycoon.games.playboss.actions import (
    Accept,
    Counter,
    Decline,
    DeclineBecause,
    OfferBusiness,
    OfferLease,
    OfferLoan,
    OfferTrade,
    OfferWorkers,
)
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.deals import Offer, terms_of
from tycoon.games.playboss.phases import COUNTER
from tycoon.games.playboss.reasons import market_raw, side_of

if TYPE_CHECKING:
    from tycoon.games.playboss.bot import PlaybossBot
    from tycoon.games.playboss.flow import PlaybossState


def market_raw_price(st: PlaybossState) -> int:
    """The market's price for the next raw product (its dearest zone price when empty)."""
    return market_raw(st) or st.rules.zone_prices[-1]


# --- answering ----------------------------------------------------------------------------------


def answer(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action:
    """The bot's answer to the offer made to ``b``, or to the counter-offer handed back to it."""
    d = st.deals
    countering = st.phase == COUNTER
    deal = d.counter if countering else d.offer
    if deal is None:
        return Decline()
    judge = bot.judge
    side = side_of(st, deal, d.offerer, b.seat)
    why = bot_terms.reason(st, side, judge)
    if Accept() in bot.legal(st, b.seat) and _suits(bot, st, deal, d.offerer, b):
        return Accept()
    if not countering and bot.negotiate:
        bounds = deals.counter_bounds(st)
        terms = bot_terms.meeting(st, deal, d.offerer, b.seat, judge)
        if terms is None or bounds is None or not bounds[0] <= terms <= bounds[1]:
            terms = bot_terms.asking(st, deal, d.offerer, b.seat, judge)
        if bounds is not None and terms is not None and bounds[0] <= terms <= bounds[1]:
            return Counter(terms, why)
    return DeclineBecause(why)


def _suits(bot: PlaybossBot, st: PlaybossState, deal: Offer, offerer: int, b: Business) -> bool:
    """Whether ``deal`` suits ``b``: by the reckoning, and for a worker agreement by the labour
    market's own judgement (``bot_labour.good_agreement``)."""
    if isinstance(deal, OfferWorkers) and offerer != b.seat:
        return bot_labour.good_agreement(bot, st, b, deal)
    return bot_terms.suits(st, deal, offerer, b.seat, bot.judge)


# --- proposing ----------------------------------------------------------------------------------


def propose(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action | None:
    """Before its roll: the deal that gains it most (``bot_terms.offers``) that the rules allow
    and that it has not made before in the same circumstances; none unless it bargains."""
    if not bot.negotiate or deals.why_no_offer(st, b) is not None:
        return None  # (no offer could be made: none is worked out)
    for _, offer in bot_terms.offers(st, b.seat, bot.judge):
        if bot.fresh_offer(st, b, offer) is not None:
            return offer
    return None


# --- offers remembered --------------------------------------------------------------------------


def subject(offer: Action) -> tuple[object, ...]:
    """What ``offer`` is about, whatever its terms: the kind of deal, the seat, the goods and
    the direction (a trade is the same subject whatever the count)."""
    if isinstance(offer, OfferTrade):
        return ("trade", offer.to, offer.goods, offer.sell)
    if isinstance(offer, OfferLoan):
        return ("loan", offer.to, offer.lend)
    if isinstance(offer, OfferLease):
        return ("lease", offer.to, offer.double, offer.lend)
    if isinstance(offer, OfferWorkers):
        return ("workers", offer.to)
    if isinstance(offer, OfferBusiness):
        return ("business", offer.to, offer.buy)
    return (offer,)


def their_terms(st: PlaybossState, offerer: int, offer: Action) -> int:
    """How good ``offer``'s terms are for the other side, the higher the better: what it is
    paid, or minus what it pays (a trade's per unit)."""
    if not isinstance(offer, deals.OFFERS):
        return 0
    terms = terms_of(offer)
    if isinstance(offer, OfferTrade) and offer.count > 0:
        terms //= offer.count
    pays = side_of(st, offer, offerer, offer.to).payer
    return -terms if pays else terms


RAISE_SHARE = 10
"""A refused offer is made again on better terms for the other side only when they are better
by this many percent ..."""


def raise_step(offer: Action) -> int:
    """... and by at least this much: a point of interest, 100 Marks of a price or rent per
    unit, 50 of a salary."""
    if isinstance(offer, OfferLoan):
        return 1
    if isinstance(offer, OfferWorkers):
        return 50
    return 100


def better_enough(offer: Action, now: int, best: int) -> bool:
    """Whether terms ``now`` (``their_terms``) are better for the other side than ``best`` by
    enough to be worth asking again."""
    return now >= best + max(raise_step(offer), abs(best) * RAISE_SHARE // 100)


def offer_context(st: PlaybossState, b: Business, offer: Action) -> tuple[int, ...]:
    """What speaks for the other side accepting ``offer`` by ``b``, each figure the higher the
    more it does: for a trade the seller's stock of the goods, the buyer's cash (in thousands)
    when the other side buys, and the market's raw price when it sells raw products (so it
    would pay more than at the market) or lower when it buys (a price it cannot beat there);
    for a loan the borrower's need and the lender's cash (in thousands); for a lease the
    lessee's raw products and the lessor's machines; for a worker agreement the business's cash
    (in 5,000s) and, asked by the business, the workers free. An offer refused is made again
    only once one of these has risen, or on terms better for the other side
    (``PlaybossBot.fresh_offer``)."""
    to = getattr(offer, "to", b.seat)
    other = st.businesses[to]
    if isinstance(offer, OfferTrade):
        seller, buyer = (b, other) if offer.sell else (other, b)
        stock = {"raw": seller.raw, "finished": seller.finished, "web": seller.webs}.get(
            offer.goods, len(seller.machines)
        )
        market = market_raw(st)
        if offer.sell:  # the other side buys: its cash, and the market's dearer raw products
            return (stock, buyer.cash // 1000, market if offer.goods == "raw" else 0)
        return (stock, 0, -market if offer.goods == "raw" and market else 0)
    if isinstance(offer, OfferLoan):
        lender, borrower = (b, other) if offer.lend else (other, b)
        need = fig.reserve(st, borrower) + borrower.debt - borrower.cash
        return (need // 1000, lender.cash // 1000)
    if isinstance(offer, OfferLease):
        lessor, lessee = (b, other) if offer.lend else (other, b)
        return (lessee.raw, len(lessor.machines))
    lab = st.expansion.labour
    if isinstance(offer, OfferWorkers) and lab is not None:
        business = to if b.seat == lab.rep else b.seat
        free = lab.free if business == b.seat else 0
        return (st.businesses[business].cash // 5000, free)
    return (other.cash // 1000,)
