"""Expansion step 5: various game goals, and personal goals.

Playboss II, "5. Step: Various Game Goals" and its Explanations. The definitions the rulebook
leaves open (sales, rounds played, the asset yield's denominator, when the game ends) are
designed in ``goals.py``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tycoon.core import load
from tycoon.core.errors import InvalidConfig
from tycoon.games.playboss import report
from tycoon.games.playboss.actions import BankSell, CostChoice, DeclareGoal, FoundMarketing, MarketingSell, Roll, Sell
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.goals import PERSONAL, asset_yield, rounds_played, sales_yield
from tycoon.games.playboss.phases import OVER, TURN

from .helpers import (
    assert_rejected,
    check_books,
    give_machines,
    give_products,
    land_on,
    new_game,
    options,
    pass_turn,
    set_cash,
    space_of,
    told,
)

RULE = "5. Step: Various Game Goals"


# --- the option ---------------------------------------------------------------------------


def test_the_goal_is_chosen_with_step_5_and_the_sales_target_defaults_to_60000() -> None:
    game = load("playboss", players=2, steps=[5], goal="sales-end-profit")
    assert (game.goal, game.sales_target) == ("sales-end-profit", 60_000)
    assert game.config() == {"players": 2, "years": 3, "steps": [5], "goal": "sales-end-profit", "sales_target": 60_000}
    assert load("playboss", **game.config()).config() == game.config()
    plain = load("playboss", players=2, steps=[5])
    assert (plain.goal, plain.sales_target) == ("profit", None)
    assert load("playboss", steps=[5], goal="first-to-sales", sales_target=30_000).sales_target == 30_000


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"goal": "first-to-sales"}, "belong to expansion step 5"),
        ({"steps": [5], "goal": "wealth"}, "option 'goal' is one of profit, first-to-sales"),
        ({"steps": [5], "goal": "profit", "sales_target": 5_000}, "has no sales target"),
        (
            {"steps": [5], "goal": "sales-yield", "sales_target": 0},
            "'sales_target' is a whole number from 1 to 10000000",
        ),
        ({"steps": [2], "sales_target": 5_000}, "belong to expansion step 5"),
    ],
)
def test_bad_goal_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidConfig, match=message):
        load("playboss", players=2, **options)


# --- sales ----------------------------------------------------------------------------------


def sell_on_red(state: PlaybossState, seat: int, count: int) -> None:
    give_products(state, seat, finished=count)
    land_on(state, seat, space_of(state, "red", after=6), 2)
    state.apply(Sell(count), seat)


def test_sales_count_every_sale_to_the_market_but_not_repurchases() -> None:
    """II, "Explanations: Various Game Goals": the banker tracks all sales amounts."""
    state = new_game(2, steps=[3, 5])
    state.apply(FoundMarketing(), 0)
    give_products(state, 0, finished=2)
    state.apply(MarketingSell(), 0)  # 3,500 through the organisation
    state.apply(BankSell("finished", 1), 0)  # repurchase by the bank: no sale
    assert state.businesses[0].sales == 3_500
    sell_on_red(state, 0, 1)  # on the red field: the 350 zone is empty, 3,500 again
    assert state.businesses[0].sales == 3_500 + 3_500


def test_a_yellow_field_sale_at_half_price_counts_as_sales() -> None:
    state = new_game(2, steps=[5])
    give_products(state, 0, finished=2)
    land_on(state, 0, space_of(state, "yellow", after=6), 2)
    state.apply(CostChoice("sell-half"), 0)
    assert state.businesses[0].sales == 3_500  # two at 1,750


# --- the four goals ---------------------------------------------------------------------------


def test_first_to_the_sales_target_wins_at_the_end_of_that_turn() -> None:
    """II, 5. Step, 1: "Whoever is the first to reach a predetermined level of sales ... is the
    market leader and declared winner." """
    state = new_game(2, steps=[5], goal="first-to-sales", sales_target=7_000)
    set_cash(state, 1, 90_000)  # far more profit: it does not count
    state.log = []
    sell_on_red(state, 0, 2)  # 2 x 3,500

    assert state.phase == OVER
    assert state.outcome().winners == (0,)
    assert state.expansion.leader == 0
    assert "Seat 0 reaches 7,000 Marks of sales first: the market leader." in told(state)


def test_below_the_target_the_game_goes_on() -> None:
    state = new_game(2, steps=[5], goal="first-to-sales", sales_target=7_001)
    sell_on_red(state, 0, 2)
    assert state.phase == TURN and state.current_player() == 1


def test_if_the_agreed_length_comes_first_the_most_sales_wins_the_race() -> None:
    state = new_game(2, steps=[5], goal="first-to-sales", sales_target=60_000, rounds=1)
    set_cash(state, 1, 90_000)
    sell_on_red(state, 0, 1)
    pass_turn(state, 1)
    assert state.phase == OVER and state.outcome().winners == (0,)


def test_a_sales_target_ends_the_game_after_the_round_and_the_most_profit_wins() -> None:
    """II, 5. Step, 2: "The game ends when a player reaches a fixed level of total sales ...
    but the winner is that player whose business has the greatest profit on the books." The
    round is played out, as at the agreed time (I, "End of the Game")."""
    state = new_game(2, steps=[5], goal="sales-end-profit", sales_target=7_000)
    sell_on_red(state, 0, 2)
    assert state.phase == TURN and state.current_player() == 1  # the round is played out
    set_cash(state, 1, 30_000)
    pass_turn(state, 1)
    assert state.phase == OVER
    outcome = state.outcome()
    assert outcome.winners == (1,)
    assert outcome.scores == (state.balance_sheet(0).profit, 10_000)


def test_the_highest_sales_yield_wins() -> None:
    """II, 5. Step, 3: Sales Yield = Total Profit / Total Sales."""
    state = new_game(2, steps=[5], goal="sales-yield", sales_target=7_000)
    sell_on_red(state, 0, 2)  # 7,000 sales
    b0 = state.businesses[0]
    assert sales_yield(state, b0) == Fraction(state.balance_sheet(0).profit, 7_000)
    b1 = state.businesses[1]
    assert sales_yield(state, b1) is None  # no sales: no yield, ranks last
    set_cash(state, 1, 90_000)
    pass_turn(state, 1)
    assert state.outcome().winners == (0,)


def test_a_higher_yield_beats_more_profit() -> None:
    state = new_game(2, steps=[5], goal="sales-yield", sales_target=10_000)
    state.businesses[0].sales = 40_000
    state.businesses[1].sales = 4_000
    set_cash(state, 0, 20_000 + 8_000)  # profit 8,000: yield 0.2
    set_cash(state, 1, 20_000 + 2_000)  # profit 2,000: yield 0.5
    pass_turn(state, 0)
    pass_turn(state, 1)
    assert state.phase == OVER and state.outcome().winners == (1,)


def test_asset_yield_is_profit_over_the_balance_sheet_total_per_round_played() -> None:
    """II, 5. Step, 4: Asset Yield = Total Profit / (Assets + Liabilities); Explanations:
    "count the rounds for each player (including partial rounds like, say, 3 ½ rounds) and
    divide the asset yield by the number of rounds played"."""
    state = new_game(2, steps=[5], goal="asset-yield", sales_target=7_000)
    b = state.businesses[0]
    assert rounds_played(state, b) == 0 and asset_yield(state, b) is None
    give_machines(state, 0, 1)
    set_cash(state, 0, 15_000)  # assets 25,000; profit 5,000
    b.position = 1 + 43 // 2
    b.laps = 3
    # 3 laps and 21 spaces of 43 from the starting square: 3 + 21/43 rounds.
    assert rounds_played(state, b) == Fraction(3 * 43 + 21, 43)
    assert asset_yield(state, b) == Fraction(5_000, 25_000) / Fraction(150, 43)


def test_the_highest_asset_yield_wins() -> None:
    state = new_game(2, steps=[5], goal="asset-yield", sales_target=7_000)
    set_cash(state, 1, 30_000)  # profit 10,000 on 30,000, one roll
    sell_on_red(state, 0, 2)  # seat 0: sales 7,000, profit small
    pass_turn(state, 1)
    assert state.phase == OVER
    y0 = asset_yield(state, state.businesses[0])
    y1 = asset_yield(state, state.businesses[1])
    assert y0 is not None and y1 is not None
    assert state.outcome().winners == ((0,) if y0 > y1 else (1,))


# --- personal goals -------------------------------------------------------------------------


def test_each_player_writes_down_a_personal_goal_before_the_first_roll() -> None:
    """II, "Explanations: Various Game Goals": "Every player should write down their personal
    goal at the start of the game (eg. Maximum profit, Largest market share, Largest production
    capacity, Highest asset yield, etc.)." """
    state = new_game(2, steps=[5])
    # On one's own turn, before the first roll (designed here: who writes one down is plain).
    assert [a for a in options(state, 0) if isinstance(a, DeclareGoal)] == [DeclareGoal(g) for g in PERSONAL]
    assert not any(isinstance(a, DeclareGoal) for a in options(state, 1))
    assert_rejected(state, 1, DeclareGoal("market-share"), "on your own turn, before you roll", RULE)
    state.apply(DeclareGoal("market-share"), 0)
    assert state.businesses[0].goal == "market-share"
    assert_rejected(state, 0, DeclareGoal("profit"), "you have written yours down already", RULE)
    pass_turn(state, 0)
    assert state.current_player() == 1 and state.phase == TURN
    assert_rejected(state, 1, DeclareGoal("fame"), "the personal goals are", RULE)
    state.apply(DeclareGoal("sales"), 1)
    assert state.businesses[1].goal == "sales"
    state.apply(Roll(), 1)
    assert_rejected(state, 1, DeclareGoal("profit"), "written yours down already", RULE)


def test_personal_goals_are_hidden_until_the_end_and_then_reported() -> None:
    """II: "After the game, you can then discuss which player has best reached their
    individual goal." """
    state = new_game(2, steps=[5], rounds=1)
    state.apply(DeclareGoal("production-capacity"), 0)
    give_machines(state, 0, 2, double=True)
    set_cash(state, 1, 25_000)
    pass_turn(state, 0)
    state.apply(DeclareGoal("profit"), 1)
    assert state.view(0)["expansion"]["businesses"][0]["goal"] == "production-capacity"
    assert state.view(0)["expansion"]["businesses"][1]["goal"] == "written down"
    assert state.view(None)["expansion"]["businesses"][0]["goal"] == "written down"
    pass_turn(state, 1)
    assert state.phase == OVER
    assert state.view(1)["expansion"]["businesses"][0]["goal"] == "production-capacity"
    sheets = report(state)
    mine = sheets[0]["personal_goal"]
    assert mine["goal"] == "production-capacity"
    assert mine["achieved"]["production-capacity"] == 4
    assert (mine["rank"], mine["best"]) == (1, True)
    theirs = sheets[1]["personal_goal"]
    # Seat 0's two machines are worth 20,000: more profit than seat 1's 5,000.
    assert theirs["achieved"]["profit"] == 5_000 and (theirs["rank"], theirs["best"]) == (2, False)
    assert sheets[0]["sales"] == 0
    check_books(state)


def test_without_step_5_there_are_no_goals_to_declare() -> None:
    state = new_game(2, steps=[2])
    assert not [a for a in options(state, 0) if isinstance(a, DeclareGoal)]
    assert_rejected(state, 0, DeclareGoal("profit"), "belongs to expansion step 5")
