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
from tycoon.core.spec import GameSpec
from tycoon.games.die_bosse.bot import DieBosseBot
from tycoon.games.die_bosse.game import MAX_SEATS, MIN_SEATS, DieBosse
from tycoon.games.die_bosse.state import DieBosseState

BOTS: dict[str, Callable[[], Agent]] = {"bot": DieBosseBot}
"""Computer opponents by kind, for the command line and the simulator."""


def report(state: State) -> list[dict[str, Any]]:
    """Each player's profit sheet: the share written down at each distribution."""
    assert isinstance(state, DieBosseState)
    sheets = []
    for seat in range(state.game.num_seats):
        rows = [[f"Distribution {i + 1}", amount] for i, amount in enumerate(state.sheets[seat])]
        total = state.score(seat)
        sheets.append(
            {
                "seat": seat,
                "assets": rows,
                "liabilities": [["Profit shares", total]],
                "total_assets": total,
                "total_liabilities": total,
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
    report=report,
)
register(SPEC)

__all__ = ["BOTS", "SPEC", "DieBosse", "DieBosseBot", "DieBosseState", "report"]
