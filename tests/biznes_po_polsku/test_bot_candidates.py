"""The choices the searching level tries beside the bot's own (``biznes_po_polsku/bot_candidates.py``)
and the fees to come that its evaluation counts (``bot_figures.prospects``)."""

from __future__ import annotations

import random

from bot_games import bot_decisions
from tycoon.games.biznes_po_polsku import fortune
from tycoon.games.biznes_po_polsku.actions import (
    ACCEPT,
    ROLL,
    Counter,
    Invest,
    OfferExchange,
    OfferPurchase,
    OfferSale,
    RejectBecause,
)
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.bot_candidates import candidates
from tycoon.games.biznes_po_polsku.bot_figures import prospects
from tycoon.games.biznes_po_polsku.phases import TURN
from tycoon.games.biznes_po_polsku.sheets import evaluate
from tycoon.games.biznes_po_polsku.state import BiznesState

from .helpers import AUTOBAR, AUTOKOMIS, KIOSK, SZKOLA, give_firm, give_group, new_game, set_cash

OFFERS = (OfferPurchase, OfferSale, OfferExchange)


def test_before_the_roll_rolling_the_best_investment_and_the_bots_offers() -> None:
    state = new_game(players=3)
    give_group(state, 0, SZKOLA)
    set_cash(state, 0, 900)
    assert state.phase == TURN and state.pending == 0
    found = candidates(state, 0)
    assert found[0] == ROLL
    # 900 zł pays for one element (800 zł) though the bot keeps more than that in hand.
    assert sum(isinstance(a, Invest) for a in found) == 1
    assert BiznesBot().act(state, 0) == ROLL
    assert all(state.refusal(a, 0) is None for a in found)


def test_along_bot_games_every_candidate_is_legal_once_and_the_same_for_the_same_position() -> None:
    checked = offered = 0
    for state, seat in bot_decisions("biznes_po_polsku", 4, 2, BiznesBot):
        assert isinstance(state, BiznesState)
        found = candidates(state, seat)
        if found:
            assert len(set(found)) == len(found)
            assert all(state.refusal(a, seat) is None for a in found), (state.phase, found)
            # What the seat cannot see (the order of the decks) changes nothing.
            assert candidates(state.resample(seat, random.Random(checked)), seat) == found
            offered += any(isinstance(a, OFFERS) for a in found)
            checked += 1
    assert checked > 300 and offered > 5


def test_a_firm_counts_the_fees_it_will_bring_in_and_the_others_will_pay() -> None:
    state = new_game(players=3)
    assert prospects(state) == [0, 0, 0]
    give_firm(state, 0, KIOSK)
    lone = prospects(state)
    assert lone[0] > 0 and lone[1] == lone[2] < 0
    give_firm(state, 0, SZKOLA)
    assert prospects(state)[0] > lone[0]
    # The whole group doubles the fees, and an investment level raises them further.
    with_group = new_game(players=3)
    give_group(with_group, 0, SZKOLA)
    built = new_game(players=3)
    give_group(built, 0, SZKOLA, level=1)
    assert prospects(built)[0] > prospects(with_group)[0] > 0
    values = evaluate(built)
    assert values[0] == fortune.fortune(built, built.players[0]) + prospects(built)[0]


def test_an_answer_among_the_candidates_declines_saying_why_as_the_bot_would() -> None:
    """The searching seat may decline where its bot would counter; it still says why."""
    state = new_game(4)
    give_firm(state, 1, AUTOKOMIS)
    give_firm(state, 1, AUTOBAR)
    state.apply(OfferPurchase(AUTOKOMIS, 1500), 0)
    bot_answer = BiznesBot().act(state, 1)
    assert isinstance(bot_answer, Counter)
    found = candidates(state, 1)
    assert found == [ACCEPT, RejectBecause(bot_answer.reason)]
    assert all(state.refusal(a, 1) is None for a in found)
    state.apply(bot_answer, 1)  # the counter-offer handed back: seat 0 declines it saying why too
    back = candidates(state, 0)
    assert back[0] == ACCEPT and isinstance(back[1], RejectBecause) and len(back) == 2
    assert all(state.refusal(a, 0) is None for a in back)
