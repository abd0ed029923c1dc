"""The market: buying from the cheapest zone upward, selling into the dearest empty dimples."""

from __future__ import annotations

from tycoon.games.playboss.actions import BankSell, Purchase, Sell
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import RED, TURN

from .helpers import assert_rejected, give_products, land_on, new_game, options, products_everywhere, space_of


def on_red(players: int, seat: int = 0) -> PlaybossState:
    state = new_game(players, start=seat)
    land_on(state, seat, space_of(state, "red", after=6), 3)
    assert state.phase == RED
    return state


def test_buying_takes_from_the_cheapest_occupied_zone_upward_at_zone_price() -> None:
    """Playboss I, "Decision: Purchasing": begin with the lowest price zone in which there is
    still product, then the next higher zone; pay the zone's price per product. With 4
    players the cheapest products lie at 350, so 7 cost 5 x 350 + 2 x 400."""
    state = on_red(4)
    state.apply(Purchase(7), 0)
    b = state.businesses[0]
    assert b.cash == 10_000 - (5 * 350 + 2 * 400) == 7_450
    assert b.raw == 7
    assert b.finished == 0
    assert state.market == [0, 0, 0, 0, 0, 3, 5, 5]
    assert state.ledger_in == 2_550
    assert products_everywhere(state) == 40


def test_buying_with_a_full_market_starts_at_150() -> None:
    """Playboss I, "Decision: Purchasing": with 5 or more players the 150 zone is the cheapest
    occupied one; a purchase of 6 takes all five there and one at 200."""
    state = on_red(5)
    state.apply(Purchase(6), 0)
    assert state.businesses[0].cash == 10_000 - (5 * 150 + 200)
    assert state.market == [0, 4, 5, 5, 5, 5, 5, 5]
    assert products_everywhere(state) == 40


def test_the_next_buyer_continues_where_the_last_one_stopped() -> None:
    """Playboss I, "Decision: Purchasing": prices rise as the cheap zones empty."""
    state = new_game(4, start=0)
    red = space_of(state, "red", after=6)
    land_on(state, 0, red, 3)
    state.apply(Purchase(3), 0)
    land_on(state, 1, red, 3)
    state.apply(Purchase(4), 1)
    assert state.businesses[0].cash == 10_000 - 3 * 350
    assert state.businesses[1].cash == 10_000 - (2 * 350 + 2 * 400)
    assert state.market == [0, 0, 0, 0, 0, 3, 5, 5]


def test_a_purchase_is_limited_by_cash_and_never_on_credit() -> None:
    """Playboss I, "Decision: Purchasing": as many as they want *and can afford*; "Lines of
    Credit": the bank gives no credit on raw material. With 1,000 Marks: 2 products at 350."""
    state = on_red(4)
    state.businesses[0].cash = 1_000
    offered = [a for a in options(state, 0) if isinstance(a, Purchase)]
    assert offered == [Purchase(1), Purchase(2)]
    assert_rejected(state, 0, Purchase(3), "3 products cost 1,050 Marks but you hold 1,000", "not bought on credit")


def test_a_purchase_is_limited_by_the_products_on_the_market() -> None:
    """Playboss I, "Decision: Purchasing": only products lying in the market can be bought."""
    state = on_red(4)
    state.businesses[0].cash = 50_000
    offered = [a for a in options(state, 0) if isinstance(a, Purchase)]
    assert offered[-1] == Purchase(20)
    assert_rejected(state, 0, Purchase(21), "the market holds only 20 products")
    assert_rejected(state, 0, Purchase(0), "buy at least 1 product")


def test_selling_pays_ten_times_the_zone_price_filling_the_dearest_empty_dimples_first() -> None:
    """Playboss I, "Decision: Selling": place products in the empty dimples, always filling the
    highest price zone first, and collect ten times the zone's price. Here the 400 zone has two
    empty dimples and the 350 zone five: 4 products earn 2 x 4,000 + 2 x 3,500."""
    state = on_red(4)
    give_products(state, 0, finished=7)  # bought and produced earlier: 5 at 350, 2 at 400
    assert state.market == [0, 0, 0, 0, 0, 3, 5, 5]
    state.apply(Sell(4), 0)
    b = state.businesses[0]
    assert b.cash == 10_000 + 2 * 4_000 + 2 * 3_500 == 25_000
    assert b.finished == 3
    assert b.sales == 15_000
    assert state.market == [0, 0, 0, 0, 2, 5, 5, 5]
    assert state.phase == TURN
    assert products_everywhere(state) == 40


def test_selling_into_a_full_dear_half_goes_to_the_cheap_zones() -> None:
    """Playboss I, "Decision: Selling": with 4 players the dear half is full at the start, so
    the dearest empty dimples lie at 300 and then 250."""
    state = on_red(4)
    state.outside_play -= 6  # six products that came into play some other way
    state.businesses[0].finished = 6
    state.apply(Sell(6), 0)
    assert state.businesses[0].cash == 10_000 + 5 * 3_000 + 2_500
    assert state.market == [0, 0, 1, 5, 5, 5, 5, 5]
    assert products_everywhere(state) == 40


def test_selling_more_than_the_finished_stock_is_refused() -> None:
    """Playboss I, "Decision: Selling": whoever has finished product can sell it."""
    state = on_red(4)
    give_products(state, 0, raw=2, finished=1)
    assert [a for a in options(state, 0) if isinstance(a, Sell)] == [Sell(1)]
    assert_rejected(state, 0, Sell(2), "you can sell 1 to 1 finished products")
    assert_rejected(state, 0, Sell(0), "you can sell 1 to 1 finished products")


def test_products_are_never_created_or_lost_between_market_and_warehouses() -> None:
    """Playboss I, "Preparation for Play": the market holds the products; buying takes them
    from it, selling and "Repurchase Value" put them back (into the highest open zone)."""
    state = new_game(2, start=0)
    red = space_of(state, "red", after=6)
    assert products_everywhere(state) == 40
    land_on(state, 0, red, 3)
    state.apply(Purchase(6), 0)
    assert products_everywhere(state) == 40
    state.apply(BankSell("raw", 2), 0)
    assert state.market == [0, 0, 0, 0, 1, 5, 5, 5]
    assert state.businesses[0].cash == 10_000 - (5 * 350 + 400) + 2 * 150
    assert products_everywhere(state) == 40
    land_on(state, 1, red, 3)
    state.apply(Purchase(1), 1)
    assert state.market == [0, 0, 0, 0, 0, 5, 5, 5]
    assert (state.businesses[0].raw, state.businesses[1].raw) == (4, 1)
    assert products_everywhere(state) == 40
