"""An experiment's report: one self-contained HTML page with its PNG plots.

The plots are drawn with matplotlib's Agg backend (no display needed), saved beside the page
and embedded in it, so the page can be mailed or opened anywhere on its own. The figures come
from :mod:`tycoon.sim.lab.analysis`.

Needs ``matplotlib`` (``pip install 'tycoon[lab]'``).
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tycoon.sim.lab.analysis import (
    CellStats,
    Comparison,
    Needed,
    Rate,
    comparison_sentence,
    points,
    start_player_sentence,
)
from tycoon.sim.lab.experiment import ExperimentError
from tycoon.sim.lab.words import Words
from tycoon.sim.stats import Summary

CHECKPOINT_AXES = {
    "year": (1, "lab.axis.year"),
    "10 rounds": (10, "lab.axis.round"),
    "distribution": (1, "lab.axis.distribution"),
}
"""How a checkpoint reads on an axis: the step between two, and the axis's name (a key)."""

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f"]


def pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend, or a clear error if the lab's extra is missing."""
    try:
        import matplotlib
    except ImportError:
        raise ExperimentError("the lab draws its plots with matplotlib: pip install 'tycoon[lab]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plotting_missing() -> str | None:
    """Why no plots can be drawn here (the lab's extra is not installed), or ``None``."""
    try:
        pyplot()
    except ExperimentError as e:
        return str(e)
    return None


@dataclass
class Report:
    """What goes into the page."""

    title: str
    about: str
    facts: list[tuple[str, str]]
    """(label, value) lines on what was run."""
    cells: list[CellStats]
    comparisons: list[Comparison]
    needed: list[Needed]
    unit: str = ""
    """The game's unit of money (Marks, złoty), in the report's language."""
    language: str = "en"
    """The language the page is written in."""


def cell_name(c: CellStats) -> str:
    return f"{c.variant} · {c.lineup}"


def write_report(report: Report, folder: Path) -> Path:
    """Draw the plots into ``folder`` and write ``folder/report.html`` in the report's
    language; the page's path."""
    folder.mkdir(parents=True, exist_ok=True)
    plt = pyplot()
    t = Words(report.language)
    plots: list[tuple[str, str, Path]] = []
    for name, caption, draw in _plots(report, t):
        fig = draw(plt)
        if fig is None:
            continue
        path = folder / f"{name}.png"
        fig.savefig(path, dpi=110, bbox_inches="tight")
        plt.close(fig)
        plots.append((name, caption, path))
    page = folder / "report.html"
    page.write_text(_page(report, plots, t), encoding="utf-8")
    return page


# --- the plots ----------------------------------------------------------------------------


def _plots(report: Report, t: Words) -> list[tuple[str, str, Any]]:
    cells = report.cells
    unit = f" ({report.unit})" if report.unit else ""
    return [
        ("win-by-place", t("lab.plot.win_by_place"), lambda plt: _rate_bars(plt, cells, "place", t)),
        ("win-by-seat", t("lab.plot.win_by_seat"), lambda plt: _rate_bars(plt, cells, "seat", t)),
        ("win-by-kind", t("lab.plot.win_by_kind"), lambda plt: _kind_bars(plt, cells, t)),
        ("scores", t("lab.plot.scores", unit=unit), lambda plt: _scores(plt, cells, unit, t)),
        ("length", t("lab.plot.length"), lambda plt: _length(plt, cells, t)),
        ("eliminations", t("lab.plot.eliminations"), lambda plt: _eliminations(plt, cells, t)),
        ("worth", t("lab.plot.worth", unit=unit), lambda plt: _worth(plt, cells, unit, "seat", t)),
        ("worth-by-place", t("lab.plot.worth_by_place", unit=unit), lambda plt: _worth(plt, cells, unit, "place", t)),
        ("differences", t("lab.plot.differences"), lambda plt: _differences(plt, report.comparisons, t)),
    ]


def _rate_bars(plt: Any, cells: Sequence[CellStats], by: str, t: Words) -> Any:
    series = [(c, c.by_place if by == "place" else c.by_seat) for c in cells]
    series = [(c, rates) for c, rates in series if rates]
    if not series:
        return None
    most = max(len(r) for _, r in series)
    fig, ax = plt.subplots(figsize=(max(6.0, 1.2 * most * max(1, len(series)) / 2 + 3), 4))
    width = 0.8 / len(series)
    for i, (c, rates) in enumerate(series):
        xs = [k + (i - (len(series) - 1) / 2) * width for k in range(len(rates))]
        ys = [100 * r.rate for r in rates]
        err = [[100 * (r.rate - r.low) for r in rates], [100 * (r.high - r.rate) for r in rates]]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=cell_name(c), color=COLOURS[i % len(COLOURS)])
    fairs = {round(c.fair, 6) for c, _ in series}
    for fair in fairs:
        ax.axhline(100 * fair, linestyle="--", color="black", linewidth=1)
    label = t("lab.by.place") if by == "place" else t("lab.by.seat")
    ax.set_xticks(range(most), [str(k + 1) for k in range(most)])
    ax.set_xlabel(label)
    ax.set_ylabel(t("lab.axis.wins"))
    ax.legend(fontsize="small", loc="lower right")
    ax.set_title(t("lab.title.win_rate", by=label))
    return fig


def _kind_bars(plt: Any, cells: Sequence[CellStats], t: Words) -> Any:
    kinds = sorted({k for c in cells for k in c.by_kind})
    if len(kinds) < 2:
        return None
    fig, ax = plt.subplots(figsize=(max(6.0, 0.9 * len(kinds) * len(cells) + 2), 4))
    width = 0.8 / len(cells)
    for i, c in enumerate(cells):
        rates: list[Rate | None] = [c.by_kind.get(k) for k in kinds]
        xs = [k + (i - (len(cells) - 1) / 2) * width for k in range(len(kinds))]
        ys = [100 * r.rate if r else 0.0 for r in rates]
        err = [
            [100 * (r.rate - r.low) if r else 0.0 for r in rates],
            [100 * (r.high - r.rate) if r else 0.0 for r in rates],
        ]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=cell_name(c), color=COLOURS[i % len(COLOURS)])
    ax.set_xticks(range(len(kinds)), kinds)
    ax.set_ylabel(t("lab.axis.wins_per_seat"))
    ax.legend(fontsize="small")
    ax.set_title(t("lab.title.win_rate", by=t("lab.by.kind")))
    return fig


def _scores(plt: Any, cells: Sequence[CellStats], unit: str, t: Words) -> Any:
    fig, ax = plt.subplots(figsize=(max(6.0, 1.1 * len(cells) + 2), 4))
    data = [[x for s in c.scores for x in s] for c in cells]
    ax.boxplot(data, whis=(5, 95), showfliers=False)
    ax.set_xticks(range(1, len(cells) + 1), [cell_name(c) for c in cells], rotation=20, ha="right", fontsize="small")
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_ylabel(t("lab.axis.final_score", unit=unit))
    ax.set_title(t("lab.title.scores"))
    return fig


def _length(plt: Any, cells: Sequence[CellStats], t: Words) -> Any:
    fig, ax = plt.subplots(figsize=(7, 4))
    use_rounds = all(c.rounds is not None for c in cells)
    for i, c in enumerate(cells):
        values = c.rounds_list if use_rounds else c.actions_list
        if not values:
            continue
        low, high = min(values), max(values)
        # One bin per round (or action) while they are few, so that no bin holds two values
        # where its neighbour holds none.
        bins: Any = [x - 0.5 for x in range(low, high + 2)] if high - low <= 80 else 40
        ax.hist(
            values,
            bins=bins,
            histtype="step",
            linewidth=1.5,
            label=cell_name(c),
            color=COLOURS[i % len(COLOURS)],
        )
    ax.set_xlabel(t("lab.axis.rounds") if use_rounds else t("lab.axis.actions"))
    ax.set_ylabel(t("lab.axis.games"))
    ax.legend(fontsize="small")
    ax.set_title(t("lab.title.length"))
    return fig


def _eliminations(plt: Any, cells: Sequence[CellStats], t: Words) -> Any:
    if not any(c.elimination_rounds for c in cells):
        return None
    fig, ax = plt.subplots(figsize=(7, 4))
    last = max(max(c.elimination_rounds, default=0) for c in cells)
    for i, c in enumerate(cells):
        counts = [0] * (last + 1)
        for r in c.elimination_rounds:
            counts[r] += 1
        total = 0.0
        ys = []
        for k in range(last + 1):
            total += counts[k]
            ys.append(total / c.games)
        ax.step(range(last + 1), ys, where="post", label=cell_name(c), color=COLOURS[i % len(COLOURS)])
    ax.set_xlabel(t("lab.axis.round"))
    ax.set_ylabel(t("lab.axis.out_so_far"))
    ax.legend(fontsize="small")
    ax.set_title(t("lab.title.eliminations"))
    return fig


def _worth(plt: Any, cells: Sequence[CellStats], unit: str, by: str, t: Words) -> Any:
    def bands(c: CellStats) -> list[list[Any]]:
        return c.worth if by == "seat" else c.worth_by_place

    shown = [c for c in cells if any(len(series) > 1 for series in bands(c))][:6]
    if not shown:
        return None
    cols = min(3, len(shown))
    rows = (len(shown) + cols - 1) // cols
    fig, axes = plt.subplots(
        rows, cols, figsize=(5 * cols, 3.8 * rows), squeeze=False, sharey=True, constrained_layout=True
    )
    for n, c in enumerate(shown):
        ax = axes[n // cols][n % cols]
        for s, series in enumerate(bands(c)):
            # A checkpoint that few games reach says little: the line stops before it.
            series = [b for b in series if b.count >= max(5, c.games // 10)]
            step, _ = CHECKPOINT_AXES.get(c.checkpoint, (1, "lab.axis.checkpoint"))
            xs = [step * k for k in range(len(series))]
            colour = COLOURS[s % len(COLOURS)]
            ax.plot(xs, [b.median for b in series], color=colour, label=t(f"lab.legend.{by}", n=s + 1))
            ax.fill_between(xs, [b.low for b in series], [b.high for b in series], color=colour, alpha=0.07)
        ax.axhline(0, color="grey", linewidth=0.8)
        ax.set_title(cell_name(c), fontsize="medium")
        axis = t(CHECKPOINT_AXES.get(c.checkpoint, (1, "lab.axis.checkpoint"))[1])
        ax.set_xlabel(t("lab.axis.from_start", axis=axis))
        ax.xaxis.get_major_locator().set_params(integer=True)
        if n % cols == 0:
            ax.set_ylabel(t("lab.axis.worth", unit=unit))
        ax.legend(fontsize="x-small")
    for n in range(len(shown), rows * cols):
        axes[n // cols][n % cols].set_visible(False)
    fig.suptitle(t("lab.title.worth_by_place") if by == "place" else t("lab.title.worth_by_seat"))
    return fig


def _differences(plt: Any, comps: Sequence[Comparison], t: Words) -> Any:
    comps = [c for c in comps if c.by_place]
    if not comps:
        return None
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(comps) + 1.5))
    for i, c in enumerate(comps):
        d = c.by_place[0]
        ax.errorbar(
            [100 * d.value],
            [i],
            xerr=[[100 * (d.value - d.low)], [100 * (d.high - d.value)]],
            fmt="o",
            capsize=4,
            color=COLOURS[0] if not d.clear else COLOURS[1],
        )
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(range(len(comps)), [cell_name(c.variant) for c in comps], fontsize="small")
    ax.set_xlabel(t("lab.axis.difference"))
    ax.set_title(t("lab.variants"))
    return fig


# --- the page -------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f2f2f2; }
table.facts td, td.text { text-align: left; }
figure { margin: 1.2em 0; } figcaption { font-size: 0.9em; color: #555; }
img { max-width: 100%; }
p.note { background: #fff8dc; padding: 0.5em 0.8em; border-left: 4px solid #e0b000; }
"""


def _page(report: Report, plots: Sequence[tuple[str, str, Path]], t: Words) -> str:
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{e(t.language)}"><head><meta charset="utf-8">',
        f"<title>{e(report.title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{e(report.title)}</h1>",
    ]
    if report.about:
        out.append(f'<p class="note">{e(report.about)}</p>')
    out.append(
        '<table class="facts">'
        + "".join(f"<tr><th>{e(k)}</th><td>{e(v)}</td></tr>" for k, v in report.facts)
        + "</table>"
    )
    out.append(f"<h2>{e(t('lab.in_short'))}</h2><ul>")
    for c in report.cells:
        out.append(f"<li>{e(start_player_sentence(c, t))}</li>")
    for comp in report.comparisons:
        out.append(f"<li>{e(comparison_sentence(comp, t))}</li>")
    out.append("</ul>")
    out.append(f"<h2>{e(t('lab.win_rates'))}</h2>")
    out.append(_rates_table(report.cells, "place", t))
    out.append(_rates_table(report.cells, "seat", t))
    out.append(_kinds_table(report.cells, t))
    out.append(f"<h2>{e(t('lab.scores_length'))}</h2>")
    out.append(_summary_table(report.cells, report.unit, t))
    if report.comparisons:
        out.append(f"<h2>{e(t('lab.variants'))}</h2>")
        out.append(_comparison_table(report.comparisons, t))
    out.append(f"<h2>{e(t('lab.how_many'))}</h2><ul>")
    for n in report.needed:
        out.append(f"<li>{e(n.sentence(t))}</li>")
    out.append("</ul>")
    out.append(f"<h2>{e(t('lab.plots'))}</h2>")
    for name, caption, path in plots:
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        out.append(
            f'<figure id="{e(name)}"><img alt="{e(caption)}" src="data:image/png;base64,{data}">'
            f"<figcaption>{e(caption)}</figcaption></figure>"
        )
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _heads(t: Words, *keys: str) -> str:
    return "".join(f"<th>{html.escape(t(k))}</th>" for k in keys)


def _rates_table(cells: Sequence[CellStats], by: str, t: Words) -> str:
    e = html.escape
    series = [(c, c.by_place if by == "place" else c.by_seat) for c in cells]
    series = [(c, r) for c, r in series if r]
    if not series:
        return ""
    most = max(len(r) for _, r in series)
    rows = [
        f"<caption>{e(t('lab.caption.by_place' if by == 'place' else 'lab.caption.by_seat'))}</caption>",
        "<tr>"
        + _heads(t, "lab.head.cell", "lab.head.games")
        + "".join(f"<th>{e(t(f'lab.legend.{by}', n=k + 1))}</th>" for k in range(most))
        + _heads(t, "lab.head.fair")
        + "</tr>",
    ]
    for c, rates in series:
        cells_html = "".join(f"<td>{e(r.text(t))}</td>" for r in rates) + "<td></td>" * (most - len(rates))
        rows.append(
            f"<tr><td>{e(cell_name(c))}</td><td>{t.count(c.games)}</td>{cells_html}<td>{e(t.percent(c.fair))}</td></tr>"
        )
        scores = c.score_by_place if by == "place" else [Summary.of(s) for s in c.scores]
        if scores:
            means = "".join(f"<td>{t.fixed(s.mean, ',.0f')}</td>" for s in scores) + "<td></td>" * (most - len(scores))
            rows.append(f"<tr><td>{e(t('lab.head.its_mean'))}</td><td></td>{means}<td></td></tr>")
    return "<table>" + "".join(rows) + "</table>"


def _kinds_table(cells: Sequence[CellStats], t: Words) -> str:
    e = html.escape
    kinds = sorted({k for c in cells for k in c.by_kind})
    rows = [
        f"<caption>{e(t('lab.caption.by_kind'))}</caption>",
        "<tr>" + _heads(t, "lab.head.cell") + "".join(f"<th>{e(k)}</th>" for k in kinds) + "</tr>",
    ]
    for c in cells:
        tds = "".join(
            f"<td>{e(c.by_kind[k].text(t))}; {t.fixed(c.score_by_kind[k].mean, ',.0f')}</td>"
            if k in c.by_kind
            else "<td></td>"
            for k in kinds
        )
        rows.append(f"<tr><td>{e(cell_name(c))}</td>{tds}</tr>")
    return "<table>" + "".join(rows) + "</table>"


def _summary_table(cells: Sequence[CellStats], unit: str, t: Words) -> str:
    e = html.escape
    heads = ("cell", "games", "score_mean", "score_range", "rounds_mean", "actions_mean", "out_per_game")
    rows = ["<tr>" + _heads(t, *(f"lab.head.{h}" for h in heads)) + "</tr>"]
    for c in cells:
        rounds = f"{t.fixed(c.rounds.mean, '.1f')} ± {t.fixed(c.rounds.sd, '.1f')}" if c.rounds else "–"
        rows.append(
            f"<tr><td>{e(cell_name(c))}</td><td>{t.count(c.games)}</td>"
            f"<td>{t.fixed(c.score.mean, ',.0f')} ± {t.fixed(c.score.sd, ',.0f')}</td>"
            f"<td>{t.fixed(c.score.minimum, ',.0f')} – {t.fixed(c.score.maximum, ',.0f')}</td><td>{rounds}</td>"
            f"<td>{t.fixed(c.actions.mean, ',.0f')}</td><td>{t.fixed(c.eliminations / c.games, '.2f')}</td></tr>"
        )
    caption = t("lab.caption.summary_unit", unit=unit) if unit else t("lab.caption.summary")
    return "<table>" + f"<caption>{e(caption)}</caption>" + "".join(rows) + "</table>"


def _comparison_table(comps: Sequence[Comparison], t: Words) -> str:
    e = html.escape
    heads = ("variant", "start_player", "mean_score", "rounds", "out_per_game")
    rows = [
        f"<caption>{e(t('lab.caption.comparison'))}</caption>"
        "<tr>" + _heads(t, *(f"lab.head.{h}" for h in heads)) + "</tr>"
    ]
    for c in comps:
        place = (
            f"{points(c.by_place[0].value, t)} [{points(c.by_place[0].low, t)}, {points(c.by_place[0].high, t)}]"
            if c.by_place
            else "–"
        )
        rounds = (
            f"{t.fixed(c.rounds.value, '+.1f')} [{t.fixed(c.rounds.low, '+.1f')}, {t.fixed(c.rounds.high, '+.1f')}]"
            if c.rounds
            else "–"
        )
        el, sc = c.eliminations, c.score
        score = f"{t.fixed(sc.value, '+,.0f')} [{t.fixed(sc.low, '+,.0f')}, {t.fixed(sc.high, '+,.0f')}]"
        rows.append(
            f"<tr><td>{e(cell_name(c.variant))}</td><td>{place}</td><td>{score}</td><td>{rounds}</td>"
            f"<td>{_signed(el.value, t)} [{_signed(el.low, t)}, {_signed(el.high, t)}]</td></tr>"
        )
    return "<table>" + "".join(rows) + "</table>"


def _signed(x: float, t: Words, digits: int = 2) -> str:
    """``+0.03``; a value that rounds to nothing reads ``+0.00``, never ``-0.00``."""
    return t.fixed(round(x, digits) + 0.0, f"+.{digits}f")
