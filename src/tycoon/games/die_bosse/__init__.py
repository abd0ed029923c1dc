"""Die Bosse: Sid Sackson's card game of companies and concerns (F.X. Schmid 1991, a
re-edition of *Venture*), with hidden hands.

The rulebook is ``rules/die-bosse.txt`` (Dutch); ``docs/die-bosse.md`` maps every rule to the
code and the tests, and lists the card data designed here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tycoon.core.driver import Agent
from tycoon.core.game import State
from tycoon.core.registry import register
from tycoon.core.spec import Faces, GameSpec, Level, Search
from tycoon.games.die_bosse.bot import DieBosseBot
from tycoon.games.die_bosse.bot_easy import EasyDieBosseBot
from tycoon.games.die_bosse.bot_figures import standing
from tycoon.games.die_bosse.flow import DieBosseState
from tycoon.games.die_bosse.game import MAX_SEATS, MIN_SEATS, DieBosse

BOTS: dict[str, Callable[[], Agent]] = {"bot": DieBosseBot}
"""Computer opponents by their older names (``bot`` is the ``normal`` level)."""

LEVELS: dict[str, Level] = {
    "easy": Level(EasyDieBosseBot, "plays like a beginner: buys on impulse, pays without counting"),
    "normal": Level(DieBosseBot, "buys what grows its concerns, transfers when it pays, rationalises when it must"),
}
"""The levels of computer opponent, for the command line, the simulator, the lab and the server."""


def evaluate(state: State) -> list[float]:
    """Each seat's standing: the shares written down, what its concerns are expected to earn
    and its capital (``bot_figures.standing``)."""
    assert isinstance(state, DieBosseState)
    return standing(state)


def report(state: State) -> list[dict[str, Any]]:
    """Each player's profit sheet: a row for the share written down at each distribution, which
    add up to the total once. There are no liabilities: money and cards count nothing at the end
    (rulebook "Einde en afrekening"), only the shares written down."""
    assert isinstance(state, DieBosseState)
    sheets = []
    for seat in range(state.game.num_seats):
        written = state.sheets[seat]
        rows: list[list[Any]] = []
        for i, amount in enumerate(written):
            last = state.is_terminal() and i == len(written) - 1
            rows.append([f"Distribution {i + 1}" + (" (end of the game)" if last else ""), amount])
        total = state.score(seat)
        sheets.append(
            {
                "seat": seat,
                "title": "Profit sheet",
                "assets": rows,
                "liabilities": [],
                "total_assets": total,
                "total_liabilities": 0,
                "profit": total,
            }
        )
    return sheets


SPEC = GameSpec(
    id="die_bosse",
    title="Die Bosse",
    summary="Sid Sackson's card game of companies and concerns, with hidden hands",
    factory=DieBosse,
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    default_seats=4,
    bots=BOTS,
    levels=LEVELS,
    report=report,
    evaluate=evaluate,
    search=Search(40, "thinks ahead: plays its best moves out in deals of the cards it has not seen"),
    faces=Faces(
        terminal="tycoon.cli.render.die_bosse:DieBosseRenderer",
        page="tycoon.server:client/games/die_bosse.js",
        messages="tycoon.server:client/messages/die_bosse",
        probe="tycoon.sim.lab.probes:DieBosseProbe",
        watcher="tycoon.sim.lab.gamereport:DieBosseWatcher",
        unit="millions",
    ),
)
register(SPEC)

__all__ = [
    "BOTS",
    "LEVELS",
    "SPEC",
    "DieBosse",
    "DieBosseBot",
    "DieBosseState",
    "EasyDieBosseBot",
    "evaluate",
    "report",
]
