"""The ``easy`` level of Biznes po polsku: the bot's judgement with a beginner's mistakes.

It plays by the ``normal`` bot's rules (``bot.py``), but

- it misjudges prices: the cash it keeps in reserve when it founds a firm, and the price of a
  firm offered to it or asked of it, it sees off by up to ``MISJUDGE`` either way, drawn anew
  at each decision, so it founds a firm it cannot afford, sells one cheap, or buys one dear;
- it passes up a good move now and then (``PASS_UP``): before the roll it rolls at once,
  leaving an investment unbought, a mortgage unredeemed, a trade unoffered.

Its mistakes come from its own generator, seeded with the agent, so a seed replays a game.
"""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.games.biznes_po_polsku import trade
from tycoon.games.biznes_po_polsku.actions import ACCEPT, BUY_FIRM, PASS, REJECT, ROLL, OfferPurchase, OfferSale
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.bot_figures import acquire_value, denial, helps_group, keep_value, reserve
from tycoon.games.biznes_po_polsku.phases import ANSWER, BUY, TURN
from tycoon.games.biznes_po_polsku.players import Player
from tycoon.games.biznes_po_polsku.state import BiznesState

MISJUDGE = 0.9
"""How far off the beginner's prices may be, as a share of the true ones."""
PASS_UP = 0.6
"""The chance that, before a roll, it rolls at once instead of doing its business."""


class EasyBiznesBot(BiznesBot):
    """The normal bot's judgement, with a beginner's misjudged prices and business left undone."""

    name = "easy"

    def off(self) -> float:
        """A factor by which the beginner misjudges a price this time."""
        return self.rng.uniform(1 - MISJUDGE, 1 + MISJUDGE)

    def choose(self, st: BiznesState, p: Player) -> Action:
        if p.claims:
            return super().choose(st, p)
        phase = st.phase
        if phase == TURN and self.rng.random() < PASS_UP:
            return ROLL
        if phase == BUY:
            space = st.rules.space(p.position)
            keep = 0 if helps_group(st, p, p.position) else reserve(st, p) // 2
            return BUY_FIRM if p.cash >= space.cost and p.cash - space.cost >= keep * self.off() else PASS
        if phase == ANSWER and isinstance(st.offer, (OfferPurchase, OfferSale)):
            return ACCEPT if self.priced_trade(st, p) else REJECT
        return super().choose(st, p)

    def priced_trade(self, st: BiznesState, p: Player) -> bool:
        """``good_trade`` for a firm bought or sold at a price, with the price misjudged."""
        deal = st.offer
        price = deal.price * self.off() if isinstance(deal, (OfferPurchase, OfferSale)) else 0.0
        if isinstance(deal, OfferPurchase):
            return price >= keep_value(st, p.seat, deal.space) + denial(st, st.proposer, deal.space)
        if isinstance(deal, OfferSale):
            redeem = trade.redeem_cost(st, deal.space)
            value = acquire_value(st, p.seat, deal.space)
            return value - price - redeem > 0 and p.cash - deal.price - redeem >= reserve(st, p) // 2
        return False
