"""The bot that plays on in a search's worlds (``biznes_po_polsku/bot_rollout.py``): the
normal bot, less the trades it would offer."""

from __future__ import annotations

from bot_games import bot_decisions
from tycoon.games.biznes_po_polsku.actions import OfferExchange, OfferPurchase, OfferSale
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.bot_rollout import RolloutBot

OFFERS = (OfferPurchase, OfferSale, OfferExchange)


def test_it_plays_as_the_normal_bot_but_offers_no_trade() -> None:
    offers = same = 0
    for state, seat in bot_decisions("biznes_po_polsku", 4, 2, BiznesBot):
        # Fresh bots, so that neither remembers offers the other has not made.
        normal, rollout = BiznesBot().act(state, seat), RolloutBot().act(state, seat)
        assert not isinstance(rollout, OFFERS)
        if isinstance(normal, OFFERS):
            offers += 1
        else:
            assert rollout == normal
            same += 1
    assert offers > 5 and same > 500
