"""Biznes po polsku: a Polish track game of firms, professions, politics and bankruptcy.

The rulebook is ``rules/biznes-po-polsku.txt``; ``docs/biznes-po-polsku.md`` maps every rule to
the code and the tests, and lists the data and the choices designed here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from tycoon.core.driver import Agent
from tycoon.core.game import State
from tycoon.core.registry import register
from tycoon.core.spec import Faces, GameOption, GameSpec, Level, Search
from tycoon.games.biznes_po_polsku import fortune
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.bot_easy import EasyBiznesBot
from tycoon.games.biznes_po_polsku.data import rules
from tycoon.games.biznes_po_polsku.flow import BiznesPlay
from tycoon.games.biznes_po_polsku.game import BiznesPoPolsku
from tycoon.games.biznes_po_polsku.state import BiznesState

_RULES = rules()

BOTS: dict[str, Callable[[], Agent]] = {"bot": BiznesBot}
"""Computer opponents by their older names (``bot`` is the ``normal`` level)."""

LEVELS: dict[str, Level] = {
    "easy": Level(EasyBiznesBot, "plays like a beginner: misjudges prices, leaves business undone"),
    "normal": Level(BiznesBot, "founds and trades for whole colour groups, and keeps a cash reserve"),
}
"""The levels of computer opponent, for the command line, the simulator, the lab and the server."""


def evaluate(state: State) -> list[float]:
    """Each seat's standing: its fortune as the end of the game counts it (``fortune.py``); a
    bankrupt seat stands below everyone."""
    assert isinstance(state, BiznesState)
    return [-math.inf if p.bankrupt else float(fortune.fortune(state, p)) for p in state.players]


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


SPEC = GameSpec(
    id="biznes_po_polsku",
    title="Biznes po polsku",
    summary="a Polish track game of firms, professions, politics, mortgages and bankruptcy",
    factory=BiznesPoPolsku,
    min_seats=_RULES.min_players,
    max_seats=_RULES.max_players,
    default_seats=4,
    options=(
        GameOption(
            "rounds",
            "int",
            _RULES.default_rounds,
            f"the game ends after this many rounds, the largest fortune winning (default {_RULES.default_rounds}; "
            "0: play until one player is left; at most 10,000)",
            lo=0,
            hi=10_000,
        ),
        GameOption(
            "forfeit_forgotten_salary",
            "bool",
            False,
            "table-faithful play: salaries passed must be claimed before the next roll or are lost (default no)",
        ),
        GameOption("board", "text", None, "a track of your own: a file like data/board.toml (default ours)"),
        GameOption("los", "text", None, "a LOS deck of your own: a file like data/los.toml (default ours)"),
        GameOption(
            "niespodzianka",
            "text",
            None,
            "a NIESPODZIANKA deck of your own: a file like data/niespodzianka.toml (default ours)",
        ),
    ),
    bots=BOTS,
    levels=LEVELS,
    report=report,
    evaluate=evaluate,
    search=Search(16, "thinks ahead: tries its best moves against the others' likely answers and the dice"),
    faces=Faces(
        terminal="tycoon.cli.render.biznes_po_polsku:BiznesRenderer",
        page="tycoon.server:client/games/biznes_po_polsku.js",
        messages="tycoon.server:client/messages/biznes_po_polsku",
        probe="tycoon.sim.lab.probes:BiznesProbe",
        watcher="tycoon.sim.lab.gamereport:BiznesWatcher",
        board_study="tycoon.sim.lab.balance:BiznesBoard",
        unit="złoty",
    ),
)
register(SPEC)

__all__ = [
    "BOTS",
    "LEVELS",
    "SPEC",
    "BiznesBot",
    "BiznesPlay",
    "BiznesPoPolsku",
    "BiznesState",
    "EasyBiznesBot",
    "evaluate",
    "report",
]
