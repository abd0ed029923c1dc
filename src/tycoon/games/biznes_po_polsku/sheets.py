"""What Biznes po polsku tells of a position: each seat's standing, for a search that stops
short of the end (``GameSpec.evaluate``), and each player's fortune as a sheet at the end
(``GameSpec.report``)."""

from __future__ import annotations

import math
from typing import Any

from tycoon.core.game import State
from tycoon.games.biznes_po_polsku import fortune
from tycoon.games.biznes_po_polsku.bot_figures import prospects
from tycoon.games.biznes_po_polsku.state import BiznesState


def evaluate(state: State) -> list[float]:
    """Each seat's standing: its fortune as the end of the game counts it (``fortune.py``) and
    the fees its firms are expected to bring in, less those it is expected to pay, over the
    rounds ahead (``bot_figures.prospects``); a bankrupt seat stands below everyone."""
    assert isinstance(state, BiznesState)
    ahead = prospects(state)
    return [-math.inf if p.bankrupt else float(fortune.fortune(state, p) + ahead[p.seat]) for p in state.players]


def report(state: State) -> list[dict[str, Any]]:
    """Each player's fortune as a sheet: possessions on the left, mortgages to redeem on the
    right, the fortune closing it (``fortune.py``)."""
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
