"""Expansion step 4: taxation.

Playboss II, "4. Step: Taxation": at every passing of start a financial statement for the year
and tax by the table; losses carried forward and offset against later profits; taxes on full
thousands. The year's profit is the change of the balance-sheet profit since the previous
statement (designed here: ``taxation.py``).
"""

from __future__ import annotations

import pytest

from tycoon.games.playboss.actions import Borrow, FoundMarketing, GiveUpMarketing
from tycoon.games.playboss.data import rules
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import DUE, RAISE, RED
from tycoon.games.playboss.taxation import tax_on

from .helpers import check_books, give_machines, land_on, new_game, owe, set_cash, space_of, told

# II, "4. Step", the printed tax table: profit -> tax.
TABLE = [
    (1_000, 0),
    (2_000, 0),
    (3_000, 500),
    (4_000, 1_000),
    (15_000, 7_500),
    (16_000, 8_200),
    (17_000, 8_900),
    (18_000, 9_600),
    (29_000, 18_200),
    (30_000, 19_000),
    (31_000, 19_800),
    (32_000, 20_600),
]


@pytest.mark.parametrize(("profit", "tax"), TABLE)
def test_every_row_of_the_rulebooks_tax_table(profit: int, tax: int) -> None:
    assert tax_on(profit, rules()) == tax


def marginal(profit: int) -> int:
    """The bands read as marginal rates, written out: nothing up to 2,000; 50% of the part from
    2,000 to 10,000; 70% of the part from 10,000 to 20,000; 80% of the part above 20,000."""
    p = profit // 1000 * 1000
    return (
        max(0, min(p, 10_000) - 2_000) * 50 // 100
        + max(0, min(p, 20_000) - 10_000) * 70 // 100
        + max(0, p - 20_000) * 80 // 100
    )


def test_the_marginal_reading_agrees_with_the_table_and_the_bands() -> None:
    """The table's rows are exactly the marginal reading of the bands (a flat reading would
    make 15,000 -> 10,500, not 7,500)."""
    for profit, tax in TABLE:
        assert marginal(profit) == tax
    for profit in range(0, 60_001, 250):
        assert tax_on(profit, rules()) == marginal(profit)
    assert tax_on(-5_000, rules()) == 0


def test_profit_is_rounded_down_to_full_thousands() -> None:
    """II: "Taxes are paid for each full 1,000 Marks – so round the balance down"."""
    assert tax_on(3_999, rules()) == 500
    assert tax_on(2_999, rules()) == 0
    assert tax_on(10_999, rules()) == 4_000
    assert tax_on(11_000, rules()) == 4_700


def taxed_game(players: int = 2) -> PlaybossState:
    return new_game(players, steps=[4], years=5)


def cross(state: PlaybossState, seat: int = 0) -> None:
    """``seat`` crosses start, landing on the red field after it."""
    land_on(state, seat, space_of(state, "red"), pips=3)


def next_turn(state: PlaybossState) -> None:
    """Finish seat 0's red decision and let seat 1 pass, so seat 0 rolls again."""
    from tycoon.games.playboss.actions import DoNothing

    from .helpers import pass_turn

    state.apply(DoNothing(), 0)
    pass_turn(state, 1)


def test_the_statement_at_start_taxes_the_years_profit() -> None:
    """II: "At every passing of the starting field, each player must prepare his business's
    financial statement and declare the profit ... The bank then collects the taxes"."""
    state = taxed_game()
    state.log = []
    set_cash(state, 0, 24_000)  # the business has earned 4,000 Marks this year

    cross(state)

    b = state.businesses[0]
    assert b.statements == [(1, 4_000, 0, 1_000)]
    assert b.cash == 23_000
    assert b.tax_base == 3_000  # the profit after tax is capital in the next statements
    assert "Seat 0's financial statement for year 1: profit 4,000 Marks." in told(state)
    assert told(state)[-1] == "Seat 0 pays 1,000 Marks for income tax on 4,000 Marks of profit."
    assert state.phase == RED
    view = state.view(1)["expansion"]["businesses"][0]
    assert view["statements"] == [{"year": 1, "profit": 4_000, "loss_offset": 0, "tax": 1_000}]
    check_books(state)


def test_capital_paid_in_is_not_profit() -> None:
    """The 20,000 starting capital is the business's capital, not its profit."""
    state = taxed_game()
    cross(state)
    assert state.businesses[0].statements == [(1, 0, 0, 0)]
    assert state.businesses[0].cash == 20_000


def test_the_next_year_counts_only_its_own_profit() -> None:
    """II: "The remaining profit is put back into the subsequent financial statements as capital." """
    state = taxed_game()
    set_cash(state, 0, 24_000)
    cross(state)
    next_turn(state)
    set_cash(state, 0, state.businesses[0].cash + 2_500)  # 2,500 more this year
    cross(state)
    assert state.businesses[0].statements == [(1, 4_000, 0, 1_000), (2, 2_500, 0, 0)]


def test_losses_are_carried_forward_and_offset_against_later_profits() -> None:
    """II: "Losses are carried forward to the next year as well and can be amortized, that is,
    used to offset any profits that may be achieved in the coming round." """
    state = taxed_game()
    set_cash(state, 0, 15_000)  # a loss of 5,000
    cross(state)
    b = state.businesses[0]
    assert b.statements == [(1, -5_000, 0, 0)] and b.tax_loss == 5_000
    next_turn(state)
    set_cash(state, 0, 23_000)  # 8,000 made this year
    cross(state)
    assert b.statements[-1] == (2, 8_000, 5_000, 500)  # 3,000 taxable
    assert b.tax_loss == 0 and b.cash == 22_500
    next_turn(state)
    set_cash(state, 0, 22_500 - 1_000)
    cross(state)
    assert b.statements[-1] == (3, -1_000, 0, 0) and b.tax_loss == 1_000
    check_books(state)


def test_a_loss_larger_than_the_profit_stays_partly_carried() -> None:
    state = taxed_game()
    set_cash(state, 0, 10_000)
    cross(state)
    next_turn(state)
    set_cash(state, 0, 14_000)
    cross(state)
    b = state.businesses[0]
    assert b.statements[-1] == (2, 4_000, 4_000, 0) and b.tax_loss == 6_000


def test_the_profit_is_the_balance_sheets_machines_and_debts_included() -> None:
    """A machine bought counts at 10,000; bank debt counts against the profit."""
    state = taxed_game()
    give_machines(state, 0, 1)  # 10,000 of assets the business did not pay for here
    owe(state, 0, 0)
    set_cash(state, 0, 20_000)
    state.apply(Borrow(5_000), 0)  # cash and debt rise alike: no profit
    cross(state)
    b = state.businesses[0]
    # 10,000 machine + 25,000 cash - 5,000 debt - 20,000 capital = 10,000 before interest;
    # interest and fees of 1,500 are paid first: 8,500 profit; tax on 8,000 = 3,000.
    assert b.statements == [(1, 8_500, 0, 3_000)]
    assert b.cash == 25_000 - 1_500 - 3_000


def test_the_statement_follows_the_marketing_costs() -> None:
    state = new_game(2, steps=[3, 4])
    set_cash(state, 0, 60_000)
    state.apply(FoundMarketing(), 0)  # 20,000 of marketing costs
    cross(state)
    assert state.phase == DUE and not state.businesses[0].statements
    state.apply(GiveUpMarketing(), 0)
    # 60,000 - 20,000 = 40,000 cash: 20,000 profit; tax 4,000 + 7,000 = 11,000.
    assert state.businesses[0].statements == [(1, 20_000, 0, 11_000)]
    assert state.phase == RED


def test_a_tax_cash_cannot_cover_must_be_raised() -> None:
    state = taxed_game()
    give_machines(state, 0, 3)  # 30,000 of machines and 1,000 cash: profit 11,000, tax 4,700
    set_cash(state, 0, 1_000)
    cross(state)
    assert state.phase == RAISE and state.due == 4_700
    state.apply(Borrow(4_000), 0)
    assert state.phase == RED and state.businesses[0].cash == 300


def test_without_step_4_no_statement_and_no_tax() -> None:
    state = new_game(2, steps=[2])
    set_cash(state, 0, 40_000)
    cross(state)
    assert state.businesses[0].statements == [] and state.businesses[0].cash == 40_000
    base = new_game(2)
    set_cash(base, 0, 40_000)
    cross(base)
    assert base.businesses[0].cash == 50_000
