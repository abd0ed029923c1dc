"""The bot Playboss's ``hard`` level searches over (``bot_corner.py``): the normal bot that
corners the raw products in its first year and doubles a machine as soon as it holds 3 WEBs."""

from __future__ import annotations

from tycoon.agents.catalogue import make_agent
from tycoon.agents.ismcts import IsmctsAgent
from tycoon.games.playboss import market
from tycoon.games.playboss.actions import Improve, Purchase, Roll
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.bot_corner import CORNER_KEEP, CorneringBot
from tycoon.games.playboss.phases import RED, TURN

from .helpers import give_machines, give_products, give_webs, land_on, new_game, space_of


def test_in_its_first_year_it_buys_every_raw_product_the_market_holds() -> None:
    """Fewer than five players: the market holds 20 raw products, its dear half. The normal bot
    stocks a fair share for its first machine; the cornering bot takes them all, keeping 1,000
    Marks, and leaves the other business nothing to buy."""
    state = new_game(2)
    land_on(state, 0, space_of(state, "red", after=6))
    assert state.phase == RED and state.businesses[0].laps == 0
    held = sum(state.market)
    assert held == 20
    assert PlaybossBot().act(state, 0) == Purchase(10)
    assert CorneringBot().act(state, 0) == Purchase(held)
    assert market.purchase_cost(state.market, state.rules.zone_prices, held) <= 10_000 - CORNER_KEEP


def test_after_its_first_machine_or_year_it_buys_as_the_normal_bot() -> None:
    state = new_game(2)
    give_machines(state, 0, 1)
    give_products(state, 0, raw=1)
    give_webs(state, 0, 2)
    land_on(state, 0, space_of(state, "red", after=6))
    assert CorneringBot().act(state, 0) == PlaybossBot().act(state, 0)


def test_it_doubles_a_machine_with_its_first_three_webs() -> None:
    """Efficiency improvement (3 WEBs): the normal bot keeps 2 WEBs for the insurance first."""
    state = new_game(2)
    give_machines(state, 0, 1)
    give_products(state, 0, raw=6)
    give_webs(state, 0, 3)
    assert state.phase == TURN
    assert PlaybossBot().act(state, 0) == Roll()
    assert CorneringBot().act(state, 0) == Improve(0)


def test_the_hard_level_searches_over_the_cornering_bot_and_plays_on_with_normal_bots() -> None:
    hard = make_agent("playboss", "hard")
    assert isinstance(hard, IsmctsAgent)
    assert isinstance(hard.advisor, CorneringBot)
    assert type(hard.make_player()) is PlaybossBot
