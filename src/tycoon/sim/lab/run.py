"""Run an experiment: the games not yet in its results folder, on local processes or on Ray.

Both backends play the same chunks with the same function (:func:`~tycoon.sim.lab.play.play_chunk`)
and the rows are written sorted by cell and game, so an experiment gives the same rows on one
process, on many or on a Ray cluster. Finished games are written every few seconds; an
interrupted run keeps them, and running the same experiment into the same folder again plays
only the games that are missing.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tycoon.core.game import JSON
from tycoon.sim.lab.experiment import Experiment, ExperimentError
from tycoon.sim.lab.play import Chunk, chunks_for, play_chunk
from tycoon.sim.lab.store import ResultsFolder

FLUSH_SECONDS = 5.0
"""Finished games are written at least this often."""
FLUSH_ROWS = 2_000
"""... or whenever this many are waiting."""

Done = list[tuple[JSON, list[str] | None]]


@dataclass
class RunSummary:
    """What a run did."""

    total: int
    """Games in the experiment."""
    skipped: int
    """Games already in the folder, not played again."""
    played: int
    """Games played by this run."""
    seconds: float
    """Wall time of the games played."""
    backend: str
    """``"processes (N)"`` or ``"ray (ADDRESS)"``."""
    results: Path | None
    """The gathered ``games.parquet``, or ``None`` if the run was interrupted."""


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def run_experiment(
    experiment: Experiment,
    out: Path,
    *,
    workers: int | None = None,
    ray: str | None = None,
    chunk: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    limit: int | None = None,
) -> RunSummary:
    """Play every game of ``experiment`` not yet in ``out`` and gather the results.

    ``workers`` processes (default: every core), or the Ray cluster at ``ray`` (``"local"``
    starts one on this machine). ``progress(done, total)`` is called as games finish, counting
    those found already done. ``limit`` stops after that many new games (the run then ends as
    an interrupted one does). On ``KeyboardInterrupt`` the finished games are written before
    it is raised again.
    """
    folder = ResultsFolder(out, experiment)
    folder.open()
    done = folder.done()
    beyond = max((game + 1 for _, game in done), default=0)
    if beyond > experiment.games:
        raise ExperimentError(
            f"{out} already holds {beyond} games per cell; the experiment asks {experiment.games}. "
            "Ask at least as many, or use another --out folder"
        )
    todo: dict[int, list[int]] = {}
    for cell in experiment.cells:
        missing = [g for g in range(experiment.games) if (cell.index, g) not in done]
        if limit is not None:
            missing = missing[: max(0, limit - sum(len(v) for v in todo.values()))]
        if missing:
            todo[cell.index] = missing
    remaining = sum(len(v) for v in todo.values())
    total = experiment.total
    skipped = sum(1 for cell, game in done if cell < len(experiment.cells) and game < experiment.games)
    workers = workers or default_workers()
    size = chunk or _chunk_size(remaining, workers)
    chunks = chunks_for(experiment, todo, size)
    backend = f"ray ({ray})" if ray else f"processes ({workers})"
    count = skipped
    if progress is not None:
        progress(count, total)
    rows: list[JSON] = []
    records: list[list[str]] = []
    last = time.monotonic()
    start = time.perf_counter()

    def flush() -> None:
        nonlocal last
        folder.write_part(rows, records)
        rows.clear()
        records.clear()
        last = time.monotonic()

    finished = False
    restore = _stop_on_hangup()
    try:
        source = _ray_map(chunks, ray) if ray else _process_map(chunks, workers)
        for batch in source:
            for row, lines in batch:
                rows.append(row)
                if lines is not None:
                    records.append(lines)
            count += len(batch)
            if progress is not None:
                progress(count, total)
            if len(rows) >= FLUSH_ROWS or time.monotonic() - last >= FLUSH_SECONDS:
                flush()
        finished = True
    finally:
        flush()
        restore()
    seconds = time.perf_counter() - start
    complete = finished and count == total
    results = folder.gather() if complete else None
    return RunSummary(total, skipped, count - skipped, seconds, backend, results)


def _stop_on_hangup() -> Callable[[], None]:
    """Make a closed terminal (SIGHUP) or a polite kill (SIGTERM) stop the run as Ctrl-C does, so
    the finished games are written; returns what puts the old handlers back."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    old = {}
    for name in ("SIGHUP", "SIGTERM"):
        number = getattr(signal, name, None)
        if number is not None:
            old[number] = signal.signal(number, stop)

    def restore() -> None:
        for number, handler in old.items():
            signal.signal(number, handler)

    return restore


def _chunk_size(games: int, workers: int) -> int:
    # Small enough that every worker gets several chunks (an even finish, a live progress bar),
    # large enough that sending a chunk costs little beside playing it.
    return max(1, min(25, games // (workers * 8) or 1))


def _quiet_worker() -> None:
    # Ctrl-C is the parent's to handle: it writes what is done and stops the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _process_map(chunks: list[Chunk], workers: int) -> Iterator[Done]:
    if workers == 1:
        for c in chunks:
            yield play_chunk(c)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_quiet_worker)
    try:
        pending: set[Future[Done]] = {pool.submit(play_chunk, c) for c in chunks}
        while pending:
            ready, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                yield future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _ray_map(chunks: list[Chunk], address: str) -> Iterator[Done]:
    ray = ray_module()
    started = _ray_connect(ray, address)
    try:
        remote = ray.remote(play_chunk)
        pending = [remote.remote(c) for c in chunks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                try:
                    done = ray.get(ref)
                except ray.exceptions.RayError as e:
                    # A node without tycoon (or another version), or a game that failed there.
                    cause = getattr(e, "cause", None) or e
                    raise ExperimentError(
                        f"a game failed on the Ray cluster: {type(cause).__name__}: {cause}"
                    ) from None
                yield done
    finally:
        if started:
            ray.shutdown()


def ray_module() -> Any:
    try:
        import ray
    except ImportError:
        raise ExperimentError("--ray needs Ray: pip install 'tycoon[ray]'") from None
    return ray


def _ray_connect(ray: Any, address: str) -> bool:
    """Connect to the cluster at ``address`` (``"local"``: start one on this machine, bound to
    127.0.0.1); whether this call started the connection (and so ends it)."""
    if ray.is_initialized():
        return False
    # Without these Ray writes a token file and may listen beyond this machine.
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    kwargs: dict[str, Any] = {"log_to_driver": False, "logging_level": "error", "configure_logging": True}
    try:
        if address == "local":
            ray.init(
                address="local",
                include_dashboard=False,
                _node_ip_address="127.0.0.1",
                num_cpus=default_workers(),
                **kwargs,
            )
        else:
            ray.init(address=address, **kwargs)
    except (ConnectionError, RuntimeError, ValueError) as e:
        raise ExperimentError(f"cannot reach the Ray cluster at {address!r}: {e}") from None
    return True
