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
  offer more than it, and each bid rises above the standing one, by one of
  ``rules.purchase_raises``. A
  business may bid only what its cash pays for the whole lot (raw products are not bought on
  credit; a bidder may borrow or sell to the bank first), and a standing high bid is a promise
  to pay (``anytime.promised``).
* A bidder who passes is out. The last one standing buys the whole lot at his bid per unit,
  paid to the bank; nobody bidding leaves the products on the market.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily
from tycoon.games.playboss.actions import Bid, Pass
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.menus import counts
from tycoon.games.playboss.phases import BIDDING

if TYPE_CHECKING:
    from tycoon.games.playboss.state import Table as PlaybossState

RULE = 'Playboss II, "2. Step: Competition during Purchasing"'


class PurchaseAuction:
    """The auction of the rest of a price zone, in progress."""

    __slots__ = ("bidders", "buyer", "high_bid", "high_bidder", "turn", "units", "zone")

    def __init__(self, buyer: int, zone: int, units: int, bidders: list[int]) -> None:
        self.buyer = buyer
        """The seat whose purchase on a red field opened the auction."""
        self.zone = zone
        """Index of the price zone auctioned (``rules.zone_prices``)."""
        self.units = units
        """Products in the lot."""
        self.bidders = bidders
        """Seats still bidding, in bidding order."""
        self.turn = 0
        """Index into ``bidders`` of the seat to bid next."""
        self.high_bid = 0
        """The highest bid so far, in Marks per unit (0 while nobody has bid)."""
        self.high_bidder = -1

    def clone(self) -> PurchaseAuction:
        a = PurchaseAuction(self.buyer, self.zone, self.units, self.bidders.copy())
        a.turn = self.turn
        a.high_bid = self.high_bid
        a.high_bidder = self.high_bidder
        return a

    def to_json(self, prices: tuple[int, ...]) -> dict[str, Any]:
        return {
            "buyer": self.buyer,
            "zone_price": prices[self.zone],
            "units": self.units,
            "high_bid": self.high_bid,
            "high_bidder": self.high_bidder if self.high_bidder >= 0 else None,
            "bidders": self.bidders.copy(),
            "next": self.bidders[self.turn] if self.bidders else None,
        }


def limit(st: PlaybossState) -> int:
    """The units a red-field purchase may take at market price."""
    return st.rules.purchase_at_market


def start(st: PlaybossState, b: Business, zone: int) -> None:
    """``b`` has bought on a red field, the last unit from ``zone``: auction the rest of it."""
    units = st.market[zone]
    if not units:
        return
    n = len(st.businesses)
    order = [(b.seat + k) % n for k in range(1, n + 1)]
    # A seat without a business (step 6's representative) has no warehouse to put products in.
    bidders = [s for s in order if not st.businesses[s].bankrupt and st.businesses[s].firm]
    a = PurchaseAuction(b.seat, zone, units, bidders)
    st.expansion.auction = a
    st.say(f"The bank auctions the other {units} product(s) of the {st.rules.zone_prices[zone]} zone, per unit.")
    st.decide(BIDDING, bidders[0])


def bid_amounts(st: PlaybossState, a: PurchaseAuction) -> list[int]:
    """The bids per unit at the raises of ``rules.toml`` (the price points the bot chooses among)."""
    # The bank's opening price, the zone's own, stands as the first price point: a bid must
    # offer more than it ("If no one offers more than that, then the remaining product stays").
    standing = a.high_bid if a.high_bidder >= 0 else st.rules.zone_prices[a.zone]
    return [standing + x for x in st.rules.purchase_raises]


def lowest_bid(st: PlaybossState, a: PurchaseAuction) -> int:
    """The lowest bid per unit now: the smallest raise above the standing price."""
    standing = a.high_bid if a.high_bidder >= 0 else st.rules.zone_prices[a.zone]
    return standing + st.rules.purchase_raises[0]


def bid_families(st: PlaybossState, b: Business) -> list[ActionFamily]:
    """Any bid per unit from the lowest allowed now up to what ``b``'s cash pays for the lot,
    in steps of the smallest raise."""
    a = st.expansion.auction
    assert a is not None
    step = st.rules.purchase_raises[0]
    return counts(Bid, lowest_bid(st, a), b.cash // a.units, step=step, label="Bid per unit")


def legal_bids(st: PlaybossState, b: Business) -> list[Action]:
    """The finite choice at the auction: passing (the bids are ``bid_families``)."""
    return [Pass()]


def promised(st: PlaybossState, b: Business) -> int:
    """Cash ``b`` must keep for its standing high bid."""
    a = st.expansion.auction
    return a.high_bid * a.units if a is not None and a.high_bidder == b.seat else 0


def apply_bid(st: PlaybossState, b: Business, action: Action) -> None:
    a = st.expansion.auction
    assert a is not None
    if isinstance(action, Bid):
        low, step = lowest_bid(st, a), st.rules.purchase_raises[0]
        if action.amount < low or (action.amount - low) % step:
            raise IllegalAction(f"bids now start at {low:,} Marks per unit and go up in steps of {step:,}", RULE)
        if action.amount * a.units > b.cash:
            raise IllegalAction(
                f"{a.units} product(s) at {action.amount:,} cost {action.amount * a.units:,} Marks "
                f"but you hold {b.cash:,}; raw products are not bought on credit",
                RULE,
            )
        a.high_bid, a.high_bidder = action.amount, b.seat
        st.say(f"Seat {b.seat} bids {action.amount:,} Marks per unit.")
        a.turn += 1
    elif isinstance(action, Pass):
        a.bidders.remove(b.seat)
        st.say(f"Seat {b.seat} passes.")
    else:
        raise IllegalAction(f"{action} is not possible during the purchase auction: bid or pass", RULE)
    st.phase = ""
    if a.high_bidder >= 0 and a.bidders == [a.high_bidder]:
        _sold(st, a)
        return
    if not a.bidders:
        st.say("Nobody bids: the products stay on the market.")
        st.expansion.auction = None
        return
    a.turn %= len(a.bidders)
    if a.bidders[a.turn] == a.high_bidder:
        a.turn = (a.turn + 1) % len(a.bidders)
    st.decide(BIDDING, a.bidders[a.turn])


def _sold(st: PlaybossState, a: PurchaseAuction) -> None:
    buyer = st.businesses[a.high_bidder]
    # Products sold back meanwhile may have joined the zone; the lot is what lay there at the start.
    st.market[a.zone] -= a.units
    buyer.raw += a.units
    st.expansion.auction = None
    st.pay(buyer, a.high_bid * a.units, f"{a.units} raw product(s) at the purchase auction, {a.high_bid:,} each")
