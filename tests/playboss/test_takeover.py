"""Buying a whole business, and consolidating it.

Playboss II, "6. Step": the worker representative "can buy businesses from other players in the
course of the game"; "4. Step: Taxation": "If a money losing business is purchased and
consolidated into the financial statements, then this loss can also be amortized to subsequent
years." The procedure is designed in ``takeover.py`` (docs/decisions/0009-buying-a-business.md).
"""

from __future__ import annotations

from tycoon.games.playboss.actions import (
    Accept,
    BankSell,
    Counter,
    Decline,
    DeclineBecause,
    DoNothing,
    FoundMarketing,
    Hire,
    OfferBusiness,
    OfferLease,
    OfferLoan,
    OfferTrade,
)
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.business import OWN, Machine
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import RED, TURN

from .helpers import (
    assert_rejected,
    check_books,
    give_computer,
    give_machines,
    give_products,
    give_webs,
    labour_of,
    land_on,
    new_game,
    options,
    owe,
    pass_turn,
    set_cash,
    space_of,
)


def takeover(state: PlaybossState, buyer: int, seller: int, marks: int) -> None:
    """``buyer`` offers to buy ``seller``'s business for ``marks`` and ``seller`` accepts."""
    state.apply(OfferBusiness(seller, marks, True), buyer)
    state.apply(Accept(), seller)


def test_the_buyer_takes_over_everything_and_the_seller_leaves_with_the_price() -> None:
    state = new_game(3, steps=[4])
    give_machines(state, 2, 1, double=True, ready=5)
    give_products(state, 2, raw=3, finished=2)
    give_webs(state, 2, 2)
    give_computer(state, 2)
    owe(state, 2, 4000)
    set_cash(state, 2, 7000)
    state.businesses[2].turns = 3
    state.businesses[1].turns = 1
    set_cash(state, 1, 20_000)
    takeover(state, 1, 2, 12_000)

    buyer, seller = state.businesses[1], state.businesses[2]
    assert buyer.cash == 20_000 - 12_000 + 7000
    assert (buyer.raw, buyer.finished, buyer.webs, buyer.debt, buyer.computer) == (3, 2, 2, 4000, 2)
    # The machine still waits two of the buyer's turns, as it would have waited two of the seller's.
    assert buyer.machines == [Machine(True, 3)]
    assert not seller.firm and not seller.bankrupt
    assert (seller.cash, seller.raw, seller.machines, seller.debt, seller.webs) == (12_000, 0, [], 0, 0)
    assert state.balance_sheet(2).profit == 12_000 - 20_000
    assert state.view(0)["businesses"][2]["business"] is False
    check_books(state)


def test_a_seat_that_sold_its_business_no_longer_rolls_and_only_lends() -> None:
    state = new_game(3, steps=[4])
    takeover(state, 0, 2, 5000)
    pass_turn(state, 0)
    pass_turn(state, 1)
    assert (state.phase, state.current_player()) == (TURN, 0)  # seat 2 is passed by
    assert_rejected(state, 2, BankSell("raw", 1), "a seat without a business lends money")
    assert_rejected(state, 2, OfferTrade(0, "raw", 1, 300, False), "runs no business")
    assert_rejected(state, 2, OfferBusiness(0, 1000, True), "has sold its business")
    state.apply(OfferLoan(0, 2000, 10, 1000, 0, True), 2)
    state.apply(Accept(), 0)
    assert state.balance_sheet(2).loans_given == 2000


def test_loans_between_the_two_cancel_and_the_others_follow_the_business() -> None:
    state = new_game(3, steps=[4])
    state.apply(OfferLoan(2, 3000, 10, 1000, 0, True), 1)  # seat 1 lends seat 2 3,000
    state.apply(Accept(), 2)
    state.apply(OfferLoan(2, 2000, 5, 0, 0, True), 0)  # seat 0 lends seat 2 2,000
    state.apply(Accept(), 2)
    pass_turn(state, 0)
    takeover(state, 1, 2, 1000)
    loans = [(x.lender, x.borrower, x.amount) for x in state.deals.loans]
    assert loans == [(0, 1, 2000)]
    assert state.balance_sheet(1).loans_given == 0
    check_books(state)


def test_leased_machines_follow_their_owner_and_a_machine_leased_from_the_buyer_comes_home() -> None:
    state = new_game(3, steps=[4])
    give_machines(state, 1, 1)
    give_machines(state, 2, 1)
    state.apply(OfferLease(2, False, 2000, 2, True), 1)  # seat 1 leases a machine to seat 2
    state.apply(Accept(), 2)
    state.apply(OfferLease(0, False, 1000, 1, True), 2)  # seat 2 leases its own to seat 0
    state.apply(Accept(), 0)
    pass_turn(state, 0)
    takeover(state, 1, 2, 0)
    buyer = state.businesses[1]
    assert [m.lessor for m in buyer.machines] == [OWN]
    assert buyer.leased_out == 1 and state.businesses[0].machines[0].lessor == 1
    assert state.balance_sheet(1).machines == 2 * state.rules.value_machine
    check_books(state)


def test_marketing_organisations_go_with_the_business() -> None:
    state = new_game(3, steps=[3, 4])
    set_cash(state, 2, 20_000)
    state.apply(FoundMarketing(), 2)
    takeover(state, 1, 2, 0)
    assert state.expansion.troughs[0] == 1


def test_a_money_losing_business_bought_brings_its_losses_to_be_amortised() -> None:
    """Playboss II, "4. Step": the bought business's losses carried forward, and its loss of
    the year so far, offset the buyer's later profits; the purchase itself is no profit."""
    state = new_game(3, steps=[4])
    seller = state.businesses[2]
    seller.tax_loss = 3000  # carried from an earlier year
    set_cash(state, 2, 16_000)  # 4,000 lost in the year so far
    takeover(state, 1, 2, 6000)  # worth 16,000, bought for 6,000
    buyer = state.businesses[1]
    assert buyer.tax_loss == 3000 + 4000
    assert state.balance_sheet(1).profit == 10_000  # 20,000 - 6,000 + 16,000 - 20,000
    # The bargain is not the year's profit: a statement now finds none, and no tax.
    from tycoon.games.playboss.taxation import year_figures

    assert year_figures(buyer, state.balance_sheet(1).profit)[0] == 0
    set_cash(state, 1, buyer.cash + 9000)  # a profitable year after all
    assert year_figures(buyer, state.balance_sheet(1).profit) == (9000, 7000, 2000)


def test_the_worker_representative_buys_a_business_and_runs_it_from_his_seat() -> None:
    state = new_game(3, steps=[6])  # seat 2 is the representative
    lab = labour_of(state)
    state.apply(Hire(2), 1)
    give_machines(state, 1, 1)
    set_cash(state, 2, 30_000)
    state.businesses[1].position = 9
    state.businesses[1].turns = 4
    takeover(state, 2, 1, 25_000)
    rep = state.businesses[2]
    assert rep.firm and not state.businesses[1].firm
    assert (rep.position, rep.turns, rep.cash, len(rep.machines)) == (9, 4, 5000 + 20_000, 1)
    assert lab.workers[2] == 2 and lab.workers[1] == 0
    # He rolls on his own seat's turn; seat 1 is passed by.
    pass_turn(state, 0)
    assert (state.phase, state.current_player()) == (TURN, 2)
    # His own business pays its salaries to himself: nothing changes hands.
    cash = rep.cash
    land_on(state, 2, space_of(state, "red", after=9), 2)
    state.apply(DoNothing(), 2)  # his say as the representative
    assert (state.phase, state.current_player(), rep.cash) == (RED, 2, cash)
    check_books(state)


def test_a_business_changes_hands_only_between_turns_and_never_the_one_about_to_roll() -> None:
    state = new_game(3, steps=[4])
    assert_rejected(state, 1, OfferBusiness(0, 1000, True), "seat 0 is about to roll")
    land_on(state, 0, space_of(state, "red", after=6), 2)
    assert state.phase == RED
    assert_rejected(state, 1, OfferBusiness(2, 1000, True), "only between turns")


def test_refusals_say_why_and_change_nothing() -> None:
    state = new_game(3, steps=[4])
    give_computer(state, 1)
    give_computer(state, 2)
    assert_rejected(state, 1, OfferBusiness(2, 1000, True), "both businesses have a computer")
    assert_rejected(state, 1, OfferBusiness(0, 50_000, False), "cannot pay 50,000")
    assert_rejected(state, 1, OfferBusiness(1, 1000, True), "no other seat")


def test_the_base_model_knows_no_takeovers() -> None:
    state = new_game(3)
    assert_rejected(state, 1, OfferBusiness(2, 0, True), "belongs to expansion steps 4 and 6")
    assert not any(isinstance(a, OfferBusiness) for a in options(state, 1))


def test_a_declined_takeover_changes_nothing() -> None:
    state = new_game(3, steps=[4])
    state.apply(OfferBusiness(2, 5000, True), 1)
    before = (state.businesses[1].cash, state.businesses[2].cash)
    state.apply(Decline(), 2)
    assert state.businesses[2].firm and state.businesses[1].firm
    assert (state.businesses[1].cash, state.businesses[2].cash) == before


def test_the_bot_sells_only_well_above_its_worth_and_never_buys() -> None:
    state = new_game(3, steps=[4])
    set_cash(state, 1, 30_000)
    state.apply(OfferBusiness(2, 22_000, True), 1)  # worth 20,000: too little
    answer = PlaybossBot().act(state, 2)
    assert isinstance(answer, (DeclineBecause, Counter)) and not (isinstance(answer, Counter) and answer.terms < 35_000)
    state.apply(Decline(), 2)
    set_cash(state, 0, 40_000)
    state.apply(OfferBusiness(2, 40_000, True), 0)  # 20,000 above its worth
    assert PlaybossBot().act(state, 2) == Accept()
    state = new_game(3, steps=[4])
    state.apply(OfferBusiness(2, 1000, False), 1)  # seat 1 sells its own for 1,000
    assert isinstance(PlaybossBot().act(state, 2), DeclineBecause)  # it never buys, nor counters


def test_two_businesses_left_one_buying_the_other_plays_on_alone() -> None:
    state = new_game(2, steps=[4])
    state.apply(OfferBusiness(0, 0, False), 1)  # seat 1 gives its business to seat 0
    state.apply(Accept(), 0)
    assert not state.is_terminal() and state.current_player() == 0
    pass_turn(state, 0)
    assert (state.phase, state.current_player()) == (TURN, 0)
