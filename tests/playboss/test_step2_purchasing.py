"""Expansion step 2: competition during purchasing.

Playboss II, "2. Step: Competition during Purchasing": the player on the red field buys at most
2 units at the market price; the rest of that price zone is auctioned by the bank to the
highest bidder, the bank's first price point being the market price: a bid must offer more than
it, and if nobody does, the products stay on the board.
The procedure (seat order, per-unit bids, the lot) is designed here: ``purchase_auction.py``.
"""

from __future__ import annotations

from tycoon.core.errors import NotYourTurn
from tycoon.games.playboss.actions import Bid, FoundMarketing, Pass, Purchase, Repay, Roll
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import BIDDING, RED, TURN

from .helpers import (
    apply_all,
    assert_rejected,
    check_books,
    give_products,
    land_on,
    new_game,
    options,
    owe,
    set_cash,
    space_of,
    told,
)

RULE = "2. Step: Competition during Purchasing"


def on_red(players: int = 3, **options: object) -> PlaybossState:
    """Seat 0 on a red field far from start, step 2 on."""
    state = new_game(players, steps=[2], **options)  # type: ignore[arg-type]
    land_on(state, 0, space_of(state, "red", after=6), 2)
    assert state.phase == RED
    return state


def test_the_player_on_the_red_field_buys_at_most_2_units_at_market_price() -> None:
    state = on_red()
    purchases = [a for a in options(state, 0) if isinstance(a, Purchase)]
    assert purchases == [Purchase(1), Purchase(2)]
    assert_rejected(state, 0, Purchase(3), "at most 2 products at market price", RULE)


def test_the_rest_of_the_zone_is_auctioned_from_the_buyers_left_round_to_the_buyer() -> None:
    state = on_red()
    state.log = []
    # With 3 businesses the dear half is filled: 5 products in each zone from 350 to 500.
    assert state.market[4:] == [5, 5, 5, 5]

    state.apply(Purchase(2), 0)

    b = state.businesses[0]
    assert (b.raw, b.cash) == (2, 20_000 - 700)
    assert state.market[4] == 3  # not taken yet: the lot stays on the board during the bidding
    assert state.phase == BIDDING and state.current_player() == 1
    a = state.expansion.auction
    assert a is not None
    assert (a.buyer, a.zone, a.units, a.bidders) == (0, 4, 3, [1, 2, 0])
    assert told(state)[-1] == "The bank auctions the other 3 products of the 350 zone, per unit."
    view = state.view(2)["expansion"]["purchase_auction"]
    assert view == {
        "buyer": 0,
        "zone_price": 350,
        "units": 3,
        "high_bid": 0,
        "high_bidder": None,
        "bidders": [1, 2, 0],
        "next": 1,
    }
    check_books(state)


def test_the_first_bid_must_offer_more_than_the_market_price_and_bids_rise_in_steps_per_unit() -> None:
    """II: "The bank makes the first price point the current market price. If no one offers
    more than that, then the remaining product stays on the board unpurchased." """
    state = on_red()
    state.apply(Purchase(2), 0)
    # Any bid per unit above the zone's price by a multiple of the smallest raise (50), up to
    # what the bidder's cash pays for the lot.
    a = state.expansion.auction
    assert a is not None
    bids = state.action_families(1)[0]
    assert bids.cls is Bid and bids.whole
    assert (bids.domains[0].lo, bids.domains[0].step) == (400, 50)  # type: ignore[union-attr]
    assert bids.domains[0].hi == state.businesses[1].cash // a.units // 50 * 50  # type: ignore[union-attr]
    assert {Bid(400), Bid(450), Bid(600), Bid(850)} <= set(options(state, 1))
    assert_rejected(state, 1, Bid(350), "from 400 to", "Marks per unit", RULE)
    assert_rejected(state, 1, Bid(300), "from 400 to", "Marks per unit", RULE)
    assert_rejected(state, 1, Bid(420), "steps of 50", RULE)

    state.apply(Bid(400), 1)

    assert state.current_player() == 2
    assert {Bid(450), Bid(500), Bid(650), Bid(900)} <= set(options(state, 2))


def test_a_bid_at_the_market_price_does_not_buy_the_lot() -> None:
    """The case found in play: one player bid 350 (the market price), the others passed, and he
    got all three units. The market price is the bank's, not a bid: only more than it buys."""
    state = on_red()
    state.apply(Purchase(2), 0)
    assert Bid(350) not in options(state, 1)
    assert_rejected(state, 1, Bid(350), "Marks per unit", RULE)
    apply_all(state, (1, Bid(400)), (2, Pass()), (0, Pass()))
    assert state.businesses[1].raw == 3 and state.businesses[1].cash == 20_000 - 1_200
    check_books(state)


def test_a_bid_must_be_paid_for_the_whole_lot_in_cash() -> None:
    state = on_red()
    state.apply(Purchase(2), 0)
    set_cash(state, 1, 1_200)  # 3 units at 400 = 1,200; at 450 = 1,350

    bids = [a for a in options(state, 1) if isinstance(a, Bid)]

    assert bids == [Bid(400)]
    assert_rejected(state, 1, Bid(450), "3 products at 450 cost 1,350 Marks but you hold 1,200 Marks", RULE)


def test_the_last_bidder_standing_buys_the_whole_lot_at_his_bid_per_unit() -> None:
    state = on_red()
    state.log = []
    state.apply(Purchase(2), 0)
    apply_all(state, (1, Bid(400)), (2, Bid(450)), (0, Pass()), (1, Bid(500)), (2, Pass()))

    seat1 = state.businesses[1]
    assert (seat1.raw, seat1.cash) == (3, 20_000 - 1_500)
    assert state.market[4] == 0
    assert state.expansion.auction is None
    assert told(state)[-1] == "Seat 1 pays 1,500 Marks for 3 raw products at the purchase auction, 500 each."
    # The buyer's turn goes on: it ends and the next seat's turn begins.
    assert (state.phase, state.current_player()) == (TURN, 1)
    check_books(state)


def test_the_buyer_may_outbid_the_others_for_the_rest() -> None:
    state = on_red()
    state.apply(Purchase(2), 0)
    apply_all(state, (1, Pass()), (2, Bid(400)), (0, Bid(450)), (2, Pass()))

    b = state.businesses[0]
    assert (b.raw, b.cash) == (5, 20_000 - 700 - 1_350)
    check_books(state)


def test_if_nobody_bids_the_products_stay_on_the_board() -> None:
    """II: "If no one offers more than that, then the remaining product stays on the board." """
    state = on_red()
    state.log = []
    state.apply(Purchase(1), 0)
    cash = [b.cash for b in state.businesses]
    apply_all(state, (1, Pass()), (2, Pass()), (0, Pass()))

    assert state.market[4] == 4
    assert [b.cash for b in state.businesses] == cash
    assert "Nobody bids: the products stay on the market." in told(state)
    assert state.phase == TURN and state.expansion.auction is None
    check_books(state)


def test_a_purchase_that_empties_its_zone_leaves_nothing_to_auction() -> None:
    state = new_game(3, steps=[2])
    give_products(state, 2, raw=3)  # the 350 zone now holds 2
    land_on(state, 0, space_of(state, "red", after=6), 2)

    state.apply(Purchase(2), 0)

    assert state.market[4] == 0 and state.market[5] == 5
    assert state.expansion.auction is None
    assert state.phase == TURN and state.current_player() == 1


def test_the_lot_is_the_rest_of_the_zone_the_last_unit_came_from() -> None:
    """Two units across two zones: the purchase's market price is the dearer zone's."""
    state = new_game(3, steps=[2])
    give_products(state, 2, raw=4)  # the 350 zone now holds 1
    land_on(state, 0, space_of(state, "red", after=6), 2)

    state.apply(Purchase(2), 0)

    assert state.businesses[0].cash == 20_000 - 350 - 400
    a = state.expansion.auction
    assert a is not None and (a.zone, a.units) == (5, 4)
    assert state.action_families(1)[0].domains[0].lo == 450  # type: ignore[union-attr]


def test_only_the_pending_bidder_bids() -> None:
    state = on_red()
    state.apply(Purchase(2), 0)
    assert isinstance(assert_rejected(state, 2, Bid(400)), NotYourTurn)
    assert isinstance(assert_rejected(state, 0, Pass()), NotYourTurn)


def test_a_standing_high_bid_is_a_promise_to_pay() -> None:
    """Designed here, as at the bankruptcy auction: the cash bid may not be spent meanwhile."""
    state = new_game(3, steps=[2, 3])
    land_on(state, 0, space_of(state, "red", after=6), 2)
    state.apply(Purchase(2), 0)
    owe(state, 1, 1_000)
    set_cash(state, 1, 21_000)
    state.apply(Bid(450), 1)  # promises 1,350

    assert FoundMarketing() not in options(state, 1)
    assert_rejected(state, 1, FoundMarketing(), "of which 1,350 are promised")
    assert max(a.amount for a in options(state, 1) if isinstance(a, Repay)) == 1_000
    set_cash(state, 1, 1_900)
    # 1,900 less the 1,350 promised: 550 may be repaid.
    assert [a for a in options(state, 1) if isinstance(a, Repay)] == [Repay(500), Repay(550)]


def test_bankrupt_businesses_do_not_bid() -> None:
    state = new_game(3, steps=[2])
    state.businesses[1].bankrupt = True
    state.eliminated.append(1)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    state.apply(Purchase(2), 0)
    a = state.expansion.auction
    assert a is not None and a.bidders == [2, 0]


def test_products_sold_back_during_the_auction_do_not_join_the_lot() -> None:
    from tycoon.games.playboss.actions import BankSell

    state = on_red()
    state.apply(Purchase(2), 0)  # the lot: the 3 products left in the 350 zone
    # Seat 1 holds a raw product (taken from outside play for the scenario) and sells it back
    # while the bidding runs: the dearer zones are full, so it lands in the zone auctioned.
    state.outside_play -= 1
    state.businesses[1].raw = 1
    state.apply(BankSell("raw", 1), 1)
    assert state.market[4] == 4
    a = state.expansion.auction
    assert a is not None and a.units == 3

    apply_all(state, (1, Bid(400)), (2, Pass()), (0, Pass()))

    assert state.businesses[1].raw == 3 and state.market[4] == 1
    check_books(state)


def test_solo_practice_buys_the_rest_above_the_opening_price_or_leaves_it() -> None:
    state = new_game(1, steps=[2])
    land_on(state, 0, space_of(state, "red", after=6), 2)
    state.apply(Purchase(2), 0)
    assert state.current_player() == 0 and state.phase == BIDDING
    assert_rejected(state, 0, Bid(350), "Marks per unit", RULE)
    state.apply(Bid(400), 0)
    assert state.businesses[0].raw == 5 and state.phase == TURN
    state.apply(Roll(), 0)


def test_without_step_2_the_purchase_is_unlimited() -> None:
    """I, "Decision: Purchasing": as many as they want and can afford."""
    state = new_game(3)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    assert Purchase(20) in options(state, 0)
    state.apply(Purchase(3), 0)
    assert state.expansion.auction is None and state.phase == TURN
