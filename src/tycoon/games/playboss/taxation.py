"""Expansion step 4: taxation.

Playboss II, "4. Step: Taxation": "At every passing of the starting field, each player must
prepare his business's financial statement and declare the profit he has made in the past
year's trip around the board to the bank. The bank then collects the appropriate taxes from that
profit ... The remaining profit is put back into the subsequent financial statements as capital.
Losses are carried forward to the next year as well and can be amortized." Taxes are paid for
each full 1,000 Marks; the table: no tax up to 2,000, 50% from 2,000 to 10,000, 70% from 10,000
to 20,000, 80% above.

Designed here:

* The year's profit is the change of the business's balance-sheet profit (its owned capital
  less the starting capital: ``finance.balance_sheet``, valued as at the end of the game) since
  its previous statement, after that statement's tax; the first year counts from the start
  (profit 0). Starting capital paid in is not profit.
* A loss is carried forward whole; a later profit is first offset against the losses carried,
  and the rest, rounded down to full thousands, is taxed by the bands read as marginal rates
  (which reproduces every row of the printed table).
* The statement follows the year's interest and marketing costs; the tax is a payment due like
  interest: when cash is short it must be raised, and a business that cannot is bankrupt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.messages import Seat, msg
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.data import Rules
from tycoon.games.playboss.naming import code, money

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData

RULE = 'Playboss II, "4. Step: Taxation"'


def tax_on(profit: int, rules: Rules) -> int:
    """The tax on a year's taxable ``profit``: rounded down to full thousands, then each band's
    rate on the part of it above the band's lower edge (and below the next band's)."""
    taxable = max(0, profit) // rules.tax_rounding * rules.tax_rounding
    bands = rules.tax_bands
    tax = 0
    for i, (low, percent) in enumerate(bands):
        high = bands[i + 1][0] if i + 1 < len(bands) else taxable
        if taxable > low:
            tax += (min(taxable, high) - low) * percent // 100
    return tax


def year_figures(b: Business, profit_now: int) -> tuple[int, int, int]:
    """The year's (profit, loss offset, taxable profit) if the statement were made now, with the
    business's balance-sheet profit at ``profit_now``."""
    year = profit_now - b.tax_base
    if year <= 0:
        return year, 0, 0
    offset = min(b.tax_loss, year)
    return year, offset, year - offset


def statement(st: PlaybossData, b: Business) -> None:
    """The financial statement at a crossing of start, and the tax on it."""
    profit_now = st.profit(b.seat)
    year, offset, taxable = year_figures(b, profit_now)
    tax = tax_on(taxable, st.rules)
    if year < 0:
        b.tax_loss -= year
    b.tax_loss -= offset
    b.tax_base = profit_now - tax
    b.statements.append((b.laps, year, offset, tax))
    if offset:
        st.say(msg("pb.say.statement_offset", seat=Seat(b.seat), year=b.laps, profit=money(year), offset=offset))
    else:
        st.say(msg("pb.say.statement", seat=Seat(b.seat), year=b.laps, profit=money(year)))
    if tax:
        st.charge(b, tax, code("tax", taxable // st.rules.tax_rounding * st.rules.tax_rounding))


def estimated_tax(st: PlaybossData, b: Business) -> int:
    """The tax that a statement made now would ask (for planning)."""
    return tax_on(year_figures(b, st.profit(b.seat))[2], st.rules)
