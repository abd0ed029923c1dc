"""Game records: JSON lines — a header, then every action applied, chance included.

A record is the save format, the regression fixture and the analysis input. ``replay``
rebuilds the exact final state from it without any seed. :class:`RecordWriter` writes a record
as the game goes, a flushed line per move, so a game cut short loses nothing.

Reading never trusts the file: whatever is wrong with it (bytes that are not UTF-8, lines that
are not JSON or nest too deep, numbers too long to read, fields of the wrong type, moves that
do not replay) is a :class:`~tycoon.core.errors.RecordError` naming the line or the move.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, TypeGuard

from tycoon.core.actions import Action
from tycoon.core.errors import RecordError, TycoonError
from tycoon.core.game import JSON, Game, State
from tycoon.core.registry import load

FORMAT = "tycoon-record/1"

RESULT_LISTS = ("scores", "winners", "eliminated")
"""The fields of a result line that hold lists of whole numbers."""


class Move:
    """One applied action: who took it (a seat or ``CHANCE``) and the action's JSON form.

    Made with the action itself (as the driver makes it), a move writes the JSON form the first
    time it is read: a simulation keeps every move of thousands of games, and reads few of them
    (docs/decisions/0058-moves-keep-their-actions.md)."""

    __slots__ = ("_form", "seat")

    def __init__(self, seat: int, action: JSON | Action) -> None:
        self.seat = seat
        """Who took it: a seat, or ``CHANCE``."""
        self._form = action
        """The action, or its JSON form once read (or when the move was made with it)."""

    @property
    def action(self) -> JSON:
        """The action's JSON form (``{"kind": ..., field: value, ...}``), the same dict at every
        read."""
        form = self._form
        if isinstance(form, Action):
            data = self._form = form.to_json()
            return data
        return form

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.seat == other.seat and self.action == other.action

    __hash__ = None  # type: ignore[assignment]  # a move is compared by value, never hashed

    def __repr__(self) -> str:
        return f"Move(seat={self.seat!r}, action={self.action!r})"


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
            yield move_line(m)
        if self.result is not None:
            yield result_line(self.result)

    def dump(self, out: IO[str]) -> None:
        for line in self.lines():
            out.write(line + "\n")

    def save(self, path: str | Path) -> None:
        with open(path, "w", encoding="utf-8") as out:
            self.dump(out)


def move_line(move: Move) -> str:
    """The JSON line of one move."""
    return json.dumps({"type": "move", "seat": move.seat, "action": move.action}, sort_keys=True)


def result_line(result: JSON) -> str:
    """The JSON line of a game's result."""
    return json.dumps({"type": "result", **result}, sort_keys=True)


class RecordWriter:
    """Writes one record to a file while the game is played.

    The header (and any moves already in the record) is written when the writer opens, then a
    line per :meth:`move` and the result on :meth:`finish`, each flushed at once: a crash or a
    closed terminal leaves a record that replays up to the last move. The file is opened when
    the writer is made, so a path that cannot be written fails before the game starts.
    """

    def __init__(self, path: str | Path, record: Record) -> None:
        self.path = Path(path)
        """Where the record goes."""
        self.record = record
        """The record written; :meth:`move` and :meth:`finish` add to it as well."""
        self._out: IO[str] | None = open(self.path, "w", encoding="utf-8")  # noqa: SIM115 (closed in close())
        self._write(json.dumps(record.header(), sort_keys=True))
        for m in record.moves:
            self._write(move_line(m))
        if record.result is not None:
            self._write(result_line(record.result))

    def move(self, move: Move) -> None:
        """Add ``move`` to the record and to the file."""
        self.record.moves.append(move)
        self._write(move_line(move))

    def finish(self, result: JSON) -> None:
        """Write the game's result and close the file."""
        self.record.result = result
        self._write(result_line(result))
        self.close()

    def close(self) -> None:
        """Close the file (what was written stays); further moves are kept in memory only."""
        if self._out is not None:
            self._out.close()
            self._out = None

    def _write(self, line: str) -> None:
        if self._out is None:
            return
        self._out.write(line + "\n")
        self._out.flush()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def parse_lines(lines: Iterable[str]) -> list[Record]:
    """Read one or more records from JSON lines (a file may hold many games).

    Anything malformed is a :class:`RecordError` naming the line.
    """
    records: list[Record] = []
    finished = False
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        entry = _entry(number, raw)
        kind = entry["type"]
        if kind == "header":
            records.append(_header(number, entry))
            finished = False
        elif not records:
            raise RecordError(f"line {number}: a record must start with a header line")
        elif finished:
            raise RecordError(
                f"line {number}: a {kind!r} line comes after the game's result; a new game needs a header"
            )
        elif kind == "move":
            seat, action = entry.get("seat"), entry.get("action")
            if not _is_int(seat) or not isinstance(action, dict):
                raise RecordError(f"line {number}: a move needs an integer 'seat' and an 'action' object")
            records[-1].moves.append(Move(seat, action))
        elif kind == "result":
            records[-1].result = _result(number, entry)
            finished = True
        else:
            raise RecordError(f"line {number}: unknown line type {kind!r}")
    return records


def _entry(number: int, raw: str) -> dict[str, Any]:
    """One line read as a JSON object with a ``type``."""
    try:
        entry: Any = json.loads(raw, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise RecordError(f"line {number} is not JSON: {e.msg} (column {e.colno})") from None
    except RecursionError:
        raise RecordError(f"line {number} nests its JSON too deep to read") from None
    except ValueError as e:  # a number too long to read, or NaN and Infinity
        if "digits" in str(e):
            raise RecordError(f"line {number} holds a number too long to read (over 4,300 digits)") from None
        raise RecordError(f"line {number} is not a record line: {_cut(str(e), 80)}") from None
    if not isinstance(entry, dict) or "type" not in entry:
        raise RecordError(f"line {number}: every line must be an object with a 'type'")
    if not isinstance(entry["type"], str):
        raise RecordError(f"line {number}: 'type' must be a word (header, move or result), not {_short(entry['type'])}")
    return entry


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a record may hold")


def _header(number: int, entry: dict[str, Any]) -> Record:
    if entry.get("format") != FORMAT:
        raise RecordError(f"line {number}: unknown record format {_short(entry.get('format'))}; expected {FORMAT!r}")
    for key in ("game", "rules_version", "config", "seats"):
        if key not in entry:
            raise RecordError(f"line {number}: the header lacks {key!r}")
    game, version, config, seats, seed = (
        entry["game"],
        entry["rules_version"],
        entry["config"],
        entry["seats"],
        entry.get("seed"),
    )
    if not isinstance(game, str) or not game:
        raise RecordError(
            f"line {number}: the header's 'game' must be a game id such as 'playboss', not {_short(game)}"
        )
    if not isinstance(version, str):
        raise RecordError(f"line {number}: the header's 'rules_version' must be text, not {_short(version)}")
    if not isinstance(config, dict):
        raise RecordError(f"line {number}: the header's 'config' must be an object of options, not {_short(config)}")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise RecordError(f"line {number}: the header's 'seats' must be a list of objects, not {_short(seats)}")
    if seed is not None and not _is_int(seed) and not isinstance(seed, str):
        raise RecordError(f"line {number}: the header's 'seed' must be a whole number or text, not {_short(seed)}")
    return Record(game, version, config, seats, seed)


def _result(number: int, entry: dict[str, Any]) -> JSON:
    result = {k: v for k, v in entry.items() if k != "type"}
    for key in RESULT_LISTS:
        if key in result and not (isinstance(result[key], list) and all(_is_int(v) for v in result[key])):
            raise RecordError(f"line {number}: the result's {key!r} must be a list of whole numbers")
    if "actions" in result and not _is_int(result["actions"]):
        raise RecordError(f"line {number}: the result's 'actions' must be a whole number")
    return result


def read(path: str | Path) -> list[Record]:
    """Read every record in a JSON-lines file.

    A file that cannot be opened raises ``OSError``; anything wrong inside it, bytes that are
    not UTF-8 included, is a :class:`RecordError`.
    """
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise RecordError(
            f"{path}: line {line} is not UTF-8 text (byte {e.start + 1}); is this a game record?"
        ) from None
    return parse_lines(text.split("\n"))


def replay(record: Record, upto: int | None = None) -> State:
    """Rebuild the state after the first ``upto`` moves (default: all) of ``record``.

    A header that cannot set the game up, another rules version, or a move that does not read
    or apply is a :class:`RecordError` saying which.
    """
    game = game_of(record)
    state = game.new_state()
    for number, move in enumerate(record.moves[:upto], 1):
        apply_move(game, state, number, move)
    return state


def game_of(record: Record) -> Game:
    """The game ``record`` was played in, set up from its header."""
    if not isinstance(record.config, dict):
        raise RecordError(f"the record's config must be an object of options, not {_short(record.config)}")
    try:
        game = load(record.game, **record.config)
    except TycoonError as e:
        raise RecordError(f"the record's header cannot set up {_short(record.game)}: {e}") from None
    except Exception as e:  # a game's constructor refusing a value its spec let through
        raise RecordError(f"the record's header cannot set up {_short(record.game)}: {_reason(e)}") from None
    if game.rules_version != record.rules_version:
        raise RecordError(
            f"the record was made with {record.game} rules version {_cut(str(record.rules_version), 40)}; "
            f"this tycoon plays version {game.rules_version}"
        )
    return game


def apply_move(game: Game, state: State, number: int, move: Move) -> None:
    """Read move ``number`` (from 1) and apply it to ``state``; :class:`RecordError` if it
    does not read or the rules refuse it."""
    try:
        state.apply(game.codec.from_json(move.action), move.seat)
    except TycoonError as e:
        raise RecordError(f"move {number} ({_short(move.action)}) does not replay: {e}") from None
    except Exception as e:  # a value no rule expected (a huge seat, a card that does not exist)
        raise RecordError(f"move {number} ({_short(move.action)}) does not replay: {_reason(e)}") from None


def _reason(error: Exception) -> str:
    return _cut(f"{type(error).__name__}: {error}", 200)


def _short(value: object) -> str:
    """``value`` as a message shows it: its ``repr``, cut short."""
    return _cut(repr(value), 80)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
