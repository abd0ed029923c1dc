"""Die Bosse: Sid Sackson's card game of companies and concerns (F.X. Schmid 1991, a
re-edition of *Venture*), with hidden hands.

The rulebook is ``rules/die-bosse.txt`` (Dutch); ``docs/die-bosse.md`` maps every rule to the
code and the tests, and lists the card data designed here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tycoon.core.actions import Action
from tycoon.core.driver import Agent
from tycoon.core.game import State
from tycoon.core.registry import register
from tycoon.games.die_bosse.actions import Discard, Draw, Remove
from tycoon.games.die_bosse.bot import DieBosseBot
from tycoon.games.die_bosse.game import DieBosse
from tycoon.games.die_bosse.state import DieBosseState

register("die_bosse", DieBosse)

BOTS: dict[str, Callable[[], Agent]] = {"bot": DieBosseBot}
"""Computer opponents by kind, for the command line and the simulator."""


def describe(action: Action) -> str:
    """A reading of ``action`` that tells nothing hidden: the cards drawn, taken out or given
    up stay secret when the terminal tells the move to everybody."""
    if isinstance(action, Draw):
        return "an action card is drawn"
    if isinstance(action, Remove):
        return "an industry card is taken out unseen"
    if isinstance(action, Discard):
        return "give up an action card"
    return str(action)


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


__all__ = ["BOTS", "DieBosse", "DieBosseBot", "DieBosseState", "describe", "report"]
