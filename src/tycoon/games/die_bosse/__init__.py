"""Die Bosse: Sid Sackson's card game of companies and concerns (F.X. Schmid 1991, a
re-edition of *Venture*), with hidden hands.

The rulebook is ``rules/die-bosse.txt`` (Dutch); ``docs/die-bosse.md`` maps every rule to the
code and the tests, and lists the card data designed here.

Importing the package registers the game's spec and nothing else: the spec names the game, its
bots and its sheets by where they live (``tycoon.core.spec.lazy``), imported when first used.
The names below (``DieBosse``, ``DieBosseBot``, ...) are imported from their modules the same
way when first asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tycoon.core.registry import register
from tycoon.core.spec import Faces, GameSpec, Level, Search, lazy
from tycoon.games.die_bosse.options import MAX_SEATS, MIN_SEATS

if TYPE_CHECKING:
    from tycoon.core.driver import Agent
    from tycoon.games.die_bosse.bot import DieBosseBot
    from tycoon.games.die_bosse.bot_easy import EasyDieBosseBot
    from tycoon.games.die_bosse.flow import DieBosseState
    from tycoon.games.die_bosse.game import DieBosse
    from tycoon.games.die_bosse.sheets import evaluate, report

BOTS: dict[str, Callable[[], Agent]] = {"bot": lazy("tycoon.games.die_bosse.bot:DieBosseBot")}
"""Computer opponents by their older names (``bot`` is the ``normal`` level)."""

LEVELS: dict[str, Level] = {
    "easy": Level(
        lazy("tycoon.games.die_bosse.bot_easy:EasyDieBosseBot"),
        "plays like a beginner: buys on impulse, pays without counting",
    ),
    "normal": Level(BOTS["bot"], "buys what grows its concerns, transfers when it pays, rationalises when it must"),
}
"""The levels of computer opponent, for the command line, the simulator, the lab and the server."""

SPEC = GameSpec(
    id="die_bosse",
    title="Die Bosse",
    summary="Sid Sackson's card game of companies and concerns, with hidden hands",
    factory=lazy("tycoon.games.die_bosse.game:DieBosse"),
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    default_seats=4,
    bots=BOTS,
    levels=LEVELS,
    report=lazy("tycoon.games.die_bosse.sheets:report"),
    evaluate=lazy("tycoon.games.die_bosse.sheets:evaluate"),
    search=Search(
        100,
        "thinks ahead: plays its best moves out in deals of the cards it has not seen",
        candidates=lazy("tycoon.games.die_bosse.bot_candidates:candidates"),
        # Its turn and where a company goes are searched, paying and giving up a card are the
        # bot's: docs/decisions/0047-die-bosse-searches-its-turns.md.
        explore=False,
    ),
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

_HOMES = {
    "DieBosse": "game",
    "DieBosseBot": "bot",
    "DieBosseState": "flow",
    "EasyDieBosseBot": "bot_easy",
    "evaluate": "sheets",
    "report": "sheets",
}
"""The module of the package each name below lives in."""


def __getattr__(name: str) -> Any:
    """``tycoon.games.die_bosse.NAME``: the name from its module, imported now (PEP 562), or
    the package's module of that name."""
    if name not in _HOMES:
        raise AttributeError(f"module 'tycoon.games.die_bosse' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value


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
