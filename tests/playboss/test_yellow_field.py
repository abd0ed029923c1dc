"""The yellow cost field: four ways to bear a cost."""

from __future__ import annotations

from tycoon.games.playboss.actions import COST_CHOICES, Borrow, CostChoice, Roll
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import RAISE, TURN, YELLOW
from tycoon.words import render

from .helpers import (
    assert_rejected,
    give_machines,
    give_products,
    give_webs,
    land_on,
    new_game,
    options,
    products_everywhere,
    space_of,
)


def on_yellow(players: int = 2, seat: int = 0) -> PlaybossState:
    state = new_game(players, start=seat)
    land_on(state, seat, space_of(state, "yellow", after=6), 4)
    assert state.phase == YELLOW
    return state


def choices(state: PlaybossState, seat: int = 0) -> list[str]:
    return [a.choice for a in options(state, seat) if isinstance(a, CostChoice)]


def test_the_four_choices_as_the_rulebook_writes_them() -> None:
    """Playboss I, "The Yellow Cost Field": sell all available finished products for half the
    market price; produce on every machine at 3,000 Marks per product; produce nothing and pay
    1,000 Marks idling costs per machine; pay 1 WEB."""
    state = on_yellow()
    assert COST_CHOICES == ("sell-half", "produce", "idle", "web")
    text = render(state.phase_text())
    for words in (
        "sell all finished products at half price",
        "produce on every machine at 3,000 Marks per product",
        "pay 1,000 Marks idling costs per machine",
        "pay 1 WEB",
    ):
        assert words in text
    give_machines(state, 0)
    give_products(state, 0, raw=1, finished=1)
    give_webs(state, 0, 1)
    assert choices(state) == ["sell-half", "produce", "idle", "web"]
    assert {a.kind for a in options(state, 0)}.isdisjoint({"purchase", "sell", "nothing", "roll"})


def test_selling_all_finished_products_at_half_the_market_price() -> None:
    """Playboss I, "The Yellow Cost Field": sell all available finished products for half the
    market price, into the dearest empty dimples as on a red field: one at 500 and two at 350
    earn 2,500 + 2 x 1,750."""
    state = on_yellow(players=4)
    state.market = [0, 0, 0, 0, 3, 5, 5, 4]  # bought out earlier
    b = state.businesses[0]
    b.finished, b.raw = 3, 2
    state.outside_play -= 2
    state.apply(CostChoice("sell-half"), 0)
    assert (b.cash, b.finished, b.raw, b.sales) == (10_000 + 2_500 + 2 * 1_750, 0, 2, 6_000)
    assert state.market == [0, 0, 0, 0, 5, 5, 5, 5]
    assert products_everywhere(state) == 40
    assert state.phase == TURN and state.current_player() == 1


def test_an_advertising_campaign_does_not_raise_the_half_price() -> None:
    """Playboss I, "Advertising Campaigns": the campaign serves a sale on the next *red* field;
    the cost field's half price is not raised and the campaign keeps running."""
    state = on_yellow(players=4)
    give_products(state, 0, finished=1)
    state.businesses[0].advertising = True
    state.apply(CostChoice("sell-half"), 0)
    assert state.businesses[0].cash == 10_000 + 1_750
    assert state.businesses[0].advertising is True


def test_producing_on_every_machine_at_3000_per_product() -> None:
    """Playboss I, "The Yellow Cost Field": produce on every machine; the production cost is
    then 3,000 Marks per product. A double and a single machine make 3 products for 9,000."""
    state = on_yellow()
    give_machines(state, 0, double=True)
    give_machines(state, 0)
    give_products(state, 0, raw=4)
    state.businesses[0].cash = 9_000
    state.apply(CostChoice("produce"), 0)
    b = state.businesses[0]
    assert (b.raw, b.finished, b.cash) == (1, 3, 0)
    assert state.ledger_in == 9_000
    assert state.phase == TURN and state.current_player() == 1


def test_producing_on_the_cost_field_is_limited_by_raw_stock_and_ready_machines() -> None:
    """Playboss I, "The Yellow Cost Field" and "Decision: Investment": a machine still being
    set up produces nothing; each product needs a raw product."""
    state = on_yellow()
    give_machines(state, 0, 2)
    give_machines(state, 0, ready=99)  # delivered, not yet set up
    give_products(state, 0, raw=1)
    state.apply(CostChoice("produce"), 0)
    b = state.businesses[0]
    assert (b.raw, b.finished, b.cash) == (0, 1, 7_000)


def test_paying_1000_idling_costs_per_machine() -> None:
    """Playboss I, "The Yellow Cost Field": produce nothing and pay 1,000 Marks of idling costs
    per machine (every machine on the floor)."""
    state = on_yellow()
    give_machines(state, 0, double=True)
    give_machines(state, 0)
    give_machines(state, 0, ready=99)
    give_products(state, 0, raw=3)
    state.apply(CostChoice("idle"), 0)
    b = state.businesses[0]
    assert (b.cash, b.raw, b.finished, len(b.machines)) == (7_000, 3, 0, 3)
    assert state.phase == TURN and state.current_player() == 1


def test_paying_1_web() -> None:
    """Playboss I, "The Yellow Cost Field": pay 1 WEB (back to the bank)."""
    state = on_yellow()
    give_machines(state, 0)
    give_webs(state, 0, 2)
    state.apply(CostChoice("web"), 0)
    b = state.businesses[0]
    assert (b.webs, b.cash, state.bank_webs) == (1, 10_000, 29)
    assert state.phase == TURN and state.current_player() == 1


def test_choices_that_cannot_be_paid_are_not_offered() -> None:
    """Playboss I, "The Yellow Cost Field": producing 2 at 3,000 needs 6,000; idling 2 machines
    needs 2,000; paying a WEB needs a WEB. With 5,000 Marks only idling is open."""
    state = on_yellow()
    give_machines(state, 0, 2)
    give_products(state, 0, raw=2)
    state.businesses[0].cash = 5_000
    assert choices(state) == ["idle"]
    assert_rejected(
        state, 0, CostChoice("produce"), "producing 2 at 3,000 Marks costs 6,000 Marks; you hold 5,000 Marks"
    )
    assert_rejected(state, 0, CostChoice("web"), "you hold no WEB")
    state.businesses[0].cash = 1_500
    give_webs(state, 0, 1)
    assert choices(state) == ["web"]
    assert_rejected(state, 0, CostChoice("idle"), "idling costs for 2 machines are 2,000 Marks; you hold 1,500 Marks")


def test_selling_or_producing_nothing_is_no_way_out() -> None:
    """Playboss I, "The Yellow Cost Field": a player with no finished products cannot "sell all
    of them", and one with nothing to produce cannot "produce on every machine"; the cost
    field costs something."""
    state = on_yellow()
    give_machines(state, 0)
    assert choices(state) == ["idle"]
    assert_rejected(state, 0, CostChoice("sell-half"), "no finished product")
    assert_rejected(state, 0, CostChoice("produce"), "nothing to produce")


def test_a_business_without_machines_has_no_idling_costs() -> None:
    """Playboss I, "The Yellow Cost Field": 1,000 Marks per machine; with no machine it is 0."""
    state = on_yellow()
    assert choices(state) == ["idle"]
    state.apply(CostChoice("idle"), 0)
    assert state.businesses[0].cash == 10_000
    assert state.phase == TURN and state.current_player() == 1


def test_with_no_choice_affordable_the_idling_costs_must_be_raised() -> None:
    """Playboss I, "The Yellow Cost Field" and "Explanations: Credit, Bankruptcy and Private
    Trade": when nothing else is open the idling costs are due; cash short, the business must
    sell to the bank or borrow, then pay."""
    state = on_yellow()
    give_machines(state, 0, 2)
    state.businesses[0].cash = 500
    assert choices(state) == ["idle"]
    state.apply(CostChoice("idle"), 0)
    assert state.phase == RAISE and state.current_player() == 0
    assert state.due == 2_000
    assert_rejected(state, 0, Roll(), "2,000 Marks are due")
    state.apply(Borrow(1_500), 0)
    b = state.businesses[0]
    assert (b.cash, b.debt) == (0, 1_500)
    assert state.phase == TURN and state.current_player() == 1


def test_an_unknown_choice_is_refused() -> None:
    """Playboss I, "The Yellow Cost Field": only the four choices exist."""
    state = on_yellow()
    assert_rejected(
        state, 0, CostChoice("pray"), "unknown choice 'pray'; the choices are sell-half, produce, idle and web"
    )
