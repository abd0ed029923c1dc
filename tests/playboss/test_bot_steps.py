"""The Playboss bot with the expansion steps on (Playboss II, steps 2 to 5): only legal moves,
it still beats random play, and it plays the steps sensibly (``bot_steps.py``)."""

from __future__ import annotations

from tycoon.agents import RandomAgent
from tycoon.core import load, play
from tycoon.core.driver import Agent
from tycoon.games.playboss import bot_figures
from tycoon.games.playboss.actions import (
    Bid,
    DeclareGoal,
    FoundMarketing,
    GiveUpMarketing,
    MarketingSell,
    Offer,
    Pass,
    Purchase,
    RenewMarketing,
    Roll,
    Sell,
)
from tycoon.games.playboss.bot import PlaybossBot, Tuning
from tycoon.games.playboss.phases import BIDDING, DUE, RED
from tycoon.games.playboss.taxation import estimated_tax

from .helpers import give_machines, give_products, give_webs, land_on, new_game, set_cash, space_of
from .test_bot import Checked

ALL = [2, 3, 4, 5]
EVERY = [1, 2, 3, 4, 5]


def test_the_bot_beats_random_players_with_steps_2_to_5_on() -> None:
    """200 seeded two-player games, the bot alternating between the seats (with these seeds it
    wins 197)."""
    game = load("playboss", players=2, steps=ALL)
    wins = 0
    for seed in range(200):
        seat = seed % 2
        agents: list[Agent] = [PlaybossBot() if s == seat else RandomAgent() for s in range(2)]
        wins += seat in play(game, agents, seed).state.outcome().winners
    assert wins / 200 >= 0.9


def test_the_bot_takes_only_legal_actions_with_steps_on() -> None:
    setups: list[dict[str, object]] = [
        {"players": 2, "steps": [2]},
        {"players": 4, "steps": [3]},
        {"players": 3, "steps": [4], "years": 2},
        {"players": 2, "steps": [5], "goal": "first-to-sales", "sales_target": 30_000},
        {"players": 4, "steps": ALL},
        {"players": 6, "steps": ALL, "goal": "asset-yield"},
        {"players": 1, "steps": ALL},
    ]
    for opts in setups:
        game = load("playboss", **opts)
        for seed in range(4):
            agents: list[Agent] = [
                Checked(PlaybossBot()) if s % 2 == 0 or seed % 2 else Checked(RandomAgent())
                for s in range(game.num_seats)
            ]
            result = play(game, agents, seed, max_actions=20_000)
            assert result.state.is_terminal()


def test_bots_make_money_with_taxes_and_auctions() -> None:
    game = load("playboss", players=4, steps=ALL)
    profits = []
    for seed in range(20):
        profits += play(game, [PlaybossBot() for _ in range(4)], seed).state.outcome().scores
    assert sum(profits) / len(profits) > 0


def test_it_writes_down_its_goal_first() -> None:
    state = new_game(2, steps=[5])
    assert PlaybossBot().act(state, 0) == DeclareGoal("profit")
    state.apply(DeclareGoal("profit"), 0)
    assert PlaybossBot().act(state, 0) == Roll()


def test_it_buys_two_at_market_price_and_bids_for_raw_products_it_can_use() -> None:
    """II, "2. Step": at most 2 units at market price; the rest at the auction."""
    state = new_game(3, steps=[2])
    give_machines(state, 0, 2)
    give_webs(state, 0, 2)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    bot = PlaybossBot()
    assert bot.act(state, 0) == Purchase(2)
    state.apply(Purchase(2), 0)
    assert state.phase == BIDDING
    state.apply(Pass(), 1)
    state.apply(Pass(), 2)
    assert bot.act(state, 0) == Bid(400)


def test_it_does_not_bid_for_raw_products_it_cannot_use_or_above_their_worth() -> None:
    state = new_game(3, steps=[2])
    land_on(state, 0, space_of(state, "red", after=6), 2)
    state.apply(Purchase(2), 0)
    # Without a machine it stocks up for the first one in the first year ...
    assert PlaybossBot().act(state, 1) == Bid(400)
    # ... but not beyond that stock (taken from outside play for the scenario).
    state.outside_play -= 10
    state.businesses[1].raw = 10
    assert PlaybossBot().act(state, 1) == Pass()
    # With machines to feed it bids, but not beyond what a product earns.
    state.outside_play += 10
    state.businesses[1].raw = 0
    give_machines(state, 1, 2)
    give_webs(state, 1, 2)
    assert PlaybossBot().act(state, 1) == Bid(400)
    a = state.expansion.auction
    assert a is not None
    a.bidding.high_bid, a.bidding.high_bidder = 3_000, 2
    assert PlaybossBot().act(state, 1) == Pass()


def test_it_keeps_the_tax_due_in_its_reserve() -> None:
    """II, "4. Step": plan for taxes."""
    state = new_game(2, steps=[4])
    before = bot_figures.reserve(state, state.businesses[0])
    set_cash(state, 0, 35_000)  # 15,000 of profit this year: 7,500 tax
    assert estimated_tax(state, state.businesses[0]) == 7_500
    assert bot_figures.reserve(state, state.businesses[0]) == before + 7_500


def test_it_sells_through_its_organisation_every_turn() -> None:
    state = new_game(2, steps=[3])
    state.apply(FoundMarketing(), 0)
    give_products(state, 0, finished=2)
    bot = PlaybossBot()
    assert bot.act(state, 0) == MarketingSell()
    state.apply(MarketingSell(), 0)
    assert bot.act(state, 0) == Roll()


def test_it_founds_an_organisation_only_when_it_pays() -> None:
    """With the rulebook's costs (20,000, then 15,000 a year for one product a turn) an
    organisation seldom pays for profit; a bot that values a spared red field far higher
    finds that it does."""
    state = new_game(2, steps=[3])
    give_machines(state, 0, 2, double=True)
    give_webs(state, 0, 2)
    give_products(state, 0, finished=6)
    set_cash(state, 0, 60_000)
    assert PlaybossBot().act(state, 0) != FoundMarketing()
    assert PlaybossBot(tuning=Tuning(decision_value=60_000)).act(state, 0) == FoundMarketing()


def test_it_renews_the_costs_only_while_they_pay() -> None:
    state = new_game(2, steps=[3])
    set_cash(state, 0, 40_000)
    state.apply(FoundMarketing(), 0)
    land_on(state, 0, space_of(state, "red"), pips=3)
    assert state.phase == DUE
    assert PlaybossBot().act(state, 0) == GiveUpMarketing()
    give_machines(state, 0, 2, double=True)
    give_products(state, 0, finished=10)
    assert PlaybossBot(tuning=Tuning(decision_value=60_000)).act(state, 0) == RenewMarketing()
    state.apply(RenewMarketing(), 0)
    assert state.phase == RED


def test_the_bot_beats_random_players_with_steps_1_to_5_on() -> None:
    """200 seeded two-player games with the free market too, the bot alternating between the
    seats (with these seeds it wins 196)."""
    game = load("playboss", players=2, steps=EVERY)
    wins = 0
    for seed in range(200):
        seat = seed % 2
        agents: list[Agent] = [PlaybossBot() if s == seat else RandomAgent() for s in range(2)]
        wins += seat in play(game, agents, seed).state.outcome().winners
    assert wins / 200 >= 0.9


def test_the_bot_takes_only_legal_actions_in_the_free_market() -> None:
    for opts in ({"players": 3, "steps": [1]}, {"players": 5, "steps": EVERY, "years": 2}):
        game = load("playboss", **opts)
        for seed in range(4):
            agents: list[Agent] = [Checked(PlaybossBot()) for _ in range(game.num_seats)]
            assert play(game, agents, seed, max_actions=20_000).state.is_terminal()


def test_it_underbids_down_to_its_production_cost_plus_the_final_value_and_no_further() -> None:
    """II, "Explanations: Free Market for Sales": "how far they can lower their prices without
    loosing money on the product". Its floor: 1,000 production cost + 1,500 = 2,500."""
    state = new_game(3, steps=[1])
    give_products(state, 0, finished=4)
    give_products(state, 1, finished=3)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    state.apply(Sell(2), 0)  # the market price: 4,000
    bot = PlaybossBot()
    assert bot.act(state, 1) == Offer(2, 3_500)
    state.apply(Offer(2, 3_500), 1)
    assert bot.act(state, 0) == Offer(2, 3_500)  # the first supplier matches
    state.apply(Offer(2, 3_500), 0)
    f = state.expansion.free_market
    assert f is not None
    f.price = 3_000  # further down the bidding
    assert bot.act(state, 1) == Offer(2, 2_500)
    f.price = 2_500
    assert bot.act(state, 1) == Pass()  # 2,000 would be below its floor
    f.turn, state.pending = 0, 0  # the first supplier's decision
    assert bot.act(state, 0) == Offer(2, 2_500)
    f.price = 2_000
    assert bot.act(state, 0) == Pass()
