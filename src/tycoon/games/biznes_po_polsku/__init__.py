"""Biznes po polsku: a Polish track game of firms, professions, politics and bankruptcy.

The rulebook is ``rules/biznes-po-polsku.txt``; ``docs/biznes-po-polsku.md`` maps every rule to
the code and the tests, and lists the data and the choices designed here.

Importing the package registers the game's spec and nothing else: the spec names the game, its
bots and its sheets by where they live (``tycoon.core.spec.lazy``), imported when first used.
The names below (``BiznesPoPolsku``, ``BiznesBot``, ...) are imported from their modules the
same way when first asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tycoon.core.registry import register
from tycoon.core.spec import Faces, GameOption, GameSpec, Level, Search, lazy
from tycoon.games.biznes_po_polsku.data import rules

if TYPE_CHECKING:
    from tycoon.core.driver import Agent
    from tycoon.games.biznes_po_polsku.bot import BiznesBot
    from tycoon.games.biznes_po_polsku.bot_easy import EasyBiznesBot
    from tycoon.games.biznes_po_polsku.flow import BiznesPlay
    from tycoon.games.biznes_po_polsku.game import BiznesPoPolsku
    from tycoon.games.biznes_po_polsku.sheets import evaluate, report
    from tycoon.games.biznes_po_polsku.state import BiznesState

_RULES = rules()

BOTS: dict[str, Callable[[], Agent]] = {"bot": lazy("tycoon.games.biznes_po_polsku.bot:BiznesBot")}
"""Computer opponents by their older names (``bot`` is the ``normal`` level)."""

LEVELS: dict[str, Level] = {
    "easy": Level(
        lazy("tycoon.games.biznes_po_polsku.bot_easy:EasyBiznesBot"),
        "plays like a beginner: misjudges prices, is slow to build, leaves business undone",
    ),
    "normal": Level(BOTS["bot"], "founds and trades for whole colour groups, and keeps a cash reserve"),
}
"""The levels of computer opponent, for the command line, the simulator, the lab and the server."""

SPEC = GameSpec(
    id="biznes_po_polsku",
    title="Biznes po polsku",
    summary="a Polish track game of firms, professions, politics, mortgages and bankruptcy",
    factory=lazy("tycoon.games.biznes_po_polsku.game:BiznesPoPolsku"),
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
    report=lazy("tycoon.games.biznes_po_polsku.sheets:report"),
    evaluate=lazy("tycoon.games.biznes_po_polsku.sheets:evaluate"),
    # The bot that only answers yes or no, for measuring what bargaining is worth
    # (benchmarks/negotiation.py); no level, so no player is offered it.
    hooks={"answering": lazy("tycoon.games.biznes_po_polsku.bot:AnsweringBot")},
    search=Search(
        130,
        "thinks ahead: tries its best moves against the others' likely answers and the dice",
        horizon=15,
        candidates=lazy("tycoon.games.biznes_po_polsku.bot_candidates:candidates"),
        rollout=lazy("tycoon.games.biznes_po_polsku.bot_rollout:RolloutBot"),
        explore=False,
        keep=1.0,
    ),
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

_HOMES = {
    "BiznesBot": "bot",
    "BiznesPlay": "flow",
    "BiznesPoPolsku": "game",
    "BiznesState": "state",
    "AnsweringBot": "bot",
    "EasyBiznesBot": "bot_easy",
    "evaluate": "sheets",
    "report": "sheets",
}
"""The module of the package each name below lives in."""


def __getattr__(name: str) -> Any:
    """``tycoon.games.biznes_po_polsku.NAME``: the name from its module, imported now (PEP 562)."""
    if name not in _HOMES:
        raise AttributeError(f"module 'tycoon.games.biznes_po_polsku' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value


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
