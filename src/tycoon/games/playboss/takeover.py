"""Buying a whole business from another player, and consolidating it.

Playboss II, "6. Step": the worker representative "does not get a business to start, but can
buy businesses from other players in the course of the game". "4. Step: Taxation": "If a money
losing business is purchased and consolidated into the financial statements, then this loss
can also be amortized to subsequent years."

Part I knows no such purchase, so takeovers belong to games with step 4 or step 6. The rulebook
gives no procedure; designed here (docs/decisions/0009-buying-a-business.md):

* A takeover is a deal (``OfferBusiness`` in ``deals.py``): the buyer pays the seller the price
  agreed, in cash it holds, and takes the business as it stands. Any business may buy another,
  and with step 6 so may the worker representative. It is agreed between two turns only: while
  a business is about to roll, and the seller is not that business.
* Everything the business is passes to the buyer: its cash, products, machines, computer, WEBs,
  bank debt, private loans given and owed, machines leased in and out, marketing organisations,
  workers and their salary agreement, sales, and its losses carried forward. What the two owed
  each other cancels out. A buyer with a computer cannot take over a second one: one of them
  must go first.
* A business buying keeps its own piece, years and turn; the bought machines keep the time
  they still wait before producing, and dates agreed in the seller's years (loans, leases) keep
  their distance. The representative buying (he has no business yet) takes over the bought
  business's piece, years and turn as they are, and from then on rolls on his own seat's turn.
* The seller leaves the game with the price: his seat keeps those Marks and runs no business
  (like the representative before a purchase: he may lend). His profit is the price less the
  capital he received; he is not bankrupt.
* Step 4: the bought business's losses carried forward, and its loss so far in the year, are
  added to the buyer's losses carried forward; the purchase itself is neither profit nor loss
  of the buyer's year (the difference between what the business is worth in the balance sheet
  and the price moves the buyer's tax base). A representative's first business starts his
  first year at the purchase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.messages import Message, Seat, msg
from tycoon.games.playboss import loans
from tycoon.games.playboss.business import LEASED, NO_COMPUTER, OWN, Business, Machine
from tycoon.games.playboss.naming import code, money
from tycoon.games.playboss.phases import BARGAINING, TURN
from tycoon.games.playboss.promises import promised

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData

RULE = msg("pb.no.rule.takeover")


def problem(st: PlaybossData, buyer: Business, seller: Business, marks: int) -> Message | None:
    """Why ``buyer`` cannot buy ``seller``'s business for ``marks`` now (a message), or None."""

    if not (st.game.step(4) or st.game.step(6)):
        return msg("pb.no.takeover_not_played")
    if not seller.firm:
        return msg("pb.no.no_business_to_sell", seat=Seat(seller.seat))
    if not buyer.firm and buyer.seat != st.game.representative:
        return msg("pb.no.buyer_sold", seat=Seat(buyer.seat))
    if marks < 0:
        return msg("pb.no.price_positive")
    phase, turn = st.phase, st.turn_seat
    if phase in BARGAINING:
        phase = st.deals.resume[0]
    if phase != TURN:
        return msg("pb.no.takeover_between_turns")
    if seller.seat == turn:
        return msg("pb.no.seller_to_roll", seat=Seat(seller.seat))
    if buyer.cash - promised(st, buyer) < marks:
        return msg(
            "pb.no.cannot_pay", seat=Seat(buyer.seat), spend=money(buyer.cash - promised(st, buyer)), price=marks
        )
    if buyer.computer != NO_COMPUTER and seller.computer != NO_COMPUTER:
        return msg("pb.no.two_computers")
    return None


def carry_out(st: PlaybossData, buyer: Business, seller: Business, marks: int) -> None:
    """The takeover (the caller has checked ``problem``)."""
    worth = st.profit(seller.seat) + seller.capital_received
    seller_year = worth - seller.capital_received - seller.tax_base
    was_firm = buyer.firm
    st.say(msg("pb.say.takes_over", buyer=Seat(buyer.seat), seller=Seat(seller.seat)))
    _move_assets(st, buyer, seller, was_firm)
    if marks:
        st.transfer(buyer, seller, marks, code("business", seller.seat))
    _move_claims(st, buyer, seller, was_firm)
    _move_steps(st, buyer, seller)
    seller.firm = False
    if was_firm:
        # Step 4: consolidated; the purchase is no profit of the year.
        buyer.tax_base += worth - marks
        buyer.tax_loss += seller.tax_loss + max(0, -seller_year)
    else:
        buyer.firm = True
        buyer.tax_loss = seller.tax_loss + max(0, -seller_year)
        buyer.tax_base = st.profit(buyer.seat)
    seller.tax_loss = seller.tax_base = 0
    st.say(msg("pb.say.sold_out", seat=Seat(seller.seat), amount=money(seller.cash)))


def _rebase(turn: int, seller: Business, buyer: Business, was_firm: bool) -> int:
    """A turn number of the seller's as the buyer's (the same distance from now)."""
    return buyer.turns + max(0, turn - seller.turns) if was_firm else turn


def _move_assets(st: PlaybossData, buyer: Business, seller: Business, was_firm: bool) -> None:
    if not was_firm:
        buyer.position, buyer.laps, buyer.turns = seller.position, seller.laps, seller.turns
    cash, seller.cash = seller.cash, 0
    buyer.cash += cash
    buyer.raw += seller.raw
    buyer.finished += seller.finished
    buyer.fresh += seller.fresh
    buyer.webs += seller.webs
    buyer.debt += seller.debt
    buyer.sales += seller.sales
    buyer.advertising = buyer.advertising or seller.advertising
    if seller.computer != NO_COMPUTER:
        buyer.computer = seller.computer
        if seller.computer == LEASED:
            buyer.lease_mark = seller.lease_mark
    for m in seller.machines:
        ready = _rebase(m.ready, seller, buyer, was_firm)
        if m.lessor == buyer.seat:
            # The buyer's own machine, leased to the seller, is home again.
            buyer.leased_out -= 1
            buyer.machines.append(Machine(m.double, ready))
        elif m.lessor != OWN:
            until = buyer.laps + (m.until - seller.laps) if was_firm else m.until
            buyer.machines.append(Machine(m.double, ready, m.lessor, m.rent, until))
        else:
            buyer.machines.append(Machine(m.double, ready))
    # Machines the seller leased out are the buyer's now, wherever they stand.
    for x in st.businesses:
        for i, m in enumerate(x.machines):
            if m.lessor != seller.seat:
                continue
            seller.leased_out -= 1
            if x is buyer:
                x.machines[i] = Machine(m.double, m.ready)
            else:
                x.machines[i] = m._replace(lessor=buyer.seat)
                buyer.leased_out += 1
    assert seller.leased_out == 0
    seller.raw = seller.finished = seller.fresh = seller.webs = seller.debt = seller.sales = 0
    seller.machines = []
    seller.computer = NO_COMPUTER
    seller.lease_mark = -1
    seller.advertising = False


def _move_claims(st: PlaybossData, buyer: Business, seller: Business, was_firm: bool) -> None:
    """Private loans and claims follow the business; those between the two cancel out."""
    for x in st.deals.loans:
        if x.lender == seller.seat:
            x.lender = buyer.seat
        if x.borrower == seller.seat:
            x.borrower = buyer.seat
            if x.due_lap and was_firm:
                x.due_lap = buyer.laps + max(1, x.due_lap - seller.laps)
    mutual = [x for x in st.deals.loans if x.lender == x.borrower]
    if mutual:
        st.say(msg("pb.say.cancels_out", buyer=Seat(buyer.seat), seller=Seat(seller.seat)))
    st.deals.loans = [x for x in st.deals.loans if x.lender != x.borrower]
    assert loans.other_debt(st, seller.seat) == loans.loans_given(st, seller.seat) == 0


def _move_steps(st: PlaybossData, buyer: Business, seller: Business) -> None:
    """Marketing organisations (step 3) and workers (step 6) go with the business."""
    ex = st.expansion
    for t, owner in enumerate(ex.troughs):
        if owner == seller.seat:
            ex.troughs[t] = buyer.seat
    lab = ex.labour
    if lab is None:
        return
    b, s = buyer.seat, seller.seat
    if lab.workers[s]:
        lab.wage[b] = max(lab.wage[b], lab.wage[s]) if lab.workers[b] else lab.wage[s]
    lab.workers[b] += lab.workers[s]
    lab.notice[b] += lab.notice[s]
    lab.strike[b] = max(lab.strike[b], lab.strike[s]) if b != lab.rep else 0
    lab.lockout[b] = lab.lockout[b] or lab.lockout[s]
    lab.workers[s] = lab.notice[s] = lab.strike[s] = 0
    lab.lockout[s] = False
