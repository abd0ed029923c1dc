"""Biznes po polsku: a Polish track game of firms, professions, politics and bankruptcy.

The rulebook is ``rules/biznes-po-polsku.txt``; ``docs/biznes-po-polsku.md`` maps every rule to
the code and the tests, and lists the data and the choices designed here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tycoon.core.actions import Action
from tycoon.core.driver import Agent
from tycoon.core.game import State
from tycoon.core.registry import register
from tycoon.games.biznes_po_polsku.actions import (
    Drive,
    Invest,
    Mortgage,
    OfferExchange,
    OfferPurchase,
    OfferSale,
    Redeem,
    SellInvestment,
)
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.game import BiznesPoPolsku
from tycoon.games.biznes_po_polsku.state import BiznesState

register("biznes_po_polsku", BiznesPoPolsku)

BOTS: dict[str, Callable[[], Agent]] = {"bot": BiznesBot}
"""Computer opponents by kind, for the command line and the simulator."""


def describe(action: Action) -> str:
    """A player's reading of an action: firms by name (``mortgage Zakład fryzjerski``)."""
    from tycoon.games.biznes_po_polsku.data import rules

    r = rules()

    def firm(n: int) -> str:
        return r.space(n).name if 1 <= n <= 40 else f"space {n}"

    if isinstance(action, (Invest, SellInvestment, Mortgage, Redeem)):
        return f"{action.kind.replace('-', ' ')} {firm(action.space)}"
    if isinstance(action, OfferSale):
        return f"offer {firm(action.space)} to seat {action.to + 1} for {action.price:,} zł"
    if isinstance(action, OfferPurchase):
        return f"offer {action.price:,} zł for {firm(action.space)}"
    if isinstance(action, OfferExchange):
        text = f"offer {firm(action.give)} for {firm(action.take)}"
        if action.payment:
            text += f", {'adding' if action.payment > 0 else 'asking'} {abs(action.payment):,} zł"
        return text
    if isinstance(action, Drive):
        return f"drive {action.steps} spaces"
    return str(action)


def report(state: State) -> list[dict[str, Any]]:
    """Each player's fortune as a sheet: possessions on the left, mortgages to redeem on the
    right, the fortune closing it (``fortune.py``)."""
    from tycoon.games.biznes_po_polsku import fortune

    assert isinstance(state, BiznesState)
    sheets = []
    for p in state.players:
        assets, debts = fortune.rows(state, p)
        total = sum(a for _, a in assets)
        owed = sum(d for _, d in debts)
        sheets.append(
            {
                "seat": p.seat,
                "assets": [list(row) for row in assets],
                "liabilities": [list(row) for row in debts],
                "total_assets": total,
                "total_liabilities": owed,
                "profit": total - owed,
                "bankrupt": p.bankrupt,
            }
        )
    return sheets


__all__ = ["BOTS", "BiznesBot", "BiznesPoPolsku", "BiznesState", "describe", "report"]
