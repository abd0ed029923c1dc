"""Machines leased between players.

Playboss I, "Decision: Investment": "Every player can buy or lease machines from other players,
even if that player is not on a decision field. As a result of the delivery and setup time, a
machine cannot produce anything until the turn after next (in 2 die rolls), that follows after
the purchase or leasing." "Explanations: Credit, Bankruptcy and Private Trade": "you can
privately sell or lease, to and from other players, machines with single or double production
capacity." The terms (rent at the lessee's crossings of start, the term, who bears losses,
bankruptcy) are designed in docs/decisions/0007-machine-leasing.md.
"""

from __future__ import annotations

from tycoon.agents import RandomAgent
from tycoon.core import load, play
from tycoon.core.record import replay
from tycoon.games.playboss.actions import (
    CODEC,
    Accept,
    BankSellMachine,
    Borrow,
    Decline,
    DoNothing,
    Improve,
    LoseMachine,
    OfferLease,
    OfferLoan,
    OfferTrade,
    Pass,
    Produce,
    WriteOff,
)
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.business import Machine
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.loans import owed_to
from tycoon.games.playboss.phases import ANSWER, AUCTION, OVER, RAISE, RED, TURN, WHITE

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
    snapshot,
    space_of,
    told,
)

DECISION = "docs/decisions/0007-machine-leasing.md"
ACCIDENT = "Accident at work"  # pay 3,000


def lease(
    state: PlaybossState, lessor: int, lessee: int, rent: int = 2_000, laps: int = 1, double: bool = False
) -> None:
    """``lessor`` offers ``lessee`` one of its machines on these terms, and it is accepted."""
    state.apply(OfferLease(lessee, double, rent, laps, True), lessor)
    state.apply(Accept(), lessee)


def crosses_start(state: PlaybossState, seat: int) -> None:
    """``seat`` (whose turn it is) moves onto the start field: a crossing of start."""
    land_on(state, seat, 0)


# --- offer and answer ------------------------------------------------------------------------


def test_a_machine_leased_out_moves_into_the_lessees_factory_and_stays_the_lessors() -> None:
    """I, "Decision: Investment": leasing "even if that player is not on a decision field": seat 1
    leases its machine to seat 0 while seat 0 is to roll; the answer interrupts, then play goes on."""
    state = new_game(2)
    give_machines(state, 1)
    state.log = []
    offer = OfferLease(0, False, 2_000, 1, True)
    assert offer in options(state, 1)  # the menu: a single machine at 2,000 a year, 1 year

    state.apply(offer, 1)
    assert (state.phase, state.current_player()) == (ANSWER, 0)
    assert options(state, 0)[:2] == [Accept(), Decline()]
    state.apply(Accept(), 0)

    a, b = state.businesses
    assert a.machines == [Machine(False, ready=2, lessor=1, rent=2_000, until=1)]
    assert (b.machines, b.leased_out) == ([], 1)
    assert (a.cash, b.cash) == (10_000, 10_000)  # nothing is paid at the start of a lease
    assert (state.phase, state.current_player()) == (TURN, 0)
    assert (
        "Seat 1 offers to lease seat 0 a single machine for 2,000 Marks rent, until the lessee's "
        "next crossing of start." in told(state)
    )
    view = state.view(None)
    assert view["deals"]["leases"] == [{"lessor": 1, "lessee": 0, "double": False, "rent": 2_000, "until_lap": 1}]
    assert view["businesses"][0]["machines"] == [
        {"double": False, "ready": False, "leased_from": 1, "rent": 2_000, "until_lap": 1}
    ]
    assert view["businesses"][1]["leased_out"] == 1
    check_books(state)


def test_a_player_may_ask_to_lease_another_players_double_machine() -> None:
    """ "Likewise you can privately sell or lease, to and from other players, machines with single
    or double production capacity": seat 0 asks for seat 1's double machine for two years."""
    state = new_game(2)
    give_machines(state, 1, double=True)
    offer = OfferLease(1, True, 5_000, 2, False)
    assert offer in options(state, 0)
    state.apply(offer, 0)
    state.apply(Accept(), 1)
    a, b = state.businesses
    assert a.machines == [Machine(True, 2, 1, 5_000, 2)]
    assert (b.machines, b.leased_out) == ([], 1)


def test_the_lessor_leases_out_the_machine_of_the_kind_that_is_ready_latest() -> None:
    """As in a sale (decision 0006): of identical machines, the one set up last goes."""
    state = new_game(2)
    give_machines(state, 1, ready=0)
    give_machines(state, 1, ready=3)
    lease(state, 1, 0)
    assert state.businesses[1].machines == [Machine(False, 0)]


def test_a_declined_lease_changes_nothing_and_lapses() -> None:
    state = new_game(2)
    give_machines(state, 1)
    before = [b.fingerprint() for b in state.businesses]
    state.apply(OfferLease(0, False, 2_000, 1, True), 1)
    state.apply(Decline(), 0)
    assert [b.fingerprint() for b in state.businesses] == before
    assert state.deals.offer is None and (state.phase, state.current_player()) == (TURN, 0)


def test_the_text_form_names_seat_kind_rent_term_and_side() -> None:
    offer = OfferLease(2, True, 3_500, 2, False)
    assert str(offer) == "offer-lease 2 yes 3500 2 no"
    assert CODEC.parse("offer-lease 2 yes 3500 2 no") == offer
    assert CODEC.from_json(offer.to_json()) == offer


# --- refusals ----------------------------------------------------------------------------------


def test_leases_either_side_cannot_honour_are_refused_with_the_reason_and_change_nothing() -> None:
    """Decision 0006: an offer either side could not honour is refused; decision 0007: a lease
    needs the lessor's own machine of the kind, a rent of 0 or more and at least one year."""
    state = new_game(3)
    give_machines(state, 1)
    assert_rejected(state, 2, OfferLease(0, False, 2_000, 1, True), "seat 2 has no single machine of its own")
    assert_rejected(state, 0, OfferLease(1, True, 2_000, 1, False), "seat 1 has no double machine of its own")
    assert_rejected(state, 1, OfferLease(0, False, -1, 1, True), "a rent of 0 to 10,000 Marks")
    assert_rejected(state, 1, OfferLease(0, False, 2_000, 0, True), "a term of 1 to 10 crossings")
    assert_rejected(state, 1, OfferLease(1, False, 2_000, 1, True), "there is no other seat 1")
    assert_rejected(state, 1, OfferLease(7, False, 2_000, 1, True), "there is no other seat 7")
    assert not any(isinstance(a, OfferLease) and a.lend for a in options(state, 2))


def test_a_leased_machine_is_not_sublet() -> None:
    state = new_game(3)
    give_machines(state, 1)
    lease(state, 1, 0)
    assert_rejected(state, 0, OfferLease(2, False, 2_000, 1, True), "seat 0 has no single machine of its own")
    assert_rejected(state, 2, OfferLease(0, False, 2_000, 1, False), "seat 0 has no single machine of its own")


def test_one_lease_offer_per_seat_between_two_rolls() -> None:
    state = new_game(2)
    give_machines(state, 1, 2)
    state.apply(OfferLease(0, False, 2_000, 1, True), 1)
    state.apply(Decline(), 0)
    assert_rejected(state, 1, OfferLease(0, False, 1_000, 1, True), "one offer per seat between two rolls")


def test_a_lease_the_lessor_can_no_longer_honour_cannot_be_accepted() -> None:
    """Decision 0006: both sides are checked again at the acceptance; the lessor sold its
    machine to the bank while the offer waited."""
    state = new_game(2)
    give_machines(state, 1)
    state.apply(OfferLease(0, False, 2_000, 1, True), 1)
    state.apply(BankSellMachine(0), 1)
    assert options(state, 0)[0] == Decline()
    assert_rejected(state, 0, Accept(), "can no longer be honoured", "seat 1 has no single machine of its own")


# --- delivery, rent, the end of the term --------------------------------------------------------


def test_a_leased_machine_produces_only_from_the_lessees_turn_after_next() -> None:
    """I, "Decision: Investment": "a machine cannot produce anything until the turn after next
    (in 2 die rolls), that follows after the purchase or leasing"."""
    state = new_game(2)
    give_machines(state, 0)
    give_products(state, 1, raw=2)
    lease(state, 0, 1)  # seat 1 has not rolled yet: it produces from its second roll on
    red = space_of(state, "red", after=6)
    pass_turn(state, 0)

    land_on(state, 1, red)
    assert state.phase == RED
    assert not any(isinstance(a, Produce) for a in options(state, 1))
    assert_rejected(state, 1, Produce(1), "machines ready for 0")
    state.apply(DoNothing(), 1)
    pass_turn(state, 0)

    land_on(state, 1, red)
    assert Produce(1) in options(state, 1)
    state.apply(Produce(1), 1)
    assert (state.businesses[1].raw, state.businesses[1].finished) == (1, 1)


def test_rent_is_paid_at_each_of_the_lessees_crossings_and_the_machine_goes_back_at_the_last() -> None:
    """Decision 0007: the rent is due at each of the lessee's crossings of start while the lease
    runs, the last one included; then the machine goes back into the lessor's factory, where it
    produces from the lessor's turn after next."""
    state = new_game(2)
    give_machines(state, 1)
    lease(state, 1, 0, rent=2_000, laps=2)
    state.log = []

    crosses_start(state, 0)  # the first year: 10,000 more starting capital, 2,000 rent
    a, b = state.businesses
    assert (a.cash, b.cash) == (10_000 + 10_000 - 2_000, 12_000)
    assert "Seat 0 pays 2,000 Marks to seat 1 for the rent of 1 machine leased from seat 1." in told(state)
    assert a.machines == [Machine(False, 2, 1, 2_000, 2)] and state.deals.loans == []
    pass_turn(state, 1)

    crosses_start(state, 0)  # the second and last year
    assert (a.cash, b.cash) == (18_000 - 2_000, 14_000)
    assert a.machines == [] and b.leased_out == 0
    assert b.machines == [Machine(False, b.turns + 2)]
    assert "Seat 0 gives seat 1's machine back: its lease ends." in told(state)
    pass_turn(state, 1)
    crosses_start(state, 0)  # the lease is over: nothing more is due
    assert (a.cash, b.cash) == (16_000, 14_000)
    check_books(state)


def test_the_rent_of_several_machines_from_one_lessor_is_one_payment() -> None:
    state = new_game(2)
    give_machines(state, 1, 2)
    lease(state, 1, 0, rent=1_000, laps=1)
    pass_turn(state, 0)
    lease(state, 1, 0, rent=1_500, laps=3)
    pass_turn(state, 1)
    state.log = []
    crosses_start(state, 0)
    assert "Seat 0 pays 2,500 Marks to seat 1 for the rent of 2 machines leased from seat 1." in told(state)
    assert state.businesses[0].machines == [Machine(False, 3, 1, 1_500, 3)]
    assert state.businesses[1].machines == [Machine(False, state.businesses[1].turns + 2)]


def test_a_free_lease_costs_nothing_and_still_ends() -> None:
    state = new_game(2)
    give_machines(state, 1)
    lease(state, 1, 0, rent=0, laps=1)
    crosses_start(state, 0)
    assert (state.businesses[0].cash, state.businesses[1].cash) == (20_000, 10_000)
    assert state.businesses[1].machines == [Machine(False, 2)]


def test_rent_a_lessee_cannot_pay_is_raised_and_leaves_private_loans_alone() -> None:
    """Decision 0007: the rent is charged like a private loan's interest (raised when cash is
    short), but settles only itself: the loan between the same two players is untouched."""
    state = new_game(2, steps=[2])  # the whole capital at once: no second half at start
    give_machines(state, 0)
    give_machines(state, 1)
    state.apply(OfferLoan(1, 3_000, 0, 0, 0, False), 0)  # seat 0 borrows 3,000 from seat 1
    state.apply(Accept(), 1)
    lease(state, 1, 0, rent=4_000, laps=1)
    set_cash(state, 0, 1_000)

    crosses_start(state, 0)  # the machine goes back, then 4,000 rent are due
    assert (state.phase, state.current_player()) == (RAISE, 0)
    assert state.businesses[0].machines == [Machine(False, 0)]
    # Until paid, the rent is seat 1's claim, like interest in arrears.
    assert state.balance_sheet(0).other_debt == 3_000 + 4_000
    assert state.balance_sheet(1).loans_given == 3_000 + 4_000
    state.apply(BankSellMachine(0), 0)  # 5,000: the rent is paid at once

    a, b = state.businesses
    assert state.phase == TURN and (a.cash, b.cash) == (1_000 + 5_000 - 4_000, 20_000 - 3_000 + 4_000)
    assert owed_to(state, 0, 1) == 3_000 and len(state.deals.loans) == 1
    assert state.deals.loans[0].amount == 3_000 and state.deals.loans[0].arrears == 0
    check_books(state)


# --- the lessor's asset --------------------------------------------------------------------------


def test_the_leased_machine_is_in_the_lessors_balance_sheet_and_credit_limit_not_the_lessees() -> None:
    """Decision 0007: the machine stays the lessor's asset and the bank's security for its credit
    (I, "Lines of Credit"; "Explanations: Financial Statement and Profit"); the lessee's books
    hold neither."""
    state = new_game(2, rounds=1)
    give_machines(state, 1)
    lease(state, 1, 0)
    a, b = state.businesses
    assert (state.balance_sheet(1).machines, state.balance_sheet(0).machines) == (10_000, 0)
    assert (b.credit_limit(state.rules), a.credit_limit(state.rules)) == (5_000, 0)
    assert Borrow(5_000) in options(state, 1)
    assert not any(isinstance(x, Borrow) for x in options(state, 0))
    assert_rejected(state, 0, Borrow(500), "you can borrow up to 0 Marks", "you own 0 machines")

    pass_turn(state, 0)
    pass_turn(state, 1)  # the game ends before any crossing: no rent, the machine is seat 1's
    assert state.phase == OVER
    assert state.outcome().scores == (0, 10_000)


def test_the_lessor_may_borrow_against_a_leased_out_machine_in_a_cash_shortage() -> None:
    """A leased-out machine cannot be sold (it stands elsewhere) but secures credit, so a payment
    its credit covers is raised, not a bankruptcy."""
    state = new_game(2, start=1)
    give_machines(state, 1)
    lease(state, 1, 0)
    set_cash(state, 1, 0)
    land_on(state, 1, space_of(state, "blue"))
    # Its machine stands in seat 0's factory: a card for every business, not one about its own work.
    draw_risk(state, card_with(state, title="Storm tears the roof off").number)
    assert (state.phase, state.current_player()) == (RAISE, 1)
    assert [a for a in options(state, 1) if isinstance(a, BankSellMachine)] == []
    state.apply(Borrow(2_500), 1)
    assert state.phase == TURN and state.businesses[1].debt == 2_500


def test_the_lessee_cannot_sell_or_improve_a_leased_machine() -> None:
    """I, "Repurchase Value" and "Efficiency Improvements" ("rotate one of your machines"): only
    the owner sells or improves a machine (decision 0007)."""
    state = new_game(3)
    give_machines(state, 1)
    give_machines(state, 0)
    lease(state, 1, 0)  # seat 0's floor: its own machine 0, the leased machine 1
    give_webs(state, 0, 3)

    assert_rejected(state, 0, BankSellMachine(1), "machine 1 is leased from seat 1: only its owner may sell it")
    assert [a for a in options(state, 0) if isinstance(a, BankSellMachine)] == [BankSellMachine(0)]
    assert_rejected(state, 0, Improve(1), "machine 1 is not a single machine you own")
    assert [a for a in options(state, 0) if isinstance(a, Improve)] == [Improve(0)]
    state.apply(BankSellMachine(0), 0)  # its own machine may go
    assert_rejected(state, 0, OfferTrade(2, "machine", 1, 5_000, True), "seat 0 has no single machine of its own")
    assert_rejected(state, 2, OfferTrade(0, "machine", 1, 5_000, False), "seat 0 has no single machine of its own")
    assert state.businesses[0].machines == [Machine(False, 2, 1, 2_000, 1)]


# --- losses ------------------------------------------------------------------------------------


def on_white(state: PlaybossState, seat: int = 0) -> None:
    land_on(state, seat, len(state.rules.board) - 1)
    assert state.phase == WHITE


def test_a_write_off_falls_on_the_lessees_own_machines_first() -> None:
    """I, "The White Write-off Field"; decision 0007: a lessee cannot pass its write-off to its
    lessor while it has machines of its own."""
    state = new_game(2)
    give_machines(state, 0)
    give_machines(state, 1, double=True)
    lease(state, 1, 0, double=True)  # seat 0: its own single machine 0, seat 1's double machine 1
    on_white(state)
    assert [a for a in options(state, 0) if isinstance(a, WriteOff)] == [WriteOff(0)]
    assert_rejected(state, 0, WriteOff(1), "machine 1 is leased from seat 1; losses fall on your own machines first")
    state.apply(WriteOff(0), 0)
    assert state.businesses[0].machines == [Machine(True, 2, 1, 2_000, 1)]
    assert state.bank_machines == 19 and state.businesses[1].leased_out == 1
    check_books(state)


def test_a_leased_machine_written_off_is_its_lessors_loss_and_the_lease_ends() -> None:
    """Decision 0007: a business with leased machines only loses a leased one; it goes to the
    bank, the lessor's books lose it, and no rent is due for it any more."""
    state = new_game(2)
    give_machines(state, 1)
    lease(state, 1, 0, laps=2)
    state.log = []
    on_white(state)
    assert [a for a in options(state, 0) if isinstance(a, WriteOff)] == [WriteOff(0)]
    state.apply(WriteOff(0), 0)
    a, b = state.businesses
    assert (a.machines, b.machines, b.leased_out, state.bank_machines) == ([], [], 0, 20)
    assert state.balance_sheet(1).machines == 0
    assert "The machine was seat 1's, leased to seat 0: seat 1 loses it." in told(state)
    pass_turn(state, 1)
    crosses_start(state, 0)
    assert (a.cash, b.cash) == (20_000, 10_000)  # no rent
    check_books(state)


def test_a_leased_double_machine_written_off_falls_back_to_single_for_its_lessor() -> None:
    state = new_game(2)
    give_machines(state, 1, double=True)
    lease(state, 1, 0, double=True)
    on_white(state)
    state.apply(WriteOff(0), 0)
    assert state.businesses[0].machines == [Machine(False, 2, 1, 2_000, 1)]
    pass_turn(state, 1)
    crosses_start(state, 0)
    assert state.businesses[1].machines == [Machine(False, state.businesses[1].turns + 2)]


def test_a_risk_card_destroys_the_lessees_own_machine_before_a_leased_one() -> None:
    """I, "The Blue Risk Field"; decision 0007: the loss falls on an own machine, without a
    choice when there is only one kind of own machine."""
    state = new_game(2)
    give_machines(state, 0)
    give_machines(state, 1, double=True)
    lease(state, 1, 0, double=True)
    land_on(state, 0, space_of(state, "blue"))
    draw_risk(state, card_with(state, "lose_machine", insurable=True).number)
    assert state.phase == TURN
    assert state.businesses[0].machines == [Machine(True, 2, 1, 2_000, 1)]
    assert state.businesses[1].leased_out == 1


def test_a_risk_card_may_destroy_a_leased_machine_only_without_own_ones() -> None:
    state = new_game(3)
    give_machines(state, 1)
    give_machines(state, 2, double=True)
    lease(state, 1, 0)
    pass_turn(state, 0)
    lease(state, 2, 0, double=True)  # seat 0 holds two leased machines, none of its own
    pass_turn(state, 1)
    pass_turn(state, 2)
    land_on(state, 0, space_of(state, "blue"))
    draw_risk(state, card_with(state, "lose_machine", insurable=True).number)
    assert [a for a in options(state, 0) if isinstance(a, LoseMachine)] == [LoseMachine(0), LoseMachine(1)]
    state.apply(LoseMachine(1), 0)
    assert state.businesses[0].machines == [Machine(False, 2, 1, 2_000, 1)]
    assert (state.businesses[2].leased_out, state.balance_sheet(2).machines, state.bank_machines) == (0, 0, 19)
    check_books(state)


def test_a_downgrade_card_sets_a_leased_double_machine_back_only_without_an_own_double_one() -> None:
    state = new_game(2)
    give_machines(state, 0)
    give_machines(state, 1, double=True)
    lease(state, 1, 0, double=True)
    land_on(state, 0, space_of(state, "blue"))
    draw_risk(state, card_with(state, "downgrade").number)
    # Seat 0's own machine is single: the double one struck is seat 1's, and goes back single.
    assert state.businesses[0].machines == [Machine(False, 0), Machine(False, 2, 1, 2_000, 1)]


def test_an_own_double_machine_is_set_back_before_a_leased_one() -> None:
    state = new_game(2)
    give_machines(state, 1, double=True)
    lease(state, 1, 0, double=True)
    give_machines(state, 0, double=True)
    land_on(state, 0, space_of(state, "blue"))
    draw_risk(state, card_with(state, "downgrade").number)
    assert state.businesses[0].machines == [Machine(True, 2, 1, 2_000, 1), Machine(False, 0)]


# --- bankruptcy ----------------------------------------------------------------------------------


def test_a_bankrupt_lessees_leased_machines_go_back_to_their_lessors_not_into_the_auction() -> None:
    """I, "Explanations: Credit, Bankruptcy and Private Trade": the bank auctions "all of your
    assets"; a leased machine is not the lessee's (decision 0007)."""
    state = new_game(3, steps=[2])
    give_machines(state, 0)
    give_machines(state, 1)
    lease(state, 1, 0)
    owe(state, 0, 5_000)  # its own machine secures the debt: nothing to raise on it
    set_cash(state, 0, 0)
    state.log = []
    land_on(state, 0, space_of(state, "blue"))
    draw_risk(state, card_with(state, title=ACCIDENT).number)

    assert state.businesses[0].bankrupt and state.phase == AUCTION
    assert state.auction is not None and state.auction.lots == [("machine", 0)]
    assert state.businesses[1].machines == [Machine(False, 2)] and state.businesses[1].leased_out == 0
    assert "Seat 0 gives seat 1's machine back: seat 0 is bankrupt." in told(state)
    check_books(state)


def test_a_bankrupt_lessors_leased_out_machines_are_auctioned_with_its_own() -> None:
    """Decision 0007: the leased-out machine is the lessor's asset; its lease ends and it is
    auctioned, and the lessee may bid for it like anybody."""
    state = new_game(3, start=1, steps=[2])
    give_machines(state, 1, 2)
    lease(state, 1, 0)
    owe(state, 1, 10_000)  # both machines secure the debt
    set_cash(state, 1, 0)
    state.log = []
    land_on(state, 1, space_of(state, "blue"))
    draw_risk(state, card_with(state, title=ACCIDENT).number)

    assert state.businesses[1].bankrupt and state.phase == AUCTION
    assert state.auction is not None and state.auction.lots == [("machine", 0), ("machine", 0)]
    assert state.businesses[0].machines == [] and state.businesses[1].leased_out == 0
    assert "Seat 0's lease ends: seat 1's machine goes to the bankruptcy auction." in told(state)
    check_books(state)
    state.apply(Pass(), 2)  # from the debtor's left: seat 2, then seat 0
    state.apply(Pass(), 0)
    state.apply(Pass(), 2)
    state.apply(Pass(), 0)  # the bank takes both machines at 5,000 each
    assert state.auction is None and state.bank_machines == 20
    assert state.written_off == 3_000  # 13,000 owed, 10,000 recovered
    check_books(state)


def test_rent_a_lessee_cannot_raise_means_bankruptcy_and_the_lessor_claims_with_the_private_lenders() -> None:
    """Decision 0007: unpaid rent is the lessor's claim; after the bank is satisfied it shares
    what is left with the private lenders ("Explanations: Credit, Bankruptcy and Private Trade")."""
    state = new_game(3, steps=[2])
    give_machines(state, 1)
    lease(state, 1, 0, rent=3_000)
    set_cash(state, 0, 1_000)
    state.log = []
    crosses_start(state, 0)

    assert state.businesses[0].bankrupt
    assert "Seat 0 cannot pay 3,000 Marks for the rent of 1 machine leased from seat 1: bankrupt." in told(state)
    assert state.businesses[1].machines == [Machine(False, 2)]
    assert (state.businesses[0].cash, state.businesses[1].cash) == (0, 21_000)
    assert state.deals.loans == [] and state.written_off == 0
    check_books(state)


# --- the bot -------------------------------------------------------------------------------------


def answer_of_the_bot(state: PlaybossState, offerer: int, offer: OfferLease) -> bool:
    """Whether the bot in seat ``offer.to`` accepts ``offer``."""
    state.apply(offer, offerer)
    return PlaybossBot().act(state, offer.to) == Accept()


def test_the_bot_leases_a_machine_in_for_raw_products_it_cannot_make_at_a_rent_below_a_products_earnings() -> None:
    """bot_deals.py: raw products to make, and the rent below what they earn."""
    state = new_game(2)
    give_machines(state, 0)
    give_machines(state, 1, 3)
    give_products(state, 0, raw=12)
    assert answer_of_the_bot(state, 1, OfferLease(0, False, 1_000, 1, True))
    state = new_game(2)
    give_machines(state, 0)
    give_machines(state, 1, 3)
    give_products(state, 0, raw=12)
    assert not answer_of_the_bot(state, 1, OfferLease(0, False, 5_000, 1, True))  # dearer than a product


def test_the_bot_leases_nothing_in_without_raw_products_to_make_or_the_means_to_pay() -> None:
    state = new_game(2)
    give_machines(state, 0)
    give_machines(state, 1)
    give_products(state, 0, raw=1)
    assert not answer_of_the_bot(state, 1, OfferLease(0, False, 1_000, 1, True))  # its own machine makes it
    state = new_game(2)
    give_machines(state, 1)
    give_products(state, 0, raw=12)
    set_cash(state, 0, 0)
    assert not answer_of_the_bot(state, 1, OfferLease(0, False, 1_000, 1, True))  # could ruin it


def idle_bot(rent: int, double: bool = False, lessee_machine: bool = True) -> tuple[PlaybossState, OfferLease]:
    """Seat 0 is a bot with two machines and no raw product; the market has none cheap left.
    Seat 1 asks to lease one of them."""
    state = new_game(2)
    give_machines(state, 0, double=double)
    give_machines(state, 0)
    if lessee_machine:
        give_machines(state, 1)
    give_products(state, 1, raw=10)  # the market's zones below 450 are empty now
    return state, OfferLease(0, double, rent, 1, False)


def test_the_bot_leases_out_only_a_single_machine_it_cannot_keep_busy_at_a_fair_rent() -> None:
    state, offer = idle_bot(2_000)
    assert answer_of_the_bot(state, 1, offer)
    state, offer = idle_bot(400)
    assert not answer_of_the_bot(state, 1, offer)  # below bot_terms.LEAST_RENT a crossing
    state, offer = idle_bot(2_000, double=True)
    give_products(state, 0, raw=6)
    assert not answer_of_the_bot(state, 1, offer)  # its double machine has raw products to make
    state, offer = idle_bot(2_000, lessee_machine=False)
    assert not answer_of_the_bot(state, 1, offer)  # nothing of its own would bear the losses first
    state, offer = idle_bot(2_000)
    give_products(state, 0, raw=8)
    assert not answer_of_the_bot(state, 1, offer)  # both machines have raw products to make


def test_the_bot_offers_a_spare_machine_to_a_business_with_raw_products_to_make() -> None:
    """bot_terms.offers: with no raw products of its own, a machine it cannot keep busy is
    offered for a year to a business holding more raw products than it can make, at a rent
    between what the machine earns that business and the bot's least (``LEAST_RENT``)."""
    state = new_game(2)
    give_machines(state, 0, 2)
    give_machines(state, 1)
    give_products(state, 1, raw=10)
    offer = PlaybossBot().act(state, 0)
    assert isinstance(offer, OfferLease) and (offer.to, offer.double, offer.laps, offer.lend) == (1, False, 1, True)
    assert offer.rent >= 500
    state.apply(offer, 0)
    assert PlaybossBot().act(state, 1) == Accept()  # priced for the other side to take


def test_leases_go_into_the_record_replay_and_clone() -> None:
    """ARCHITECTURE, "Records": replaying a game with a lease rebuilds the same state; a clone
    carries the lease and stays independent."""
    game = load("playboss", players=3, years=2)
    for seed in range(40):
        result = play(game, [RandomAgent(), RandomAgent(), PlaybossBot()], seed)
        kinds = [move.action["kind"] for move in result.record.moves]
        if any(k == "offer-lease" and kinds[i + 1] == "accept" for i, k in enumerate(kinds[:-1])):
            break
    else:
        raise AssertionError("no random game with a lease in 40 seeds")
    state = replay(result.record)
    assert isinstance(state, PlaybossState) and isinstance(result.state, PlaybossState)
    assert state.fingerprint() == result.state.fingerprint()

    live = new_game(2)
    give_machines(live, 1)
    lease(live, 1, 0)
    twin = live.clone()
    before = snapshot(live)
    assert twin.fingerprint() == before
    crosses_start(twin, 0)
    assert snapshot(live) == before and twin.businesses[1].cash == 12_000
    assert [m.lessor for m in live.businesses[0].machines] == [1]
