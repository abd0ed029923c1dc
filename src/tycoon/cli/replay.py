"""``tycoon replay``: retell a recorded game move by move, with the rules' narration."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from tycoon.cli import hooks
from tycoon.cli.narrate import Narrator
from tycoon.cli.render import renderer_for
from tycoon.core.errors import IllegalAction, InvalidNotation, RecordError
from tycoon.core.record import Record, read
from tycoon.core.registry import load


def pick_record(path: Path, index: int) -> Record:
    """Game ``index`` (from 0) of the record file at ``path``."""
    records = read(path)
    if not records:
        raise RecordError(f"{path} holds no game record")
    if not 0 <= index < len(records):
        raise RecordError(
            f"{path} holds {len(records)} game(s); --game-index must be 0 to {len(records) - 1}, not {index}"
        )
    return records[index]


def retell(console: Console, record: Record) -> None:
    """Replay ``record`` from the start, printing each move, its narration and the result."""
    game = load(record.game, **record.config)
    if game.rules_version != record.rules_version:
        raise RecordError(
            f"the record was made with {record.game} rules version {record.rules_version}; "
            f"this tycoon plays version {game.rules_version}"
        )
    names = [str(s.get("name", f"seat {i + 1}")) for i, s in enumerate(record.seats)]
    state = game.new_state()
    narrator = Narrator(console, state, names)
    options = ", ".join(f"{k}={v}" for k, v in record.config.items())
    console.print(Text(f"{record.game} ({options}) — seed {record.seed} — {', '.join(names)}", style="bold"))
    narrator.news()
    for number, move in enumerate(record.moves, 1):
        try:
            action = game.codec.from_json(move.action)
            state.apply(action, move.seat)
        except (IllegalAction, InvalidNotation) as e:
            raise RecordError(f"move {number} ({move.action}) does not replay: {e}") from None
        narrator.move(move.seat, action, number)
    renderer = renderer_for(record.game)
    if not state.is_terminal():
        console.print(
            Text(
                f"The record stops after {len(record.moves)} moves, before the game is over.",
                style="yellow",
            ),
            soft_wrap=True,
        )
        console.print(renderer.view(state.view(None), names, None))
        return
    outcome = state.outcome()
    console.print(renderer.outcome(outcome.scores, outcome.winners, outcome.eliminated, names))
    if record.result is not None and list(record.result.get("scores", outcome.scores)) != list(outcome.scores):
        console.print(
            Text(
                f"Note: the record's stored result {record.result.get('scores')} differs from "
                f"the replayed scores {list(outcome.scores)}.",
                style="yellow",
            ),
            soft_wrap=True,
        )
    sheets = hooks.report(record.game, state)
    if sheets:
        console.print(renderer.balance_sheets(sheets, names))
