"""Playboss: the business-simulation board game (Ravensburger), base model.

The rulebook is Part I of ``rules/playboss.txt``; ``docs/playboss.md`` maps every rule to the
code and the tests, and lists every design choice for data the rulebook does not give.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tycoon.core.driver import Agent
from tycoon.core.game import State
from tycoon.core.registry import register
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.game import Playboss
from tycoon.games.playboss.state import PlaybossState

register("playboss", Playboss)

BOTS: dict[str, Callable[[], Agent]] = {"bot": PlaybossBot}
"""Computer opponents by kind, for the command line and the simulator."""


def report(state: State) -> list[dict[str, Any]]:
    """Each business's balance sheet, as the rulebook lays it out."""
    assert isinstance(state, PlaybossState)
    sheets = []
    for seat in range(len(state.businesses)):
        sheet = state.balance_sheet(seat)
        assets, liabilities = sheet.rows()
        sheets.append(
            {
                "seat": seat,
                "assets": [list(row) for row in assets],
                "liabilities": [list(row) for row in liabilities],
                "total_assets": sheet.total_assets,
                "total_liabilities": sheet.total_liabilities,
                "profit": sheet.profit,
                "bankrupt": state.businesses[seat].bankrupt,
            }
        )
    return sheets


__all__ = ["BOTS", "Playboss", "PlaybossState", "report"]
