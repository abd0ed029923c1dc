"""The bank's bookkeeping at the end: valuation and the balance sheet.

Playboss I, "End of the Game" and "Explanations: Financial Statement and Profit".
"""

from __future__ import annotations

from dataclasses import astuple, dataclass
from typing import Any

from tycoon.games.playboss.business import OWNED, Business
from tycoon.games.playboss.data import Rules


@dataclass(frozen=True, slots=True)
class BalanceSheet:
    """A business's balance sheet, laid out as in the rulebook. All amounts in Marks."""

    machines: int
    """Machines at 10,000 each (single or double), those leased out included, those leased
    from other players not."""
    computers: int
    """Purchased computers at 20,000; leased ones are worth nothing."""
    raw: int
    """Raw products at 150 each."""
    finished: int
    """Finished products at 1,500 each."""
    loans_given: int
    """Private loans given to other players (positive credit)."""
    cash: int
    bank_debt: int
    other_debt: int
    """Private debts to other players."""
    starting_capital: int

    @property
    def total_assets(self) -> int:
        return self.machines + self.computers + self.raw + self.finished + self.loans_given + self.cash

    @property
    def total_liabilities(self) -> int:
        """Starting capital and debts: what the business owes before any profit."""
        return self.starting_capital + self.bank_debt + self.other_debt

    @property
    def profit(self) -> int:
        """Assets minus starting capital and debts; negative is a loss."""
        return self.total_assets - self.total_liabilities

    @property
    def owned_capital(self) -> int:
        """Profit and starting capital together."""
        return self.profit + self.starting_capital

    def rows(self) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
        """The two columns of the printed sheet: assets, then liabilities with profit."""
        assets = [
            ("Machines", self.machines),
            ("Computers", self.computers),
            ("Raw material", self.raw),
            ("Finished product", self.finished),
            ("Loans given", self.loans_given),
            ("Cash", self.cash),
        ]
        liabilities = [
            ("Bank debt", self.bank_debt),
            ("Other debt", self.other_debt),
            ("Starting capital", self.starting_capital),
            ("Profit" if self.profit >= 0 else "Loss", self.profit),
        ]
        return assets, liabilities

    def values(self) -> tuple[int, ...]:
        """The fields in order, as ``Business.years`` keeps a year's sheet."""
        return astuple(self)

    def to_json(self) -> dict[str, Any]:
        """The sheet for the view, in the rows the rulebook prints (named for the page's words):
        assets, then liabilities ending in the profit or the loss; the two columns' totals are
        equal, the profit balancing them; ``capital`` is profit and starting capital."""
        return {
            "assets": [
                ["machines", self.machines],
                ["computers", self.computers],
                ["raw", self.raw],
                ["finished", self.finished],
                ["loans_given", self.loans_given],
                ["cash", self.cash],
            ],
            "liabilities": [
                ["bank_debt", self.bank_debt],
                ["other_debt", self.other_debt],
                ["starting_capital", self.starting_capital],
                ["profit" if self.profit >= 0 else "loss", self.profit],
            ],
            "total_assets": self.total_assets,
            "profit": self.profit,
            "capital": self.owned_capital,
        }


def profit(business: Business, rules: Rules, *, loans_given: int = 0, other_debt: int = 0) -> int:
    """``balance_sheet(...).profit``, summed without laying out the sheet: the bots' reserves
    ask for a year's profit so far (the tax it would bear) at most decisions."""
    assets = (
        rules.value_machine * business.machines_owned()
        + (rules.value_computer if business.computer == OWNED else 0)
        + rules.value_raw * business.raw
        + rules.value_finished * business.finished
        + loans_given
        + business.cash
    )
    return assets - (business.capital_received + business.debt + other_debt)


def balance_sheet(business: Business, rules: Rules, *, loans_given: int = 0, other_debt: int = 0) -> BalanceSheet:
    """Value a business as the rulebook's end of the game does; ``loans_given`` and
    ``other_debt`` are its private loans to and from other players (``loans.py``).

    The starting capital subtracted is what the business actually received (10,000 if the game
    ends before its first crossing of start, 20,000 afterwards): see docs/playboss.md.
    """
    return BalanceSheet(
        # Machines leased out count for their owner, machines leased in do not (decision 0007).
        machines=rules.value_machine * business.machines_owned(),
        computers=rules.value_computer if business.computer == OWNED else 0,
        raw=rules.value_raw * business.raw,
        finished=rules.value_finished * business.finished,
        loans_given=loans_given,
        cash=business.cash,
        bank_debt=business.debt,
        other_debt=other_debt,
        starting_capital=business.capital_received,
    )
