"""Two players running one business: the competency division, as data.

Playboss II, "6. Step: Labor Market": "In as far as you are playing with steps 1 and 2, or other
prior difficulty expansion steps, you may allow two players to run one business operation. One
manages the marketing and financial aspects and the other manages the purchase, production and
labor aspects of the business. The players must agree about their competency division and
business decisions."

The rulebook leaves the division to the players; this is the one the software offers (designed
here, docs/playboss.md). The engine is untouched: the seat owns the business and the partners'
agent (``tycoon.agents.partners.Partners``, which says how they agree) plays it.

- **production** — purchase, production and labour: buying raw products (also at the purchase
  auction), investing in machines, producing, the machines themselves (write-off, losses,
  efficiency improvements, leases between players), workers (hiring, notice, lockouts, strikes,
  agreements with the worker representative), and private trades in raw products and machines.
- **finance** — marketing and finance: selling (the red field, the free market, marketing
  organisations, advertising), everything with the bank (credit, sales back to the bank), WEB
  chips and the green field, the yellow cost field (which of four ways to bear its cost),
  computers (bought or leased; their cost is the finance partner's, their saving a
  production cost), loans between players, private trades in finished products, computers and
  WEBs, takeovers, and the game goals.
- **either** — what only moves the game on or answers: rolling the die, doing nothing, passing
  at an auction or in the free market, accepting, declining or countering an offer (and
  answering a counter-offer), bids (whose decision says whose they are), and chance.

Whole decisions (``decision_competency``): the answer to an offer belongs to the partner whose
competency the offered deal is; a bankruptcy auction to the partner of the lot under the
hammer (machines and raw products: production; finished products and computers: finance); the
purchase auction (step 2) and the worker representative's say on a red field to production;
the green, yellow and lease decisions, a payment that must be raised, the marketing costs due
and the free market's underbidding to finance; the write-off field and a machine lost to a risk
card to production. The turn (business at any time, then the roll) and the red decision field
are shared: purchase, invest and produce are production's, selling is finance's.
"""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.games.playboss.actions import OfferTrade
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import (
    AUCTION,
    BARGAINING,
    BIDDING,
    DUE,
    GREEN,
    LABOUR,
    LEASE,
    LOSE,
    RAISE,
    UNDERBIDDING,
    WHITE,
    YELLOW,
)

PRODUCTION = "production"
"""Purchase, production and labour."""
FINANCE = "finance"
"""Marketing and finance."""
EITHER = "either"
"""Moving on, answering, bidding, chance: whoever the decision belongs to."""

KINDS: dict[str, str] = {
    # chance: no partner's decision
    "die": EITHER,
    "risk": EITHER,
    # the turn and the red decision field (Playboss I, "The Red Decision Field")
    "roll": EITHER,
    "purchase": PRODUCTION,
    "invest": PRODUCTION,
    "produce": PRODUCTION,
    "sell": FINANCE,
    "nothing": EITHER,
    # the green, yellow and white fields, risk cards, the computer lease
    "buy-web": FINANCE,
    "cost": FINANCE,
    "write-off": PRODUCTION,
    "lose-machine": PRODUCTION,
    "renew-lease": FINANCE,
    "return-computer": FINANCE,
    # at any time: the bank and the WEB options
    "bank-sell": FINANCE,
    "bank-sell-machine": FINANCE,
    "bank-sell-computer": FINANCE,
    "borrow": FINANCE,
    "repay": FINANCE,
    "improve": PRODUCTION,  # a WEB option, but it is a machine's capacity that changes
    "advertise": FINANCE,
    "lease-computer": FINANCE,
    "buy-computer": FINANCE,
    # auctions: the decision says whose they are
    "bid": EITHER,
    "pass": EITHER,
    # step 1, the free market; step 3, marketing organisations; step 5, goals
    "offer": FINANCE,
    "found-marketing": FINANCE,
    "withdraw-marketing": FINANCE,
    "marketing-sell": FINANCE,
    "renew-marketing": FINANCE,
    "give-up-marketing": FINANCE,
    "declare-goal": FINANCE,
    # step 6, the labour market
    "hire": PRODUCTION,
    "notice": PRODUCTION,
    "strike": PRODUCTION,
    "end-strike": PRODUCTION,
    "lockout": PRODUCTION,
    "end-lockout": PRODUCTION,
    "offer-workers": PRODUCTION,
    # private business between players (trades: TRADES, by their goods)
    "offer-loan": FINANCE,
    "offer-lease": PRODUCTION,
    "offer-business": FINANCE,
    "repay-private": FINANCE,
    "accept": EITHER,
    "decline": EITHER,
    "decline-because": EITHER,
    "counter": EITHER,
}
"""The competency of every action kind but ``offer-trade``, which ``TRADES`` divides."""

TRADES: dict[str, str] = {
    "raw": PRODUCTION,
    "machine": PRODUCTION,
    "double-machine": PRODUCTION,
    "finished": FINANCE,
    "computer": FINANCE,
    "web": FINANCE,
}
"""The competency of a private trade (``offer-trade``), by its goods (``TRADE_GOODS``): raw
products and machines are bought for production, finished products are sold by marketing."""

DECISIONS: dict[str, str] = {
    GREEN: FINANCE,
    YELLOW: FINANCE,
    WHITE: PRODUCTION,
    LEASE: FINANCE,
    LOSE: PRODUCTION,
    RAISE: FINANCE,
    BIDDING: PRODUCTION,
    DUE: FINANCE,
    UNDERBIDDING: FINANCE,
    LABOUR: PRODUCTION,
}
"""The competency of each pending decision that belongs to one partner as a whole. The turn and
the red field are shared; an answer and a bankruptcy auction depend on what they are about."""

LOTS: dict[str, str] = {"machine": PRODUCTION, "raw": PRODUCTION, "finished": FINANCE, "computer": FINANCE}
"""The competency of a bankruptcy auction, by its lot under the hammer."""


def competency(action: Action) -> str:
    """``"production"``, ``"finance"`` or ``"either"``: whose competency ``action`` is.

    >>> from tycoon.games.playboss.actions import Purchase, Sell, Roll
    >>> competency(Purchase(3)), competency(Sell(2)), competency(Roll())
    ('production', 'finance', 'either')
    >>> competency(OfferTrade(1, "raw", 3, 900, False)), competency(OfferTrade(1, "finished", 1, 1500, True))
    ('production', 'finance')
    """
    if isinstance(action, OfferTrade):
        try:
            return TRADES[action.goods]
        except KeyError:
            raise ValueError(f"{action}: no partner's competency covers trades in {action.goods!r}") from None
    try:
        return KINDS[action.kind]
    except KeyError:
        raise ValueError(f"{action}: the action kind {action.kind!r} has no competency") from None


def decision_competency(state: State, seat: int) -> str | None:
    """The competency of ``seat``'s pending decision as a whole, or ``None`` when the partners
    share it (the turn, the red field) or ``seat`` has no decision pending."""
    if not isinstance(state, PlaybossState) or state.current_player() != seat:
        return None
    if state.phase in BARGAINING:
        # The offer, or the counter-offer on it: the same deal.
        offer = state.deals.offer
        return competency(offer) if offer is not None else None
    if state.phase == AUCTION:
        lots = state.auction.lots if state.auction is not None else []
        return LOTS.get(lots[0][0]) if lots else None
    return DECISIONS.get(state.phase)


__all__ = [
    "DECISIONS",
    "EITHER",
    "FINANCE",
    "KINDS",
    "LOTS",
    "PRODUCTION",
    "TRADES",
    "competency",
    "decision_competency",
]
