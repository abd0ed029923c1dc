"""The red decision field: one decision of five per red field."""

from __future__ import annotations

from tycoon.core.errors import NotYourTurn
from tycoon.games.playboss.actions import (
    Advertise,
    DoNothing,
    Invest,
    Produce,
    Purchase,
    Roll,
    Sell,
)
from tycoon.games.playboss.business import OWNED, Machine
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import RED, TURN

from .helpers import (
    assert_rejected,
    give_machines,
    give_products,
    give_webs,
    land_on,
    new_game,
    options,
    pass_turn,
    products_everywhere,
    snapshot,
    space_of,
)


def on_red(players: int = 2, seat: int = 0) -> PlaybossState:
    state = new_game(players, start=seat)
    land_on(state, seat, space_of(state, "red", after=6), 3)
    assert state.phase == RED
    assert state.current_player() == seat
    return state


def kinds(state: PlaybossState, seat: int) -> set[str]:
    return {a.kind for a in options(state, seat)}


# --- one decision per red field --------------------------------------------------------------


def test_the_five_decisions_are_offered() -> None:
    """Playboss I, "The Red Decision Field": Purchasing, Investing, Producing, Selling and do
    nothing."""
    state = on_red()
    give_machines(state, 0)
    give_products(state, 0, raw=1, finished=1)
    assert {"purchase", "invest", "produce", "sell", "nothing"} <= kinds(state, 0)
    assert {"buy-web", "cost", "write-off", "roll"}.isdisjoint(kinds(state, 0))


def test_decisions_that_cannot_be_carried_out_are_not_offered() -> None:
    """Playboss I, "The Red Decision Field": nothing to produce or sell without machines and
    stock; no purchase or investment without cash."""
    state = on_red()
    state.businesses[0].cash = 0
    assert [a for a in options(state, 0) if a.kind in ("purchase", "invest", "produce", "sell", "nothing")] == [
        DoNothing()
    ]


def test_only_one_decision_per_red_field_then_the_turn_moves_on() -> None:
    """Playboss I, "The Red Decision Field": he may make only a single decision per red field.
    After a purchase the next player is to roll, and the first may not decide again."""
    state = on_red()
    state.apply(Purchase(1), 0)
    assert state.phase == TURN
    assert state.current_player() == 1
    assert options(state, 1)[0] == Roll()
    assert "purchase" not in kinds(state, 0)
    err = assert_rejected(state, 0, Purchase(1), "it is seat 1's decision, not seat 0's")
    assert isinstance(err, NotYourTurn)


def test_in_a_solo_game_the_decision_is_gone_after_one_choice() -> None:
    """Playboss I, "The Red Decision Field": a single decision per red field, alone too."""
    state = on_red(players=1)
    state.apply(Purchase(1), 0)
    assert state.phase == TURN
    assert state.current_player() == 0
    assert_rejected(state, 0, Purchase(1), "purchase 1 is not possible now: roll the die")


# --- 1. purchasing ---------------------------------------------------------------------------


def test_purchase_buys_as_far_as_cash_goes() -> None:
    """Playboss I, "Decision: Purchasing": as many products as they want and can afford. With
    4 players and 10,000 Marks: 5 x 350 + 5 x 400 + 5 x 450 + 5 x 500 = 8,500 buys all 20."""
    state = on_red(players=4)
    state.businesses[0].cash = 2_000
    assert max(a.count for a in options(state, 0) if isinstance(a, Purchase)) == 5
    state.apply(Purchase(5), 0)
    b = state.businesses[0]
    assert (b.cash, b.raw, b.finished) == (250, 5, 0)
    assert state.market == [0, 0, 0, 0, 0, 5, 5, 5]
    assert state.phase == TURN and state.current_player() == 1


# --- 2. investing ----------------------------------------------------------------------------


def test_investing_pays_10000_for_a_machine_from_the_bank() -> None:
    """Playboss I, "Decision: Investment": pay 10,000 Marks, receive a machine from the bank,
    placed with the single roller up."""
    state = on_red()
    state.apply(Invest(0), 0)
    b = state.businesses[0]
    assert b.cash == 0
    assert b.debt == 0
    assert b.machines == [Machine(False, b.turns + 2)]
    assert state.bank_machines == 19
    assert state.ledger_in == 10_000
    assert state.phase == TURN and state.current_player() == 1


def test_investing_on_credit_of_at_most_5000() -> None:
    """Playboss I, "Decision: Investment" and "Lines of Credit": up to 5,000 Marks of the price
    may be borrowed from the bank."""
    state = on_red()
    state.apply(Invest(5_000), 0)
    b = state.businesses[0]
    assert (b.cash, b.debt, len(b.machines)) == (5_000, 5_000, 1)
    assert state.bank_machines == 19
    assert (state.ledger_in, state.ledger_out) == (10_000, 20_000 + 5_000)


def test_investment_credit_is_offered_in_500_steps_for_what_cash_lacks() -> None:
    """Playboss I, "Decision: Investment": credit up to 5,000; the bank lends in 500-Mark notes
    (rules.toml, credit step). With 6,000 Marks at least 4,000 must be borrowed."""
    state = on_red()
    state.businesses[0].cash = 6_000
    assert [a for a in options(state, 0) if isinstance(a, Invest)] == [Invest(4_000), Invest(4_500), Invest(5_000)]
    assert_rejected(state, 0, Invest(3_500), "you hold 6,000 Marks; with 3,500 Marks credit you need 6,500 Marks")
    assert_rejected(state, 0, Invest(5_500), "the bank lends at most 5,000 Marks per machine")
    assert_rejected(state, 0, Invest(4_250), "credit is taken in steps of 500 Marks")
    assert_rejected(state, 0, Invest(-500), "credit is taken in steps of 500 Marks")


def test_no_investment_below_5000_marks_of_own_cash() -> None:
    """Playboss I, "Decision: Investment": at most 5,000 of the 10,000 on credit."""
    state = on_red()
    state.businesses[0].cash = 4_500
    assert "invest" not in kinds(state, 0)
    assert_rejected(state, 0, Invest(5_000), "you hold 4,500 Marks; with 5,000 Marks credit you need 5,000 Marks")


def test_no_investment_when_the_bank_has_no_machine_left() -> None:
    """Playboss, "Game Materials": there are 20 machines."""
    state = on_red()
    give_machines(state, 1, 20)
    assert state.bank_machines == 0
    assert "invest" not in kinds(state, 0)
    assert_rejected(state, 0, Invest(0), "the bank has no machine left (there are 20)")


def test_a_new_machine_produces_only_from_the_turn_after_next() -> None:
    """Playboss I, "Decision: Investment": because of delivery and setup a machine cannot
    produce until the turn after next (in 2 die rolls). Bought on a red field, it cannot
    produce on the next turn's red field, and it can on the one after."""
    state = new_game(2, start=0)
    red = space_of(state, "red", after=6)
    land_on(state, 0, red, 3)
    state.apply(Invest(0), 0)
    state.businesses[0].cash = 5_000
    give_products(state, 0, raw=2)
    pass_turn(state, 1)

    # The next turn: the machine is still being set up.
    land_on(state, 0, red, 3)
    assert "produce" not in kinds(state, 0)
    assert_rejected(state, 0, Produce(1), "you can produce at most 0: machines ready for 0")
    state.apply(DoNothing(), 0)
    pass_turn(state, 1)

    # The turn after next: it produces.
    land_on(state, 0, red, 3)
    assert [a for a in options(state, 0) if isinstance(a, Produce)] == [Produce(1)]
    state.apply(Produce(1), 0)
    b = state.businesses[0]
    assert (b.raw, b.finished, b.cash) == (1, 1, 4_000)


# --- 3. producing ----------------------------------------------------------------------------


def test_producing_one_product_per_machine_at_1000_each() -> None:
    """Playboss I, "Decision: Producing": one product per machine per red field; pay 1,000
    Marks each; move the product from the raw to the finished warehouse."""
    state = on_red()
    give_machines(state, 0, 2)
    give_products(state, 0, raw=3)
    market = state.market.copy()
    assert [a for a in options(state, 0) if isinstance(a, Produce)] == [Produce(1), Produce(2)]
    state.apply(Produce(2), 0)
    b = state.businesses[0]
    assert (b.raw, b.finished, b.cash) == (1, 2, 8_000)
    assert state.market == market
    assert state.ledger_in == 2_000
    assert products_everywhere(state) == 40
    assert state.phase == TURN and state.current_player() == 1


def test_a_double_machine_produces_two() -> None:
    """Playboss I, "Decision: Producing" and "Efficiency Improvements": a machine with two
    rollers up produces two products per red field, paying the production cost of both."""
    state = on_red()
    give_machines(state, 0, double=True)
    give_products(state, 0, raw=4)
    assert_rejected(state, 0, Produce(3), "you can produce at most 2")
    state.apply(Produce(2), 0)
    b = state.businesses[0]
    assert (b.raw, b.finished, b.cash) == (2, 2, 8_000)


def test_with_a_computer_production_costs_500() -> None:
    """Playboss I, "Computer Leasing": whoever possesses a computer pays only half the
    production costs, 500 Marks per product."""
    state = on_red()
    give_machines(state, 0)
    give_machines(state, 0, double=True)
    give_products(state, 0, raw=3)
    state.businesses[0].computer = OWNED
    state.bank_computers -= 1
    state.apply(Produce(3), 0)
    b = state.businesses[0]
    assert (b.raw, b.finished, b.cash) == (0, 3, 8_500)


def test_production_is_limited_by_raw_stock() -> None:
    """Playboss I, "Decision: Producing": products are moved from the raw material warehouse."""
    state = on_red()
    give_machines(state, 0, 3)
    give_products(state, 0, raw=1)
    assert [a for a in options(state, 0) if isinstance(a, Produce)] == [Produce(1)]
    assert_rejected(state, 0, Produce(2), "you can produce at most 1", "1 raw product,")


def test_production_is_limited_by_cash() -> None:
    """Playboss I, "Decision: Producing": 1,000 Marks must be paid for each product; with
    1,500 Marks only one is made."""
    state = on_red()
    give_machines(state, 0, 2)
    give_products(state, 0, raw=2)
    state.businesses[0].cash = 1_500
    assert [a for a in options(state, 0) if isinstance(a, Produce)] == [Produce(1)]
    assert_rejected(state, 0, Produce(2), "you can produce at most 1", "1,500 Marks at 1,000 Marks each")


# --- 4. selling ------------------------------------------------------------------------------


def test_selling_without_a_campaign_pays_the_zone_price() -> None:
    """Playboss I, "Decision: Selling": ten times the price of the zone the product goes into."""
    state = on_red(players=4)
    give_products(state, 0, finished=2)  # from the 350 zone
    state.apply(Sell(2), 0)
    assert state.businesses[0].cash == 10_000 + 2 * 3_500
    assert state.market == [0, 0, 0, 0, 5, 5, 5, 5]


def test_an_advertising_campaign_sells_at_the_next_higher_price() -> None:
    """Playboss I, "Advertising Campaigns (2 WEBs)": upon selling on the next red field one
    receives the next higher price. Products going into the 350 zone earn 4,000, not 3,500;
    the campaign's 2 WEBs go back to the bank."""
    state = new_game(4, start=0)
    give_webs(state, 0, 2)
    give_products(state, 0, finished=2)
    state.apply(Advertise(), 0)
    assert state.businesses[0].advertising is True
    assert state.bank_webs == 30
    land_on(state, 0, space_of(state, "red", after=6), 3)
    state.apply(Sell(2), 0)
    b = state.businesses[0]
    assert (b.cash, b.sales, b.finished, b.webs, b.advertising) == (18_000, 8_000, 0, 0, False)
    assert state.market == [0, 0, 0, 0, 5, 5, 5, 5]


def test_the_campaign_price_is_capped_at_5000() -> None:
    """Playboss I, "Advertising Campaigns": the next higher price, at most 5,000 Marks per
    product. Into the 450 zone: 5,000 (the 500 price); into the 500 zone, above which there is
    no higher price: 5,000."""
    state = on_red(players=4)
    state.market = [0, 0, 0, 0, 5, 5, 4, 0]  # the dear zones bought out earlier
    state.businesses[0].finished = 6
    state.businesses[0].advertising = True
    state.apply(Sell(6), 0)
    assert state.businesses[0].cash == 10_000 + 6 * 5_000
    assert state.market == [0, 0, 0, 0, 5, 5, 5, 5]
    assert products_everywhere(state) == 40


def test_a_campaign_is_used_up_on_the_next_red_field_whatever_is_decided() -> None:
    """Playboss I, "Advertising Campaigns": the next higher price applies if one sells "upon
    landing on the next red field"; a campaign not used for selling there is spent all the
    same. Other fields on the way (here a green one) leave it running."""
    state = new_game(1)
    give_webs(state, 0, 2)
    give_products(state, 0, finished=1)
    state.apply(Advertise(), 0)
    pass_turn(state, 0)
    assert state.businesses[0].advertising is True
    land_on(state, 0, space_of(state, "red", after=6), 3)
    state.apply(Purchase(1), 0)
    assert state.businesses[0].advertising is False
    land_on(state, 0, space_of(state, "red", after=6), 3)
    state.apply(Sell(1), 0)
    assert state.businesses[0].cash == 10_000 - 350 + 3_500


def test_a_refused_decision_does_not_spend_the_campaign() -> None:
    """Playboss I, "Advertising Campaigns": an illegal choice is no decision."""
    state = on_red(players=4)
    state.businesses[0].advertising = True
    assert_rejected(state, 0, Sell(1), "you can sell 1 to 0 finished products")
    assert state.businesses[0].advertising is True


# --- 5. do nothing ---------------------------------------------------------------------------


def test_doing_nothing_changes_nothing_but_the_turn() -> None:
    """Playboss I, "Decision: Do Nothing": you have the option of not doing anything."""
    state = on_red()
    give_machines(state, 0)
    give_products(state, 0, raw=1, finished=1)
    before = snapshot(state)
    state.apply(DoNothing(), 0)
    after = snapshot(state)
    assert after["businesses"] == before["businesses"]
    kept = ("market", "bank_machines", "bank_computers", "bank_webs", "ledger_in", "ledger_out", "written_off")
    assert [after[k] for k in kept] == [before[k] for k in kept]
    assert state.phase == TURN and state.current_player() == 1
