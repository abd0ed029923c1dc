"""Bankruptcy: to the bank (its firms are auctioned) or to a player (the creditor takes the rest).

Rulebook, "Bankruptcy (BANKRUCTWO)": "A player who cannot pay ... and whose debt exceeds the
value of the rest of his fortune, is declared bankrupt." (The flow declares it when even
mortgaging everything and selling every investment cannot raise the sum.)

- Owing the BANK: "the BANK takes over the rest of his fortune, and the firms taken over are
  put up for auction (without their investment elements, which always pass to the ownership
  of the BANK) ... If no player wishes to buy the bankrupt player's firms, they remain with the
  BANK." Designed here: the firms are auctioned one after the other, in track order, among the
  other players in seat order from the debtor's left, with the shared ascending auction
  (``tycoon.core.auction``): bids open at the firm's mortgage value and each beats the last by
  at least 100 zł, in multiples of 10 zł, up to the bidder's cash; a player who passes is out for
  that firm; the last bidder buys and pays the bank. A firm from the bank comes unmortgaged.
- Owing a player: "the rest of his fortune is taken over by the creditor ... The investment
  elements do not pass to the creditor's ownership; the BANK buys them back (for half their
  price) and the money for them is returned to the creditor. The creditor also takes over the
  right to redeem the mortgaged Ownership Certificates." The creditor gets the cash and the
  firms (mortgaged ones stay mortgaged until the creditor redeems them) and the car; a creditor
  who has a car already gets its mortgage value from the bank instead (one car a player).

Either way the bankrupt player's profession, offices, membership and welfare cards go back to
the bank, an INSURANCE card back to its stack, and the player leaves the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.core.auction import AscendingAuction, Closing
from tycoon.core.decisions import ALLOWED, Refusal
from tycoon.core.families import ActionFamily
from tycoon.core.messages import Seat, msg
from tycoon.games.biznes_po_polsku import firms, naming
from tycoon.games.biznes_po_polsku.actions import Bid, Pass
from tycoon.games.biznes_po_polsku.phases import AUCTION, BANK
from tycoon.games.biznes_po_polsku.players import CAR, NO_CAR, Player
from tycoon.games.biznes_po_polsku.state import Sale
from tycoon.games.biznes_po_polsku.tasks import TURN_ENDS, Pay

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

RULE = msg("bp.no.rule.bankruptcy")


def declare(st: BiznesState, p: Player, owed: int, creditor: int) -> None:
    """``p`` cannot pay ``owed`` to ``creditor`` (a seat, or ``BANK``): ``p`` is out."""
    p.bankrupt = True
    st.eliminated.append(p.seat)
    if st.turn_seat == p.seat:
        st.agenda.replace(TURN_ENDS)
    else:
        st.agenda.discard(lambda t: isinstance(t, Pay) and p.seat in (t.payer, t.payee))
    _release(st, p)
    mine = st.firms_of(p.seat)
    if creditor == BANK:
        for n in mine:
            firms.clear_elements(st, n)
            st.set_owner(n, BANK)
            st.set_mortgaged(n, False)
        if p.car != NO_CAR:
            st.bank_cars += 1
            p.car = NO_CAR
        paid = min(p.cash, owed)
        if p.cash:
            st.pay(p, p.cash, "bank_claims")
        st.written_off += owed - paid
        st.say(msg("bp.say.bankrupt_bank", seat=Seat(p.seat)))
        st.auction = Sale(p.seat, mine)
        _next_lot(st)
        return
    q = st.players[creditor]
    if p.cash:
        st.transfer(p, q, p.cash, "rest")
    for n in mine:
        levels = firms.clear_elements(st, n)
        if levels:
            space = st.rules.space(n)
            st.receive(q, levels * space.investment // 2, f"buyback {n}")
        st.set_owner(n, q.seat)
    if p.car != NO_CAR:
        if q.car == NO_CAR:
            q.car = p.car
        else:
            st.bank_cars += 1
            if p.car == CAR:
                st.receive(q, st.rules.car_mortgage, "car_buyback")
        p.car = NO_CAR
    st.say(msg("bp.say.bankrupt_to", seat=Seat(p.seat), creditor=Seat(q.seat)))


def _release(st: BiznesState, p: Player) -> None:
    """Cards and offices go back to the bank; the insurance back to its stack."""
    if p.profession:
        st.job_holder[p.profession] = BANK
        p.profession = 0
    for post, holder in st.office_holder.items():
        if holder == p.seat:
            st.office_holder[post] = BANK
    if p.member:
        p.member = False
        st.bank_party += 1
    if p.welfare:
        p.welfare = False
        st.bank_welfare += 1
    st.return_insurance(p)
    p.claims.clear()
    p.wait = 0


def _next_lot(st: BiznesState) -> None:
    """Open the bidding for the next firm some player can bid for, or end the sale."""
    sale = st.auction
    assert sale is not None
    n = len(st.players)
    while sale.lots:
        space = st.rules.space(sale.lots[0])
        order = [(sale.debtor + k) % n for k in range(1, n)]
        bidders = [s for s in order if not st.players[s].bankrupt and st.players[s].cash >= space.mortgage]
        if bidders:
            sale.bidding = AscendingAuction(
                bidders, space.mortgage, raise_by=st.rules.min_raise, step=st.rules.smallest_note
            )
            st.say(msg("bp.say.auctions", firm=naming.space(st.rules, sale.lots[0]), amount=naming.zl(space.mortgage)))
            st.decide(AUCTION, bidders[0])
            return
        st.say(msg("bp.say.no_bidders", firm=naming.space(st.rules, sale.lots.pop(0))))
    st.auction = None


def bidding(st: BiznesState) -> AscendingAuction:
    """The bidding for the firm under the hammer (only while the ``AUCTION`` decision is pending)."""
    assert st.auction is not None and st.auction.bidding is not None
    return st.auction.bidding


def bid_family(st: BiznesState, p: Player) -> ActionFamily | None:
    """The bids ``p`` may make now (from the lowest allowed up to ``p``'s cash), or ``None``
    when ``p`` cannot pay the lowest bid and can only pass."""
    assert st.auction is not None
    label = msg("bp.fam.bid_for", firm=naming.space(st.rules, st.auction.lots[0]))
    return bidding(st).bid_family(Bid, p.cash, label=label, prompt=msg("bp.fam.how_many_zl"))


def check_bid(st: BiznesState, seat: int, action: Action) -> Refusal:
    """Why ``seat`` may not bid or pass so."""
    if isinstance(action, Bid):
        problem = bidding(st).bid_problem(action.amount, st.players[seat].cash, naming.ZL)
        if problem is not None:
            return msg("bp.no.no_bid", action=str(action), problem=problem), RULE
        return ALLOWED
    if isinstance(action, Pass):
        return ALLOWED
    return msg("bp.no.bid_or_pass", action=str(action)), RULE


def apply_bid(st: BiznesState, p: Player, action: Action) -> None:
    """``p`` bids or passes (``check_bid`` has allowed it); the lot is sold, or unsold, once the
    bidding closes."""
    sale = st.auction
    auction = bidding(st)
    assert sale is not None
    if isinstance(action, Bid):
        auction.bid(p.seat, action.amount)
        if st.log is not None:
            st.say(msg("bp.say.bids", seat=Seat(p.seat), amount=naming.zl(action.amount)))
    else:
        auction.pass_(p.seat)
        if st.log is not None:
            st.say(msg("bp.say.passes", seat=Seat(p.seat)))
    closing = auction.closing()
    if closing is Closing.SOLD:
        n = sale.lots.pop(0)
        st.set_owner(n, auction.high_bidder)
        st.pay(st.players[auction.high_bidder], auction.high_bid, f"auction {n}")
        sale.bidding = None
        _next_lot(st)
    elif closing is Closing.UNSOLD:
        sale.bidding = None
        st.say(msg("bp.say.unsold", firm=naming.space(st.rules, sale.lots.pop(0))))
        _next_lot(st)
    else:
        st.decide(AUCTION, auction.to_bid)
