"""Game records: JSON lines — a header, then every action applied, chance included.

A record is the save format, the regression fixture and the analysis input. ``replay``
rebuilds the exact final state from it without any seed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from tycoon.core.errors import IllegalAction, InvalidConfig, InvalidNotation, RecordError
from tycoon.core.game import JSON, Game, State
from tycoon.core.registry import load

FORMAT = "tycoon-record/1"


@dataclass
class Move:
    """One applied action: who took it (a seat or ``CHANCE``) and the action's JSON form."""

    seat: int
    action: JSON


@dataclass
class Record:
    """A whole game: its header, its moves and (once over) its result."""

    game: str
    rules_version: str
    config: JSON
    seats: list[JSON]
    seed: int | str | None = None
    moves: list[Move] = field(default_factory=list)
    result: JSON | None = None

    @classmethod
    def start(cls, game: Game, seats: list[JSON], seed: int | str | None) -> Record:
        return cls(game.id, game.rules_version, game.config(), seats, seed)

    def header(self) -> JSON:
        return {
            "type": "header",
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "config": self.config,
            "seats": self.seats,
            "seed": self.seed,
        }

    def lines(self) -> Iterator[str]:
        yield json.dumps(self.header(), sort_keys=True)
        for m in self.moves:
            yield json.dumps({"type": "move", "seat": m.seat, "action": m.action}, sort_keys=True)
        if self.result is not None:
            yield json.dumps({"type": "result", **self.result}, sort_keys=True)

    def dump(self, out: IO[str]) -> None:
        for line in self.lines():
            out.write(line + "\n")

    def save(self, path: str | Path) -> None:
        with open(path, "w", encoding="utf-8") as out:
            self.dump(out)


def parse_lines(lines: Iterable[str]) -> list[Record]:
    """Read one or more records from JSON lines (a file may hold many games)."""
    records: list[Record] = []
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            entry: Any = json.loads(raw)
        except json.JSONDecodeError as e:
            raise RecordError(f"line {number} is not JSON: {e.msg}") from None
        if not isinstance(entry, dict) or "type" not in entry:
            raise RecordError(f"line {number}: every line must be an object with a 'type'")
        kind = entry["type"]
        if kind == "header":
            if entry.get("format") != FORMAT:
                raise RecordError(f"line {number}: unknown record format {entry.get('format')!r}; expected {FORMAT!r}")
            try:
                records.append(
                    Record(entry["game"], entry["rules_version"], entry["config"], entry["seats"], entry.get("seed"))
                )
            except KeyError as e:
                raise RecordError(f"line {number}: the header lacks {e.args[0]!r}") from None
        elif not records:
            raise RecordError(f"line {number}: a record must start with a header line")
        elif kind == "move":
            if not isinstance(entry.get("seat"), int) or not isinstance(entry.get("action"), dict):
                raise RecordError(f"line {number}: a move needs an integer 'seat' and an 'action' object")
            records[-1].moves.append(Move(entry["seat"], entry["action"]))
        elif kind == "result":
            records[-1].result = {k: v for k, v in entry.items() if k != "type"}
        else:
            raise RecordError(f"line {number}: unknown line type {kind!r}")
    return records


def read(path: str | Path) -> list[Record]:
    """Read every record in a JSON-lines file."""
    with open(path, encoding="utf-8") as f:
        return parse_lines(f)


def replay(record: Record, upto: int | None = None) -> State:
    """Rebuild the state after the first ``upto`` moves (default: all) of ``record``."""
    try:
        game = load(record.game, **record.config)
    except (InvalidConfig, TypeError) as e:
        raise RecordError(f"the record's header cannot set up {record.game!r}: {e}") from None
    if game.rules_version != record.rules_version:
        raise RecordError(
            f"the record was made with {record.game} rules version {record.rules_version}; "
            f"this tycoon plays version {game.rules_version}"
        )
    state = game.new_state()
    for number, move in enumerate(record.moves[:upto], 1):
        try:
            state.apply(game.codec.from_json(move.action), move.seat)
        except (IllegalAction, InvalidNotation) as e:
            raise RecordError(f"move {number} ({move.action}) does not replay: {e}") from None
    return state
