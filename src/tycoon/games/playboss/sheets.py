"""What Playboss tells of a position: each business's standing, for a search that stops short
of the end (``GameSpec.evaluate``), and the balance sheets at the end (``GameSpec.report``)."""

from __future__ import annotations

import math
from typing import Any

from tycoon.core.game import State
from tycoon.games.playboss import goals
from tycoon.games.playboss.flow import PlaybossState


def evaluate(state: State) -> list[float]:
    """Each business's standing: the profit its balance sheet shows now, as the end of the game
    counts it; a bankrupt business stands below everyone."""
    assert isinstance(state, PlaybossState)
    return [-math.inf if b.bankrupt else float(state.balance_sheet(s).profit) for s, b in enumerate(state.businesses)]


def report(state: State) -> list[dict[str, Any]]:
    """Each business's balance sheet, as the rulebook lays it out; with expansion steps on,
    also its sales, its yearly financial statements and taxes (step 4), and its personal goal
    set against what every business achieved (step 5)."""
    assert isinstance(state, PlaybossState)
    personal = goals.report(state) if state.game.step(5) else []
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
        b = state.businesses[seat]
        if state.game.steps:
            sheets[-1]["sales"] = b.sales
        if state.game.step(4):
            sheets[-1]["statements"] = [
                {"year": y, "profit": p, "loss_offset": o, "tax": t} for y, p, o, t in b.statements
            ]
            sheets[-1]["loss_carried"] = b.tax_loss
        if personal:
            sheets[-1]["personal_goal"] = personal[seat]
        if seat == state.game.representative:
            sheets[-1]["worker_representative"] = True
    return sheets
