"""What Die Bosse tells of a position: each seat's standing, for a search that stops short of
the end (``GameSpec.evaluate``), and the profit sheets at the end (``GameSpec.report``)."""

from __future__ import annotations

from typing import Any

from tycoon.core.game import State
from tycoon.core.messages import msg
from tycoon.games.die_bosse.bot_figures import standing
from tycoon.games.die_bosse.flow import DieBosseState


def evaluate(state: State) -> list[float]:
    """Each seat's standing: the shares written down, what its concerns are expected to earn
    and its capital (``bot_figures.standing``)."""
    assert isinstance(state, DieBosseState)
    return standing(state)


def report(state: State) -> list[dict[str, Any]]:
    """Each player's profit sheet: a row for the share written down at each distribution, which
    add up to the total once. There are no liabilities: money and cards count nothing at the end
    (rulebook "Einde en afrekening"), only the shares written down. Labels are messages."""
    assert isinstance(state, DieBosseState)
    sheets = []
    for seat in range(state.game.num_seats):
        written = state.sheets[seat]
        rows: list[list[Any]] = []
        for i, amount in enumerate(written):
            last = state.is_terminal() and i == len(written) - 1
            rows.append([msg("db.screen.distribution_last" if last else "db.screen.distribution", n=i + 1), amount])
        total = state.score(seat)
        sheets.append(
            {
                "seat": seat,
                "title": msg("db.screen.profit_sheet"),
                "assets": rows,
                "liabilities": [],
                "total_assets": total,
                "total_liabilities": 0,
                "profit": total,
            }
        )
    return sheets
