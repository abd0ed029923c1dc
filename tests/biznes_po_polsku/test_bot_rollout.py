"""The bot that plays on in a search's worlds (``biznes_po_polsku/bot_rollout.py``): the
normal bot, less the trades it would offer."""

from __future__ import annotations

import random

from tycoon.core import CHANCE, load, sample_chance
from tycoon.games.biznes_po_polsku.actions import OfferExchange, OfferPurchase, OfferSale
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.bot_rollout import RolloutBot

OFFERS = (OfferPurchase, OfferSale, OfferExchange)


def test_it_plays_as_the_normal_bot_but_offers_no_trade() -> None:
    game = load("biznes_po_polsku", players=4)
    offers = same = 0
    for seed in range(2):
        state = game.new_state()
        rng = random.Random(seed)
        bots = [BiznesBot(f"{seed}:{s}") for s in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.apply(sample_chance(state, rng), seat)
                continue
            # Fresh bots, so that neither remembers offers the other has not made.
            normal, rollout = BiznesBot().act(state, seat), RolloutBot().act(state, seat)
            assert not isinstance(rollout, OFFERS)
            if isinstance(normal, OFFERS):
                offers += 1
            else:
                assert rollout == normal
                same += 1
            state.apply(bots[seat].act(state, seat), seat)
    assert offers > 5 and same > 500
