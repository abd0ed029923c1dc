"""Expansion step 3: marketing organisations.

Playboss II, "3. Step: Marketing Organization": three troughs; founded at any time for 20,000
Marks, the bank putting 3 WEBs into the trough; 15,000 due at each trip round the board; the
owner sells one finished product on each of his turns without competition, never one made
on the same turn; withdrawing the WEBs or not paying frees the trough, the WEBs going to the
player. What the rulebook leaves open is designed in ``marketing.py``.
"""

from __future__ import annotations

from tycoon.core import CHANCE
from tycoon.games.playboss.actions import (
    Borrow,
    DoNothing,
    FoundMarketing,
    GiveUpMarketing,
    MarketingSell,
    Produce,
    RenewMarketing,
    Roll,
    WithdrawMarketing,
)
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import DUE, RAISE, RED, TURN

from .helpers import (
    assert_rejected,
    card_with,
    check_books,
    draw_risk,
    give_machines,
    give_products,
    give_webs,
    land_on,
    new_game,
    options,
    owe,
    pass_turn,
    set_cash,
    space_of,
    told,
)

RULE = "3. Step: Marketing Organization"


def game(players: int = 3, **options: object) -> PlaybossState:
    return new_game(players, steps=[3], **options)  # type: ignore[arg-type]


def test_any_business_founds_one_at_any_time_for_20000_and_the_bank_fills_the_trough() -> None:
    state = game()
    state.log = []
    land_on(state, 0, space_of(state, "red", after=6), 2)  # seat 0's decision is pending
    webs = state.bank_webs

    state.apply(FoundMarketing(), 2)  # seat 2, not on a red field

    assert state.expansion.troughs == [2, -1, -1]
    assert state.businesses[2].cash == 0 and state.businesses[2].webs == 0
    assert state.bank_webs == webs - 3
    assert told(state)[-1] == "Seat 2 pays 20,000 Marks for founding a marketing organisation (trough 0)."
    assert (state.phase, state.current_player()) == (RED, 0)  # the pending decision is unchanged
    assert state.view(1)["expansion"]["troughs"][0] == {"trough": 0, "owner": 2, "webs": 3, "sold_this_turn": False}
    check_books(state)


def test_there_are_three_troughs_and_a_business_may_own_several() -> None:
    state = game()
    set_cash(state, 1, 60_000)
    for _ in range(3):
        state.apply(FoundMarketing(), 1)
    assert state.expansion.troughs == [1, 1, 1]
    set_cash(state, 2, 20_000)
    assert FoundMarketing() not in options(state, 2)
    assert_rejected(state, 2, FoundMarketing(), "all 3 marketing troughs are taken", RULE)
    check_books(state)


def test_founding_needs_20000_in_cash_and_3_webs_in_the_bank() -> None:
    state = game()
    set_cash(state, 1, 19_500)
    assert FoundMarketing() not in options(state, 1)
    assert_rejected(state, 1, FoundMarketing(), "costs 20,000 Marks in advance; you hold 19,500", RULE)
    give_webs(state, 2, state.bank_webs - 2)
    assert_rejected(state, 0, FoundMarketing(), "too few to fill a trough with 3", RULE)


def test_the_owner_sells_one_finished_product_a_turn_at_the_market_price() -> None:
    """II: "the right to sell one of his finished products, without competition and
    irrespective of any other decisions he may make, at every of his turns rolling the die"."""
    state = game()
    state.apply(FoundMarketing(), 0)
    give_products(state, 0, finished=3)  # from the 350 zone, which now has 2
    # 3 businesses: the dearest empty dimple is in the 350 zone.
    state.log = []

    state.apply(MarketingSell(), 0)  # before the roll

    b = state.businesses[0]
    assert (b.finished, b.cash, b.sales) == (2, 3_500, 3_500)
    assert state.market[4] == 3
    assert told(state) == [
        "Seat 0 receives 3,500 Marks for a finished product sold through the marketing organisation."
    ]
    assert MarketingSell() not in options(state, 0)
    assert_rejected(state, 0, MarketingSell(), "one finished product on each of his turns", RULE)
    assert state.expansion.trough_sold == [True, False, False]
    check_books(state)


def test_on_the_next_turn_it_sells_again_and_the_decision_on_the_field_is_free() -> None:
    state = game()
    state.apply(FoundMarketing(), 0)
    give_products(state, 0, finished=3)
    state.apply(MarketingSell(), 0)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    assert MarketingSell() not in options(state, 0)
    state.apply(DoNothing(), 0)
    for seat in (1, 2):
        land_on(state, seat, space_of(state, "green", after=6), 2)
        state.apply(DoNothing(), seat)
    assert MarketingSell() in options(state, 0)
    land_on(state, 0, space_of(state, "red", after=12), 2)
    state.apply(MarketingSell(), 0)  # after the roll, with the red decision still open
    assert state.phase == RED and state.businesses[0].finished == 1
    check_books(state)


def test_one_product_a_turn_in_all_however_many_organisations_the_owner_has() -> None:
    """II, "3. Step": "The owner of one or more marketing organizations then has the right to
    sell one of his finished products ... at every of his turns rolling the die": one product a
    turn, not one per organisation."""
    state = game()
    set_cash(state, 0, 40_000)
    state.apply(FoundMarketing(), 0)
    state.apply(FoundMarketing(), 0)
    give_products(state, 0, finished=3)
    state.apply(MarketingSell(), 0)
    assert state.businesses[0].finished == 2
    assert MarketingSell() not in options(state, 0)
    assert_rejected(state, 0, MarketingSell(), "one finished product on each of his turns", RULE)
    pass_turn(state, 0)
    pass_turn(state, 1)
    pass_turn(state, 2)
    state.apply(MarketingSell(), 0)  # the next turn: one more
    assert state.businesses[0].finished == 1
    assert MarketingSell() not in options(state, 0)


def test_only_on_the_owners_own_turn() -> None:
    state = game()
    state.apply(FoundMarketing(), 1)
    give_products(state, 1, finished=1)
    assert MarketingSell() not in options(state, 1)
    assert_rejected(state, 1, MarketingSell(), RULE)


def test_never_a_product_made_on_the_same_turn() -> None:
    """II: "He cannot, however, sell any finished product he may have just finished producing
    with that same die roll and decision. He must thus have at least 1 finished product already
    in warehouse inventory." """
    state = game()
    state.apply(FoundMarketing(), 0)
    give_machines(state, 0, 1)
    give_products(state, 0, raw=1)
    state.apply(Borrow(1_000), 0)
    b = state.businesses[0]
    # Products made on a turn are counted as fresh while it runs: the guard itself.
    b.raw, b.finished, b.fresh = 0, 1, 1
    assert MarketingSell() not in options(state, 0)
    assert_rejected(state, 0, MarketingSell(), "hold 1 finished product, 1 made on this turn", RULE)
    b.raw, b.finished, b.fresh = 1, 0, 0
    # In play the decision that produces ends the turn; the product may go on the next one.
    land_on(state, 0, space_of(state, "red", after=6), 2)
    state.apply(Produce(1), 0)
    assert b.finished == 1 and MarketingSell() not in options(state, 0)
    for seat in (1, 2):
        land_on(state, seat, space_of(state, "green", after=6), 2)
        state.apply(DoNothing(), seat)
    assert b.fresh == 0
    state.apply(MarketingSell(), 0)
    assert b.finished == 0
    check_books(state)


def test_the_yearly_costs_fall_due_at_the_owners_crossing_of_start_and_may_be_paid() -> None:
    """II: "From that point, at each trip around the board, another 15,000 Marks ... due"."""
    state = game()
    state.apply(FoundMarketing(), 0)
    set_cash(state, 0, 16_000)
    state.log = []
    land_on(state, 0, space_of(state, "red"), pips=3)  # crosses start

    assert (state.phase, state.current_player()) == (DUE, 0)
    assert options(state, 0)[:2] == [RenewMarketing(), GiveUpMarketing()]
    assert "Seat 0 owes 15,000 Marks for marketing organisation 0." in told(state)
    assert_rejected(state, 0, WithdrawMarketing(0), "its costs are due", RULE)

    state.apply(RenewMarketing(), 0)

    assert state.businesses[0].cash == 1_000
    assert state.expansion.troughs[0] == 0
    assert state.phase == RED  # then the field landed on
    check_books(state)


def test_not_paying_frees_the_trough_and_the_webs_go_to_the_player() -> None:
    """II: "or he does not pay the due marketing costs, then that marketing organization will
    again become available and free ... the WEBs in the trough are returned to the player"."""
    state = game()
    state.apply(FoundMarketing(), 0)
    bank = state.bank_webs
    land_on(state, 0, space_of(state, "red"), pips=3)
    assert options(state, 0)[0] == GiveUpMarketing()  # no cash to pay: only giving up
    assert_rejected(state, 0, RenewMarketing(), "the marketing costs are 15,000 Marks and you hold 0", RULE)

    state.apply(GiveUpMarketing(), 0)

    assert state.expansion.troughs == [-1, -1, -1]
    assert state.businesses[0].webs == 3 and state.bank_webs == bank
    assert state.phase == RED
    check_books(state)


def test_each_organisation_is_decided_on_its_own_after_the_interest() -> None:
    state = game()
    set_cash(state, 0, 40_000)
    state.apply(FoundMarketing(), 0)
    state.apply(FoundMarketing(), 0)
    owe(state, 0, 0)
    set_cash(state, 0, 20_000)
    land_on(state, 0, space_of(state, "red"), pips=3)
    assert state.expansion.due_trough == 0
    state.apply(RenewMarketing(), 0)
    assert (state.phase, state.expansion.due_trough) == (DUE, 1)
    assert options(state, 0)[0] == GiveUpMarketing()
    state.apply(GiveUpMarketing(), 0)
    assert state.expansion.troughs == [0, -1, -1]
    assert state.businesses[0].webs == 3


def test_costs_short_of_cash_may_be_raised_first_at_any_time() -> None:
    state = game()
    state.apply(FoundMarketing(), 0)
    give_machines(state, 0, 2)
    set_cash(state, 0, 6_000)
    land_on(state, 0, space_of(state, "red"), pips=3)
    state.apply(Borrow(10_000), 0)
    state.apply(RenewMarketing(), 0)
    assert state.businesses[0].cash == 1_000


def test_interest_comes_first_and_a_raise_then_the_costs() -> None:
    state = game()
    state.apply(FoundMarketing(), 0)
    give_machines(state, 0, 2)
    owe(state, 0, 5_000)
    land_on(state, 0, space_of(state, "red"), pips=3)
    assert state.phase == RAISE and state.due == 1_500  # interest and fees, no cash
    state.apply(Borrow(1_500), 0)
    assert (state.phase, state.businesses[0].cash) == (DUE, 0)
    state.apply(GiveUpMarketing(), 0)
    assert state.phase == RED


def test_withdrawing_the_webs_at_any_time_frees_the_trough() -> None:
    """II: "If the owner ... withdraws his WEBs for other purposes (which is allowed) ...
    the WEBs in the trough are returned to the player and NOT back to the bank."""
    state = game()
    state.apply(FoundMarketing(), 1)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    bank = state.bank_webs

    state.apply(WithdrawMarketing(0), 1)

    assert state.expansion.troughs == [-1, -1, -1]
    assert state.businesses[1].webs == 3 and state.bank_webs == bank
    assert_rejected(state, 1, WithdrawMarketing(0), "you own no marketing organisation in trough 0", RULE)
    assert_rejected(state, 2, WithdrawMarketing(5), "trough 5", RULE)
    check_books(state)


def test_a_bankrupt_businesss_organisations_close_and_their_webs_go_to_the_bank() -> None:
    state = game()
    state.apply(FoundMarketing(), 0)
    land_on(state, 0, space_of(state, "blue", after=6), 2)
    draw_risk(state, card_with(state, "pay", insurable=False, needs="").number)  # cannot pay: nothing to sell
    assert state.businesses[0].bankrupt
    assert state.expansion.troughs == [-1, -1, -1]
    assert state.businesses[0].webs == 0
    check_books(state)


def test_without_step_3_there_are_no_organisations() -> None:
    state = new_game(2, steps=[4])
    assert state.expansion.troughs == []
    assert_rejected(state, 0, FoundMarketing(), "belongs to expansion step 3")
    assert_rejected(state, 0, MarketingSell(), "belongs to expansion step 3")
    base = new_game(2)
    assert_rejected(base, 0, FoundMarketing(), "belongs to expansion step 3")
    assert base.view(0)["expansion"] is None


def test_a_chance_turn_leaves_the_right_to_sell_with_the_owner() -> None:
    state = game()
    state.apply(FoundMarketing(), 0)
    give_products(state, 0, finished=1)
    state.apply(Roll(), 0)
    assert state.current_player() == CHANCE
    state.apply(MarketingSell(), 0)  # while the die rolls: still the owner's turn
    assert state.businesses[0].finished == 0
    assert state.phase != TURN
