"""Running an experiment: the same rows on any backend, resuming after an interruption, CSV."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from tycoon.sim.lab.experiment import ExperimentError, read_experiment
from tycoon.sim.lab.run import run_experiment
from tycoon.sim.lab.store import GAMES, PARTS, export_csv, read_rows

pq = pytest.importorskip("pyarrow.parquet")


def rows_of(folder: Path) -> list[dict[str, object]]:
    """The rows as the Parquet file holds them, read with pyarrow alone."""
    table = pq.read_table(folder / GAMES)
    return table.to_pylist()  # type: ignore[no-any-return]


def test_one_process_and_two_give_identical_rows(tiny: Path, tmp_path: Path) -> None:
    e = read_experiment(tiny)
    one = run_experiment(e, tmp_path / "one", workers=1)
    two = run_experiment(e, tmp_path / "two", workers=2, chunk=2)
    assert one.played == two.played == 12 and one.results and two.results
    rows = rows_of(tmp_path / "one")
    assert rows == rows_of(tmp_path / "two")
    assert [(r["cell"], r["game"]) for r in rows] == [(c, g) for c in range(2) for g in range(6)]
    first = rows[7]
    assert first["seed"] == "5:steps=4:mixed:1" and first["variant"] == "steps=4" and first["var_steps"] == [4]
    assert first["kinds"] == ["random", "bot"] and first["rotation"] == 1
    assert sorted(first["winners"]) == first["winners"] and len(first["scores"]) == 2
    # The schema's metadata says what was run.
    meta = pq.read_schema(tmp_path / "one" / GAMES).metadata[b"tycoon.experiment"]
    assert json.loads(meta)["identity"] == e.identity()


def test_a_local_ray_cluster_gives_the_same_rows(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ray")
    # Bound to this machine only, and no token file (see the lab's docs).
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    monkeypatch.setenv("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    e = read_experiment(tiny)
    run_experiment(e, tmp_path / "procs", workers=1)
    summary = run_experiment(e, tmp_path / "ray", ray="local", chunk=3)
    assert summary.backend == "ray (local)" and summary.played == 12
    assert rows_of(tmp_path / "ray") == rows_of(tmp_path / "procs")


def test_an_interrupted_run_resumes_with_only_the_missing_games(tiny: Path, tmp_path: Path) -> None:
    e = read_experiment(tiny)
    out = tmp_path / "run"

    def stop_after_five(done: int, total: int) -> None:
        if done >= 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_experiment(e, out, workers=1, chunk=1, progress=stop_after_five)
    assert not (out / GAMES).exists()
    _, kept = read_rows(out)
    assert len(kept) == 5
    summary = run_experiment(e, out, workers=2, chunk=1)
    assert (summary.skipped, summary.played) == (5, 7)
    assert not list((out / PARTS).iterdir())
    whole = tmp_path / "whole"
    run_experiment(e, whole, workers=1)
    assert rows_of(out) == rows_of(whole)
    # Run again: nothing is left to play.
    again = run_experiment(e, out, workers=1)
    assert (again.skipped, again.played) == (12, 0)


def test_more_games_per_cell_plays_only_the_new_ones(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    run_experiment(read_experiment(tiny), out, workers=1)
    tiny.write_text(tiny.read_text().replace("games = 6", "games = 8"))
    summary = run_experiment(read_experiment(tiny), out, workers=1)
    assert (summary.skipped, summary.played) == (12, 4)
    assert len(rows_of(out)) == 16


def test_a_folder_of_another_experiment_is_refused(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    run_experiment(read_experiment(tiny), out, workers=1)
    tiny.write_text(tiny.read_text().replace("seed = 5", "seed = 6"))
    with pytest.raises(ExperimentError, match=r"holds results of another experiment \('tiny', seed 5\)"):
        run_experiment(read_experiment(tiny), out, workers=1)
    tiny.write_text(tiny.read_text().replace("games = 6", "games = 4").replace("seed = 6", "seed = 5"))
    with pytest.raises(ExperimentError, match=r"already holds 6 games per cell; the experiment asks 4"):
        run_experiment(read_experiment(tiny), out, workers=1)


def test_records_are_kept_on_request_and_replay(tiny: Path, tmp_path: Path) -> None:
    from tycoon.core import read, replay

    tiny.write_text(tiny.read_text().replace("games = 6", "games = 2\nrecords = true"))
    out = tmp_path / "run"
    run_experiment(read_experiment(tiny), out, workers=2, chunk=1)
    records = read(out / "records.jsonl")
    rows = rows_of(out)
    assert [r.seed for r in records] == [row["seed"] for row in rows]
    for record, row in zip(records, rows, strict=True):
        assert record.result is not None and record.result["scores"] == row["scores"]
        assert replay(record).is_terminal()


def test_the_rows_export_as_csv(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    run_experiment(read_experiment(tiny), out, workers=1)
    _, rows = read_rows(out)
    assert export_csv(rows, tmp_path / "games.csv") == 12
    with open(tmp_path / "games.csv", encoding="utf-8") as f:
        lines = list(csv.DictReader(f))
    assert len(lines) == 12 and json.loads(lines[0]["scores"]) == rows[0]["scores"]
    assert lines[6]["variant"] == "steps=4"


def test_a_closed_terminal_or_a_kill_stops_a_run_as_ctrl_c_does(tiny: Path, tmp_path: Path) -> None:
    import os
    import signal

    e = read_experiment(tiny)
    out = tmp_path / "run"

    def hang_up_after_three(done: int, total: int) -> None:
        if done >= 3:
            os.kill(os.getpid(), signal.SIGHUP)

    before = signal.getsignal(signal.SIGHUP)
    with pytest.raises(KeyboardInterrupt):
        run_experiment(e, out, workers=1, chunk=1, progress=hang_up_after_three)
    assert signal.getsignal(signal.SIGHUP) == before
    _, kept = read_rows(out)
    assert len(kept) == 3
