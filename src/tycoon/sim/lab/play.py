"""Play one game of a cell and turn it into a row; play a chunk of games, as a worker does.

A game is played by :func:`tycoon.core.driver.play` (the same seeding of chance and of every
agent, the same record), with a :mod:`~tycoon.sim.lab.probes` probe looking on.
Everything a worker receives pickles and names nothing of the parent process, so the same
chunk gives the same rows in this process, in a worker process or on a Ray node.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tycoon.agents.catalogue import make_agent
from tycoon.core.driver import play
from tycoon.core.game import JSON, Game
from tycoon.core.record import Record
from tycoon.core.registry import load
from tycoon.sim.lab.experiment import Cell, Experiment, game_seed
from tycoon.sim.lab.probes import probe_for

MAX_ACTIONS = 1_000_000
"""A game that has not ended after this many actions is a bug in the rules or an agent."""


@dataclass(frozen=True)
class Chunk:
    """Some games of one cell, sent to one worker."""

    experiment: str
    game_id: str
    cell: int
    variant: str
    lineup: str
    seats: tuple[str, ...]
    rotate: bool
    options: Mapping[str, Any]
    values: tuple[tuple[str, Any], ...]
    """Each variant axis and its value in the cell (paths as written for data files)."""
    seed: int | str
    """The experiment's seed."""
    games: tuple[int, ...]
    """The games' numbers in the cell."""
    keep_records: bool
    paired: bool


def chunks_for(experiment: Experiment, todo: Mapping[int, list[int]], size: int) -> list[Chunk]:
    """The games still to play (cell index → game numbers), cut into chunks of at most ``size``."""
    out = []
    for cell in experiment.cells:
        games = sorted(todo.get(cell.index, []))
        for start in range(0, len(games), size):
            out.append(chunk_of(experiment, cell, tuple(games[start : start + size])))
    return out


def chunk_of(experiment: Experiment, cell: Cell, games: tuple[int, ...]) -> Chunk:
    return Chunk(
        experiment=experiment.name,
        game_id=experiment.game,
        cell=cell.index,
        variant=cell.variant,
        lineup=cell.lineup.name,
        seats=cell.lineup.seats,
        rotate=cell.lineup.rotate,
        options=dict(cell.options),
        values=cell.values,
        seed=experiment.seed,
        games=games,
        keep_records=experiment.records,
        paired=experiment.paired,
    )


_GAMES: dict[str, Game] = {}
"""The games this process has set up, by their options (a board's text is parsed once)."""


def _game(game_id: str, options: Mapping[str, Any]) -> Game:
    key = json.dumps([game_id, options], sort_keys=True, default=str)
    game = _GAMES.get(key)
    if game is None:
        # The registry finds the game itself, in a worker too (tycoon.core.registry).
        if len(_GAMES) > 64:
            _GAMES.clear()
        game = _GAMES[key] = load(game_id, **dict(options))
    return game


def play_chunk(chunk: Chunk) -> list[tuple[JSON, list[str] | None]]:
    """Play every game of ``chunk``: each game's row, and its record's JSON lines if kept."""
    game = _game(chunk.game_id, chunk.options)
    out = []
    for number in chunk.games:
        row, record = play_row(game, chunk, number)
        out.append((row, list(record.lines()) if record is not None else None))
    return out


def play_row(game: Game, chunk: Chunk, number: int) -> tuple[JSON, Record | None]:
    """Play game ``number`` of the chunk's cell: its row, and its record if the chunk keeps them."""
    n = len(chunk.seats)
    shift = number % n if chunk.rotate else 0
    kinds = [chunk.seats[(s + shift) % n] for s in range(n)]
    seed = game_seed(chunk.seed, chunk.variant, chunk.lineup, number, chunk.paired)
    record, notes, actions = play_probed(game, kinds, seed, chunk.keep_records)
    assert record.result is not None
    result = record.result
    eliminated = [int(s) for s in result["eliminated"]]
    row: JSON = {
        "experiment": chunk.experiment,
        "cell": chunk.cell,
        "variant": chunk.variant,
        "lineup": chunk.lineup,
        "game": number,
        "seed": seed,
        "players": n,
        "kinds": kinds,
        "rotation": shift,
        "first_seat": notes.first_seat,
        "scores": [int(s) for s in result["scores"]],
        "winners": [int(s) for s in result["winners"]],
        "eliminated": eliminated,
        "eliminated_round": [notes.out_round.get(s) for s in eliminated],
        "rounds": notes.rounds,
        "actions": actions,
        "checkpoint": notes.checkpoint,
        "worth": notes.worth,
        "cash": notes.cash,
        "landings": notes.landings,
    }
    for name, value in chunk.values:
        row[f"var_{name}"] = list(value) if isinstance(value, tuple) else value
    return row, record if chunk.keep_records else None


def play_probed(game: Game, kinds: list[str], seed: str, keep_moves: bool = True) -> tuple[Record, Any, int]:
    """Play ``game`` with agents of ``kinds`` from ``seed`` as the driver does, a probe looking on:
    the record (its moves only if ``keep_moves``), the probe's notes and the number of actions."""
    agents = [make_agent(game.id, kind) for kind in kinds]
    state = game.new_state()
    probe = probe_for(game.id)
    probe.start(state)
    result = play(game, agents, seed, max_actions=MAX_ACTIONS, state=state, keep_moves=keep_moves, watch=probe.step)
    return result.record, probe.finish(result.state), result.actions
