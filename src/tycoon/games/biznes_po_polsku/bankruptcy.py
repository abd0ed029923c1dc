"""Bankruptcy: to the bank (its firms are auctioned) or to a player (the creditor takes the rest).

Rulebook, "Bankruptcy (BANKRUCTWO)": "A player who cannot pay ... and whose debt exceeds the
value of the rest of his fortune, is declared bankrupt." (``state.charge`` declares it when
even mortgaging everything and selling every investment cannot raise the sum.)

- Owing the BANK: "the BANK takes over the rest of his fortune, and the firms taken over are
  put up for auction (without their investment elements, which always pass to the ownership
  of the BANK) ... If no player wishes to buy the bankrupt player's firms, they remain with the
  BANK." Designed here: the firms are auctioned one after the other, in track order, among the
  other players in seat order from the debtor's left; bids open at the firm's mortgage value
  and rise by 100, 500 or 1,000 zł; a player who passes (or cannot pay the next bid) is out for
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

from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.games.biznes_po_polsku import cards, firms
from tycoon.games.biznes_po_polsku.actions import Bid, Pass
from tycoon.games.biznes_po_polsku.players import CAR, NO_CAR, Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

RULE = 'rulebook, "Bankruptcy (BANKRUCTWO)"'


class Auction:
    """The bank's auction of a bankrupt player's firms."""

    __slots__ = ("bidders", "debtor", "high_bid", "high_bidder", "lots", "turn")

    def __init__(self, debtor: int, lots: list[int]) -> None:
        self.debtor = debtor
        self.lots = lots
        """Firms still to sell; the first is under the hammer."""
        self.bidders: list[int] = []
        """Seats still bidding for the current firm, in bidding order."""
        self.turn = 0
        self.high_bid = 0
        self.high_bidder = -1

    def clone(self) -> Auction:
        a = Auction(self.debtor, self.lots.copy())
        a.bidders = self.bidders.copy()
        a.turn = self.turn
        a.high_bid = self.high_bid
        a.high_bidder = self.high_bidder
        return a

    def to_json(self) -> dict[str, Any]:
        return {
            "debtor": self.debtor,
            "firm": self.lots[0] if self.lots else None,
            "firms_left": len(self.lots),
            "high_bid": self.high_bid,
            "high_bidder": self.high_bidder if self.high_bidder >= 0 else None,
            "bidders": self.bidders.copy(),
        }


def declare(st: BiznesState, p: Player, owed: int, creditor: int) -> None:
    """``p`` cannot pay ``owed`` to ``creditor`` (a seat, or the bank when negative)."""
    from tycoon.games.biznes_po_polsku import state as S

    p.bankrupt = True
    st.eliminated.append(p.seat)
    if st.turn_seat == p.seat:
        st.steps = [("end", 0, 0, 0, "")]
    else:
        st.steps = [s for s in st.steps if not (s[0] == "pay" and p.seat in (s[1], s[3]))]
    _release(st, p)
    mine = [n for n in st.rules.firms if st.owner[n] == p.seat]
    if creditor == S.BANK:
        for n in mine:
            firms.clear_elements(st, n)
            st.owner[n] = S.BANK
            st.mortgaged[n] = False
        if p.car != NO_CAR:
            st.bank_cars += 1
            p.car = NO_CAR
        paid = min(p.cash, owed)
        if p.cash:
            st.pay(p, p.cash, "the bank's claims in bankruptcy")
        st.written_off += owed - paid
        st.say(f"Seat {p.seat} is bankrupt; the bank takes over what is left.")
        st.auction = Auction(p.seat, mine)
        st.phase = ""
        _next_lot(st)
        return
    q = st.players[creditor]
    if p.cash:
        st.transfer(p, q, p.cash, "everything left in bankruptcy")
    for n in mine:
        levels = firms.clear_elements(st, n)
        if levels:
            space = st.rules.space(n)
            st.receive(q, levels * space.investment // 2, f"the bank buys back the investments in {space.name}")
        st.owner[n] = q.seat
    if p.car != NO_CAR:
        if q.car == NO_CAR:
            q.car = p.car
        else:
            st.bank_cars += 1
            if p.car == CAR:
                st.receive(q, st.rules.car_mortgage, "the bank buys back the bankrupt player's car")
        p.car = NO_CAR
    st.say(f"Seat {p.seat} is bankrupt; seat {q.seat} takes over the rest of the fortune.")
    st.phase = ""


def _release(st: BiznesState, p: Player) -> None:
    """Cards and offices go back to the bank; the insurance back to its stack."""
    from tycoon.games.biznes_po_polsku import state as S

    if p.profession:
        st.job_holder[p.profession] = S.BANK
        p.profession = 0
    for post, holder in st.office_holder.items():
        if holder == p.seat:
            st.office_holder[post] = S.BANK
    if p.member:
        p.member = False
        st.bank_party += 1
    if p.welfare:
        p.welfare = False
        st.bank_welfare += 1
    cards.return_insurance(st, p)
    p.claims.clear()
    p.wait = 0


def _eligible(st: BiznesState, a: Auction) -> list[int]:
    n = len(st.players)
    opening = st.rules.space(a.lots[0]).mortgage
    order = [(a.debtor + k) % n for k in range(1, n)]
    return [s for s in order if not st.players[s].bankrupt and st.players[s].cash >= opening]


def _next_lot(st: BiznesState) -> None:
    from tycoon.games.biznes_po_polsku import state as S

    a = st.auction
    assert a is not None
    while a.lots:
        a.bidders = _eligible(st, a)
        a.turn = 0
        a.high_bid, a.high_bidder = 0, -1
        if a.bidders:
            space = st.rules.space(a.lots[0])
            st.say(f"The bank auctions {space.name}, opening at {space.mortgage:,} zł.")
            st.decide(S.AUCTION, a.bidders[0])
            return
        st.say(f"Nobody can bid for {st.rules.space(a.lots.pop(0)).name}: it stays with the bank.")
    st.auction = None
    st.phase = ""


def bid_amounts(st: BiznesState, a: Auction) -> list[int]:
    raises = st.rules.auction_raises
    if a.high_bidder < 0:
        base = st.rules.space(a.lots[0]).mortgage
        return [base, *(base + x for x in raises[:-1])]
    return [a.high_bid + x for x in raises]


def legal_bids(st: BiznesState, p: Player) -> list[Action]:
    a = st.auction
    assert a is not None
    return [*(Bid(x) for x in bid_amounts(st, a) if x <= p.cash), Pass()]


def apply_bid(st: BiznesState, p: Player, action: Action) -> None:
    from tycoon.games.biznes_po_polsku import state as S

    a = st.auction
    assert a is not None
    if isinstance(action, Bid):
        amounts = bid_amounts(st, a)
        if action.amount not in amounts or action.amount > p.cash:
            raise IllegalAction(
                f"the bids possible now are {', '.join(f'{x:,}' for x in amounts)} zł, within your cash", RULE
            )
        a.high_bid, a.high_bidder = action.amount, p.seat
        st.say(f"Seat {p.seat} bids {action.amount:,} zł.")
        a.turn += 1
    elif isinstance(action, Pass):
        a.bidders.remove(p.seat)
        st.say(f"Seat {p.seat} passes.")
    else:
        raise IllegalAction(f"{action} is not possible during the auction: bid or pass", RULE)
    st.phase = ""
    if a.high_bidder >= 0 and a.bidders == [a.high_bidder]:
        n = a.lots.pop(0)
        st.owner[n] = a.high_bidder
        st.pay(st.players[a.high_bidder], a.high_bid, f"{st.rules.space(n).name} at the bankruptcy auction")
        _next_lot(st)
        return
    if not a.bidders:
        st.say(f"Nobody buys {st.rules.space(a.lots.pop(0)).name}: it stays with the bank.")
        _next_lot(st)
        return
    a.turn %= len(a.bidders)
    if a.bidders[a.turn] == a.high_bidder:
        a.turn = (a.turn + 1) % len(a.bidders)
    st.decide(S.AUCTION, a.bidders[a.turn])
