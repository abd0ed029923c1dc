"""From an experiment's results folder to its report: the figures, the page, the summary."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tycoon.core.game import JSON
from tycoon.sim.lab.analysis import CellStats, Comparison, Needed, cell_stats, comparisons, needed, plan_values
from tycoon.sim.lab.experiment import ExperimentError
from tycoon.sim.lab.faces import unit_of
from tycoon.sim.lab.html import Report, write_report
from tycoon.sim.lab.store import read_rows

DEFAULT_WIDTH = 0.01
"""The half-width asked of an interval by default in "how many more games": ± 1 point."""


@dataclass
class Findings:
    """An experiment's figures, as the report and the summary table show them."""

    plan: JSON
    rows: list[JSON]
    cells: list[CellStats]
    comparisons: list[Comparison]
    needed: list[Needed]


def findings(folder: Path, half_width: float = DEFAULT_WIDTH) -> Findings:
    """Read the results in ``folder`` and compute every figure of the report."""
    plan, rows = read_rows(folder)
    if not rows:
        raise ExperimentError(f"{folder} holds no finished games yet; run 'tycoon lab run' first")
    cells = cell_stats(rows, plan_values(plan))
    comps = comparisons(cells)
    return Findings(plan, rows, cells, comps, needed(cells, half_width, comps))


def report_of(f: Findings) -> Report:
    plan = f.plan
    planned = int(plan.get("games", 0)) * len(plan.get("cells", []))
    facts = [
        ("experiment", str(plan.get("name", ""))),
        ("game", str(plan.get("game", ""))),
        ("options", ", ".join(f"{k}={_show(v)}" for k, v in plan.get("options", {}).items()) or "the game's defaults"),
        ("data files", ", ".join(f"{k}={v}" for k, v in plan.get("files", {}).items()) or "the game's own"),
        (
            "variant axes",
            "; ".join(f"{a['name']}: {', '.join(map(_show, a['values']))}" for a in plan.get("axes", []))
            or "none (one variant)",
        ),
        (
            "line-ups",
            "; ".join(
                f"{lu['name']}: {', '.join(lu['seats'])}{' (rotated)' if lu['rotate'] else ''}"
                for lu in plan.get("lineups", [])
            ),
        ),
        (
            "games",
            f"{len(f.rows):,} played of {planned:,} planned ({plan.get('games', 0):,} per cell, "
            f"{len(plan.get('cells', []))} cells)",
        ),
        ("seed", f'{plan.get("seed")!r}; game i of a cell uses "seed:variant:line-up:i"'),
    ]
    return Report(
        title=f"{plan.get('name', 'Experiment')}: {plan.get('game', '')}",
        about=str(plan.get("about", "")),
        facts=facts,
        cells=f.cells,
        comparisons=f.comparisons,
        needed=f.needed,
        unit=unit_of(str(plan.get("game", ""))),
    )


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value)) if value else "none"
    return str(value)


def write(folder: Path, out: Path | None = None, half_width: float = DEFAULT_WIDTH) -> tuple[Findings, Path]:
    """Write the report of the results in ``folder`` into ``out`` (default ``folder/report``)."""
    f = findings(folder, half_width)
    page = write_report(report_of(f), out or folder / "report")
    return f, page
