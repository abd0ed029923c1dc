"""Expansion step 2: competition during purchasing.

Playboss II, "2. Step: Competition during Purchasing": "A player that lands on the decision
field and wants to purchase product, can purchase a maximum of 2 units of product at the market
indicated price point. The remaining units that may be present in that market price zone are
then auctioned off by the bank to the highest bidder. The bank makes the first price point the
current market price. If no one offers more than that, then the remaining product stays on the
board unpurchased."

Designed here (the rulebook gives no procedure), as a sequence of decisions like the bankruptcy
auction (``bankruptcy.py``):

* The lot is every product still lying in the zone the buyer's last unit came from (the market
  price zone of the purchase), counted when the auction opens. When the purchase emptied that
  zone there is nothing to auction.
* Every business still in the game bids, in seat order from the buyer's left round to the buyer
  himself, last: the buyer may add to his two units, but only by outbidding the others.
* Bids are Marks per unit. The zone's price is the bank's opening price: the first bid must
  offer more than it, and each bid rises above the standing one, by any multiple of the
  smallest of ``rules.purchase_raises`` (the others are the bot's price points). A business may
  bid only what its cash pays for the whole lot (raw products are not bought on credit; a
  bidder may borrow or sell to the bank first), and a standing high bid is a promise to pay
  (``promises.promised``).
* A bidder who passes is out. The last one standing buys the whole lot at his bid per unit,
  paid to the bank; nobody bidding leaves the products on the market.

The bidding itself is the shared ascending auction (``tycoon.core.auction``), opening one
smallest raise above the zone's price; this module says who bids, what a bidder can pay and
what the sale means.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.auction import AscendingAuction, Closing, seats_around
from tycoon.core.decisions import ALLOWED, Refusal
from tycoon.core.families import ActionFamily
from tycoon.core.messages import Message, Seat, msg
from tycoon.games.playboss.actions import PASS, Bid, Pass
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.menus import word
from tycoon.games.playboss.naming import code, goods_code, money
from tycoon.games.playboss.phases import BIDDING

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData

RULE = msg("pb.no.rule.purchasing")
PER_UNIT = "pb.no.mark_per_unit"
"""The catalogue key that writes a bid per unit (``400 Marks per unit``)."""


class PurchaseAuction:
    """The auction of the rest of a price zone, in progress: the shared ascending auction
    (``tycoon.core.auction``) with bids in Marks per unit, and the lot it is for."""

    __slots__ = ("bidding", "buyer", "units", "zone")

    def __init__(self, buyer: int, zone: int, units: int, bidding: AscendingAuction) -> None:
        self.buyer = buyer
        """The seat whose purchase on a red field opened the auction."""
        self.zone = zone
        """Index of the price zone auctioned (``rules.zone_prices``)."""
        self.units = units
        """Products in the lot."""
        self.bidding = bidding
        """The bidding, in Marks per unit: it opens one raise above the zone's price."""

    @property
    def bidders(self) -> list[int]:
        """Seats still bidding, in bidding order."""
        return self.bidding.bidders

    @property
    def high_bid(self) -> int:
        """The highest bid so far, in Marks per unit (0 while nobody has bid)."""
        return self.bidding.high_bid

    @property
    def high_bidder(self) -> int:
        """The seat of the highest bid, or -1 while nobody has bid."""
        return self.bidding.high_bidder

    def clone(self) -> PurchaseAuction:
        return PurchaseAuction(self.buyer, self.zone, self.units, self.bidding.clone())

    def to_json(self, prices: tuple[int, ...]) -> dict[str, Any]:
        bidding = self.bidding
        return {
            "buyer": self.buyer,
            "zone_price": prices[self.zone],
            "units": self.units,
            "high_bid": bidding.high_bid,
            "high_bidder": bidding.high_bidder if bidding.high_bidder >= 0 else None,
            "bidders": bidding.bidders.copy(),
            "next": bidding.bidders[bidding.turn] if bidding.bidders else None,
        }


def limit(st: PlaybossData) -> int:
    """The units a red-field purchase may take at market price."""
    return st.rules.purchase_at_market


def start(st: PlaybossData, b: Business, zone: int) -> None:
    """``b`` has bought on a red field, the last unit from ``zone``: auction the rest of it."""
    units = st.market[zone]
    if not units:
        return
    # A seat without a business (step 6's representative) has no warehouse to put products in.
    bidders = [
        s
        for s in seats_around(b.seat, len(st.businesses), last=True)
        if not st.businesses[s].bankrupt and st.businesses[s].firm
    ]
    # The zone's price is the bank's: the first bid must offer more, by at least the smallest raise.
    raise_by = st.rules.purchase_raises[0]
    opening = st.rules.zone_prices[zone] + raise_by
    st.expansion.auction = PurchaseAuction(b.seat, zone, units, AscendingAuction(bidders, opening, raise_by=raise_by))
    st.say(msg("pb.say.purchase_auction", n=units, zone=st.rules.zone_prices[zone]))
    st.decide(BIDDING, bidders[0])


def bid_amounts(st: PlaybossData, a: PurchaseAuction) -> list[int]:
    """The bids per unit at the raises of ``rules.toml`` (the price points the bot chooses among)."""
    # The bank's opening price, the zone's own, stands as the first price point: a bid must
    # offer more than it ("If no one offers more than that, then the remaining product stays").
    standing = a.high_bid if a.high_bidder >= 0 else st.rules.zone_prices[a.zone]
    return [standing + x for x in st.rules.purchase_raises]


def bid_families(st: PlaybossData, seat: int) -> list[ActionFamily]:
    """Any bid per unit from the lowest allowed now up to what the bidder's cash pays for the
    lot, in steps of the smallest raise."""
    b = st.businesses[seat]
    a = st.expansion.auction
    assert a is not None
    family = a.bidding.bid_family(Bid, b.cash // a.units, label=word("bid_unit"), prompt=word("marks_per_unit"))
    return [family] if family is not None else []


def legal_bids(st: PlaybossData, seat: int) -> list[Action]:
    """The finite choice at the auction: passing (the bids are ``bid_families``)."""
    return [PASS]


def promised(st: PlaybossData, b: Business) -> int:
    """Cash ``b`` must keep for its standing high bid."""
    a = st.expansion.auction
    return a.bidding.standing(b.seat) * a.units if a is not None else 0


def check_bid(st: PlaybossData, seat: int, action: Action) -> Refusal:
    """Why ``seat`` may not bid or pass so at the purchase auction, or ``ALLOWED``."""
    b = st.businesses[seat]
    a = st.expansion.auction
    assert a is not None
    if isinstance(action, Pass):
        return ALLOWED
    if not isinstance(action, Bid):
        return msg("pb.no.purchase_bid_or_pass", action=str(action)), RULE

    def why(amount: int) -> Message:
        return msg("pb.no.lot_cost", units=a.units, price=amount, cost=money(amount * a.units), cash=money(b.cash))

    problem = a.bidding.bid_problem(action.amount, b.cash // a.units, PER_UNIT, why=why)
    return (problem, RULE) if problem is not None else ALLOWED


def bid(st: PlaybossData, seat: int, action: Action) -> bool:
    """``seat`` bids or passes (``check_bid`` has allowed it): the next bidder, or the lot is
    sold or stays on the market."""
    a = st.expansion.auction
    assert a is not None
    amount = action.amount if isinstance(action, Bid) else None
    if amount is None:
        a.bidding.pass_(seat)
    else:
        a.bidding.bid(seat, amount)
    if st.log is not None:  # the words only when somebody listens: this runs at every bid
        st.say(
            msg("pb.say.passes", seat=Seat(seat))
            if amount is None
            else msg("pb.say.bids_per_unit", seat=Seat(seat), amount=money(amount))
        )
    closing = a.bidding.closing()
    if closing is Closing.SOLD:
        _sold(st, a)
    elif closing is Closing.UNSOLD:
        st.say(msg("pb.say.nobody_bids"))
        st.expansion.auction = None
    else:
        st.decide(BIDDING, a.bidding.to_bid)
    return False


def _sold(st: PlaybossData, a: PurchaseAuction) -> None:
    buyer = st.businesses[a.high_bidder]
    # Products sold back meanwhile may have joined the zone; the lot is what lay there at the start.
    st.market[a.zone] -= a.units
    buyer.raw += a.units
    st.expansion.auction = None
    st.pay(buyer, a.high_bid * a.units, code("purchase_auction", goods_code("raw", a.units), a.high_bid))
