"""The green WEB field, the WEB options at any time, and the computer."""

from __future__ import annotations

from tycoon.games.playboss.actions import (
    Advertise,
    BuyComputer,
    BuyWeb,
    DoNothing,
    Improve,
    LeaseComputer,
    Produce,
    RenewLease,
    ReturnComputer,
)
from tycoon.games.playboss.business import LEASED, NO_COMPUTER, OWNED, Machine
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import GREEN, LEASE, RED, TURN

from .helpers import (
    assert_rejected,
    give_machines,
    give_products,
    give_webs,
    land_on,
    new_game,
    options,
    set_cash,
    snapshot,
    space_of,
    webs_everywhere,
)


def on_green(players: int = 2, seat: int = 0) -> PlaybossState:
    state = new_game(players, start=seat)
    land_on(state, seat, space_of(state, "green", after=6), 2)
    assert state.phase == GREEN
    return state


def offered(state: PlaybossState, seat: int, kind: str) -> list[object]:
    return [a for a in options(state, seat) if a.kind == kind]


# --- the green field -------------------------------------------------------------------------


def test_a_web_costs_1000_on_a_green_field() -> None:
    """Playboss I, "The Green WEB Field": pay 1,000 Marks to the bank and collect a WEB chip."""
    state = on_green()
    assert [a for a in options(state, 0) if a.kind in ("buy-web", "nothing")] == [BuyWeb(), DoNothing()]
    state.apply(BuyWeb(), 0)
    b = state.businesses[0]
    assert (b.cash, b.webs) == (9_000, 1)
    assert state.bank_webs == 29
    assert state.ledger_in == 1_000
    assert state.phase == TURN and state.current_player() == 1
    assert webs_everywhere(state) == 30


def test_buying_a_web_is_voluntary() -> None:
    """Playboss I, "The Green WEB Field": the player is not obligated to buy a WEB."""
    state = on_green()
    before = snapshot(state)
    state.apply(DoNothing(), 0)
    assert snapshot(state)["businesses"] == before["businesses"]
    assert state.bank_webs == 30
    assert state.phase == TURN and state.current_player() == 1


def test_no_web_is_offered_when_the_bank_has_none() -> None:
    """Playboss, "Game Materials": there are 30 WEB chips; when all are out, none can be bought."""
    state = on_green()
    give_webs(state, 1, 30)
    assert offered(state, 0, "buy-web") == []
    assert offered(state, 0, "nothing") == [DoNothing()]
    assert_rejected(state, 0, BuyWeb(), "the bank has no WEB chip left (there are 30)")


def test_no_web_without_1000_marks() -> None:
    """Playboss I, "The Green WEB Field": the WEB is paid for, 1,000 Marks."""
    state = on_green()
    state.businesses[0].cash = 999
    assert offered(state, 0, "buy-web") == []
    assert_rejected(state, 0, BuyWeb(), "a WEB costs 1,000 Marks and you hold 999")


def test_buy_web_is_only_a_green_field_decision() -> None:
    """Playboss I, "The Green WEB Field": whoever lands on a green field can buy a WEB."""
    state = new_game(2, start=0)
    assert_rejected(state, 0, BuyWeb(), "buy-web is not possible now")
    land_on(state, 0, space_of(state, "red", after=6), 3)
    assert_rejected(state, 0, BuyWeb(), "buy-web is not possible now: red decision field")


# --- WEB options at any time -----------------------------------------------------------------


def test_efficiency_improvement_turns_a_machine_double_for_3_webs() -> None:
    """Playboss I, "Efficiency Improvements (3 WEBs)": give 3 WEBs back to the bank and turn a
    machine with two rollers up; it then produces 2 products per red field."""
    state = new_game(2, start=0)
    give_machines(state, 1, 2)
    give_webs(state, 1, 4)
    # At any time: seat 1 improves while seat 0 is to roll.
    assert offered(state, 1, "improve") == [Improve(0)]
    state.apply(Improve(0), 1)
    b = state.businesses[1]
    assert b.machines == [Machine(True, 0), Machine(False, 0)]
    assert (b.webs, state.bank_webs, b.cash) == (1, 29, 10_000)
    assert offered(state, 1, "improve") == []
    assert webs_everywhere(state) == 30


def test_efficiency_improvement_needs_3_webs_and_a_single_machine() -> None:
    """Playboss I, "Efficiency Improvements (3 WEBs)": 3 WEBs rotate a single machine."""
    state = new_game(2, start=0)
    give_machines(state, 0, double=True)
    give_machines(state, 0)
    give_webs(state, 0, 2)
    assert_rejected(state, 0, Improve(1), "an efficiency improvement takes 3 WEBs; you hold 2")
    give_webs(state, 0, 1)
    assert_rejected(state, 0, Improve(0), "machine 0 is not a single machine you own; single machines: 1")
    assert_rejected(state, 0, Improve(2), "machine 2 is not a single machine you own")


def test_the_improved_machine_produces_two_on_the_next_red_field() -> None:
    """Playboss I, "Efficiency Improvements (3 WEBs)": with this machine you produce 2 products
    per red field and pay the production costs of both."""
    state = new_game(1)
    give_machines(state, 0)
    give_webs(state, 0, 3)
    give_products(state, 0, raw=2)
    state.apply(Improve(0), 0)
    land_on(state, 0, space_of(state, "red", after=6), 3)
    assert offered(state, 0, "produce") == [Produce(1), Produce(2)]
    state.apply(Produce(2), 0)
    b = state.businesses[0]
    assert (b.raw, b.finished, b.cash) == (0, 2, 8_000)


def test_an_advertising_campaign_costs_2_webs() -> None:
    """Playboss I, "Advertising Campaigns (2 WEBs)": give 2 WEBs back to the bank; one campaign
    runs until the next red field."""
    state = new_game(2, start=0)
    give_webs(state, 1, 4)
    assert offered(state, 1, "advertise") == [Advertise()]
    state.apply(Advertise(), 1)
    b = state.businesses[1]
    assert (b.webs, b.advertising, state.bank_webs) == (2, True, 28)
    assert offered(state, 1, "advertise") == []
    assert_rejected(state, 1, Advertise(), "an advertising campaign needs 2 WEBs and none already running")


def test_advertising_needs_2_webs() -> None:
    """Playboss I, "Advertising Campaigns (2 WEBs)"."""
    state = new_game(2, start=0)
    give_webs(state, 0, 1)
    assert offered(state, 0, "advertise") == []
    assert_rejected(state, 0, Advertise(), "needs 2 WEBs")


def test_only_one_web_option_with_the_same_webs() -> None:
    """Playboss I, "The Green WEB Field": one can only utilise ONE of the WEB options with the
    appropriate amount of WEB. Two WEBs spent on advertising cannot also lease a computer."""
    state = new_game(2, start=0)
    give_webs(state, 0, 2)
    assert {a.kind for a in options(state, 0)} >= {"advertise", "lease-computer"}
    state.apply(Advertise(), 0)
    assert offered(state, 0, "lease-computer") == []
    assert_rejected(state, 0, LeaseComputer(), "leasing a computer takes 2 WEBs; you hold 0")


# --- computer leasing ------------------------------------------------------------------------


def test_leasing_a_computer_puts_2_webs_on_the_current_space() -> None:
    """Playboss I, "Computer Leasing (2 WEBs)": lease a computer with 2 WEBs for a year; the
    two WEBs are placed on the field the player occupies. Production then costs 500."""
    state = new_game(2, start=0)
    green = space_of(state, "green", after=6)
    land_on(state, 0, green, 2)
    give_webs(state, 0, 2)
    state.apply(LeaseComputer(), 0)
    b = state.businesses[0]
    assert (b.computer, b.lease_mark, b.webs) == (LEASED, green, 0)
    assert state.bank_webs == 28  # the 2 WEBs lie on the board, not in the bank
    assert state.bank_computers == 7
    assert b.cash == 10_000
    assert b.production_cost(state.rules) == 500
    assert state.phase == GREEN  # the green field's decision is still pending
    assert webs_everywhere(state) == 30


def lease_then_come_round(webs_left: int) -> PlaybossState:
    """Seat 0 (solo) leases a computer on a green field with 2 WEBs, keeps ``webs_left`` more,
    and a year later its piece passes that field again (from 1 before to 1 after it)."""
    state = new_game(1)
    green = space_of(state, "green", after=6)
    land_on(state, 0, green, 2)
    give_webs(state, 0, 2 + webs_left)
    state.apply(LeaseComputer(), 0)
    state.apply(DoNothing(), 0)
    # A move that does not reach the marked field leaves the lease alone.
    land_on(state, 0, green - 1, 1)
    assert state.phase == RED and state.businesses[0].computer == LEASED
    state.apply(DoNothing(), 0)
    # The next crossing of the marked field.
    land_on(state, 0, green + 1, 2)
    return state


def test_the_lease_falls_due_on_crossing_the_marked_field_and_may_be_renewed() -> None:
    """Playboss I, "Computer Leasing (2 WEBs)": upon crossing the marked field the bank
    collects the WEB markers and the player must again pay 2 WEBs as markers, or return the
    computer. Renewed, the new markers lie on the same field for another year."""
    state = lease_then_come_round(webs_left=3)
    assert state.phase == LEASE
    assert options(state, 0)[:2] == [RenewLease(), ReturnComputer()]
    state.apply(RenewLease(), 0)
    b = state.businesses[0]
    assert (b.computer, b.webs, b.lease_mark) == (LEASED, 1, space_of(state, "green", after=6))
    assert state.bank_webs == 30 - 5 + 2
    assert state.bank_computers == 7
    assert webs_everywhere(state) == 30
    # The turn goes on to the field landed on.
    assert state.phase == RED


def test_the_computer_may_be_returned_when_the_lease_falls_due() -> None:
    """Playboss I, "Computer Leasing (2 WEBs)": ... or the player must return the computer;
    the bank collects the markers."""
    state = lease_then_come_round(webs_left=2)
    state.apply(ReturnComputer(), 0)
    b = state.businesses[0]
    assert (b.computer, b.webs, b.lease_mark) == (NO_COMPUTER, 2, -1)
    assert (state.bank_webs, state.bank_computers) == (28, 8)
    assert b.production_cost(state.rules) == 1_000
    assert webs_everywhere(state) == 30
    assert state.phase == RED


def test_without_2_webs_the_leased_computer_goes_back_by_itself() -> None:
    """Playboss I, "Computer Leasing (2 WEBs)": who cannot pay 2 WEBs again must return the
    computer; no decision is asked."""
    state = lease_then_come_round(webs_left=1)
    b = state.businesses[0]
    assert state.phase == RED
    assert (b.computer, b.webs, b.lease_mark) == (NO_COMPUTER, 1, -1)
    assert (state.bank_webs, state.bank_computers) == (29, 8)
    assert webs_everywhere(state) == 30


def test_a_lease_decision_is_renew_or_return_only() -> None:
    """Playboss I, "Computer Leasing (2 WEBs)": pay 2 WEBs again or return the computer."""
    state = lease_then_come_round(webs_left=2)
    assert_rejected(state, 0, DoNothing(), "nothing is not possible now: the computer lease is due")


# --- computer purchase -----------------------------------------------------------------------


def test_buying_a_computer_costs_20000() -> None:
    """Playboss I, "Computer Leasing": one can also buy a computer for 20,000 Marks."""
    state = new_game(2, start=0)
    set_cash(state, 0, 20_000)
    state.apply(BuyComputer(0), 0)
    b = state.businesses[0]
    assert (b.computer, b.cash, b.debt) == (OWNED, 0, 0)
    assert state.bank_computers == 7
    assert b.production_cost(state.rules) == 500
    assert state.phase == TURN and state.current_player() == 0


def test_a_computer_may_be_bought_with_up_to_10000_credit() -> None:
    """Playboss I, "Computer Leasing" and "Lines of Credit": a line of credit up to 10,000 on
    the computer. With 10,000 Marks the whole 10,000 must be borrowed."""
    state = new_game(2, start=0)
    assert offered(state, 0, "buy-computer") == [BuyComputer(10_000)]
    assert_rejected(state, 0, BuyComputer(9_500), "a computer costs 20,000 Marks with up to 10,000 Marks of credit")
    assert_rejected(state, 0, BuyComputer(10_500), "a computer costs 20,000 Marks with up to 10,000 Marks of credit")
    state.apply(BuyComputer(10_000), 0)
    b = state.businesses[0]
    assert (b.computer, b.cash, b.debt) == (OWNED, 0, 10_000)
    assert (state.ledger_in, state.ledger_out) == (20_000, 30_000)


def test_no_computer_purchase_with_less_than_10000_marks() -> None:
    """Playboss I, "Computer Leasing": at most 10,000 of the 20,000 on credit."""
    state = new_game(2, start=0)
    state.businesses[0].cash = 9_500
    assert offered(state, 0, "buy-computer") == []
    assert_rejected(state, 0, BuyComputer(10_000), "you hold 9,500")


def test_one_computer_per_business() -> None:
    """Playboss I, "Computer Leasing": a computer halves the production cost; a second would
    not halve it again, so a business holds one, bought or leased."""
    state = new_game(2, start=0)
    set_cash(state, 0, 40_000)
    give_webs(state, 0, 2)
    state.apply(LeaseComputer(), 0)
    assert offered(state, 0, "buy-computer") == []
    assert offered(state, 0, "lease-computer") == []
    assert_rejected(state, 0, BuyComputer(0), "you have a computer already")
    assert_rejected(state, 0, LeaseComputer(), "you have a computer already")


def test_the_bank_has_8_computers() -> None:
    """Playboss, "Game Materials": 8 computers; when all are out none can be bought or leased."""
    state = new_game(2, start=0)
    set_cash(state, 0, 20_000)
    give_webs(state, 0, 2)
    state.bank_computers = 0
    assert offered(state, 0, "buy-computer") == []
    assert offered(state, 0, "lease-computer") == []
    assert_rejected(state, 0, BuyComputer(0), "the bank has no computer left (there are 8)")
    assert_rejected(state, 0, LeaseComputer(), "the bank has no computer left (there are 8)")
