"""The results folder of an experiment: one Parquet row per game, the records on request.

``DIR/experiment.json`` says what was run. While a run goes on, finished games are written in
parts (``DIR/parts/part-NNNNN.parquet``, each made whole under a temporary name and then
renamed, with the records of its games in ``part-NNNNN.jsonl`` beside it), so an interrupted run
loses at most the games not yet written. A finished run gathers the parts into
``DIR/games.parquet`` (and ``DIR/records.jsonl``), sorted by cell and game. The columns are
documented in ``docs/lab.md``.

Needs ``pyarrow`` (``pip install 'tycoon[lab]'``).
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from tycoon.core.game import JSON
from tycoon.sim.lab.experiment import Experiment, ExperimentError

GAMES = "games.parquet"
RECORDS = "records.jsonl"
PLAN = "experiment.json"
PARTS = "parts"


def arrow() -> Any:
    """The ``pyarrow`` module, or a clear error if the lab's extra is not installed."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ExperimentError("the lab writes Parquet with pyarrow: pip install 'tycoon[lab]'") from None
    return pyarrow


def schema(experiment: Experiment) -> Any:
    """The Parquet schema of the experiment's rows (``docs/lab.md`` explains every column)."""
    pa = arrow()
    ints = pa.list_(pa.int64())
    fields = [
        pa.field("experiment", pa.string()),
        pa.field("cell", pa.int32()),
        pa.field("variant", pa.string()),
        pa.field("lineup", pa.string()),
        pa.field("game", pa.int32()),
        pa.field("seed", pa.string()),
        pa.field("players", pa.int32()),
        pa.field("kinds", pa.list_(pa.string())),
        pa.field("rotation", pa.int32()),
        pa.field("first_seat", pa.int32()),
        pa.field("scores", ints),
        pa.field("winners", pa.list_(pa.int32())),
        pa.field("eliminated", pa.list_(pa.int32())),
        pa.field("eliminated_round", pa.list_(pa.int32())),
        pa.field("rounds", pa.int32()),
        pa.field("actions", pa.int64()),
        pa.field("checkpoint", pa.string()),
        pa.field("worth", pa.list_(ints)),
        pa.field("cash", pa.list_(ints)),
        pa.field("landings", pa.list_(ints)),
    ]
    for axis in experiment.axes:
        fields.append(pa.field(f"var_{axis.name}", _value_type(pa, axis.values, axis.file)))
    return pa.schema(fields, metadata={"tycoon.experiment": json.dumps(experiment.to_json(), sort_keys=True)})


def _value_type(pa: Any, values: Sequence[Any], file: bool) -> Any:
    if file or all(isinstance(v, str) for v in values):
        return pa.string()
    if all(isinstance(v, bool) for v in values):
        return pa.bool_()
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return pa.int64()
    if all(isinstance(v, (list, tuple)) and all(isinstance(x, int) for x in v) for v in values):
        return pa.list_(pa.int64())
    return pa.string()


def table_of(experiment: Experiment, rows: Sequence[JSON]) -> Any:
    pa = arrow()
    types = schema(experiment)
    rows = [_fit(row, types) for row in rows]
    return pa.Table.from_pylist(list(rows), schema=types)


def _fit(row: JSON, types: Any) -> JSON:
    out = dict(row)
    for f in types:
        if f.name.startswith("var_") and str(f.type) == "string" and not isinstance(out.get(f.name), str):
            out[f.name] = json.dumps(out.get(f.name))
    return out


class ResultsFolder:
    """An experiment's results folder: what is done, writing parts, gathering them."""

    def __init__(self, root: Path, experiment: Experiment) -> None:
        self.root = Path(root)
        self.experiment = experiment
        self._next_part = 0

    # --- what was asked, and what is done ----------------------------------------------------

    def open(self) -> None:
        """Make the folder, or check that it holds results of this same experiment."""
        plan_path = self.root / PLAN
        plan = self.experiment.to_json()
        if plan_path.exists():
            try:
                old = json.loads(plan_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                raise ExperimentError(f"{plan_path} cannot be read; use another --out folder") from None
            if old.get("identity") != plan["identity"]:
                raise ExperimentError(
                    f"{self.root} holds results of another experiment ({old.get('name')!r}, seed "
                    f"{old.get('seed')!r}); its games would not match these. Use another --out folder, "
                    "or remove that one to start again"
                )
        elif self.root.exists() and any(self.root.iterdir()):
            raise ExperimentError(f"{self.root} is not empty and holds no experiment; use another --out folder")
        (self.root / PARTS).mkdir(parents=True, exist_ok=True)
        _write_atomic(plan_path, json.dumps(plan, indent=1, sort_keys=True) + "\n")
        for stray in (self.root / PARTS).glob("*.tmp"):
            stray.unlink()
        # A records part whose games part was never written belongs to games that will be played again.
        for lines in (self.root / PARTS).glob("part-*.jsonl"):
            if not lines.with_suffix(".parquet").exists():
                lines.unlink()
        numbers = [int(p.stem.split("-")[1]) for p in (self.root / PARTS).glob("part-*.parquet")]
        self._next_part = max(numbers, default=-1) + 1

    def done(self) -> set[tuple[int, int]]:
        """(cell, game) of every game already written."""
        pq = arrow().parquet
        found: set[tuple[int, int]] = set()
        for path in self._parquet_files():
            t = pq.read_table(path, columns=["cell", "game"])
            found.update(zip(t.column("cell").to_pylist(), t.column("game").to_pylist(), strict=True))
        return found

    def _parquet_files(self) -> list[Path]:
        files = sorted((self.root / PARTS).glob("part-*.parquet"))
        whole = self.root / GAMES
        return [whole, *files] if whole.exists() else files

    # --- writing -------------------------------------------------------------------------------

    def write_part(self, rows: Sequence[JSON], records: Sequence[list[str]]) -> None:
        """Write finished games as the next part (their records first, then their rows)."""
        if not rows:
            return
        pq = arrow().parquet
        name = f"part-{self._next_part:05d}"
        self._next_part += 1
        parts = self.root / PARTS
        if records:
            _write_atomic(parts / f"{name}.jsonl", "".join(line + "\n" for lines in records for line in lines))
        tmp = parts / f"{name}.parquet.tmp"
        pq.write_table(table_of(self.experiment, rows), tmp)
        os.replace(tmp, parts / f"{name}.parquet")

    def gather(self) -> Path:
        """Gather every part into ``games.parquet`` (and ``records.jsonl``), sorted by cell and
        game, and remove the parts."""
        pa = arrow()
        pq = pa.parquet
        tables = [pq.read_table(p) for p in self._parquet_files()]
        types = schema(self.experiment)
        table = pa.concat_tables([t.cast(types) for t in tables]) if tables else types.empty_table()
        table = table.sort_by([("cell", "ascending"), ("game", "ascending")])
        tmp = self.root / f"{GAMES}.tmp"
        pq.write_table(table, tmp)
        if self.experiment.records:
            self._gather_records()
        os.replace(tmp, self.root / GAMES)
        for p in (self.root / PARTS).glob("part-*"):
            p.unlink()
        return self.root / GAMES

    def _gather_records(self) -> None:
        from tycoon.core.record import parse_lines

        found: dict[str, list[str]] = {}
        sources = sorted((self.root / PARTS).glob("part-*.jsonl"))
        whole = self.root / RECORDS
        if whole.exists():
            sources.insert(0, whole)
        for path in sources:
            for record in parse_lines(path.read_text(encoding="utf-8").split("\n")):
                found[str(record.seed)] = list(record.lines())
        order = {
            c.seed(self.experiment.seed, g, self.experiment.paired): (c.index, g)
            for c in self.experiment.cells
            for g in range(self.experiment.games)
        }
        seeds = sorted(found, key=lambda s: order.get(s, (len(order), 0)))
        _write_atomic(whole, "".join(line + "\n" for s in seeds for line in found[s]))


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def read_rows(root: Path) -> tuple[JSON, list[JSON]]:
    """The experiment (as ``experiment.json`` holds it) and every row written so far, sorted by
    cell and game."""
    root = Path(root)
    plan_path = root / PLAN
    if not plan_path.exists():
        raise ExperimentError(f"{root} holds no experiment results (no {PLAN}); run 'tycoon lab run' first")
    plan = json.loads(plan_path.read_text(encoding="utf-8"))
    pq = arrow().parquet
    files = [root / GAMES] if (root / GAMES).exists() else []
    files += sorted((root / PARTS).glob("part-*.parquet"))
    rows: list[JSON] = []
    for path in files:
        rows += pq.read_table(path).to_pylist()
    rows.sort(key=lambda r: (r["cell"], r["game"]))
    return plan, rows


def export_csv(rows: Iterable[JSON], path: Path) -> int:
    """Write the rows as CSV, one line per game; lists are written as JSON (``[1, 2]``)."""
    count = 0
    with open(path, "w", encoding="utf-8", newline="") as out:
        writer: Any = None
        for row in rows:
            if writer is None:
                writer = csv.DictWriter(out, fieldnames=list(row))
                writer.writeheader()
            writer.writerow({k: json.dumps(v) if isinstance(v, (list, dict)) else v for k, v in row.items()})
            count += 1
    return count
