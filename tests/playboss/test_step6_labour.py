"""Expansion step 6: the labour market.

Playboss II, "6. Step: Labor Market": a worker representative who owns no business gives out 20
worker units and collects salaries (500 per worker and red field, negotiated after the first
lap); unused units leave play after the first lap; one worker runs one machine, also a double
one; businesses produce on every red field and make one other decision; production costs 500
(250 with a computer); termination announced on a red field is effective on the next; strikes,
lockouts, strike wages; the unemployment support fund; the yellow field's deviation. What the
rulebook leaves open is designed in ``labour.py`` and written down in docs/playboss.md.
"""

from __future__ import annotations

import pytest

from tycoon.core import load
from tycoon.core.errors import InvalidConfig
from tycoon.games.playboss.actions import (
    Accept,
    BankSell,
    BuyComputer,
    CallStrike,
    CostChoice,
    Decline,
    DoNothing,
    EndLockout,
    EndStrike,
    GiveNotice,
    Hire,
    Invest,
    Lockout,
    OfferLease,
    OfferLoan,
    OfferTrade,
    OfferWorkers,
    Produce,
    Purchase,
    Roll,
    Sell,
)
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.labour import ACTIVE, CALLED, NONE
from tycoon.games.playboss.phases import LABOUR, RED, TURN, YELLOW

from .helpers import (
    assert_rejected,
    check_books,
    end_first_lap,
    give_computer,
    give_machines,
    give_products,
    labour_of,
    land_on,
    new_game,
    options,
    pass_turn,
    set_cash,
    space_of,
    told,
)

RULE = "6. Step"
REP = 2


def game(players: int = 3, **options: object) -> PlaybossState:
    """Seats 0 and 1 run businesses, seat 2 is the worker representative; seat 0 begins."""
    return new_game(players, steps=[6], **options)  # type: ignore[arg-type]


def red(state: PlaybossState, seat: int, pips: int = 2) -> None:
    """``seat`` lands on a red field; the representative says nothing."""
    land_on(state, seat, space_of(state, "red", after=6), pips)
    assert (state.phase, state.current_player()) == (LABOUR, REP)
    state.apply(DoNothing(), REP)


def test_the_representative_owns_no_business_rolls_no_die_and_holds_the_fund() -> None:
    state = game()
    rep = state.businesses[REP]
    assert (rep.cash, rep.capital_received) == (0, 0)
    lab = labour_of(state)
    assert (lab.rep, lab.fund, lab.free, lab.removed) == (REP, 5000, 20, 0)
    # Only the two businesses rolled for the start; the bank paid 2 × 20,000 and the fund.
    assert state.ledger_out == 2 * 20_000 + 5000
    assert state.view(0)["expansion"]["labour"]["representative"] == REP
    check_books(state)
    # Seat 1 follows seat 0, and seat 0 follows seat 1: the die passes the representative by.
    land_on(state, 0, space_of(state, "green", after=6), 2)
    state.apply(DoNothing(), 0)
    assert (state.phase, state.current_player()) == (TURN, 1)
    land_on(state, 1, space_of(state, "green", after=6), 2)
    state.apply(DoNothing(), 1)
    assert (state.phase, state.current_player()) == (TURN, 0)
    assert Roll() not in options(state, REP)


def test_the_representative_may_be_any_seat_and_the_game_needs_two_players() -> None:
    state = new_game(3, start=1, steps=[6], representative=0)
    assert state.expansion.labour is not None and state.expansion.labour.rep == 0
    assert state.businesses[0].cash == 0 and state.current_player() == 1
    solo = load("playboss", players=2, steps=[6]).new_state()
    assert solo.current_player() == 0  # one business: nobody rolls for the start
    with pytest.raises(InvalidConfig, match="at least 2 players"):
        load("playboss", players=1, steps=[6])
    with pytest.raises(InvalidConfig, match="representative must be a seat from 0 to 2"):
        load("playboss", players=3, steps=[6], representative=3)
    with pytest.raises(InvalidConfig, match="add 6 to steps"):
        load("playboss", players=3, representative=1)


def test_in_the_first_lap_businesses_hire_at_500_and_unused_units_then_leave_play() -> None:
    state = game()
    lab = labour_of(state)
    state.apply(Hire(3), 1)  # at any time, not only on one's own turn
    assert (lab.workers[1], lab.free, lab.wage[1]) == (3, 17, 500)
    assert_rejected(state, 0, Hire(18), "holds 17 worker units")
    assert_rejected(state, REP, Hire(1), "not possible for the worker representative")
    assert_rejected(state, 0, OfferWorkers(REP, 1, 400), "negotiated after the first lap")

    end_first_lap(state)

    assert lab.negotiable and (lab.free, lab.removed) == (0, 17)
    assert_rejected(state, 1, Hire(1), "the first lap is over")
    check_books(state)


def test_on_a_red_field_salaries_go_to_the_representative_whether_or_not_it_produces() -> None:
    state = game()
    state.log = []
    state.apply(Hire(2), 0)
    red(state, 0)
    assert state.businesses[0].cash == 20_000 - 1000
    assert state.businesses[REP].cash == 1000
    assert "Seat 0 pays 1,000 Marks to seat 2 for the salaries of 2 workers at 500." in told(state)
    assert (state.phase, state.current_player()) == (RED, 0)
    check_books(state)


def test_one_worker_runs_one_machine_and_a_double_one_makes_two_products() -> None:
    state = game()
    give_machines(state, 0, 1, double=True)
    give_machines(state, 0, 2)
    give_products(state, 0, raw=10)
    state.apply(Hire(2), 0)
    red(state, 0)
    # Two workers: the double machine and one single one, 3 products at 500 each.
    assert Produce(3) in options(state, 0) and Produce(4) not in options(state, 0)
    assert_rejected(state, 0, Produce(4), "2 workers run machines for 3 products")
    cash = state.businesses[0].cash
    state.apply(Produce(3), 0)
    assert state.businesses[0].cash == cash - 3 * 500
    assert state.businesses[0].finished == 3


def test_a_computer_halves_the_production_cost_to_250() -> None:
    state = game()
    give_machines(state, 0, 1)
    give_computer(state, 0)
    give_products(state, 0, raw=2)
    state.apply(Hire(1), 0)
    red(state, 0)
    cash = state.businesses[0].cash
    state.apply(Produce(1), 0)
    assert state.businesses[0].cash == cash - 250


def test_production_and_one_other_decision_on_every_red_field() -> None:
    state = game()
    give_machines(state, 0, 1)
    give_products(state, 0, raw=2, finished=1)
    state.apply(Hire(1), 0)
    red(state, 0)
    state.apply(Produce(1), 0)
    # Still on the red field: one other decision; producing again is not possible.
    assert (state.phase, state.current_player()) == (RED, 0)
    legal = options(state, 0)
    assert not any(isinstance(a, Produce) for a in legal)
    assert_rejected(state, 0, Produce(1), "produced on this red field already")
    # The product just made is sold from the next red field on: one of two can be sold.
    assert Sell(1) in legal and Sell(2) not in legal
    assert_rejected(state, 0, Sell(2), "sold from the next red field on")
    state.apply(Sell(1), 0)
    assert state.phase == TURN and state.businesses[0].finished == 1


def test_a_machine_bought_on_the_red_field_produces_from_the_next_red_field_on() -> None:
    """Playboss II, "6. Step", "Production": "Players may not utilize machines purchased on a
    particular turn for production until they land on the next red field." Not on the field it
    is bought on, but on the next one, even on the very next turn (not the base model's "turn
    after next")."""
    state = game()
    give_products(state, 0, raw=2)
    state.apply(Hire(1), 0)
    red(state, 0)
    state.apply(Invest(0), 0)  # the other decision ends the red field
    assert state.phase == TURN
    b = state.businesses[0]
    assert b.machines and b.machines[0].ready == b.turns + 1
    pass_turn(state, 1)
    red(state, 0)  # the very next turn
    assert Produce(1) in options(state, 0)
    state.apply(Produce(1), 0)
    assert b.finished == 1
    check_books(state)


def test_without_step_6_a_machine_bought_produces_only_from_the_turn_after_next() -> None:
    """Playboss I, "Decision: Investment": "a machine cannot produce anything until the turn
    after next (in 2 die rolls)" - the base model's delay, unchanged without step 6."""
    state = new_game(3, steps=[2])
    give_products(state, 0, raw=2)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    state.apply(Invest(0), 0)
    pass_turn(state, 1)
    pass_turn(state, 2)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    assert not any(isinstance(a, Produce) for a in options(state, 0))


def test_a_machine_bought_from_a_player_produces_from_the_buyers_next_red_field_on() -> None:
    """Playboss II, "6. Step": "Private transactions for machines are also subject to this
    restriction": bought from another business between the buyer's turns, it produces on the
    buyer's next red field."""
    state = game()
    give_machines(state, 1, 1)
    give_products(state, 0, raw=2)
    state.apply(Hire(1), 0)
    pass_turn(state, 0)
    # On seat 1's turn, seat 0 buys seat 1's machine.
    state.apply(OfferTrade(1, "machine", 1, 8_000, False), 0)
    state.apply(Accept(), 1)
    b = state.businesses[0]
    assert b.machines[0].ready == b.turns + 1
    pass_turn(state, 1)
    red(state, 0)
    assert Produce(1) in options(state, 0)
    check_books(state)


def test_a_machine_bought_before_the_roll_does_not_produce_on_the_red_field_of_that_turn() -> None:
    """Bought on the buyer's own turn, before its roll: that turn's red field is not the next one
    after the purchase; the following red field is."""
    state = game()
    give_machines(state, 1, 1)
    give_products(state, 0, raw=2)
    state.apply(Hire(1), 0)
    assert (state.phase, state.current_player()) == (TURN, 0)
    state.apply(OfferTrade(1, "machine", 1, 8_000, False), 0)
    state.apply(Accept(), 1)
    red(state, 0)
    assert not any(isinstance(a, Produce) for a in options(state, 0))
    state.apply(DoNothing(), 0)
    pass_turn(state, 1)
    red(state, 0)
    assert Produce(1) in options(state, 0)


def test_a_machine_leased_from_a_player_produces_from_the_lessees_next_red_field_on() -> None:
    state = game()
    give_machines(state, 1, 1)
    give_products(state, 0, raw=2)
    state.apply(Hire(1), 0)
    pass_turn(state, 0)
    state.apply(OfferLease(1, False, 2_000, 1, False), 0)
    state.apply(Accept(), 1)
    pass_turn(state, 1)
    red(state, 0)
    assert Produce(1) in options(state, 0)


def test_raw_products_bought_on_the_red_field_are_produced_on_the_next_one() -> None:
    state = game()
    give_machines(state, 0, 1)
    state.apply(Hire(1), 0)
    red(state, 0)
    assert not any(isinstance(a, Produce) for a in options(state, 0))  # no raw products yet
    state.apply(Purchase(2), 0)
    assert state.phase == TURN and state.businesses[0].raw == 2


def test_termination_is_announced_on_a_red_field_and_effective_on_the_next() -> None:
    state = game()
    lab = labour_of(state)
    give_machines(state, 0, 2)
    give_products(state, 0, raw=4)
    state.apply(Hire(2), 0)
    end_first_lap(state)
    pass_turn(state, 1)
    # Notice only on the business's own red field.
    assert_rejected(state, 0, GiveNotice(0, 1), "announced on the business's red field")
    red(state, 0)
    state.apply(GiveNotice(0, 1), 0)
    assert lab.notice[0] == 1
    state.apply(Produce(2), 0)  # this field: both workers still work
    state.apply(DoNothing(), 0)
    assert lab.workers[0] == 2
    pass_turn(state, 1)
    rep_cash = state.businesses[REP].cash
    red(state, 0)
    # The last red field: paid a last time, producing a last time, then the unit goes back.
    assert state.businesses[REP].cash == rep_cash + 2 * 500
    assert lab.leaving[0] == 1 and Produce(2) in options(state, 0)
    state.apply(Produce(2), 0)
    state.apply(DoNothing(), 0)
    assert (lab.workers[0], lab.leaving[0], lab.free) == (1, 0, 1)
    check_books(state)


def test_the_representative_announces_terminations_on_the_businesss_red_field() -> None:
    state = game()
    lab = labour_of(state)
    state.apply(Hire(3), 0)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    assert GiveNotice(0, 3) in options(state, REP)
    state.apply(GiveNotice(0, 2), REP)
    assert lab.notice[0] == 2
    assert_rejected(state, REP, GiveNotice(0, 2), "1 worker of seat 0 can be given notice")
    assert_rejected(state, 1, GiveNotice(0, 1), "only to its own workers")


def test_a_strike_becomes_active_on_the_next_red_field_with_idle_fees_and_strike_wages() -> None:
    state = game()
    state.log = []
    lab = labour_of(state)
    give_machines(state, 1, 2)
    give_products(state, 1, raw=2)
    state.apply(Hire(2), 1)
    state.apply(Hire(1), 0)
    set_cash(state, REP, 4000)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    state.apply(CallStrike(1), REP)  # on seat 0's red field, against seat 1
    assert lab.strike[1] == CALLED
    assert_rejected(state, REP, CallStrike(1), "on strike already")
    state.apply(DoNothing(), REP)
    state.apply(DoNothing(), 0)
    cash1 = state.businesses[1].cash
    land_on(state, 1, space_of(state, "red", after=6), 2)
    state.apply(DoNothing(), REP)
    # Active: no salaries, 3,000 idle fees per machine; the representative pays strike wages
    # at the highest negotiated salary (500) for both workers, to the bank.
    assert lab.strike[1] == ACTIVE
    assert state.businesses[1].cash == cash1 - 2 * 3000
    assert state.businesses[REP].cash == 4000 + 500 - 2 * 500  # seat 0's salary came in before
    assert "Seat 2 pays 1,000 Marks for strike wages for 2 striking workers of seat 1 at 500." in told(state)
    assert not any(isinstance(a, Produce) for a in options(state, 1))
    state.apply(DoNothing(), 1)
    state.apply(EndStrike(1), REP)  # at any time
    assert lab.strike[1] == NONE
    check_books(state)


def test_an_agreement_before_the_next_red_field_calls_the_strike_off() -> None:
    state = game()
    lab = labour_of(state)
    state.apply(Hire(2), 1)
    end_first_lap(state)
    pass_turn(state, 1)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    state.apply(CallStrike(1), REP)
    state.apply(OfferWorkers(1, 0, 700), REP)
    assert state.current_player() == 1
    state.apply(Accept(), 1)
    assert (lab.strike[1], lab.wage[1]) == (NONE, 700)
    assert (state.phase, state.current_player()) == (LABOUR, REP)


def test_a_strike_called_on_the_businesss_own_red_field_becomes_active_on_its_next() -> None:
    """Playboss II, "6. Step", "Strike": "The strike will become 'active' for each affected
    business on the next red field, so long as no agreement has been reached before that point":
    called on seat 1's own red field,
    it is not active on that field (salaries are paid, production goes on) but on the next."""
    state = game()
    lab = labour_of(state)
    give_machines(state, 1, 2)
    give_products(state, 1, raw=4)
    state.apply(Hire(2), 1)
    pass_turn(state, 0)
    land_on(state, 1, space_of(state, "red", after=6), 2)
    cash1, rep_cash = state.businesses[1].cash, state.businesses[REP].cash
    state.apply(CallStrike(1), REP)
    state.apply(DoNothing(), REP)
    assert lab.strike[1] == CALLED
    # This field: salaries to the representative, no idle fees, and production.
    assert state.businesses[1].cash == cash1 - 2 * 500
    assert state.businesses[REP].cash == rep_cash + 2 * 500
    state.apply(Produce(2), 1)
    state.apply(DoNothing(), 1)
    assert state.businesses[1].finished == 2
    pass_turn(state, 0)
    cash1 = state.businesses[1].cash
    red(state, 1)
    # The next field: active, 3,000 idle fees per machine, no production.
    assert lab.strike[1] == ACTIVE
    assert state.businesses[1].cash == cash1 - 2 * 3000
    assert not any(isinstance(a, Produce) for a in options(state, 1))
    check_books(state)


def test_a_strike_called_on_the_businesss_own_red_field_can_be_averted_by_an_agreement_before_its_next() -> None:
    state = game()
    lab = labour_of(state)
    give_machines(state, 1, 1)
    state.apply(Hire(1), 1)
    end_first_lap(state)
    land_on(state, 1, space_of(state, "red", after=6), 2)
    state.apply(CallStrike(1), REP)
    state.apply(DoNothing(), REP)
    state.apply(DoNothing(), 1)
    pass_turn(state, 0)
    state.apply(OfferWorkers(REP, 0, 700), 1)
    state.apply(Accept(), REP)
    assert lab.strike[1] == NONE
    cash1 = state.businesses[1].cash
    red(state, 1)
    assert lab.strike[1] == NONE and state.businesses[1].cash == cash1 - 700


# Who speaks first on seat 1's red field: the representative in his window (a strike and
# notice), seat 1 during that window (notice, "at any time"), seat 1 at its own decision, or
# the representative during seat 1's decision. Whatever the order, nothing said on the field
# takes effect before seat 1's next red field.
SPEAKERS = {
    "representative in his window": ("window", REP),
    "business during the representative's window": ("window", 1),
    "business at its decision": ("decision", 1),
    "representative during the business's decision": ("decision", REP),
}
ORDERS = [
    ("representative in his window", "business during the representative's window"),
    ("business during the representative's window", "representative in his window"),
    ("business at its decision", "representative during the business's decision"),
    ("representative during the business's decision", "business at its decision"),
    ("representative in his window", "business at its decision"),
    ("business during the representative's window", "representative during the business's decision"),
]


@pytest.mark.parametrize("order", ORDERS, ids=" then ".join)
def test_notice_given_on_the_businesss_red_field_takes_effect_on_its_next_whoever_speaks_first(
    order: tuple[str, str],
) -> None:
    """Playboss II, "6. Step", "Termination": "On every red field, the business as well as the
    worker representative, can talk about
    worker units leaving the business. The decision becomes effective on the next red field. On
    this field you may produce product one final time ... you must pay salary costs one final
    time, then the business returns the labor unit piece to the worker representative"."""
    state = game()
    lab = labour_of(state)
    give_machines(state, 1, 3)
    give_products(state, 1, raw=6)
    state.apply(Hire(3), 1)
    free = lab.free
    pass_turn(state, 0)
    land_on(state, 1, space_of(state, "red", after=6), 2)
    assert (state.phase, state.current_player()) == (LABOUR, REP)
    for moment in ("window", "decision"):
        if moment == "decision":
            state.apply(DoNothing(), REP)
            assert (state.phase, state.current_player()) == (RED, 1)
        for speaker in order:
            when, seat = SPEAKERS[speaker]
            if when == moment:
                state.apply(GiveNotice(1, 1), seat)
    assert (lab.notice[1], lab.leaving[1]) == (2, 0)
    # This field: all three workers are paid and produce; nobody leaves at its end.
    state.apply(Produce(3), 1)
    state.apply(DoNothing(), 1)
    assert (lab.workers[1], lab.notice[1], lab.free) == (3, 2, free)
    pass_turn(state, 0)
    rep_cash = state.businesses[REP].cash
    red(state, 1)
    # The next field: paid and producing a last time, then the two go back.
    assert state.businesses[REP].cash == rep_cash + 3 * 500
    assert lab.leaving[1] == 2 and Produce(3) in options(state, 1)
    state.apply(Produce(3), 1)
    state.apply(DoNothing(), 1)
    assert (lab.workers[1], lab.leaving[1], lab.free) == (1, 0, free + 2)
    check_books(state)


def test_a_strike_called_and_notice_given_on_another_businesss_field_wait_for_that_businesss_next() -> None:
    """On seat 0's red field the representative calls a strike at seat 1; seat 1 cannot be given
    notice there (notice belongs to its own red field), and its strike is active on its next."""
    state = game()
    lab = labour_of(state)
    give_machines(state, 1, 1)
    state.apply(Hire(1), 1)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    assert GiveNotice(1, 1) not in options(state, REP)
    assert_rejected(state, REP, GiveNotice(1, 1), "announced on the business's red field")
    state.apply(CallStrike(1), REP)
    state.apply(DoNothing(), REP)
    state.apply(DoNothing(), 0)
    assert lab.strike[1] == CALLED
    set_cash(state, REP, 1000)  # for the strike wages
    red(state, 1)
    assert lab.strike[1] == ACTIVE
    assert state.businesses[REP].cash == 1000 - 500


def test_after_the_first_lap_salaries_and_hiring_are_agreed_for_all_of_a_businesss_workers() -> None:
    state = game()
    lab = labour_of(state)
    state.apply(Hire(2), 0)
    state.apply(Hire(1), 1)
    lab_free_before = lab.free
    end_first_lap(state)
    assert lab.free == 0 and lab.removed == lab_free_before
    lab.free, lab.removed = 1, lab.removed - 1  # one unit was let go meanwhile
    # Seat 1 asks for the let-go unit at 800; the representative accepts: both workers get 800.
    state.apply(OfferWorkers(REP, 1, 800), 1)
    assert state.current_player() == REP
    state.apply(Accept(), REP)
    assert (lab.workers[1], lab.wage[1], lab.free) == (2, 800, 0)
    from tycoon.games.playboss.labour import highest_salary

    assert highest_salary(state) == 800
    assert_rejected(state, 0, OfferWorkers(1, 0, 500), "made with the worker representative, seat 2")
    check_books(state)


def test_a_declined_agreement_changes_nothing() -> None:
    state = game()
    lab = labour_of(state)
    state.apply(Hire(2), 0)
    end_first_lap(state)
    state.apply(OfferWorkers(0, 0, 900), REP)
    state.apply(Decline(), 0)
    assert lab.wage[0] == 500


def test_a_lockout_only_while_a_business_is_struck_at_300_per_machine_with_strike_wages() -> None:
    state = game()
    lab = labour_of(state)
    give_machines(state, 0, 3)
    state.apply(Hire(2), 0)
    state.apply(Hire(1), 1)
    assert_rejected(state, 0, Lockout(), "only while a business is being struck")
    lab.strike[1] = ACTIVE
    set_cash(state, REP, 2000)
    state.apply(Lockout(), 0)
    assert lab.lockout[0]
    cash0 = state.businesses[0].cash
    red(state, 0)
    assert state.businesses[0].cash == cash0 - 3 * 300  # no salaries
    assert state.businesses[REP].cash == 2000 - 2 * 500
    assert not any(isinstance(a, Produce) for a in options(state, 0))
    state.apply(EndLockout(), 0)
    assert not lab.lockout[0]


def test_unemployment_support_when_the_die_passes_the_representative_from_the_fund_first() -> None:
    state = game()
    state.log = []
    lab = labour_of(state)
    state.apply(Hire(1), 1)
    end_first_lap(state)
    lab.free, lab.removed = 12, lab.removed - 12  # twelve let go
    set_cash(state, REP, 5000)
    land_on(state, 1, space_of(state, "green", after=6), 2)
    state.apply(DoNothing(), 1)  # the die passes seat 2 on its way to seat 0
    assert lab.fund == 0
    assert state.businesses[REP].cash == 5000 - (12 * 500 - 5000)
    assert "The unemployment fund pays 5,000 Marks of unemployment support for 12 workers at 500." in told(state)
    check_books(state)


def test_a_representative_who_cannot_pay_is_bankrupt_and_salaries_then_go_to_the_bank() -> None:
    state = game()
    lab = labour_of(state)
    state.apply(Hire(2), 1)
    state.apply(Hire(1), 0)
    lab.strike[1] = CALLED
    red(state, 0)  # the representative earns 500
    state.apply(DoNothing(), 0)
    land_on(state, 1, space_of(state, "red", after=6), 2)
    state.apply(DoNothing(), REP)
    # The strike became active; strike wages of 1,000 exceed the 500 he holds: bankrupt.
    assert state.businesses[REP].bankrupt
    assert (lab.strike[1], lab.fund, lab.free) == (NONE, 0, 0)
    assert (state.phase, state.current_player()) == (RED, 1)  # seat 1's turn goes on
    state.apply(DoNothing(), 1)
    cash0 = state.businesses[0].cash
    red_no_rep(state, 0)
    assert state.businesses[0].cash == cash0 - 500  # to the bank now
    check_books(state)


def red_no_rep(state: PlaybossState, seat: int) -> None:
    land_on(state, seat, space_of(state, "red", after=6), 2)
    assert (state.phase, state.current_player()) == (RED, seat)


def test_workers_of_a_bankrupt_business_go_back_to_the_representative() -> None:
    state = game()
    lab = labour_of(state)
    state.apply(Hire(3), 1)
    set_cash(state, 1, 0)
    pass_turn(state, 0)
    red(state, 1)  # 1,500 Marks of salaries, nothing to sell: bankrupt
    assert state.businesses[1].bankrupt
    assert (lab.workers[1], lab.free) == (0, 17 + 3)
    check_books(state)


def test_producing_on_the_yellow_field_costs_3000_per_machine_and_the_salaries() -> None:
    state = game()
    give_machines(state, 0, 1, double=True)
    give_machines(state, 0, 1)
    give_products(state, 0, raw=5)
    state.apply(Hire(2), 0)
    land_on(state, 0, space_of(state, "yellow", after=6), 2)
    assert state.phase == YELLOW
    cash = state.businesses[0].cash
    state.apply(CostChoice("produce"), 0)
    b = state.businesses[0]
    assert (b.raw, b.finished) == (2, 3)
    assert b.cash == cash - 2 * 3000 - 2 * 500
    assert state.businesses[REP].cash == 1000
    check_books(state)


def test_the_representative_lends_but_trades_no_goods_and_uses_no_bank_options() -> None:
    state = game()
    set_cash(state, REP, 6000)
    give_products(state, 0, raw=2)
    assert_rejected(state, 0, OfferTrade(REP, "raw", 1, 300, True), "trades no goods")
    assert_rejected(state, REP, BuyComputer(0), "not possible for the worker representative")
    assert_rejected(state, REP, BankSell("raw", 1), "not possible for the worker representative")
    state.apply(OfferLoan(0, 5000, 10, 1000, 0, True), REP)
    state.apply(Accept(), 0)
    assert state.balance_sheet(REP).loans_given == 5000
    legal = options(state, REP)
    assert not any(isinstance(a, (OfferTrade, BuyComputer, BankSell)) for a in legal)


def test_the_representative_takes_no_part_in_auctions() -> None:
    state = new_game(3, steps=[2, 6])
    give_machines(state, 0, 1)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    state.apply(DoNothing(), REP)
    state.apply(Purchase(1), 0)  # the rest of the zone goes under the hammer
    auction = state.expansion.auction
    assert auction is not None and REP not in auction.bidders


def test_a_salary_beyond_the_bound_of_an_agreement_is_refused_and_changes_nothing() -> None:
    """The rulebook lets salaries be negotiated; the bound chosen (docs/playboss.md) keeps the
    salaries paid within what a view can carry."""
    from tycoon.games.playboss.deals import MOST_SALARY

    state = game()
    state.apply(Hire(2), 0)
    end_first_lap(state)
    for salary in (MOST_SALARY + 1, 2**62):
        assert_rejected(state, 0, OfferWorkers(REP, 0, salary), "a salary of 0 to 5,000 Marks")
    assert_rejected(state, 0, OfferWorkers(REP, 0, 2**63), "salary", "2^63-1")  # beyond what a message carries
    state.apply(OfferWorkers(REP, 0, MOST_SALARY), 0)
