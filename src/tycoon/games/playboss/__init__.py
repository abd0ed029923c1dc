"""Playboss: the business-simulation board game (Ravensburger): the base model and the six
expansion steps.

The rulebook is ``rules/playboss.txt`` (Part I and Part II);
``docs/playboss.md`` maps every rule to the
code and the tests, and lists every design choice for data the rulebook does not give.

For the command line and the simulator: ``BOTS``, ``report``, and ``competency`` with
``decision_competency``, which divide a seat's decisions between two players running one
business (Playboss II, "6. Step"; ``partners.py``).

Importing the package registers the game's spec and nothing else: the spec names the game, its
bots, its sheets and its hooks by where they live (``tycoon.core.spec.lazy``), imported when
first used. The names below (``Playboss``, ``PlaybossState``, ...) are imported from their
modules the same way when first asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tycoon.core.registry import register
from tycoon.core.spec import Faces, GameSpec, Level, Search, lazy
from tycoon.games.playboss.options import MAX_SEATS, MIN_SEATS, OPTIONS

if TYPE_CHECKING:
    from tycoon.core.driver import Agent
    from tycoon.games.playboss.flow import PlaybossState
    from tycoon.games.playboss.game import Playboss
    from tycoon.games.playboss.partners import competency, decision_competency
    from tycoon.games.playboss.sheets import evaluate, report

BOTS: dict[str, Callable[[], Agent]] = {"bot": lazy("tycoon.games.playboss.bot:PlaybossBot")}
"""Computer opponents by their older names (``bot`` is the ``normal`` level)."""

LEVELS: dict[str, Level] = {
    "easy": Level(
        lazy("tycoon.games.playboss.bot_easy:EasyPlaybossBot"),
        "plays like a beginner: misjudges prices, forgets the end, leaves business undone",
    ),
    "normal": Level(BOTS["bot"], "runs its factory by the rulebook's advice, and stays able to pay"),
}
"""The levels of computer opponent, for the command line, the simulator, the lab and the server."""

SPEC = GameSpec(
    id="playboss",
    title="Playboss",
    summary="a business simulation: market, machines, credit, WEB chips, risk cards and six expansion steps",
    factory=lazy("tycoon.games.playboss.game:Playboss"),
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    default_seats=4,
    options=OPTIONS,
    bots=BOTS,
    levels=LEVELS,
    report=lazy("tycoon.games.playboss.sheets:report"),
    evaluate=lazy("tycoon.games.playboss.sheets:evaluate"),
    search=Search(
        26,
        "thinks ahead, weighing the others' likely answers and the dice; buys up raw products early",
        candidates=lazy("tycoon.games.playboss.bot_candidates:candidates"),
        explore=False,
        # The bot the search proposes with: the normal bot that corners the market (decision 0057).
        bot=lazy("tycoon.games.playboss.bot_corner:CorneringBot"),
    ),
    hooks={
        "competency": lazy("tycoon.games.playboss.partners:competency"),
        "decision_competency": lazy("tycoon.games.playboss.partners:decision_competency"),
        "answering": lazy("tycoon.games.playboss.bot:AnsweringBot"),
    },
    faces=Faces(
        terminal="tycoon.cli.render.playboss:PlaybossRenderer",
        page="tycoon.server:client/games/playboss.js",
        messages="tycoon.server:client/messages/playboss",
        probe="tycoon.sim.lab.probes:PlaybossProbe",
        watcher="tycoon.sim.lab.gamereport:PlaybossWatcher",
        board_study="tycoon.sim.lab.balance:PlaybossBoard",
        unit="Marks",
    ),
)
register(SPEC)

_HOMES = {
    "Playboss": "game",
    "PlaybossState": "flow",
    "competency": "partners",
    "decision_competency": "partners",
    "evaluate": "sheets",
    "report": "sheets",
}
"""The module of the package each name below lives in."""


def __getattr__(name: str) -> Any:
    """``tycoon.games.playboss.NAME``: the name from its module, imported now (PEP 562)."""
    if name not in _HOMES:
        raise AttributeError(f"module 'tycoon.games.playboss' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "BOTS",
    "LEVELS",
    "SPEC",
    "Playboss",
    "PlaybossState",
    "competency",
    "decision_competency",
    "evaluate",
    "report",
]
