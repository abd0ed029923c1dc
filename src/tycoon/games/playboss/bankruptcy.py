"""Bankruptcy: the bank auctions the assets of a business that cannot pay.

Playboss I, "Explanations: Credit, Bankruptcy and Private Trade": "If your assets are not
sufficient to repay ... you will enter bankruptcy. The bank will then auction off all of your
assets. The resulting cash belongs to the bank ... the bank has first rights to repayment."

Designed here (the rulebook gives no procedure): each machine, a purchased computer, the raw
products and the finished products are lots, auctioned one after the other among the other
businesses in seat order from the debtor's left, each with the shared ascending auction
(``tycoon.core.auction``). Bids open at the bank's repurchase value and rise by any multiple of
the smallest raise in rules.toml, up to the bidder's cash; a bidder who passes is out for that
lot; the last bidder standing buys. A bid is a promise to pay: while it stands, the bidder may not spend that
cash on anything else, and a bidder for a computer may not get one elsewhere meanwhile
(``promises.promised``). A lot nobody bids for is taken by the bank at its repurchase value. The
proceeds and the debtor's cash pay the bank first (the sum due and all bank debt), then the
private lenders, pro rata to their claims (``loans.pay_lenders``); the business leaves the
game, and whatever the bank cannot recover is written off. Loans the bankrupt business had
given pass to the bank at face value, which credits them to the estate before the auction.
Machines it leases go back to their lessors; machines it leased out are auctioned with its own
(``leases.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.auction import AscendingAuction, Closing, seats_around
from tycoon.core.decisions import ALLOWED, Refusal
from tycoon.core.families import ActionFamily
from tycoon.core.messages import Message, Seat, msg, to_wire
from tycoon.games.playboss import labour, leases, loans
from tycoon.games.playboss import steps as expansion_steps
from tycoon.games.playboss.actions import Bid, Pass
from tycoon.games.playboss.business import LEASED, NO_COMPUTER, OWNED, Business, Machine
from tycoon.games.playboss.menus import word
from tycoon.games.playboss.naming import MARK, code, goods, goods_code, money
from tycoon.games.playboss.phases import AUCTION
from tycoon.games.playboss.tasks import EndTurn

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData

RULE = msg("pb.no.rule.bankruptcy")

Lot = tuple[str, int]
"""(what, how many or which): ("machine", 1 if double else 0), ("computer", 1), ("raw", n), ("finished", n)."""


class Auction:
    """The bankruptcy auction in progress: the lots one after the other, each bid for with
    the shared ascending auction (``tycoon.core.auction``)."""

    __slots__ = ("bidding", "debtor", "lots", "owed")

    def __init__(self, debtor: int, lots: list[Lot], owed: int) -> None:
        self.debtor = debtor
        self.lots = lots
        """Lots still to sell; the first is under the hammer."""
        self.owed = owed
        """The payment that could not be made, owed to the bank besides the debt."""
        self.bidding: AscendingAuction | None = None
        """The bidding for the lot under the hammer (``None`` between lots)."""

    @property
    def bidders(self) -> list[int]:
        """Seats still bidding for the current lot, in bidding order."""
        return self.bidding.bidders if self.bidding is not None else []

    @property
    def high_bid(self) -> int:
        """The standing bid for the current lot (0 while nobody has bid)."""
        return self.bidding.high_bid if self.bidding is not None else 0

    @property
    def high_bidder(self) -> int:
        """The seat of the standing bid, or -1 while nobody has bid."""
        return self.bidding.high_bidder if self.bidding is not None else -1

    def clone(self) -> Auction:
        a = Auction(self.debtor, self.lots.copy(), self.owed)
        a.bidding = self.bidding.clone() if self.bidding is not None else None
        return a

    def to_json(self) -> dict[str, Any]:
        return {
            "debtor": self.debtor,
            # The lot as a message on the wire, for each reader's language ("" between lots).
            "lot": to_wire(lot_goods(self.lots[0])) if self.lots else "",
            "lots_left": len(self.lots),
            "high_bid": self.high_bid,
            "high_bidder": self.high_bidder if self.high_bidder >= 0 else None,
            "bidders": self.bidders.copy(),
        }


def lot_code(lot: Lot) -> str:
    """A lot as the goods of a reason code (``naming.goods_code``)."""
    what, n = lot
    if what == "machine":
        return goods_code("double-machine" if n else "machine", 1)
    return goods_code(what, 1 if what == "computer" else n)


def lot_goods(lot: Lot) -> Message:
    """A lot as a message parameter (``a double machine``, ``3 raw products``)."""
    what, n = lot
    if what == "machine":
        return goods("double-machine" if n else "machine", 1)
    return goods(what, 1 if what == "computer" else n)


def reserve(st: PlaybossData, lot: Lot) -> int:
    r = st.rules
    what, n = lot
    return {
        "machine": r.repurchase_machine,
        "computer": r.repurchase_computer,
        "raw": r.repurchase_raw * n,
        "finished": r.repurchase_finished * n,
    }[what]


def declare(st: PlaybossData, b: Business, owed: int) -> None:
    """``b`` cannot pay ``owed``: it is bankrupt and its assets go under the hammer."""
    r = st.rules
    b.bankrupt = True
    st.eliminated.append(b.seat)
    st.agenda.replace(EndTurn())
    # Playboss II, "3. Step": its marketing organisations close; their WEBs are the player's.
    expansion_steps.on_bankruptcy(st, b)
    # Loans it gave pass to the bank, which credits them to the estate (loans.py).
    loans.on_bankruptcy(st, b)
    # What has no value goes back to the bank: WEBs, and a leased computer with its markers.
    st.bank_webs += b.webs
    b.webs = 0
    if b.computer == LEASED:
        st.bank_webs += r.lease_webs
        st.bank_computers += 1
        b.computer = NO_COMPUTER
    b.advertising = False
    # Leases end (decision 0007): machines it leases go back to their lessors; those it leased
    # out are its assets and come back for the auction.
    leased_out = leases.on_bankruptcy(st, b)
    lots: list[Lot] = [("machine", 1 if m.double else 0) for m in b.machines]
    lots += [("machine", 1 if double else 0) for double in leased_out]
    b.machines = []
    if b.computer == OWNED:
        lots.append(("computer", 1))
        b.computer = NO_COMPUTER
    if b.raw:
        lots.append(("raw", b.raw))
    if b.finished:
        lots.append(("finished", b.finished))
    b.raw = b.finished = 0
    st.auction = Auction(b.seat, lots, owed)
    _next_lot(st)


def _eligible(st: PlaybossData, a: Auction, lot: Lot) -> list[int]:
    out = []
    for s in seats_around(a.debtor, len(st.businesses)):
        bidder = st.businesses[s]
        if bidder.bankrupt or not bidder.firm:
            continue  # a seat without a business (step 6's representative) has nowhere to put the lot
        if lot[0] == "computer" and bidder.computer != NO_COMPUTER:
            continue
        out.append(s)
    return out


def _next_lot(st: PlaybossData) -> None:

    a = st.auction
    assert a is not None
    while a.lots:
        bidders = _eligible(st, a, a.lots[0])
        if bidders:
            raise_by = st.rules.auction_raises[0]
            a.bidding = AscendingAuction(bidders, reserve(st, a.lots[0]), raise_by=raise_by)
            st.say(
                msg(
                    "pb.say.auctions",
                    lot=lot_goods(a.lots[0]),
                    seat=Seat(a.debtor),
                    amount=money(reserve(st, a.lots[0])),
                )
            )
            st.decide(AUCTION, a.bidding.to_bid)
            return
        a.bidding = None
        _bank_takes(st, a)
    a.bidding = None
    _settle(st)


def legal_bids(st: PlaybossData, seat: int) -> list[Action]:
    """The finite choice at the auction: passing (the bids are ``bid_families``)."""
    return [Pass()]


def bidding(st: PlaybossData) -> AscendingAuction:
    """The bidding for the lot under the hammer (only while the ``AUCTION`` decision is pending)."""
    assert st.auction is not None and st.auction.bidding is not None
    return st.auction.bidding


def bid_families(st: PlaybossData, seat: int) -> list[ActionFamily]:
    """Any bid from the lowest allowed now up to the bidder's cash, in steps of the smallest raise."""
    b = st.businesses[seat]
    a = st.auction
    assert a is not None
    label = msg("pb.fam.bid_lot", lot=lot_goods(a.lots[0]))
    family = bidding(st).bid_family(Bid, b.cash, label=label, prompt=word("how_many_marks"))
    return [family] if family is not None else []


def bid_amounts(st: PlaybossData, a: Auction) -> list[int]:
    """The bids at the raises of ``rules.toml`` (the price points the bot chooses among)."""
    raises = st.rules.auction_raises
    if a.high_bidder < 0:
        base = reserve(st, a.lots[0])
        return [base, *(base + x for x in raises[:-1])]
    return [a.high_bid + x for x in raises]


def check_bid(st: PlaybossData, seat: int, action: Action) -> Refusal:
    """Why ``seat`` may not bid or pass so at the auction, or ``ALLOWED``."""
    if isinstance(action, Bid):
        b = st.businesses[seat]
        problem = bidding(st).bid_problem(
            action.amount, b.cash, MARK, why=lambda _: msg("pb.no.you_hold", cash=money(b.cash))
        )
        return (problem, RULE) if problem is not None else ALLOWED
    if isinstance(action, Pass):
        return ALLOWED
    return msg("pb.no.bid_or_pass", action=str(action)), RULE


def bid(st: PlaybossData, seat: int, action: Action) -> bool:
    """``seat`` bids or passes (``check_bid`` has allowed it): the next bidder, or the lot is
    sold (or taken by the bank) and the next lot comes under the hammer, or the estate is
    settled."""
    a = st.auction
    auction = bidding(st)
    assert a is not None
    amount = action.amount if isinstance(action, Bid) else None
    if amount is None:
        auction.pass_(seat)
    else:
        auction.bid(seat, amount)
    st.say(
        msg("pb.say.passes", seat=Seat(seat))
        if amount is None
        else msg("pb.say.bids", seat=Seat(seat), amount=money(amount))
    )
    closing = auction.closing()
    if closing is Closing.OPEN:
        st.decide(AUCTION, auction.to_bid)
        return False
    # Sold to the last bidder standing, or taken by the bank when nobody bid; then the next lot.
    (_sold if closing is Closing.SOLD else _bank_takes)(st, a)
    _next_lot(st)
    return False


def _sold(st: PlaybossData, a: Auction) -> None:
    buyer = st.businesses[a.high_bidder]
    debtor = st.businesses[a.debtor]
    what, n = a.lots.pop(0)
    st.transfer(buyer, debtor, a.high_bid, code("auction", lot_code((what, n))))
    if what == "machine":
        # Playboss I: a machine obtained from another player produces from the turn after next;
        # with step 6, from the buyer's next red field.
        buyer.machines.append(Machine(bool(n), labour.machine_ready(st, buyer)))
    elif what == "computer":
        buyer.computer = OWNED
    elif what == "raw":
        buyer.raw += n
    else:
        buyer.finished += n


def _bank_takes(st: PlaybossData, a: Auction) -> None:
    lot = a.lots.pop(0)
    what, n = lot
    debtor = st.businesses[a.debtor]
    if what == "machine":
        st.bank_machines += 1
    elif what == "computer":
        st.bank_computers += 1
    else:
        st.return_products(n)
    st.receive(debtor, reserve(st, lot), code("bank_takes", lot_code(lot)))


def _settle(st: PlaybossData) -> None:
    a = st.auction
    assert a is not None
    b = st.businesses[a.debtor]
    owed = a.owed + b.debt
    paid = min(owed, b.cash)
    if paid:
        st.pay(b, paid, "claims")
    st.written_off += owed - paid
    b.debt = 0
    if owed > paid:
        st.say(msg("pb.say.writes_off_debts", amount=money(owed - paid), seat=Seat(b.seat)))
    # "Any money left after the bank has been satisfied is left for private lenders."
    loans.pay_lenders(st, b)
    st.say(msg("pb.say.bankrupt", seat=Seat(b.seat), amount=money(b.cash)))
    st.auction = None
