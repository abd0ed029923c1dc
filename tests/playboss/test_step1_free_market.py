"""Expansion step 1: the free market for sales (price underbidding).

Playboss II, "1. Step: Free Market for Sales" and "2 Examples on Price Underbidding"; I,
"Advertising Campaigns": "Insofar as you have agreed to free trade, no one can underbid you."
The procedure as decisions in seat order is designed in ``free_market.py``.
"""

from __future__ import annotations

import copy

from tycoon.core.actions import Action
from tycoon.core.errors import NotYourTurn
from tycoon.games.playboss.actions import Advertise, BankSell, FoundMarketing, MarketingSell, Offer, Pass, Sell
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import RED, TURN

from .helpers import (
    apply_all,
    assert_rejected,
    check_books,
    give_products,
    give_webs,
    land_on,
    new_game,
    options,
    space_of,
    told,
)

RULE = "1. Step: Free Market for Sales"
UNDERBIDDING = "free-market"


def make_room(state: PlaybossState, zone: int, count: int) -> None:
    """Move ``count`` products out of ``zone`` into the cheapest zones with room, as if they had
    been bought and sold back earlier: the dimples of ``zone`` open up, nothing is lost."""
    dimples = state.rules.dimples
    state.market[zone] -= count
    for z in range(len(state.market)):
        moved = min(count, dimples - state.market[z])
        state.market[z] += moved
        count -= moved
    assert count == 0


def on_red(players: int, finished: list[int], steps: tuple[int, ...] = (1,)) -> PlaybossState:
    """Seat 0 on a red field far from start; each seat holding ``finished[seat]`` finished products."""
    state = new_game(players, steps=list(steps))
    for seat, n in enumerate(finished):
        if n:
            give_products(state, seat, finished=n)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    assert state.phase == RED
    return state


def bids(state: PlaybossState, seat: int) -> list[Action]:
    """The seat's underbidding options (its "at any time" actions left out)."""
    return [x for x in options(state, seat) if isinstance(x, (Offer, Pass))]


def finished(state: PlaybossState) -> list[int]:
    return [b.finished for b in state.businesses]


def cash(state: PlaybossState) -> list[int]:
    return [b.cash for b in state.businesses]


def test_example_1_the_lowest_bidders_sell_within_the_first_suppliers_units() -> None:
    """II, "2 Examples on Price Underbidding", the first example, every number of it."""
    state = on_red(4, [3, 2, 2, 2])
    a, b, c = 1, 2, 3
    assert state.market == [0, 0, 0, 0, 0, 1, 5, 5]
    make_room(state, 7, 3)  # three dimples open in the 500 zone: the market price is 5,000
    assert state.market == [3, 0, 0, 0, 0, 1, 5, 2]
    assert state.view(0)["expansion"]["market_price"] == 5_000
    state.log = []

    # "One player sits on a red field and offers 3 products for 5,000 Marks each."
    state.apply(Sell(3), 0)
    assert told(state)[-1] == "Seat 0, the first supplier, offers 3 finished products at 5,000 Marks each."
    assert (state.phase, state.current_player()) == (UNDERBIDDING, a)
    assert Offer(2, 4_500) in options(state, a) and Offer(2, 5_000) in options(state, a)
    # "Three players form the competition, each with 2 units for sale and offer 4,500 Marks."
    apply_all(state, (a, Offer(2, 4_500)), (b, Offer(2, 4_500)), (c, Offer(2, 4_500)))
    # "The first-supplier goes along with the new price ..."
    assert state.current_player() == 0
    assert bids(state, 0) == [Offer(3, 4_500), Pass()]
    state.apply(Offer(3, 4_500), 0)
    # "... and the 3 competition players lower the price to 4,000 Marks."
    apply_all(state, (a, Offer(2, 4_000)), (b, Offer(2, 4_000)), (c, Offer(2, 4_000)))
    # "At this point the first-supplier withdraws." 6 units at 4,000, only 3 can be sold.
    assert bids(state, 0) == [Offer(3, 4_000), Pass()]
    state.apply(Pass(), 0)
    f = state.expansion.free_market
    assert f is not None and (f.units, f.rivals_offered(), f.price) == (3, 6, 4_000)
    # "A goes with his 2 units down to 3,500 Marks, B goes along with his 2 units to 3,500
    # Marks, but C withdraws."
    apply_all(state, (a, Offer(2, 3_500)), (b, Offer(2, 3_500)), (c, Pass()))
    # "A goes with his 2 units down to 3,000 Marks. B stays with one unit at 3,500 Marks."
    assert state.current_player() == a
    apply_all(state, (a, Offer(2, 3_000)), (b, Offer(1, 3_500)))

    # "so we now have 3 units sold: 2 at 3,000 and 1 at 3,500 Marks. B's 2nd unit cannot be sold."
    assert state.expansion.free_market is None
    assert cash(state) == [20_000, 20_000 + 6_000, 20_000 + 3_500, 20_000]
    assert [x.sales for x in state.businesses] == [0, 6_000, 3_500, 0]
    assert finished(state) == [3, 0, 1, 2]
    # The sold products lie in the highest open zones, whatever their price.
    assert state.market == [3, 0, 0, 0, 0, 1, 5, 5]
    assert told(state)[-2:] == [
        "Seat 1 receives 6,000 Marks for selling 2 finished products at 3,000 each.",
        "Seat 2 receives 3,500 Marks for selling 1 finished product at 3,500 each.",
    ]
    # The first supplier's turn goes on to its end.
    assert (state.phase, state.current_player()) == (TURN, 1)
    check_books(state)


def example_2() -> PlaybossState:
    """II, the second example up to the 3,000 price point: the first supplier (seat 0) offers
    4 units at 4,000; seat 1 competes with 2 units, seat 2 with 1."""
    state = on_red(3, [4, 2, 1])
    assert state.market == [0, 0, 0, 0, 0, 3, 5, 5]  # the market price is 4,000
    state.apply(Sell(4), 0)
    # "Two competition players outbid, one with 2 units and one with 1 unit."
    apply_all(state, (1, Offer(2, 3_500)), (2, Offer(1, 3_500)))
    # "The first-supplier can now, since the competition only offered 3 units, sell 1 unit for
    # 4,000 Marks." It lies in the dearest empty dimple.
    assert cash(state) == [24_000, 20_000, 20_000]
    assert finished(state) == [3, 2, 1]
    assert state.market == [0, 0, 0, 0, 0, 4, 5, 5]
    f = state.expansion.free_market
    assert f is not None and (f.units, f.price) == (3, 3_500)
    # "With his remaining 3 units, he must match the competition's price point."
    assert bids(state, 0) == [Offer(3, 3_500), Pass()]
    apply_all(state, (0, Offer(3, 3_500)), (1, Offer(2, 3_000)), (2, Offer(1, 3_000)))
    assert bids(state, 0) == [Offer(3, 3_000), Pass()]
    return state


def test_example_2_uncontested_units_sell_at_the_market_price_and_the_rest_is_contested() -> None:
    """II, "2 Examples on Price Underbidding", the second example, every number of it."""
    state = example_2()

    # "If he, for example withdraws from selling his other 3 units at the 3,000 Mark price
    # point, then the two competition players can sell their 3 units at that price."
    state.apply(Pass(), 0)

    assert state.expansion.free_market is None
    assert cash(state) == [24_000, 20_000 + 6_000, 20_000 + 3_000]
    assert [x.sales for x in state.businesses] == [4_000, 6_000, 3_000]
    assert finished(state) == [3, 0, 0]
    assert state.market == [0, 0, 0, 0, 2, 5, 5, 5]
    assert (state.phase, state.current_player()) == (TURN, 1)
    check_books(state)


def test_the_first_supplier_sells_once_he_has_matched_and_nobody_underbids_again() -> None:
    """II: "Once the original seller lowers his price to the competition's bid price, and the
    competition do not again lower their bid price another step, THEN the seller gets to
    complete his sale ... the seller must not underbid the competition." """
    state = example_2()
    state.apply(Offer(3, 3_000), 0)
    apply_all(state, (1, Offer(2, 3_000)), (2, Pass()))

    assert state.expansion.free_market is None
    assert cash(state) == [24_000 + 9_000, 20_000, 20_000]
    assert [x.sales for x in state.businesses] == [13_000, 0, 0]
    assert finished(state) == [0, 2, 1]
    assert state.market == [0, 0, 0, 0, 2, 5, 5, 5]
    check_books(state)


def test_the_first_supplier_only_matches_or_withdraws() -> None:
    state = example_2()
    assert_rejected(state, 0, Offer(3, 2_500), "need not underbid", RULE)
    assert_rejected(state, 0, Offer(2, 3_000), "all 3 units", RULE)
    assert_rejected(state, 1, Offer(2, 3_000), "it is seat 0's decision")


def test_a_competitor_offers_at_the_price_point_or_500_less_and_never_more_units() -> None:
    """II: "only 2 price points available per bidding round"; "withdraw one's offer partially
    by only offering up a smaller number of units"."""
    state = on_red(3, [3, 3, 2])
    state.apply(Sell(2), 0)
    # 3 players: the market price is the 400 zone's, 4,000 (8 products taken from the market).
    offers = [x for x in options(state, 1) if isinstance(x, Offer)]
    assert set(offers) == {Offer(n, p) for p in (4_000, 3_500) for n in (3, 2, 1)}
    assert str(state.action_families(1)[0]) == "offer: count 1–3; price 3,500–4,000 in steps of 500"
    assert_rejected(state, 1, Offer(1, 3_000), "at 4,000 or 3,500 Marks each", RULE)
    assert_rejected(state, 1, Offer(4, 3_500), "offer 1 to 3 units", RULE)
    assert_rejected(state, 1, Sell(1), "not possible while prices are underbid", RULE)
    apply_all(state, (1, Offer(2, 3_500)), (2, Offer(2, 3_500)), (0, Pass()))
    # Now 2 units each against 2 in the bidding: no more units than offered before.
    assert_rejected(state, 1, Offer(3, 3_000), "offer 1 to 2 units", RULE)
    assert {x for x in options(state, 1) if isinstance(x, Offer)} == {
        Offer(n, p) for p in (3_500, 3_000) for n in (2, 1)
    }


def test_a_round_in_which_nobody_moves_lets_the_lowest_and_then_the_earlier_bidders_sell() -> None:
    """Designed here: with the first supplier out and too many units offered, a round without
    any change ends the bidding; at an equal price the earlier in the bidding order sells."""
    state = on_red(4, [2, 2, 2, 2])
    state.apply(Sell(2), 0)  # market price 4,000
    apply_all(state, (1, Offer(2, 3_500)), (2, Offer(1, 3_500)), (3, Offer(2, 3_500)))
    apply_all(state, (0, Pass()), (1, Offer(1, 3_500)), (2, Offer(1, 3_000)), (3, Offer(2, 3_500)))
    # The price point is 3,000 now; nobody changes his offer in the next round.
    apply_all(state, (1, Offer(1, 3_000)), (2, Offer(1, 3_000)), (3, Offer(2, 3_000)))
    assert state.expansion.free_market is not None
    apply_all(state, (1, Offer(1, 3_000)), (2, Offer(1, 3_000)), (3, Offer(2, 3_000)))

    assert state.expansion.free_market is None
    assert cash(state) == [20_000, 23_000, 23_000, 20_000]
    assert finished(state) == [2, 1, 1, 2]
    check_books(state)


def test_without_other_finished_products_there_is_no_competition() -> None:
    """Nobody can compete: the base model's sale, at the market price even when announced lower
    (II: uncontested units earn "the market price")."""
    state = on_red(3, [6, 0, 0])
    assert Offer(2, 3_500) in options(state, 0)
    state.apply(Offer(2, 3_500), 0)

    assert state.expansion.free_market is None
    assert cash(state)[0] == 20_000 + 4_000 + 3_500  # the dearest empty dimples: 400, then 350
    assert (state.phase, state.current_player()) == (TURN, 1)
    check_books(state)


def test_if_nobody_competes_every_unit_sells_at_the_market_price() -> None:
    state = on_red(3, [5, 2, 0])
    state.apply(Sell(2), 0)
    state.apply(Pass(), 1)

    assert cash(state) == [20_000 + 4_000 + 4_000, 20_000, 20_000]
    assert state.market == [0, 0, 0, 0, 0, 5, 5, 5]
    check_books(state)


def test_competitors_at_the_first_suppliers_price_do_not_underbid_him() -> None:
    state = on_red(3, [3, 3, 0])
    state.apply(Offer(3, 3_000), 0)
    assert {Pass(), Offer(3, 3_000), Offer(2, 3_000), Offer(1, 3_000)} <= set(bids(state, 1))
    state.apply(Offer(3, 3_000), 1)

    assert cash(state) == [20_000 + 9_000, 20_000, 20_000]
    assert finished(state) == [0, 3, 0]


def test_the_announcement_is_no_higher_than_the_market_price_in_500_steps() -> None:
    """II: "This price may NOT be higher than the currently set market price, but it may be lower." """
    state = on_red(3, [4, 2, 1])
    offers = [x for x in options(state, 0) if isinstance(x, Offer)]
    assert {Offer(1, 3_500), Offer(1, 3_000), Offer(1, 2_500), Offer(4, 500)} <= set(offers)
    assert len(offers) == 4 * 7 and max(x.price for x in offers) == 3_500
    assert_rejected(state, 0, Offer(1, 4_500), "not be higher than the market price, 4,000", RULE)
    assert_rejected(state, 0, Offer(1, 4_000), "sell 1", RULE)
    assert_rejected(state, 0, Offer(1, 3_200), "steps of 500", RULE)
    assert_rejected(state, 0, Offer(5, 3_000), "1 to 4 finished", RULE)


def test_only_players_holding_finished_products_compete_from_the_first_suppliers_left() -> None:
    state = new_game(4, start=2, steps=[1])
    for seat, n in ((0, 1), (2, 2), (3, 1)):
        give_products(state, seat, finished=n)
    land_on(state, 2, space_of(state, "red", after=6), 2)
    state.apply(Sell(2), 2)
    f = state.expansion.free_market
    assert f is not None and f.order == [2, 3, 0]
    assert state.current_player() == 3
    assert_rejected(state, 1, Offer(1, 3_500), "it is seat 3's decision")


def test_an_advertising_campaign_cannot_be_underbid() -> None:
    """I, "Advertising Campaigns": "Insofar as you have agreed to free trade, no one can underbid
    you." The sale is the base model's, at the next higher price."""
    state = on_red(3, [5, 2, 0])
    give_webs(state, 0, 2)
    state.apply(Advertise(), 0)
    assert not [x for x in options(state, 0) if isinstance(x, Offer)]
    assert_rejected(state, 0, Offer(1, 3_500), "nobody can underbid you", RULE)
    state.apply(Sell(2), 0)

    assert state.expansion.free_market is None
    assert cash(state) == [20_000 + 4_500 + 4_500, 20_000, 20_000]
    assert (state.phase, state.current_player()) == (TURN, 1)


def test_a_marketing_organisation_sells_without_competition() -> None:
    """II, "3. Step": "sell one of his finished products, without competition"."""
    state = new_game(2, steps=[1, 3])
    give_products(state, 1, finished=2)
    give_products(state, 0, finished=1)
    state.apply(FoundMarketing(), 0)
    state.apply(MarketingSell(), 0)

    assert state.expansion.free_market is None and state.phase == TURN
    assert (state.businesses[0].sales, state.businesses[0].cash) == (3_500, 3_500)
    assert state.businesses[1].finished == 2


def test_sales_in_the_free_market_count_for_the_sales_goals() -> None:
    """II, "5. Step": the competitors' sales are sales too."""
    state = on_red(3, [4, 2, 1], steps=(1, 5))
    state.apply(Sell(4), 0)
    apply_all(state, (1, Offer(2, 3_500)), (2, Offer(1, 3_500)), (0, Pass()))
    assert [x.sales for x in state.businesses] == [4_000, 7_000, 3_500]
    view = state.view(1)["expansion"]["businesses"]
    assert [e["sales"] for e in view] == [4_000, 7_000, 3_500]


def test_a_competitor_who_sold_products_meanwhile_offers_only_what_he_holds() -> None:
    state = on_red(3, [5, 2, 0])
    state.apply(Sell(2), 0)
    state.apply(Offer(2, 3_500), 1)
    state.apply(BankSell("finished", 1), 1)
    state.apply(Offer(2, 3_500), 0)
    assert {x for x in options(state, 1) if isinstance(x, Offer)} == {Offer(1, 3_500), Offer(1, 3_000)}
    apply_all(state, (1, Offer(1, 3_500)))
    assert cash(state)[0] == 20_000 + 7_000
    check_books(state)


def test_the_bidding_is_in_the_view_the_fingerprint_and_the_clone() -> None:
    state = on_red(3, [3, 2, 1])
    state.apply(Sell(3), 0)
    state.apply(Offer(2, 3_500), 1)
    view = state.view(2)["expansion"]["free_market"]
    assert view == {
        "first_supplier": 0,
        "announced": 3,
        "units": 3,
        "price": 4_000,
        "round": 1,
        "next": 2,
        "offers": [
            {"seat": 0, "units": 3, "price": 4_000, "out": False},
            {"seat": 1, "units": 2, "price": 3_500, "out": False},
            {"seat": 2, "units": 0, "price": None, "out": False},
        ],
        "lowered": True,
        "changed": True,
    }
    assert state.fingerprint()["expansion"]["free_market"] == view
    twin = state.clone()
    before = copy.deepcopy(twin.fingerprint())
    state.apply(Offer(1, 3_500), 2)
    state.apply(Offer(3, 3_500), 0)
    assert twin.fingerprint() == before
    f, g = state.expansion.free_market, twin.expansion.free_market
    assert f is not None and g is not None
    assert f.offers is not g.offers and f.asks is not g.asks and f.out is not g.out and f.order is not g.order
    twin.apply(Offer(1, 4_000), 2)
    assert twin.fingerprint() != state.fingerprint()


def test_without_step_1_an_offer_is_refused() -> None:
    state = on_red(3, [2, 1, 0], steps=(2,))
    assert_rejected(state, 0, Offer(1, 3_500), "expansion step 1", RULE)


def test_an_offer_is_no_action_outside_the_bidding() -> None:
    state = on_red(3, [2, 1, 0])
    try:
        state.apply(Offer(1, 3_500), 1)
    except NotYourTurn:
        pass
    else:  # pragma: no cover
        raise AssertionError("an offer out of turn was accepted")


def test_a_competitor_reaching_the_sales_target_on_another_turn_is_the_market_leader() -> None:
    """II, "5. Step", first to the sales target: with the free market a competitor sells on the
    first supplier's turn and wins at its end."""
    state = new_game(3, steps=[1, 5], goal="first-to-sales", sales_target=7_000)
    for seat, n in enumerate((4, 2, 1)):
        give_products(state, seat, finished=n)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    state.apply(Sell(4), 0)
    apply_all(state, (1, Offer(2, 3_500)), (2, Offer(1, 3_500)), (0, Pass()))

    assert [x.sales for x in state.businesses] == [4_000, 7_000, 3_500]
    assert state.is_terminal()
    assert state.outcome().winners == (1,)
