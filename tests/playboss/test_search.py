"""What the searching level (``hard``) of Playboss weighs and how it scores a position: the
decisions it tries beside the bot's choice (``bot_candidates.py``) and the evaluation
(``sheets.evaluate``), which counts what stock is worth to a business that goes on."""

from __future__ import annotations

import random

from tycoon.core import CHANCE, TERMINAL, sample_chance
from tycoon.games.playboss.actions import (
    Accept,
    Counter,
    Decline,
    DeclineBecause,
    DoNothing,
    Invest,
    OfferLoan,
    Produce,
    Purchase,
    Sell,
)
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.bot_candidates import AT_ANY_TIME, candidates
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import RED, TURN
from tycoon.games.playboss.sheets import evaluate

from .helpers import give_machines, give_products, give_webs, land_on, new_game, space_of


def on_red(**options: object) -> PlaybossState:
    state = new_game(2, start=0, **options)
    land_on(state, 0, space_of(state, "red", after=6), 3)
    assert state.phase == RED
    return state


def test_a_red_field_offers_its_decisions_as_far_as_the_cash_goes() -> None:
    state = on_red()
    give_machines(state, 0, 2)
    give_products(state, 0, raw=1, finished=2)
    found = candidates(state, 0)
    assert found[0] == DoNothing()
    assert Produce(1) in found and Sell(2) in found
    # Raw products for two rounds of the two machines, less the one in stock.
    assert Purchase(3) in found
    # Investing is the bot's to choose: its rule weighs risks beyond the search's horizon.
    assert not any(isinstance(a, Invest) for a in found)
    assert all(state.refusal(a, 0) is None for a in found)


def test_every_candidate_of_a_bots_game_is_legal_and_none_is_business_at_any_time() -> None:
    state = new_game(3, years=1)
    bots = [PlaybossBot() for _ in range(3)]
    rng = random.Random(2)
    seen = 0
    while (seat := state.current_player()) != TERMINAL:
        if seat == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
            continue
        found = candidates(state, seat)
        assert not any(isinstance(a, AT_ANY_TIME) for a in found)
        assert all(state.refusal(a, seat) is None for a in found)
        if state.phase == TURN:
            # The turn's business is the bot's alone: the search does not second-guess it.
            assert found == []
        seen += len(found) > 1
        state.apply(bots[seat].act(state, seat), seat)
    assert seen > 10


def test_the_evaluation_counts_stock_at_what_it_fetches_while_red_fields_remain() -> None:
    state = on_red()
    profit = state.balance_sheet(0).profit
    assert evaluate(state)[0] == profit
    give_products(state, 0, finished=1)
    give_webs(state, 0, 2)
    sheet = state.balance_sheet(0).profit
    # The sheet counts a finished product at 1,500 and a WEB at nothing; a business with the
    # game ahead of it sells the product into the market and uses the WEBs.
    assert evaluate(state)[0] > sheet >= profit


def test_at_the_end_the_evaluation_is_the_balance_sheet() -> None:
    state = on_red(rounds=1)
    give_products(state, 0, raw=2, finished=1)
    give_webs(state, 0, 2)
    # The last round: the seat has rolled, no red field remains for it.
    assert evaluate(state)[0] == state.balance_sheet(0).profit


def test_an_answer_among_the_candidates_declines_saying_why_as_the_bot_would() -> None:
    """The searching seat may decline where its bot would counter; it still says why."""
    state = new_game(4)
    state.apply(OfferLoan(1, 3_000, 5, 0, 2, False), 0)  # seat 0 asks seat 1 for a loan at 5%
    bot_answer = PlaybossBot().act(state, 1)
    assert isinstance(bot_answer, Counter)
    found = candidates(state, 1)
    assert not any(isinstance(a, Decline) for a in found)
    assert DeclineBecause(bot_answer.reason) in found and Accept() in found
    assert all(state.refusal(a, 1) is None for a in found)
    state.apply(bot_answer, 1)  # the counter-offer handed back: seat 0 declines it saying why too
    back = candidates(state, 0)
    assert not any(isinstance(a, Decline) for a in back)
    assert any(isinstance(a, DeclineBecause) for a in back) and all(state.refusal(a, 0) is None for a in back)
