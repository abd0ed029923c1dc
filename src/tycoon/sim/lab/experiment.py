"""An experiment file: the game, a grid of variants, the seat line-ups, games per cell, the seed.

An experiment is a TOML file (``docs/lab.md`` explains the format with the examples in
``examples/experiments/``). Its cells are every combination of one value per variant axis with
one line-up; the first value of every axis is the base. Game ``i`` of a cell is played with the
seed ``"{seed}:{variant}:{lineup}:{i}"``, so any game can be played again on its own and a cell's
games do not change when other cells are added or taken away. A *paired* experiment seeds game
``i`` of every variant alike (``"{seed}:paired:{lineup}:{i}"``): the variants then meet the same
dice and cards as far as their games run alike, which sharpens a comparison of boards.

Standard library only: an experiment is read and checked before anything heavy is imported.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tycoon.agents.catalogue import UnknownAgent, make_agent
from tycoon.core.errors import InvalidConfig, TycoonError
from tycoon.core.registry import load, spec

BASE = "base"
"""The value of a data-file axis that keeps the game's own file; the name of the base variant."""

TOP_LEVEL = ("name", "game", "seed", "games", "records", "paired", "options", "variants", "files", "lineups", "about")
"""The keys an experiment file may hold at its top level."""


class ExperimentError(TycoonError, ValueError):
    """An experiment file that cannot be run; the message says what is wrong and what would do."""


@dataclass(frozen=True)
class Axis:
    """One dimension of the grid: a game option, or a data file a variant replaces."""

    name: str
    """The game option (``steps``, ``board``)."""
    values: tuple[Any, ...]
    """The values tried, the base first. For a data file: paths as written, or ``"base"``."""
    file: bool
    """Whether the values are data files (read and given to the game as their text)."""

    def label(self, value: Any) -> str:
        """``value`` as a cell's name shows it: ``4``, ``1,2,4``, ``none``, ``yes``, a path."""
        return value_label(value)


@dataclass(frozen=True)
class Lineup:
    """Who plays: an agent kind per seat, and whether the seats rotate from game to game."""

    name: str
    """The line-up's name in tables and seeds."""
    seats: tuple[str, ...]
    """The agent kind of each seat (``bot``, ``random``, ``bot+random``)."""
    rotate: bool
    """Rotate the kinds round the table: game ``i`` seats ``seats[(s + i) % n]`` at seat ``s``, so
    every kind plays every seat equally often."""

    def kinds(self, game: int) -> tuple[tuple[str, ...], int]:
        """The kind at each seat in game ``game`` of a cell, and the rotation used."""
        n = len(self.seats)
        shift = game % n if self.rotate else 0
        return tuple(self.seats[(s + shift) % n] for s in range(n)), shift


@dataclass(frozen=True)
class Cell:
    """One combination of variant values and one line-up; ``games`` games are played in it."""

    index: int
    """The cell's number in the experiment, from 0 (variants outer, line-ups inner)."""
    variant: str
    """The variant's name: ``base``, or the axes that differ from the base (``steps=4``)."""
    values: tuple[tuple[str, Any], ...]
    """Each axis with its value in this cell (paths as written for data files)."""
    lineup: Lineup
    options: Mapping[str, Any]
    """Everything given to the game: the fixed options, the axes' values, data files as text
    (``players`` included)."""

    @property
    def is_base(self) -> bool:
        return self.variant == BASE

    def seed(self, experiment_seed: int | str, game: int, paired: bool = False) -> str:
        """The seed of game ``game`` of this cell."""
        return game_seed(experiment_seed, self.variant, self.lineup.name, game, paired)


def game_seed(seed: int | str, variant: str, lineup: str, game: int, paired: bool = False) -> str:
    """The seed of game ``game`` of the cell of ``variant`` and ``lineup``."""
    return f"{seed}:{'paired' if paired else variant}:{lineup}:{game}"


@dataclass(frozen=True)
class Experiment:
    """A whole experiment, read and checked."""

    name: str
    game: str
    seed: int | str
    games: int
    """Games per cell."""
    records: bool
    """Keep every game's record (JSON lines) beside the results."""
    paired: bool
    """Seed game ``i`` of every variant alike (see the module's docstring)."""
    options: Mapping[str, Any]
    """The options every cell shares (data files as text)."""
    axes: tuple[Axis, ...]
    lineups: tuple[Lineup, ...]
    cells: tuple[Cell, ...]
    about: str = ""
    """A sentence on the question the experiment asks, for the report."""
    source: Path | None = None
    """The file the experiment was read from."""
    files: Mapping[str, str] = field(default_factory=dict)
    """The data files every cell shares: option → path as written."""
    texts: Mapping[str, str] = field(default_factory=dict)
    """Each data file used (path as written) → its text."""

    @property
    def total(self) -> int:
        return self.games * len(self.cells)

    def identity(self) -> str:
        """A digest of everything that decides the games except how many a cell has: two runs
        with the same identity give the same row for the same cell and game."""
        plan = {
            "game": self.game,
            "seed": self.seed,
            "paired": self.paired,
            "cells": [
                {
                    "variant": c.variant,
                    "lineup": [c.lineup.name, list(c.lineup.seats), c.lineup.rotate],
                    "options": c.options,
                }
                for c in self.cells
            ],
        }
        return hashlib.sha256(json.dumps(plan, sort_keys=True, default=str).encode()).hexdigest()[:16]

    def to_json(self) -> dict[str, Any]:
        """The experiment as it was asked for (data files by path), for the results folder."""
        return {
            "name": self.name,
            "game": self.game,
            "seed": self.seed,
            "games": self.games,
            "records": self.records,
            "paired": self.paired,
            "about": self.about,
            "options": {k: v for k, v in self.options.items() if k not in self.files},
            "files": dict(self.files),
            "axes": [{"name": a.name, "values": list(a.values), "file": a.file} for a in self.axes],
            "lineups": [{"name": lu.name, "seats": list(lu.seats), "rotate": lu.rotate} for lu in self.lineups],
            "cells": [
                {"index": c.index, "variant": c.variant, "lineup": c.lineup.name, "values": dict(c.values)}
                for c in self.cells
            ],
            "identity": self.identity(),
        }


def value_label(value: Any) -> str:
    """How a variant value reads in a cell's name."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value)) if value else "none"
    return str(value)


def read_experiment(path: str | Path) -> Experiment:
    """Read and check the experiment file at ``path``; data files are found beside it."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ExperimentError(f"{path} is not a text file; an experiment is a TOML file") from None
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ExperimentError(f"{path}: not TOML: {e}") from None
    return experiment_from(table, base_dir=path.parent, name=path.stem, source=path)


def experiment_from(
    table: Mapping[str, Any], base_dir: Path = Path("."), name: str = "experiment", source: Path | None = None
) -> Experiment:
    """An experiment from its TOML table (``read_experiment`` without the file)."""
    unknown = sorted(set(table) - set(TOP_LEVEL))
    if unknown:
        raise ExperimentError(f"unknown key {unknown[0]!r} in the experiment; it may hold: {', '.join(TOP_LEVEL)}")
    game_id = _need(table, "game", str, 'the game\'s id, e.g. game = "playboss"')
    game_spec = spec(game_id)
    name = str(table.get("name", name))
    seed = table.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ExperimentError(f"seed must be a whole number or a word, not {seed!r}")
    games = table.get("games", 100)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ExperimentError(f"games (per cell) must be a whole number of at least 1, not {games!r}")
    records = table.get("records", False)
    if not isinstance(records, bool):
        raise ExperimentError(f"records must be true or false, not {records!r}")
    paired = table.get("paired", False)
    if not isinstance(paired, bool):
        raise ExperimentError(f"paired must be true or false, not {paired!r}")
    about = table.get("about", "")
    if not isinstance(about, str):
        raise ExperimentError(f"about must be text, not {about!r}")

    options = dict(_table(table, "options"))
    if "players" in options:
        raise ExperimentError("leave 'players' out of [options]: each line-up's seats give the number of players")
    texts: dict[str, str] = {}
    files: dict[str, str] = {}
    axes: list[Axis] = []
    for key, value in _table(table, "variants").items():
        values = _axis_values("variants", key, value)
        axes.append(Axis(key, values, file=False))
    for key, value in _table(table, "files").items():
        if isinstance(value, str):
            files[key] = value
            continue
        values = _axis_values("files", key, value)
        if not all(isinstance(v, str) for v in values):
            raise ExperimentError(f'[files] {key}: each value is a file\'s path or "base", not {values!r}')
        axes.append(Axis(key, values, file=True))
    names = [a.name for a in axes]
    for option in [*options, *files, *names]:
        if game_spec.option(option) is None:
            raise ExperimentError(f"{game_spec.title} has no option {option!r}; {game_spec.option_list()}")
    repeated = sorted({n for n in [*options, *files, *names] if [*options, *files, *names].count(n) > 1})
    if repeated:
        raise ExperimentError(f"the option {repeated[0]!r} is given more than once ([options], [variants], [files])")
    for key, value in files.items():
        options[key] = _read_file(base_dir, key, value, texts)
    for axis in axes:
        if axis.file:
            for value in axis.values:
                if value != BASE:
                    _read_file(base_dir, axis.name, value, texts)

    lineups = _lineups(table, game_id)
    cells: list[Cell] = []
    combos = list(itertools.product(*(a.values for a in axes)))
    for combo in combos:
        values = tuple((a.name, v) for a, v in zip(axes, combo, strict=True))
        changed = [f"{a.name}={a.label(v)}" for a, v in zip(axes, combo, strict=True) if v != a.values[0]]
        variant = ", ".join(changed) or BASE
        for lineup in lineups:
            cell_options: dict[str, Any] = {"players": len(lineup.seats), **options}
            for axis, value in zip(axes, combo, strict=True):
                if axis.file:
                    if value != BASE:
                        cell_options[axis.name] = texts[value]
                else:
                    cell_options[axis.name] = value
            _check_game(game_id, cell_options, variant, lineup)
            cells.append(Cell(len(cells), variant, values, lineup, cell_options))
    return Experiment(
        name=name,
        game=game_id,
        seed=seed,
        games=games,
        records=records,
        paired=paired,
        options=options,
        axes=tuple(axes),
        lineups=tuple(lineups),
        cells=tuple(cells),
        about=about,
        source=source,
        files=files,
        texts=texts,
    )


def _need(table: Mapping[str, Any], key: str, kind: type, example: str) -> Any:
    if key not in table:
        raise ExperimentError(f"the experiment needs {key!r}: {example}")
    value = table[key]
    if not isinstance(value, kind):
        raise ExperimentError(f"{key!r} must be {example}, not {value!r}")
    return value


def _table(table: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = table.get(key, {})
    if not isinstance(value, Mapping):
        raise ExperimentError(f"[{key}] must be a table of option = value lines, not {value!r}")
    return value


def _axis_values(section: str, key: str, value: Any) -> tuple[Any, ...]:
    if not isinstance(value, list) or not value:
        raise ExperimentError(
            f"[{section}] {key}: a variant axis is a list of the values to try, the base first, "
            f"e.g. {key} = [{_example(section)}]; not {value!r}"
        )
    seen: list[Any] = []
    for v in value:
        if v in seen:
            raise ExperimentError(f"[{section}] {key}: the value {value_label(v)!r} is listed twice")
        seen.append(v)
    return tuple(tuple(v) if isinstance(v, list) else v for v in value)


def _example(section: str) -> str:
    return '"base", "my-board.toml"' if section == "files" else "[], [4]"


def _read_file(base_dir: Path, option: str, value: str, texts: dict[str, str]) -> str:
    if value not in texts:
        path = base_dir / value
        try:
            texts[value] = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ExperimentError(
                f"[files] {option}: no file {value!r} (paths are read from the experiment file's folder)"
            ) from None
        except (OSError, UnicodeDecodeError) as e:
            raise ExperimentError(f"[files] {option}: cannot read {value!r}: {e}") from None
    return texts[value]


def _lineups(table: Mapping[str, Any], game_id: str) -> list[Lineup]:
    found = table.get("lineups")
    if not isinstance(found, list) or not found or not all(isinstance(t, Mapping) for t in found):
        raise ExperimentError(
            'the experiment needs at least one line-up: [[lineups]] with seats = ["bot", "bot", "random"]'
        )
    lineups: list[Lineup] = []
    for number, entry in enumerate(found, 1):
        extra = sorted(set(entry) - {"name", "seats", "rotate"})
        if extra:
            raise ExperimentError(f"line-up {number}: unknown key {extra[0]!r}; a line-up has name, seats and rotate")
        seats = entry.get("seats")
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) and s for s in seats):
            raise ExperimentError(f'line-up {number}: seats is a list of agent kinds, e.g. ["bot", "random"]')
        rotate = entry.get("rotate", False)
        if not isinstance(rotate, bool):
            raise ExperimentError(f"line-up {number}: rotate must be true or false, not {rotate!r}")
        default = "-".join(seats) + ("-rotated" if rotate else "")
        lineup_name = entry.get("name", default)
        if not isinstance(lineup_name, str) or not lineup_name or ":" in lineup_name:
            raise ExperimentError(f"line-up {number}: name must be a word without ':', not {lineup_name!r}")
        if any(lu.name == lineup_name for lu in lineups):
            raise ExperimentError(f"two line-ups are named {lineup_name!r}; give each its own name")
        for kind in seats:
            try:
                make_agent(game_id, kind)
            except UnknownAgent as e:
                raise ExperimentError(f"line-up {lineup_name!r}: {e}") from None
        lineups.append(Lineup(lineup_name, tuple(seats), rotate))
    return lineups


def _check_game(game_id: str, options: Mapping[str, Any], variant: str, lineup: Lineup) -> None:
    """Set the cell's game up once here, so a bad combination fails before any game is played."""
    try:
        load(game_id, **dict(options))
    except InvalidConfig as e:
        raise ExperimentError(f"cell {variant} with line-up {lineup.name!r}: {e}") from None
