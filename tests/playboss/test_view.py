"""What the page is given: every year's balance sheet for every viewer, the risk card drawn last,
the options as seats."""

from __future__ import annotations

from typing import Any

from tycoon.core import CHANCE
from tycoon.core.registry import spec
from tycoon.games.playboss.actions import Die, DoNothing, Purchase, Roll, Sell
from tycoon.games.playboss.flow import PlaybossState

from .helpers import (
    card_with,
    draw_risk,
    give_machines,
    give_products,
    land_on,
    new_game,
    owe,
    pass_turn,
    set_cash,
    space_of,
)


def _cross_start(state: PlaybossState, seat: int) -> None:
    """``seat``, whose turn it is, crosses start and lands on the first green field, buying nothing."""
    state.businesses[seat].position = len(state.rules.board) - 1
    state.apply(Roll(), seat)
    state.apply(Die(space_of(state, "green") + 1), CHANCE)
    state.apply(DoNothing(), seat)


def _rows(sheet: dict[str, Any]) -> dict[str, int]:
    return dict(sheet["assets"]) | dict(sheet["liabilities"])


def test_a_spectator_sees_every_years_balance_sheet() -> None:
    state = new_game(2)
    give_machines(state, 0, 1)
    owe(state, 0, 4000)
    _cross_start(state, 0)  # year 1: the second half of the capital, 10% and 1,000 interest paid
    year1 = state.balance_sheet(0)
    pass_turn(state, 1)
    set_cash(state, 0, 7000)
    _cross_start(state, 0)  # year 2
    year2 = state.balance_sheet(0)
    set_cash(state, 0, 123)  # after the year end: the statements stay as they were taken

    view = state.view(None)
    years = view["year_sheets"][0]
    assert [y["year"] for y in years] == [0, 1, 2]
    assert _rows(years[0]) | {"cash": 10000, "starting_capital": 10000, "profit": 0} == _rows(years[0])
    for taken, sheet in ((years[1], year1), (years[2], year2)):
        rows = _rows(taken)
        assert rows["machines"] == sheet.machines == 10000
        assert rows["cash"] == sheet.cash
        assert rows["bank_debt"] == sheet.bank_debt == 4000
        assert rows["starting_capital"] == 20000
        assert taken["total_assets"] == sheet.total_assets
        assert taken["capital"] == sheet.owned_capital
        assert ("profit" if sheet.profit >= 0 else "loss") in rows
    assert _rows(years[2])["cash"] == 7000 - 400 - 1000
    # The sheet now is the bank's, with the cash of this moment.
    assert _rows(view["businesses"][0]["sheet"])["cash"] == 123
    assert view["businesses"][0]["sheet"]["capital"] == state.balance_sheet(0).owned_capital
    # Seat 1 completed no year: only its opening sheet.
    assert [y["year"] for y in view["year_sheets"][1]] == [0]
    # Every viewer gets the same statements: they are public.
    for seat in (0, 1):
        assert state.view(seat)["businesses"] == view["businesses"]
        assert state.view(seat)["year_sheets"] == view["year_sheets"]


def test_the_years_survive_a_clone() -> None:
    state = new_game(2)
    _cross_start(state, 0)
    copy = state.clone()
    assert copy.view(None)["year_sheets"] == state.view(None)["year_sheets"]
    assert len(copy.view(None)["year_sheets"][0]) == 2


def test_the_representative_option_is_marked_as_a_seat_for_the_lobby() -> None:
    option = spec("playboss").option("representative")
    assert option is not None
    # The lobby offers the seats by the numbers the table shows; the value stays from 0.
    assert option.to_json()["seat"] is True
    assert "from 0" not in option.help
    assert "seat" not in spec("playboss").option("years").to_json()  # type: ignore[union-attr]


def _on_red(state: PlaybossState) -> PlaybossState:
    """A copy of ``state`` with seat 0 on a red field, deciding."""
    copy = state.clone()
    land_on(copy, 0, space_of(copy, "red", after=6), 2)
    return copy


def test_the_view_says_what_a_purchase_costs_and_a_sale_brings_as_the_rules_charge() -> None:
    state = new_game(2)  # with two businesses the cheap half of the market is empty
    set_cash(state, 0, 100_000)
    give_products(state, 0, finished=4)
    view = state.view(None)
    prices = view["prices"]
    assert [z["sale"] for z in view["market"]] == [10 * p for p in state.rules.zone_prices]
    assert prices["underbidding"] is False
    assert len(prices["purchase"]) == sum(state.market)
    assert prices["purchase"][0] == 350  # the cheapest occupied zone
    assert len(prices["sale"]) == len(prices["sale_advertising"]) == 40 - sum(state.market)
    # The four products given came from zone 350: its dimples are the dearest empty ones.
    assert prices["sale"][:5] == [3500, 7000, 10500, 14000, 17000]
    for n in (1, 2, 6, sum(state.market)):
        red = _on_red(state)
        cash = red.businesses[0].cash
        red.apply(Purchase(n), 0)
        assert cash - red.businesses[0].cash == prices["purchase"][n - 1]
    for n in (1, 4):
        for advertising, key in ((False, "sale"), (True, "sale_advertising")):
            red = _on_red(state)
            red.businesses[0].advertising = advertising
            cash = red.businesses[0].cash
            red.apply(Sell(n), 0)
            assert red.businesses[0].cash - cash == prices[key][n - 1], (n, advertising)


def test_every_viewer_sees_the_risk_card_drawn_last_from_the_view() -> None:
    """The card read aloud at the blue field is in the view as the deck has it, for every viewer
    alike (the page shows it from there, not from the narration's words)."""
    state = new_game(2)
    assert state.view(None)["last_risk_card"] is None
    land_on(state, 0, space_of(state, "blue", after=6), 5)
    card = card_with(state, "pay_per_machine")
    draw_risk(state, card.number)
    drawn = state.view(None)["last_risk_card"]
    assert drawn == {
        "number": card.number,
        "title": card.title,
        "effect": "pay_per_machine",
        "amount": card.amount,
        "insurable": card.insurable,
        "computer_protects": card.computer_protects,
        "needs": card.needs or None,
    }
    assert all(state.view(seat)["last_risk_card"] == drawn for seat in (0, 1))
    pass_turn(state, 1)  # it stays until the next is drawn
    assert state.view(None)["last_risk_card"] == drawn
