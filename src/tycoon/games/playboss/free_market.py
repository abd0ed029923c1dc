"""Expansion step 1: the free market for sales (price underbidding).

Playboss II, "1. Step: Free Market for Sales": a player selling on a red field no longer gets
the market price automatically. He is the *first supplier*: he announces a number of units and
a price per unit, no higher than the market price. Every other player holding finished products
may compete and underbid, offering as many units as he likes; prices fall in steps of 500
Marks, two price points per round (the round's price and 500 less). Whoever does not take part
in a round withdraws; offering fewer units withdraws partly. The first supplier sells once he
has matched the competitors' price and they do not lower it again ("the seller must not
underbid the competition"). If he gives up, the bidding goes on until no more units are offered
than he announced, and the lowest bidders sell within that number. Units the competitors leave
uncontested in the very first round he sells at the market price. Every product sold goes into
the highest open zones, whatever its price.

The procedure, as decisions in a fixed seat order (``UNDERBIDDING``), read here as a player at
the table would (``docs/decisions/0005-free-market.md``):

* The market price is what a base-model sale of one product earns now: ten times the price of
  the zone of the dearest empty dimple. ``sell N`` announces N units at it, ``offer N P`` at a
  lower price P (a multiple of 500, at least 500).
* With an advertising campaign nobody can underbid (I, "Advertising Campaigns"): the sale is the
  base model's, at the next higher price, without competition. Nobody else holding finished
  products means no competition either: the base model's sale at the market price.
* The competitors are the other businesses holding finished products, in seat order from the
  first supplier's left. Round 1 is their answer to the announcement; each later round the
  first supplier, while still in, decides first, then the competitors still in.
* In a round of price point P a competitor offers 1 up to the units of his last offer (in
  round 1: up to his stock) at P or at P - 500, or passes: he is out for good. The first
  supplier, from round 2 on, matches with all his contested units at P, or passes.
* After round 1: if the competitors offer fewer units than announced, the difference is sold at
  once at the market price (each unit into the dearest empty dimple at ten times its zone's
  price, as in the base model); the rest, the competitors' count, is contested.
* At the end of a round with the first supplier in: nobody below P means he sells his contested
  units at P each. Otherwise the next round's price point is P - 500.
* Once the first supplier is out, the bidding ends as soon as the competitors' standing offers
  come to no more than the contested units: each sells his offer at his own price. A round in
  which no offer changes ends it too: the lowest offers sell, within the contested units; at an
  equal price the competitor earlier in the bidding order sells first.
* Money comes from the bank (the market buys); each sale counts as sales (step 5).
* Offered products stay in the warehouse until sold. A business that disposes of some
  meanwhile (selling to the bank, a marketing organisation) can offer and sell only what it
  still holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.decisions import ALLOWED, Refusal
from tycoon.core.families import ActionFamily, IntRange
from tycoon.core.messages import Message, Seat, msg
from tycoon.games.playboss import labour, market
from tycoon.games.playboss.actions import PASS, Offer, Pass
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.menus import word
from tycoon.games.playboss.naming import code, goods, goods_code, money
from tycoon.games.playboss.phases import UNDERBIDDING

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData

RULE = msg("pb.no.rule.free_market")


class FreeMarket:
    """The underbidding after a first supplier's announcement, in progress.

    Participants are indexed by their place in ``order``: 0 is the first supplier, then the
    competitors from his left.
    """

    __slots__ = ("announced", "asks", "changed", "lowered", "offers", "order", "out", "price", "round", "turn", "units")

    def __init__(self, order: list[int], units: int, price: int) -> None:
        self.order = order
        """Seats taking part: the first supplier, then the competitors from his left."""
        self.announced = units
        """Units the first supplier announced."""
        self.units = units
        """Units still to be sold in the bidding (the announced ones less those sold uncontested)."""
        self.price = price
        """The round's price point, in Marks per unit."""
        self.round = 1
        """Round 1 is the competitors' answer to the announcement."""
        self.turn = 1
        """Index into ``order`` of the participant deciding now."""
        self.offers = [units] + [0] * (len(order) - 1)
        """Units each participant offers (0 before a competitor's first offer and after a pass)."""
        self.asks = [price] * len(order)
        """The price of each participant's standing offer, in Marks per unit."""
        self.out = [False] * len(order)
        """Whether each participant has withdrawn."""
        self.lowered = False
        """Whether anybody offered below the price point in this round."""
        self.changed = False
        """Whether any offer changed in this round."""

    @property
    def seller(self) -> int:
        """The first supplier's seat."""
        return self.order[0]

    def clone(self) -> FreeMarket:
        f = FreeMarket([], 0, 0) if COMPILED else FreeMarket.__new__(FreeMarket)
        f.order = self.order.copy()
        f.announced = self.announced
        f.units = self.units
        f.price = self.price
        f.round = self.round
        f.turn = self.turn
        f.offers = self.offers.copy()
        f.asks = self.asks.copy()
        f.out = self.out.copy()
        f.lowered = self.lowered
        f.changed = self.changed
        return f

    def to_json(self) -> dict[str, Any]:
        return {
            "first_supplier": self.seller,
            "announced": self.announced,
            "units": self.units,
            "price": self.price,
            "round": self.round,
            "next": self.order[self.turn],
            "offers": [
                {
                    "seat": s,
                    "units": self.offers[i],
                    "price": self.asks[i] if self.offers[i] else None,
                    "out": self.out[i],
                }
                for i, s in enumerate(self.order)
            ],
            "lowered": self.lowered,
            "changed": self.changed,
        }

    def rivals_offered(self) -> int:
        """Units the competitors offer now."""
        return sum(self.offers[1:])


COMPILED = hasattr(FreeMarket, "__mypyc_attrs__")
"""Whether this module runs compiled by mypyc (``TYCOON_COMPILE=1 pip install .``,
docs/decisions/0019-compiled-build.md), where a class's ``__new__`` runs its ``__init__``:
``clone`` starts from ``__init__`` there and copies every field over it."""


def market_price(st: PlaybossData) -> int:
    """The market price: what a base-model sale of one product earns now (ten times the price
    of the zone of the dearest empty dimple)."""
    r = st.rules
    zones = st.market.copy()
    zone = market.place(zones, r.dimples, 1)[0]
    return r.sale_multiplier * r.zone_prices[zone]


def announcements(st: PlaybossData, b: Business) -> list[ActionFamily]:
    """The first supplier's announcements below the market price (``Sell`` announces at it):
    any count it may sell, at any price point from the lowest to one step below the market's."""
    most = labour.sellable(st, b)
    r = st.rules
    if not most or b.advertising:
        return []
    step = r.underbid_step
    # announcement_error: a multiple of the step, from the lowest price to below the market's.
    top = (market_price(st) - 1) // step * step
    low = -(-r.underbid_lowest // step) * step
    if top < low:
        return []
    prices = IntRange(low, top, step)
    label = word("announce")
    return [ActionFamily(Offer, (IntRange(1, most), prices), label, OFFER_PROMPTS, whole=True)]


def announcement_error(st: PlaybossData, b: Business, action: Offer) -> Message | None:
    r = st.rules
    if b.advertising:
        return msg("pb.no.advertising_no_underbid")
    most = labour.sellable(st, b)
    if not 1 <= action.count <= most:
        return msg("pb.no.offer_most_fresh" if most < b.finished else "pb.no.offer_most", most=most)
    top = market_price(st)
    if action.price > top:
        return msg("pb.no.above_market", price=money(top))
    if action.price == top:
        return msg("pb.no.at_market", price=money(top), n=action.count)
    if action.price < r.underbid_lowest or action.price % r.underbid_step:
        return msg("pb.no.price_steps", step=money(r.underbid_step), lowest=r.underbid_lowest)
    return None


def start(st: PlaybossData, b: Business, units: int, price: int | None) -> None:
    """``b`` sells ``units`` on a red field at ``price`` (None: the market price) without an
    advertising campaign: open the underbidding, or sell at once when nobody can compete."""
    if price is None:
        price = market_price(st)
    n = len(st.businesses)
    rivals = [s for s in ((b.seat + k) % n for k in range(1, n)) if _holds(st, s)]
    if not rivals:
        st.say(msg("pb.say.no_competition", seat=Seat(b.seat), goods=goods("finished", units)))
        sell(st, b, units, None)
        return
    f = FreeMarket([b.seat, *rivals], units, price)
    st.expansion.free_market = f
    if st.log is not None:
        st.say(msg("pb.say.first_supplier", seat=Seat(b.seat), goods=goods("finished", units), each=money(price)))
    st.decide(UNDERBIDDING, rivals[0])


def _holds(st: PlaybossData, seat: int) -> bool:
    x = st.businesses[seat]
    return not x.bankrupt and x.finished > 0


def legal(st: PlaybossData, seat: int) -> list[Action]:
    """The finite choices of the pending underbidding decision: withdrawing, and for the first
    supplier matching the last offer (the rounds' offers are ``families``)."""
    f = st.expansion.free_market
    assert f is not None
    if f.turn == 0:
        return [Offer(f.units, f.price), PASS] if st.businesses[seat].finished >= f.units else [PASS]
    return [PASS]


def round_offers(st: PlaybossData, b: Business) -> tuple[int, list[int]]:
    """In an underbidding round after the first supplier's turn: the most units ``b`` may
    offer and the price points it may offer them at (the round's, and one step below)."""
    f = st.expansion.free_market
    assert f is not None
    r = st.rules
    prices = [p for p in (f.price, f.price - r.underbid_step) if p >= r.underbid_lowest]
    most = min(b.finished, f.offers[f.turn] if f.round > 1 else b.finished)
    return most, prices


def families(st: PlaybossData, seat: int) -> list[ActionFamily]:
    """The offers of an underbidding round: up to the units the seat may offer, at the round's
    price point or one step below."""
    f = st.expansion.free_market
    assert f is not None
    if f.turn == 0:
        return []
    most, prices = round_offers(st, st.businesses[seat])
    if most < 1 or not prices:
        return []
    step = st.rules.underbid_step
    domains = (IntRange(1, most), IntRange(min(prices), max(prices), step))
    return [ActionFamily(Offer, domains, word("offer_units"), OFFER_PROMPTS, whole=True)]


OFFER_PROMPTS = (word("how_many"), word("price_each"))
"""What an offer of the free market asks: how many products, at what price each."""


def _offered(st: PlaybossData, b: Business, action: Offer) -> bool:
    """Whether ``action`` is an offer ``b`` may make in the pending underbidding decision."""
    f = st.expansion.free_market
    assert f is not None
    if f.turn == 0:
        return b.finished >= f.units and (action.count, action.price) == (f.units, f.price)
    most, prices = round_offers(st, b)
    return 1 <= action.count <= most and action.price in prices


def check(st: PlaybossData, seat: int, action: Action) -> Refusal:
    """Why ``seat`` may not offer or withdraw so in the pending underbidding decision, or ``ALLOWED``."""
    f = st.expansion.free_market
    assert f is not None
    b = st.businesses[seat]
    if isinstance(action, Offer):
        return ALLOWED if _offered(st, b, action) else (_offer_error(st, f, b, action), RULE)
    if isinstance(action, Pass):
        return ALLOWED
    return msg("pb.no.underbidding", action=str(action)), RULE


def underbid(st: PlaybossData, seat: int, action: Action) -> bool:
    """Carry out the pending underbidding decision (``check`` has allowed it): the next
    participant decides, a round ends, or the bidding does."""
    f = st.expansion.free_market
    assert f is not None
    b = st.businesses[seat]
    i = f.turn
    if isinstance(action, Offer):
        if action.price < f.price:
            f.lowered = True
        if (action.count, action.price) != (f.offers[i], f.asks[i]):
            f.changed = True
        f.offers[i], f.asks[i] = action.count, action.price
        if st.log is not None:  # the words only when somebody listens: this runs at every offer
            told = "pb.say.matches" if i == 0 else "pb.say.underbids"
            st.say(msg(told, seat=Seat(b.seat), units=goods("units", action.count), each=money(action.price)))
    else:
        f.out[i] = True
        f.offers[i] = 0
        f.changed = True
        if st.log is not None:
            st.say(msg("pb.say.withdraws", seat=Seat(b.seat)))
    _advance(st, f)
    return False


def _offer_error(st: PlaybossData, f: FreeMarket, b: Business, action: Offer) -> Message:
    step = st.rules.underbid_step
    if f.turn == 0:
        if b.finished < f.units:
            return msg("pb.no.fewer_than_bidding", held=b.finished, units=f.units)
        return msg("pb.no.first_supplier", units=f.units, price=f.price)
    most = min(b.finished, f.offers[f.turn] if f.round > 1 else b.finished)
    if f.price - step >= st.rules.underbid_lowest:
        return msg("pb.no.underbid_two", most=most, high=f.price, low=money(f.price - step), step=step)
    return msg("pb.no.underbid_one", most=most, price=money(f.price), step=step)


def _advance(st: PlaybossData, f: FreeMarket) -> None:
    """After a decision: the bidding ends, the next participant decides, or a round ends."""
    if f.out[0] and f.rivals_offered() <= f.units:
        # "Even in this case, the bidding process MUST continue until the amount of units
        # offered for sale has been reduced to the original number of units."
        _rivals_sell(st, f)
        return
    i = _next(st, f, f.turn + 1)
    if i is None:
        _end_round(st, f)
        return
    f.turn = i
    st.decide(UNDERBIDDING, f.order[i])


def _next(st: PlaybossData, f: FreeMarket, first: int) -> int | None:
    """The next participant still in, from place ``first`` on."""
    for i in range(first, len(f.order)):
        if not f.out[i] and not st.businesses[f.order[i]].bankrupt:
            return i
    return None


def _end_round(st: PlaybossData, f: FreeMarket) -> None:
    seller = st.businesses[f.seller]
    if f.round == 1:
        offered = f.rivals_offered()
        if offered < f.units:
            # "the first seller may sell the difference ... without competition – he gets the
            # market price for those units."
            free = min(f.units - offered, seller.finished)
            st.say(msg("pb.say.competitors_only", offered=offered, units=f.units - offered))
            sell(st, seller, free, None)
            f.units = offered
            f.offers[0] = offered
    if not f.out[0] and not f.lowered:
        # "Once the original seller lowers his price to the competition's bid price, and the
        # competition do not again lower their bid price another step, THEN the seller gets
        # to complete his sale."
        if f.units:
            sell(st, seller, min(f.units, seller.finished), f.price)
        _close(st)
        return
    if f.out[0] and not f.changed:
        # Nobody moved in a whole round: the lowest offers sell.
        _rivals_sell(st, f)
        return
    if f.lowered:
        f.price -= st.rules.underbid_step
    f.round += 1
    f.lowered = f.changed = False
    i = _next(st, f, 0)
    if i is None:
        _close(st)
        return
    f.turn = i
    st.decide(UNDERBIDDING, f.order[i])


def _rivals_sell(st: PlaybossData, f: FreeMarket) -> None:
    """The first supplier is out: within the units, the lowest offers sell at their own price;
    at an equal price the competitor earlier in the bidding order first."""
    left = f.units
    ranked = sorted((f.asks[i], i) for i in range(1, len(f.order)) if f.offers[i])
    if not ranked:
        st.say(msg("pb.say.nobody_sells"))
    for ask, i in ranked:
        x = st.businesses[f.order[i]]
        n = min(f.offers[i], left, x.finished)
        if n:
            sell(st, x, n, ask)
            left -= n
    _close(st)


def _close(st: PlaybossData) -> None:
    st.expansion.free_market = None


def sell(st: PlaybossData, b: Business, n: int, each: int | None) -> None:
    """``b`` sells ``n`` finished products to the market, each into the highest open zone: at
    ``each`` Marks, or at the market price (ten times its zone's price) when None."""
    if n <= 0:
        return
    r = st.rules
    zones = market.place(st.market, r.dimples, n)
    earned = n * each if each is not None else sum(r.sale_multiplier * r.zone_prices[z] for z in zones)
    b.finished -= n
    b.sales += earned
    sold = goods_code("finished", n)
    st.receive(b, earned, code("sell_market", sold) if each is None else code("sell_each", sold, each))
