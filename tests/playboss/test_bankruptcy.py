"""Payments a business cannot make from its cash: raising the money, and bankruptcy.

Playboss I, "Explanations: Credit, Bankruptcy and Private Trade"; the auction procedure is
designed here (``bankruptcy.py``, ``rules.toml`` [auction]).
"""

from __future__ import annotations

import random

from tycoon.core import CHANCE, NotYourTurn
from tycoon.core.families import IntRange
from tycoon.core.messages import from_wire
from tycoon.games.playboss.actions import (
    Accept,
    BankSell,
    BankSellMachine,
    Bid,
    Borrow,
    BuyComputer,
    DoNothing,
    LeaseComputer,
    OfferTrade,
    Pass,
    Produce,
    Repay,
    Roll,
)
from tycoon.games.playboss.deals import raises_funds
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import AUCTION, OVER, RAISE, RED, TURN
from tycoon.words import render

from .helpers import (
    assert_rejected,
    card_with,
    check_books,
    draw_risk,
    give_computer,
    give_machines,
    give_products,
    give_webs,
    land_on,
    new_game,
    options,
    owe,
    set_cash,
    space_of,
    told,
)

ACCIDENT = "Accident at work"  # pay 3,000, insurable, for a business with somebody at work
STORM = "Storm tears the roof off"  # pay 2,500, insurable, for every business


def hit_by_accident(state: PlaybossState, seat: int = 0, title: str = ACCIDENT) -> None:
    """``seat`` lands on a risk field and draws the card ``title``: by default the one that costs
    3,000 Marks (it concerns a business running machines)."""
    land_on(state, seat, space_of(state, "blue"))
    draw_risk(state, card_with(state, title=title).number)


def test_a_payment_with_short_cash_opens_the_raise_phase() -> None:
    """Playboss I, "Explanations: Credit, Bankruptcy and Private Trade": raise the money by
    selling to the bank or borrowing; nothing else until it is paid."""
    state = new_game(2)
    set_cash(state, 0, 500)
    give_machines(state, 0, 1)
    give_products(state, 0, raw=1)
    give_webs(state, 0, 1)

    hit_by_accident(state)

    assert (state.phase, state.current_player(), state.due) == (RAISE, 0, 3_000)
    assert render(state.phase_text()) == (
        "3,000 Marks are due for the risk card “Accident at work: compensation for an injured worker”: "
        "sell to the bank or borrow"
    )
    assert state.legal_actions(0) == [BankSellMachine(0)]
    families = [str(f) for f in state.action_families(0)]
    assert families[:2] == ["bank-sell: goods raw products; count 1", "borrow: amount 500–5,000 in steps of 500"]
    # The rest are offers that bring it Marks: selling to another player, asking for a loan
    # (test_private_business.py).
    assert all(raises_funds(f.sample(random.Random(0))) for f in state.action_families(0)[2:])
    assert_rejected(state, 0, Roll(), "sell to the bank or borrow")
    assert_rejected(state, 0, DoNothing(), "sell to the bank or borrow")
    state.apply(Borrow(500), 0)
    assert_rejected(state, 0, Repay(500), "only selling to the bank or borrowing")
    assert state.view(0)["due"] == 3_000
    check_books(state)


def test_the_due_payment_is_made_as_soon_as_cash_suffices() -> None:
    """Playboss I, "Explanations: Credit, Bankruptcy and Private Trade"."""
    state = new_game(2)
    set_cash(state, 0, 500)
    give_machines(state, 0, 1)
    hit_by_accident(state)
    b = state.businesses[0]

    state.apply(Borrow(2_000), 0)
    assert (state.phase, b.cash, b.debt) == (RAISE, 2_500, 2_000)

    state.apply(Borrow(500), 0)

    assert (b.cash, b.debt) == (0, 2_500)
    assert state.due == 0
    assert state.ledger_in == 3_000
    assert (state.phase, state.current_player()) == (TURN, 1)  # the turn went on and ended
    check_books(state)


def test_raising_the_money_by_selling_products() -> None:
    """Playboss I, "Explanations: Credit, Bankruptcy and Private Trade" and "Repurchase Value"."""
    state = new_game(2)
    set_cash(state, 0, 0)
    give_products(state, 0, raw=2, finished=2)
    hit_by_accident(state, title=STORM)
    b = state.businesses[0]

    state.apply(BankSell("finished", 2), 0)

    assert (b.cash, b.finished, b.raw) == (500, 0, 2)
    assert (state.phase, state.current_player()) == (TURN, 1)


def test_other_players_may_trade_with_the_bank_while_a_payment_is_raised() -> None:
    """Playboss I, "Repurchase Value": at any time; the raise phase waits for the debtor."""
    state = new_game(2)
    set_cash(state, 0, 0)
    give_machines(state, 0, 1)
    give_products(state, 1, raw=1)
    hit_by_accident(state)

    state.apply(BankSell("raw", 1), 1)

    assert (state.phase, state.current_player()) == (RAISE, 0)
    assert state.businesses[1].cash == 10_150
    assert isinstance(assert_rejected(state, 1, Roll(), "seat 0"), NotYourTurn)


def test_interest_at_start_can_open_the_raise_phase() -> None:
    """Playboss I, "Lines of Credit" and "Explanations: Credit, Bankruptcy and Private Trade"."""
    state = new_game(1, years=5)
    give_machines(state, 0, 2)
    owe(state, 0, 5_000)
    land_on(state, 0, 0)  # first crossing: 10,000 more, then 1,500 interest and fee
    set_cash(state, 0, 1_000)

    land_on(state, 0, 0)

    assert (state.phase, state.due) == (RAISE, 1_500)
    state.apply(BankSellMachine(0), 0)  # the limit falls to 5,000: nothing of the 5,000 repays debt
    b = state.businesses[0]
    assert (b.cash, b.debt, len(b.machines)) == (4_500, 5_000, 1)
    assert (state.phase, state.current_player()) == (TURN, 0)


def bankrupt_seat_0(players: int = 3) -> PlaybossState:
    """Seat 0 owes 3,000 with 0 cash, a single and a double machine fully pledged, 2 raw and
    1 finished product: 1,800 at most can be raised, so it is bankrupt."""
    state = new_game(players)
    set_cash(state, 0, 0)
    give_machines(state, 0, 1, ready=1)
    give_machines(state, 0, 1, double=True)
    owe(state, 0, 10_000)
    give_products(state, 0, raw=2, finished=1)
    give_webs(state, 0, 1)  # one WEB: not insured
    state.log = []
    hit_by_accident(state)
    return state


def test_bankrupt_when_even_selling_everything_cannot_cover_the_payment() -> None:
    """Playboss I, "Explanations: Credit, Bankruptcy and Private Trade": the bank auctions off
    all the assets; the first lot opens at its repurchase value, bidding from the debtor's left."""
    state = bankrupt_seat_0()

    b = state.businesses[0]
    assert b.bankrupt and state.eliminated == [0]
    assert (b.machines, b.raw, b.finished, b.webs) == ([], 0, 0, 0)
    assert state.bank_webs == 30  # WEBs have no value: back to the bank
    assert state.phase == AUCTION and state.current_player() == 1
    auction = state.auction.to_json()
    lot = from_wire(auction.pop("lot"))
    assert (render(lot, "en"), render(lot, "de"), render(lot, "pl")) == ("a machine", "eine Maschine", "maszyna")
    assert auction == {
        "debtor": 0,
        "lots_left": 4,
        "high_bid": 0,
        "high_bidder": None,
        "bidders": [1, 2],
    }
    assert told(state)[-2:] == [
        "Seat 0 cannot pay 3,000 Marks for the risk card “Accident at work: compensation for an injured worker”: "
        "bankrupt.",
        "The bank auctions a machine of seat 0, opening at 5,000 Marks.",
    ]
    # Any bid from the repurchase value up to the bidder's cash, in steps of the smallest raise.
    assert state.legal_actions(1)[0] == Pass()
    bids = state.action_families(1)[0]
    assert (bids.cls, bids.domains, bids.whole) == (Bid, (IntRange(5_000, state.businesses[1].cash, 500),), True)
    check_books(state)


def test_the_auction_sells_each_lot_and_the_bank_is_paid_first() -> None:
    """Playboss I, "Explanations: Credit, Bankruptcy and Private Trade": the proceeds belong to
    the bank first; what it cannot recover is written off and the business leaves the game."""
    state = bankrupt_seat_0()
    debtor, one, two = state.businesses
    state.log = []

    # The single machine: seat 1 opens, seat 2 raises, seat 1 drops out.
    state.apply(Bid(5_000), 1)
    assert state.current_player() == 2
    assert state.action_families(2)[0].domains == (IntRange(5_500, two.cash // 500 * 500, 500),)
    state.apply(Bid(5_500), 2)
    state.apply(Pass(), 1)
    assert (two.cash, [m[0] for m in two.machines]) == (4_500, [False])
    assert debtor.cash == 5_500

    # The double machine: nobody bids; the bank takes it at 5,000.
    state.apply(Pass(), 1)
    state.apply(Pass(), 2)
    assert state.bank_machines == 19  # 18 before, and the double machine
    assert debtor.cash == 10_500

    # 2 raw products: seat 1 bids the opening 300, seat 2 passes.
    assert render(from_wire(state.auction.to_json()["lot"]), "en") == "2 raw products"
    state.apply(Bid(300), 1)
    state.apply(Pass(), 2)
    assert one.raw == 2 and one.cash == 9_700

    # 1 finished product: seat 1 passes, seat 2 alone bids and buys.
    state.apply(Pass(), 1)
    state.apply(Bid(1_500), 2)

    assert two.finished == 1 and two.cash == 3_000
    # 12,300 raised; the bank claims 3,000 due plus 10,000 debt and writes off 700.
    assert (debtor.cash, debtor.debt) == (0, 0)
    assert state.written_off == 700
    assert state.ledger_in == 12_300
    assert state.auction is None
    assert told(state)[-3:] == [
        "Seat 0 pays 12,300 Marks for the bank's claims in bankruptcy.",
        "The bank writes off 700 Marks of seat 0's debts.",
        "Seat 0 is bankrupt and leaves the game with 0 Marks.",
    ]
    assert (state.phase, state.current_player()) == (TURN, 1)
    check_books(state)


def test_what_the_auction_raises_beyond_the_claims_stays_with_the_bankrupt_business() -> None:
    """Playboss I, "Explanations: Credit, Bankruptcy and Private Trade": the bank takes what it
    is owed; no claim of the bank is left to write off."""
    state = new_game(3)
    set_cash(state, 0, 0)
    give_machines(state, 0, 1)
    owe(state, 0, 5_000)
    hit_by_accident(state)
    state.apply(Bid(7_500), 1)
    state.apply(Bid(10_000), 2)
    state.apply(Pass(), 1)

    debtor = state.businesses[0]
    assert (debtor.cash, debtor.debt, state.written_off) == (2_000, 0, 0)
    assert state.ledger_in == 8_000
    check_books(state)


def test_lots_nobody_bids_for_go_to_the_bank_at_repurchase_value() -> None:
    """Designed here (bankruptcy.py): an unsold lot is taken by the bank at its repurchase
    value; products go back to the highest open zone."""
    state = bankrupt_seat_0(players=2)
    for _ in range(4):
        state.apply(Pass(), 1)

    assert state.bank_machines == 20
    assert state.market == [0, 0, 0, 0, 5, 5, 5, 5]
    assert state.ledger_in == 5_000 + 5_000 + 300 + 1_500
    assert state.written_off == 13_000 - 11_800
    check_books(state)


def test_a_lot_is_offered_from_the_debtors_left() -> None:
    """Designed here (bankruptcy.py): bids go round in seat order from the debtor's left."""
    state = new_game(4, start=2)
    set_cash(state, 2, 0)
    give_machines(state, 2, 1)
    owe(state, 2, 5_000)

    hit_by_accident(state, seat=2)

    assert state.auction.bidders == [3, 0, 1]
    assert state.current_player() == 3
    state.apply(Bid(5_000), 3)
    state.apply(Bid(5_500), 0)
    state.apply(Pass(), 1)
    assert state.current_player() == 3  # seat 0 holds the high bid and is skipped
    state.apply(Bid(6_500), 3)
    state.apply(Pass(), 0)
    assert len(state.businesses[3].machines) == 1 and state.businesses[3].cash == 3_500


def test_a_purchased_computer_is_auctioned_only_to_businesses_without_one() -> None:
    """Designed here (bankruptcy.py): a business holds one computer at most."""
    state = new_game(3)
    set_cash(state, 0, 0)
    give_computer(state, 0)
    owe(state, 0, 10_000)
    give_computer(state, 1)

    hit_by_accident(state, title=STORM)

    assert render(from_wire(state.auction.to_json()["lot"]), "en") == "a computer"
    assert state.auction.bidders == [2]
    state.apply(Bid(10_000), 2)
    assert state.businesses[2].computer == 2 and state.businesses[2].cash == 0
    check_books(state)


def test_illegal_bids_are_refused() -> None:
    """Designed here (bankruptcy.py): bids open at the repurchase value and rise by multiples of
    the smallest raise."""
    state = bankrupt_seat_0()
    set_cash(state, 2, 5_200)

    assert_rejected(state, 1, Bid(4_500), "from 5,000 to", "steps of 500", "not ")
    assert_rejected(state, 1, Bid(5_100), "from 5,000 to", "steps of 500", "not ")
    assert_rejected(state, 1, Roll(), "bid or pass")
    assert isinstance(assert_rejected(state, 2, Bid(5_000), "seat 1"), NotYourTurn)
    assert_rejected(state, 0, BankSell("raw", 1), "bankrupt")
    state.apply(Bid(5_000), 1)
    assert [a for a in options(state, 2) if isinstance(a, (Bid, Pass))] == [Pass()]
    assert_rejected(state, 2, Bid(5_500), "hold 5,200")


def test_a_high_bidder_keeps_the_cash_it_bid() -> None:
    """Designed here (bankruptcy.py): a bid is a promise to pay, so the high bidder may not
    spend the money on repaying credit or a computer while the lot is under the hammer."""
    state = bankrupt_seat_0()
    give_machines(state, 1, 2)
    owe(state, 1, 8_000)
    state.apply(Bid(5_000), 1)

    repay = [a.amount for a in options(state, 1) if isinstance(a, Repay)]
    assert repay == list(range(500, 5_001, 500))
    assert_rejected(state, 1, Repay(5_500), "must keep 5,000 for your bid")
    assert not any(isinstance(a, BuyComputer) for a in options(state, 1))
    assert_rejected(state, 1, BuyComputer(10_000), "5,000 are promised at the auction")
    state.apply(Repay(5_000), 1)

    state.apply(Pass(), 2)
    one = state.businesses[1]
    assert (one.cash, one.debt, len(one.machines)) == (0, 3_000, 3)
    check_books(state)


def test_a_bidder_for_a_computer_cannot_get_another_one_meanwhile() -> None:
    """Designed here (bankruptcy.py): a business holds one computer at most, so while it bids
    for a bankrupt business's computer it can neither buy nor lease one."""
    state = new_game(3)
    set_cash(state, 0, 0)
    give_computer(state, 0)
    owe(state, 0, 10_000)
    set_cash(state, 1, 20_000)
    give_webs(state, 2, 2)
    hit_by_accident(state, title=STORM)
    state.apply(Bid(10_000), 1)

    assert not any(isinstance(a, (BuyComputer, LeaseComputer)) for a in options(state, 1) + options(state, 2))
    assert_rejected(state, 1, BuyComputer(0), "bidding for a computer")
    assert_rejected(state, 2, LeaseComputer(), "bidding for a computer")
    state.apply(Pass(), 2)
    state.apply(LeaseComputer(), 2)  # out of the bidding: free to lease

    assert [b.computer for b in state.businesses] == [0, 2, 1]
    check_books(state)


def test_a_machine_bought_at_auction_produces_from_the_turn_after_next() -> None:
    """Playboss I, "Explanations: Credit, Bankruptcy and Private Trade": a machine from another
    player produces nothing until the turn after next."""
    state = bankrupt_seat_0()
    state.apply(Bid(5_000), 1)
    state.apply(Pass(), 2)  # seat 1 buys the single machine
    for _ in range(3):  # the rest goes to the bank
        state.apply(Pass(), 1)
        state.apply(Pass(), 2)
    give_products(state, 1, raw=2)
    red = space_of(state, "red")

    land_on(state, 1, red)  # seat 1's next turn
    assert state.phase == RED
    assert not any(isinstance(a, Produce) for a in options(state, 1))
    assert_rejected(state, 1, Produce(1), "machines ready for 0")
    state.apply(DoNothing(), 1)
    land_on(state, 2, red)
    state.apply(DoNothing(), 2)

    land_on(state, 1, red)  # the turn after next: seat 0 is skipped
    assert Produce(1) in options(state, 1)
    state.apply(Produce(1), 1)
    assert state.businesses[1].finished == 1


def test_a_bankrupt_business_is_skipped_in_turn_order() -> None:
    """Playboss I, "Explanations: Credit, Bankruptcy and Private Trade": the business leaves."""
    state = bankrupt_seat_0()
    while state.phase == AUCTION:
        state.apply(Pass(), state.current_player())
    white = space_of(state, "white")

    land_on(state, 1, white)
    land_on(state, 2, white)

    assert (state.phase, state.current_player(), state.turn_seat) == (TURN, 1, 1)
    assert options(state, 0) == []
    assert not state.is_terminal()


def test_the_game_ends_when_one_business_remains() -> None:
    """Playboss I, "Explanations: Credit, Bankruptcy and Private Trade"; a game of several
    businesses is decided when all but one have gone bankrupt."""
    state = bankrupt_seat_0(players=2)
    for _ in range(4):
        state.apply(Pass(), 1)

    assert state.phase == OVER and state.is_terminal()
    outcome = state.outcome()
    assert outcome.eliminated == (0,)
    assert outcome.winners == (1,)
    assert outcome.scores == (0 - 10_000, 0)
    assert options(state, 1) == []


def test_a_solo_business_that_goes_bankrupt_ends_the_game_without_a_winner() -> None:
    """Playboss I, "Explanations: Goal and Setup" (solo practice) and "... Bankruptcy ..."."""
    state = new_game(1)
    set_cash(state, 0, 0)
    give_machines(state, 0, 1)
    owe(state, 0, 5_000)

    hit_by_accident(state)

    assert state.is_terminal()
    assert state.outcome().winners == ()
    assert state.outcome().eliminated == (0,)
    assert state.bank_machines == 20
    assert state.written_off == 3_000
    check_books(state)


def test_the_raise_phase_is_a_decision_of_the_debtor_not_of_chance() -> None:
    """Playboss I, "Explanations: Credit, Bankruptcy and Private Trade"."""
    state = new_game(2)
    set_cash(state, 0, 0)
    give_machines(state, 0, 1)
    hit_by_accident(state)

    assert state.current_player() == 0
    assert state.current_player() != CHANCE and state.chance_outcomes() == []


def test_a_payment_that_a_deal_left_unraisable_makes_the_business_bankrupt_at_once() -> None:
    """Designed here (decisions/0016): a business raising a payment that sells its machine to
    another player for less than the bank would give can no longer raise it; it goes bankrupt at
    once rather than wait on a decision no option settles."""
    state = new_game(2)
    set_cash(state, 0, 500)
    give_machines(state, 0, 1)
    hit_by_accident(state)
    assert (state.phase, state.due) == (RAISE, 3_000)

    state.apply(OfferTrade(1, "machine", 1, 1, True), 0)
    state.apply(Accept(), 1)

    b = state.businesses[0]
    assert b.bankrupt and state.eliminated == [0]
    check_books(state)
