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
from tycoon.sim.lab.words import Words

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


def report_of(f: Findings, language: str = "en") -> Report:
    """The page of ``f`` in ``language``: its facts in words, its figures as the page shows them."""
    t = Words(language)
    plan = f.plan
    planned = int(plan.get("games", 0)) * len(plan.get("cells", []))
    rotated = " " + t("lab.fact.rotated")
    facts = [
        (t("lab.fact.experiment"), str(plan.get("name", ""))),
        (t("lab.fact.game"), str(plan.get("game", ""))),
        (
            t("lab.fact.options"),
            ", ".join(f"{k}={_show(v)}" for k, v in plan.get("options", {}).items()) or t("lab.fact.defaults"),
        ),
        (
            t("lab.fact.files"),
            ", ".join(f"{k}={v}" for k, v in plan.get("files", {}).items()) or t("lab.fact.own_files"),
        ),
        (
            t("lab.fact.axes"),
            "; ".join(f"{a['name']}: {', '.join(map(_show, a['values']))}" for a in plan.get("axes", []))
            or t("lab.fact.one_variant"),
        ),
        (
            t("lab.fact.lineups"),
            "; ".join(
                f"{lu['name']}: {', '.join(lu['seats'])}{rotated if lu['rotate'] else ''}"
                for lu in plan.get("lineups", [])
            ),
        ),
        (
            t("lab.fact.games"),
            t(
                "lab.fact.played",
                played=t.count(len(f.rows)),
                planned=t.count(planned),
                per_cell=t.count(int(plan.get("games", 0))),
                cells=len(plan.get("cells", [])),
            ),
        ),
        (t("lab.fact.seed"), t("lab.fact.seed_is", seed=repr(plan.get("seed")))),
    ]
    return Report(
        title=f"{plan.get('name', 'Experiment')}: {plan.get('game', '')}",
        about=str(plan.get("about", "")),
        facts=facts,
        cells=f.cells,
        comparisons=f.comparisons,
        needed=f.needed,
        unit=t.unit(unit_of(str(plan.get("game", "")))),
        language=language,
    )


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value)) if value else "none"
    return str(value)


def write(
    folder: Path, out: Path | None = None, half_width: float = DEFAULT_WIDTH, language: str = "en"
) -> tuple[Findings, Path]:
    """Write the report of the results in ``folder`` into ``out`` (default ``folder/report``),
    in ``language``."""
    f = findings(folder, half_width)
    page = write_report(report_of(f, language), out or folder / "report")
    return f, page
