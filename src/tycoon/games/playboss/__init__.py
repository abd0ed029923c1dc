"""Playboss: the business-simulation board game (Ravensburger): the base model and the six
expansion steps.

The rulebook is ``rules/playboss.txt`` (Part I and Part II);
``docs/playboss.md`` maps every rule to the
code and the tests, and lists every design choice for data the rulebook does not give.

For the command line and the simulator: ``BOTS``, ``report``, and ``competency`` with
``decision_competency``, which divide a seat's decisions between two players running one
business (Playboss II, "6. Step"; ``partners.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from tycoon.core.driver import Agent
from tycoon.core.game import State
from tycoon.core.registry import register
from tycoon.core.spec import Faces, GameOption, GameSpec, Level, Search
from tycoon.games.playboss import goals
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.bot_easy import EasyPlaybossBot
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.game import DEFAULT_YEARS, GOALS, MAX_SEATS, MIN_SEATS, Playboss
from tycoon.games.playboss.partners import competency, decision_competency

BOTS: dict[str, Callable[[], Agent]] = {"bot": PlaybossBot}
"""Computer opponents by their older names (``bot`` is the ``normal`` level)."""

LEVELS: dict[str, Level] = {
    "easy": Level(EasyPlaybossBot, "plays like a beginner: misjudges prices, forgets the end, leaves business undone"),
    "normal": Level(PlaybossBot, "runs its factory by the rulebook's advice, and stays able to pay"),
}
"""The levels of computer opponent, for the command line, the simulator, the lab and the server."""


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


MOST_YEARS = 100
"""The longest agreed game in years: the rulebook leaves the length to the players; a hundred
business years is far beyond any evening and keeps every figure a game can reach well inside
what a number on the wire holds."""
MOST_ROUNDS = 10_000
"""The longest agreed game in rounds, for the same reason."""

OPTIONS = (
    GameOption(
        "years",
        "int",
        None,
        f"the game ends after this many business years (default {DEFAULT_YEARS}, at most {MOST_YEARS})",
        lo=1,
        hi=MOST_YEARS,
    ),
    GameOption(
        "rounds",
        "int",
        None,
        f"or: the game ends after this many rounds (instead of years; at most {MOST_ROUNDS})",
        lo=1,
        hi=MOST_ROUNDS,
    ),
    GameOption(
        "steps", "ints", [], "the expansion steps played, e.g. 1,2,4 (default none: the base model)", lo=1, hi=6
    ),
    GameOption("goal", "str", None, "with step 5: the goal of the game (default profit)", choices=GOALS),
    GameOption(
        "sales_target",
        "int",
        None,
        "with a sales goal: the sales in Marks that count (default 60,000, at most 10,000,000)",
        lo=1,
        hi=10_000_000,
    ),
    GameOption(
        "representative",
        "int",
        None,
        "with step 6: the worker representative's seat (default the last)",
        lo=0,
        seat=True,
    ),
    GameOption(
        "board",
        "text",
        None,
        "a board of your own: a file like data/board.toml (default the designed board)",
    ),
    GameOption(
        "risk_cards",
        "text",
        None,
        "a risk deck of your own: a file like data/risk_cards.toml (default ours)",
    ),
)
"""The options a game of Playboss takes besides ``players``; ``Playboss`` documents them."""

SPEC = GameSpec(
    id="playboss",
    title="Playboss",
    summary="a business simulation: market, machines, credit, WEB chips, risk cards and six expansion steps",
    factory=Playboss,
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    default_seats=4,
    options=OPTIONS,
    bots=BOTS,
    levels=LEVELS,
    report=report,
    evaluate=evaluate,
    search=Search(10, "thinks ahead: tries its best moves against the others' likely answers and the dice"),
    hooks={"competency": competency, "decision_competency": decision_competency},
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
